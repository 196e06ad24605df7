//! One test per graph operation's lowering: a minimal function that uses
//! the operation goes through `convert-graph-to-sched` and
//! `convert-sched-to-par`, verifies, keeps no graph or sched operation, and
//! holds the par operations the lowering makes of it. Which function
//! stands for which operation is an exhaustive match: a new operation does
//! not compile until it has its case.

use std::sync::Arc;

use strata_graph_dialect::op::GraphKind;
use strata_ir::pass::{Instrumentation, PassManager, PassRegistry};
use strata_ir::pipeline::parse_pipeline;
use strata_ir::{Context, OpName};
use strata_par_dialect::op as par;

/// The arguments every case's function takes.
const ARGS: &str = "%g: !graph.graph, %v: !graph.node, %e: !graph.edge, %i: index, %x: i64";

/// A function body (over [`ARGS`]) that uses `kind`'s operation, and the
/// par operations its lowering makes; `None` for an operation lowered
/// with its parent.
fn case(kind: GraphKind) -> Option<(&'static str, &'static [OpName])> {
    Some(match kind {
        GraphKind::NumNodes => ("%r = graph.num_nodes %g\n  return %r : index", &[par::GRAPH_SIZE]),
        GraphKind::NumEdges => ("%r = graph.num_edges %g\n  return %r : index", &[par::GRAPH_SIZE]),
        GraphKind::IsSymmetric => ("%r = graph.is_symmetric %g\n  return %r : i1", &[par::GRAPH_SYMMETRIC]),
        GraphKind::OutDegree => ("%r = graph.out_degree %g, %v\n  return %r : index", &[par::GRAPH_ARRAY, par::LOAD]),
        GraphKind::InDegree => ("%r = graph.in_degree %g, %v\n  return %r : index", &[par::GRAPH_ARRAY, par::LOAD]),
        GraphKind::Src => ("%r = graph.src %g, %e\n  return %r : !graph.node", &[par::GRAPH_ARRAY, par::LOAD]),
        GraphKind::Dst => ("%r = graph.dst %g, %e\n  return %r : !graph.node", &[par::GRAPH_ARRAY, par::LOAD]),
        GraphKind::Weight => ("%r = graph.weight %g, %e\n  return %r : i64", &[par::GRAPH_ARRAY, par::LOAD]),
        GraphKind::OutEdge => {
            ("%r = graph.out_edge %g, %v, %i\n  return %r : !graph.edge", &[par::CHECK_INDEX, par::LOAD])
        }
        GraphKind::InEdge => ("%r = graph.in_edge %g, %v, %i\n  return %r : !graph.edge", &[par::CHECK_INDEX, par::LOAD]),
        GraphKind::HasEdge => ("%r = graph.has_edge %g, %v, %v\n  return %r : i1", &[par::GRAPH_ARRAY]),
        GraphKind::CountCommon => ("%r = graph.count_common %g, %v, %v, %i\n  return %r : index", &[par::GRAPH_ARRAY]),
        GraphKind::NodeId => ("%r = graph.node_id %v\n  return %r : index", &[]),
        GraphKind::EdgeId => ("%r = graph.edge_id %e\n  return %r : index", &[]),
        GraphKind::Node => ("%r = graph.node %g, %i\n  return %r : !graph.node", &[par::CHECK_INDEX]),
        GraphKind::Edge => ("%r = graph.edge %g, %i\n  return %r : !graph.edge", &[par::CHECK_INDEX]),
        GraphKind::NewUf => ("%u = graph.new_uf %g\n  return", &[par::ALLOC]),
        GraphKind::UfFind => ("%u = graph.new_uf %g\n  %r = graph.uf_find %u, %v\n  return %r : !graph.node", &[par::ALLOC]),
        GraphKind::UfUnion => ("%u = graph.new_uf %g\n  %r = graph.uf_union %u, %v, %v\n  return %r : i1", &[par::ALLOC]),
        GraphKind::NewNodeProp => ("%p = graph.new_node_prop %g, %x : !graph.nprop<i64>\n  return", &[par::ALLOC, par::PARALLEL]),
        GraphKind::NewEdgeProp => ("%p = graph.new_edge_prop %g, %x : !graph.eprop<i64>\n  return", &[par::ALLOC, par::PARALLEL]),
        GraphKind::NewScalar => ("%s = graph.new_scalar %x : !graph.scalar<i64>\n  return", &[par::ALLOC, par::STORE]),
        GraphKind::Load => (
            "%p = graph.new_node_prop %g, %x : !graph.nprop<i64>\n  %r = graph.load %p[%v] : !graph.nprop<i64>\n  return %r : i64",
            &[par::LOAD],
        ),
        GraphKind::Store => (
            "%p = graph.new_node_prop %g, %x : !graph.nprop<i64>\n  graph.store %x, %p[%v] : !graph.nprop<i64>\n  return",
            &[par::STORE],
        ),
        GraphKind::Reduce => (
            "%p = graph.new_node_prop %g, %x : !graph.nprop<i64>\n  graph.foreach %u in nodes(%g) {\n    graph.reduce min %x, %p[%v] : !graph.nprop<i64>\n  }\n  return",
            &[par::ATOMIC_RMW, par::FOR],
        ),
        // Outside a parallel loop it is a load, an add and a store.
        GraphKind::FetchAdd => (
            "%p = graph.new_node_prop %g, %x : !graph.nprop<i64>\n  graph.foreach %u in nodes(%g) {\n    %r = graph.fetch_add %x, %p[%v] : !graph.nprop<i64>\n  }\n  return",
            &[par::ATOMIC_RMW, par::FOR],
        ),
        GraphKind::ReduceArg => (
            "%k = graph.new_node_prop %g, %x : !graph.nprop<i64>\n  %p = graph.new_node_prop %g, %e : !graph.nprop<!graph.edge>\n  graph.foreach %u in nodes(%g) {\n    graph.reduce_arg min %x, %e, %k, %p[%v] : !graph.nprop<i64>, !graph.nprop<!graph.edge>\n  }\n  return",
            &[par::FOR],
        ),
        GraphKind::Foreach => (
            "%s = graph.new_scalar %x : !graph.scalar<i64>\n  graph.foreach %u in nodes(%g) {\n    graph.reduce add %x, %s : !graph.scalar<i64>\n  }\n  %r = graph.load %s : !graph.scalar<i64>\n  return %r : i64",
            &[par::PARALLEL, par::FOR],
        ),
        GraphKind::NewWorklist => {
            ("%w = graph.new_worklist %g unique : !graph.worklist<!graph.node>\n  return", &[par::QUEUE_NEW])
        }
        GraphKind::NewOrderedWorklist => (
            "%k = graph.new_node_prop %g, %x : !graph.nprop<i64>\n  %w = graph.new_ordered_worklist %g, %k, %x : !graph.nprop<i64> -> !graph.worklist<!graph.node>\n  return",
            &[par::ORDERED_QUEUE_NEW],
        ),
        GraphKind::Push => (
            "%w = graph.new_worklist %g unique : !graph.worklist<!graph.node>\n  graph.push %v, %w : !graph.worklist<!graph.node>\n  return",
            &[par::QUEUE_PUSH],
        ),
        GraphKind::Iterate => (
            "%w = graph.new_worklist %g unique : !graph.worklist<!graph.node>\n  graph.push %v, %w : !graph.worklist<!graph.node>\n  graph.iterate %w : !graph.worklist<!graph.node> {\n    graph.foreach %u in items(%w : !graph.worklist<!graph.node>) {\n    }\n  }\n  return",
            &[par::QUEUE_ADVANCE, par::QUEUE_ITEMS],
        ),
        GraphKind::Fixpoint => (
            "%f = arith.constant false\n  %r = graph.fixpoint iter_args(%a = %x) -> (i64) {\n    graph.yield %f, %a : i1, i64\n  }\n  return %r : i64",
            &[],
        ),
        GraphKind::Single => (
            "graph.foreach %u in nodes(%g) {\n    graph.single %g[%u] : !graph.node {\n    } else {\n    }\n  }\n  return",
            &[par::CMPXCHG],
        ),
        // Replaced with the operation whose region it ends.
        GraphKind::Yield => return None,
    })
}

