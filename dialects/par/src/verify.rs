//! The verifiers of the par dialect's operations, beyond what their
//! declared signatures check.

use crate::op as par;
use strata_abi::GraphArray;
use strata_ir::context::{Context, OpId};
use strata_ir::types::Type;
use strata_ir::verifier::op_error;
use strata_ir::Diagnostic;

use crate::op::*;
use crate::uniformity::Level;
use crate::view::{Collective, RmwKind};

use crate::types::{buf_element, queue_element};

type V = Result<(), Diagnostic>;

fn ty(ctx: &Context, op: OpId, i: usize) -> Type {
    ctx.value_type(ctx.operand(op, i)).clone()
}

fn same(ctx: &Context, op: OpId, what: &str, got: &Type, want: &Type) -> V {
    if got != want {
        return Err(op_error(ctx, op, format!("{what} must be {want}, got {got}")));
    }
    Ok(())
}

/// The element type of buffer operand `i` (the signature checked that it
/// is a buffer).
fn element(ctx: &Context, op: OpId, i: usize) -> Type {
    buf_element(&ty(ctx, op, i)).expect("the signature checks the buffer operand")
}

pub(crate) fn verify_graph_array(ctx: &Context, op: OpId) -> V {
    let Some(array) = crate::abi::graph_array_of(ctx, op) else {
        let all: Vec<&str> = GraphArray::ALL.iter().map(|a| a.name()).collect();
        return Err(op_error(ctx, op, format!("'array' must be one of: {}", all.join(", "))));
    };
    let want = crate::types::buf(&crate::abi::ir_type(array.element()));
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &want)
}

pub(crate) fn verify_load(ctx: &Context, op: OpId) -> V {
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &element(ctx, op, 0))
}

/// The graph is an immutable input: no operation writes one of its arrays
/// (the code generators read them as memory that does not change).
fn not_graph(ctx: &Context, op: OpId, buffer: usize) -> V {
    match crate::abi::graph_array_op(ctx, ctx.operand(op, buffer)) {
        Some(d) => {
            let name = crate::abi::graph_array_of(ctx, d).map_or("?", |a| a.name());
            Err(op_error(ctx, op, format!("writes the graph's array '{name}': the graph is read-only")))
        }
        None => Ok(()),
    }
}

pub(crate) fn verify_store(ctx: &Context, op: OpId) -> V {
    same(ctx, op, "stored value", &ty(ctx, op, 0), &element(ctx, op, 1))?;
    not_graph(ctx, op, 1)
}

/// `and` and `or` apply to integers only.
fn kind_applies(ctx: &Context, op: OpId, kind: RmwKind, t: &Type) -> V {
    if t.is_float() && matches!(kind, RmwKind::And | RmwKind::Or) {
        return Err(op_error(ctx, op, format!("'{kind}' applies to integers only, got {t}")));
    }
    Ok(())
}

pub(crate) fn verify_rmw(ctx: &Context, op: OpId) -> V {
    let rmw = AtomicRmw(op);
    let e = element(ctx, op, 1);
    same(ctx, op, "value", &ty(ctx, op, 0), &e)?;
    same(ctx, op, "result", ctx.value_type(rmw.old(ctx)), &e)?;
    not_graph(ctx, op, 1)?;
    let kind = rmw.kind(ctx);
    kind_applies(ctx, op, kind, &e)?;
    if rmw.grouped(ctx) {
        if kind == RmwKind::Xchg {
            return Err(op_error(ctx, op, "'xchg' cannot be grouped: exchanges do not combine"));
        }
        let integer_add = kind == RmwKind::Add && !e.is_float();
        if !integer_add && !ctx.results_unused(op) {
            return Err(op_error(
                ctx,
                op,
                "the old value of a grouped atomic is each thread's only for an integer 'add', so it must be unused",
            ));
        }
    }
    Ok(())
}

