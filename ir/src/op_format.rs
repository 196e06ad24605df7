//! The declared assembly format: a custom syntax said by an operation's
//! declared signature instead of a hand-written parser and printer.
//!
//! ```text
//! op ::= name operands? attr-dict (`:` types)? region*
//! ```
//!
//! The operands come first, comma-separated, then the attribute
//! dictionary (properties included), then the types the signature does not
//! fix: those of the operands whose constraint allows more than one type,
//! then, after `->`, those of such results (with no such operand, the
//! results' follow the colon alone). Types the signature fixes are left
//! out, so `%d = graph.out_degree %g, %v` has none, `%v = par.load %b, %i :
//! !par.buf<i64> -> i64` gives the buffer's and the result's, and
//! `%l = par.local {size = 4 : i64} : !par.buf<i64>` the result's alone.
//!
//! An operation with regions takes [`parse_with_regions`] and
//! [`print_with_regions`]: its dictionary is written after `attributes`
//! (a brace there would begin a region) and its regions follow the types,
//! their entry blocks' arguments in the blocks' labels: `par.for %lo, %hi,
//! %step attributes {chunk = 1 : i64, dist = "static"} {` then `^bb0(%i:
//! index):`. Operations take the format by naming the pair as their parser
//! and printer, or a dialect for all of its operations.

use crate::attributes::Location;
use crate::context::{OpId, OperationState};
use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use crate::printer::OpPrinter;
use crate::signature::{count_error, Arity, Signature, ValueSpec};
use crate::types::Type;

/// The declaration that `specs` gives the `i`th value (the last one
/// stands for the values after the fixed ones).
fn spec_of(specs: &[ValueSpec], i: usize) -> &ValueSpec {
    &specs[i.min(specs.len() - 1)]
}

/// The declared signature of the operation `st` names.
fn signature(p: &Parser<'_>, st: &OperationState) -> PResult<Signature> {
    match p.ctx.registry().op(&st.name).and_then(|d| d.signature) {
        Some(sig) => Ok(sig),
        None => p.err(format!("'{}' has no declared signature to read its custom form by", st.name)),
    }
}

/// Reads the types listed after the colon: `n` operand types, then after
/// `->` the result types (or, with `n` zero, the result types alone).
fn parse_open_types(p: &mut Parser<'_>, n: usize) -> PResult<(Vec<Type>, Vec<Type>)> {
    if !p.consume_if(Tok::Colon) {
        return Ok((Vec::new(), Vec::new()));
    }
    let first = p.parse_type_list_no_parens()?;
    if n == 0 {
        return Ok((Vec::new(), first));
    }
    let results = if p.consume_if(Tok::Arrow) { p.parse_type_list_no_parens()? } else { Vec::new() };
    Ok((first, results))
}

/// Reads the format without regions: `%a, %b {attrs} : types`.
pub fn parse(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_declared(p, st, false)
}

/// Reads the format with regions: `%a attributes {attrs} : types {...}`.
pub fn parse_with_regions(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_declared(p, st, true)
}

fn parse_declared(p: &mut Parser<'_>, st: &mut OperationState, regions: bool) -> PResult<()> {
    let loc = p.loc();
    let sig = signature(p, st)?;
    let names = parse_operands(p, sig.operands)?;
    if let Some(msg) = count_error("operand", sig.operands, names.len()) {
        return p.err_at(loc, msg);
    }
    if p.at(Tok::PercentIdent) && same_line(&p.loc(), &st.loc) {
        return p.err(format!("expected {} operands, but found more", names.len()));
    }
    st.attributes = if regions { p.parse_optional_attr_dict_with_keyword()? } else { p.parse_optional_attr_dict()? };
    let open = (0..names.len()).filter(|i| spec_of(sig.operands, *i).ty.exact().is_none()).count();
    let types_loc = p.loc();
    let (operand_types, result_types) = parse_open_types(p, open)?;
    if operand_types.len() != open {
        return p.err_at(types_loc, format!("expected {}, but found {}", types(open, "operand"), operand_types.len()));
    }
    let mut listed = operand_types.into_iter();
    for (i, n) in names.iter().enumerate() {
        let ty = match spec_of(sig.operands, i).ty.exact() {
            Some(t) => t,
            None => listed.next().expect("counted above"),
        };
        let v = p.resolve_operand(n, &ty)?;
        st.operands.push(v);
    }
    st.result_types = match declared_results(sig.results, result_types) {
        Ok(ts) => ts,
        Err(msg) => return p.err_at(types_loc, msg),
    };
    while regions && p.at(Tok::LBrace) {
        let r = p.parse_region(&[])?;
        st.regions.push(r);
    }
    Ok(())
}

