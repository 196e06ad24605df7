//! Bucket fusion: the loop over a round of an ordered worklist lets each
//! thread, once its share of the round is done, run at once the items it
//! pushed into the round's bucket (while they are fewer than the schedule's
//! `fusion`), instead of leaving them to the next round: a bucket of a few
//! items no longer costs a round (two barriers and the advance) each time
//! it refills. GAPBS's Δ-stepping does the same.
//!
//! The rounds then no longer follow the worklist's definition, in which a
//! pushed node is placed when its round ends and runs in a later round; a
//! thread also places its pushes itself, by the key when it pushes. Both
//! give the same result when the loop `l` over the items of `%wl` (made by
//! `graph.new_ordered_worklist %g, %key, %delta` in the same function):
//!
//! - is the whole body of the `graph.iterate` over `%wl` (no other work
//!   between rounds) and runs in parallel with buffered pushes;
//! - is the only loop that pushes into `%wl` (other pushes are in code
//!   outside loops, placed between rounds), which goes to no call;
//! - writes nothing but `%key`, by `graph.reduce min` whose `changed` result
//!   runs a push of the same node into `%wl` (the then-branch of an
//!   `scf.if` on it), and pushes only that way: a key only falls, and each
//!   fall is pushed, so the lowest key any pusher read is the key the round
//!   would end with, and an item runs after its last fall whichever round
//!   that is; what it reads is either the key (falling) or fixed.
//!
//! Nodes may then run more often or less, as rounds in parallel already
//! allow: programs whose result depends on that are not order-independent
//! rounds in the first place.

use strata_graph_dialect::foreach::{is_foreach, worklist_of};
use strata_graph_dialect::op as graph;
use strata_graph_dialect::op::{Iterate, NewOrderedWorklist, Push, Reduce};
use strata_graph_dialect::view::ReduceKind;
use strata_ir::context::{Context, OpId, Value};
use strata_ir::rewrite::is_pure;
use strata_std::scf::op as scf;

use crate::op as sched;
use crate::schedule::{Keyword, LoopSchedule, Mapping, Pushes};

/// The attribute on a `graph.new_ordered_worklist` whose rounds are fused:
/// threads place their pushes themselves.
pub const FUSED_ROUNDS: &str = "sched.fused_rounds";

/// Whether the loop `l` (with schedule `s`) may fuse the rounds of its
/// ordered worklist, or why not.
pub fn fusable(ctx: &Context, l: OpId, s: &LoopSchedule) -> Result<(), String> {
    let Some(wl) = worklist_of(ctx, l) else {
        return Err("bucket fusion needs a loop over the items of an ordered worklist".into());
    };
    let Some(new) = ctx.defining_op(wl).filter(|d| ctx.op_name(*d) == graph::NEW_ORDERED_WORKLIST) else {
        return Err("bucket fusion needs a worklist made by 'graph.new_ordered_worklist' in the same function".into());
    };
    if s.mapping != Mapping::Thread {
        return Err(format!(
            "bucket fusion needs mapping 'thread', not '{}': a thread runs its own items",
            s.mapping.keyword()
        ));
    }
    if s.pushes != Pushes::Buffered {
        return Err("bucket fusion needs pushes 'buffered': a thread places the pushes it buffered".into());
    }
    let round = ctx.parent_op(l).and_then(|r| Iterate::of(ctx, r));
    if round.is_none_or(|i| i.worklist(ctx) != wl) {
        return Err("bucket fusion needs the loop directly in the 'graph.iterate' over its worklist".into());
    }
    let others = ctx.block_ops(ctx.parent_block(l).expect("in a block")).into_iter().filter(|o| *o != l);
    if let Some(o) = others.into_iter().find(|o| ctx.op_kind(*o) != graph::YIELD) {
        return Err(format!(
            "bucket fusion needs the loop to be its round's only work: '{}' at {} runs between rounds",
            ctx.op_name(o),
            ctx.op_loc(o).short()
        ));
    }
    if let Some(why) = placed_elsewhere(ctx, l, wl) {
        return Err(format!("bucket fusion is illegal: {why}"));
    }
    let key = NewOrderedWorklist(new).key(ctx);
    let mut why = None;
    ctx.walk_pre(l, &mut |o| {
        if why.is_none() && o != l {
            why = writes_otherwise(ctx, o, l, wl, key);
        }
    });
    match why {
        Some(w) => Err(format!("bucket fusion is illegal: {w}")),
        None => Ok(()),
    }
}

/// Why some push into `wl` outside the loop `l` would be placed by its
/// key when pushed rather than when its round ends, or `None`: a push in
/// another loop (its thread places it), or the worklist handed to a call.
fn placed_elsewhere(ctx: &Context, l: OpId, wl: Value) -> Option<String> {
    let mut why = None;
    for u in ctx.uses(wl) {
        let o = u.op;
        if why.is_some() || ctx.is_ancestor(l, o) {
            continue;
        }
        let at = ctx.op_loc(o).short();
        if ctx.op_kind(o) == graph::PUSH {
            if ctx.enclosing_op(o, |p| is_foreach(ctx, p)).is_some() {
                why = Some(format!("the push at {at} is in another loop, whose threads would place it"));
            }
        } else if !matches!(ctx.op_kind(o), graph::ITERATE | graph::FOREACH | sched::FOREACH) {
            why = Some(format!("'{}' at {at} takes the worklist", ctx.op_name(o)));
        }
    }
    why
}

/// Why `o` (inside the loop `l`) is a write other than a pushed fall of
/// the key, or `None`.
fn writes_otherwise(ctx: &Context, o: OpId, l: OpId, wl: Value, key: Value) -> Option<String> {
    let at = ctx.op_loc(o).short();
    match ctx.op_kind(o) {
        graph::LOAD | graph::YIELD | graph::FOREACH | sched::FOREACH | scf::IF | scf::YIELD | scf::FOR => None,
        graph::PUSH => {
            let p = Push(o);
            if p.worklist(ctx) != wl {
                return Some(format!("the push at {at} adds to another worklist"));
            }
            match pushing_fall(ctx, o, l, p.item(ctx)) {
                Some(r) if Reduce(r).target(ctx) == key => None,
                _ => Some(format!(
                    "the push at {at} does not run only when a 'graph.reduce min' into its item's key reports a change"
                )),
            }
        }
        graph::REDUCE => {
            let r = Reduce(o);
            if r.target(ctx) != key || r.kind(ctx) != ReduceKind::Min {
                return Some(format!("the reduction at {at} writes something other than a falling key"));
            }
            let mut pushed = false;
            ctx.walk_pre(l, &mut |p| {
                pushed |= Push::of(ctx, p).is_some_and(|q| pushing_fall(ctx, p, l, q.item(ctx)) == Some(o));
            });
            (!pushed).then(|| format!("the key falls at {at} without a push of its node"))
        }
        _ if is_pure(ctx, o) => None,
        _ => Some(format!("'{}' at {at} may write memory", ctx.op_name(o))),
    }
}

/// The `graph.reduce min` at `item` whose `changed` result runs `op`
/// (inside the loop `l`).
fn pushing_fall(ctx: &Context, op: OpId, l: OpId, item: Value) -> Option<OpId> {
    crate::once::guard(ctx, op, l, item, &[ReduceKind::Min])
}
