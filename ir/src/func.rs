//! The `func` dialect: functions, calls and returns.

/// The `func` dialect's operations, each declared once: name, summary,
/// traits, signature and hooks (see [`crate::dialect_ops!`]).
pub mod op {
    #[allow(unused_imports)]
    use super::*;
    use crate::Attribute;

    crate::dialect_ops! {
        /// Every func operation, for exhaustive matches: a consumer without a
        /// wildcard arm stops compiling when an operation is added.
        dialect "func" => pub enum FuncOp,
        /// Which func operation: the key of tables by operation.
        pub enum FuncKind;

        /// `func.func @name(%args) -> results { .. }`, or a declaration
        /// without a body.
        view Func {
            ops {
                Func = FUNC "func" (
                    "a function with a body, or a declaration",
                    Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL
                ) {
                verify: Some(verify_func),
                parse: Some(parse_func),
                print: Some(print_func),
                default_dialect: Some("func"),
                };
            }
            operands {}
            results {}
            properties {
                /// The function's name.
                sym_name: String,
                /// Its type, a function type (the verifier checks that).
                function_type: Attribute,
                /// `public` (without one), `private` or `nested`.
                sym_visibility: Option<String>,
                /// One attribute dictionary per argument.
                arg_attrs: Option<Attribute>,
                /// One attribute dictionary per result.
                res_attrs: Option<Attribute>,
            }
        }

        /// `func.return %values...`.
        view Return {
            ops {
                Return = RETURN "return" (
                    "returns from a function",
                    Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE
                ) {
                verify: Some(verify_return),
                parse: Some(parse_return_like),
                print: Some(print_return_like),
                };
            }
            operands {}
            variadic {
                /// The values returned.
                values: Any,
            }
            results {}
            properties {}
        }

        /// `func.call @callee(%args) : (T) -> (U)`.
        view Call {
            ops {
                Call = CALL "call" (
                    "calls a function by symbol",
                    Traits::NONE
                ) {
                verify_symbol_uses: Some(verify_call),
                parse: Some(parse_call),
                print: Some(print_call),
                };
            }
            operands {}
            variadic {
                /// The arguments.
                args: Any,
            }
            results {}
            variadic_results {
                /// The callee's results.
                values: Any,
            }
            properties {
                /// The function called, a flat symbol reference.
                callee: Attribute,
                /// One attribute dictionary per argument.
                arg_attrs: Option<Attribute>,
                /// One attribute dictionary per result.
                res_attrs: Option<Attribute>,
                /// Never inline this call.
                no_inline: bool,
            }
        }

        /// `func.call_indirect %f(%args) : (T) -> (U)`.
        view CallIndirect {
            ops {
                CallIndirect = CALL_INDIRECT "call_indirect" (
                    "calls a function value",
                    Traits::NONE
                ) {
                verify: Some(verify_call_indirect),
                patterns: Some(call_indirect_patterns),
                parse: Some(parse_call_indirect),
                print: Some(print_call_indirect),
                };
            }
            operands {
                /// The function value called.
                callee: Function,
            }
            variadic {
                /// The arguments.
                args: Any,
            }
            results {}
            variadic_results {
                /// The callee's results.
                values: Any,
            }
            properties {}
        }

        /// `func.constant @f : (T) -> (U)`: a function as a value.
        view Constant {
            ops {
                Constant = CONSTANT "constant" (
                    "a function as a value",
                    Traits::PURE
                ) {
                verify_symbol_uses: Some(verify_constant),
                parse: Some(parse_constant),
                print: Some(print_constant),
                result_names: &["f"],
                };
            }
            operands {}
            results {
                /// The function value.
                function: Any,
            }
            properties {
                /// The function, a flat symbol reference.
                value: Attribute,
            }
        }
    }
}

use crate::func::op as func;
use std::sync::Arc;

