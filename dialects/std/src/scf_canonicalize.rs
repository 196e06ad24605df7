//! Canonicalization patterns of the `scf` dialect: what upstream MLIR's
//! `scf.if`, `scf.for` and `scf.while` canonicalizations do, written on
//! this project's rewriter.

use crate::arith::op as arith;
use crate::arith::op::Cmpi;
use crate::arith::{bool_constant, negation_of, not};
use crate::scf::op as scf;
use crate::scf::{region_terminator, types_of};
use strata_ir::context::{Context, OpId, OperationState, RegionId, Value};
use strata_ir::rewrite::{constant_int, RewritePattern, Rewriter};
use strata_ir::{Attribute, OpName, Type};

/// Adds the scf canonicalization patterns to `v` (once: every scf op
/// names this function).
pub fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    if v.iter().any(|p| p.name() == IfConstantCondition.name()) {
        return;
    }
    // In upstream's order (a fold first, then its patterns as it lists
    // them): which applies first decides the form printed.
    v.push(Box::new(IfNegatedCondition));
    v.push(Box::new(IfCombine));
    v.push(Box::new(IfCombineNested));
    v.push(Box::new(IfConditionPropagation));
    v.push(Box::new(IfToSelect));
    v.push(Box::new(IfRemoveEmptyElse));
    v.push(Box::new(IfConstantCondition));
    v.push(Box::new(IfRemoveUnusedResults));
    v.push(Box::new(IfYieldCondition));
    v.push(Box::new(ForZeroTrips));
    v.push(Box::new(ForSingleTrip));
    v.push(Box::new(ForEmptyBody));
    v.push(Box::new(ForIterArgs));
    v.push(Box::new(WhileZeroTrips));
    v.push(Box::new(WhileConditionTruth));
    v.push(Box::new(WhileCompareCondition));
    v.push(Box::new(WhileResults));
    v.push(Box::new(WhileUnusedArgs));
    v.push(Box::new(WhileAlignArgs));
}

// ----- helpers -----

/// The values a region's terminator passes on.
fn yielded(ctx: &Context, r: RegionId) -> Vec<Value> {
    region_terminator(ctx, r).map(|t| ctx.operands(t).to_vec()).unwrap_or_default()
}

/// True if `v` is defined in region `r` itself (not in a nested region).
fn defined_in(ctx: &Context, v: Value, r: RegionId) -> bool {
    ctx.value_block(v).and_then(|b| ctx.block_parent(b)) == Some(r)
}

/// True if `v` is defined outside `op` (neither in it nor below it).
pub(crate) fn defined_outside(ctx: &Context, v: Value, op: OpId) -> bool {
    match ctx.value_block(v).and_then(|b| ctx.block_parent(b)).and_then(|r| ctx.region_parent(r)) {
        Some(p) => !ctx.is_ancestor(op, p),
        None => true,
    }
}

/// True if operation `o` is in region `r`, at any depth.
fn op_in_region(ctx: &Context, mut o: OpId, r: RegionId) -> bool {
    loop {
        let Some(region) = ctx.parent_block(o).and_then(|b| ctx.block_parent(b)) else { return false };
        if region == r {
            return true;
        }
        match ctx.region_parent(region) {
            Some(p) => o = p,
            None => return false,
        }
    }
}

/// True if `v` is an `i1` constant `want`.
fn is_bool(ctx: &Context, v: Value, want: bool) -> bool {
    *ctx.value_type(v) == Type::i1() && constant_int(ctx, v).is_some_and(|c| (c != 0) == want)
}

/// A binary `arith` operation on `i1` values before `anchor`.
fn bool_binary(rw: &mut Rewriter<'_>, anchor: OpId, name: OpName, lhs: Value, rhs: Value) -> Value {
    let loc = rw.ctx().op_loc(anchor).clone();
    let o = rw.create_before(anchor, OperationState::new(name, loc).operands(&[lhs, rhs]).results(&[Type::i1()]));
    rw.ctx().result(o, 0)
}

fn set_operands(rw: &mut Rewriter<'_>, op: OpId, vs: &[Value]) {
    rw.modify_in_place(op, |c| c.set_operands(op, vs));
}

/// Appends `scf.yield vs` to region `r`'s entry block.
fn append_yield(rw: &mut Rewriter<'_>, r: RegionId, vs: &[Value], loc: strata_ir::Location) {
    let b = rw.ctx().entry_block(r).expect("a block");
    rw.create_at_end(b, OperationState::new(scf::YIELD, loc).operands(vs));
}

/// A new `scf.if` before `anchor` taking the blocks of `then_r` and
/// `else_r` (when given), with `op`'s discardable attributes.
fn new_if(
    rw: &mut Rewriter<'_>,
    anchor: OpId,
    cond: Value,
    types: &[Type],
    then_r: RegionId,
    else_r: Option<RegionId>,
) -> OpId {
    let (t, e) = (rw.new_region(), rw.new_region());
    rw.move_region_blocks(then_r, t, 0);
    if let Some(src) = else_r {
        rw.move_region_blocks(src, e, 0);
    }
    let mut st = OperationState::new(scf::IF, rw.ctx().op_loc(anchor).clone()).operands(&[cond]).results(types);
    st.attributes = rw.ctx().attrs(anchor).to_vec();
    st.regions = vec![t, e];
    rw.create_before(anchor, st)
}

