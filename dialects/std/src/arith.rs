//! The `arith` dialect: constants, integer and float arithmetic, comparisons,
//! `select` and casts, with MLIR's syntax and wrapping integer semantics.

/// The `arith` dialect's operations, each declared once: name, summary,
/// traits, signature and hooks (see [`strata_ir::dialect_ops!`]).
pub mod op {
    use super::*;
    use strata_ir::Attribute;

    strata_ir::dialect_ops! {
        /// Every arith operation, for exhaustive matches: a consumer without
        /// a wildcard arm stops compiling when an operation is added.
        dialect "arith" => pub enum ArithOp,
        /// Which arith operation: the key of tables by operation.
        pub enum ArithKind;

        /// `arith.constant`.
        view Constant {
            ops {
                Constant = CONSTANT "constant" ("an integer or float constant", Traits::PURE | Traits::CONSTANT_LIKE);
            }
            hooks {
                verify: Some(verify_constant),
                fold: Some(arith_fold::fold),
                parse: Some(parse_constant),
                print: Some(print_constant),
                name_hint: Some(constant_name),
            }
            operands {}
            results {
                /// The constant.
                result: Any,
            }
            properties {
                /// Its value (an integer, float or elements attribute of the
                /// result's type; the operation's verifier checks it).
                value: Attribute,
            }
        }

        /// Integer arithmetic that may take overflow flags: `addi`, `subi`,
        /// `muli`, `shli`.
        view IntBinaryWithOverflow {
            ops {
                Addi = ADDI "addi" ("integer addition (wrapping)", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE);
                Subi = SUBI "subi" ("integer subtraction (wrapping)", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Muli = MULI "muli" ("integer multiplication (wrapping)", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE);
                Shli = SHLI "shli" ("shift left", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
            }
            hooks {
                default_properties: overflow_none,
                fold: Some(arith_fold::fold),
                patterns: Some(arith_fold::patterns),
                parse: Some(parse_binary),
                print: Some(print_binary),
            }
            operands {
                /// The left operand.
                lhs: IntLike,
                /// The right operand.
                rhs: IntLike,
            }
            results {
                /// The result.
                result: IntLike,
            }
            properties {
                /// `#arith.overflow<...>` (the property `overflowFlags`).
                overflow("overflowFlags"): Option<Attribute>,
            }
        }

        /// Other integer arithmetic: divisions, remainders, bitwise operations,
        /// shifts right, minimum and maximum.
        view IntBinary {
            ops {
                Divsi = DIVSI "divsi" ("signed integer division rounding toward zero", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Divui = DIVUI "divui" ("unsigned integer division", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Ceildivsi = CEILDIVSI "ceildivsi" ("signed integer division rounding up", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Ceildivui = CEILDIVUI "ceildivui" ("unsigned integer division rounding up", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Floordivsi = FLOORDIVSI "floordivsi" ("signed integer division rounding down", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Remsi = REMSI "remsi" ("signed remainder (sign of the dividend)", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Remui = REMUI "remui" ("unsigned remainder", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Andi = ANDI "andi" ("bitwise and", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE | Traits::IDEMPOTENT);
                Ori = ORI "ori" ("bitwise or", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE | Traits::IDEMPOTENT);
                Xori = XORI "xori" ("bitwise exclusive or", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE);
                Shrsi = SHRSI "shrsi" ("arithmetic shift right", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Shrui = SHRUI "shrui" ("logical shift right", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Maxsi = MAXSI "maxsi" ("signed maximum", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE | Traits::IDEMPOTENT);
                Maxui = MAXUI "maxui" ("unsigned maximum", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE | Traits::IDEMPOTENT);
                Minsi = MINSI "minsi" ("signed minimum", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE | Traits::IDEMPOTENT);
                Minui = MINUI "minui" ("unsigned minimum", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE | Traits::IDEMPOTENT);
            }
            hooks {
                fold: Some(arith_fold::fold),
                patterns: Some(arith_fold::patterns),
                parse: Some(parse_binary),
                print: Some(print_binary),
            }
            operands {
                /// The left operand.
                lhs: IntLike,
                /// The right operand.
                rhs: IntLike,
            }
            results {
                /// The result.
                result: IntLike,
            }
            properties {}
        }

        /// `arith.addui_extended`: the sum and whether it carried out.
        view AddUIExtended {
            ops {
                AdduiExtended = ADDUI_EXTENDED "addui_extended" ("integer addition with its unsigned carry (sum, overflow)", Traits::PURE | Traits::COMMUTATIVE);
            }
            hooks {
                verify: Some(crate::arith_extended::verify),
                fold: Some(crate::arith_extended::fold),
                patterns: Some(crate::arith_extended::patterns),
                parse: Some(crate::arith_extended::parse),
                print: Some(crate::arith_extended::print),
                result_names: &["sum", "overflow"],
            }
            operands {
                /// The left operand.
                lhs: IntLike,
                /// The right operand.
                rhs: IntLike,
            }
            results {
                /// The wrapped sum.
                sum: IntLike,
                /// Whether the unsigned sum does not fit.
                overflow: BoolLike,
            }
            properties {}
        }

        /// `arith.mulsi_extended` and `arith.mului_extended`: the full product
        /// (signed or unsigned), as its low and high halves.
        view MulExtended {
            ops {
                MulsiExtended = MULSI_EXTENDED "mulsi_extended" ("signed integer multiplication to twice the width (low, high)", Traits::PURE | Traits::COMMUTATIVE);
                MuluiExtended = MULUI_EXTENDED "mului_extended" ("unsigned integer multiplication to twice the width (low, high)", Traits::PURE | Traits::COMMUTATIVE);
            }
            hooks {
                verify: Some(crate::arith_extended::verify),
                fold: Some(crate::arith_extended::fold),
                patterns: Some(crate::arith_extended::patterns),
                parse: Some(crate::arith_extended::parse),
                print: Some(crate::arith_extended::print),
                result_names: &["low", "high"],
            }
            operands {
                /// The left operand.
                lhs: IntLike,
                /// The right operand.
                rhs: IntLike,
            }
            results {
                /// The low half of the product.
                low: IntLike,
                /// The high half of the product.
                high: IntLike,
            }
            properties {}
        }

        /// Float arithmetic with fast-math flags.
        view FloatBinary {
            ops {
                Addf = ADDF "addf" ("float addition", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE);
                Subf = SUBF "subf" ("float subtraction", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Mulf = MULF "mulf" ("float multiplication", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE);
                Divf = DIVF "divf" ("float division", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Remf = REMF "remf" ("float remainder", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE);
                Maximumf = MAXIMUMF "maximumf" ("float maximum, NaN-propagating", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE | Traits::IDEMPOTENT);
                Minimumf = MINIMUMF "minimumf" ("float minimum, NaN-propagating", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE | Traits::IDEMPOTENT);
                Maxnumf = MAXNUMF "maxnumf" ("float maximum, NaN-ignoring", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE | Traits::IDEMPOTENT);
                Minnumf = MINNUMF "minnumf" ("float minimum, NaN-ignoring", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::COMMUTATIVE | Traits::IDEMPOTENT);
            }
            hooks {
                default_properties: fastmath_none,
                fold: Some(arith_fold::fold),
                patterns: Some(arith_fold::patterns),
                parse: Some(parse_binary),
                print: Some(print_binary),
            }
            operands {
                /// The left operand.
                lhs: FloatLike,
                /// The right operand.
                rhs: FloatLike,
            }
            results {
                /// The result.
                result: FloatLike,
            }
            properties {
                /// `#arith.fastmath<...>`.
                fastmath: Option<Attribute>,
            }
        }

        /// `arith.negf`.
        view FloatUnary {
            ops {
                Negf = NEGF "negf" ("float negation", Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE | Traits::INVOLUTION);
            }
            hooks {
                default_properties: fastmath_none,
                fold: Some(arith_fold::fold),
                parse: Some(parse_unary),
                print: Some(print_unary),
            }
            operands {
                /// The operand.
                operand: FloatLike,
            }
            results {
                /// The result.
                result: FloatLike,
            }
            properties {
                /// `#arith.fastmath<...>`.
                fastmath: Option<Attribute>,
            }
        }

        /// `arith.cmpi`.
        view Cmpi {
            ops {
                Cmpi = CMPI "cmpi" ("integer comparison", Traits::PURE);
            }
            hooks {
                verify: Some(verify_cmp),
                fold: Some(arith_fold::fold),
                parse: Some(parse_cmp),
                print: Some(print_cmp),
            }
            operands {
                /// The left operand.
                lhs: IntLike,
                /// The right operand.
                rhs: IntLike,
            }
            results {
                /// `i1`, or booleans of the operands' shape.
                result: BoolLike,
            }
            properties {
                /// The predicate.
                predicate: CmpiPredicate,
            }
        }

        /// `arith.cmpf`.
        view Cmpf {
            ops {
                Cmpf = CMPF "cmpf" ("float comparison", Traits::PURE);
            }
            hooks {
                default_properties: fastmath_none,
                verify: Some(verify_cmp),
                fold: Some(arith_fold::fold),
                parse: Some(parse_cmp),
                print: Some(print_cmp),
            }
            operands {
                /// The left operand.
                lhs: FloatLike,
                /// The right operand.
                rhs: FloatLike,
            }
            results {
                /// `i1`, or booleans of the operands' shape.
                result: BoolLike,
            }
            properties {
                /// The predicate.
                predicate: CmpfPredicate,
                /// `#arith.fastmath<...>`.
                fastmath: Option<Attribute>,
            }
        }

        /// `arith.select`.
        view Select {
            ops {
                Select = SELECT "select" ("chooses one of two values by a condition", Traits::PURE);
            }
            hooks {
                verify: Some(verify_select),
                fold: Some(arith_fold::fold),
                parse: Some(parse_select),
                print: Some(print_select),
            }
            operands {
                /// `i1`, or booleans of the values' shape.
                condition: BoolLike,
                /// The value where the condition holds.
                true_value: Any,
                /// The value where it does not.
                false_value: Any,
            }
            results {
                /// The chosen value.
                result: Any,
            }
            properties {}
        }

        /// Casts without properties (the operation's verifier checks the kinds
        /// and widths).
        view Cast {
            ops {
                Extsi = EXTSI "extsi" ("sign-extends an integer", Traits::PURE);
                Extui = EXTUI "extui" ("zero-extends an integer", Traits::PURE);
                Sitofp = SITOFP "sitofp" ("signed integer to float", Traits::PURE);
                Uitofp = UITOFP "uitofp" ("unsigned integer to float", Traits::PURE);
                Fptosi = FPTOSI "fptosi" ("float to signed integer", Traits::PURE);
                Fptoui = FPTOUI "fptoui" ("float to unsigned integer", Traits::PURE);
                IndexCast = INDEX_CAST "index_cast" ("index to integer or back, sign-extending", Traits::PURE);
                IndexCastui = INDEX_CASTUI "index_castui" ("index to integer or back, zero-extending", Traits::PURE);
                Bitcast = BITCAST "bitcast" ("reinterprets bits as another type of the same width", Traits::PURE);
            }
            hooks {
                verify: Some(crate::arith_cast::verify_cast),
                fold: Some(arith_fold::fold),
                parse: Some(parse_cast),
                print: Some(print_cast),
            }
            operands {
                /// The value cast.
                input: Any,
            }
            results {
                /// The cast value.
                output: Any,
            }
            properties {}
        }

        /// `arith.trunci`.
        view TruncI {
            ops {
                Trunci = TRUNCI "trunci" ("truncates an integer", Traits::PURE);
            }
            hooks {
                default_properties: overflow_none,
                verify: Some(crate::arith_cast::verify_cast),
                fold: Some(arith_fold::fold),
                parse: Some(parse_cast),
                print: Some(print_cast),
            }
            operands {
                /// The value truncated.
                input: Any,
            }
            results {
                /// The truncated value.
                output: Any,
            }
            properties {
                /// `#arith.overflow<...>` (the property `overflowFlags`).
                overflow("overflowFlags"): Option<Attribute>,
            }
        }

        /// `arith.extf` and `arith.truncf`.
        view FloatCast {
            ops {
                Extf = EXTF "extf" ("widens a float", Traits::PURE);
                Truncf = TRUNCF "truncf" ("narrows a float", Traits::PURE);
            }
            hooks {
                verify: Some(crate::arith_cast::verify_cast),
                fold: Some(arith_fold::fold),
                parse: Some(parse_cast),
                print: Some(print_cast),
            }
            operands {
                /// The value cast.
                input: Any,
            }
            results {
                /// The cast value.
                output: Any,
            }
            properties {
                /// `#arith.fastmath<...>`.
                fastmath: Option<Attribute>,
                /// The rounding mode (`truncf`).
                roundingmode: Option<Attribute>,
            }
        }
    }
}

use crate::arith::op as arith;
use strata_ir::attributes::NamedAttr;
use strata_ir::context::{Context, OpId, OperationState};
use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::registry::Dialect;
use strata_ir::rewrite::Rewriter;
use strata_ir::types::Type;
use strata_ir::verifier::op_error;
use strata_ir::OpName;
use strata_ir::{Attribute, Diagnostic, Location};

use crate::arith::op::Constant;
use crate::arith_fold;

strata_ir::prop_enum! {
    /// An `arith.cmpi` predicate; the property holds its position, in
    /// MLIR's numbering.
    pub enum CmpiPredicate : index {
        /// Equal.
        Eq = "eq",
        /// Not equal.
        Ne = "ne",
        /// Signed less than.
        Slt = "slt",
        /// Signed less than or equal.
        Sle = "sle",
        /// Signed greater than.
        Sgt = "sgt",
        /// Signed greater than or equal.
        Sge = "sge",
        /// Unsigned less than.
        Ult = "ult",
        /// Unsigned less than or equal.
        Ule = "ule",
        /// Unsigned greater than.
        Ugt = "ugt",
        /// Unsigned greater than or equal.
        Uge = "uge",
    }
}

impl CmpiPredicate {
    /// The predicate true exactly where `self` is false: `sge` for `slt`.
    pub fn inverse(self) -> CmpiPredicate {
        use CmpiPredicate::*;
        match self {
            Eq => Ne,
            Ne => Eq,
            Slt => Sge,
            Sle => Sgt,
            Sgt => Sle,
            Sge => Slt,
            Ult => Uge,
            Ule => Ugt,
            Ugt => Ule,
            Uge => Ult,
        }
    }

    /// The predicate that compares the operands swapped: `sgt` for `slt`
    /// (`c < x` is `x > c`).
    pub fn swapped(self) -> CmpiPredicate {
        use CmpiPredicate::*;
        match self {
            Eq | Ne => self,
            Slt => Sgt,
            Sle => Sge,
            Sgt => Slt,
            Sge => Sle,
            Ult => Ugt,
            Ule => Uge,
            Ugt => Ult,
            Uge => Ule,
        }
    }

    /// Whether `x <pred> x` holds: for `eq` and the predicates that allow
    /// equality.
    pub fn reflexive(self) -> bool {
        use CmpiPredicate::*;
        matches!(self, Eq | Sle | Sge | Ule | Uge)
    }
}

/// The `x` of `arith.xori x, true` on `i1`, if `v` is one.
pub fn negation_of(ctx: &Context, v: strata_ir::Value) -> Option<strata_ir::Value> {
    let d = ctx.defining_op(v).filter(|d| ctx.isa(*d, arith::XORI))?;
    let ops = ctx.operands(d);
    let is_true = ops.len() == 2 && strata_ir::rewrite::constant_int(ctx, ops[1]).is_some_and(|c| c != 0);
    (*ctx.value_type(v) == Type::i1() && is_true).then(|| ops[0])
}

/// `arith.constant value : i1`, created before `anchor`.
pub(crate) fn bool_constant(rw: &mut Rewriter<'_>, anchor: OpId, value: bool) -> strata_ir::Value {
    let loc = rw.ctx().op_loc(anchor).clone();
    let st = OperationState::new(arith::CONSTANT, loc).prop("value", Attribute::Bool(value)).results(&[Type::i1()]);
    let c = rw.create_before(anchor, st);
    rw.ctx().result(c, 0)
}

/// `arith.xori c, true` (the negation of the `i1` value `c`), created
/// before `anchor`.
pub(crate) fn not(rw: &mut Rewriter<'_>, anchor: OpId, c: strata_ir::Value) -> strata_ir::Value {
    let t = bool_constant(rw, anchor, true);
    let loc = rw.ctx().op_loc(anchor).clone();
    let x = rw.create_before(anchor, OperationState::new(arith::XORI, loc).operands(&[c, t]).results(&[Type::i1()]));
    rw.ctx().result(x, 0)
}

strata_ir::prop_enum! {
    /// An `arith.cmpf` predicate; the property holds its position, in
    /// MLIR's numbering. Ordered predicates are false where an operand is
    /// NaN, unordered ones true.
    pub enum CmpfPredicate : index {
        /// Never.
        AlwaysFalse = "false",
        /// Ordered and equal.
        Oeq = "oeq",
        /// Ordered and greater than.
        Ogt = "ogt",
        /// Ordered and greater than or equal.
        Oge = "oge",
        /// Ordered and less than.
        Olt = "olt",
        /// Ordered and less than or equal.
        Ole = "ole",
        /// Ordered and not equal.
        One = "one",
        /// Neither operand is NaN.
        Ord = "ord",
        /// Unordered or equal.
        Ueq = "ueq",
        /// Unordered or greater than.
        Ugt = "ugt",
        /// Unordered or greater than or equal.
        Uge = "uge",
        /// Unordered or less than.
        Ult = "ult",
        /// Unordered or less than or equal.
        Ule = "ule",
        /// Unordered or not equal.
        Une = "une",
        /// Either operand is NaN.
        Uno = "uno",
        /// Always.
        AlwaysTrue = "true",
    }
}

impl CmpfPredicate {
    /// Whether the predicate holds where an operand is NaN.
    pub fn unordered(self) -> bool {
        self.position() >= CmpfPredicate::Ueq.position()
    }
}
const OVERFLOW_FLAGS: [&str; 3] = ["none", "nsw", "nuw"];
/// `arith.truncf`'s rounding modes, in MLIR's numbering (the `roundingmode`
/// property holds the index as an `i32`).
pub const ROUNDING_MODES: [&str; 5] = ["to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"];

/// The rounding mode of an `arith.truncf`, if it names one: its index in
/// [`ROUNDING_MODES`].
pub fn rounding_mode(ctx: &Context, op: OpId) -> Option<usize> {
    match ctx.prop(op, "roundingmode")? {
        Attribute::Integer { value, ty } if *ty == Type::int(32) => {
            usize::try_from(*value).ok().filter(|m| *m < ROUNDING_MODES.len())
        }
        _ => None,
    }
}
const FASTMATH_FLAGS: [&str; 9] = ["none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"];

/// The element type of a scalar, vector or tensor type.
pub fn elem(t: &Type) -> &Type {
    t.element_or_self()
}

/// The same shape as `like` with another element type (`i1` results of comparisons).
pub fn with_element(like: &Type, e: Type) -> Type {
    match like {
        Type::Vector(s) => {
            Type::Vector(std::sync::Arc::new(strata_ir::types::ShapedType { element: e, ..(**s).clone() }))
        }
        Type::Tensor(s) => {
            Type::Tensor(std::sync::Arc::new(strata_ir::types::ShapedType { element: e, ..(**s).clone() }))
        }
        _ => e,
    }
}

fn overflow_none(p: &mut Vec<NamedAttr>) {
    if !p.iter().any(|(k, _)| &**k == "overflowFlags") {
        strata_ir::context::set_named(p, "overflowFlags", Attribute::dialect("arith", "overflow<none>"));
    }
}

fn fastmath_none(p: &mut Vec<NamedAttr>) {
    if !p.iter().any(|(k, _)| &**k == "fastmath") {
        strata_ir::context::set_named(p, "fastmath", Attribute::dialect("arith", "fastmath<none>"));
    }
}

/// Parses `keyword<flag, flag>` after the operands into the named property.
fn parse_flags(
    p: &mut Parser<'_>,
    st: &mut OperationState,
    keyword: &str,
    prop: &str,
    allowed: &[&str],
) -> PResult<()> {
    if !p.at_keyword(keyword) {
        return Ok(());
    }
    p.advance_token();
    // At least one flag (`none` for none), as upstream reads them.
    if p.at(Tok::Less) {
        let (next, close) = p.peek();
        if next == Tok::Greater {
            return p.err_at(close, "expected valid keyword or string");
        }
    }
    let mut flags = Vec::new();
    p.parse_list(Tok::Less, Tok::Greater, &format!("in {keyword} flags"), |p| {
        let loc = p.loc();
        let f = p.parse_keyword("flag")?;
        if !allowed.contains(&f.as_str()) {
            return p.err_at(loc, format!("unknown {keyword} flag '{f}'"));
        }
        flags.push(f);
        Ok(())
    })?;
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let body = canonical_flags(keyword, &flags, allowed).map_err(|m| Diagnostic::error(p.loc(), m))?;
    st.properties.push((prop.into(), Attribute::dialect("arith", &format!("{keyword}<{body}>"))));
    Ok(())
}

fn print_flags(p: &mut OpPrinter<'_>, op: OpId, keyword: &str, prop: &str) {
    if let Some(body) = p.ctx.prop(op, prop).and_then(|a| a.dialect_params("arith", keyword)) {
        if body != "none" {
            let s = format!(" {keyword}<{body}>");
            p.w(&s);
        }
    }
}

fn flag_kind(name: OpName) -> Option<(&'static str, &'static str, &'static [&'static str])> {
    let overflow = [arith::ADDI, arith::SUBI, arith::MULI, arith::SHLI, arith::TRUNCI];
    if overflow.contains(&name) {
        return Some(("overflow", "overflowFlags", &OVERFLOW_FLAGS));
    }
    let fastmath = [
        arith::ADDF,
        arith::SUBF,
        arith::MULF,
        arith::DIVF,
        arith::REMF,
        arith::MAXIMUMF,
        arith::MINIMUMF,
        arith::MAXNUMF,
        arith::MINNUMF,
        arith::NEGF,
        arith::CMPF,
        arith::EXTF,
        arith::TRUNCF,
    ];
    if fastmath.contains(&name) {
        return Some(("fastmath", "fastmath", &FASTMATH_FLAGS));
    }
    None
}

// ----- binary and unary ops: `%a, %b flags attr-dict : T` -----

fn parse_binary(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let a = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let b = p.parse_operand()?;
    if let Some((kw, prop, allowed)) = arith::lookup(&st.name).and_then(flag_kind) {
        parse_flags(p, st, kw, prop, allowed)?;
    }
    st.attributes = p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    st.operands = vec![p.resolve_operand(&a, &t)?, p.resolve_operand(&b, &t)?];
    st.result_types = vec![t];
    Ok(())
}

fn print_binary(p: &mut OpPrinter<'_>, op: OpId) {
    let vs = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operands(&vs);
    let name = p.ctx.op_kind(op);
    let mut elided = vec![];
    if let Some(mode) = rounding_mode(p.ctx, op) {
        p.w(" ");
        p.w(ROUNDING_MODES[mode]);
        elided.push("roundingmode");
    }
    if let Some((kw, prop, _)) = flag_kind(name) {
        print_flags(p, op, kw, prop);
        elided.push(prop);
    }
    p.attr_dict(op, &elided);
    p.w(" : ");
    let t = p.ctx.value_type(p.ctx.result(op, 0)).clone();
    p.ty(&t);
}

fn parse_unary(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let a = p.parse_operand()?;
    if let Some((kw, prop, allowed)) = arith::lookup(&st.name).and_then(flag_kind) {
        parse_flags(p, st, kw, prop, allowed)?;
    }
    st.attributes = p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    st.operands = vec![p.resolve_operand(&a, &t)?];
    st.result_types = vec![t];
    Ok(())
}

fn print_unary(p: &mut OpPrinter<'_>, op: OpId) {
    let v = p.ctx.operand(op, 0);
    p.w(" ");
    p.operand(v);
    let name = p.ctx.op_kind(op);
    let mut elided = vec![];
    if let Some(mode) = rounding_mode(p.ctx, op) {
        p.w(" ");
        p.w(ROUNDING_MODES[mode]);
        elided.push("roundingmode");
    }
    if let Some((kw, prop, _)) = flag_kind(name) {
        print_flags(p, op, kw, prop);
        elided.push(prop);
    }
    p.attr_dict(op, &elided);
    p.w(" : ");
    let t = p.ctx.value_type(v).clone();
    p.ty(&t);
}

// ----- constant -----

fn parse_constant(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    st.attributes = p.parse_optional_attr_dict()?;
    let loc = p.loc();
    let v = p.parse_attribute(None)?;
    let t = constant_type(&v)
        .ok_or_else(|| Diagnostic::error(loc, "value must be an integer, float, or elements attribute"))?;
    st.properties.push(("value".into(), v));
    st.result_types = vec![t];
    Ok(())
}

/// The type of a constant value (`42 : i32` is `i32`; `dense<..> : tensor<2xi32>` its shaped type).
pub fn constant_type(a: &Attribute) -> Option<Type> {
    if let Some(t) = a.value_type() {
        return Some(t);
    }
    if let Attribute::Verbatim(s) = a {
        if s.starts_with("dense<") || s.starts_with("dense_resource<") || s.starts_with("sparse<") {
            let ty_text = s.rsplit_once(" : ")?.1;
            let mut ctx = Context::new(std::sync::Arc::new(crate::standard_registry()));
            ctx.allow_unregistered = true;
            return strata_ir::parser::parse_type_str(&mut ctx, ty_text).ok();
        }
    }
    None
}

fn print_constant(p: &mut OpPrinter<'_>, op: OpId) {
    p.attr_dict(op, &["value"]);
    p.w(" ");
    if let Some(v) = p.ctx.prop(op, "value").cloned() {
        p.attr(&v);
    }
}

/// The value's type is the result's, an integer result is signless, and
/// the value is a number or elements, in upstream's order and words.
fn verify_constant(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let v = Constant(op).value(ctx);
    let t = ctx.value_type(ctx.result(op, 0));
    if constant_type(&v).as_ref() != Some(t) {
        return Err(op_error(ctx, op, "failed to verify that all of {value, result} have same type"));
    }
    if t.is_integer() && !t.is_signless_integer() {
        return Err(op_error(ctx, op, "integer return type must be signless"));
    }
    if !elem(t).is_signless_int_or_index() && !elem(t).is_float() {
        return Err(op_error(ctx, op, "value must be an integer, float, or elements attribute"));
    }
    let scalable = matches!(t, Type::Vector(s) if s.scalable.iter().any(|b| *b));
    if scalable && !dense_is_splat(&v) {
        return Err(op_error(
            ctx,
            op,
            "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
        ));
    }
    Ok(())
}

/// Whether a `dense<...>` value holds one value (the parser keeps a list
/// of equal elements as that one, as MLIR does).
fn dense_is_splat(v: &Attribute) -> bool {
    let Attribute::Verbatim(text) = v else { return true };
    !text.starts_with("dense<[")
}

fn constant_name(ctx: &Context, op: OpId) -> Option<String> {
    match ctx.prop(op, "value")? {
        Attribute::Bool(b) => Some(b.to_string()),
        Attribute::Integer { value, ty } if *ty == Type::Index => Some(format!("c{value}")),
        Attribute::Integer { value, ty } => Some(format!("c{value}_{ty}")),
        _ => Some("cst".into()),
    }
}

/// Builds `arith.constant` for a folded value.
pub fn materialize(ctx: &mut Context, value: &Attribute, ty: &Type, loc: Location) -> Option<OpId> {
    constant_state(value, ty, loc).map(|st| ctx.create_op(st))
}

/// The state of an `arith.constant` of `value` as type `ty`, if it can be one.
pub fn constant_state(value: &Attribute, ty: &Type, loc: Location) -> Option<OperationState> {
    let v = match (value, ty) {
        (Attribute::Integer { value, .. }, t) if *t == Type::i1() => Attribute::Bool(*value != 0),
        (Attribute::Integer { value, .. }, t) if t.is_signless_int_or_index() => Attribute::int(*value, t.clone()),
        (Attribute::Bool(b), t) if *t == Type::i1() => Attribute::Bool(*b),
        (Attribute::Float(f), Type::Float(k)) if f.kind == *k => value.clone(),
        (Attribute::Verbatim(_), t) if constant_type(value).as_ref() == Some(t) => value.clone(),
        _ => return None,
    };
    Some(OperationState::new(arith::CONSTANT, loc).prop("value", v).results(std::slice::from_ref(ty)))
}

/// Builds a detached integer or index constant.
pub fn int_constant(ctx: &mut Context, value: i128, ty: &Type, loc: Location) -> OpId {
    materialize(ctx, &Attribute::int(value, ty.clone()), ty, loc).expect("integer type")
}

// ----- comparisons -----

fn parse_cmp(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let is_int = *st.name == arith::CMPI;
    let table: &[&str] = if is_int { CmpiPredicate::NAMES } else { CmpfPredicate::NAMES };
    let loc = p.loc();
    let expected = || {
        format!(
            "expected string or keyword containing one of the following enum values for attribute 'predicate' [{}]",
            table.join(", ")
        )
    };
    let quoted = p.at(Tok::String);
    let pred = if quoted {
        p.parse_string()?
    } else if p.at(Tok::BareIdent) {
        p.parse_keyword("predicate")?
    } else {
        return p.err_at(loc, expected());
    };
    let Some(idx) = table.iter().position(|x| *x == pred) else {
        if quoted {
            let message = format!("invalid predicate attribute specification: \"{pred}\"");
            return p.err_at(loc, message);
        }
        return p.err_at(loc, expected());
    };
    p.expect(Tok::Comma, "','")?;
    let a = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let b = p.parse_operand()?;
    if !is_int {
        parse_flags(p, st, "fastmath", "fastmath", &FASTMATH_FLAGS)?;
    }
    st.attributes = p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    // The operands' type gives the result's: upstream's parser checks it.
    let (like, ok) = if is_int {
        ("signless-integer-like", elem(&t).is_signless_int_or_index())
    } else {
        ("floating-point-like", elem(&t).is_float())
    };
    if !ok {
        // Reported as upstream's generated parser reports it: at the
        // operation, named.
        return p.err_at(st.loc.clone(), format!("'lhs' must be {like}, but got '{t}'"));
    }
    st.properties.push(("predicate".into(), Attribute::int(idx as i128, Type::i64())));
    st.operands = vec![p.resolve_operand(&a, &t)?, p.resolve_operand(&b, &t)?];
    st.result_types = vec![with_element(&t, Type::i1())];
    Ok(())
}

fn print_cmp(p: &mut OpPrinter<'_>, op: OpId) {
    let is_int = p.ctx.op_name(op) == arith::CMPI;
    let table: &[&str] = if is_int { CmpiPredicate::NAMES } else { CmpfPredicate::NAMES };
    let idx = p.ctx.prop(op, "predicate").and_then(|a| a.as_int()).unwrap_or(0) as usize;
    p.w(" ");
    p.w(table.get(idx).copied().unwrap_or("<<invalid>>"));
    p.w(", ");
    let vs = p.ctx.operands(op).to_vec();
    p.operands(&vs);
    if !is_int {
        print_flags(p, op, "fastmath", "fastmath");
    }
    p.attr_dict(op, &["predicate", "fastmath"]);
    p.w(" : ");
    let t = p.ctx.value_type(vs[0]).clone();
    p.ty(&t);
}

/// After the signature (operands, a bool-like result): the predicate, the
/// result's shape, then the operands' types, in upstream's order and words.
fn verify_cmp(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let is_int = ctx.op_name(op) == arith::CMPI;
    let n = if is_int { CmpiPredicate::ALL.len() } else { CmpfPredicate::ALL.len() };
    match ctx.prop(op, "predicate").and_then(|a| a.as_int()) {
        Some(i) if (0..n as i128).contains(&i) => {}
        _ => {
            let cases: Vec<String> = (0..n).map(|i| i.to_string()).collect();
            return Err(op_error(
                ctx,
                op,
                format!(
                    "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: {}",
                    cases.join(", ")
                ),
            ));
        }
    }
    let vs = ctx.operands(op);
    let t = ctx.value_type(vs[0]);
    if *ctx.value_type(ctx.result(op, 0)) != with_element(t, Type::i1()) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that result type has i1 element type and same shape as operands",
        ));
    }
    if ctx.value_type(vs[1]) != t {
        return Err(op_error(ctx, op, "requires all operands to have the same type"));
    }
    Ok(())
}

// ----- select -----

fn parse_select(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let c = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let a = p.parse_operand()?;
    p.expect(Tok::Comma, "','")?;
    let b = p.parse_operand()?;
    st.attributes = p.parse_optional_attr_dict()?;
    let mut ts = {
        p.expect(Tok::Colon, "':'")?;
        p.parse_type_list_no_parens()?
    };
    let t = ts.pop().expect("at least one type");
    let ct = ts.pop().unwrap_or(Type::i1());
    st.operands = vec![p.resolve_operand(&c, &ct)?, p.resolve_operand(&a, &t)?, p.resolve_operand(&b, &t)?];
    st.result_types = vec![t];
    Ok(())
}

fn print_select(p: &mut OpPrinter<'_>, op: OpId) {
    let vs = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operands(&vs);
    p.attr_dict(op, &[]);
    p.w(" : ");
    let ct = p.ctx.value_type(vs[0]).clone();
    if ct != Type::i1() {
        p.ty(&ct);
        p.w(", ");
    }
    let t = p.ctx.value_type(vs[1]).clone();
    p.ty(&t);
}

/// After the signature (a bool-like condition): the values' and the
/// result's types, the condition's shape, then (upstream's own check) the
/// condition's type against the result's, encodings included.
fn verify_select(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let vs = ctx.operands(op);
    let (ct, a, b, r) =
        (ctx.value_type(vs[0]), ctx.value_type(vs[1]), ctx.value_type(vs[2]), ctx.value_type(ctx.result(op, 0)));
    if a != b || a != r {
        return Err(op_error(ctx, op, "failed to verify that all of {true_value, false_value, result} have same type"));
    }
    if *ct == Type::i1() {
        return Ok(());
    }
    // Upstream checks the dimensions, then the kind of container and the
    // scalable dimensions (its elementwise trait), then the whole type.
    // (An unranked tensor counts as having no dimensions, as upstream's
    // constraint reads it.)
    let dims = |t: &Type| match t {
        Type::Vector(s) | Type::Tensor(s) => Some(s.shape.clone().unwrap_or_default()),
        _ => None,
    };
    if dims(ct).is_none() || dims(ct) != dims(r) {
        return Err(op_error(ctx, op, "failed to verify that condition is signless i1 or has matching shape"));
    }
    let same_kind = match (ct, r) {
        (Type::Vector(x), Type::Vector(y)) => x.scalable == y.scalable,
        (Type::Tensor(_), Type::Tensor(_)) => true,
        _ => false,
    };
    if !same_kind {
        return Err(op_error(ctx, op, "all non-scalar operands/results must have the same shape and base type"));
    }
    let expected = with_element(r, Type::i1());
    if *ct != expected {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expected condition type to have the same shape as the result type, expected '{expected}', but got '{ct}'"
            ),
        ));
    }
    Ok(())
}

// ----- casts: `%a attr-dict : T to U` -----

fn parse_cast(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let a = p.parse_operand()?;
    if *st.name == arith::TRUNCF {
        if let Some(mode) = ROUNDING_MODES.iter().position(|m| p.at_keyword(m)) {
            p.advance_token();
            st.properties.push(("roundingmode".into(), Attribute::int(mode as i128, Type::int(32))));
        }
    }
    if let Some((kw, prop, allowed)) = arith::lookup(&st.name).and_then(flag_kind) {
        parse_flags(p, st, kw, prop, allowed)?;
    }
    st.attributes = p.parse_optional_attr_dict()?;
    let from = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let to = p.parse_type()?;
    st.operands = vec![p.resolve_operand(&a, &from)?];
    st.result_types = vec![to];
    Ok(())
}

fn print_cast(p: &mut OpPrinter<'_>, op: OpId) {
    let v = p.ctx.operand(op, 0);
    p.w(" ");
    p.operand(v);
    let name = p.ctx.op_kind(op);
    let mut elided = vec![];
    if let Some(mode) = rounding_mode(p.ctx, op) {
        p.w(" ");
        p.w(ROUNDING_MODES[mode]);
        elided.push("roundingmode");
    }
    if let Some((kw, prop, _)) = flag_kind(name) {
        print_flags(p, op, kw, prop);
        elided.push(prop);
    }
    p.attr_dict(op, &elided);
    p.w(" : ");
    let (a, b) = (p.ctx.value_type(v).clone(), p.ctx.value_type(p.ctx.result(op, 0)).clone());
    p.ty(&a);
    p.w(" to ");
    p.ty(&b);
}

/// `#arith.overflow<...>` and `#arith.fastmath<...>`: checked, and printed
/// as MLIR prints them.
fn verify_flags_attr(body: &str) -> Result<String, String> {
    let check = |kw: &str, allowed: &[&str]| -> Option<Result<String, String>> {
        let inner = body.strip_prefix(kw)?.strip_prefix('<')?.strip_suffix('>')?;
        let flags: Vec<&str> = inner.split(',').map(str::trim).collect();
        Some(canonical_flags(kw, &flags, allowed).map(|f| format!("{kw}<{f}>")))
    };
    check("overflow", &OVERFLOW_FLAGS)
        .or_else(|| check("fastmath", &FASTMATH_FLAGS))
        .unwrap_or_else(|| Err(format!("unknown arith attribute '#arith.{body}'")))
}

/// A flag set as MLIR prints it: each flag once, in declaration order
/// (`none` alone, every fastmath flag as `fast`), fastmath flags joined by
/// `,`, overflow flags by `, `.
fn canonical_flags(keyword: &str, flags: &[&str], allowed: &[&str]) -> Result<String, String> {
    if let Some(f) = flags.iter().find(|f| !allowed.contains(f)) {
        return Err(format!("unknown {keyword} flag '{f}'"));
    }
    // `fast` (last) is every flag between `none` and it.
    let all = &allowed[1..];
    let fast = keyword == "fastmath" && flags.contains(&"fast");
    let set: Vec<&str> = all.iter().copied().filter(|a| fast || flags.contains(a)).collect();
    Ok(match set.as_slice() {
        [] => "none".to_string(),
        s if keyword == "fastmath" && s.len() >= all.len() - 1 => "fast".to_string(),
        s if keyword == "fastmath" => s.join(","),
        s => s.join(", "),
    })
}

/// The arith dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "arith",
        summary: "integer and floating-point arithmetic",
        ops: op::op_defs(),
        materialize_constant: Some(materialize),
        verify_type: None,
        verify_attr: Some(verify_flags_attr),
    }
}

#[cfg(test)]
mod tests;