use crate::attributes::{Attribute, NamedAttr};
use crate::context::{Context, OpId, OperationState};
use crate::diagnostics::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Argument, PResult, Parser, UnresolvedOperand};
use crate::printer::OpPrinter;
use crate::registry::Dialect;
use crate::symbols::SymbolTableCollection;
use crate::types::{FunctionType, Type};
use crate::verifier::op_error;

/// The function type of a `func.func`, if well formed.
pub fn function_type(ctx: &Context, op: OpId) -> Option<&FunctionType> {
    ctx.prop(op, "function_type")?.as_type()?.as_function()
}

/// Whether a `func.func` is only declared: its body region has no block.
pub fn is_declaration(ctx: &Context, op: OpId) -> bool {
    ctx.region_blocks(ctx.region(op, 0)).is_empty()
}

fn parse_func(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.at(Tok::String) {
        let v = p.parse_string()?;
        st.properties.push(("sym_visibility".into(), Attribute::string(&v)));
    } else if p.at_keyword("private") || p.at_keyword("public") || p.at_keyword("nested") {
        let v = p.parse_keyword("visibility")?;
        st.properties.push(("sym_visibility".into(), Attribute::string(&v)));
    }
    let name = p.parse_symbol_name()?;
    st.properties.push(("sym_name".into(), Attribute::string(&name)));
    let mut args: Vec<Argument> = Vec::new();
    let mut inputs = Vec::new();
    let mut arg_attrs: Vec<Vec<NamedAttr>> = Vec::new();
    let mut named = None;
    p.parse_list(Tok::LParen, Tok::RParen, "in argument list", |p| {
        let is_named = p.at(Tok::PercentIdent);
        if *named.get_or_insert(is_named) != is_named {
            return p.err(if is_named { "expected type instead of SSA identifier" } else { "expected SSA identifier" });
        }
        if is_named {
            let a = p.parse_argument(true)?;
            inputs.push(a.ty.clone());
            arg_attrs.push(a.attrs.clone());
            args.push(a);
        } else {
            inputs.push(p.parse_type()?);
            arg_attrs.push(p.parse_optional_attr_dict()?);
        }
        Ok(())
    })?;
    let mut results = Vec::new();
    let mut res_attrs: Vec<Vec<NamedAttr>> = Vec::new();
    if p.consume_if(Tok::Arrow) {
        if p.at(Tok::LParen) {
            p.parse_list(Tok::LParen, Tok::RParen, "in result list", |p| {
                results.push(p.parse_type()?);
                res_attrs.push(p.parse_optional_attr_dict()?);
                Ok(())
            })?;
        } else {
            results.push(p.parse_type()?);
            res_attrs.push(Vec::new());
        }
    }
    st.properties.push(("function_type".into(), Attribute::Type(Type::function(inputs, results))));
    let to_array =
        |v: Vec<Vec<NamedAttr>>| Attribute::Array(Arc::new(v.into_iter().map(Attribute::dictionary).collect()));
    if arg_attrs.iter().any(|a| !a.is_empty()) {
        st.properties.push(("arg_attrs".into(), to_array(arg_attrs)));
    }
    if res_attrs.iter().any(|a| !a.is_empty()) {
        st.properties.push(("res_attrs".into(), to_array(res_attrs)));
    }
    let dict_loc = p.loc();
    st.attributes = p.parse_optional_attr_dict_with_keyword()?;
    // What the signature gives may not be written again in the dictionary.
    if let Some((key, _)) =
        st.attributes.iter().find(|(k, _)| ["sym_visibility", "sym_name", "function_type"].contains(&&**k))
    {
        return p.err_at(
            dict_loc,
            format!(
                "'{key}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
            ),
        );
    }
    if p.at(Tok::LBrace) {
        // With argument types only, the body's entry block names them
        // (`^bb0(%a: f32):`), and the verifier checks that they match.
        let declared: &[_] = if named == Some(false) { &[] } else { &args };
        let body_loc = p.loc();
        let r = p.parse_region_in_scope(declared, true, Some("func"))?;
        if p.ctx.region_blocks(r).is_empty() {
            return p.err_at(body_loc, "expected non-empty function body");
        }
        st.regions.push(r);
    } else {
        let r = p.ctx.create_region();
        st.regions.push(r);
    }
    st.properties.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(())
}

