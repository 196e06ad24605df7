//! Canonicalization of branches as upstream MLIR's: a branch (`cf.br`,
//! `cf.cond_br`, `cf.switch`) to a block that only branches on goes
//! straight to that block's destination; a `cf.cond_br` with one
//! destination becomes a `cf.br` (its differing operands `arith.select`s);
//! a branch on a condition or flag its block's only predecessor branched on
//! already takes the way that predecessor's edge decided.

use crate::arith::op as arith;
use crate::cf::op as cf;
use crate::cf::{branches_to, cond_br_operands, segment_sizes, switch_case_values, switch_op, switch_operands};
use strata_ir::context::{BlockId, Context, OpId, OperationState, Value};
use strata_ir::rewrite::{RewritePattern, Rewriter};
use strata_ir::OpName;

/// Adds the patterns to `v`.
pub fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(PassThroughBr));
    v.push(Box::new(PassThroughCondBr));
    v.push(Box::new(CondBrIdenticalSuccessors));
    v.push(Box::new(CondBrOnSameCondition));
    v.push(Box::new(PassThroughSwitch));
    v.push(Box::new(SwitchOnSameFlag));
}

/// The terminator of the only block that branches to `b`, if exactly one
/// branch (one edge) arrives there.
fn single_predecessor(ctx: &Context, b: BlockId) -> Option<OpId> {
    match branches_to(ctx, b)[..] {
        [t] => Some(t),
        _ => None,
    }
}

/// A `cf.cond_br` whose block only a `cf.cond_br` on the same condition
/// reaches: it goes the way that one went.
struct CondBrOnSameCondition;

impl RewritePattern for CondBrOnSameCondition {
    fn name(&self) -> &'static str {
        "cf-cond-br-same-condition"
    }
    fn root(&self) -> Option<OpName> {
        Some(cf::COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(here) = ctx.parent_block(op) else { return false };
        let Some(pred) = single_predecessor(ctx, here).filter(|p| ctx.isa(*p, cf::COND_BR)) else { return false };
        if ctx.operand(pred, 0) != ctx.operand(op, 0) || ctx.successors(op).len() != 2 {
            return false;
        }
        let i = if ctx.successors(pred)[0] == here { 0 } else { 1 };
        let args = ctx.operands(op)[cond_br_operands(ctx, op, i)].to_vec();
        let st = OperationState::new(cf::BR, ctx.op_loc(op).clone()).operands(&args).successor(ctx.successors(op)[i]);
        rw.create_before(op, st);
        rw.erase_op(op);
        true
    }
}

/// A `cf.switch` whose block only a `cf.switch` on the same flag reaches:
/// through a case, the flag is that case's value and the switch a `cf.br`;
/// through the default, the flag is none of that switch's values, and the
/// cases on them go.
struct SwitchOnSameFlag;

impl RewritePattern for SwitchOnSameFlag {
    fn name(&self) -> &'static str {
        "cf-switch-same-flag"
    }
    fn root(&self) -> Option<OpName> {
        Some(cf::SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(here) = ctx.parent_block(op) else { return false };
        let Some(pred) = single_predecessor(ctx, here).filter(|p| ctx.isa(*p, cf::SWITCH)) else { return false };
        let flag = ctx.operand(op, 0);
        let (Some(outer), Some(inner)) = (switch_case_values(ctx, pred), switch_case_values(ctx, op)) else {
            return false;
        };
        let succ = ctx.successors(op).to_vec();
        if ctx.operand(pred, 0) != flag || inner.len() + 1 != succ.len() {
            return false;
        }
        let ops = ctx.operands(op);
        let arm = |i: usize| (succ[i], ops[switch_operands(ctx, op, i)].to_vec());
        let loc = ctx.op_loc(op).clone();
        let pred_succ = ctx.successors(pred);
        if pred_succ[0] == here {
            // Reached by the default: drop the cases the outer switch took.
            let kept: Vec<usize> = (0..inner.len()).filter(|k| !outer.contains(&inner[*k])).collect();
            if kept.len() == inner.len() {
                return false;
            }
            let cases: Vec<(i128, BlockId, Vec<Value>)> = kept
                .iter()
                .map(|k| {
                    let (b, a) = arm(k + 1);
                    (inner[*k], b, a)
                })
                .collect();
            let mut st = switch_op(loc, flag, &ctx.value_type(flag).clone(), &arm(0), &cases);
            st.attributes = ctx.attrs(op).to_vec();
            rw.create_before(op, st);
        } else {
            let Some(k) = pred_succ[1..].iter().position(|s| *s == here) else { return false };
            let value = outer[k];
            let i = inner.iter().position(|v| *v == value).map_or(0, |j| j + 1);
            let (b, a) = arm(i);
            rw.create_before(op, OperationState::new(cf::BR, loc).operands(&a).successor(b));
        }
        rw.erase_op(op);
        true
    }
}

