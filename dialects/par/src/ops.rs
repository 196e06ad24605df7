//! The operations of the par dialect and their verifiers.
//!
//! Everything is in MLIR's generic form; `docs/dialects/par.md` describes
//! each operation.

use crate::op as par;
use strata_abi::GraphArray;
use strata_ir::context::{Context, OpId};
use strata_ir::registry::{OpDef, Traits};
use strata_ir::types::Type;
use strata_ir::verifier::op_error;
use strata_ir::{Diagnostic, OpName};

use crate::canonicalize::{
    alloc_patterns, barrier_patterns, for_patterns, load_patterns, local_patterns, parallel_patterns,
    queue_items_patterns, queue_size_patterns,
};
use crate::types::{buf_element, queue_element};

/// Kinds of `par.atomic_rmw`.
pub const RMW_KINDS: [&str; 6] = ["add", "min", "max", "and", "or", "xchg"];

type V = Result<(), Diagnostic>;

fn ty(ctx: &Context, op: OpId, i: usize) -> Type {
    ctx.value_type(ctx.operand(op, i)).clone()
}

fn counts(ctx: &Context, op: OpId, operands: usize, results: usize) -> V {
    if ctx.operands(op).len() != operands || ctx.results(op).len() != results {
        return Err(op_error(ctx, op, format!("expects {operands} operands and {results} results")));
    }
    Ok(())
}

fn is_graph(t: &Type) -> bool {
    t.is_dialect_type("graph", "graph")
}

fn str_prop<'a>(ctx: &'a Context, op: OpId, name: &str) -> Option<&'a str> {
    ctx.prop(op, name).and_then(|a| a.as_str())
}

/// The buffer operand `i` and its element type, or an error.
fn buffer(ctx: &Context, op: OpId, i: usize) -> Result<Type, Diagnostic> {
    buf_element(&ty(ctx, op, i))
        .ok_or_else(|| op_error(ctx, op, format!("operand {i} must be a !par.buf, got {}", ty(ctx, op, i))))
}

fn index_operand(ctx: &Context, op: OpId, i: usize) -> V {
    if ty(ctx, op, i) != Type::Index {
        return Err(op_error(ctx, op, format!("operand {i} must be an index, got {}", ty(ctx, op, i))));
    }
    Ok(())
}

fn same(ctx: &Context, op: OpId, what: &str, got: &Type, want: &Type) -> V {
    if got != want {
        return Err(op_error(ctx, op, format!("{what} must be {want}, got {got}")));
    }
    Ok(())
}

fn verify_graph_size(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 1, 1)?;
    if !matches!(str_prop(ctx, op, "of"), Some("nodes" | "edges")) || !is_graph(&ty(ctx, op, 0)) {
        return Err(op_error(ctx, op, "takes a !graph.graph and 'of' = \"nodes\" or \"edges\""));
    }
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &Type::Index)
}

fn verify_graph_array(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 1, 1)?;
    let Some(array) = crate::abi::graph_array_of(ctx, op) else {
        let all: Vec<&str> = GraphArray::ALL.iter().map(|a| a.name()).collect();
        return Err(op_error(ctx, op, format!("'array' must be one of: {}", all.join(", "))));
    };
    if !is_graph(&ty(ctx, op, 0)) {
        return Err(op_error(ctx, op, "takes a !graph.graph"));
    }
    let want = crate::types::buf(&crate::abi::ir_type(array.element()));
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &want)
}

fn result_buffer(ctx: &Context, op: OpId) -> V {
    if buf_element(ctx.value_type(ctx.result(op, 0))).is_none() {
        return Err(op_error(ctx, op, "result must be a !par.buf"));
    }
    Ok(())
}

fn verify_alloc(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 1, 1)?;
    index_operand(ctx, op, 0)?;
    result_buffer(ctx, op)
}

fn verify_local(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 0, 1)?;
    result_buffer(ctx, op)
}

fn verify_free(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 1, 0)?;
    if buf_element(&ty(ctx, op, 0)).is_none() && queue_element(&ty(ctx, op, 0)).is_none() {
        return Err(op_error(ctx, op, "frees a !par.buf or a !par.queue"));
    }
    Ok(())
}

fn verify_load(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 2, 1)?;
    let e = buffer(ctx, op, 0)?;
    index_operand(ctx, op, 1)?;
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &e)
}

