//! Worklists: `graph.new_worklist`, `graph.new_ordered_worklist` and
//! `graph.push`.
//!
//! ```mlir
//! %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
//! %pq = graph.new_ordered_worklist %g, %dist, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
//! graph.push %v, %wl : !graph.worklist<!graph.node>
//! ```
//!
//! A push adds an item to the *next* round; `graph.iterate` makes it current.
//! Duplicates are kept unless the worklist is `unique`, which drops an item
//! already pushed in the same round (nodes and edges only).
//!
//! An ordered worklist holds each node at most once, in the bucket
//! `key[v] / delta` of the key's value when the node was pushed (a push
//! into a lower bucket moves a held node down; into another, changes
//! nothing). Each round takes out the nodes of the lowest bucket, but never
//! of one below the previous round's: a node pushed below the current
//! bucket joins it (Δ-stepping's buckets).

use crate::op as graph;
use crate::op::{NewOrderedWorklist, NewWorklist};
use strata_ir::context::{Context, OpId, OperationState};
use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::verifier::op_error;
use strata_ir::Diagnostic;

use crate::types::{classify, element, graph, is_edge, is_node, GraphType};
use strata_ir::types::Type;

/// The key of `graph.new_worklist`'s one property, `unique`.
const UNIQUE: &str = NewWorklist::PROPERTIES[0].name;

pub(crate) fn parse_new(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let g = p.parse_operand()?;
    st.set_props(NewWorklist::props(p.consume_keyword(UNIQUE)));
    st.attributes = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    st.operands = vec![p.resolve_operand(&g, &graph())?];
    st.result_types = vec![ty];
    Ok(())
}

pub(crate) fn print_new(p: &mut OpPrinter<'_>, op: OpId) {
    p.w(" ");
    p.operand(NewWorklist(op).graph(p.ctx));
    if NewWorklist(op).unique(p.ctx) {
        p.w(" ");
        p.w(UNIQUE);
    }
    p.attr_dict(op, &[UNIQUE]);
    p.w(" : ");
    let t = p.ctx.value_type(p.ctx.result(op, 0)).clone();
    p.ty(&t);
}

pub(crate) fn verify_new(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let new = NewWorklist(op);
    let Some(GraphType::Worklist(e)) = classify(ctx.value_type(new.worklist(ctx))) else {
        return Err(op_error(ctx, op, "result must be a !graph.worklist<T>"));
    };
    let item_ok = is_node(&e) || is_edge(&e) || e.is_signless_int_or_index();
    if !item_ok {
        return Err(op_error(ctx, op, format!("worklist items must be nodes, edges, integers or indices, got {e}")));
    }
    if new.unique(ctx) && !(is_node(&e) || is_edge(&e)) {
        return Err(op_error(ctx, op, format!("a unique worklist holds nodes or edges, got {e}")));
    }
    Ok(())
}

pub(crate) fn parse_new_ordered(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let g = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let key = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let delta = p.parse_operand()?;
    st.attributes = p.parse_optional_attr_dict()?;
    let key_ty = p.parse_colon_type()?;
    p.expect(Tok::Arrow, "'->'")?;
    let ty = p.parse_type()?;
    st.operands = vec![
        p.resolve_operand(&g, &graph())?,
        p.resolve_operand(&key, &key_ty)?,
        p.resolve_operand(&delta, &Type::i64())?,
    ];
    st.result_types = vec![ty];
    Ok(())
}

pub(crate) fn print_new_ordered(p: &mut OpPrinter<'_>, op: OpId) {
    let vs = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operands(&vs);
    p.attr_dict(op, &[]);
    p.w(" : ");
    p.value_types(&vs[1..2]);
    p.w(" -> ");
    let t = p.ctx.value_type(p.ctx.result(op, 0)).clone();
    p.ty(&t);
}

pub(crate) fn verify_new_ordered(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let new = NewOrderedWorklist(op);
    let key = ctx.value_type(new.key(ctx));
    if !matches!(classify(key), Some(GraphType::NodeProp(e)) if e == Type::i64()) {
        return Err(op_error(
            ctx,
            op,
            format!("the key of an ordered worklist must be a !graph.nprop<i64>, got {key}"),
        ));
    }
    match classify(ctx.value_type(new.worklist(ctx))) {
        Some(GraphType::Worklist(e)) if is_node(&e) => Ok(()),
        _ => Err(op_error(
            ctx,
            op,
            format!(
                "an ordered worklist holds nodes: the result must be !graph.worklist<!graph.node>, got {}",
                ctx.value_type(new.worklist(ctx))
            ),
        )),
    }
}

/// Whether the worklist `wl` holds each item at most once a round: made by
/// `graph.new_worklist ... unique` or `graph.new_ordered_worklist` (in the
/// same function; anything else may hold repeats).
pub fn holds_items_once(ctx: &Context, wl: strata_ir::context::Value) -> bool {
    ctx.defining_op(wl)
        .is_some_and(|d| (ctx.op_name(d) == graph::NEW_WORKLIST && NewWorklist(d).unique(ctx)) || is_ordered(ctx, wl))
}

/// Whether the worklist `wl` is made by `graph.new_ordered_worklist`.
pub fn is_ordered(ctx: &Context, wl: strata_ir::context::Value) -> bool {
    ctx.defining_op(wl).is_some_and(|d| ctx.op_name(d) == graph::NEW_ORDERED_WORKLIST)
}

pub(crate) fn parse_push(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let v = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let wl = p.parse_operand()?;
    st.attributes = p.parse_optional_attr_dict()?;
    let loc = p.loc();
    let ty = p.parse_colon_type()?;
    let Some(e) = element(&ty).filter(|_| matches!(classify(&ty), Some(GraphType::Worklist(_)))) else {
        return p.err_at(loc, format!("expected a worklist type, got {ty}"));
    };
    st.operands = vec![p.resolve_operand(&v, &e)?, p.resolve_operand(&wl, &ty)?];
    Ok(())
}

pub(crate) fn print_push(p: &mut OpPrinter<'_>, op: OpId) {
    let vs = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operands(&vs);
    p.attr_dict(op, &[]);
    p.w(" : ");
    p.value_types(&vs[1..]);
}

pub(crate) fn verify_push(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let vs = ctx.operands(op);
    let Some(GraphType::Worklist(e)) = classify(ctx.value_type(vs[1])) else {
        return Err(op_error(ctx, op, format!("expects a !graph.worklist<T>, got {}", ctx.value_type(vs[1]))));
    };
    if *ctx.value_type(vs[0]) != e {
        return Err(op_error(ctx, op, format!("pushed item must be {e}, got {}", ctx.value_type(vs[0]))));
    }
    Ok(())
}
