//! `arith`'s operations with two results: `addui_extended` (the sum and its
//! carry) and `mulsi_extended`, `mului_extended` (the low and high halves of
//! the full product): syntax, verifier, evaluation, folds and the patterns
//! that turn them into `addi`/`muli` when only the first result is used.

use strata_ir::attributes::normalize_int;
use strata_ir::context::{Context, OpId, OperationState};
use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::registry::{FoldResult, Folded};
use strata_ir::rewrite::{RewritePattern, Rewriter};
use strata_ir::types::Type;
use strata_ir::verifier::op_error;
use strata_ir::{Attribute, Diagnostic, OpName};

use crate::arith::op as arith;
use crate::arith::with_element;
use crate::arith_elements::{constant_of, fold_elementwise, splat_int};
use crate::arith_fold::{int_of, unsigned, width};

/// `%a, %b attr-dict : T, U` (`addui_extended`: the sum's and the carry's
/// types) or `: T` (the products).
pub fn parse(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let a = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let b = p.parse_operand()?;
    st.attributes = p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    let second = if *st.name == arith::ADDUI_EXTENDED {
        p.expect(Tok::Comma, "','")?;
        p.parse_type()?
    } else {
        t.clone()
    };
    st.operands = vec![p.resolve_operand(&a, &t)?, p.resolve_operand(&b, &t)?];
    st.result_types = vec![t, second];
    Ok(())
}

/// The custom form.
pub fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let vs = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operands(&vs);
    p.attr_dict(op, &[]);
    p.w(" : ");
    let (first, second) =
        (p.ctx.value_type(p.ctx.result(op, 0)).clone(), p.ctx.value_type(p.ctx.result(op, 1)).clone());
    p.ty(&first);
    if p.ctx.op_kind(op) == arith::ADDUI_EXTENDED {
        p.w(", ");
        p.ty(&second);
    }
}

fn shaped(t: &Type) -> bool {
    matches!(t, Type::Vector(_) | Type::Tensor(_))
}

/// After the signature: the operands' and results' types match, then the
/// element-wise rules (MLIR's `ElementwiseMappable`), in upstream's words.
pub fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let types: Vec<&Type> = ctx.operands(op).iter().chain(ctx.results(op)).map(|v| ctx.value_type(*v)).collect();
    let (lhs, rhs, first, second) = (types[0], types[1], types[2], types[3]);
    if ctx.op_kind(op) == arith::ADDUI_EXTENDED {
        if lhs != rhs || lhs != first {
            return Err(op_error(ctx, op, "failed to verify that all of {lhs, rhs, sum} have same type"));
        }
    } else if lhs != rhs || lhs != first || lhs != second {
        return Err(op_error(ctx, op, "failed to verify that all of {lhs, rhs, low, high} have same type"));
    }
    let operands_shaped = shaped(lhs) || shaped(rhs);
    let results_shaped = [first, second].iter().filter(|t| shaped(t)).count();
    if !operands_shaped && results_shaped > 0 {
        return Err(op_error(ctx, op, "if a result is non-scalar, then at least one operand must be non-scalar"));
    }
    if operands_shaped && results_shaped != 2 {
        return Err(op_error(ctx, op, "if an operand is non-scalar, then all results must be non-scalar"));
    }
    if operands_shaped {
        let same = |a: &Type, b: &Type| match (a, b) {
            (Type::Vector(x), Type::Vector(y)) | (Type::Tensor(x), Type::Tensor(y)) => {
                x.shape == y.shape && x.scalable == y.scalable
            }
            _ => false,
        };
        if !types.iter().all(|t| same(t, lhs)) {
            return Err(op_error(ctx, op, "all non-scalar operands/results must have the same shape and base type"));
        }
    }
    Ok(())
}

/// Both results of `name` on `a` and `b` of width `w` (at most 64 bits), as
/// `w`-bit values (the carry as 0 or 1).
pub fn eval(name: OpName, a: i128, b: i128, w: u32) -> Option<(i128, i128)> {
    if w > 64 {
        return None;
    }
    let (ua, ub) = (unsigned(a, w), unsigned(b, w));
    let t = Type::int(w);
    Some(match name {
        arith::ADDUI_EXTENDED => {
            let sum = ua + ub;
            (normalize_int(sum as i128, &t), i128::from(w > 0 && sum >> w != 0))
        }
        arith::MULUI_EXTENDED => {
            let full = ua * ub;
            (normalize_int(full as i128, &t), normalize_int((full >> w) as i128, &t))
        }
        arith::MULSI_EXTENDED => {
            let full = normalize_int(a, &t) * normalize_int(b, &t);
            (normalize_int(full, &t), normalize_int(full >> w, &t))
        }
        _ => return None,
    })
}