fn has_else(ctx: &Context, op: OpId) -> bool {
    !ctx.region_blocks(ctx.region(op, 1)).is_empty()
}

// ----- scf.if -----

/// `scf.if` on a constant: the branch taken, inlined.
struct IfConstantCondition;

impl RewritePattern for IfConstantCondition {
    fn name(&self) -> &'static str {
        "scf-if-constant-condition"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let Some(c) = constant_int(rw.ctx(), rw.ctx().operand(op, 0)) else { return false };
        let region = rw.ctx().region(op, if c != 0 { 0 } else { 1 });
        if rw.ctx().region_blocks(region).is_empty() {
            if rw.ctx().results(op).is_empty() {
                rw.erase_op(op);
                return true;
            }
            return false;
        }
        let vals = rw.inline_region_before(region, op, &[]);
        rw.replace_op(op, &vals);
        true
    }
}

/// `scf.if (xori %c, true)` with both branches: `scf.if %c` with the
/// branches swapped.
struct IfNegatedCondition;

impl RewritePattern for IfNegatedCondition {
    fn name(&self) -> &'static str {
        "scf-if-negated-condition"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(c) = negation_of(ctx, ctx.operand(op, 0)) else { return false };
        if !has_else(ctx, op) {
            return false;
        }
        let (t, e) = (ctx.region(op, 0), ctx.region(op, 1));
        let spare = rw.new_region();
        rw.move_region_blocks(t, spare, 0);
        rw.move_region_blocks(e, t, 0);
        rw.move_region_blocks(spare, e, 0);
        rw.modify_in_place(op, |ctx| ctx.set_operand(op, 0, c));
        true
    }
}

/// Results no one uses, and results yielding in both branches what an
/// earlier result yields, are dropped from `scf.if` and its yields.
struct IfRemoveUnusedResults;

impl RewritePattern for IfRemoveUnusedResults {
    fn name(&self) -> &'static str {
        "scf-if-remove-unused-results"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let results = ctx.results(op).to_vec();
        // A result yielding what an earlier one yields, in both branches,
        // is that result.
        if has_else(ctx, op) {
            let (tv, ev) = (yielded(ctx, ctx.region(op, 0)), yielded(ctx, ctx.region(op, 1)));
            if tv.len() == results.len() && ev.len() == results.len() {
                for j in 0..results.len() {
                    let earlier = (0..j).find(|i| tv[*i] == tv[j] && ev[*i] == ev[j]);
                    if let Some(i) = earlier.filter(|_| !rw.ctx().uses(results[j]).is_empty()) {
                        rw.replace_all_uses_with(results[j], results[i]);
                    }
                }
            }
        }
        let ctx = rw.ctx();
        let used: Vec<usize> = (0..results.len()).filter(|i| !ctx.uses(results[*i]).is_empty()).collect();
        if used.len() == results.len() {
            return false;
        }
        let types: Vec<Type> = used.iter().map(|i| ctx.value_type(results[*i]).clone()).collect();
        let (t, e) = (ctx.region(op, 0), ctx.region(op, 1));
        for r in [t, e] {
            if let Some(y) = region_terminator(rw.ctx(), r) {
                let vs: Vec<Value> = used.iter().map(|i| rw.ctx().operand(y, *i)).collect();
                set_operands(rw, y, &vs);
            }
        }
        let cond = rw.ctx().operand(op, 0);
        let else_r = has_else(rw.ctx(), op).then_some(e);
        let new = new_if(rw, op, cond, &types, t, else_r);
        for (k, i) in used.iter().enumerate() {
            let r = rw.ctx().result(new, k);
            rw.replace_all_uses_with(results[*i], r);
        }
        rw.erase_op(op);
        true
    }
}

/// Results whose both yielded values come from outside the `scf.if`
/// become `arith.select`s before it (or the value, when both are one).
struct IfToSelect;

