//! The bridge to upstream MLIR, in-process, through melior: the only crate
//! that links upstream MLIR.
//!
//! - [`bridge`]: an upstream context ([`bridge::Upstream`]) and the two
//!   directions, [`bridge::Upstream::import`] (a module of this compiler to an
//!   upstream module) and [`bridge::Upstream::export`] (back). Operations
//!   travel in the generic form with their locations; those of dialects
//!   upstream does not know (`graph`, `sched`, `par`) travel as unregistered
//!   operations.
//! - [`pass`]: `upstream{pipeline="..."}`, a pass that runs an upstream pass
//!   pipeline on the module.

pub mod bridge;
pub mod pass;

use strata_ir::pass::PassRegistry;

/// Registers the passes of this crate.
pub fn register(r: &mut PassRegistry) {
    r.register(pass::info());
}