fn print_func(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.w(" ");
    if let Some(v) = ctx.prop(op, "sym_visibility").and_then(|a| a.as_str()) {
        p.w(v);
        p.w(" ");
    }
    let name = ctx.prop(op, "sym_name").and_then(|a| a.as_str()).unwrap_or("");
    p.symbol(name);
    let Some(ft) = function_type(ctx, op) else {
        p.w("()");
        return;
    };
    let body = ctx.region(op, 0);
    let entry = ctx.entry_block(body);
    let arg_attrs = ctx.prop(op, "arg_attrs").and_then(|a| a.as_array()).map(|a| a.to_vec());
    let res_attrs = ctx.prop(op, "res_attrs").and_then(|a| a.as_array()).map(|a| a.to_vec());
    let print_attrs = |p: &mut OpPrinter<'_>, list: &Option<Vec<Attribute>>, i: usize| {
        if let Some(Attribute::Dictionary(d)) = list.as_ref().and_then(|l| l.get(i)) {
            if !d.is_empty() {
                p.w(" ");
                p.attr(&Attribute::Dictionary(d.clone()));
            }
        }
    };
    p.w("(");
    for (i, t) in ft.inputs.iter().enumerate() {
        if i > 0 {
            p.w(", ");
        }
        match entry.and_then(|b| ctx.block_args(b).get(i).copied()) {
            Some(a) => {
                p.operand(a);
                p.w(": ");
                p.ty(t);
                print_attrs(p, &arg_attrs, i);
                if p.debug_info() {
                    let l = ctx.value_loc(a).clone();
                    p.w(&format!(" {l}"));
                }
            }
            None => {
                p.ty(t);
                print_attrs(p, &arg_attrs, i);
            }
        }
    }
    p.w(")");
    if !ft.results.is_empty() {
        p.w(" -> ");
        let any_attrs =
            res_attrs.as_ref().is_some_and(|l| l.iter().any(|a| a.as_dict().is_some_and(|d| !d.is_empty())));
        if ft.results.len() == 1 && !any_attrs && !matches!(ft.results[0], Type::Function(_)) {
            p.ty(&ft.results[0]);
        } else {
            p.w("(");
            for (i, t) in ft.results.iter().enumerate() {
                if i > 0 {
                    p.w(", ");
                }
                p.ty(t);
                print_attrs(p, &res_attrs, i);
            }
            p.w(")");
        }
    }
    p.attr_dict_with_keyword(op, &["sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs"]);
    if !ctx.region_blocks(body).is_empty() {
        p.w(" ");
        p.region(body, false, true);
    }
}

