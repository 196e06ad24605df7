//! Canonicalization of integer extensions and truncations, as upstream
//! MLIR's: an extension of an extension is one extension; comparisons for
//! equality, `andi` and `ori` of two values extended alike work on the
//! values; an index cast of an extension of the same signedness, and a
//! truncation of an extension or of a truncation, cast once.

use crate::arith::op::{self as arith, Cmpi};
use crate::arith::CmpiPredicate;
use crate::arith_elements::splat_int;
use strata_ir::context::{Context, OpId, OperationState, Value};
use strata_ir::rewrite::{RewritePattern, Rewriter};
use strata_ir::{OpName, Type};

/// Adds the patterns to `v`.
pub fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(ExtOfExt(arith::EXTUI)));
    v.push(Box::new(ExtOfExt(arith::EXTSI)));
    v.push(Box::new(CompareOfExt));
    v.push(Box::new(LogicOfExt(arith::ANDI)));
    v.push(Box::new(LogicOfExt(arith::ORI)));
    v.push(Box::new(LogicOfExt(arith::XORI)));
    v.push(Box::new(TruncOfSignedShift));
    v.push(Box::new(IndexCastOfExt(arith::INDEX_CAST, arith::EXTSI)));
    v.push(Box::new(IndexCastOfExt(arith::INDEX_CASTUI, arith::EXTUI)));
    v.push(Box::new(TruncOfCast));
}

/// Replaces `op` with `name(operands) : type of op's result`.
fn replace_with(rw: &mut Rewriter<'_>, op: OpId, name: OpName, operands: &[Value]) {
    let ty = rw.ctx().value_type(rw.ctx().result(op, 0)).clone();
    let st = OperationState::new(name, rw.ctx().op_loc(op).clone()).operands(operands).results(&[ty]);
    rw.replace_op_with_new(op, st);
}

/// `andi|ori|xori (ext a), (ext b)`, extended alike from one type, is
/// `ext (andi|ori|xori a, b)`.
struct LogicOfExt(OpName);

impl RewritePattern for LogicOfExt {
    fn name(&self) -> &'static str {
        "arith-logic-of-ext"
    }
    fn root(&self) -> Option<OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let (Some((ka, x)), Some((kb, y))) = (extension(ctx, ctx.operand(op, 0)), extension(ctx, ctx.operand(op, 1)))
        else {
            return false;
        };
        if ka != kb || ctx.value_type(x) != ctx.value_type(y) {
            return false;
        }
        let ty = ctx.value_type(x).clone();
        let st = OperationState::new(self.0, ctx.op_loc(op).clone()).operands(&[x, y]).results(&[ty]);
        let inner = rw.create_before(op, st);
        let v = rw.ctx().result(inner, 0);
        replace_with(rw, op, ka, &[v]);
        true
    }
}

/// `index_cast (extsi x)` is `index_cast x`; `index_castui (extui x)` is
/// `index_castui x`.
struct IndexCastOfExt(OpName, OpName);

impl RewritePattern for IndexCastOfExt {
    fn name(&self) -> &'static str {
        "arith-index-cast-of-ext"
    }
    fn root(&self) -> Option<OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some((_, x)) = extension(ctx, ctx.operand(op, 0)).filter(|(k, _)| *k == self.1) else { return false };
        replace_with(rw, op, self.0, &[x]);
        true
    }
}

/// `trunci (ext x)`: narrower than `x`, `trunci x`; wider, `ext x` (the
/// same extension); `trunci (trunci x)` is `trunci x`.
struct TruncOfCast;

impl RewritePattern for TruncOfCast {
    fn name(&self) -> &'static str {
        "arith-trunc-of-cast"
    }
    fn root(&self) -> Option<OpName> {
        Some(arith::TRUNCI)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(d) = ctx.defining_op(ctx.operand(op, 0)) else { return false };
        let inner = ctx.op_kind(d);
        let x = ctx.operand(d, 0);
        let (to, from) = (bits(ctx.value_type(ctx.result(op, 0))), bits(ctx.value_type(x)));
        let (Some(to), Some(from)) = (to, from) else { return false };
        let name = match inner {
            arith::TRUNCI => arith::TRUNCI,
            arith::EXTUI | arith::EXTSI if to < from => arith::TRUNCI,
            arith::EXTUI | arith::EXTSI if to > from => inner,
            _ => return false,
        };
        replace_with(rw, op, name, &[x]);
        true
    }
}

