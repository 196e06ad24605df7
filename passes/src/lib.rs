//! Transformations: [`canonicalize`], [`cse`] and [`symbol_dce`] over any
//! dialect, [`egraph_simplify`] over `arith` integer expressions; the
//! [`op_stats`] printer.

pub mod canonicalize;
pub mod cse;
pub mod egraph_simplify;
pub mod op_stats;
pub mod symbol_dce;

use strata_ir::pass::PassRegistry;

/// Registers every pass of this crate.
pub fn register(r: &mut PassRegistry) {
    r.register(canonicalize::info());
    r.register(cse::info());
    r.register(egraph_simplify::info());
    r.register(op_stats::info());
    r.register(symbol_dce::info());
}
