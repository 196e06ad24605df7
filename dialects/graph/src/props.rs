//! Mutable state: node and edge properties, scalar reduction variables, and
//! the operations that read, write and reduce into them.
//!
//! ```mlir
//! %dist = graph.new_node_prop %g, %inf : !graph.nprop<i64>
//! %d = graph.load %dist[%v] : !graph.nprop<i64>
//! graph.store %d, %dist[%u] : !graph.nprop<i64>
//! %c = graph.load relaxed %colour[%u] : !graph.nprop<i64>
//! %changed = graph.reduce min %d, %dist[%u] : !graph.nprop<i64> -> i1
//! graph.reduce_arg min %w, %e, %best_w, %best_e[%c] : !graph.nprop<i64>, !graph.nprop<!graph.edge>
//! %slot = graph.fetch_add %c1, %fill[%l] : !graph.nprop<i64>
//! ```

use crate::op as graph;
use strata_ir::context::{Context, OpId, OperationState, Value};
use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser, UnresolvedOperand};
use strata_ir::printer::OpPrinter;
use strata_ir::types::Type;
use strata_ir::verifier::op_error;
use strata_ir::{Attribute, Diagnostic};

use crate::op::{FetchAdd, Load, Reduce, Store};
use crate::types::{classify, edge, element, graph, is_edge, is_node, node, GraphType};
use crate::view::{ArgKind, ReduceKind};

/// The index type a container is addressed with: `!graph.node`, `!graph.edge`, or none for a scalar.
pub fn index_type(container: &Type) -> Option<Option<Type>> {
    match classify(container)? {
        GraphType::NodeProp(_) => Some(Some(node())),
        GraphType::EdgeProp(_) => Some(Some(edge())),
        GraphType::Scalar(_) => Some(None),
        _ => None,
    }
}

/// Which element types a reduction operator accepts.
pub fn kind_accepts(kind: ReduceKind, t: &Type) -> bool {
    let numeric = t.is_signless_int_or_index() || t.is_float();
    match kind {
        ReduceKind::Add | ReduceKind::Mul => numeric,
        ReduceKind::Min | ReduceKind::Max => numeric || is_node(t) || is_edge(t),
        ReduceKind::And | ReduceKind::Or => t.is_signless_int_or_index(),
    }
}

// ----- allocation -----

pub(crate) fn parse_new(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let loc = p.loc();
    let names = p.parse_operand_list()?;
    st.attributes = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let Some(elem) = element(&ty) else {
        return p.err_at(loc, format!("expected a property or scalar type, got {ty}"));
    };
    let mut types = Vec::new();
    if *st.name != graph::NEW_SCALAR {
        types.push(graph());
    }
    types.push(elem);
    if names.len() != types.len() {
        return p.err_at(loc, format!("'{}' expects {} operands, got {}", st.name, types.len(), names.len()));
    }
    for (n, t) in names.iter().zip(&types) {
        let v = p.resolve_operand(n, t)?;
        st.operands.push(v);
    }
    st.result_types = vec![ty];
    Ok(())
}

pub(crate) fn print_new(p: &mut OpPrinter<'_>, op: OpId) {
    let ops = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operands(&ops);
    p.attr_dict(op, &[]);
    p.w(" : ");
    let t = p.ctx.value_type(p.ctx.result(op, 0)).clone();
    p.ty(&t);
}

/// The initial value must be of the element type (the signature checked
/// the operand and result kinds).
pub(crate) fn verify_new(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let ty = ctx.value_type(ctx.result(op, 0));
    let elem = element(ty).expect("the signature checks the result");
    let init = ctx.value_type(*ctx.operands(op).last().expect("the signature checks the operands"));
    if *init != elem {
        return Err(op_error(ctx, op, format!("initial value must be {elem}, got {init}")));
    }
    Ok(())
}

// ----- element access -----

/// `%p` or `%p[%i]`.
fn parse_target(p: &mut Parser<'_>) -> PResult<(UnresolvedOperand, Option<UnresolvedOperand>)> {
    let c = p.parse_operand()?;
    if p.consume_if(Tok::LSquare) {
        let i = p.parse_operand()?;
        p.expect(Tok::RSquare, "']'")?;
        return Ok((c, Some(i)));
    }
    Ok((c, None))
}

