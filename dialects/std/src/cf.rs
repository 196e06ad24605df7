//! The `cf` dialect: unstructured control flow between blocks (`br`, `cond_br`, `assert`).

/// The names of the `cf` dialect's operations, declared once.
pub mod op {
    strata_ir::op_names!("cf":
    ASSERT = "assert",
    BR = "br",
    COND_BR = "cond_br",
    );
}

use crate::cf::op as cf;
use crate::control_view as view;
use std::ops::Range;
use std::sync::Arc;

use strata_ir::attributes::DenseValues;
use strata_ir::context::{Context, OpId, OperationState};
use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::registry::{Dialect, OpDef, Traits};
use strata_ir::rewrite::{constant_value, RewritePattern, Rewriter};
use strata_ir::types::Type;
use strata_ir::verifier::op_error;
use strata_ir::{Attribute, Diagnostic};

/// `operandSegmentSizes = array<i32: ...>`.
pub fn segment_sizes(sizes: &[usize]) -> Attribute {
    Attribute::DenseArray {
        element: Type::i32(),
        values: Arc::new(DenseValues::Int(sizes.iter().map(|s| *s as i128).collect())),
    }
}

fn segments(ctx: &Context, op: OpId) -> Option<Vec<i128>> {
    Some(ctx.prop(op, "operandSegmentSizes")?.as_dense_ints()?.to_vec())
}

/// The condition's and each destination's operand counts, when the
/// segments describe the operands (one condition, no negative size);
/// otherwise every operand after the condition goes to the false
/// destination, so that code reading an unverified branch stays in range.
fn split(ctx: &Context, op: OpId) -> [usize; 3] {
    let n = ctx.operands(op).len();
    match segments(ctx, op).as_deref() {
        Some(&[1, t, f]) if t >= 0 && f >= 0 && 1 + t as usize + f as usize == n => [1, t as usize, f as usize],
        _ => [n.min(1), 0, n.saturating_sub(1)],
    }
}

fn parse_br(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (b, vals) = p.parse_successor_and_operands()?;
    st.attributes = p.parse_optional_attr_dict()?;
    st.successors.push(b);
    st.operands = vals;
    Ok(())
}

fn print_br(p: &mut OpPrinter<'_>, op: OpId) {
    p.w(" ");
    let vs = p.ctx.operands(op).to_vec();
    p.successor_with_operands(p.ctx.successors(op)[0], &vs);
    p.attr_dict(op, &[]);
}

fn br_operands(ctx: &Context, op: OpId, _: usize) -> Range<usize> {
    0..ctx.operands(op).len()
}

fn verify_br(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.successors(op).len() != 1 {
        return Err(op_error(ctx, op, "requires exactly one successor"));
    }
    Ok(())
}

fn parse_cond_br(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let c = p.parse_operand()?;
    // `weights([30, 70])`: how likely each successor is.
    if p.consume_keyword("weights") {
        p.expect(Tok::LParen, "'('")?;
        let mut weights = Vec::new();
        p.parse_list(Tok::LSquare, Tok::RSquare, "branch weights", |p| {
            match p.parse_attribute(Some(&Type::i32()))? {
                Attribute::Integer { value, .. } => weights.push(value),
                _ => return p.err("expected an integer branch weight"),
            }
            Ok(())
        })?;
        p.expect(Tok::RParen, "')'")?;
        st.properties.push((
            "branch_weights".into(),
            Attribute::DenseArray { element: Type::i32(), values: Arc::new(DenseValues::Int(weights)) },
        ));
    }
    p.expect(Tok::Comma, "','")?;
    let (t, tv) = p.parse_successor_and_operands()?;
    p.expect(Tok::Comma, "','")?;
    let (f, fv) = p.parse_successor_and_operands()?;
    st.attributes = p.parse_optional_attr_dict()?;
    let cv = p.resolve_operand(&c, &Type::i1())?;
    st.properties.push(("operandSegmentSizes".into(), segment_sizes(&[1, tv.len(), fv.len()])));
    st.operands = std::iter::once(cv).chain(tv.iter().copied()).chain(fv.iter().copied()).collect();
    st.successors = vec![t, f];
    Ok(())
}

fn print_cond_br(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let seg = split(ctx, op);
    let ops = ctx.operands(op).to_vec();
    let s = ctx.successors(op).to_vec();
    p.w(" ");
    p.operand(ops[0]);
    if let Some(w) = branch_weights(ctx, op) {
        let list: Vec<String> = w.iter().map(i128::to_string).collect();
        p.w(&format!(" weights([{}])", list.join(", ")));
    }
    p.w(", ");
    p.successor_with_operands(s[0], &ops[1..1 + seg[1]]);
    p.w(", ");
    p.successor_with_operands(s[1], &ops[1 + seg[1]..]);
    p.attr_dict(op, &["operandSegmentSizes", "branch_weights"]);
}

