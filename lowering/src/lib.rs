//! Conversions from one dialect to another, each a pass built on the dialect
//! conversion driver: [`graph_to_sched`], [`sched_to_par`], [`scf_to_cf`].

pub mod graph_to_sched;
pub mod scf_to_cf;
pub mod sched_to_par;

use strata_ir::pass::PassRegistry;

/// Registers every conversion pass of this crate.
pub fn register(r: &mut PassRegistry) {
    r.register(graph_to_sched::info());
    r.register(sched_to_par::info());
    r.register(scf_to_cf::info());
}