pub(crate) fn verify_cmpxchg(ctx: &Context, op: OpId) -> V {
    let e = element(ctx, op, 0);
    same(ctx, op, "expected value", &ty(ctx, op, 2), &e)?;
    same(ctx, op, "new value", &ty(ctx, op, 3), &e)?;
    same(ctx, op, "result 0", ctx.value_type(ctx.result(op, 0)), &e)?;
    not_graph(ctx, op, 0)
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
    // After convert-scf-to-cf a body has several blocks: each ends in a
    // branch or in the par.yield that leaves the body.
    for &blk in ctx.region_blocks(ctx.region(op, 0)) {
        match ctx.last_op(blk) {
            Some(t) if ctx.op_name(t) == par::YIELD && ctx.operands(t).is_empty() => {}
            Some(t) if !ctx.successors(t).is_empty() => {}
            _ => return Err(op_error(ctx, op, "body must end with an empty par.yield")),
        }
    }
    Ok(())
}

/// Whether `op` is inside a `par.parallel`.
pub(crate) fn in_team(ctx: &Context, op: OpId) -> bool {
    crate::uniformity::team_of(ctx, op).is_some()
}

/// Whether `op` is the last operation of a `par.parallel` body before its
/// `par.yield`: the team's end, which waits for every thread, follows it.
pub fn ends_team(ctx: &Context, op: OpId) -> bool {
    let Some(blk) = ctx.parent_block(op) else { return false };
    let ops = ctx.block_ops(blk);
    let next = ops.iter().position(|o| *o == op).and_then(|i| ops.get(i + 1));
    next.is_some_and(|o| ctx.op_kind(*o) == par::YIELD)
        && ctx.parent_op(op).is_some_and(|p| ctx.op_kind(p) == par::PARALLEL)
}

pub(crate) fn verify_parallel(ctx: &Context, op: OpId) -> V {
    if in_team(ctx, op) {
        return Err(op_error(ctx, op, "may not be nested in another par.parallel"));
    }
    body_args(ctx, op, &[])
}

pub(crate) fn verify_for(ctx: &Context, op: OpId) -> V {
    if For(op).chunk(ctx) < 1 {
        return Err(op_error(ctx, op, "'chunk' must be a positive integer"));
    }
    if !in_team(ctx, op) {
        return Err(op_error(ctx, op, "must be inside a par.parallel: it shares its iterations among the team"));
    }
    // Every thread takes its share, then waits for the others.
    verify_collective(ctx, op)?;
    body_args(ctx, op, &[Type::Index])
}

pub(crate) fn verify_in_team(ctx: &Context, op: OpId) -> V {
    if !in_team(ctx, op) {
        return Err(op_error(ctx, op, "must be inside a par.parallel"));
    }
    Ok(())
}

/// A collective (`par.barrier`, a work-sharing `par.for`): in a team, and
/// reached by all of it ([`crate::uniformity`]).
pub(crate) fn verify_collective(ctx: &Context, op: OpId) -> V {
    collective_at(ctx, op, Level::Team, "team")
}

/// A collective of the threads `level` names (`what`): in a team, and
/// reached by all of them.
fn collective_at(ctx: &Context, op: OpId, level: Level, what: &str) -> V {
    verify_in_team(ctx, op)?;
    match crate::uniformity::divergence(ctx, op, level) {
        Some((p, why)) => Err(op_error(
            ctx,
            op,
            format!(
                "must be reached by every thread of its {what}, but the '{}' at {} {why}",
                ctx.op_name(p),
                ctx.op_loc(p).short()
            ),
        )),
        None => Ok(()),
    }
}

