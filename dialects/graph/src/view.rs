//! The declarations of the graph dialect's operations with fixed operands:
//! operands, results and properties with their constraints (checked by the
//! verifier), and the typed views that read them.

use crate::foreach::Space;
use crate::op as graph;
use strata_ir::signature::TypeConstraint;

/// `!graph.graph`.
pub const GRAPH: TypeConstraint = TypeConstraint::Dialect("graph", "graph");
/// `!graph.node`.
pub const NODE: TypeConstraint = TypeConstraint::Dialect("graph", "node");
/// `!graph.edge`.
pub const EDGE: TypeConstraint = TypeConstraint::Dialect("graph", "edge");
/// `!graph.uf`.
pub const UF: TypeConstraint = TypeConstraint::Dialect("graph", "uf");
/// `!graph.worklist<T>`.
pub const WORKLIST: TypeConstraint = TypeConstraint::Dialect("graph", "worklist");
/// A property or a scalar: `!graph.nprop<T>`, `!graph.eprop<T>`, `!graph.scalar<T>`.
pub const CONTAINER: TypeConstraint = TypeConstraint::OneOf(&[
    TypeConstraint::Dialect("graph", "nprop"),
    TypeConstraint::Dialect("graph", "eprop"),
    TypeConstraint::Dialect("graph", "scalar"),
]);
/// The index of a property's element: a node or an edge.
pub const ELEMENT_INDEX: TypeConstraint = TypeConstraint::OneOf(&[NODE, EDGE]);

strata_ir::prop_enum! {
    /// The operator of a `graph.reduce`.
    pub enum ReduceKind {
        /// Sum.
        Add = "add",
        /// Product.
        Mul = "mul",
        /// Minimum (signed; nodes and edges by number).
        Min = "min",
        /// Maximum.
        Max = "max",
        /// Bitwise and.
        And = "and",
        /// Bitwise or.
        Or = "or",
    }
}

strata_ir::prop_enum! {
    /// The operator of a `graph.reduce_arg`.
    pub enum ArgKind {
        /// Keep the smallest key.
        Min = "min",
        /// Keep the largest key.
        Max = "max",
    }
}

strata_ir::op_view! {
    /// `graph.foreach %x in space(%operands) { .. }`, with an optional
    /// filter (`where { .. } do`); `sched.foreach` has the same structure.
    pub struct Foreach for graph::FOREACH {
        operands {}
        variadic {
            /// What the space ranges over: the graph (and the node whose
            /// edges or neighbours it walks), the worklist, or the bounds of
            /// the range. Their types depend on the space.
            space_operands: Any,
        }
        results {}
        properties {
            /// The iteration space.
            space: Space,
        }
    }
}

