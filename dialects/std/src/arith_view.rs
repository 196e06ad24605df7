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