impl RewritePattern for IfToSelect {
    fn name(&self) -> &'static str {
        "scf-if-to-select"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        if ctx.results(op).is_empty() || !has_else(ctx, op) {
            return false;
        }
        let (t, e) = (ctx.region(op, 0), ctx.region(op, 1));
        let (tv, ev) = (yielded(ctx, t), yielded(ctx, e));
        let kept: Vec<bool> =
            tv.iter().zip(&ev).map(|(a, b)| defined_in(ctx, *a, t) || defined_in(ctx, *b, e)).collect();
        if kept.iter().all(|k| *k) || tv.len() != ctx.results(op).len() {
            return false;
        }
        let cond = ctx.operand(op, 0);
        let results = ctx.results(op).to_vec();
        let types: Vec<Type> =
            results.iter().zip(&kept).filter(|(_, k)| **k).map(|(r, _)| ctx.value_type(*r).clone()).collect();
        let pick =
            |vs: &[Value]| -> Vec<Value> { vs.iter().zip(&kept).filter(|(_, k)| **k).map(|(v, _)| *v).collect() };
        let (ty, ey) = (region_terminator(ctx, t).expect("yield"), region_terminator(ctx, e).expect("yield"));
        let (tk, ek) = (pick(&tv), pick(&ev));
        set_operands(rw, ty, &tk);
        set_operands(rw, ey, &ek);
        let new = new_if(rw, op, cond, &types, t, Some(e));
        let mut next = 0;
        for (i, r) in results.iter().enumerate() {
            let v = if kept[i] {
                next += 1;
                rw.ctx().result(new, next - 1)
            } else if tv[i] == ev[i] {
                tv[i]
            } else {
                let loc = rw.ctx().op_loc(op).clone();
                let ty = rw.ctx().value_type(*r).clone();
                let st = OperationState::new(arith::SELECT, loc).operands(&[cond, tv[i], ev[i]]).results(&[ty]);
                let s = rw.create_before(new, st);
                rw.ctx().result(s, 0)
            };
            rw.replace_all_uses_with(*r, v);
        }
        rw.erase_op(op);
        true
    }
}

/// Inside the branches, the condition is known: uses of it in the then
/// branch become `true`, in the else branch `false`.
struct IfConditionPropagation;

impl RewritePattern for IfConditionPropagation {
    fn name(&self) -> &'static str {
        "scf-if-condition-propagation"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let cond = ctx.operand(op, 0);
        if constant_int(ctx, cond).is_some() {
            return false;
        }
        let (t, e) = (ctx.region(op, 0), ctx.region(op, 1));
        // Newest use first, the order of MLIR's use lists (it decides
        // which constant is made, and so printed, first).
        let uses: Vec<(OpId, usize, bool)> = ctx
            .uses(cond)
            .iter()
            .rev()
            .filter_map(|u| {
                if op_in_region(ctx, u.op, t) {
                    Some((u.op, u.index as usize, true))
                } else if op_in_region(ctx, u.op, e) {
                    Some((u.op, u.index as usize, false))
                } else {
                    None
                }
            })
            .collect();
        if uses.is_empty() {
            return false;
        }
        let mut constants = [None, None];
        for (user, index, value) in uses {
            let c = match constants[value as usize] {
                Some(c) => c,
                None => *constants[value as usize].insert(bool_constant(rw, op, value)),
            };
            rw.modify_in_place(user, |ctx| ctx.set_operand(user, index, c));
        }
        true
    }
}

/// An `i1` result yielding `true`/`false` is the condition (or its
/// negation); a result yielding one value from both branches is that value.
struct IfYieldCondition;

impl RewritePattern for IfYieldCondition {
    fn name(&self) -> &'static str {
        "scf-if-yield-condition-or-value"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        if ctx.results(op).is_empty() || !has_else(ctx, op) {
            return false;
        }
        let (tv, ev) = (yielded(ctx, ctx.region(op, 0)), yielded(ctx, ctx.region(op, 1)));
        let cond = ctx.operand(op, 0);
        let results = ctx.results(op).to_vec();
        let mut changed = false;
        for ((r, a), b) in results.into_iter().zip(tv).zip(ev) {
            if rw.ctx().uses(r).is_empty() {
                continue;
            }
            let ctx = rw.ctx();
            let with = if a == b {
                a
            } else if is_bool(ctx, a, true) && is_bool(ctx, b, false) {
                cond
            } else if is_bool(ctx, a, false) && is_bool(ctx, b, true) {
                not(rw, op, cond)
            } else {
                continue;
            };
            rw.replace_all_uses_with(r, with);
            changed = true;
        }
        changed
    }
}

/// Two `scf.if`s in a row on the same condition (or one on its negation)
/// become one.
struct IfCombine;

