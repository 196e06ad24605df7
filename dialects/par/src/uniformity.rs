//! Uniformity in a team: whether a value is the same on every thread of the
//! `par.parallel` around it, and so whether code runs on all of them or on
//! some (divergent code). Collectives — `par.barrier` and a work-sharing
//! `par.for`, which every thread of the team must reach — are legal only
//! where no enclosing branch or loop between them and their team can send
//! threads different ways; their verifiers say which one does.
//!
//! The same question is asked of a block (`par.block_reduce`): there
//! `par.block_id` and what a `par.block_reduce` gives are uniform too,
//! being the same on every thread of one block; and of a subgroup
//! (`par.subgroup_reduce`), which lies in one block: there
//! `par.subgroup_id` and what a `par.subgroup_reduce` or a
//! `par.subgroup_ballot` gives are uniform as well.
//!
//! A value is uniform when it is defined outside the team, or is a result
//! of a pure operation without regions whose operands are all uniform
//! (`par.num_threads`, `par.num_subgroups`, `par.subgroup_size`,
//! `par.num_blocks` and `par.block_size` included). Everything else is taken to differ:
//! `par.thread_id`, a `par.for`'s counter, what a load reads (another
//! thread may have written the element), the results of region operations.
//! A collective is then divergent inside an `scf.if` or `scf.index_switch`
//! on a value that differs, an `scf.for` whose bounds or step differ, an
//! `scf.while` whose condition differs, or the body of a `par.for` (its
//! iterations are spread over the threads). An `scf.while`'s arguments are
//! uniform where every value they take is: the initial ones and what the
//! after region yields for the before region's, what the condition passes
//! on for the after region's (an argument that depends on itself is taken
//! to differ).

use crate::op as par;
use crate::view::Group;
use strata_ir::context::{Context, OpId, Value};
use strata_ir::registry::Traits;
use strata_std::scf::op as scf;

/// The `par.parallel` around `op`, if any.
pub fn team_of(ctx: &Context, op: OpId) -> Option<OpId> {
    ctx.enclosing_op(op, |p| ctx.op_kind(p) == par::PARALLEL)
}

/// The threads a collective needs together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Every thread of the team (`par.barrier`, a work-sharing `par.for`).
    Team,
    /// Every thread of one block (`par.block_reduce`).
    Block,
    /// Every thread of one subgroup (`par.subgroup_reduce`).
    Subgroup,
}

impl Level {
    /// The level of a collective of `group`.
    pub fn of(group: Group) -> Level {
        match group {
            Group::Subgroup => Level::Subgroup,
            Group::Block => Level::Block,
        }
    }
}

/// Whether `v` is the same on every thread of the team `team` (of each of
/// its blocks or subgroups, at `Level::Block` or `Level::Subgroup`).
pub fn is_uniform(ctx: &Context, team: OpId, v: Value, level: Level) -> bool {
    uniform(ctx, team, v, level, &mut Vec::new())
}

/// [`is_uniform`], taking the `scf.while` arguments in `asked` (whose
/// question is open further up) to differ.
fn uniform(ctx: &Context, team: OpId, v: Value, level: Level, asked: &mut Vec<Value>) -> bool {
    let Some(d) = ctx.defining_op(v) else {
        // A block argument: uniform outside the team, and an `scf.while`'s
        // where every value it takes is.
        let block = ctx.value_block(v);
        let owner = block.and_then(|b| ctx.block_parent(b)).and_then(|r| ctx.region_parent(r));
        let Some(owner) = owner.filter(|o| ctx.is_ancestor(team, *o)) else { return true };
        if ctx.op_kind(owner) != scf::WHILE || asked.contains(&v) {
            return false;
        }
        asked.push(v);
        let i = block.map_or(0, |b| ctx.block_args(b).iter().position(|a| *a == v).unwrap_or(0));
        let before = block == ctx.entry_block(ctx.region(owner, 0));
        let takes: Vec<Value> = if before {
            // The initial value and what the after region yields.
            let yielded = while_end(ctx, owner, 1).map(|t| ctx.operand(t, i));
            std::iter::once(ctx.operand(owner, i)).chain(yielded).collect()
        } else {
            // What the condition passes on.
            while_end(ctx, owner, 0).map(|t| ctx.operand(t, i + 1)).into_iter().collect()
        };
        let same = !takes.is_empty() && takes.iter().all(|t| uniform(ctx, team, *t, level, asked));
        asked.pop();
        return same;
    };
    if !ctx.is_ancestor(team, d) {
        return true;
    }
    match ctx.op_kind(d) {
        par::NUM_THREADS | par::NUM_SUBGROUPS | par::SUBGROUP_SIZE | par::NUM_BLOCKS | par::BLOCK_SIZE => return true,
        par::BLOCK_ID | par::BLOCK_REDUCE => return level != Level::Team,
        par::SUBGROUP_ID | par::SUBGROUP_REDUCE | par::SUBGROUP_BALLOT => return level == Level::Subgroup,
        _ => {}
    }
    ctx.regions(d).is_empty()
        && ctx.has_traits(d, Traits::PURE)
        && !matches!(ctx.op_kind(d), par::THREAD_ID | par::LANE_ID | par::BLOCK_THREAD_ID)
        && ctx.operands(d).iter().all(|o| uniform(ctx, team, *o, level, asked))
}

/// The terminator of region `r` (0: before, 1: after) of the `scf.while`
/// `w`, if the region has a single block.
fn while_end(ctx: &Context, w: OpId, r: usize) -> Option<OpId> {
    let blocks = ctx.region_blocks(ctx.region(w, r));
    (blocks.len() == 1).then(|| ctx.last_op(blocks[0])).flatten()
}

/// The operation between `op` and its team that may send the threads that
/// `level` names different ways, with why, or `None` when every one of
/// them reaches `op` (or it is in no team).
pub fn divergence(ctx: &Context, op: OpId, level: Level) -> Option<(OpId, String)> {
    let team = team_of(ctx, op)?;
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur.filter(|p| *p != team) {
        let differs = |i: usize| !is_uniform(ctx, team, ctx.operand(p, i), level);
        let why = match ctx.op_kind(p) {
            scf::IF | scf::INDEX_SWITCH => {
                differs(0).then(|| "branches on a value that may differ between threads".to_string())
            }
            scf::FOR => (0..ctx.operands(p).len().min(3))
                .any(differs)
                .then(|| "has bounds or a step that may differ between threads".to_string()),
            scf::WHILE => while_end(ctx, p, 0)
                .is_none_or(|c| !is_uniform(ctx, team, scf::Condition(c).condition(ctx), level))
                .then(|| "decides each thread's next turn on a value that may differ between threads".to_string()),
            par::FOR => Some("spreads its iterations over the threads".to_string()),
            _ => None,
        };
        if let Some(why) = why {
            return Some((p, why));
        }
        cur = ctx.parent_op(p);
    }
    None
}