/// Resolves a target against its container type; returns the container and the index, if any.
fn resolve_target(
    p: &mut Parser<'_>,
    t: &(UnresolvedOperand, Option<UnresolvedOperand>),
    ty: &Type,
    loc: &strata_ir::Location,
) -> PResult<Vec<Value>> {
    let Some(idx_ty) = index_type(ty) else {
        return p.err_at(loc.clone(), format!("expected a property or scalar type, got {ty}"));
    };
    let mut vs = vec![p.resolve_operand(&t.0, ty)?];
    match (&t.1, idx_ty) {
        (Some(i), Some(it)) => vs.push(p.resolve_operand(i, &it)?),
        (None, None) => {}
        (Some(_), None) => return p.err_at(loc.clone(), "a scalar is not indexed"),
        (None, Some(it)) => return p.err_at(loc.clone(), format!("a property needs an index of type {it}")),
    }
    Ok(vs)
}

fn print_target(p: &mut OpPrinter<'_>, vs: &[Value]) {
    p.operand(vs[0]);
    if vs.len() > 1 {
        p.w("[");
        p.operand(vs[1]);
        p.w("]");
    }
}

/// Checks `container[, index]` operands; returns the element type.
fn check_target(ctx: &Context, op: OpId, vs: &[Value]) -> Result<Type, Diagnostic> {
    let Some(c) = vs.first() else { return Err(op_error(ctx, op, "expects a property or scalar operand")) };
    let ty = ctx.value_type(*c);
    let Some(idx) = index_type(ty) else {
        return Err(op_error(ctx, op, format!("expects a property or scalar, got {ty}")));
    };
    match (idx, vs.get(1)) {
        (Some(it), Some(i)) if *ctx.value_type(*i) == it => {}
        (Some(it), Some(i)) => {
            return Err(op_error(ctx, op, format!("index must be {it} for {ty}, got {}", ctx.value_type(*i))))
        }
        (Some(it), None) => return Err(op_error(ctx, op, format!("{ty} needs an index of type {it}"))),
        (None, Some(_)) => return Err(op_error(ctx, op, "a scalar is not indexed")),
        (None, None) => {}
    }
    if vs.len() > 2 {
        return Err(op_error(ctx, op, "too many operands"));
    }
    Ok(element(ty).expect("container"))
}

/// The key of the `relaxed` property of `graph.load` and `graph.store`
/// (the one property each declares).
const RELAXED: &str = Load::PROPERTIES[0].name;

/// Reads the `relaxed` keyword, if it comes; another word there is an
/// error (a misspelling of it, most likely).
fn parse_relaxed(p: &mut Parser<'_>) -> PResult<bool> {
    if p.consume_keyword(RELAXED) {
        return Ok(true);
    }
    if p.at(Tok::BareIdent) {
        let word = p.text().to_string();
        let hint = strata_ir::suggest::did_you_mean(&word, [RELAXED]);
        return p.err(format!("expected '{RELAXED}' or an SSA operand, got '{word}'{hint}"));
    }
    Ok(false)
}

/// Prints ` relaxed` where the access is.
fn print_relaxed(p: &mut OpPrinter<'_>, relaxed: bool) {
    if relaxed {
        p.w(" ");
        p.w(RELAXED);
    }
}

pub(crate) fn parse_load(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    st.set_props(Load::props(parse_relaxed(p)?));
    let loc = p.loc();
    let t = parse_target(p)?;
    st.attributes = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    st.operands = resolve_target(p, &t, &ty, &loc)?;
    st.result_types = vec![element(&ty).expect("container")];
    Ok(())
}

pub(crate) fn print_load(p: &mut OpPrinter<'_>, op: OpId) {
    let vs = p.ctx.operands(op).to_vec();
    print_relaxed(p, Load(op).relaxed(p.ctx));
    p.w(" ");
    print_target(p, &vs);
    p.attr_dict(op, &[RELAXED]);
    p.w(" : ");
    let t = p.ctx.value_type(vs[0]).clone();
    p.ty(&t);
}