impl RewritePattern for IfCombine {
    fn name(&self) -> &'static str {
        "scf-if-combine"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::IF)
    }
    fn match_and_rewrite(&self, next: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(prev) = ctx.prev_op(next).filter(|p| ctx.isa(*p, scf::IF)) else { return false };
        let (pc, nc) = (ctx.operand(prev, 0), ctx.operand(next, 0));
        let (nt, ne) = (ctx.region(next, 0), ctx.region(next, 1));
        let next_else = has_else(ctx, next).then_some(ne);
        // The blocks of `next` that run when `prev`'s condition holds / not.
        let (on_true, on_false) = if nc == pc {
            (Some(nt), next_else)
        } else if negation_of(ctx, nc) == Some(pc) || negation_of(ctx, pc) == Some(nc) {
            (next_else, Some(nt))
        } else {
            return false;
        };
        let (pt, pe) = (ctx.region(prev, 0), ctx.region(prev, 1));
        let prev_has_else = has_else(ctx, prev);
        // `next` may use `prev`'s results: inside it they are the values
        // the branch that ran yielded.
        let (ptv, pev) = (yielded(ctx, pt), yielded(ctx, pe));
        let mut fixes = Vec::new();
        for (i, r) in ctx.results(prev).iter().enumerate() {
            for u in ctx.uses(*r) {
                if on_true.is_some_and(|reg| op_in_region(ctx, u.op, reg)) {
                    fixes.push((u.op, u.index as usize, ptv[i]));
                } else if on_false.is_some_and(|reg| op_in_region(ctx, u.op, reg)) {
                    fixes.push((u.op, u.index as usize, pev[i]));
                }
            }
        }
        for (user, index, v) in fixes {
            rw.modify_in_place(user, |ctx| ctx.set_operand(user, index, v));
        }
        let mut types: Vec<Type> = types_of(rw.ctx(), rw.ctx().results(prev));
        types.extend(types_of(rw.ctx(), rw.ctx().results(next)));
        let (np, nn) = (rw.ctx().results(prev).len(), rw.ctx().results(next).len());
        let combined = new_if(rw, next, pc, &types, pt, prev_has_else.then_some(pe));
        let (ct, ce) = (rw.ctx().region(combined, 0), rw.ctx().region(combined, 1));
        for (dst, src) in [(ct, on_true), (ce, on_false)] {
            let Some(src) = src else { continue };
            if rw.ctx().region_blocks(dst).is_empty() {
                rw.move_region_blocks(src, dst, 0);
                continue;
            }
            let (first, second) =
                (region_terminator(rw.ctx(), dst).expect("yield"), region_terminator(rw.ctx(), src).expect("yield"));
            let mut vs = rw.ctx().operands(first).to_vec();
            vs.extend_from_slice(rw.ctx().operands(second));
            let loc = rw.ctx().op_loc(second).clone();
            let sb = rw.ctx().entry_block(src).expect("block");
            for o in rw.ctx().block_ops(sb) {
                if o != second {
                    rw.move_op_before(o, first);
                }
            }
            rw.erase_op(first);
            append_yield(rw, dst, &vs, loc);
        }
        let results = rw.ctx().results(combined).to_vec();
        rw.replace_op(prev, &results[..np]);
        rw.replace_op(next, &results[np..np + nn]);
        true
    }
}

/// An else branch that only yields nothing is dropped.
struct IfRemoveEmptyElse;

impl RewritePattern for IfRemoveEmptyElse {
    fn name(&self) -> &'static str {
        "scf-if-remove-empty-else"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let e = ctx.region(op, 1);
        let [b] = ctx.region_blocks(e) else { return false };
        if !ctx.results(op).is_empty() || ctx.first_op(*b) != ctx.last_op(*b) {
            return false;
        }
        rw.erase_block(op, *b);
        true
    }
}

/// `scf.if %a { scf.if %b { ... } }` with nothing else in the outer then
/// branch, and else branches (if any) that only yield: `scf.if (%a and %b)`.
/// The outer results that the inner `scf.if` gives must fall back to what
/// the outer else yields; those yielded from outside become selects on
/// `%a`.
struct IfCombineNested;

/// True if region `r` is empty or one block holding only its terminator.
fn only_yields(ctx: &Context, r: RegionId) -> bool {
    match ctx.region_blocks(r) {
        [] => true,
        [b] => ctx.first_op(*b) == ctx.last_op(*b),
        _ => false,
    }
}

impl RewritePattern for IfCombineNested {
    fn name(&self) -> &'static str {
        "scf-if-combine-nested"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let (then_r, else_r) = (ctx.region(op, 0), ctx.region(op, 1));
        let Some(b) = ctx.entry_block(then_r) else { return false };
        let Some(inner) = ctx.first_op(b).filter(|i| ctx.isa(*i, scf::IF)) else { return false };
        if ctx.next_op(inner) != ctx.last_op(b) || !only_yields(ctx, else_r) || !only_yields(ctx, ctx.region(inner, 1))
        {
            return false;
        }
        let mut then_vals = yielded(ctx, then_r);
        let else_vals = yielded(ctx, else_r);
        let inner_then = yielded(ctx, ctx.region(inner, 0));
        let inner_else = yielded(ctx, ctx.region(inner, 1));
        let mut selects = Vec::new();
        for (i, slot) in then_vals.iter_mut().enumerate() {
            let v = *slot;
            if let Some(k) = ctx.results(inner).iter().position(|r| *r == v) {
                // The inner else must yield what the outer else does.
                if inner_else.get(k) != else_vals.get(i) {
                    return false;
                }
                *slot = inner_then[k];
            } else if defined_in(ctx, v, then_r) {
                return false;
            } else {
                selects.push(i);
            }
        }
        let (a, c) = (ctx.operand(op, 0), ctx.operand(inner, 0));
        let types = types_of(ctx, ctx.results(op));
        let inner_then_r = ctx.region(inner, 0);
        let both = bool_binary(rw, op, arith::ANDI, a, c);
        let new = new_if(rw, op, both, &types, inner_then_r, None);
        let (nt, ne) = (rw.ctx().region(new, 0), rw.ctx().region(new, 1));
        if let Some(y) = region_terminator(rw.ctx(), nt) {
            set_operands(rw, y, &then_vals);
        }
        if !else_vals.is_empty() {
            let loc = rw.ctx().op_loc(op).clone();
            rw.create_block(ne, 0, &[]);
            append_yield(rw, ne, &else_vals, loc);
        }
        let mut results = rw.ctx().results(new).to_vec();
        for i in selects {
            let loc = rw.ctx().op_loc(op).clone();
            let st = OperationState::new(arith::SELECT, loc)
                .operands(&[a, then_vals[i], else_vals[i]])
                .results(std::slice::from_ref(&types[i]));
            let sel = rw.create_before(new, st);
            results[i] = rw.ctx().result(sel, 0);
        }
        rw.replace_op(op, &results);
        true
    }
}