/// Checks what [`func::Func`]'s signature does not: the function type,
/// the region, argument and result attributes, the entry block's arguments
/// and the visibility.
fn verify_func(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(ft) = function_type(ctx, op) else {
        return Err(op_error(
            ctx,
            op,
            "attribute 'function_type' failed to satisfy constraint: type attribute of function type",
        ));
    };
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "requires one region"));
    }
    for (key, what, n) in [("arg_attrs", "argument", ft.inputs.len()), ("res_attrs", "result", ft.results.len())] {
        let Some(a) = ctx.prop(op, key) else { continue };
        let Some(items) = a.as_array().filter(|items| items.iter().all(|i| i.as_dict().is_some())) else {
            let constraint = format!("attribute '{key}' failed to satisfy constraint: Array of dictionary attributes");
            return Err(op_error(ctx, op, constraint));
        };
        if items.len() != n {
            let got = items.len();
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects {what} attribute array to have the same number of elements as the number of function \
                     {what}s, got {got}, but expected {n}"
                ),
            ));
        }
        // As MLIR's function interface: only dialect attributes
        // (`dialect.name`) on arguments and results.
        if items.iter().flat_map(|i| i.as_dict().unwrap_or_default()).any(|(k, _)| !k.contains('.')) {
            return Err(op_error(ctx, op, format!("{what}s may only have dialect attributes")));
        }
    }
    let body = ctx.region(op, 0);
    match ctx.entry_block(body) {
        None => {
            let vis = ctx.prop(op, "sym_visibility").and_then(|a| a.as_str());
            if vis.is_none() || vis == Some("public") {
                return Err(op_error(ctx, op, "symbol declaration cannot have public visibility"));
            }
        }
        Some(entry) => {
            let args = ctx.block_args(entry);
            if args.len() != ft.inputs.len() {
                return Err(op_error(
                    ctx,
                    op,
                    format!("entry block must have {} arguments to match function signature", ft.inputs.len()),
                ));
            }
            for (i, (a, t)) in args.iter().zip(&ft.inputs).enumerate() {
                let at = ctx.value_type(*a);
                if at != t {
                    return Err(op_error(
                        ctx,
                        op,
                        format!("type of entry block argument #{i}('{at}') must match the type of the corresponding argument in function signature('{t}')"),
                    ));
                }
            }
        }
    }
    if let Some(v) = ctx.prop(op, "sym_visibility") {
        if !matches!(v.as_str(), Some("public" | "private" | "nested")) {
            return Err(op_error(ctx, op, "visibility expected to be one of [\"public\", \"private\", \"nested\"]"));
        }
    }
    Ok(())
}

/// Parses `{attrs} %a, %b : T, T` for return-like ops, in MLIR's order
/// (attribute dictionary first); the pair of [`print_return_like`].
pub fn parse_return_like(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    st.attributes = p.parse_optional_attr_dict()?;
    let ops = p.parse_operand_list()?;
    if !ops.is_empty() {
        p.expect(Tok::Colon, "':'")?;
        let loc = p.loc();
        let types = p.parse_type_list_no_parens()?;
        st.operands = p.resolve_operands(&ops, &types, &loc)?;
    }
    Ok(())
}

/// Prints ` %a, %b : T, T` for return-like ops (nothing when there are no operands).
pub fn print_return_like(p: &mut OpPrinter<'_>, op: OpId) {
    let vs = p.ctx.operands(op).to_vec();
    p.attr_dict(op, &[]);
    if !vs.is_empty() {
        p.w(" ");
        p.operands(&vs);
        p.w(" : ");
        p.value_types(&vs);
    }
}

fn verify_return(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(parent) = ctx.parent_op(op).filter(|p| ctx.op_name(*p) == func::FUNC) else {
        return Err(op_error(ctx, op, "expects parent op 'func.func'"));
    };
    let Some(ft) = function_type(ctx, parent) else { return Ok(()) };
    let name = ctx.prop(parent, "sym_name").and_then(|a| a.as_str()).unwrap_or("");
    let vs = ctx.operands(op);
    if vs.len() != ft.results.len() {
        return Err(op_error(
            ctx,
            op,
            format!("has {} operands, but enclosing function (@{name}) returns {}", vs.len(), ft.results.len()),
        ));
    }
    for (i, (v, t)) in vs.iter().zip(&ft.results).enumerate() {
        let vt = ctx.value_type(*v);
        if vt != t {
            // Not prefixed with the operation's name, as MLIR reports it.
            return Err(Diagnostic::error(
                ctx.op_loc(op).clone(),
                format!("type of return operand {i} ('{vt}') doesn't match function result type ('{t}') in function @{name}"),
            ));
        }
    }
    Ok(())
}

/// `(%args) attr-dict : (T) -> U` after a call's callee: resolves the
/// arguments (after `first`, already resolved) and sets the results.
fn parse_call_rest(p: &mut Parser<'_>, st: &mut OperationState, first: Option<&UnresolvedOperand>) -> PResult<()> {
    p.expect(Tok::LParen, "'('")?;
    let ops = p.parse_operand_list()?;
    p.expect(Tok::RParen, "')'")?;
    st.attributes = p.parse_optional_attr_dict()?;
    p.expect(Tok::Colon, "':'")?;
    let loc = p.loc();
    let t = p.parse_type()?;
    let Type::Function(ft) = &t else { return p.err_at(loc, "expected function type") };
    let mut operands = Vec::new();
    if let Some(callee) = first {
        operands.push(p.resolve_operand(callee, &t)?);
    }
    operands.extend(p.resolve_operands(&ops, &ft.inputs, &loc)?);
    st.operands = operands;
    st.result_types = ft.results.clone();
    Ok(())
}