/// Reads the operands, no more than `specs` allows: an operation without
/// operands reads none, so a `%x = ...` on the next line is not taken for
/// one, and every operand after the first follows a comma.
fn parse_operands(p: &mut Parser<'_>, specs: &[ValueSpec]) -> PResult<Vec<crate::parser::UnresolvedOperand>> {
    let fixed = specs.iter().filter(|s| s.arity == Arity::One).count();
    let most = match specs.last().map(|s| s.arity) {
        Some(Arity::Variadic) => usize::MAX,
        Some(Arity::Optional) => fixed + 1,
        _ => fixed,
    };
    let mut names = Vec::new();
    while names.len() < most {
        let more = if names.is_empty() { p.at(Tok::PercentIdent) } else { p.consume_if(Tok::Comma) };
        if !more {
            break;
        }
        names.push(p.parse_operand()?);
    }
    Ok(names)
}

/// `1 result type`, `2 operand types`.
fn types(n: usize, what: &str) -> String {
    format!("{n} {what} type{}", if n == 1 { "" } else { "s" })
}

/// Whether two locations are on one line of one file.
fn same_line(a: &Location, b: &Location) -> bool {
    match (a, b) {
        (Location::FileLineCol { file: f, line: l, .. }, Location::FileLineCol { file: g, line: m, .. }) => {
            f == g && l == m
        }
        _ => false,
    }
}

/// The result types: each fixed one, and the listed ones for the others.
fn declared_results(specs: &[ValueSpec], listed: Vec<Type>) -> Result<Vec<Type>, String> {
    let given = listed.len();
    let mut listed = listed.into_iter();
    let mut out = Vec::new();
    let mut wanted = 0;
    for spec in specs {
        match (spec.arity, spec.ty.exact()) {
            (Arity::One, Some(t)) => out.push(t),
            (Arity::One, None) => {
                wanted += 1;
                match listed.next() {
                    Some(t) => out.push(t),
                    None => break,
                }
            }
            (_, None) => out.extend(listed.by_ref()),
            (_, Some(_)) => return Err("the declared format cannot tell how many results of a fixed type".into()),
        }
    }
    let rest = listed.count();
    if rest > 0 || out.len() < specs.iter().filter(|s| s.arity == Arity::One).count() {
        return Err(format!("expected {}, but found {given}", types(wanted, "result")));
    }
    Ok(out)
}

/// Writes the format without regions: ` %a, %b {attrs} : types`.
pub fn print(p: &mut OpPrinter<'_>, op: OpId) {
    print_declared(p, op, false);
}

/// Writes the format with regions: ` %a attributes {attrs} : types {...}`.
pub fn print_with_regions(p: &mut OpPrinter<'_>, op: OpId) {
    print_declared(p, op, true);
}

fn print_declared(p: &mut OpPrinter<'_>, op: OpId, regions: bool) {
    let operands = p.ctx.operands(op).to_vec();
    if !operands.is_empty() {
        p.w(" ");
        p.operands(&operands);
    }
    if regions {
        p.attr_dict_with_keyword(op, &[]);
    } else {
        p.attr_dict(op, &[]);
    }
    let sig = p.ctx.op_def(op).and_then(|d| d.signature);
    let open = |specs: &[ValueSpec], values: &[crate::Value]| -> Vec<Type> {
        let Some(_) = specs.first() else { return Vec::new() };
        (0..values.len())
            .filter(|i| spec_of(specs, *i).ty.exact().is_none())
            .map(|i| p.ctx.value_type(values[i]).clone())
            .collect()
    };
    let (operand_types, result_types) = match sig {
        Some(sig) => (open(sig.operands, &operands), open(sig.results, p.ctx.results(op))),
        None => (Vec::new(), Vec::new()),
    };
    if !operand_types.is_empty() || !result_types.is_empty() {
        p.w(" : ");
        p.types(&operand_types);
        if !operand_types.is_empty() && !result_types.is_empty() {
            p.w(" -> ");
        }
        p.types(&result_types);
    }
    if regions {
        for r in p.ctx.regions(op).to_vec() {
            p.w(" ");
            p.region(r, true, true);
        }
    }
}