// ----- scf.for -----

/// `ub - lb` when it is known: equal values, two constants, or
/// `ub = arith.addi lb, c overflow<nsw>`.
fn constant_difference(ctx: &Context, ub: Value, lb: Value) -> Option<i128> {
    if ub == lb {
        return Some(0);
    }
    if let (Some(u), Some(l)) = (constant_int(ctx, ub), constant_int(ctx, lb)) {
        return Some(u - l);
    }
    let d = ctx.defining_op(ub).filter(|d| ctx.isa(*d, arith::ADDI))?;
    let nsw = ctx.prop(d, "overflowFlags").is_some_and(|f| f.to_string().contains("nsw"));
    let ops = ctx.operands(d);
    match () {
        _ if !nsw => None,
        _ if ops[0] == lb => constant_int(ctx, ops[1]),
        _ if ops[1] == lb => constant_int(ctx, ops[0]),
        _ => None,
    }
}

/// The trip count facts of a signed `scf.for`: `ub - lb` and the step.
fn trip_facts(ctx: &Context, op: OpId) -> Option<(i128, Option<i128>)> {
    if scf::For(op).unsigned_cmp(ctx) {
        return None;
    }
    let ops = ctx.operands(op);
    Some((constant_difference(ctx, ops[1], ops[0])?, constant_int(ctx, ops[2])))
}

/// A loop that runs no iteration: its results are its initial values.
struct ForZeroTrips;

impl RewritePattern for ForZeroTrips {
    fn name(&self) -> &'static str {
        "scf-for-zero-trips"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::FOR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let ops = ctx.operands(op).to_vec();
        let empty = if scf::For(op).unsigned_cmp(ctx) {
            let bits = ctx.value_type(ops[0]).int_width().unwrap_or(64);
            let unsigned = |v: i128| (v as u128) & (u128::MAX >> (128 - bits.min(128)));
            match (constant_int(ctx, ops[0]), constant_int(ctx, ops[1])) {
                (Some(lb), Some(ub)) => unsigned(lb) >= unsigned(ub),
                _ => ops[0] == ops[1],
            }
        } else {
            trip_facts(ctx, op).is_some_and(|(diff, _)| diff <= 0)
        };
        if !empty {
            return false;
        }
        rw.replace_op(op, &ops[3..]);
        true
    }
}

/// `scf.for` whose bounds give exactly one iteration: inline the body with the induction variable at the lower bound.
struct ForSingleTrip;

impl RewritePattern for ForSingleTrip {
    fn name(&self) -> &'static str {
        "scf-for-single-trip"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::FOR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some((diff, Some(step))) = trip_facts(ctx, op) else { return false };
        if !(diff > 0 && diff <= step) {
            return false;
        }
        let ops = ctx.operands(op).to_vec();
        let mut args = vec![ops[0]];
        args.extend_from_slice(&ops[3..]);
        let region0 = ctx.region(op, 0);
        let vals = rw.inline_region_before(region0, op, &args);
        rw.replace_op(op, &vals);
        true
    }
}

/// A loop known to run, whose body only yields values from outside: its
/// results are those values.
struct ForEmptyBody;

impl RewritePattern for ForEmptyBody {
    fn name(&self) -> &'static str {
        "scf-for-empty-body"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::FOR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        // A step that is not positive stops the loop at run time: it is kept.
        let Some((diff, Some(step))) = trip_facts(ctx, op) else { return false };
        if step <= 0 {
            return false;
        }
        let body = ctx.region(op, 0);
        let Some(b) = ctx.entry_block(body) else { return false };
        if diff <= 0 || ctx.first_op(b) != ctx.last_op(b) {
            return false;
        }
        let vs = yielded(ctx, body);
        if vs.iter().any(|v| !defined_outside(ctx, *v, op)) {
            return false;
        }
        rw.replace_op(op, &vs);
        true
    }
}

/// Loop-carried values that need no carrying: yielded unchanged, yielded
/// as their initial value, duplicates of another (same initial and yielded
/// values), or used by no one inside or after the loop.
struct ForIterArgs;