/// The subgroup and block collectives (`par.subgroup_reduce`,
/// `par.subgroup_scan`, `par.block_reduce`, `par.block_scan`): a result of
/// the operand's type, a kind that combines values of it, and every thread
/// of the subgroup (or block) reaching it.
pub(crate) fn verify_group_collective(ctx: &Context, op: OpId) -> V {
    let c = Collective::of(ctx, op).expect("registered for the collectives");
    let t = ty(ctx, op, 0);
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &t)?;
    if c.kind == RmwKind::Xchg {
        return Err(op_error(ctx, op, "'xchg' does not combine values"));
    }
    kind_applies(ctx, op, c.kind, &t)?;
    collective_at(ctx, op, Level::of(c.group), c.group.name())
}

/// `par.subgroup_ballot` and `par.subgroup_shuffle`: reached by every
/// thread of the subgroup; a shuffle gives its operand's type.
pub(crate) fn verify_exchange(ctx: &Context, op: OpId) -> V {
    if ctx.op_kind(op) == par::SUBGROUP_SHUFFLE {
        same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &ty(ctx, op, 0))?;
    }
    collective_at(ctx, op, Level::Subgroup, "subgroup")
}

pub(crate) fn verify_yield(ctx: &Context, op: OpId) -> V {
    match ctx.parent_op(op).map(|p| ctx.op_kind(p)) {
        Some(par::PARALLEL | par::FOR) => Ok(()),
        _ => Err(op_error(ctx, op, "expects parent op to be par.parallel or par.for")),
    }
}

fn queue(ctx: &Context, op: OpId, i: usize) -> Type {
    queue_element(&ty(ctx, op, i)).expect("the signature checks the queue operand")
}

pub(crate) fn verify_queue_new(ctx: &Context, op: OpId) -> V {
    let q = QueueNew(op);
    let e = queue_element(ctx.value_type(q.queue(ctx))).expect("the signature checks the result");
    if q.unique(ctx) && e != Type::Index {
        return Err(op_error(ctx, op, "'unique' needs index items (nodes or edges)"));
    }
    Ok(())
}

pub(crate) fn verify_ordered_queue_new(ctx: &Context, op: OpId) -> V {
    let q = OrderedQueueNew(op);
    if queue_element(ctx.value_type(q.queue(ctx))) != Some(Type::Index) {
        return Err(op_error(ctx, op, "an ordered queue holds index items (nodes)"));
    }
    match buf_element(ctx.value_type(q.key(ctx))) {
        Some(t) if t == Type::i64() => Ok(()),
        _ => Err(op_error(ctx, op, format!("the key must be a !par.buf<i64>, got {}", ctx.value_type(q.key(ctx))))),
    }
}

/// `par.queue_push`, `par.queue_claim`, `par.queue_put`: an item of the
/// queue's type.
pub(crate) fn verify_queue_item(ctx: &Context, op: OpId) -> V {
    same(ctx, op, "item", &ty(ctx, op, 0), &queue(ctx, op, 1))
}

/// `par.shared`: a positive size, made at its team body's top level (by
/// every thread of each block together).
pub(crate) fn verify_shared(ctx: &Context, op: OpId) -> V {
    verify_in_team(ctx, op)?;
    let n = Shared(op).size(ctx);
    if n < 1 {
        return Err(op_error(ctx, op, format!("'size' must be positive, got {n}")));
    }
    if ctx.parent_op(op).is_none_or(|p| ctx.op_kind(p) != par::PARALLEL) {
        return Err(op_error(ctx, op, "must be at its team body's top level, where every thread of a block makes it"));
    }
    Ok(())
}

pub(crate) fn verify_block_barrier(ctx: &Context, op: OpId) -> V {
    collective_at(ctx, op, Level::Block, "block")
}

pub(crate) fn verify_local(ctx: &Context, op: OpId) -> V {
    match Local(op).size(ctx) {
        Some(n) if n < 1 => Err(op_error(ctx, op, format!("'size' must be positive, got {n}"))),
        _ => Ok(()),
    }
}

pub(crate) fn verify_queue_items(ctx: &Context, op: OpId) -> V {
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &crate::types::buf(&queue(ctx, op, 0)))
}

#[cfg(test)]
mod tests;
