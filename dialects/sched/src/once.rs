//! Pushes that add each item at most once a round, so that a `unique`
//! worklist need not claim the item first (an atomic exchange on the item's
//! round stamp, for every push).
//!
//! A `graph.push` of `%u` into the worklist a `graph.iterate` runs is done
//! at most once per item and round when:
//!
//! - the worklist is not ordered (its pushes are never claimed: they are
//!   placed in buckets by their keys);
//! - it is the only push into that worklist in the round's body;
//! - it pushes its loop's own item, of a loop that visits each item once
//!   (over `nodes`, `edges`, or the items of a worklist that holds each
//!   once a round) and runs once a round, with nothing but `scf.if`s and
//!   `graph.single`s between the round and the loop and between the loop
//!   and the push (a node that pushes itself back: each iteration pushes a
//!   different item, once); or
//! - it runs only in the then-branch of an `scf.if` on the `changed`
//!   result of a `graph.reduce` at `%u` whose operator is `min`, `max`,
//!   `and` or `or` and whose value is the same for the whole round (defined
//!   outside every loop of the round's body that holds the reduction), or on
//!   an `arith.cmpi eq` of the result of a `graph.fetch_add` at `%u` of a
//!   constant other than 0 and a value the same for the whole round (the
//!   element's values the fetch_add returns in a round only go one way, so
//!   one of them at most equals it: k-core's count falling to `k - 1`);
//! - nothing else in the round's body writes the reduced property.
//!
//! The first reduction that changes `%u`'s element makes it the round's
//! value; every later one in the round finds it so (the operators are
//! idempotent) and reports no change: only one push of `%u` runs. Such a
//! push is what GAPBS's BFS does on a successful compare-and-swap. The
//! decision is recorded on the push as the unit attribute [`ONCE_PER_ROUND`]
//! by `convert-graph-to-sched`.

use strata_graph_dialect::foreach::{is_foreach, ranges_of, Ranges};
use strata_graph_dialect::op as graph;
use strata_graph_dialect::op::{FetchAdd, Iterate, Push, Reduce};
use strata_graph_dialect::view::ReduceKind;
use strata_graph_dialect::worklist::holds_items_once;
use strata_ir::context::{Context, OpId, Value, ValueDef};
use strata_ir::rewrite::constant_int;
use strata_std::arith::op as arith;
use strata_std::arith::CmpiPredicate;
use strata_std::scf::op as scf;

use crate::legality::defined_inside;

/// The attribute on a `graph.push` that adds each item at most once a round.
pub const ONCE_PER_ROUND: &str = "sched.once_per_round";

/// The `graph.iterate` over the worklist of the `graph.push` `push` that
/// holds it: the push adds to that loop's next round.
pub fn round_of(ctx: &Context, push: OpId) -> Option<OpId> {
    let worklist = Push(push).worklist(ctx);
    let mut round = ctx.parent_op(push);
    while let Some(r) = round.filter(|r| Iterate::of(ctx, *r).is_none_or(|i| i.worklist(ctx) != worklist)) {
        round = ctx.parent_op(r);
    }
    round
}

/// Whether the `graph.push` `push` adds each item at most once a round of
/// the `graph.iterate` around it: the loop whose own item it pushes or the
/// reduction that guards it, or why that is not known.
pub fn pushes_once_per_round(ctx: &Context, push: OpId) -> Result<OpId, String> {
    let p = Push(push);
    let (item, worklist) = (p.item(ctx), p.worklist(ctx));
    let Some(round) = round_of(ctx, push) else {
        return Err("it is not inside a 'graph.iterate' over its worklist".into());
    };
    if strata_graph_dialect::worklist::is_ordered(ctx, worklist) {
        return Err("its worklist is ordered: pushes are placed in buckets by their keys, never claimed".into());
    }
    let mut pushes = 0;
    ctx.walk_pre(round, &mut |o| pushes += usize::from(Push::of(ctx, o).is_some_and(|q| q.worklist(ctx) == worklist)));
    if pushes > 1 {
        return Err(format!("the round at {} pushes into the worklist at {pushes} places", ctx.op_loc(round).short()));
    }
    if let Some(lp) = own_item_loop(ctx, push, round, item) {
        return Ok(lp);
    }
    let idempotent = [ReduceKind::Min, ReduceKind::Max, ReduceKind::And, ReduceKind::Or];
    // What guards the push, the value that must be the same for the whole
    // round, and the property it updates.
    let (guarding, invariant, target, what) = match guard(ctx, push, round, item, &idempotent) {
        Some(reduce) => (reduce, Reduce(reduce).value(ctx), Reduce(reduce).target(ctx), "reduction"),
        None => match threshold_guard(ctx, push, round, item) {
            Some((fetch, threshold)) => {
                let f = FetchAdd(fetch);
                if constant_int(ctx, f.value(ctx)).is_none_or(|v| v == 0) {
                    return Err(format!(
                        "the fetch_add at {} does not add a constant other than 0, so its element may pass the value compared more than once",
                        ctx.op_loc(fetch).short()
                    ));
                }
                (fetch, threshold, f.target(ctx), "fetch_add")
            }
            None => {
                return Err("it neither pushes the own item of a loop that runs once a round, nor runs only when a 'min', 'max', 'and' or 'or' reduction into its item's element reports a change or when a 'fetch_add' of a constant into it returns a value compared for equality".into())
            }
        },
    };
    let at = ctx.op_loc(guarding).short();
    let mut top = guarding;
    while let Some(parent) = ctx.parent_op(top).filter(|p| *p != round) {
        top = parent;
    }
    if top != guarding && defined_inside(ctx, invariant, top) {
        let which =
            if what == "reduction" { "the value of the reduction" } else { "the value compared with the fetch_add" };
        return Err(format!("{which} at {at} may differ within a round"));
    }
    let mut writer = None;
    ctx.walk_pre(round, &mut |o| {
        if writer.is_none() && o != guarding && ctx.op_kind(o) != graph::LOAD && ctx.operands(o).contains(&target) {
            writer = Some(o);
        }
    });
    match writer {
        Some(w) => Err(format!(
            "'{}' at {} writes the property the {what} at {at} changes",
            ctx.op_kind(w),
            ctx.op_loc(w).short()
        )),
        None => Ok(guarding),
    }
}