fn parse_call(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let callee = p.parse_symbol_name()?;
    st.properties.push(("callee".into(), Attribute::symbol(&callee)));
    parse_call_rest(p, st, None)
}

fn print_call(p: &mut OpPrinter<'_>, op: OpId) {
    p.w(" ");
    if let Some(c) = p.ctx.prop(op, "callee").cloned() {
        p.attr(&c);
    }
    p.w("(");
    let vs = p.ctx.operands(op).to_vec();
    p.operands(&vs);
    p.w(")");
    p.attr_dict(op, &["callee"]);
    p.w(" : ");
    p.functional_type(op);
}

fn verify_call(ctx: &Context, op: OpId, symbols: &mut SymbolTableCollection) -> Result<(), Diagnostic> {
    // The signature check reports a missing callee.
    let Some(callee) = ctx.prop(op, "callee").cloned() else { return Ok(()) };
    let Some(name) = callee.as_flat_symbol() else {
        return Err(op_error(ctx, op, "requires 'callee' to be a flat symbol reference"));
    };
    let Some(f) = symbols.lookup_symbol_from(ctx, op, &callee).filter(|f| ctx.op_name(*f) == func::FUNC) else {
        return Err(op_error(ctx, op, format!("'{name}' does not reference a valid function")));
    };
    let Some(ft) = function_type(ctx, f) else { return Ok(()) };
    let vs = ctx.operands(op);
    if vs.len() != ft.inputs.len() {
        return Err(op_error(ctx, op, "incorrect number of operands for callee"));
    }
    for (i, (v, t)) in vs.iter().zip(&ft.inputs).enumerate() {
        let vt = ctx.value_type(*v);
        if vt != t {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand type mismatch: expected operand type '{t}', but provided '{vt}' for operand number {i}"
                ),
            ));
        }
    }
    let rs = ctx.results(op);
    if rs.len() != ft.results.len() {
        return Err(op_error(ctx, op, "incorrect number of results for callee"));
    }
    for (i, (r, t)) in rs.iter().zip(&ft.results).enumerate() {
        let rt = ctx.value_type(*r);
        if rt != t {
            let quoted =
                |ts: &mut dyn Iterator<Item = &Type>| ts.map(|t| format!("'{t}'")).collect::<Vec<_>>().join(", ");
            let ours = quoted(&mut rs.iter().map(|r| ctx.value_type(*r)));
            return Err(op_error(ctx, op, format!("result type mismatch at index {i}"))
                .note(ctx.op_loc(op).clone(), format!("op result types: {ours}"))
                .note(ctx.op_loc(op).clone(), format!("function result types: {}", quoted(&mut ft.results.iter()))));
        }
    }
    Ok(())
}

