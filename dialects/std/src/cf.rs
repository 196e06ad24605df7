//! The `cf` dialect: unstructured control flow between blocks (`br`,
//! `cond_br`, `switch`, `assert`).

/// The `cf` dialect's operations, each declared once: name, summary,
/// traits, signature and hooks (see [`strata_ir::dialect_ops!`]).
pub mod op {
    use super::*;

    strata_ir::dialect_ops! {
        /// Every cf operation, for exhaustive matches: a consumer without a
        /// wildcard arm stops compiling when an operation is added.
        dialect "cf" => pub enum CfOp,
        /// Which cf operation: the key of tables by operation.
        pub enum CfKind;

        /// `cf.br ^dest(%args...)`.
        view Br {
            ops {
                Br = BR "br" (
                    "unconditional branch",
                    Traits::TERMINATOR | Traits::PURE
                ) {
                verify: Some(verify_br),
                parse: Some(parse_br),
                print: Some(print_br),
                successor_operands: Some(br_operands),
                };
            }
            operands {}
            variadic {
                /// The successor's arguments.
                forwarded: Any,
            }
            results {}
            properties {}
        }

        /// `cf.cond_br %condition, ^then(...), ^else(...)`.
        view CondBr {
            ops {
                CondBr = COND_BR "cond_br" (
                    "conditional branch",
                    Traits::TERMINATOR | Traits::PURE
                ) {
                inherent: &["operandSegmentSizes", "branch_weights"],
                verify: Some(verify_cond_br),
                patterns: Some(patterns),
                parse: Some(parse_cond_br),
                print: Some(print_cond_br),
                successor_operands: Some(cond_br_operands),
                };
            }
            operands {
                /// The condition.
                condition: Int(1),
            }
            variadic {
                /// The values passed to the successors.
                forwarded: Any,
            }
            results {}
            properties {}
        }

        /// `cf.switch %flag : iN, [default: ^bb(...), 42: ^bb(...), ...]`.
        view Switch {
            ops {
                Switch = SWITCH "switch" (
                    "multi-way branch on an integer",
                    Traits::TERMINATOR | Traits::PURE
                ) {
                inherent: &["operandSegmentSizes", "case_values", "case_operand_segments"],
                verify: Some(verify_switch),
                patterns: Some(patterns),
                parse: Some(parse_switch),
                print: Some(print_switch),
                successor_operands: Some(switch_operands),
                };
            }
            operands {
                /// The value compared with the cases.
                flag: IntOrIndex,
            }
            variadic {
                /// The values passed to the default destination, then to each case's.
                forwarded: Any,
            }
            results {}
            properties {}
        }

        /// `cf.assert %condition, "message"`.
        view Assert {
            ops {
                Assert = ASSERT "assert" (
                    "aborts with a message when the condition is false",
                    Traits::NONE
                ) {
                patterns: Some(patterns),
                parse: Some(parse_assert),
                print: Some(print_assert),
                };
            }
            operands {
                /// What must hold.
                condition: Int(1),
            }
            results {}
            properties {
                /// The message when it does not.
                msg: String,
            }
        }
    }
}

use crate::cf::op as cf;
use std::ops::Range;
use std::sync::Arc;

use strata_ir::attributes::DenseValues;
use strata_ir::context::{Context, OpId, OperationState, Value};
use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::registry::Dialect;
use strata_ir::rewrite::{constant_int, constant_value, RewritePattern, Rewriter};
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
        return Err(op_error(ctx, op, format!("requires 1 successor but found {}", ctx.successors(op).len())));
    }
    Ok(())
}