fn cond_br_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    let [c, t, f] = split(ctx, op);
    if i == 0 {
        c..c + t
    } else {
        c + t..c + t + f
    }
}

/// The `branch_weights` of a `cf.cond_br`, if it has them.
fn branch_weights(ctx: &Context, op: OpId) -> Option<Vec<i128>> {
    Some(ctx.prop(op, "branch_weights")?.as_dense_ints()?.to_vec())
}

fn verify_cond_br(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if let Some(w) = branch_weights(ctx, op) {
        let n = ctx.successors(op).len();
        if w.len() != n {
            return Err(op_error(
                ctx,
                op,
                format!("expects number of branch weights to match number of successors: {} vs {n}", w.len()),
            ));
        }
        if w.iter().all(|x| *x == 0) {
            return Err(op_error(ctx, op, "branch weights cannot all be zero"));
        }
    }
    if ctx.successors(op).len() != 2 {
        return Err(op_error(ctx, op, "requires exactly two successors"));
    }
    let Some(seg) = segments(ctx, op).filter(|s| s.len() == 3) else {
        return Err(op_error(ctx, op, "requires 'operandSegmentSizes' with three entries"));
    };
    let described = seg.iter().all(|s| *s >= 0) && seg.iter().sum::<i128>() == ctx.operands(op).len() as i128;
    if seg[0] != 1 || !described {
        return Err(op_error(ctx, op, "operand count does not match 'operandSegmentSizes'"));
    }
    Ok(())
}

fn parse_assert(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let c = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let msg = p.parse_string()?;
    st.attributes = p.parse_optional_attr_dict()?;
    st.operands = vec![p.resolve_operand(&c, &Type::i1())?];
    st.properties.push(("msg".into(), Attribute::string(&msg)));
    Ok(())
}

fn print_assert(p: &mut OpPrinter<'_>, op: OpId) {
    p.w(" ");
    p.operand(p.ctx.operand(op, 0));
    p.w(", ");
    let m = p.ctx.prop(op, "msg").cloned().unwrap_or(Attribute::string(""));
    p.attr(&m);
    p.attr_dict(op, &["msg"]);
}

/// `cf.cond_br` on a constant condition becomes `cf.br` to the taken successor.
struct CondBrConstant;

impl RewritePattern for CondBrConstant {
    fn name(&self) -> &'static str {
        "cf-cond-br-constant"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(cf::COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(c) = constant_value(ctx, ctx.operand(op, 0)).and_then(|a| a.as_int()) else { return false };
        let i = if c != 0 { 0 } else { 1 };
        let range = cond_br_operands(ctx, op, i);
        let vals = ctx.operands(op)[range].to_vec();
        let target = ctx.successors(op)[i];
        let st = OperationState::new(cf::BR, ctx.op_loc(op).clone()).operands(&vals).successor(target);
        rw.create_before(op, st);
        rw.erase_op(op);
        true
    }
}

/// `cf.assert` on a constant true condition is removed.
struct AssertTrue;

impl RewritePattern for AssertTrue {
    fn name(&self) -> &'static str {
        "cf-assert-true"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(cf::ASSERT)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        if constant_value(rw.ctx(), rw.ctx().operand(op, 0)).and_then(|a| a.as_int()) != Some(1) {
            return false;
        }
        rw.erase_op(op);
        true
    }
}

fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    if v.iter().any(|p| p.name() == "cf-cond-br-constant") {
        return;
    }
    v.push(Box::new(CondBrConstant));
    v.push(Box::new(AssertTrue));
}

/// The cf dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "cf",
        summary: "unstructured control flow",
        ops: vec![
            OpDef {
                signature: Some(view::Br::SIGNATURE),
                verify: Some(verify_br),
                parse: Some(parse_br),
                print: Some(print_br),
                successor_operands: Some(br_operands),
                ..OpDef::new(cf::BR, "unconditional branch", Traits::TERMINATOR | Traits::PURE)
            },
            OpDef {
                signature: Some(view::CondBr::SIGNATURE),
                inherent: &["operandSegmentSizes", "branch_weights"],
                verify: Some(verify_cond_br),
                patterns: Some(patterns),
                parse: Some(parse_cond_br),
                print: Some(print_cond_br),
                successor_operands: Some(cond_br_operands),
                ..OpDef::new(cf::COND_BR, "conditional branch", Traits::TERMINATOR | Traits::PURE)
            },
            OpDef {
                signature: Some(view::Assert::SIGNATURE),
                verify: None,
                patterns: Some(patterns),
                parse: Some(parse_assert),
                print: Some(print_assert),
                ..OpDef::new(cf::ASSERT, "aborts with a message when the condition is false", Traits::NONE)
            },
        ],
        materialize_constant: Some(crate::arith::materialize),
        verify_type: None,
        verify_attr: None,
    }
}
