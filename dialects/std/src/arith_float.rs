//! Canonicalization of float arithmetic, as upstream's: `(-a) * (-b)` and
//! `(-a) / (-b)` drop the negations; a comparison of an integer converted to
//! a float (`sitofp`, `uitofp`) with a float constant becomes a comparison of
//! the integer with an integer constant, or is decided, wherever the
//! conversion is exact for every integer the comparison could tell apart.

use crate::arith::op as arith;
use crate::arith::op::Cmpf;
use crate::arith::{CmpfPredicate as F, CmpiPredicate as P};
use strata_ir::context::{Context, OpId, OperationState};
use strata_ir::rewrite::{constant_value, RewritePattern, Rewriter};
use strata_ir::types::FloatKind;
use strata_ir::{Attribute, OpName, Type};

/// Adds the patterns to `v`.
pub fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(NegatedOperands(arith::MULF)));
    v.push(Box::new(NegatedOperands(arith::DIVF)));
    v.push(Box::new(CompareOfIntToFloat));
}

/// `mulf|divf (negf a), (negf b)` is `mulf|divf a, b`.
struct NegatedOperands(OpName);

impl RewritePattern for NegatedOperands {
    fn name(&self) -> &'static str {
        "arith-float-negated-operands"
    }
    fn root(&self) -> Option<OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let negated = |v| ctx.defining_op(v).filter(|d| ctx.op_kind(*d) == arith::NEGF).map(|d| ctx.operand(d, 0));
        let (Some(a), Some(b)) = (negated(ctx.operand(op, 0)), negated(ctx.operand(op, 1))) else { return false };
        rw.modify_in_place(op, |ctx| ctx.set_operands(op, &[a, b]));
        true
    }
}

/// `cmpf p, (sitofp|uitofp x), C` as a comparison of `x`.
struct CompareOfIntToFloat;

impl RewritePattern for CompareOfIntToFloat {
    fn name(&self) -> &'static str {
        "arith-compare-of-int-to-float"
    }
    fn root(&self) -> Option<OpName> {
        Some(arith::CMPF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let Some(rewrite) = integer_compare(rw.ctx(), op) else { return false };
        let loc = rw.ctx().op_loc(op).clone();
        match rewrite {
            Decided(value) => {
                let st = OperationState::new(arith::CONSTANT, loc).prop("value", Attribute::Bool(value));
                rw.replace_op_with_new(op, st.results(&[Type::i1()]));
            }
            Compare { predicate, x, constant } => {
                let ty = rw.ctx().value_type(x).clone();
                let c = OperationState::new(arith::CONSTANT, loc.clone())
                    .prop("value", Attribute::int(constant, ty.clone()));
                let c = rw.create_before(op, c.results(&[ty]));
                let c = rw.ctx().result(c, 0);
                let st = OperationState::new(arith::CMPI, loc)
                    .operands(&[x, c])
                    .prop("predicate", predicate.attr())
                    .results(&[Type::i1()]);
                rw.replace_op_with_new(op, st);
            }
        }
        true
    }
}

/// What a comparison of a converted integer becomes.
enum IntegerCompare {
    /// A constant result.
    Decided(bool),
    /// `cmpi predicate, x, constant`.
    Compare { predicate: P, x: strata_ir::Value, constant: i128 },
}
use IntegerCompare::{Compare, Decided};

fn integer_compare(ctx: &Context, op: OpId) -> Option<IntegerCompare> {
    let convert = ctx.defining_op(ctx.operand(op, 0))?;
    let unsigned = match ctx.op_kind(convert) {
        k if k == arith::UITOFP => true,
        k if k == arith::SITOFP => false,
        _ => return None,
    };
    let x = ctx.operand(convert, 0);
    let width = ctx.value_type(x).int_width()?;
    let float = ctx.value_type(ctx.operand(op, 0)).float_kind()?;
    let Some(Attribute::Float(rhs)) = constant_value(ctx, ctx.operand(op, 1)) else { return None };
    let rhs = rhs.value();
    // Bounds are computed in f64 below: integers up to 64 bits.
    if width > 64 || rhs.is_nan() {
        return None;
    }
    if !matches!(float, FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64) {
        return None;
    }
    let mantissa = float.precision();
    let value_bits = if unsigned { width } else { width - 1 };
    if width > mantissa {
        // The conversion rounds: the comparison may not tell x from its
        // neighbours where the constant lies among them.
        if rhs.is_infinite() {
            if float.max_exponent() < value_bits as i32 {
                return None;
            }
        } else if rhs != 0.0 {
            let exponent = ((rhs.to_bits() >> 52) & 0x7ff) as i32 - 1023;
            if mantissa as i32 <= exponent && exponent <= value_bits as i32 {
                return None;
            }
        }
    }
    let pick = |s: P, u: P| if unsigned { u } else { s };
    let mut predicate = match Cmpf(op).predicate(ctx) {
        // A converted integer is never NaN.
        F::Ord => return Some(Decided(true)),
        F::Uno => return Some(Decided(false)),
        F::Oeq | F::Ueq => P::Eq,
        F::One | F::Une => P::Ne,
        F::Ogt | F::Ugt => pick(P::Sgt, P::Ugt),
        F::Oge | F::Uge => pick(P::Sge, P::Uge),
        F::Olt | F::Ult => pick(P::Slt, P::Ult),
        F::Ole | F::Ule => pick(P::Sle, P::Ule),
        F::AlwaysFalse | F::AlwaysTrue => return None,
    };
    let (min, max) = if unsigned {
        (0.0, 2f64.powi(width as i32) - 1.0)
    } else {
        (-(2f64.powi(width as i32 - 1)), 2f64.powi(width as i32 - 1) - 1.0)
    };
    // The bounds as the float type holds them (rounded to nearest).
    let round = |v: f64| strata_ir::attributes::FloatAttr::from_f64(float, v).value();
    let (min, max) = (round(min), round(max));
    if rhs > max {
        return Some(Decided(matches!(predicate, P::Ne | P::Slt | P::Sle | P::Ult | P::Ule)));
    }
    if rhs < min {
        return Some(Decided(matches!(predicate, P::Ne | P::Sgt | P::Sge | P::Ugt | P::Uge)));
    }
    let truncated = rhs.trunc();
    // The constant toward zero, as an integer of x's type.
    let constant = if truncated >= 2f64.powi(63) { truncated as u64 as i128 } else { truncated as i128 };
    if rhs != 0.0 && truncated != rhs {
        let negative = rhs < 0.0;
        match predicate {
            P::Ne => return Some(Decided(true)),
            P::Eq => return Some(Decided(false)),
            P::Ule if negative => return Some(Decided(false)),
            P::Sle if negative => predicate = P::Slt,
            P::Ult if negative => return Some(Decided(false)),
            P::Ult => predicate = P::Ule,
            P::Slt if !negative => predicate = P::Sle,
            P::Ugt if negative => return Some(Decided(true)),
            P::Sgt if negative => predicate = P::Sge,
            P::Uge if negative => return Some(Decided(true)),
            P::Uge => predicate = P::Ugt,
            P::Sge if !negative => predicate = P::Sgt,
            _ => {}
        }
    }
    Some(Compare { predicate, x, constant })
}
