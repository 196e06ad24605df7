//! The `builtin` dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.

/// The `builtin` dialect's operations, each declared once: name, summary,
/// traits, signature and hooks (see [`crate::dialect_ops!`]).
pub mod op {
    #[allow(unused_imports)]
    use super::*;

    crate::dialect_ops! {
        /// Every builtin operation, for exhaustive matches: a consumer without a
        /// wildcard arm stops compiling when an operation is added.
        dialect "builtin" => pub enum BuiltinOp,
        /// Which builtin operation: the key of tables by operation.
        pub enum BuiltinKind;

        /// `builtin.module @name { .. }`: one block, no terminator.
        view Module {
            ops {
                Module = MODULE "module" (
                    "a top-level container of operations and a symbol table",
                    Traits::ISOLATED_FROM_ABOVE
                        | Traits::NO_TERMINATOR
                        | Traits::SYMBOL_TABLE
                        | Traits::GRAPH_REGION
                        | Traits::SINGLE_BLOCK
                        | Traits::SYMBOL
                ) {
                verify: Some(verify_module),
                parse: Some(parse_module),
                print: Some(print_module),
                default_dialect: Some("builtin"),
                };
            }
            operands {}
            results {}
            properties {
                /// The module's name, if it has one.
                sym_name: Option<String>,
                /// Its visibility, as a symbol.
                sym_visibility: Option<String>,
            }
        }

        /// `builtin.unrealized_conversion_cast %values : T to U`.
        view UnrealizedConversionCast {
            ops {
                UnrealizedConversionCast = UNREALIZED_CONVERSION_CAST "unrealized_conversion_cast" (
                    "a placeholder conversion between types during partial lowering",
                    Traits::PURE
                ) {
                fold: Some(fold_cast),
                verify: Some(verify_cast),
                parse: Some(parse_cast),
                print: Some(print_cast),
                };
            }
            operands {}
            variadic {
                /// The values cast.
                inputs: Any,
            }
            results {}
            variadic_results {
                /// The values they stand for.
                outputs: Any,
            }
            properties {}
        }
    }
}

use crate::attributes::Attribute;
use crate::builtin::op as builtin;
use crate::context::{Context, OpId, OperationState, Value};
use crate::diagnostics::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use crate::printer::OpPrinter;
use crate::registry::{Dialect, FoldResult, Folded};
use crate::verifier::op_error;

fn parse_module(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.at(Tok::AtIdent) {
        let name = p.parse_symbol_name()?;
        st.properties.push(("sym_name".into(), Attribute::string(&name)));
    }
    st.attributes = p.parse_optional_attr_dict_with_keyword()?;
    let r = p.parse_region_in_scope(&[], true, None)?;
    if p.ctx.region_blocks(r).is_empty() {
        let b = p.ctx.create_block(&[]);
        p.ctx.append_block(r, b);
    }
    st.regions.push(r);
    Ok(())
}

fn print_module(p: &mut OpPrinter<'_>, op: OpId) {
    if let Some(name) = p.ctx.prop(op, "sym_name").and_then(|a| a.as_str()).map(str::to_string) {
        p.w(" ");
        p.symbol(&name);
    }
    p.attr_dict_with_keyword(op, &["sym_name"]);
    p.w(" ");
    p.region(p.ctx.region(op, 0), false, true);
}

fn verify_module(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.regions(op).len() != 1 || ctx.region_blocks(ctx.region(op, 0)).len() != 1 {
        return Err(op_error(ctx, op, "expects a single region with one block"));
    }
    let b = ctx.region_blocks(ctx.region(op, 0))[0];
    if !ctx.block_args(b).is_empty() {
        return Err(op_error(ctx, op, "expects the body block to have no arguments"));
    }
    if let Some((name, _)) = ctx.attrs(op).iter().find(|(name, _)| !name.contains('.')) {
        return Err(op_error(
            ctx,
            op,
            format!("can only contain attributes with dialect-prefixed names, found: '{name}'"),
        ));
    }
    Ok(())
}

fn parse_cast(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let ops = p.parse_operand_list()?;
    st.attributes = p.parse_optional_attr_dict()?;
    let mut in_types = Vec::new();
    if !ops.is_empty() {
        p.expect(Tok::Colon, "':'")?;
        in_types = p.parse_type_list_no_parens()?;
    }
    p.expect_keyword("to")?;
    st.result_types = p.parse_type_list_no_parens()?;
    let loc = p.loc();
    st.operands = p.resolve_operands(&ops, &in_types, &loc)?;
    Ok(())
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.results(op).is_empty() {
        return Err(op_error(ctx, op, "expected at least one result for cast operation"));
    }
    Ok(())
}

fn print_cast(p: &mut OpPrinter<'_>, op: OpId) {
    let ins = p.ctx.operands(op).to_vec();
    if !ins.is_empty() {
        p.w(" ");
        p.operands(&ins);
    }
    p.attr_dict(op, &[]);
    if !ins.is_empty() {
        p.w(" : ");
        p.value_types(&ins);
    }
    p.w(" to ");
    let outs = p.ctx.results(op).to_vec();
    p.value_types(&outs);
}

/// Folds a cast to its inputs when it casts them to their own types, or when
/// it undoes another cast (`A -> B -> A`), unless it forwards one of its own
/// results.
fn fold_cast(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Folded> {
    let ins = ctx.operands(op).to_vec();
    let out_types: Vec<&crate::types::Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    // In a graph region a cast may forward its own results; folding would
    // replace a result by itself or by another result of the cast.
    if ins.is_empty() || ins.iter().any(|v| ctx.defining_op(*v) == Some(op)) {
        return None;
    }
    let same =
        |vs: &[Value]| vs.len() == out_types.len() && vs.iter().zip(&out_types).all(|(v, t)| ctx.value_type(*v) == *t);
    if same(&ins) {
        return Some(Folded::Results(ins.into_iter().map(FoldResult::Value).collect()));
    }
    let producer = ctx.defining_op(ins[0]).filter(|d| ctx.op_name(*d) == builtin::UNREALIZED_CONVERSION_CAST)?;
    if ctx.results(producer) != ins.as_slice() {
        return None;
    }
    let orig = ctx.operands(producer).to_vec();
    let forwards_own = orig.iter().any(|v| ctx.defining_op(*v) == Some(op));
    (!forwards_own && same(&orig)).then(|| Folded::Results(orig.into_iter().map(FoldResult::Value).collect()))
}

/// The builtin dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "builtin",
        summary: "the top-level module and conversion glue",
        ops: op::op_defs(),
        materialize_constant: None,
        verify_type: None,
        verify_attr: None,
    }
}