/// The width of a signless integer type, or of the elements of a vector or
/// tensor of them.
fn bits(t: &Type) -> Option<u32> {
    t.element_or_self().int_width()
}

/// The extension making `v`, and its source.
fn extension(ctx: &Context, v: Value) -> Option<(OpName, Value)> {
    let d = ctx.defining_op(v)?;
    let k = ctx.op_kind(d);
    (k == arith::EXTUI || k == arith::EXTSI).then(|| (k, ctx.operand(d, 0)))
}

/// `extui (extui x)` and `extsi (extsi x)` are one extension of `x`;
/// `extsi (extui x)` is `extui x` (the sign bit the first made is zero).
struct ExtOfExt(OpName);

impl RewritePattern for ExtOfExt {
    fn name(&self) -> &'static str {
        "arith-ext-of-ext"
    }
    fn root(&self) -> Option<OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some((inner, x)) = extension(ctx, ctx.operand(op, 0)) else { return false };
        let kind = match (self.0, inner) {
            (a, b) if a == b => a,
            (a, b) if a == arith::EXTSI && b == arith::EXTUI => arith::EXTUI,
            _ => return false,
        };
        let ty = ctx.value_type(ctx.result(op, 0)).clone();
        rw.replace_op_with_new(op, OperationState::new(kind, ctx.op_loc(op).clone()).operands(&[x]).results(&[ty]));
        true
    }
}

/// `cmpi eq|ne` of two values extended alike from one type is the
/// comparison of the values; `cmpi ne (ext x), 0` with `x: i1` is `x`.
struct CompareOfExt;

impl RewritePattern for CompareOfExt {
    fn name(&self) -> &'static str {
        "arith-compare-of-ext"
    }
    fn root(&self) -> Option<OpName> {
        Some(arith::CMPI)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let pred = Cmpi(op).predicate(ctx);
        if !matches!(pred, CmpiPredicate::Eq | CmpiPredicate::Ne) {
            return false;
        }
        let (a, b) = (ctx.operand(op, 0), ctx.operand(op, 1));
        let Some((ka, x)) = extension(ctx, a) else { return false };
        if pred == CmpiPredicate::Ne
            && *ctx.value_type(x).element_or_self() == Type::i1()
            && splat_int(ctx, b) == Some(0)
        {
            rw.replace_op(op, &[x]);
            return true;
        }
        let Some((kb, y)) = extension(ctx, b) else { return false };
        if ka != kb || ctx.value_type(x) != ctx.value_type(y) {
            return false;
        }
        let rt = ctx.value_type(ctx.result(op, 0)).clone();
        let st = OperationState::new(arith::CMPI, ctx.op_loc(op).clone())
            .operands(&[x, y])
            .prop("predicate", pred.attr())
            .results(&[rt]);
        rw.replace_op_with_new(op, st);
        true
    }
}

/// `trunci (shrsi x, c)` keeps no bit the shift copied from the sign when
/// `c` is the number of bits dropped: it is `trunci (shrui x, c)`.
struct TruncOfSignedShift;

impl RewritePattern for TruncOfSignedShift {
    fn name(&self) -> &'static str {
        "arith-trunc-of-signed-shift"
    }
    fn root(&self) -> Option<OpName> {
        Some(arith::TRUNCI)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(shift) = ctx.defining_op(ctx.operand(op, 0)).filter(|d| ctx.op_kind(*d) == arith::SHRSI) else {
            return false;
        };
        let (Some(from), Some(to)) =
            (bits(ctx.value_type(ctx.operand(op, 0))), bits(ctx.value_type(ctx.result(op, 0))))
        else {
            return false;
        };
        if splat_int(ctx, ctx.operand(shift, 1)) != Some(i128::from(from - to)) {
            return false;
        }
        let ty = ctx.value_type(ctx.result(shift, 0)).clone();
        let st =
            OperationState::new(arith::SHRUI, ctx.op_loc(shift).clone()).operands(ctx.operands(shift)).results(&[ty]);
        let unsigned = rw.create_before(op, st);
        let v = rw.ctx().result(unsigned, 0);
        rw.modify_in_place(op, |ctx| ctx.set_operands(op, &[v]));
        true
    }
}