fn parse_cond_br(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let c = p.parse_operand()?;
    // `weights([30, 70])`: how likely each successor is.
    if p.consume_keyword("weights") {
        p.expect(Tok::LParen, "'('")?;
        let mut weights = Vec::new();
        p.parse_list(Tok::LSquare, Tok::RSquare, "in branch weights", |p| {
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

/// The operands a `cf.cond_br` passes to successor `i` (0: true, 1: false).
pub fn cond_br_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
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
        // Unprefixed, as upstream's weight interface reports them.
        let at = ctx.op_loc(op).clone();
        if w.len() != n {
            let message = format!("expects number of branch weights to match number of successors: {} vs {n}", w.len());
            return Err(Diagnostic::error(at, message));
        }
        if w.iter().all(|x| *x == 0) {
            return Err(Diagnostic::error(at, "branch weights cannot all be zero"));
        }
    }
    if ctx.successors(op).len() != 2 {
        return Err(op_error(ctx, op, format!("requires 2 successors but found {}", ctx.successors(op).len())));
    }
    // As upstream's: missing segment sizes are all zero.
    let seg = segments(ctx, op).unwrap_or_else(|| vec![0, 0, 0]);
    if seg.len() != 3 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got {}",
                seg.len()
            ),
        ));
    }
    if seg.iter().any(|s| *s < 0) {
        return Err(op_error(ctx, op, "'operandSegmentSizes' attribute cannot have negative elements"));
    }
    let total: i128 = seg.iter().sum();
    if total != ctx.operands(op).len() as i128 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "operand count ({}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'",
                ctx.operands(op).len()
            ),
        ));
    }
    if seg[0] != 1 {
        return Err(op_error(ctx, op, "operand count does not match 'operandSegmentSizes'"));
    }
    Ok(())
}

/// The case values of a `cf.switch` (`case_values`, a dense vector of the
/// flag's type; none without cases), as read from their text, sign-extended.
pub fn switch_case_values(ctx: &Context, op: OpId) -> Option<Vec<i128>> {
    let Some(attr) = ctx.prop(op, "case_values") else { return Some(Vec::new()) };
    let (body, count, elem) = case_values_parts(attr)?;
    // One value per case destination: no more is read (a splat may claim
    // any count).
    if count >= ctx.successors(op).len() as u64 {
        return None;
    }
    let width: u32 = elem.strip_prefix('i')?.parse().ok()?;
    let read = |v: &str| -> Option<i128> {
        let v = v.trim();
        match v {
            "true" => Some(1),
            "false" => Some(0),
            _ => v.parse().ok(),
        }
    };
    let values: Vec<i128> = match body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) {
        Some(list) if list.trim().is_empty() => Vec::new(),
        Some(list) => list.split(',').map(read).collect::<Option<_>>()?,
        None => vec![read(body)?; count as usize],
    };
    let ty = Type::int(width);
    (values.len() as u64 == count)
        .then(|| values.into_iter().map(|v| strata_ir::attributes::normalize_int(v, &ty)).collect())
}

/// The parts of `dense<BODY> : vector<COUNTxELEM>`, the text `case_values`
/// holds.
fn case_values_parts(attr: &Attribute) -> Option<(&str, u64, &str)> {
    let Attribute::Verbatim(text) = attr else { return None };
    let (body, ty) = text.strip_prefix("dense<")?.rsplit_once("> : vector<")?;
    let (count, elem) = ty.strip_suffix('>')?.split_once('x')?;
    Some((body, count.parse().ok()?, elem))
}

/// `dense<...> : vector<NxT>` holding `values` (of the integer type `ty`)
/// as MLIR prints it: signed, `true`/`false` for `i1`, one value when all
/// are equal.
fn case_values_attr(values: &[i128], ty: &Type) -> Attribute {
    let show = |v: i128| match ty.int_width() {
        Some(1) => (if v != 0 { "true" } else { "false" }).to_string(),
        _ => strata_ir::attributes::normalize_int(v, ty).to_string(),
    };
    let same =
        |a: i128, b: i128| strata_ir::attributes::normalize_int(a, ty) == strata_ir::attributes::normalize_int(b, ty);
    let body = if values.iter().all(|v| same(*v, values[0])) {
        show(values[0])
    } else {
        format!("[{}]", values.iter().map(|v| show(*v)).collect::<Vec<_>>().join(", "))
    };
    Attribute::Verbatim(format!("dense<{body}> : vector<{}x{ty}>", values.len()).into())
}