/// The function of `kind`'s case lowered to par: the names of its
/// operations.
fn lowered(kind: GraphKind) -> Vec<OpName> {
    let (body, _) = case(kind).expect("a case");
    let results = body.rsplit_once(" : ").filter(|_| !body.ends_with("return")).map_or("", |(_, t)| t);
    let arrow = if results.is_empty() { String::new() } else { format!(" -> {results}") };
    let text = format!("func.func @f({ARGS}){arrow} {{\n  {body}\n}}\n");
    let mut r = strata_std::standard_registry();
    strata_graph_dialect::register(&mut r);
    strata_sched_dialect::register(&mut r);
    strata_par_dialect::register(&mut r);
    let mut ctx = Context::new(Arc::new(r));
    let m = strata_ir::parser::parse_source(&mut ctx, "case.mlir", &text, 0, text.len())
        .unwrap_or_else(|d| panic!("{:?}: {}\n{text}", kind, d.message));
    let mut passes = PassRegistry::new();
    crate::register(&mut passes);
    let pipeline =
        parse_pipeline("builtin.module(convert-graph-to-sched,convert-sched-to-par)", &passes).expect("a pipeline");
    let mut pm = PassManager::new(pipeline, Instrumentation::default());
    let messages = |ctx: &Context| ctx.diagnostics.iter().map(|d| d.message.clone()).collect::<Vec<_>>();
    assert!(pm.run(&mut ctx, m).is_ok(), "{kind:?} does not lower: {:?}\n{text}", messages(&ctx));
    let errors = strata_ir::verifier::verify(&ctx, m);
    assert!(errors.is_empty(), "{kind:?} lowers to IR that does not verify: {:?}", errors);
    let mut names = Vec::new();
    ctx.walk_pre(m, &mut |o| names.push(ctx.op_kind(o)));
    names
}

