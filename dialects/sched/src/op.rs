//! The sched dialect's operations, each declared once: name, summary,
//! traits, operands, results and properties with their constraints, and
//! hooks (verifier, custom syntax, canonicalization patterns). From it come
//! the name constants, the typed views, [`SchedOp`] and the definitions the
//! dialect registers.

use strata_graph_dialect::foreach::{parse_foreach, print_foreach, Space};
use strata_ir::Attribute;

use crate::foreach::{patterns, verify};

strata_ir::dialect_ops! {
    /// Every sched operation, for exhaustive matches: a consumer without a
    /// wildcard arm stops compiling when an operation is added.
    dialect "sched" => pub enum SchedOp,
    /// Which sched operation: the key of tables by operation.
    pub enum SchedKind;

    /// `sched.foreach %x in space(%operands) { .. } attributes {schedule = {..}}`.
    view Foreach {
        ops {
            Foreach = FOREACH "foreach" (
                "a parallel loop with a decided schedule",
                Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS | Traits::FOREACH_LIKE
            ) {
                inherent: &["space", "schedule"],
                verify: Some(verify),
                parse: Some(parse_foreach),
                print: Some(print_foreach),
                patterns: Some(patterns),
            };
        }
        operands {}
        variadic {
            /// What the space ranges over, as for `graph.foreach`.
            space_operands: Any,
        }
        results {}
        properties {
            /// The iteration space.
            space: Space,
            /// The schedule: a dictionary that reads as a [`LoopSchedule`](crate::schedule::LoopSchedule).
            schedule: Attribute,
        }
    }
}
