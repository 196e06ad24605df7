//! The declarations of the `scf` and `cf` operations: operands, results and
//! properties with their constraints (checked by the verifier), and the
//! typed views that read them. Regions, successors and how operands relate
//! to block arguments are checked by each operation's verifier.

use crate::cf::op as cf;
use crate::scf::op as scf;

strata_ir::op_view! {
    /// `scf.for %iv = %lb to %ub step %step iter_args(...)`.
    pub struct For for scf::FOR {
        operands {
            /// The first value of the induction variable.
            lower: IntOrIndex,
            /// The bound it stays below.
            upper: IntOrIndex,
            /// The step.
            step: IntOrIndex,
        }
        variadic {
            /// The loop-carried values' first values.
            inits: Any,
        }
        results {}
        variadic_results {
            /// The loop-carried values' last values.
            results: Any,
        }
        properties {
            /// Compare the bounds unsigned.
            unsigned_cmp("unsignedCmp"): bool,
        }
    }
}

strata_ir::op_view! {
    /// `scf.if %condition`.
    pub struct If for scf::IF {
        operands {
            /// The condition.
            condition: Int(1),
        }
        results {}
        variadic_results {
            /// The values the taken branch yields.
            results: Any,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `scf.condition(%c) %args...`.
    pub struct Condition for scf::CONDITION {
        operands {
            /// Whether to run the body again.
            condition: Int(1),
        }
        variadic {
            /// The values forwarded to the body or the results.
            args: Any,
        }
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `cf.cond_br %condition, ^then(...), ^else(...)`.
    pub struct CondBr for cf::COND_BR {
        operands {
            /// The condition.
            condition: Int(1),
        }
        variadic {
            /// The values passed to the successors.
            forwarded: Any,
        }
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `cf.switch %flag : iN, [default: ^bb(...), 42: ^bb(...), ...]`.
    pub struct Switch for cf::SWITCH {
        operands {
            /// The value compared with the cases.
            flag: IntOrIndex,
        }
        variadic {
            /// The values passed to the default destination, then to each case's.
            forwarded: Any,
        }
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `cf.assert %condition, "message"`.
    pub struct Assert for cf::ASSERT {
        operands {
            /// What must hold.
            condition: Int(1),
        }
        results {}
        properties {
            /// The message when it does not.
            msg: String,
        }
    }
}

strata_ir::op_view! {
    /// `scf.while (%args = %inits) : ... { before } do { after }`.
    pub struct While for scf::WHILE {
        operands {}
        variadic {
            /// The first values of the before region's arguments.
            inits: Any,
        }
        results {}
        variadic_results {
            /// The values `scf.condition` forwards when it stops.
            results: Any,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `scf.yield %values...`.
    pub struct Yield for scf::YIELD {
        operands {}
        variadic {
            /// The values passed to the parent.
            values: Any,
        }
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `cf.br ^dest(%args...)`.
    pub struct Br for cf::BR {
        operands {}
        variadic {
            /// The successor's arguments.
            forwarded: Any,
        }
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `scf.execute_region -> (types) { ... }`: a region run once, of any
    /// number of blocks.
    pub struct ExecuteRegion for scf::EXECUTE_REGION {
        operands {}
        results {}
        variadic_results {
            /// The values the region yields.
            results: Any,
        }
        properties {
            /// Keep the region: canonicalization does not inline it.
            no_inline("no_inline"): bool,
        }
    }
}

strata_ir::op_view! {
    /// `scf.index_switch %arg case N {...} ... default {...}`.
    pub struct IndexSwitch for scf::INDEX_SWITCH {
        operands {
            /// The value the cases are compared with.
            arg: Index,
        }
        results {}
        variadic_results {
            /// The values the region taken yields.
            results: Any,
        }
        properties {
            /// The case values, `array<i64: ...>`, one per case region.
            cases: strata_ir::Attribute,
        }
    }
}

strata_ir::op_view! {
    /// `scf.parallel (%ivs) = (%lbs) to (%ubs) step (%steps) init (%inits)`:
    /// four operand groups, sized by `operandSegmentSizes` (the verifier
    /// checks the groups: bounds and steps of type index).
    pub struct Parallel for scf::PARALLEL {
        operands {}
        variadic {
            /// The lower bounds, upper bounds, steps and initial values.
            operands: Any,
        }
        results {}
        variadic_results {
            /// The reduced values.
            results: Any,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `scf.reduce(%values)`: ends an `scf.parallel` body with one region
    /// per value, which combines it.
    pub struct Reduce for scf::REDUCE {
        operands {}
        variadic {
            /// The values to combine.
            values: Any,
        }
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `scf.reduce.return %combined`.
    pub struct ReduceReturn for scf::REDUCE_RETURN {
        operands {
            /// The combined value.
            result: Any,
        }
        results {}
        properties {}
    }
}