pub(crate) fn verify_load(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let elem = check_target(ctx, op, ctx.operands(op))?;
    let rs = ctx.results(op);
    if rs.len() != 1 || *ctx.value_type(rs[0]) != elem {
        return Err(op_error(ctx, op, format!("result must be the element type {elem}")));
    }
    Ok(())
}

/// Parses `%v, %c[%i] {attrs} : T`: a value of `T`'s element type and a target.
pub(crate) fn parse_value_target(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_element_access(p, st).map(|_| ())
}

/// Reads ` %v, %c[%i] {attrs} : T` into `st`; returns T's element type.
fn parse_element_access(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<Type> {
    let loc = p.loc();
    let v = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let t = parse_target(p)?;
    st.attributes = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let target = resolve_target(p, &t, &ty, &loc)?;
    let elem = element(&ty).expect("container");
    st.operands = vec![p.resolve_operand(&v, &elem)?];
    st.operands.extend(target);
    Ok(elem)
}

/// Prints ` %v, %c[%i] {attrs} : T`, the form [`parse_value_target`] reads.
fn print_value_target(p: &mut OpPrinter<'_>, op: OpId, elided: &[&str]) {
    let vs = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operand(vs[0]);
    p.w(", ");
    print_target(p, &vs[1..]);
    p.attr_dict(op, elided);
    p.w(" : ");
    let t = p.ctx.value_type(vs[1]).clone();
    p.ty(&t);
}

/// Parses `[relaxed] %v, %c[%i] {attrs} : T`.
pub(crate) fn parse_store(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    st.set_props(Store::props(parse_relaxed(p)?));
    parse_value_target(p, st)
}

pub(crate) fn print_store(p: &mut OpPrinter<'_>, op: OpId) {
    print_relaxed(p, Store(op).relaxed(p.ctx));
    print_value_target(p, op, &[RELAXED]);
}

pub(crate) fn verify_store(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let vs = ctx.operands(op);
    let elem = check_target(ctx, op, &vs[1..])?;
    if *ctx.value_type(vs[0]) != elem {
        return Err(op_error(
            ctx,
            op,
            format!("stored value must be the element type {elem}, got {}", ctx.value_type(vs[0])),
        ));
    }
    Ok(())
}

// ----- reductions -----

pub(crate) fn parse_fetch_add(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let elem = parse_element_access(p, st)?;
    st.result_types = vec![elem];
    Ok(())
}

pub(crate) fn print_fetch_add(p: &mut OpPrinter<'_>, op: OpId) {
    print_value_target(p, op, &[]);
}

/// An integer element (a ticket counter: each addition gets the value
/// before it), the value and the result of its type.
pub(crate) fn verify_fetch_add(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let f = FetchAdd(op);
    let vs = ctx.operands(op);
    let elem = check_target(ctx, op, &vs[1..])?;
    if !elem.is_signless_int_or_index() {
        return Err(op_error(ctx, op, format!("adds to integer elements, got {elem}")));
    }
    for (what, t) in [("added value", ctx.value_type(f.value(ctx))), ("result", ctx.value_type(f.old(ctx)))] {
        if *t != elem {
            return Err(op_error(ctx, op, format!("{what} must be the element type {elem}, got {t}")));
        }
    }
    Ok(())
}

fn parse_kind(p: &mut Parser<'_>, st: &mut OperationState, allowed: &[&str]) -> PResult<()> {
    let loc = p.loc();
    let k = p.parse_keyword("reduction kind")?;
    if !allowed.contains(&k.as_str()) {
        return p.err_at(loc, format!("unknown reduction kind '{k}', expected one of: {}", allowed.join(", ")));
    }
    st.properties.push(("kind".into(), Attribute::string(&k)));
    Ok(())
}

fn parse_changed(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.consume_if(Tok::Arrow) {
        let loc = p.loc();
        let t = p.parse_type()?;
        if t != Type::i1() {
            return p.err_at(loc, format!("the changed result must be i1, got {t}"));
        }
        st.result_types = vec![t];
    }
    Ok(())
}

fn print_changed(p: &mut OpPrinter<'_>, op: OpId) {
    if !p.ctx.results(op).is_empty() {
        p.w(" -> i1");
    }
}

pub(crate) fn parse_reduce(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_kind(p, st, ReduceKind::NAMES)?;
    parse_value_target(p, st)?;
    parse_changed(p, st)
}

pub(crate) fn print_reduce(p: &mut OpPrinter<'_>, op: OpId) {
    let kind = p.ctx.prop(op, "kind").and_then(|a| a.as_str()).unwrap_or("?").to_string();
    p.w(" ");
    p.w(&kind);
    print_value_target(p, op, &["kind"]);
    print_changed(p, op);
}

pub(crate) fn verify_reduce(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let kind = Reduce(op).kind(ctx);
    let vs = ctx.operands(op);
    let elem = check_target(ctx, op, &vs[1..])?;
    if *ctx.value_type(vs[0]) != elem {
        return Err(op_error(
            ctx,
            op,
            format!("reduced value must be the element type {elem}, got {}", ctx.value_type(vs[0])),
        ));
    }
    if !kind_accepts(kind, &elem) {
        return Err(op_error(ctx, op, format!("reduction '{kind}' does not apply to elements of type {elem}")));
    }
    Ok(())
}

pub(crate) fn parse_reduce_arg(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_kind(p, st, ArgKind::NAMES)?;
    let loc = p.loc();
    let key = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let payload = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let key_target = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let (pay_target, index) = parse_target(p)?;
    st.attributes = p.parse_optional_attr_dict()?;
    p.expect(Tok::Colon, "':'")?;
    let kt = p.parse_type()?;
    p.expect(Tok::Comma, "','")?;
    let pt = p.parse_type()?;
    let (Some(ke), Some(pe)) = (element(&kt), element(&pt)) else {
        return p.err_at(loc, "expected two property or scalar types");
    };
    st.operands =
        vec![p.resolve_operand(&key, &ke)?, p.resolve_operand(&payload, &pe)?, p.resolve_operand(&key_target, &kt)?];
    st.operands.extend(resolve_target(p, &(pay_target, index), &pt, &loc)?);
    parse_changed(p, st)
}

pub(crate) fn print_reduce_arg(p: &mut OpPrinter<'_>, op: OpId) {
    let kind = p.ctx.prop(op, "kind").and_then(|a| a.as_str()).unwrap_or("?").to_string();
    let vs = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.w(&kind);
    p.w(" ");
    p.operands(&vs[..3]);
    p.w(", ");
    print_target(p, &vs[3..]);
    p.attr_dict(op, &["kind"]);
    p.w(" : ");
    let (kt, pt) = (p.ctx.value_type(vs[2]).clone(), p.ctx.value_type(vs[3]).clone());
    p.types(&[kt, pt]);
    print_changed(p, op);
}

pub(crate) fn verify_reduce_arg(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let vs = ctx.operands(op);
    let (kt, pt) = (ctx.value_type(vs[2]), ctx.value_type(vs[3]));
    let same_shape = index_type(kt).is_some() && index_type(kt) == index_type(pt);
    if !same_shape {
        return Err(op_error(
            ctx,
            op,
            format!("key and payload targets must be containers of the same kind, got {kt} and {pt}"),
        ));
    }
    let mut key_target = vec![vs[2]];
    key_target.extend_from_slice(&vs[4..]);
    let ke = check_target(ctx, op, &key_target)?;
    let pe = check_target(ctx, op, &vs[3..])?;
    if *ctx.value_type(vs[0]) != ke || *ctx.value_type(vs[1]) != pe {
        return Err(op_error(ctx, op, format!("key and payload must have the element types {ke} and {pe}")));
    }
    let orderable = pe.is_signless_int_or_index() || is_node(&pe) || is_edge(&pe);
    if !orderable {
        return Err(op_error(
            ctx,
            op,
            format!("payload must be an integer, index, node or edge (ties keep the smallest), got {pe}"),
        ));
    }
    Ok(())
}
