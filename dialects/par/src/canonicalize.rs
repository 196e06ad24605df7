//! Canonicalization patterns of the par dialect:
//!
//! - `par-parallel-merge`: a `par.parallel` followed by another, with only
//!   pure operations, allocations and plain stores into allocations the
//!   first team cannot reach between them, becomes one team: the
//!   operations between move above the first, the second body joins the
//!   first (after a `par.barrier` unless the first ends in a synchronized
//!   point). One team start and join fewer.
//! - `par-parallel-empty`: a `par.parallel` whose body is only its
//!   `par.yield` is erased.
//! - `par-redundant-barrier`: a `par.barrier` right after a work-sharing
//!   `par.for` or another barrier, first in a team's body, or last before the
//!   team ends is erased: the team is already waiting there.
//! - `par-for-no-work`: a `par.for` with constant bounds that give no
//!   iteration, or whose body is only its `par.yield`, does nothing but its
//!   closing barrier: it becomes a `par.barrier`.
//! - `par-dead-read`: a plain `par.load`, a `par.queue_size` or a
//!   `par.queue_items` whose result nobody uses is erased (an atomic load is
//!   kept).
//! - `par-write-only-buffer`: a buffer from `par.alloc` or `par.local` that
//!   is only stored into, reduced into without using the old value, and
//!   freed is erased with those operations.

use crate::op as par;
use crate::op::Store;
use crate::types::buf_element;
use strata_ir::context::{Context, OpId, OperationState, RegionId, Value};
use strata_ir::func::op as func;
use strata_ir::registry::Traits;
use strata_ir::rewrite::{constant_int, EraseWriteOnly, RewritePattern, Rewriter};
use strata_ir::OpName;

use crate::verify::in_team;

/// The operations of `r`, its terminator included, if it has one block
/// (a body lowered to branches has several; the patterns leave it alone).
fn body_ops(ctx: &Context, r: RegionId) -> Option<Vec<OpId>> {
    match ctx.region_blocks(r) {
        [b] => Some(ctx.block_ops(*b)),
        _ => None,
    }
}

/// Whether region `r` is one block holding nothing but its terminator.
fn only_terminator(ctx: &Context, r: RegionId) -> bool {
    body_ops(ctx, r).is_some_and(|ops| ops.len() <= 1)
}

/// Whether `op` is a work-sharing loop or a barrier: after it, every thread
/// of the team has arrived.
fn synchronizes(ctx: &Context, op: OpId) -> bool {
    matches!(ctx.op_kind(op), par::BARRIER) || (ctx.op_name(op) == par::FOR && in_team(ctx, op))
}

/// Whether `op` may move above a `par.parallel`: it has no regions and is
/// pure or allocates (allocating earlier changes nothing else).
fn movable(ctx: &Context, op: OpId) -> bool {
    ctx.regions(op).is_empty()
        && (ctx.has_traits(op, Traits::PURE)
            || matches!(ctx.op_kind(op), par::ALLOC | par::QUEUE_NEW | par::ORDERED_QUEUE_NEW))
}

/// Whether `op`, between the team `team` and the next, may move above
/// `team`: it is [`movable`], or a plain store into a buffer of this
/// function's own allocation (`par.alloc`) that `team` cannot reach, so
/// that storing before the team or after it is the same.
fn movable_across(ctx: &Context, op: OpId, team: OpId) -> bool {
    if movable(ctx, op) {
        return true;
    }
    let Some(store) = Store::of(ctx, op).filter(|s| !s.atomic(ctx)) else { return false };
    let buf = store.buffer(ctx);
    ctx.defining_op(buf).is_some_and(|d| ctx.op_kind(d) == par::ALLOC) && !may_reach(ctx, team, buf)
}

/// Whether a buffer `team` uses may be `buf`, a `par.alloc`'s: it is `buf`,
/// or it comes from outside `team` other than from an allocation, a graph's
/// array or the function's arguments (a value carried by a loop or chosen
/// by a branch might be `buf`).
fn may_reach(ctx: &Context, team: OpId, buf: Value) -> bool {
    let args = ctx
        .enclosing_op(team, |p| ctx.op_name(p) == func::FUNC)
        .and_then(|f| ctx.entry_block(ctx.region(f, 0)))
        .map(|b| ctx.block_args(b).to_vec())
        .unwrap_or_default();
    let known = |v: Value| match ctx.defining_op(v) {
        Some(d) => {
            ctx.enclosing_op(d, |p| p == team).is_some()
                || matches!(ctx.op_kind(d), par::ALLOC | par::GRAPH_ARRAY | par::LOCAL | par::SHARED)
        }
        None => args.contains(&v),
    };
    let mut reach = false;
    ctx.walk_pre(team, &mut |o| {
        for &v in ctx.operands(o) {
            reach |= v == buf || (buf_element(ctx.value_type(v)).is_some() && !known(v));
        }
    });
    reach
}

fn barrier(ctx: &Context, at: OpId) -> OperationState {
    OperationState::new(par::BARRIER, ctx.op_loc(at).clone())
}

