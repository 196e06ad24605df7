//! The `sched` dialect: the graph program with its execution decided.
//!
//! A [`schedule::LoopSchedule`] says how a loop's iterations map to workers,
//! how they are distributed and how scalar reductions are done;
//! `sched.foreach` ([`foreach`]) carries one, checked by [`legality`]. All
//! other graph operations keep their meaning at this level.
//! `docs/dialects/sched.md` describes the dialect.

pub mod collapse;
pub mod foreach;
pub mod fusion;
pub mod legality;
pub mod once;
pub mod op;
pub mod schedule;
pub mod settle;

use strata_ir::registry::Dialect;
use strata_ir::Registry;

/// The sched dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "sched",
        summary: "graph loops with explicit, checked schedules",
        ops: op::op_defs(),
        materialize_constant: None,
        verify_type: None,
        verify_attr: None,
    }
}

/// Registers the sched dialect.
pub fn register(r: &mut Registry) {
    r.register(dialect());
}

/// Registers the passes of the sched dialect.
pub fn register_passes(r: &mut strata_ir::pass::PassRegistry) {
    r.register(collapse::info());
}