fn verify_store(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 3, 0)?;
    let e = buffer(ctx, op, 1)?;
    index_operand(ctx, op, 2)?;
    same(ctx, op, "stored value", &ty(ctx, op, 0), &e)
}

fn verify_rmw(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 3, 1)?;
    let e = buffer(ctx, op, 1)?;
    index_operand(ctx, op, 2)?;
    same(ctx, op, "value", &ty(ctx, op, 0), &e)?;
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &e)?;
    let kind = str_prop(ctx, op, "kind").unwrap_or("");
    let ok = RMW_KINDS.contains(&kind) && !(e.is_float() && matches!(kind, "and" | "or"));
    if !ok {
        return Err(op_error(
            ctx,
            op,
            format!("'kind' must be one of {} ('and'/'or' on integers only), got '{kind}'", RMW_KINDS.join(", ")),
        ));
    }
    Ok(())
}

fn verify_cmpxchg(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 4, 2)?;
    let e = buffer(ctx, op, 0)?;
    index_operand(ctx, op, 1)?;
    if e.is_float() {
        return Err(op_error(ctx, op, "compares integers only"));
    }
    same(ctx, op, "expected value", &ty(ctx, op, 2), &e)?;
    same(ctx, op, "new value", &ty(ctx, op, 3), &e)?;
    same(ctx, op, "result 0", ctx.value_type(ctx.result(op, 0)), &e)?;
    same(ctx, op, "result 1", ctx.value_type(ctx.result(op, 1)), &Type::i1())
}

fn body_args(ctx: &Context, op: OpId, want: &[Type]) -> V {
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "expects one region"));
    }
    let Some(b) = ctx.entry_block(ctx.region(op, 0)) else { return Err(op_error(ctx, op, "expects a body")) };
    let got: Vec<Type> = ctx.block_args(b).iter().map(|v| ctx.value_type(*v).clone()).collect();
    if got != want {
        return Err(op_error(ctx, op, format!("body must take ({})", strata_ir::types::join_types(want))));
    }
    match ctx.last_op(b) {
        Some(t) if ctx.op_name(t) == par::YIELD && ctx.operands(t).is_empty() => Ok(()),
        _ => Err(op_error(ctx, op, "body must end with an empty par.yield")),
    }
}

pub(crate) fn in_team(ctx: &Context, op: OpId) -> bool {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if ctx.op_name(p) == par::PARALLEL {
            return true;
        }
        cur = ctx.parent_op(p);
    }
    false
}

fn verify_parallel(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 0, 0)?;
    if in_team(ctx, op) {
        return Err(op_error(ctx, op, "may not be nested in another par.parallel"));
    }
    body_args(ctx, op, &[])
}

fn verify_for(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 3, 0)?;
    for i in 0..3 {
        index_operand(ctx, op, i)?;
    }
    if !matches!(str_prop(ctx, op, "dist"), Some("static" | "dynamic")) {
        return Err(op_error(ctx, op, "'dist' must be \"static\" or \"dynamic\""));
    }
    if ctx.prop(op, "chunk").and_then(|a| a.as_int()).is_none_or(|c| c < 1) {
        return Err(op_error(ctx, op, "'chunk' must be a positive integer"));
    }
    if !in_team(ctx, op) {
        return Err(op_error(ctx, op, "must be inside a par.parallel: it shares its iterations among the team"));
    }
    body_args(ctx, op, &[Type::Index])
}

fn verify_in_team(ctx: &Context, op: OpId) -> V {
    if !in_team(ctx, op) {
        return Err(op_error(ctx, op, "must be inside a par.parallel"));
    }
    Ok(())
}

fn verify_yield(ctx: &Context, op: OpId) -> V {
    match ctx.parent_op(op).map(|p| ctx.op_kind(p)) {
        Some(par::PARALLEL | par::FOR) => Ok(()),
        _ => Err(op_error(ctx, op, "expects parent op to be par.parallel or par.for")),
    }
}

fn queue(ctx: &Context, op: OpId, i: usize) -> Result<Type, Diagnostic> {
    queue_element(&ty(ctx, op, i))
        .ok_or_else(|| op_error(ctx, op, format!("operand {i} must be a !par.queue, got {}", ty(ctx, op, i))))
}