struct ParallelMerge;

impl RewritePattern for ParallelMerge {
    fn name(&self) -> &'static str {
        "par-parallel-merge"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(par::PARALLEL)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let mut between = Vec::new();
        let mut next = ctx.next_op(op);
        let second = loop {
            match next {
                Some(n) if ctx.op_name(n) == par::PARALLEL => break n,
                Some(n) if movable_across(ctx, n, op) => between.push(n),
                _ => return false,
            }
            next = ctx.next_op(next.expect("matched Some"));
        };
        let (Some(first_ops), Some(_)) = (body_ops(ctx, ctx.region(op, 0)), body_ops(ctx, ctx.region(second, 0)))
        else {
            return false;
        };
        let Some(&yield_op) = first_ops.last() else { return false };
        let synced = first_ops.len() >= 2 && synchronizes(ctx, first_ops[first_ops.len() - 2]);
        for n in between {
            rw.move_op_before(n, op);
        }
        if !synced && !only_terminator(rw.ctx(), rw.ctx().region(op, 0)) {
            let st = barrier(rw.ctx(), second);
            rw.create_before(yield_op, st);
        }
        let body = rw.ctx().region(second, 0);
        rw.inline_region_before(body, yield_op, &[]);
        rw.erase_op(second);
        rw.notify_modified(op);
        true
    }
}

struct ParallelEmpty;

impl RewritePattern for ParallelEmpty {
    fn name(&self) -> &'static str {
        "par-parallel-empty"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(par::PARALLEL)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        if !only_terminator(rw.ctx(), rw.ctx().region(op, 0)) {
            return false;
        }
        rw.erase_op(op);
        true
    }
}

struct RedundantBarrier;

impl RewritePattern for RedundantBarrier {
    fn name(&self) -> &'static str {
        "par-redundant-barrier"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(par::BARRIER)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let team_body = ctx
            .parent_op(op)
            .is_some_and(|p| ctx.op_name(p) == par::PARALLEL && ctx.region_blocks(ctx.region(p, 0)).len() == 1);
        let after_sync = ctx.prev_op(op).is_some_and(|p| synchronizes(ctx, p));
        let first = team_body && ctx.prev_op(op).is_none();
        let last = team_body && ctx.next_op(op).is_some_and(|n| ctx.op_name(n) == par::YIELD);
        if !(after_sync || first || last) {
            return false;
        }
        rw.erase_op(op);
        true
    }
}

struct ForNoWork;

impl RewritePattern for ForNoWork {
    fn name(&self) -> &'static str {
        "par-for-no-work"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(par::FOR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let bound = |i| constant_int(ctx, ctx.operand(op, i));
        let empty_range = matches!((bound(0), bound(1)), (Some(lo), Some(hi)) if lo >= hi);
        if !empty_range && !only_terminator(ctx, ctx.region(op, 0)) {
            return false;
        }
        let st = barrier(ctx, op);
        rw.create_before(op, st);
        rw.erase_op(op);
        true
    }
}

struct DeadRead(OpName);

impl RewritePattern for DeadRead {
    fn name(&self) -> &'static str {
        "par-dead-read"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        if !rw.ctx().results_unused(op) || crate::op::Load::of(rw.ctx(), op).is_some_and(|l| l.atomic(rw.ctx())) {
            return false;
        }
        rw.erase_op(op);
        true
    }
}

/// Whether `user` only writes into its operand #`index` (a buffer) or frees it.
fn writes_only(ctx: &Context, user: OpId, index: u32) -> bool {
    match ctx.op_kind(user) {
        par::STORE => index == 1,
        par::ATOMIC_RMW => index == 1 && ctx.results_unused(user),
        par::FREE => true,
        _ => false,
    }
}

/// `par-write-only-buffer` for the buffers made by `root`.
fn write_only_buffer(root: OpName) -> Box<dyn RewritePattern> {
    Box::new(EraseWriteOnly { name: "par-write-only-buffer", root, writes_only })
}

/// The patterns rooted at `par.parallel`.
pub fn parallel_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(ParallelEmpty));
    v.push(Box::new(ParallelMerge));
}

/// The pattern rooted at `par.barrier`.
pub fn barrier_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(RedundantBarrier));
}

/// The pattern rooted at `par.for`.
pub fn for_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(ForNoWork));
}

/// The pattern rooted at `par.load`.
pub fn load_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(DeadRead(par::LOAD)));
}

/// The pattern rooted at `par.queue_size`.
pub fn queue_size_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(DeadRead(par::QUEUE_SIZE)));
}

/// The pattern rooted at `par.queue_items`.
pub fn queue_items_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(DeadRead(par::QUEUE_ITEMS)));
}

/// The pattern rooted at `par.alloc`.
pub fn alloc_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(write_only_buffer(par::ALLOC));
}

/// The pattern rooted at `par.local`.
pub fn local_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(write_only_buffer(par::LOCAL));
}

#[cfg(test)]
mod tests;