impl RewritePattern for ForIterArgs {
    fn name(&self) -> &'static str {
        "scf-for-iter-args"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::FOR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let body = ctx.region(op, 0);
        let Some(b) = ctx.entry_block(body) else { return false };
        let Some(y) = ctx.last_op(b).filter(|y| ctx.isa(*y, scf::YIELD)) else { return false };
        let args = ctx.block_args(b)[1..].to_vec();
        let inits = ctx.operands(op)[3..].to_vec();
        let outs = ctx.operands(y).to_vec();
        let results = ctx.results(op).to_vec();
        if args.len() != inits.len() || outs.len() != inits.len() {
            return false;
        }
        // Each carried value is kept, or stands for its initial value, or
        // for an earlier kept one.
        let mut fate: Vec<Carried> = Vec::with_capacity(args.len());
        let mut kept: Vec<usize> = Vec::new();
        for i in 0..args.len() {
            let constant = outs[i] == args[i] || outs[i] == inits[i];
            let unused = ctx.uses(results[i]).is_empty() && ctx.uses(args[i]).is_empty();
            if constant || unused {
                fate.push(Carried::Init);
            } else if let Some(k) = kept.iter().position(|j| inits[*j] == inits[i] && outs[*j] == outs[i]) {
                fate.push(Carried::As(k));
            } else {
                fate.push(Carried::Kept(kept.len()));
                kept.push(i);
            }
        }
        if kept.len() == args.len() {
            return false;
        }
        for (i, f) in fate.iter().enumerate() {
            match f {
                Carried::Init => rw.replace_all_uses_with(args[i], inits[i]),
                Carried::As(k) => rw.replace_all_uses_with(args[i], args[kept[*k]]),
                Carried::Kept(_) => {}
            }
        }
        let kept_outs: Vec<Value> = kept.iter().map(|i| rw.ctx().operand(y, *i)).collect();
        set_operands(rw, y, &kept_outs);
        for i in (0..args.len()).rev() {
            if !matches!(fate[i], Carried::Kept(_)) {
                rw.erase_block_arg(b, i + 1);
            }
        }
        let ctx = rw.ctx();
        let mut operands = ctx.operands(op)[..3].to_vec();
        operands.extend(kept.iter().map(|i| inits[*i]));
        let types: Vec<Type> = kept.iter().map(|i| ctx.value_type(results[*i]).clone()).collect();
        let mut st = OperationState::new(scf::FOR, ctx.op_loc(op).clone()).operands(&operands).results(&types);
        if let Some(Attribute::Dictionary(d)) = ctx.properties(op) {
            st.properties = d.to_vec();
        }
        st.attributes = ctx.attrs(op).to_vec();
        let r = rw.new_region();
        rw.move_region_blocks(body, r, 0);
        st.regions = vec![r];
        let new = rw.create_before(op, st);
        for (i, f) in fate.iter().enumerate() {
            let v = match f {
                Carried::Init => inits[i],
                Carried::As(k) | Carried::Kept(k) => rw.ctx().result(new, *k),
            };
            rw.replace_all_uses_with(results[i], v);
        }
        rw.erase_op(op);
        true
    }
}

/// What becomes of a loop-carried value of `scf.for`.
enum Carried {
    /// Still carried, at this position of the new loop.
    Kept(usize),
    /// Always its initial value.
    Init,
    /// Always equal to the value kept at this position.
    As(usize),
}

// ----- scf.while -----

/// A condition that is `false` on entry: the loop is its before region,
/// run once.
struct WhileZeroTrips;

impl RewritePattern for WhileZeroTrips {
    fn name(&self) -> &'static str {
        "scf-while-zero-trips"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::WHILE)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let before = ctx.region(op, 0);
        let Some(cond) = region_terminator(ctx, before).filter(|c| ctx.isa(*c, scf::CONDITION)) else { return false };
        if !is_bool(ctx, ctx.operand(cond, 0), false) {
            return false;
        }
        let inits = ctx.operands(op).to_vec();
        let forwarded = rw.inline_region_before(before, op, &inits);
        rw.replace_op(op, &forwarded[1..]);
        true
    }
}

/// In the after region, an argument that carries the condition is `true`.
struct WhileConditionTruth;

impl RewritePattern for WhileConditionTruth {
    fn name(&self) -> &'static str {
        "scf-while-condition-truth"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::WHILE)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some((cond, after_args)) = while_parts(ctx, op) else { return false };
        let ops = ctx.operands(cond).to_vec();
        let carried: Vec<Value> = ops[1..]
            .iter()
            .zip(&after_args)
            .filter(|(v, a)| **v == ops[0] && !ctx.uses(**a).is_empty())
            .map(|(_, a)| *a)
            .collect();
        if carried.is_empty() || is_bool(ctx, ops[0], true) {
            return false;
        }
        let t = bool_constant(rw, op, true);
        for a in carried {
            rw.replace_all_uses_with(a, t);
        }
        true
    }
}

/// The `scf.condition` and the after region's arguments of a well-formed
/// `scf.while`.
fn while_parts(ctx: &Context, op: OpId) -> Option<(OpId, Vec<Value>)> {
    let cond = region_terminator(ctx, ctx.region(op, 0)).filter(|c| ctx.isa(*c, scf::CONDITION))?;
    let after = ctx.entry_block(ctx.region(op, 1))?;
    let args = ctx.block_args(after).to_vec();
    (args.len() + 1 == ctx.operands(cond).len()).then_some((cond, args))
}