/// The operand counts of a `cf.switch`'s destinations, default first, when
/// its segments describe its operands.
fn switch_segments(ctx: &Context, op: OpId) -> Option<Vec<usize>> {
    let seg = segments(ctx, op)?;
    let cases = ctx.prop(op, "case_operand_segments")?.as_dense_ints()?.to_vec();
    let [1, d, c] = seg[..] else { return None };
    let sizes: Vec<i128> = std::iter::once(d).chain(cases.iter().copied()).collect();
    let described = sizes.iter().all(|s| *s >= 0)
        && cases.iter().sum::<i128>() == c
        && 1 + d + c == ctx.operands(op).len() as i128
        && sizes.len() == ctx.successors(op).len();
    described.then(|| sizes.into_iter().map(|s| s as usize).collect())
}

/// The operands a `cf.switch` passes to its successor `i` (the default is
/// 0); empty when its segments do not describe its operands.
pub fn switch_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    let Some(sizes) = switch_segments(ctx, op) else { return 0..0 };
    let start = 1 + sizes[..i].iter().sum::<usize>();
    start..start + sizes[i]
}

/// The successor a `cf.switch` takes for the flag value `flag`: the first
/// case equal to it (compared at the flag's width), else the default (0).
pub fn switch_successor(ctx: &Context, op: OpId, flag: i128) -> usize {
    let ty = ctx.value_type(ctx.operand(op, 0)).clone();
    let flag = strata_ir::attributes::normalize_int(flag, &ty);
    let cases = switch_case_values(ctx, op).unwrap_or_default();
    cases.iter().position(|c| *c == flag).map_or(0, |i| i + 1)
}

fn parse_switch(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let flag = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    p.expect(Tok::Comma, "','")?;
    p.expect(Tok::LSquare, "'['")?;
    p.expect_keyword("default")?;
    p.expect(Tok::Colon, "':'")?;
    let (default, default_values) = p.parse_successor_and_operands()?;
    let width = ty.int_width().filter(|_| ty.is_signless_integer());
    let (mut values, mut successors, mut case_sizes, mut case_values) =
        (Vec::new(), vec![default], Vec::new(), Vec::new());
    while p.consume_if(Tok::Comma) {
        let loc = p.loc();
        // A case may be written signed or unsigned: from the smallest signed
        // to the largest unsigned value of the flag's type.
        let value = p.parse_signed_integer()?;
        let fits = match (value, width) {
            (Some(v), Some(w)) if w < 127 => v >= -(1i128 << (w - 1)) && v < (1i128 << w),
            (value, _) => value.is_some(),
        };
        if !fits {
            return p.err_at(loc, format!("case value is out of range for '{ty}'"));
        }
        p.expect(Tok::Colon, "':'")?;
        let (b, vs) = p.parse_successor_and_operands()?;
        case_values.push(value.expect("checked above"));
        case_sizes.push(vs.len());
        successors.push(b);
        values.extend(vs);
    }
    p.expect(Tok::RSquare, "']'")?;
    st.attributes = p.parse_optional_attr_dict()?;
    let flag = p.resolve_operand(&flag, &ty)?;
    fill_switch(st, flag, &ty, &default_values, &case_values, &case_sizes, &values);
    st.successors = successors;
    Ok(())
}

/// Sets the operands and properties of a `cf.switch` on `flag` (of type
/// `ty`): the default's operands, then each case's value and the number of
/// operands it takes out of `values`. The successors are the caller's.
fn fill_switch(
    st: &mut OperationState,
    flag: Value,
    ty: &Type,
    default_values: &[Value],
    case_values: &[i128],
    case_sizes: &[usize],
    values: &[Value],
) {
    if !case_values.is_empty() {
        st.properties.push(("case_values".into(), case_values_attr(case_values, ty)));
    }
    st.properties.push(("case_operand_segments".into(), segment_sizes(case_sizes)));
    st.properties.push(("operandSegmentSizes".into(), segment_sizes(&[1, default_values.len(), values.len()])));
    st.operands = std::iter::once(flag).chain(default_values.iter().copied()).chain(values.iter().copied()).collect();
}