/// Where a branch to `dest` with `args` really goes: if `dest` holds only a
/// `cf.br` (not to itself) whose block arguments only that branch uses, its
/// destination, with `dest`'s arguments replaced by `args`.
fn collapse(ctx: &Context, dest: BlockId, args: &[Value]) -> Option<(BlockId, Vec<Value>)> {
    let br = ctx.first_op(dest).filter(|b| ctx.last_op(dest) == Some(*b) && ctx.isa(*b, cf::BR))?;
    let next = *ctx.successors(br).first()?;
    let params = ctx.block_args(dest);
    if next == dest || params.iter().any(|a| ctx.uses(*a).iter().any(|u| u.op != br)) {
        return None;
    }
    let forwarded = ctx
        .operands(br)
        .iter()
        .map(|v| match params.iter().position(|a| a == v) {
            Some(i) => args.get(i).copied(),
            None => Some(*v),
        })
        .collect::<Option<Vec<Value>>>()?;
    Some((next, forwarded))
}

/// Each successor (with the operands `args(i)` passes to successor `i`)
/// collapsed where it only branches on; `None` if none is.
fn collapse_all(
    ctx: &Context,
    succ: &[BlockId],
    args: impl Fn(usize) -> Vec<Value>,
) -> Option<Vec<(BlockId, Vec<Value>)>> {
    let mut changed = false;
    let dests = succ
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let a = args(i);
            match collapse(ctx, *d, &a) {
                Some(c) => {
                    changed = true;
                    c
                }
                None => (*d, a),
            }
        })
        .collect();
    changed.then_some(dests)
}

/// `cf.br ^a(...)` where `^a` only branches on.
struct PassThroughBr;

impl RewritePattern for PassThroughBr {
    fn name(&self) -> &'static str {
        "cf-br-pass-through"
    }
    fn root(&self) -> Option<OpName> {
        Some(cf::BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(&dest) = ctx.successors(op).first() else { return false };
        let Some((next, args)) = collapse(ctx, dest, ctx.operands(op)) else { return false };
        let st = OperationState::new(cf::BR, ctx.op_loc(op).clone()).operands(&args).successor(next);
        rw.create_before(op, st);
        rw.erase_op(op);
        true
    }
}

/// `cf.cond_br` with a destination that only branches on.
struct PassThroughCondBr;

impl RewritePattern for PassThroughCondBr {
    fn name(&self) -> &'static str {
        "cf-cond-br-pass-through"
    }
    fn root(&self) -> Option<OpName> {
        Some(cf::COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let succ = ctx.successors(op).to_vec();
        if succ.len() != 2 {
            return false;
        }
        let ops = ctx.operands(op);
        let Some(dests) = collapse_all(ctx, &succ, |i| ops[cond_br_operands(ctx, op, i)].to_vec()) else {
            return false;
        };
        let new = cond_br(ctx, op, ops[0], &dests[0], &dests[1]);
        rw.create_before(op, new);
        rw.erase_op(op);
        true
    }
}