/// The cmpi ops whose result is the condition, with the same operands in
/// the after region: `true` where the predicate is the same, `false` where
/// it is the inverse.
struct WhileCompareCondition;

impl RewritePattern for WhileCompareCondition {
    fn name(&self) -> &'static str {
        "scf-while-compare-condition"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::WHILE)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some((cond, after_args)) = while_parts(ctx, op) else { return false };
        let Some(cmp) = ctx.defining_op(ctx.operand(cond, 0)).filter(|c| ctx.isa(*c, arith::CMPI)) else {
            return false;
        };
        let pred = Cmpi(cmp).predicate(ctx);
        let cmp_ops = ctx.operands(cmp).to_vec();
        let mut found = Vec::new();
        for (v, a) in ctx.operands(cond)[1..].iter().zip(&after_args) {
            for side in 0..2 {
                if *v != cmp_ops[side] {
                    continue;
                }
                for u in ctx.uses(*a).iter().rev() {
                    let other = ctx.operands(u.op).get(1 - side).copied();
                    if !ctx.isa(u.op, arith::CMPI) || u.index as usize != side || other != Some(cmp_ops[1 - side]) {
                        continue;
                    }
                    let known = match Cmpi(u.op).predicate(ctx) {
                        p if p == pred => true,
                        p if p == pred.inverse() => false,
                        _ => continue,
                    };
                    if !found.iter().any(|(o, _)| *o == u.op) {
                        found.push((u.op, known));
                    }
                }
            }
        }
        if found.is_empty() {
            return false;
        }
        for (user, value) in found {
            if rw.ctx().value_type(rw.ctx().result(user, 0)) != &Type::i1() {
                continue;
            }
            let c = bool_constant(rw, user, value);
            rw.replace_op(user, &[c]);
        }
        true
    }
}

/// Forwarded values no one uses (neither the result nor the after
/// region's argument), values forwarded twice, and values from outside the
/// loop (the same on every iteration): dropped from `scf.condition`, the
/// results and the after region's arguments.
struct WhileResults;

impl RewritePattern for WhileResults {
    fn name(&self) -> &'static str {
        "scf-while-results"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::WHILE)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some((cond, after_args)) = while_parts(ctx, op) else { return false };
        let forwarded = ctx.operands(cond)[1..].to_vec();
        let results = ctx.results(op).to_vec();
        if results.len() != forwarded.len() {
            return false;
        }
        // Per forwarded value: kept, or the kept position that stands for it.
        let mut same_as: Vec<Option<usize>> = vec![None; forwarded.len()];
        let mut kept = Vec::new();
        let mut dropped = vec![false; forwarded.len()];
        let mut outside = vec![false; forwarded.len()];
        for i in 0..forwarded.len() {
            if ctx.uses(results[i]).is_empty() && ctx.uses(after_args[i]).is_empty() {
                dropped[i] = true;
            } else if defined_outside(ctx, forwarded[i], op) {
                // The same value on every iteration and after the loop.
                outside[i] = true;
                dropped[i] = true;
            } else if let Some(&j) = kept.iter().find(|j| forwarded[**j] == forwarded[i]) {
                same_as[i] = Some(j);
                dropped[i] = true;
            } else {
                kept.push(i);
            }
        }
        if kept.len() == forwarded.len() {
            return false;
        }
        for i in 0..forwarded.len() {
            if let Some(j) = same_as[i] {
                rw.replace_all_uses_with(after_args[i], after_args[j]);
            } else if outside[i] {
                rw.replace_all_uses_with(after_args[i], forwarded[i]);
            }
        }
        let mut vs = vec![rw.ctx().operand(cond, 0)];
        vs.extend(kept.iter().map(|i| forwarded[*i]));
        set_operands(rw, cond, &vs);
        let after = rw.ctx().entry_block(rw.ctx().region(op, 1)).expect("after block");
        for i in (0..forwarded.len()).rev() {
            if dropped[i] {
                rw.erase_block_arg(after, i);
            }
        }
        let types: Vec<Type> = kept.iter().map(|i| rw.ctx().value_type(results[*i]).clone()).collect();
        let new = rebuild_while(rw, op, rw.ctx().operands(op).to_vec(), &types);
        for i in 0..forwarded.len() {
            if outside[i] {
                rw.replace_all_uses_with(results[i], forwarded[i]);
            } else if let Some(k) = kept.iter().position(|k| *k == same_as[i].unwrap_or(i)) {
                let v = rw.ctx().result(new, k);
                rw.replace_all_uses_with(results[i], v);
            }
        }
        rw.erase_op(op);
        true
    }
}

/// A new `scf.while` before `op` with `inits`, result `types`, and `op`'s
/// regions and attributes.
fn rebuild_while(rw: &mut Rewriter<'_>, op: OpId, inits: Vec<Value>, types: &[Type]) -> OpId {
    let (b, a) = (rw.ctx().region(op, 0), rw.ctx().region(op, 1));
    let (nb, na) = (rw.new_region(), rw.new_region());
    rw.move_region_blocks(b, nb, 0);
    rw.move_region_blocks(a, na, 0);
    let mut st = OperationState::new(scf::WHILE, rw.ctx().op_loc(op).clone()).operands(&inits).results(types);
    st.attributes = rw.ctx().attrs(op).to_vec();
    st.regions = vec![nb, na];
    rw.create_before(op, st)
}

