//! The declarations of the arith dialect's element-wise arithmetic:
//! operands, results and properties with their constraints (checked by the
//! verifier, with `SameOperandsAndResultType` on every one), and the typed
//! views that read them.

use crate::arith::op as arith;
use strata_ir::Attribute;

strata_ir::op_view! {
    /// Integer arithmetic that may take overflow flags: `addi`, `subi`,
    /// `muli`, `shli`.
    pub struct IntBinaryWithOverflow for arith::ADDI | arith::SUBI | arith::MULI | arith::SHLI {
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
}

/// The overflow flags of an `addi`, `subi`, `muli` or `shli`: with `nsw`
/// (`nuw`) a signed (unsigned) wrap is undefined behaviour, which the
/// interpreter and compiled code report as an error for `addi`, `subi` and
/// `muli` instead of producing a wrapped value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OverflowFlags {
    /// No signed wrap.
    pub nsw: bool,
    /// No unsigned wrap.
    pub nuw: bool,
}

impl OverflowFlags {
    /// True if either flag is set.
    pub fn any(self) -> bool {
        self.nsw || self.nuw
    }
}

impl IntBinaryWithOverflow {
    /// The operation's overflow flags (none when the property is absent).
    pub fn flags(&self, ctx: &strata_ir::Context) -> OverflowFlags {
        let text = match self.overflow(ctx) {
            Some(Attribute::Dialect { body, .. }) => body,
            _ => return OverflowFlags::default(),
        };
        let inner = text.strip_prefix("overflow<").and_then(|t| t.strip_suffix('>')).unwrap_or("");
        let has = |flag: &str| inner.split(',').any(|f| f.trim() == flag);
        OverflowFlags { nsw: has("nsw"), nuw: has("nuw") }
    }
}

/// The overflow flags of `op` if it is an `addi`, `subi`, `muli` or `shli`.
pub fn overflow_flags(ctx: &strata_ir::Context, op: strata_ir::OpId) -> OverflowFlags {
    IntBinaryWithOverflow::of(ctx, op).map_or(OverflowFlags::default(), |v| v.flags(ctx))
}

strata_ir::op_view! {
    /// Other integer arithmetic: divisions, remainders, bitwise operations,
    /// shifts right, minimum and maximum.
    pub struct IntBinary for arith::DIVSI | arith::DIVUI | arith::CEILDIVSI | arith::CEILDIVUI
        | arith::FLOORDIVSI | arith::REMSI | arith::REMUI | arith::ANDI | arith::ORI | arith::XORI
        | arith::SHRSI | arith::SHRUI | arith::MAXSI | arith::MAXUI | arith::MINSI | arith::MINUI {
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
}

strata_ir::op_view! {
    /// Float arithmetic with fast-math flags.
    pub struct FloatBinary for arith::ADDF | arith::SUBF | arith::MULF | arith::DIVF | arith::REMF
        | arith::MAXIMUMF | arith::MINIMUMF | arith::MAXNUMF | arith::MINNUMF {
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
}

strata_ir::op_view! {
    /// `arith.negf`.
    pub struct FloatUnary for arith::NEGF {
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
}

strata_ir::op_view! {
    /// `arith.constant`.
    pub struct Constant for arith::CONSTANT {
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
}

strata_ir::op_view! {
    /// `arith.cmpi`.
    pub struct Cmpi for arith::CMPI {
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
            /// The predicate's position in `CMPI_PREDICATES`.
            predicate: i64,
        }
    }
}

strata_ir::op_view! {
    /// `arith.cmpf`.
    pub struct Cmpf for arith::CMPF {
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
            /// The predicate's position in `CMPF_PREDICATES`.
            predicate: i64,
            /// `#arith.fastmath<...>`.
            fastmath: Option<Attribute>,
        }
    }
}

strata_ir::op_view! {
    /// `arith.select`.
    pub struct Select for arith::SELECT {
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
}

strata_ir::op_view! {
    /// Casts without properties (the operation's verifier checks the kinds
    /// and widths).
    pub struct Cast for arith::EXTSI | arith::EXTUI | arith::SITOFP | arith::UITOFP | arith::FPTOSI
        | arith::FPTOUI | arith::INDEX_CAST | arith::INDEX_CASTUI | arith::BITCAST {
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
}

strata_ir::op_view! {
    /// `arith.trunci`.
    pub struct TruncI for arith::TRUNCI {
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
}

strata_ir::op_view! {
    /// `arith.extf` and `arith.truncf`.
    pub struct FloatCast for arith::EXTF | arith::TRUNCF {
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

strata_ir::op_view! {
    /// `arith.addui_extended`: the sum and whether it carried out.
    pub struct AddUIExtended for arith::ADDUI_EXTENDED {
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
}

strata_ir::op_view! {
    /// `arith.mulsi_extended` and `arith.mului_extended`: the full product
    /// (signed or unsigned), as its low and high halves.
    pub struct MulExtended for arith::MULSI_EXTENDED | arith::MULUI_EXTENDED {
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
}