strata_ir::op_view! {
    /// `graph.load %target[%index]`.
    pub struct Load for graph::LOAD {
        operands {
            /// The property or scalar read.
            target: CONTAINER,
        }
        optional {
            /// The element index, where the target is a property.
            index: ELEMENT_INDEX,
        }
        results {
            /// The element.
            value: Any,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `graph.store %value, %target[%index]`.
    pub struct Store for graph::STORE {
        operands {
            /// The value written.
            value: Any,
            /// The property or scalar written.
            target: CONTAINER,
        }
        optional {
            /// The element index, where the target is a property.
            index: ELEMENT_INDEX,
        }
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `%old = graph.fetch_add %value, %target[%index]`.
    pub struct FetchAdd for graph::FETCH_ADD {
        operands {
            /// The value added.
            value: Any,
            /// The property or scalar added to.
            target: CONTAINER,
        }
        optional {
            /// The element index, where the target is a property.
            index: ELEMENT_INDEX,
        }
        results {
            /// The element before the addition.
            old: Any,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `graph.reduce kind %value, %target[%index]`.
    pub struct Reduce for graph::REDUCE {
        operands {
            /// The value combined in.
            value: Any,
            /// The property or scalar combined into.
            target: CONTAINER,
        }
        optional {
            /// The element index, where the target is a property.
            index: ELEMENT_INDEX,
        }
        results {}
        optional_result {
            /// Whether the target changed.
            changed: Int(1),
        }
        properties {
            /// The operator.
            kind: ReduceKind,
        }
    }
}

strata_ir::op_view! {
    /// `graph.reduce_arg kind %key, %payload, %keys, %payloads[%index]`.
    pub struct ReduceArg for graph::REDUCE_ARG {
        operands {
            /// The candidate key.
            key: Any,
            /// The candidate's payload.
            payload: Any,
            /// The property or scalar of keys.
            keys: CONTAINER,
            /// The property or scalar of payloads.
            payloads: CONTAINER,
        }
        optional {
            /// The element index, where the targets are properties.
            index: ELEMENT_INDEX,
        }
        results {}
        optional_result {
            /// Whether the key target changed.
            changed: Int(1),
        }
        properties {
            /// Which key wins.
            kind: ArgKind,
        }
    }
}

strata_ir::op_view! {
    /// `graph.push %item, %worklist`.
    pub struct Push for graph::PUSH {
        operands {
            /// The node, edge or number pushed.
            item: Any,
            /// The worklist pushed to.
            worklist: WORKLIST,
        }
        results {}
        properties {}
    }
}

/// Declares the views of operations that take fixed operands and give one
/// result.
macro_rules! accessors {
    ($($(#[$m:meta])* $view:ident for $($name:path)|+ { $($(#[$om:meta])* $o:ident: $oc:expr),* } -> $r:ident: $rc:expr;)*) => {
        $(strata_ir::op_view! {
            $(#[$m])*
            pub struct $view for $($name)|+ {
                operands { $($(#[$om])* $o: $oc),* }
                results {
                    /// The answer.
                    $r: $rc,
                }
                properties {}
            }
        })*
    };
}

accessors! {
    /// `graph.num_nodes %g`.
    NumNodes for graph::NUM_NODES {
        /// The graph.
        graph: GRAPH
    } -> count: Index;
    /// `graph.num_edges %g`.
    NumEdges for graph::NUM_EDGES {
        /// The graph.
        graph: GRAPH
    } -> count: Index;
    /// `graph.is_symmetric %g`.
    IsSymmetric for graph::IS_SYMMETRIC {
        /// The graph.
        graph: GRAPH
    } -> symmetric: Int(1);
    /// `graph.out_degree %g, %v` and `graph.in_degree %g, %v`.
    Degree for graph::OUT_DEGREE | graph::IN_DEGREE {
        /// The graph.
        graph: GRAPH,
        /// The node.
        node: NODE
    } -> degree: Index;
    /// `graph.src %g, %e` and `graph.dst %g, %e`.
    Endpoint for graph::SRC | graph::DST {
        /// The graph.
        graph: GRAPH,
        /// The edge.
        edge: EDGE
    } -> node: NODE;
    /// `graph.weight %g, %e`.
    Weight for graph::WEIGHT {
        /// The graph.
        graph: GRAPH,
        /// The edge.
        edge: EDGE
    } -> weight: Int(64);
    /// `graph.out_edge %g, %v, %i` and `graph.in_edge %g, %v, %i`.
    NthEdge for graph::OUT_EDGE | graph::IN_EDGE {
        /// The graph.
        graph: GRAPH,
        /// The node.
        node: NODE,
        /// The position among the node's out-edges.
        position: Index
    } -> edge: EDGE;
    /// `graph.has_edge %g, %u, %v`.
    HasEdge for graph::HAS_EDGE {
        /// The graph.
        graph: GRAPH,
        /// The source.
        from: NODE,
        /// The destination.
        to: NODE
    } -> exists: Int(1);
    /// `graph.node_id %v`.
    NodeId for graph::NODE_ID {
        /// The node.
        node: NODE
    } -> id: Index;
    /// `graph.edge_id %e`.
    EdgeId for graph::EDGE_ID {
        /// The edge.
        edge: EDGE
    } -> id: Index;
    /// `graph.node %g, %i`.
    NodeOf for graph::NODE {
        /// The graph.
        graph: GRAPH,
        /// The number.
        id: Index
    } -> node: NODE;
    /// `graph.edge %g, %i`.
    EdgeOf for graph::EDGE {
        /// The graph.
        graph: GRAPH,
        /// The number.
        id: Index
    } -> edge: EDGE;
    /// `graph.new_uf %g`.
    NewUf for graph::NEW_UF {
        /// The graph.
        graph: GRAPH
    } -> set: UF;
    /// `graph.uf_find %s, %v`.
    UfFind for graph::UF_FIND {
        /// The set.
        set: UF,
        /// The node.
        node: NODE
    } -> root: NODE;
    /// `graph.uf_union %s, %u, %v`.
    UfUnion for graph::UF_UNION {
        /// The set.
        set: UF,
        /// The first node.
        first: NODE,
        /// The second node.
        second: NODE
    } -> merged: Int(1);
}

strata_ir::prop_enum! {
    /// How `graph.count_common` intersects two sorted neighbour lists.
    pub enum Intersect {
        /// Both lists walked side by side: time in the sum of their lengths.
        Merge = "merge",
        /// Each neighbour of the shorter list searched for in the longer, by
        /// doubling steps from the last match, then halving: time in the
        /// shorter length times the logarithm of the longer.
        Gallop = "gallop",
        /// `gallop` when one list is more than 16 times the other's length,
        /// `merge` otherwise.
        Auto = "auto",
        /// The first node's list marked in a flag per node of the thread's
        /// own, kept from call to call while the first node stays the same;
        /// the second's list probed: time in the second's length (plus both
        /// lists' when the first node changes). Compiled code needs the count
        /// in a loop of the same function.
        Bitmap = "bitmap",
    }
}

strata_ir::op_view! {
    /// `graph.count_common %g, %u, %v, %below {intersect = "merge"}`.
    pub struct CountCommon for graph::COUNT_COMMON {
        operands {
            /// The graph.
            graph: GRAPH,
            /// The first node.
            first: NODE,
            /// The second node.
            second: NODE,
            /// Only neighbours numbered below this count.
            below: Index,
        }
        results {
            /// How many distinct nodes are out-neighbours of both.
            count: Index,
        }
        properties {
            /// How the lists are intersected (`auto` when absent).
            intersect: Option<Intersect>,
        }
    }
}

strata_ir::op_view! {
    /// `graph.new_node_prop %g, %init : !graph.nprop<T>`.
    pub struct NewNodeProp for graph::NEW_NODE_PROP {
        operands {
            /// The graph.
            graph: GRAPH,
            /// Every element's first value.
            init: Any,
        }
        results {
            /// The property.
            prop: TypeConstraint::Dialect("graph", "nprop"),
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `graph.new_edge_prop %g, %init : !graph.eprop<T>`.
    pub struct NewEdgeProp for graph::NEW_EDGE_PROP {
        operands {
            /// The graph.
            graph: GRAPH,
            /// Every element's first value.
            init: Any,
        }
        results {
            /// The property.
            prop: TypeConstraint::Dialect("graph", "eprop"),
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `graph.new_scalar %init : !graph.scalar<T>`.
    pub struct NewScalar for graph::NEW_SCALAR {
        operands {
            /// The first value.
            init: Any,
        }
        results {
            /// The scalar.
            scalar: TypeConstraint::Dialect("graph", "scalar"),
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `graph.new_worklist %g {unique} : !graph.worklist<T>`.
    pub struct NewWorklist for graph::NEW_WORKLIST {
        operands {
            /// The graph.
            graph: GRAPH,
        }
        results {
            /// The worklist.
            worklist: WORKLIST,
        }
        properties {
            /// Each item is kept once a round.
            unique: bool,
        }
    }
}

strata_ir::op_view! {
    /// `graph.new_ordered_worklist %g, %key, %delta : !graph.nprop<i64> ->
    /// !graph.worklist<!graph.node>`: a worklist whose rounds take its
    /// nodes bucket by bucket, lowest first (bucket: `key / delta`).
    pub struct NewOrderedWorklist for graph::NEW_ORDERED_WORKLIST {
        operands {
            /// The graph.
            graph: GRAPH,
            /// The node property whose value places a pushed node when its round ends.
            key: TypeConstraint::Dialect("graph", "nprop"),
            /// The width of a bucket (positive).
            delta: TypeConstraint::Int(64),
        }
        results {
            /// The worklist.
            worklist: WORKLIST,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `graph.iterate %wl iter_args(...)`: bulk-synchronous rounds.
    pub struct Iterate for graph::ITERATE {
        operands {
            /// The worklist whose rounds run.
            worklist: WORKLIST,
        }
        variadic {
            /// The carried values' first values.
            inits: Any,
        }
        results {}
        variadic_results {
            /// The carried values' last values.
            results: Any,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `graph.fixpoint iter_args(...)`: repeats its body while it reports a change.
    pub struct Fixpoint for graph::FIXPOINT {
        operands {}
        variadic {
            /// The carried values' first values.
            inits: Any,
        }
        results {}
        variadic_results {
            /// The carried values' last values.
            results: Any,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `graph.single(%g; %x, ...)`: runs a region if it gets every lock.
    pub struct Single for graph::SINGLE {
        operands {
            /// The graph whose elements are locked.
            graph: GRAPH,
        }
        variadic {
            /// The nodes or edges locked.
            locked: ELEMENT_INDEX,
        }
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `graph.yield %values...`.
    pub struct Yield for graph::YIELD {
        operands {}
        variadic {
            /// The values passed to the parent.
            values: Any,
        }
        results {}
        properties {}
    }
}