#[cfg(test)]
#[allow(dead_code)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::printer::{print_op, PrintOptions};
    use crate::signature::TypeConstraint;
    use crate::{Context, Dialect};

    mod fmt {
        use crate::op_format;

        crate::dialect_ops! {
            /// The test dialect's operations.
            dialect "fmt" => pub enum FmtOp,
            /// Which of them.
            pub enum FmtKind;
            hooks { parse: Some(op_format::parse), print: Some(op_format::print) }

            /// `fmt.fixed %a, %b`.
            view Fixed {
                ops { Fixed = FIXED "fixed" ("fixed types", Traits::PURE); }
                operands {
                    /// First.
                    a: Index,
                    /// Second.
                    b: Int(8),
                }
                results {
                    /// Result.
                    r: Index,
                }
                properties {}
            }

            /// `fmt.open %a, %i : T -> U`.
            view Open {
                ops { Open = OPEN "open" ("open types", Traits::PURE); }
                operands {
                    /// Any.
                    a: Any,
                    /// An index.
                    i: Index,
                }
                results {
                    /// Any.
                    r: Any,
                }
                properties {
                    /// A flag.
                    flag: bool,
                }
            }

            /// `fmt.make : T`.
            view Make {
                ops { Make = MAKE "make" ("a value", Traits::PURE); }
                operands {}
                results {
                    /// Any.
                    r: Any,
                }
                properties {}
            }

            /// `fmt.list %a, %b : T, U`.
            view List {
                ops { List = LIST "list" ("any number of values", Traits::NONE); }
                operands {
                    /// An index.
                    first: Index,
                }
                variadic {
                    /// The rest.
                    rest: Any,
                }
                results {}
                properties {}
            }

            /// `fmt.end`.
            view End {
                ops { End = END "end" ("ends a body", Traits::TERMINATOR); }
                operands {}
                results {}
                properties {}
            }

            /// `fmt.body %n attributes {..} {..}`.
            view Body {
                ops {
                    Body = BODY "body" ("a region", Traits::NONE) {
                        parse: Some(op_format::parse_with_regions),
                        print: Some(op_format::print_with_regions),
                    };
                }
                operands {
                    /// An index.
                    n: Index,
                }
                results {}
                properties {
                    /// A flag.
                    flag: bool,
                }
            }
        }
    }

    fn context() -> Context {
        let mut r = crate::core_registry();
        r.register(Dialect {
            name: "fmt",
            summary: "test",
            ops: fmt::op_defs(),
            materialize_constant: None,
            verify_type: None,
            verify_attr: None,
        });
        Context::new(Arc::new(r))
    }

    /// `text` read and printed, in the custom and the generic form.
    fn printed(text: &str) -> Result<(String, String), String> {
        let mut ctx = context();
        let m = crate::parser::parse_source(&mut ctx, "f.mlir", text, 0, text.len()).map_err(|d| d.message)?;
        let errors: Vec<String> = crate::verifier::verify(&ctx, m).into_iter().map(|d| d.message).collect();
        assert!(errors.is_empty(), "{errors:?}");
        let custom = print_op(&ctx, m, PrintOptions::default());
        let generic = print_op(&ctx, m, PrintOptions { generic: true, ..Default::default() });
        Ok((custom, generic))
    }

    const CUSTOM: &str = "module {
  func.func @f(%arg0: index, %arg1: i8, %arg2: f32) {
    %0 = fmt.fixed %arg0, %arg1
    %1 = fmt.open %arg2, %arg0 {flag} : f32 -> i64
    %2 = fmt.make : f32
    fmt.list %arg0
    fmt.list %arg0, %1, %arg2 : i64, f32
    fmt.body %arg0 attributes {flag} {
    ^bb0(%arg3: index):
      %3 = fmt.make : i1
      fmt.end
    }
    return
  }
}
";

    #[test]
    fn the_custom_form_reads_back_and_the_generic_form_reads_the_same() {
        let (custom, generic) = printed(CUSTOM).expect("reads");
        assert_eq!(custom, CUSTOM);
        assert!(generic.contains("\"fmt.open\"(%arg2, %arg0) <{flag}> : (f32, index) -> i64"), "{generic}");
        assert_eq!(printed(&generic).expect("reads").0, CUSTOM);
    }

    #[test]
    fn wrong_counts_are_named() {
        let cases = [
            ("%0 = fmt.fixed %arg0", "expected 2 operands, but found 1"),
            ("%0 = fmt.open %arg2, %arg0 : f32", "expected 1 result type, but found 0"),
            ("%0 = fmt.open %arg2, %arg0 : f32, f32 -> i64", "expected 1 operand type, but found 2"),
            ("%0 = fmt.make : f32, f32", "expected 1 result type, but found 2"),
            ("fmt.list %arg0, %arg2", "expected 1 operand type, but found 0"),
            ("%0 = fmt.make %arg0 : f32", "expected 0 operands, but found more"),
        ];
        for (line, want) in cases {
            let text = format!("func.func @f(%arg0: index, %arg1: i8, %arg2: f32) {{\n  {line}\n  return\n}}\n");
            let got = printed(&text).map(|_| String::new()).unwrap_err();
            assert!(got.contains(want), "{line}: {got}");
        }
    }

    #[test]
    fn results_of_a_fixed_type_and_open_number_are_refused() {
        let specs = [ValueSpec { name: "r", ty: TypeConstraint::Index, arity: Arity::Variadic }];
        assert!(declared_results(&specs, Vec::new()).is_err());
        let open = [ValueSpec { name: "r", ty: TypeConstraint::Any, arity: Arity::Variadic }];
        assert_eq!(declared_results(&open, vec![Type::Index, Type::i1()]), Ok(vec![Type::Index, Type::i1()]));
    }
}
