//! `graph.single`: a non-blocking try-lock on one or more nodes or edges.
//!
//! ```mlir
//! graph.single %g[%a, %b] : !graph.node {
//!   ... // holds both locks
//! } else {
//!   ... // another iteration holds one of them
//! }
//! ```
//!
//! Among iterations that contend in one round, at least one gets every lock
//! it asks for and runs the first region; the others run the `else` region
//! (or nothing). A lock is held until the outermost enclosing `graph.foreach`
//! finishes (the end of the round).

use crate::op as graph;
use strata_ir::context::{Context, OpId, OperationState};
use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::verifier::op_error;
use strata_ir::Diagnostic;

use crate::foreach::check_yield;
use crate::types::graph;

pub(crate) fn parse_single(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let loc = p.loc();
    let g = p.parse_operand()?;
    let mut targets = Vec::new();
    p.parse_list(Tok::LSquare, Tok::RSquare, "in lock targets", |p| {
        targets.push(p.parse_operand()?);
        Ok(())
    })?;
    let ty = p.parse_colon_type()?;
    st.operands.push(p.resolve_operand(&g, &graph())?);
    for t in &targets {
        let v = p.resolve_operand(t, &ty)?;
        st.operands.push(v);
    }
    let locked = p.parse_region(&[])?;
    p.ensure_terminator(locked, graph::YIELD, &loc);
    let other = if p.consume_keyword("else") {
        let r = p.parse_region(&[])?;
        p.ensure_terminator(r, graph::YIELD, &loc);
        r
    } else {
        p.ctx.create_region()
    };
    st.attributes = p.parse_optional_attr_dict_with_keyword()?;
    st.regions = vec![locked, other];
    Ok(())
}

pub(crate) fn print_single(p: &mut OpPrinter<'_>, op: OpId) {
    let vs = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operand(vs[0]);
    p.w("[");
    p.operands(&vs[1..]);
    p.w("] : ");
    p.value_types(&vs[1..2]);
    p.w(" ");
    p.region(p.ctx.region(op, 0), false, false);
    let other = p.ctx.region(op, 1);
    if !p.ctx.region_blocks(other).is_empty() {
        p.w(" else ");
        p.region(other, false, false);
    }
    p.attr_dict_with_keyword(op, &[]);
}

pub(crate) fn verify_single(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let vs = ctx.operands(op);
    if vs.len() < 2 {
        return Err(op_error(ctx, op, "needs at least one node or edge to lock"));
    }
    let t = ctx.value_type(vs[1]);
    if vs[1..].iter().any(|v| ctx.value_type(*v) != t) {
        return Err(op_error(ctx, op, "all locked elements must have the same type"));
    }
    if ctx.regions(op).len() != 2 || !ctx.results(op).is_empty() {
        return Err(op_error(ctx, op, "expects a locked and an else region and no results"));
    }
    check_yield(ctx, op, ctx.region(op, 0), &[], "locked region")?;
    check_yield(ctx, op, ctx.region(op, 1), &[], "else region")
}
