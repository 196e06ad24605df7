//! Typed views of the graph dialect's property and worklist operations:
//! their operands by name.

use crate::op as graph;

strata_ir::op_view! {
    /// `graph.load %target[%index]`.
    pub struct Load for graph::LOAD {
        /// The property or scalar read.
        target: 0,
    }
    /// The element index, where the target is a property (none for a scalar).
    rest index from 1
}

strata_ir::op_view! {
    /// `graph.store %value, %target[%index]`.
    pub struct Store for graph::STORE {
        /// The value written.
        value: 0,
        /// The property or scalar written.
        target: 1,
    }
    /// The element index, where the target is a property (none for a scalar).
    rest index from 2
}

strata_ir::op_view! {
    /// `graph.reduce kind %value, %target[%index]`.
    pub struct Reduce for graph::REDUCE {
        /// The value combined in.
        value: 0,
        /// The property or scalar combined into.
        target: 1,
    }
    /// The element index, where the target is a property (none for a scalar).
    rest index from 2
}

strata_ir::op_view! {
    /// `graph.reduce_arg kind %key, %payload, %keys, %payloads[%index]`.
    pub struct ReduceArg for graph::REDUCE_ARG {
        /// The candidate key.
        key: 0,
        /// The candidate's payload.
        payload: 1,
        /// The property or scalar of keys.
        keys: 2,
        /// The property or scalar of payloads.
        payloads: 3,
    }
    /// The element index, where the targets are properties (none for scalars).
    rest index from 4
}

strata_ir::op_view! {
    /// `graph.push %item, %worklist`.
    pub struct Push for graph::PUSH {
        /// The node, edge or number pushed.
        item: 0,
        /// The worklist pushed to.
        worklist: 1,
    }
}