/// Before-region arguments no one uses, or that the body passes back
/// unchanged (they are their initial value): dropped with their initial
/// value and the value the after region yields for them.
struct WhileUnusedArgs;

impl RewritePattern for WhileUnusedArgs {
    fn name(&self) -> &'static str {
        "scf-while-unused-args"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::WHILE)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(before) = ctx.entry_block(ctx.region(op, 0)) else { return false };
        let Some(y) = region_terminator(ctx, ctx.region(op, 1)).filter(|y| ctx.isa(*y, scf::YIELD)) else {
            return false;
        };
        let args = ctx.block_args(before).to_vec();
        let (inits, outs) = (ctx.operands(op).to_vec(), ctx.operands(y).to_vec());
        if args.len() != inits.len() || outs.len() != inits.len() {
            return false;
        }
        // An argument the body passes back unchanged (its initial value, or
        // the value the condition forwarded from it) is its initial value.
        let Some((cond, after_args)) = while_parts(ctx, op) else { return false };
        let forwarded = ctx.operands(cond)[1..].to_vec();
        let invariant: Vec<bool> = (0..args.len())
            .map(|i| {
                outs[i] == inits[i] || after_args.iter().zip(&forwarded).any(|(a, f)| *a == outs[i] && *f == args[i])
            })
            .collect();
        let unused: Vec<bool> = args.iter().zip(&invariant).map(|(a, inv)| *inv || ctx.uses(*a).is_empty()).collect();
        if !unused.contains(&true) {
            return false;
        }
        for i in 0..args.len() {
            if invariant[i] {
                rw.replace_all_uses_with(args[i], inits[i]);
            }
        }
        let keep =
            |vs: &[Value]| -> Vec<Value> { vs.iter().zip(&unused).filter(|(_, u)| !**u).map(|(v, _)| *v).collect() };
        let (inits, outs) = (keep(&inits), keep(&outs));
        set_operands(rw, y, &outs);
        for i in (0..args.len()).rev() {
            if unused[i] {
                rw.erase_block_arg(before, i);
            }
        }
        let results = rw.ctx().results(op).to_vec();
        let types: Vec<Type> = results.iter().map(|r| rw.ctx().value_type(*r).clone()).collect();
        let new = rebuild_while(rw, op, inits, &types);
        let new_results = rw.ctx().results(new).to_vec();
        rw.replace_op(op, &new_results);
        true
    }
}

/// A condition that forwards exactly the loop's arguments, in another
/// order: the results and the body's arguments take the arguments' order.
struct WhileAlignArgs;

impl RewritePattern for WhileAlignArgs {
    fn name(&self) -> &'static str {
        "scf-while-align-args"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::WHILE)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some((cond, after_args)) = while_parts(ctx, op) else { return false };
        let Some(before) = ctx.entry_block(ctx.region(op, 0)) else { return false };
        let args = ctx.block_args(before).to_vec();
        let forwarded = ctx.operands(cond)[1..].to_vec();
        if forwarded.len() != args.len() || forwarded == args || ctx.results(op).len() != args.len() {
            return false;
        }
        // Forwarded value j is argument perm[j], each argument once.
        let perm: Vec<usize> = forwarded.iter().filter_map(|v| args.iter().position(|a| a == v)).collect();
        let mut seen = vec![false; args.len()];
        if perm.len() != args.len() || perm.iter().any(|i| std::mem::replace(&mut seen[*i], true)) {
            return false;
        }
        let results = ctx.results(op).to_vec();
        let after = ctx.entry_block(ctx.region(op, 1)).expect("checked by while_parts");
        let types: Vec<Type> = args.iter().map(|a| ctx.value_type(*a).clone()).collect();
        let mut new_cond = vec![ctx.operand(cond, 0)];
        new_cond.extend(args.iter().copied());
        set_operands(rw, cond, &new_cond);
        // New body arguments in the arguments' order, the old ones replaced.
        let loc = rw.ctx().op_loc(op).clone();
        let fresh: Vec<Value> = types.iter().map(|t| rw.add_block_arg(after, t.clone(), loc.clone())).collect();
        for (j, old) in after_args.iter().enumerate() {
            rw.replace_all_uses_with(*old, fresh[perm[j]]);
        }
        for i in (0..after_args.len()).rev() {
            rw.erase_block_arg(after, i);
        }
        let inits = rw.ctx().operands(op).to_vec();
        let new = rebuild_while(rw, op, inits, &types);
        for (j, r) in results.iter().enumerate() {
            let v = rw.ctx().result(new, perm[j]);
            rw.replace_all_uses_with(*r, v);
        }
        rw.erase_op(op);
        true
    }
}

#[cfg(test)]
mod tests;