fn check(kind: GraphKind) {
    let names = lowered(kind);
    let left: Vec<&str> =
        names.iter().filter(|n| matches!(n.dialect(), "graph" | "sched")).map(|n| n.as_str()).collect();
    assert!(left.is_empty(), "{kind:?} leaves {left:?}");
    for want in case(kind).expect("a case").1 {
        assert!(
            names.contains(want),
            "{kind:?} lowers without {want}: {:?}",
            names.iter().map(|n| n.as_str()).collect::<Vec<_>>()
        );
    }
}

macro_rules! lowers {
    ($($test:ident: $kind:ident,)*) => {
        $(
            #[test]
            fn $test() {
                check(GraphKind::$kind);
            }
        )*

        #[test]
        fn every_graph_operation_with_a_case_has_its_test() {
            let tested = [$(GraphKind::$kind),*];
            for k in GraphKind::ALL {
                assert_eq!(case(*k).is_some(), tested.contains(k), "{k:?}");
            }
        }
    };
}

lowers! {
    num_nodes: NumNodes,
    num_edges: NumEdges,
    is_symmetric: IsSymmetric,
    out_degree: OutDegree,
    in_degree: InDegree,
    src: Src,
    dst: Dst,
    weight: Weight,
    out_edge: OutEdge,
    in_edge: InEdge,
    has_edge: HasEdge,
    count_common: CountCommon,
    node_id: NodeId,
    edge_id: EdgeId,
    node: Node,
    edge: Edge,
    new_uf: NewUf,
    uf_find: UfFind,
    uf_union: UfUnion,
    new_node_prop: NewNodeProp,
    new_edge_prop: NewEdgeProp,
    new_scalar: NewScalar,
    load: Load,
    store: Store,
    reduce: Reduce,
    fetch_add: FetchAdd,
    reduce_arg: ReduceArg,
    foreach: Foreach,
    new_worklist: NewWorklist,
    new_ordered_worklist: NewOrderedWorklist,
    push: Push,
    iterate: Iterate,
    fixpoint: Fixpoint,
    single: Single,
}