/// The functions `op` may run: a `func.call`'s callee, a `func.constant`'s
/// function (its address may be called wherever it goes), and for a
/// `func.call_indirect` every function of the callee's type whose address a
/// `func.constant` takes in the symbol table (a safe over-approximation for
/// analyses that follow calls).
pub fn possible_callees(ctx: &Context, op: OpId, symbols: &mut SymbolTableCollection) -> Vec<OpId> {
    let by_symbol = |key: &str, symbols: &mut SymbolTableCollection| {
        ctx.prop(op, key)
            .and_then(|s| symbols.lookup_symbol_from(ctx, op, s))
            .filter(|f| ctx.isa(*f, func::FUNC))
            .into_iter()
            .collect::<Vec<_>>()
    };
    if ctx.isa(op, func::CALL) {
        return by_symbol("callee", symbols);
    }
    if ctx.isa(op, func::CONSTANT) {
        return by_symbol("value", symbols);
    }
    if !ctx.isa(op, func::CALL_INDIRECT) {
        return Vec::new();
    }
    let Some(callee_type) = ctx.operands(op).first().map(|v| ctx.value_type(*v).clone()) else { return Vec::new() };
    let Some(table) = crate::symbols::nearest_symbol_table(ctx, op) else { return Vec::new() };
    let mut taken = Vec::new();
    ctx.walk_pre(table, &mut |o| {
        if ctx.isa(o, func::CONSTANT) && *ctx.value_type(ctx.result(o, 0)) == callee_type {
            taken.push(o);
        }
    });
    let mut out = Vec::new();
    for c in taken {
        if let Some(f) = ctx.prop(c, "value").and_then(|s| symbols.lookup_symbol_from(ctx, c, s)) {
            if ctx.isa(f, func::FUNC) && !out.contains(&f) {
                out.push(f);
            }
        }
    }
    out
}

/// `func.constant @f : (T) -> U`: the value is a flat symbol reference.
fn parse_constant(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let loc = p.loc();
    let value = p.parse_attribute(None)?;
    if value.as_flat_symbol().is_none() {
        return p.err_at(loc, "invalid kind of attribute specified");
    }
    st.properties.push(("value".into(), value));
    st.attributes = p.parse_optional_attr_dict()?;
    st.result_types = vec![p.parse_colon_type()?];
    Ok(())
}

fn print_constant(p: &mut OpPrinter<'_>, op: OpId) {
    p.w(" ");
    if let Some(v) = p.ctx.prop(op, "value").cloned() {
        p.attr(&v);
    }
    p.attr_dict(op, &["value"]);
    p.w(" : ");
    let t = p.ctx.value_type(p.ctx.result(op, 0)).clone();
    p.ty(&t);
}

fn verify_constant(ctx: &Context, op: OpId, symbols: &mut SymbolTableCollection) -> Result<(), Diagnostic> {
    let Some(value) = ctx.prop(op, "value").cloned().filter(|v| v.as_flat_symbol().is_some()) else {
        return Err(op_error(ctx, op, "requires attribute 'value' to be a flat symbol reference"));
    };
    let name = value.as_flat_symbol().unwrap_or_default();
    let Some(f) = symbols.lookup_symbol_from(ctx, op, &value).filter(|f| ctx.op_name(*f) == func::FUNC) else {
        return Err(op_error(ctx, op, format!("reference to undefined function '{name}'")));
    };
    let want = function_type(ctx, f).map(|ft| Type::Function(Arc::new(ft.clone())));
    if want.as_ref() != Some(ctx.value_type(ctx.result(op, 0))) {
        return Err(op_error(ctx, op, "reference to function with mismatched type"));
    }
    Ok(())
}

/// `func.call_indirect %f(%args) : (T) -> U`.
fn parse_call_indirect(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let callee = p.parse_operand()?;
    parse_call_rest(p, st, Some(&callee))
}

fn print_call_indirect(p: &mut OpPrinter<'_>, op: OpId) {
    let vs = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operands(&vs[..1]);
    p.w("(");
    p.operands(&vs[1..]);
    p.w(")");
    p.attr_dict(op, &[]);
    p.w(" : ");
    let t = p.ctx.value_type(vs[0]).clone();
    p.ty(&t);
}

/// The callee is a function whose inputs are the arguments' types and whose
/// results are the results' types, in upstream's words.
fn verify_call_indirect(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let callee = func::CallIndirect(op).callee(ctx);
    let Some(ft) = ctx.value_type(callee).as_function() else {
        return Err(op_error(ctx, op, "operand #0 must be function type"));
    };
    let args: Vec<Type> = ctx.operands(op)[1..].iter().map(|v| ctx.value_type(*v).clone()).collect();
    if args != ft.inputs {
        return Err(op_error(ctx, op, "failed to verify that callee input types match argument types"));
    }
    let results: Vec<Type> = ctx.results(op).iter().map(|v| ctx.value_type(*v).clone()).collect();
    if results != ft.results {
        return Err(op_error(ctx, op, "failed to verify that callee result types match result types"));
    }
    Ok(())
}