/// `cf.switch %flag : ty, [default: ^default, v: ^case, ...]` to blocks
/// without operands.
pub fn switch_to_blocks(
    loc: strata_ir::Location,
    flag: Value,
    ty: &Type,
    default: strata_ir::BlockId,
    cases: &[(i128, strata_ir::BlockId)],
) -> OperationState {
    let default = (default, Vec::new());
    let cases: Vec<(i128, strata_ir::BlockId, Vec<Value>)> = cases.iter().map(|(v, b)| (*v, *b, Vec::new())).collect();
    switch_op(loc, flag, ty, &default, &cases)
}

/// `cf.switch %flag : ty, [default: ^d(...), v: ^b(...), ...]`.
pub fn switch_op(
    loc: strata_ir::Location,
    flag: Value,
    ty: &Type,
    default: &(strata_ir::BlockId, Vec<Value>),
    cases: &[(i128, strata_ir::BlockId, Vec<Value>)],
) -> OperationState {
    let mut st = OperationState::new(cf::SWITCH, loc);
    let values: Vec<i128> = cases.iter().map(|c| c.0).collect();
    let sizes: Vec<usize> = cases.iter().map(|c| c.2.len()).collect();
    let operands: Vec<Value> = cases.iter().flat_map(|c| c.2.iter().copied()).collect();
    fill_switch(&mut st, flag, ty, &default.1, &values, &sizes, &operands);
    st.successors = std::iter::once(default.0).chain(cases.iter().map(|c| c.1)).collect();
    st
}

fn print_switch(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let flag = ctx.operand(op, 0);
    let ty = ctx.value_type(flag).clone();
    let ops = ctx.operands(op).to_vec();
    let succ = ctx.successors(op).to_vec();
    p.w(" ");
    p.operand(flag);
    p.w(" : ");
    p.ty(&ty);
    p.w(", [");
    p.newline(2);
    p.w("default: ");
    p.successor_with_operands(succ[0], &ops[switch_operands(ctx, op, 0)]);
    let cases = switch_case_values(ctx, op).unwrap_or_default();
    for (i, c) in cases.iter().enumerate().filter(|(i, _)| i + 1 < succ.len()) {
        p.w(",");
        p.newline(2);
        // MLIR prints the cases unsigned.
        let bits = ty.int_width().unwrap_or(64).min(127);
        let unsigned = if *c < 0 { c + (1i128 << bits) } else { *c };
        p.w(&format!("{unsigned}: "));
        p.successor_with_operands(succ[i + 1], &ops[switch_operands(ctx, op, i + 1)]);
    }
    if !cases.is_empty() {
        p.newline(0);
    }
    p.w("]");
    p.attr_dict(op, &["case_values", "case_operand_segments", "operandSegmentSizes"]);
}