/// A `cf.cond_br` like `op` (its location, branch weights and attributes)
/// on `cond` to two destinations with their operands.
fn cond_br(
    ctx: &Context,
    op: OpId,
    cond: Value,
    t: &(BlockId, Vec<Value>),
    f: &(BlockId, Vec<Value>),
) -> OperationState {
    let mut st = OperationState::new(cf::COND_BR, ctx.op_loc(op).clone())
        .operands(&[cond])
        .operands(&t.1)
        .operands(&f.1)
        .successor(t.0)
        .successor(f.0)
        .prop("operandSegmentSizes", segment_sizes(&[1, t.1.len(), f.1.len()]));
    if let Some(w) = ctx.prop(op, "branch_weights") {
        st = st.prop("branch_weights", w.clone());
    }
    st.attributes = ctx.attrs(op).to_vec();
    st
}

/// `cf.cond_br %c, ^a(x), ^a(y)`: `cf.br ^a(x)` when the operands agree;
/// else, where this block is `^a`'s only predecessor, `cf.br` with
/// `arith.select %c` of the operands that differ.
struct CondBrIdenticalSuccessors;

impl RewritePattern for CondBrIdenticalSuccessors {
    fn name(&self) -> &'static str {
        "cf-cond-br-identical-successors"
    }
    fn root(&self) -> Option<OpName> {
        Some(cf::COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let succ = ctx.successors(op).to_vec();
        if succ.len() != 2 || succ[0] != succ[1] {
            return false;
        }
        let ops = ctx.operands(op);
        let (t, f) = (ops[cond_br_operands(ctx, op, 0)].to_vec(), ops[cond_br_operands(ctx, op, 1)].to_vec());
        let cond = ops[0];
        let dest = succ[0];
        if t != f {
            let here = ctx.parent_block(op);
            if branches_to(ctx, dest).iter().any(|t| ctx.parent_block(*t) != here) {
                return false;
            }
        }
        let loc = ctx.op_loc(op).clone();
        let mut merged = Vec::new();
        for (a, b) in t.into_iter().zip(f) {
            if a == b {
                merged.push(a);
                continue;
            }
            let ty = rw.ctx().value_type(a).clone();
            let st = OperationState::new(arith::SELECT, loc.clone()).operands(&[cond, a, b]).results(&[ty]);
            let s = rw.create_before(op, st);
            merged.push(rw.ctx().result(s, 0));
        }
        rw.create_before(op, OperationState::new(cf::BR, loc).operands(&merged).successor(dest));
        rw.erase_op(op);
        true
    }
}

/// `cf.switch` with destinations that only branch on.
struct PassThroughSwitch;

impl RewritePattern for PassThroughSwitch {
    fn name(&self) -> &'static str {
        "cf-switch-pass-through"
    }
    fn root(&self) -> Option<OpName> {
        Some(cf::SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(values) = switch_case_values(ctx, op) else { return false };
        let succ = ctx.successors(op).to_vec();
        if values.len() + 1 != succ.len() {
            return false;
        }
        let ops = ctx.operands(op);
        let Some(dests) = collapse_all(ctx, &succ, |i| ops[switch_operands(ctx, op, i)].to_vec()) else {
            return false;
        };
        let flag = ops[0];
        let ty = ctx.value_type(flag).clone();
        let cases: Vec<(i128, BlockId, Vec<Value>)> =
            values.into_iter().zip(dests[1..].iter()).map(|(v, (b, a))| (v, *b, a.clone())).collect();
        let mut st = switch_op(ctx.op_loc(op).clone(), flag, &ty, &dests[0], &cases);
        st.attributes = ctx.attrs(op).to_vec();
        rw.create_before(op, st);
        rw.erase_op(op);
        true
    }
}

#[cfg(test)]
mod tests;