/// The loop whose own item `item` is, where it visits each item once and
/// runs once a round of `round`, and the push `push` runs at most once an
/// iteration of it: only `scf.if`s and `graph.single`s lie between the
/// round and the loop, and between the loop and the push.
fn own_item_loop(ctx: &Context, push: OpId, round: OpId, item: Value) -> Option<OpId> {
    let ValueDef::Argument(block, 0) = ctx.value_def(item) else { return None };
    let lp = ctx.block_parent(block).and_then(|r| ctx.region_parent(r)).filter(|l| is_foreach(ctx, *l))?;
    let distinct = match ranges_of(ctx, lp)? {
        Ranges::Nodes { .. } | Ranges::Edges { .. } => true,
        Ranges::Items { worklist } => holds_items_once(ctx, worklist),
        _ => false,
    };
    let at_most_once = |inner: OpId, outer: OpId| {
        let mut op = ctx.parent_op(inner);
        while let Some(o) = op.filter(|o| *o != outer) {
            if ![scf::IF, graph::SINGLE].contains(&ctx.op_kind(o)) {
                return false;
            }
            op = ctx.parent_op(o);
        }
        op == Some(outer)
    };
    (distinct && at_most_once(push, lp) && at_most_once(lp, round)).then_some(lp)
}

/// The conditions of the `scf.if`s between `op` and `outer` that run `op`
/// in their then-branch, innermost first.
fn then_conditions(ctx: &Context, op: OpId, outer: OpId) -> Vec<Value> {
    let mut conditions = Vec::new();
    let mut child = op;
    while let Some(p) = ctx.parent_op(child).filter(|p| *p != outer) {
        let in_then = ctx.parent_block(child).and_then(|b| ctx.block_parent(b)) == Some(ctx.region(p, 0));
        if ctx.op_kind(p) == scf::IF && in_then {
            conditions.push(scf::If(p).condition(ctx));
        }
        child = p;
    }
    conditions
}

/// The reduction at `item`, of one of `kinds`, on whose `changed` result
/// an `scf.if` (between `op` and `outer`) runs `op` in its then-branch.
pub fn guard(ctx: &Context, op: OpId, outer: OpId, item: Value, kinds: &[ReduceKind]) -> Option<OpId> {
    then_conditions(ctx, op, outer).into_iter().find_map(|cond| {
        ctx.defining_op(cond).filter(|d| {
            Reduce::of(ctx, *d).is_some_and(|r| {
                kinds.contains(&r.kind(ctx)) && r.index(ctx) == Some(item) && ctx.results(*d).first() == Some(&cond)
            })
        })
    })
}

/// The `graph.fetch_add` at `item`, and the value its result is compared
/// with for equality (`arith.cmpi eq`) by an `scf.if` (between `op` and
/// `outer`) that runs `op` in its then-branch. Where the fetch_add is the
/// only write to the property in a round and adds a constant other than 0,
/// the element's values it returns in the round only go one way, so only
/// one of them equals the value compared: the branch runs once per item
/// and round (k-core's peel, when a count falls from k to k - 1).
pub fn threshold_guard(ctx: &Context, op: OpId, outer: OpId, item: Value) -> Option<(OpId, Value)> {
    then_conditions(ctx, op, outer).into_iter().find_map(|cond| {
        let c = ctx.defining_op(cond).and_then(|d| arith::Cmpi::of(ctx, d))?;
        if c.predicate(ctx) != CmpiPredicate::Eq {
            return None;
        }
        let fetch_of =
            |v: Value| ctx.defining_op(v).filter(|d| FetchAdd::of(ctx, *d).is_some_and(|f| f.index(ctx) == Some(item)));
        let (lhs, rhs) = (c.lhs(ctx), c.rhs(ctx));
        fetch_of(lhs).map(|f| (f, rhs)).or_else(|| fetch_of(rhs).map(|f| (f, lhs)))
    })
}
