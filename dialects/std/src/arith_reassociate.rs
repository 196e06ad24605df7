//! Regrouping of integer additions and subtractions with constants, as
//! upstream MLIR's canonicalization does: `(x + c0) + c1`, `(x - c0) + c1`,
//! `(c0 - x) + c1`, `c1 - (x + c0)` and the like become one operation on `x`
//! and a folded constant; `(a - b) - a` is `0 - b`; `x + y * -1` is `x - y`.
//! Exact in wrapping arithmetic; operations with overflow flags are left
//! alone, since regrouping would lose where a forbidden wrap happens.

use crate::arith::op as arith;
use crate::arith_elements::splat_int;
use crate::arith_view::overflow_flags;
use strata_ir::attributes::normalize_int;
use strata_ir::context::{Context, OpId, OperationState, Value};
use strata_ir::rewrite::{constant_int, RewritePattern, Rewriter};
use strata_ir::{Attribute, OpName, Type};

/// Adds the patterns to `v`.
pub fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(AddSubConstants(arith::ADDI)));
    v.push(Box::new(AddSubConstants(arith::SUBI)));
    v.push(Box::new(SubOfSubSame));
    v.push(Box::new(AddOfNegated));
}

/// `op` is an unflagged `addi` or `subi` on scalars.
fn plain(ctx: &Context, op: OpId) -> bool {
    let k = ctx.op_kind(op);
    (k == arith::ADDI || k == arith::SUBI)
        && !overflow_flags(ctx, op).any()
        && !matches!(ctx.value_type(ctx.result(op, 0)), Type::Vector(_) | Type::Tensor(_))
}

/// `v` as `s * x + c` (`s` is 1 or -1), when it is an unflagged `addi` or
/// `subi` of a value and a constant; also whether it is `x - c`.
fn linear(ctx: &Context, v: Value) -> Option<(Value, i128, i128, bool)> {
    let d = ctx.defining_op(v).filter(|d| plain(ctx, *d))?;
    let (a, b) = (ctx.operand(d, 0), ctx.operand(d, 1));
    let add = ctx.op_kind(d) == arith::ADDI;
    match (constant_int(ctx, a), constant_int(ctx, b)) {
        (None, Some(c)) if add => Some((a, 1, c, false)),
        (Some(c), None) if add => Some((b, 1, c, false)),
        (None, Some(c)) => Some((a, 1, -c, true)),
        (Some(c), None) => Some((b, -1, c, false)),
        _ => None,
    }
}

/// An `addi` or `subi` of a constant and an `addi`/`subi` of a value and a
/// constant: one operation on the value.
struct AddSubConstants(OpName);

impl RewritePattern for AddSubConstants {
    fn name(&self) -> &'static str {
        "arith-add-sub-constants"
    }
    fn root(&self) -> Option<OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        if !plain(ctx, op) {
            return false;
        }
        let (a, b) = (ctx.operand(op, 0), ctx.operand(op, 1));
        let add = self.0 == arith::ADDI;
        // The outer operation as inner * so + co.
        let (inner, so, co, sub_rhs) = match (constant_int(ctx, a), constant_int(ctx, b)) {
            (None, Some(c)) => (a, 1, if add { c } else { -c }, !add),
            (Some(c), None) if !add => (b, -1, c, false),
            _ => return false,
        };
        let Some((x, si, ci, inner_sub_rhs)) = linear(ctx, inner) else { return false };
        let ty = ctx.value_type(x).clone();
        let (s, c) = (so * si, normalize_int(so * ci + co, &ty));
        let loc = ctx.op_loc(op).clone();
        let constant = |rw: &mut Rewriter<'_>, v: i128| {
            let st = OperationState::new(arith::CONSTANT, loc.clone())
                .prop("value", Attribute::int(normalize_int(v, &ty), ty.clone()))
                .results(std::slice::from_ref(&ty));
            let k = rw.create_before(op, st);
            rw.ctx().result(k, 0)
        };
        let (name, operands) = if s == 1 && sub_rhs && inner_sub_rhs {
            // (x - c0) - c1 stays a subtraction: x - (c0 + c1).
            let k = constant(rw, -c);
            (arith::SUBI, [x, k])
        } else if s == 1 {
            let k = constant(rw, c);
            (arith::ADDI, [x, k])
        } else {
            let k = constant(rw, c);
            (arith::SUBI, [k, x])
        };
        let st = OperationState::new(name, loc.clone()).operands(&operands).results(std::slice::from_ref(&ty));
        rw.replace_op_with_new(op, st);
        true
    }
}

/// `(a - b) - a` is `0 - b`.
struct SubOfSubSame;

impl RewritePattern for SubOfSubSame {
    fn name(&self) -> &'static str {
        "arith-sub-of-sub-same"
    }
    fn root(&self) -> Option<OpName> {
        Some(arith::SUBI)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let (l, r) = (ctx.operand(op, 0), ctx.operand(op, 1));
        let Some(d) = ctx.defining_op(l).filter(|d| ctx.op_kind(*d) == arith::SUBI && plain(ctx, *d)) else {
            return false;
        };
        if !plain(ctx, op) || ctx.operand(d, 0) != r {
            return false;
        }
        let b = ctx.operand(d, 1);
        let ty = ctx.value_type(b).clone();
        let loc = ctx.op_loc(op).clone();
        let zero = rw.create_before(
            op,
            OperationState::new(arith::CONSTANT, loc.clone())
                .prop("value", Attribute::int(0, ty.clone()))
                .results(std::slice::from_ref(&ty)),
        );
        let zero = rw.ctx().result(zero, 0);
        rw.replace_op_with_new(op, OperationState::new(arith::SUBI, loc).operands(&[zero, b]).results(&[ty]));
        true
    }
}

/// `x + y * -1` is `x - y`.
struct AddOfNegated;

impl RewritePattern for AddOfNegated {
    fn name(&self) -> &'static str {
        "arith-add-of-negated"
    }
    fn root(&self) -> Option<OpName> {
        Some(arith::ADDI)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        if overflow_flags(ctx, op).any() {
            return false;
        }
        for (x, m) in [(ctx.operand(op, 0), ctx.operand(op, 1)), (ctx.operand(op, 1), ctx.operand(op, 0))] {
            let Some(d) = ctx.defining_op(m).filter(|d| ctx.op_kind(*d) == arith::MULI) else { continue };
            let ty = ctx.value_type(m).clone();
            if overflow_flags(ctx, d).any()
                || splat_int(ctx, ctx.operand(d, 1)).map(|c| normalize_int(c, ty.element_or_self()))
                    != Some(normalize_int(-1, ty.element_or_self()))
            {
                continue;
            }
            let y = ctx.operand(d, 0);
            let st = OperationState::new(arith::SUBI, ctx.op_loc(op).clone()).operands(&[x, y]).results(&[ty]);
            rw.replace_op_with_new(op, st);
            return true;
        }
        false
    }
}