fn verify_switch(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let flag_ty = ctx.value_type(ctx.operand(op, 0)).clone();
    if !flag_ty.is_signless_integer() {
        return Err(op_error(ctx, op, format!("operand #0 must be integer, but got '{flag_ty}'")));
    }
    if ctx.successors(op).is_empty() {
        return Err(op_error(ctx, op, "requires a default destination"));
    }
    let destinations = ctx.successors(op).len() - 1;
    let parts = match ctx.prop(op, "case_values") {
        None => None,
        Some(attr) => match case_values_parts(attr) {
            Some(parts) => Some(parts),
            None => return Err(op_error(ctx, op, "'case_values' must be a dense vector of integers")),
        },
    };
    let count = parts.map_or(0, |(_, n, _)| n);
    if count != destinations as u64 {
        return Err(op_error(
            ctx,
            op,
            format!("number of case values ({count}) should match number of case destinations ({destinations})"),
        ));
    }
    if switch_case_values(ctx, op).is_none() {
        return Err(op_error(ctx, op, "'case_values' must be a dense vector of integers"));
    }
    if let Some((_, _, elem)) = parts.filter(|(_, _, elem)| *elem != flag_ty.to_string()) {
        return Err(op_error(ctx, op, format!("'flag' type ('{flag_ty}') should match case value type ('{elem}')")));
    }
    if switch_segments(ctx, op).is_none() {
        let seg = segments(ctx, op).unwrap_or_default();
        let cases = ctx.prop(op, "case_operand_segments").and_then(|a| a.as_dense_ints()).unwrap_or_default();
        let message = match (&seg[..], cases.len() == destinations) {
            (&[1, d, c], true) if 1 + d + c == ctx.operands(op).len() as i128 => format!(
                "caseOperands count ({c}) does not match with the total size ({}) specified in attribute 'case_operand_segments'",
                cases.iter().sum::<i128>()
            ),
            (_, false) => format!(
                "'case_operand_segments' has {} entries, one per case destination ({destinations}) is needed",
                cases.len()
            ),
            _ => "operand count does not match 'operandSegmentSizes'".to_string(),
        };
        return Err(op_error(ctx, op, message));
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
        let Some(c) = constant_int(ctx, ctx.operand(op, 0)) else { return false };
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
        if constant_int(rw.ctx(), rw.ctx().operand(op, 0)) != Some(1) {
            return false;
        }
        rw.erase_op(op);
        true
    }
}

/// `cf.switch` on a constant flag, or with only its default, becomes
/// `cf.br` to the destination taken; cases that go where the default goes
/// with the same values are dropped.
struct SwitchSimplify;

impl RewritePattern for SwitchSimplify {
    fn name(&self) -> &'static str {
        "cf-switch-simplify"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(cf::SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let (Some(cases), Some(_)) = (switch_case_values(ctx, op), switch_segments(ctx, op)) else { return false };
        let succ = ctx.successors(op).to_vec();
        let forwarded = |i: usize| ctx.operands(op)[switch_operands(ctx, op, i)].to_vec();
        let taken = match constant_int(ctx, ctx.operand(op, 0)) {
            Some(c) => Some(switch_successor(ctx, op, c)),
            None if cases.is_empty() => Some(0),
            None => None,
        };
        if let Some(i) = taken {
            let st = OperationState::new(cf::BR, ctx.op_loc(op).clone()).operands(&forwarded(i)).successor(succ[i]);
            rw.create_before(op, st);
            rw.erase_op(op);
            return true;
        }
        let (default, default_values) = (succ[0], forwarded(0));
        let kept: Vec<usize> =
            (1..succ.len()).filter(|&i| !(succ[i] == default && forwarded(i) == default_values)).collect();
        if kept.len() == cases.len() {
            return false;
        }
        let flag = ctx.operand(op, 0);
        let ty = ctx.value_type(flag).clone();
        let values: Vec<_> = kept.iter().flat_map(|&i| forwarded(i)).collect();
        let sizes: Vec<usize> = kept.iter().map(|&i| switch_operands(ctx, op, i).len()).collect();
        let case_values: Vec<i128> = kept.iter().map(|&i| cases[i - 1]).collect();
        let mut props = Vec::new();
        if !case_values.is_empty() {
            props.push(("case_values", case_values_attr(&case_values, &ty)));
        }
        props.push(("case_operand_segments", segment_sizes(&sizes)));
        props.push(("operandSegmentSizes", segment_sizes(&[1, default_values.len(), values.len()])));
        let operands: Vec<_> = std::iter::once(flag).chain(default_values).chain(values).collect();
        let mut st = OperationState::new(cf::SWITCH, ctx.op_loc(op).clone()).operands(&operands).props(props);
        st.successors = std::iter::once(default).chain(kept.iter().map(|&i| succ[i])).collect();
        st.attributes = ctx.attrs(op).to_vec();
        rw.create_before(op, st);
        rw.erase_op(op);
        true
    }
}