fn verify_queue_new(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 1, 1)?;
    index_operand(ctx, op, 0)?;
    let Some(e) = queue_element(ctx.value_type(ctx.result(op, 0))) else {
        return Err(op_error(ctx, op, "result must be a !par.queue"));
    };
    if ctx.prop(op, "unique").is_some() && e != Type::Index {
        return Err(op_error(ctx, op, "'unique' needs index items (nodes or edges)"));
    }
    Ok(())
}

fn verify_queue_push(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 2, 0)?;
    let e = queue(ctx, op, 1)?;
    same(ctx, op, "item", &ty(ctx, op, 0), &e)
}

fn verify_queue_query(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 1, 1)?;
    let e = queue(ctx, op, 0)?;
    let want = match ctx.op_kind(op) {
        par::QUEUE_ITEMS => crate::types::buf(&e),
        par::QUEUE_ADVANCE => Type::i1(),
        _ => Type::Index,
    };
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &want)
}

fn verify_no_operands(ctx: &Context, op: OpId) -> V {
    counts(ctx, op, 0, ctx.results(op).len())?;
    if ctx.op_name(op) != par::BARRIER {
        same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &Type::Index)?;
    }
    verify_in_team(ctx, op)
}

fn def(name: OpName, summary: &'static str, traits: Traits, verify: fn(&Context, OpId) -> V) -> OpDef {
    OpDef { verify: Some(verify), ..OpDef::new(name, summary, traits) }
}

/// Every par operation.
pub fn ops() -> Vec<OpDef> {
    let none = Traits::NONE;
    let region = Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS;
    vec![
        OpDef { inherent: &["of"], ..def(par::GRAPH_SIZE, "the number of nodes or edges of a graph", Traits::PURE, verify_graph_size) },
        OpDef { inherent: &["array"], ..def(par::GRAPH_ARRAY, "one CSR/CSC array of a graph as a buffer", Traits::PURE, verify_graph_array) },
        OpDef { patterns: Some(alloc_patterns), ..def(par::ALLOC, "a new buffer of N uninitialized elements", none, verify_alloc) },
        OpDef { patterns: Some(local_patterns), ..def(par::LOCAL, "one element of thread-private storage", none, verify_local) },
        def(par::FREE, "releases a buffer or a queue", none, verify_free),
        OpDef { inherent: &["atomic"], patterns: Some(load_patterns), ..def(par::LOAD, "reads an element (atomic: a relaxed atomic read)", none, verify_load) },
        OpDef { inherent: &["atomic"], ..def(par::STORE, "writes an element (atomic: a relaxed atomic write)", none, verify_store) },
        OpDef { inherent: &["kind"], ..def(par::ATOMIC_RMW, "atomic read-modify-write of an element; returns the old value", none, verify_rmw) },
        def(par::CMPXCHG, "atomic compare-and-swap of an element; returns the old value and success", none, verify_cmpxchg),
        OpDef { patterns: Some(parallel_patterns), ..def(par::PARALLEL, "runs its body on every thread of a new team", region, verify_parallel) },
        OpDef { inherent: &["dist", "chunk"], patterns: Some(for_patterns), ..def(par::FOR, "shares the iterations lo..hi among the team, then waits for all", region, verify_for) },
        OpDef { patterns: Some(barrier_patterns), ..def(par::BARRIER, "waits until every thread of the team arrives", none, verify_no_operands) },
        def(par::THREAD_ID, "the number of this thread in its team", Traits::PURE, verify_no_operands),
        def(par::NUM_THREADS, "the size of the team", Traits::PURE, verify_no_operands),
        def(par::YIELD, "ends a par.parallel or par.for body", Traits::TERMINATOR | Traits::PURE | Traits::RETURN_LIKE, verify_yield),
        OpDef { inherent: &["unique"], ..def(par::QUEUE_NEW, "a new work queue with room for N items per round (a plain one grows)", none, verify_queue_new) },
        OpDef { inherent: &["buffered"], ..def(par::QUEUE_PUSH, "appends an item to the next round atomically (once per round if unique); buffered: through a per-thread buffer", none, verify_queue_push) },
        OpDef { patterns: Some(queue_size_patterns), ..def(par::QUEUE_SIZE, "the number of items of the current round", none, verify_queue_query) },
        OpDef { patterns: Some(queue_items_patterns), ..def(par::QUEUE_ITEMS, "the items of the current round as a buffer", none, verify_queue_query) },
        def(par::QUEUE_ADVANCE, "makes the pushed items the current round; true if there are any", none, verify_queue_query),
    ]
}
