//! The graph dialect's operations, each declared once: name, summary,
//! traits, operands, results and properties with their constraints, and
//! hooks (verifier, custom syntax, canonicalization patterns). From it come
//! the name constants, the typed views, [`GraphOp`] and the definitions the
//! dialect registers. Operations whose operand and result types are fixed
//! take the declarative format of [`op_format`] (`%d = graph.out_degree
//! %g, %v`); the others' syntaxes are written by hand beside their
//! verifiers.

use strata_ir::op_format;
use strata_ir::signature::TypeConstraint;

use crate::foreach::Space;
use crate::view::{self, ArgKind, Intersect, ReduceKind, CONTAINER, ELEMENT_INDEX, GRAPH, UF, WORKLIST};
use crate::{canonicalize, foreach, props, rounds, single, worklist};

strata_ir::dialect_ops! {
    /// Every graph operation, for exhaustive matches: a consumer without a
    /// wildcard arm stops compiling when an operation is added.
    dialect "graph" => pub enum GraphOp,
    /// Which graph operation: the key of tables by operation.
    pub enum GraphKind;

    /// `graph.num_nodes %g`.
    view NumNodes {
        ops {
            NumNodes = NUM_NODES "num_nodes" (
                "the number of nodes",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
        }
        results {
            /// The answer.
            count: Index,
        }
        properties {}
    }

    /// `graph.num_edges %g`.
    view NumEdges {
        ops {
            NumEdges = NUM_EDGES "num_edges" (
                "the number of edges",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
        }
        results {
            /// The answer.
            count: Index,
        }
        properties {}
    }

    /// `graph.is_symmetric %g`.
    view IsSymmetric {
        ops {
            IsSymmetric = IS_SYMMETRIC "is_symmetric" (
                "whether every node's out-neighbours are its in-neighbours, each as often (an edge u -> v for every v -> u)",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
        }
        results {
            /// The answer.
            symmetric: Int(1),
        }
        properties {}
    }

    /// `graph.out_degree %g, %v` and `graph.in_degree %g, %v`.
    view Degree {
        ops {
            OutDegree = OUT_DEGREE "out_degree" (
                "the number of out-edges of a node",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
            InDegree = IN_DEGREE "in_degree" (
                "the number of in-edges of a node",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// The node.
            node: view::NODE,
        }
        results {
            /// The answer.
            degree: Index,
        }
        properties {}
    }

    /// `graph.src %g, %e` and `graph.dst %g, %e`.
    view Endpoint {
        ops {
            Src = SRC "src" (
                "the source node of an edge",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
            Dst = DST "dst" (
                "the destination node of an edge",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// The edge.
            edge: view::EDGE,
        }
        results {
            /// The answer.
            node: view::NODE,
        }
        properties {}
    }

    /// `graph.weight %g, %e`.
    view Weight {
        ops {
            Weight = WEIGHT "weight" (
                "the integer weight of an edge (1 when the graph has no weights)",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// The edge.
            edge: view::EDGE,
        }
        results {
            /// The answer.
            weight: Int(64),
        }
        properties {}
    }

    /// `graph.out_edge %g, %v, %i` and `graph.in_edge %g, %v, %i`.
    view NthEdge {
        ops {
            OutEdge = OUT_EDGE "out_edge" (
                "the out-edge of a node at a position, in the order out_edges visits them; out of range is a run-time error",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
            InEdge = IN_EDGE "in_edge" (
                "the in-edge of a node at a position, in the order in_edges visits them; out of range is a run-time error",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// The node.
            node: view::NODE,
            /// The position among the node's out-edges.
            position: Index,
        }
        results {
            /// The answer.
            edge: view::EDGE,
        }
        properties {}
    }

    /// `graph.has_edge %g, %u, %v`.
    view HasEdge {
        ops {
            HasEdge = HAS_EDGE "has_edge" (
                "whether an edge from the first node to the second exists",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// The source.
            from: view::NODE,
            /// The destination.
            to: view::NODE,
        }
        results {
            /// The answer.
            exists: Int(1),
        }
        properties {}
    }

    /// `graph.count_common %g, %u, %v, %below {intersect = "merge"}`.
    view CountCommon {
        ops {
            CountCommon = COUNT_COMMON "count_common" (
                "how many distinct nodes numbered below a bound are out-neighbours of both nodes (sorted lists intersected as `intersect` says: merge, gallop or auto)",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// The first node.
            first: view::NODE,
            /// The second node.
            second: view::NODE,
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

    /// `graph.node_id %v`.
    view NodeId {
        ops {
            NodeId = NODE_ID "node_id" (
                "the number of a node, from 0",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The node.
            node: view::NODE,
        }
        results {
            /// The answer.
            id: Index,
        }
        properties {}
    }

    /// `graph.edge_id %e`.
    view EdgeId {
        ops {
            EdgeId = EDGE_ID "edge_id" (
                "the number of an edge, from 0",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The edge.
            edge: view::EDGE,
        }
        results {
            /// The answer.
            id: Index,
        }
        properties {}
    }

    /// `graph.node %g, %i`.
    view NodeOf {
        ops {
            Node = NODE "node" (
                "the node with a number; out of range is a run-time error",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// The number.
            id: Index,
        }
        results {
            /// The answer.
            node: view::NODE,
        }
        properties {}
    }

    /// `graph.edge %g, %i`.
    view EdgeOf {
        ops {
            Edge = EDGE "edge" (
                "the edge with a number; out of range is a run-time error",
                Traits::PURE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// The number.
            id: Index,
        }
        results {
            /// The answer.
            edge: view::EDGE,
        }
        properties {}
    }

    /// `graph.new_uf %g`.
    view NewUf {
        ops {
            NewUf = NEW_UF "new_uf" (
                "a union-find set with every node alone",
                Traits::NONE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
        }
        results {
            /// The answer.
            set: UF,
        }
        properties {}
    }

    /// `graph.uf_find %s, %v`.
    view UfFind {
        ops {
            UfFind = UF_FIND "uf_find" (
                "the representative of a node's set",
                Traits::NONE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The set.
            set: UF,
            /// The node.
            node: view::NODE,
        }
        results {
            /// The answer.
            root: view::NODE,
        }
        properties {}
    }

    /// `graph.uf_union %s, %u, %v`.
    view UfUnion {
        ops {
            UfUnion = UF_UNION "uf_union" (
                "merges the sets of two nodes; true if they were apart",
                Traits::NONE
            ) { parse: Some(op_format::parse), print: Some(op_format::print) };
        }
        operands {
            /// The set.
            set: UF,
            /// The first node.
            first: view::NODE,
            /// The second node.
            second: view::NODE,
        }
        results {
            /// The answer.
            merged: Int(1),
        }
        properties {}
    }

    /// `graph.new_node_prop %g, %init : !graph.nprop<T>`.
    view NewNodeProp {
        ops {
            NewNodeProp = NEW_NODE_PROP "new_node_prop" (
                "a node property with every element set to a value",
                Traits::NONE
            ) { verify: Some(props::verify_new), parse: Some(props::parse_new), print: Some(props::print_new), patterns: Some(canonicalize::new_node_prop_patterns) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// Every element's first value.
            init: Any,
        }
        results {
            /// The property.
            prop: TypeConstraint::Parametric("graph", "nprop"),
        }
        properties {}
    }

    /// `graph.new_edge_prop %g, %init : !graph.eprop<T>`.
    view NewEdgeProp {
        ops {
            NewEdgeProp = NEW_EDGE_PROP "new_edge_prop" (
                "an edge property with every element set to a value",
                Traits::NONE
            ) { verify: Some(props::verify_new), parse: Some(props::parse_new), print: Some(props::print_new), patterns: Some(canonicalize::new_edge_prop_patterns) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// Every element's first value.
            init: Any,
        }
        results {
            /// The property.
            prop: TypeConstraint::Parametric("graph", "eprop"),
        }
        properties {}
    }

    /// `graph.new_scalar %init : !graph.scalar<T>`.
    view NewScalar {
        ops {
            NewScalar = NEW_SCALAR "new_scalar" (
                "a scalar reduction variable set to a value",
                Traits::NONE
            ) { verify: Some(props::verify_new), parse: Some(props::parse_new), print: Some(props::print_new), patterns: Some(canonicalize::new_scalar_patterns) };
        }
        operands {
            /// The first value.
            init: Any,
        }
        results {
            /// The scalar.
            scalar: TypeConstraint::Parametric("graph", "scalar"),
        }
        properties {}
    }

    /// `graph.load [relaxed] %target[%index]`.
    view Load {
        ops {
            Load = LOAD "load" (
                "reads an element",
                Traits::NONE
            ) { verify: Some(props::verify_load), parse: Some(props::parse_load), print: Some(props::print_load) };
        }
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
        properties {
            /// A load that may race with `relaxed` stores of other
            /// iterations: it reads the old or the new value, never a mix.
            relaxed: bool,
        }
    }

    /// `graph.store [relaxed] %value, %target[%index]`.
    view Store {
        ops {
            Store = STORE "store" (
                "writes an element",
                Traits::NONE
            ) { verify: Some(props::verify_store), parse: Some(props::parse_store), print: Some(props::print_store) };
        }
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
        properties {
            /// A store that may race with `relaxed` loads and stores of
            /// other iterations: each sees the old or the new value, never
            /// a mix.
            relaxed: bool,
        }
    }

    /// `graph.reduce kind %value, %target[%index]`.
    view Reduce {
        ops {
            Reduce = REDUCE "reduce" (
                "combines a value into an element atomically",
                Traits::NONE
            ) { verify: Some(props::verify_reduce), parse: Some(props::parse_reduce), print: Some(props::print_reduce), patterns: Some(canonicalize::reduce_patterns) };
        }
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

    /// `%old = graph.fetch_add %value, %target[%index]`.
    view FetchAdd {
        ops {
            FetchAdd = FETCH_ADD "fetch_add" (
                "adds to an integer element atomically and returns the element before",
                Traits::NONE
            ) { verify: Some(props::verify_fetch_add), parse: Some(props::parse_fetch_add), print: Some(props::print_fetch_add) };
        }
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

    /// `graph.reduce_arg kind %key, %payload, %keys, %payloads[%index]`.
    view ReduceArg {
        ops {
            ReduceArg = REDUCE_ARG "reduce_arg" (
                "keeps the payload of the smallest or largest key, atomically",
                Traits::NONE
            ) { verify: Some(props::verify_reduce_arg), parse: Some(props::parse_reduce_arg), print: Some(props::print_reduce_arg), patterns: Some(canonicalize::reduce_arg_patterns) };
        }
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

    /// `graph.foreach %x in space(%operands) { .. }`, with an optional
    /// filter (`where { .. } do`); `sched.foreach` has the same structure.
    view Foreach {
        ops {
            Foreach = FOREACH "foreach" (
                "a parallel loop over nodes, edges, neighbours, common neighbours, worklist items or a range",
                Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS | Traits::FOREACH_LIKE
            ) { inherent: &["space"], verify: Some(foreach::verify_foreach), parse: Some(foreach::parse_foreach), print: Some(foreach::print_foreach), patterns: Some(canonicalize::foreach_patterns) };
        }
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

    /// `graph.yield %values...`.
    view Yield {
        ops {
            Yield = YIELD "yield" (
                "ends a graph-dialect region, passing values to its parent",
                Traits::TERMINATOR | Traits::PURE | Traits::RETURN_LIKE
            ) { verify: Some(foreach::verify_yield), parse: Some(strata_ir::func::parse_return_like), print: Some(strata_ir::func::print_return_like) };
        }
        operands {}
        variadic {
            /// The values passed to the parent.
            values: Any,
        }
        results {}
        properties {}
    }

    /// `graph.new_worklist %g {unique} : !graph.worklist<T>`.
    view NewWorklist {
        ops {
            NewWorklist = NEW_WORKLIST "new_worklist" (
                "an empty worklist",
                Traits::NONE
            ) { verify: Some(worklist::verify_new), parse: Some(worklist::parse_new), print: Some(worklist::print_new), patterns: Some(canonicalize::new_worklist_patterns) };
        }
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

    /// `graph.new_ordered_worklist %g, %key, %delta : !graph.nprop<i64> ->
    /// !graph.worklist<!graph.node>`: a worklist whose rounds take its
    /// nodes bucket by bucket, lowest first (bucket: `key / delta`).
    view NewOrderedWorklist {
        ops {
            NewOrderedWorklist = NEW_ORDERED_WORKLIST "new_ordered_worklist" (
                "an empty worklist taken bucket by bucket, lowest key first",
                Traits::NONE
            ) { verify: Some(worklist::verify_new_ordered), parse: Some(worklist::parse_new_ordered), print: Some(worklist::print_new_ordered), patterns: Some(canonicalize::new_ordered_worklist_patterns) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
            /// The node property whose value places a pushed node when its round ends.
            key: TypeConstraint::Parametric("graph", "nprop"),
            /// The width of a bucket (positive).
            delta: TypeConstraint::Int(64),
        }
        results {
            /// The worklist.
            worklist: WORKLIST,
        }
        properties {}
    }

    /// `graph.push %item, %worklist`.
    view Push {
        ops {
            Push = PUSH "push" (
                "adds an item to the next round",
                Traits::NONE
            ) { verify: Some(worklist::verify_push), parse: Some(worklist::parse_push), print: Some(worklist::print_push) };
        }
        operands {
            /// The node, edge or number pushed.
            item: Any,
            /// The worklist pushed to.
            worklist: WORKLIST,
        }
        results {}
        properties {}
    }

    /// `graph.iterate %wl iter_args(...)`: bulk-synchronous rounds.
    view Iterate {
        ops {
            Iterate = ITERATE "iterate" (
                "runs bulk-synchronous rounds until a worklist is empty",
                Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS
            ) { verify: Some(rounds::verify_iterate), parse: Some(rounds::parse_iterate), print: Some(rounds::print_iterate) };
        }
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

    /// `graph.fixpoint iter_args(...)`: repeats its body while it reports a change.
    view Fixpoint {
        ops {
            Fixpoint = FIXPOINT "fixpoint" (
                "repeats its body while it reports a change",
                Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS
            ) { verify: Some(rounds::verify_fixpoint), parse: Some(rounds::parse_fixpoint), print: Some(rounds::print_fixpoint), patterns: Some(canonicalize::fixpoint_patterns) };
        }
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

    /// `graph.single(%g; %x, ...)`: runs a region if it gets every lock.
    view Single {
        ops {
            Single = SINGLE "single" (
                "runs a region if it gets every lock it asks for, else another",
                Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS
            ) { verify: Some(single::verify_single), parse: Some(single::parse_single), print: Some(single::print_single) };
        }
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

#[cfg(test)]
mod tests;
