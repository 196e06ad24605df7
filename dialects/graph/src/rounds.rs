//! Round-driver loops with loop-carried values: `graph.iterate` runs rounds
//! until a worklist is empty, `graph.fixpoint` until its body reports no change.
//!
//! ```mlir
//! %last = graph.iterate %wl : !graph.worklist<!graph.node> iter_args(%level = %c0) -> (i64) {
//!   ...
//!   graph.yield %next : i64
//! }
//! %r = graph.fixpoint iter_args(%n = %c0) -> (i64) {
//!   ...
//!   graph.yield %changed, %n1 : i1, i64
//! }
//! ```
//!
//! `graph.iterate`: items pushed before the loop form round 0; each round
//! runs the body once with the items pushed in the previous round, and the
//! loop ends when a round pushes nothing. `graph.fixpoint`: runs the body
//! until its first yielded value is false. Both return the last carried values.

use crate::op as graph;
use strata_ir::context::{Context, OpId, OperationState};
use strata_ir::lexer::Tok;
use strata_ir::parser::{Argument, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::types::Type;
use strata_ir::verifier::op_error;
use strata_ir::Diagnostic;

use crate::foreach::{check_args, check_yield};

/// Parses `iter_args(%a = %x, ...) -> (T, ...)`, if present, and the body region.
fn parse_iter_args_and_body(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let loc = p.loc();
    let mut names = Vec::new();
    let mut inits = Vec::new();
    if p.consume_keyword("iter_args") {
        p.parse_list(Tok::LParen, Tok::RParen, "in iter_args", |p| {
            names.push(p.parse_operand()?);
            p.expect(Tok::Equal, "'='")?;
            inits.push(p.parse_operand()?);
            Ok(())
        })?;
        p.expect(Tok::Arrow, "'->'")?;
        let tloc = p.loc();
        st.result_types = p.parse_function_result_types()?;
        if st.result_types.len() != inits.len() {
            return p.err_at(tloc, format!("{} iter_args but {} result types", inits.len(), st.result_types.len()));
        }
    }
    let vals = p.resolve_operands(&inits, &st.result_types.clone(), &loc)?;
    st.operands.extend(vals);
    let args: Vec<Argument> = names
        .into_iter()
        .zip(st.result_types.clone())
        .map(|(n, ty)| Argument { loc: n.loc.clone(), name: n, ty, attrs: vec![] })
        .collect();
    let body = p.parse_region(&args)?;
    if *st.name == graph::ITERATE && st.result_types.is_empty() {
        // Nothing is carried: the empty yield may be left out.
        p.ensure_terminator(body, graph::YIELD, &loc);
    }
    st.attributes = p.parse_optional_attr_dict_with_keyword()?;
    st.regions.push(body);
    Ok(())
}

fn print_iter_args_and_body(p: &mut OpPrinter<'_>, op: OpId, inits: &[strata_ir::context::Value]) {
    let ctx = p.ctx;
    let body = ctx.region(op, 0);
    let args = ctx.entry_block(body).map(|b| ctx.block_args(b).to_vec()).unwrap_or_default();
    if !inits.is_empty() {
        p.w(" iter_args(");
        p.bindings(&args, inits);
        p.w(") -> (");
        p.value_types(inits);
        p.w(")");
    }
    p.w(" ");
    let implicit_yield = ctx.op_name(op) == graph::ITERATE && inits.is_empty();
    p.region(body, false, !implicit_yield);
    p.attr_dict_with_keyword(op, &[]);
}

fn check_carried(ctx: &Context, op: OpId, inits: &[strata_ir::context::Value], flag: bool) -> Result<(), Diagnostic> {
    let types: Vec<Type> = inits.iter().map(|v| ctx.value_type(*v).clone()).collect();
    let results: Vec<Type> = ctx.results(op).iter().map(|v| ctx.value_type(*v).clone()).collect();
    if types != results {
        return Err(op_error(ctx, op, "result types must match the iter_args types"));
    }
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "expects one body region"));
    }
    let body = ctx.region(op, 0);
    check_args(ctx, op, body, &types, "body")?;
    let mut yields = if flag { vec![Type::i1()] } else { vec![] };
    yields.extend(types);
    check_yield(ctx, op, body, &yields, "body")
}

pub(crate) fn parse_iterate(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let wl = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    let v = p.resolve_operand(&wl, &ty)?;
    st.operands.push(v);
    parse_iter_args_and_body(p, st)
}

pub(crate) fn print_iterate(p: &mut OpPrinter<'_>, op: OpId) {
    let ops = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operand(ops[0]);
    p.w(" : ");
    p.value_types(&ops[..1]);
    print_iter_args_and_body(p, op, &ops[1..]);
}

pub(crate) fn verify_iterate(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let ops = ctx.operands(op);
    check_carried(ctx, op, &ops[1..], false)
}

pub(crate) fn parse_fixpoint(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_iter_args_and_body(p, st)
}

pub(crate) fn print_fixpoint(p: &mut OpPrinter<'_>, op: OpId) {
    let ops = p.ctx.operands(op).to_vec();
    print_iter_args_and_body(p, op, &ops);
}

pub(crate) fn verify_fixpoint(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    check_carried(ctx, op, ctx.operands(op), true)
}
