//! `sched.foreach`: a `graph.foreach` whose schedule is decided.
//!
//! ```mlir
//! sched.foreach %v in nodes(%g) {
//!   ...
//! } attributes {schedule = {chunk = 64 : i64, dist = "dynamic", mapping = "thread", reduction = "atomic"}}
//! ```
//!
//! The loop has the structure and semantics of `graph.foreach` (same spaces,
//! regions and terminator); the `schedule` property is complete and legal
//! (see [`crate::legality`]).

use crate::op as sched;
use strata_graph_dialect::canonicalize::loop_patterns;
use strata_graph_dialect::foreach::verify_foreach;
use strata_ir::context::{Context, OpId};
use strata_ir::rewrite::RewritePattern;
use strata_ir::verifier::op_error;
use strata_ir::Diagnostic;

use crate::op::Foreach;
use crate::schedule::LoopSchedule;

/// The schedule of a `sched.foreach`, if it has a valid one.
pub fn schedule_of(ctx: &Context, op: OpId) -> Option<LoopSchedule> {
    ctx.prop(op, "schedule").and_then(|a| LoopSchedule::from_attr(a).ok())
}

pub(crate) fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    verify_foreach(ctx, op)?;
    let s = LoopSchedule::from_attr(&Foreach(op).schedule(ctx)).map_err(|m| op_error(ctx, op, m))?;
    crate::legality::check(ctx, op, &s).map_err(|m| op_error(ctx, op, m))
}

/// The canonicalization patterns of `sched.foreach`: those of `graph.foreach`.
pub(crate) fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    loop_patterns(sched::FOREACH, v);
}

#[cfg(test)]
mod tests;