/// `call_indirect` of a `func.constant` is a call of that function, as
/// upstream's canonicalization makes it.
struct IndirectCallOfKnownCallee;

impl crate::rewrite::RewritePattern for IndirectCallOfKnownCallee {
    fn name(&self) -> &'static str {
        "func-indirect-call-of-known-callee"
    }
    fn root(&self) -> Option<crate::OpName> {
        Some(func::CALL_INDIRECT)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut crate::rewrite::Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(def) = ctx.operands(op).first().and_then(|v| ctx.defining_op(*v)) else { return false };
        if !ctx.isa(def, func::CONSTANT) {
            return false;
        }
        let Some(callee) = ctx.prop(def, "value").cloned() else { return false };
        let results: Vec<Type> = ctx.results(op).iter().map(|v| ctx.value_type(*v).clone()).collect();
        let st = OperationState::new(func::CALL, ctx.op_loc(op).clone())
            .operands(&ctx.operands(op)[1..])
            .prop("callee", callee)
            .results(&results);
        rw.replace_op_with_new(op, st);
        true
    }
}

fn call_indirect_patterns(v: &mut Vec<Box<dyn crate::rewrite::RewritePattern>>) {
    if !v.iter().any(|p| p.name() == "func-indirect-call-of-known-callee") {
        v.push(Box::new(IndirectCallOfKnownCallee));
    }
}

/// The func dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "func",
        summary: "functions, calls and returns",
        ops: op::op_defs(),
        materialize_constant: None,
        verify_type: None,
        verify_attr: None,
    }
}

/// Typed constructors of `func` operations.
pub mod build {
    use crate::builder::Builder;
    use crate::context::{BlockId, OpId, Value};
    use crate::types::Type;
    use crate::Attribute;

    use super::op as func;

    /// A `func.func @name(inputs) -> results` with an entry block, at the
    /// builder's insertion point (`private` sets its visibility); returns
    /// the function, its entry block and the block's arguments.
    pub fn function(
        b: &mut Builder<'_>,
        name: &str,
        private: bool,
        inputs: &[Type],
        results: &[Type],
    ) -> (OpId, BlockId, Vec<Value>) {
        let (region, entry, args) = b.region(inputs);
        let mut st = b
            .state(func::FUNC)
            .prop("sym_name", Attribute::string(name))
            .prop("function_type", Attribute::Type(Type::function(inputs.to_vec(), results.to_vec())))
            .region(region);
        if private {
            st = st.prop("sym_visibility", Attribute::string("private"));
        }
        (b.create(st), entry, args)
    }

    /// A private `func.func @name(inputs) -> results` without a body (a
    /// function defined elsewhere), at the builder's insertion point.
    pub fn declaration(b: &mut Builder<'_>, name: &str, inputs: &[Type], results: &[Type]) -> OpId {
        let region = b.ctx_mut().create_region();
        let st = b
            .state(func::FUNC)
            .prop("sym_name", Attribute::string(name))
            .prop("function_type", Attribute::Type(Type::function(inputs.to_vec(), results.to_vec())))
            .prop("sym_visibility", Attribute::string("private"))
            .region(region);
        b.create(st)
    }

    /// `func.return values`.
    pub fn ret(b: &mut Builder<'_>, values: &[Value]) -> OpId {
        b.op0(func::RETURN, values)
    }

    /// `func.call @callee(args) : (...) -> results`; returns the results.
    pub fn call(b: &mut Builder<'_>, callee: &str, args: &[Value], results: &[Type]) -> Vec<Value> {
        let st = b.state(func::CALL).operands(args).prop("callee", Attribute::symbol(callee)).results(results);
        let op = b.create(st);
        b.ctx().results(op).to_vec()
    }
}