/// Constants fold; adding 0 carries nothing; multiplying by 0 gives 0 and
/// 0; an unsigned product by 1 is the other operand and 0.
pub fn fold(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Option<Folded> {
    fold_elementwise(ctx, op, c, fold_elements)
}

fn fold_elements(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Option<Folded> {
    let name = ctx.op_kind(op);
    let t = ctx.value_type(ctx.result(op, 0)).clone();
    let w = width(&t);
    let second_type = ctx.value_type(ctx.result(op, 1)).clone();
    let attr = |v: i128, ty: &Type| {
        let e = ty.element_or_self();
        if *e == Type::i1() {
            FoldResult::Attr(Attribute::Bool(v != 0))
        } else {
            FoldResult::Attr(Attribute::int(v, e.clone()))
        }
    };
    let ops = ctx.operands(op).to_vec();
    if let (Some(a), Some(b)) = (int_of(&c[0]), int_of(&c[1])) {
        let (x, y) = eval(name, a, b, w)?;
        return Some(Folded::Results(vec![attr(x, &t), attr(y, &second_type)]));
    }
    // The constant, if any, is on the right (these are commutative).
    let (other, k) = match (int_of(&c[0]), int_of(&c[1])) {
        (Some(k), None) => (ops[1], k),
        (None, Some(k)) => (ops[0], k),
        _ => return None,
    };
    match (name, k) {
        (arith::ADDUI_EXTENDED, 0) => Some(Folded::Results(vec![FoldResult::Value(other), attr(0, &second_type)])),
        (arith::MULUI_EXTENDED | arith::MULSI_EXTENDED, 0) => {
            Some(Folded::Results(vec![attr(0, &t), attr(0, &second_type)]))
        }
        (arith::MULUI_EXTENDED, 1) => Some(Folded::Results(vec![FoldResult::Value(other), attr(0, &second_type)])),
        _ => None,
    }
}

/// An extended operation whose second result is unused becomes the plain
/// one (`addi`, `muli`): the first result is the wrapped value either way.
struct DropUnusedHalf(OpName);

impl RewritePattern for DropUnusedHalf {
    fn name(&self) -> &'static str {
        match self.0 {
            arith::ADDUI_EXTENDED => "arith-addui-extended-to-addi",
            arith::MULSI_EXTENDED => "arith-mulsi-extended-to-muli",
            _ => "arith-mului-extended-to-muli",
        }
    }
    fn root(&self) -> Option<OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let plain = if self.0 == arith::ADDUI_EXTENDED { arith::ADDI } else { arith::MULI };
        if !ctx.uses(ctx.result(op, 1)).is_empty() {
            return false;
        }
        let t = ctx.value_type(ctx.result(op, 0)).clone();
        let st = OperationState::new(plain, ctx.op_loc(op).clone()).operands(ctx.operands(op)).results(&[t]);
        let new = rw.create_before(op, st);
        let v = rw.ctx().result(new, 0);
        let old = rw.ctx().result(op, 0);
        rw.replace_all_uses_with(old, v);
        rw.erase_op(op);
        true
    }
}

/// `mulsi_extended x, 1` is `x` and the sign of `x` extended (`0` or
/// `-1`), as upstream canonicalizes it; on `i1`, where 1 is -1, it stays.
struct SignedProductByOne;

impl RewritePattern for SignedProductByOne {
    fn name(&self) -> &'static str {
        "arith-mulsi-extended-by-one"
    }
    fn root(&self) -> Option<OpName> {
        Some(arith::MULSI_EXTENDED)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let (x, one) = (ctx.operand(op, 0), ctx.operand(op, 1));
        let t = ctx.value_type(x).clone();
        if *t.element_or_self() == Type::i1() || splat_int(ctx, one) != Some(1) {
            return false;
        }
        let loc = ctx.op_loc(op).clone();
        let zero = constant_of(Attribute::int(0, t.element_or_self().clone()), &t);
        let zero =
            OperationState::new(arith::CONSTANT, loc.clone()).prop("value", zero).results(std::slice::from_ref(&t));
        let zero = rw.create_before(op, zero);
        let zero = rw.ctx().result(zero, 0);
        let flags = with_element(&t, Type::i1());
        let negative = OperationState::new(arith::CMPI, loc.clone())
            .operands(&[x, zero])
            .prop("predicate", crate::arith::CmpiPredicate::Slt.attr())
            .results(&[flags]);
        let negative = rw.create_before(op, negative);
        let negative = rw.ctx().result(negative, 0);
        let high = rw.create_before(op, OperationState::new(arith::EXTSI, loc).operands(&[negative]).results(&[t]));
        let high = rw.ctx().result(high, 0);
        rw.replace_op(op, &[x, high]);
        true
    }
}

/// The patterns of the extended operations.
pub fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    if v.iter().any(|p| p.name() == "arith-addui-extended-to-addi") {
        return;
    }
    for name in [arith::ADDUI_EXTENDED, arith::MULSI_EXTENDED, arith::MULUI_EXTENDED] {
        v.push(Box::new(DropUnusedHalf(name)));
    }
    v.push(Box::new(SignedProductByOne));
}
