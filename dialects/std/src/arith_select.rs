//! Canonicalization patterns of `arith.select`, as upstream MLIR's: selects
//! of boolean constants become the condition's negation or extension,
//! a negated condition swaps the arms, and a select nested in an arm on
//! the same condition gives way to that arm's value.

use crate::arith::op as arith;
use crate::arith::{negation_of, not};
use strata_ir::context::{OpId, OperationState, Value};
use strata_ir::rewrite::{constant_int, RewritePattern, Rewriter};
use strata_ir::{OpName, Type};

/// Adds the select patterns to `v`.
pub fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(SelectOfBools));
    v.push(Box::new(SelectNegatedCondition));
    v.push(Box::new(SelectNested));
}

/// Creates `name(operands) : ty` before `anchor`; returns its result.
fn create(rw: &mut Rewriter<'_>, anchor: OpId, name: OpName, operands: &[Value], ty: &Type) -> Value {
    let loc = rw.ctx().op_loc(anchor).clone();
    let o =
        rw.create_before(anchor, OperationState::new(name, loc).operands(operands).results(std::slice::from_ref(ty)));
    rw.ctx().result(o, 0)
}

/// `select c, false, true : i1` is `not c`; `select c, 1, 0 : iN` is
/// `extui c`, and `select c, 0, 1` is `extui (not c)`.
struct SelectOfBools;

impl RewritePattern for SelectOfBools {
    fn name(&self) -> &'static str {
        "arith-select-of-bools"
    }
    fn root(&self) -> Option<OpName> {
        Some(arith::SELECT)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let ops = ctx.operands(op).to_vec();
        let ty = ctx.value_type(ctx.result(op, 0)).clone();
        if *ctx.value_type(ops[0]) != Type::i1() || !ty.is_signless_integer() {
            return false;
        }
        let (Some(a), Some(b)) = (constant_int(ctx, ops[1]), constant_int(ctx, ops[2])) else { return false };
        // On i1 any non-zero value is `true`; wider, only 1 and 0 are
        // what an extension of a boolean gives.
        let boolean = |v: i128| match ty == Type::i1() {
            true => Some(v != 0),
            false => [0, 1].contains(&v).then_some(v == 1),
        };
        let (Some(a), Some(b)) = (boolean(a), boolean(b)) else { return false };
        if a == b {
            return false;
        }
        let c = if a { ops[0] } else { not(rw, op, ops[0]) };
        let v = if ty == Type::i1() { c } else { create(rw, op, arith::EXTUI, &[c], &ty) };
        rw.replace_op(op, &[v]);
        true
    }
}

/// `select (not c), a, b` is `select c, b, a`.
struct SelectNegatedCondition;

impl RewritePattern for SelectNegatedCondition {
    fn name(&self) -> &'static str {
        "arith-select-negated-condition"
    }
    fn root(&self) -> Option<OpName> {
        Some(arith::SELECT)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let ops = ctx.operands(op).to_vec();
        let Some(c) = negation_of(ctx, ops[0]) else { return false };
        rw.modify_in_place(op, |ctx| ctx.set_operands(op, &[c, ops[2], ops[1]]));
        true
    }
}

/// A select on the same condition in an arm of a select stands for that
/// arm's value.
struct SelectNested;

impl RewritePattern for SelectNested {
    fn name(&self) -> &'static str {
        "arith-select-nested"
    }
    fn root(&self) -> Option<OpName> {
        Some(arith::SELECT)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let [c, t, f] = ctx.operands(op).to_vec()[..] else { return false };
        let inner = |v: Value| {
            let d = ctx.defining_op(v).filter(|d| ctx.isa(*d, arith::SELECT))?;
            let o = ctx.operands(d);
            Some((o[0], o[1], o[2]))
        };
        // select c, (select c, a, _), f → select c, a, f
        if let Some((_, a, _)) = inner(t).filter(|(c2, _, _)| *c2 == c) {
            rw.modify_in_place(op, |ctx| ctx.set_operand(op, 1, a));
            return true;
        }
        // select c, t, (select c, _, b) → select c, t, b
        if let Some((_, _, b)) = inner(f).filter(|(c2, _, _)| *c2 == c) {
            rw.modify_in_place(op, |ctx| ctx.set_operand(op, 2, b));
            return true;
        }
        false
    }
}