/// `cf.br` to a block whose only predecessor it is (and that is not the
/// entry) takes that block's operations in its place, the block's arguments
/// replaced by the branch's operands, as upstream's canonicalization merges
/// them.
struct BrMergeSinglePredecessor;

impl RewritePattern for BrMergeSinglePredecessor {
    fn name(&self) -> &'static str {
        "cf-br-merge-single-predecessor"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(cf::BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let (Some(&dest), Some(here)) = (ctx.successors(op).first(), ctx.parent_block(op)) else { return false };
        let Some(region) = ctx.block_parent(dest) else { return false };
        if dest == here || ctx.entry_block(region) == Some(dest) {
            return false;
        }
        if incoming_edges(ctx, dest) != 1 || ctx.block_args(dest).len() != ctx.operands(op).len() {
            return false;
        }
        let Some(owner) = ctx.region_parent(region) else { return false };
        for (a, v) in ctx.block_args(dest).to_vec().into_iter().zip(ctx.operands(op).to_vec()) {
            rw.replace_all_uses_with(a, v);
        }
        for o in rw.ctx().block_ops(dest) {
            rw.move_op_before(o, op);
        }
        rw.erase_op(op);
        rw.erase_block(owner, dest);
        true
    }
}

/// The branches into block `dest` from the terminators of its region.
fn incoming_edges(ctx: &Context, dest: strata_ir::BlockId) -> usize {
    branches_to(ctx, dest).len()
}

/// The terminators that branch to block `dest`, one entry per edge (a
/// `cf.cond_br` with both edges there appears twice).
pub(crate) fn branches_to(ctx: &Context, dest: strata_ir::BlockId) -> Vec<OpId> {
    let Some(region) = ctx.block_parent(dest) else { return Vec::new() };
    ctx.region_blocks(region)
        .iter()
        .filter_map(|b| ctx.last_op(*b))
        .flat_map(|t| ctx.successors(t).iter().filter(|s| **s == dest).map(move |_| t))
        .collect()
}

/// In a destination that only this `cf.cond_br` reaches, its condition is
/// known: `true` in the true destination, `false` in the false one.
struct CondBrTruthPropagation;

impl RewritePattern for CondBrTruthPropagation {
    fn name(&self) -> &'static str {
        "cf-cond-br-truth-propagation"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(cf::COND_BR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let cond = ctx.operand(op, 0);
        let succ = ctx.successors(op).to_vec();
        if succ.len() != 2 || constant_value(ctx, cond).is_some() {
            return false;
        }
        let mut changed = false;
        for (dest, value) in [(succ[0], true), (succ[1], false)] {
            if incoming_edges(rw.ctx(), dest) != 1 {
                continue;
            }
            // Newest use first, as MLIR's use lists run.
            let uses: Vec<(OpId, usize)> = rw
                .ctx()
                .uses(cond)
                .iter()
                .rev()
                .filter(|u| rw.ctx().parent_block(u.op) == Some(dest))
                .map(|u| (u.op, u.index as usize))
                .collect();
            if uses.is_empty() {
                continue;
            }
            let c = crate::arith::bool_constant(rw, op, value);
            for (user, index) in uses {
                rw.modify_in_place(user, |ctx| ctx.set_operand(user, index, c));
            }
            changed = true;
        }
        changed
    }
}

fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    if v.iter().any(|p| p.name() == "cf-cond-br-constant") {
        return;
    }
    v.push(Box::new(BrMergeSinglePredecessor));
    v.push(Box::new(CondBrConstant));
    crate::cf_branch_folding::patterns(v);
    v.push(Box::new(CondBrTruthPropagation));
    v.push(Box::new(SwitchSimplify));
    v.push(Box::new(AssertTrue));
}

/// The cf dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "cf",
        summary: "unstructured control flow",
        ops: op::op_defs(),
        materialize_constant: Some(crate::arith::materialize),
        verify_type: None,
        verify_attr: None,
    }
}

#[cfg(test)]
mod tests;
