//! Generic transformations over any dialect: [`canonicalize`], [`cse`], [`symbol_dce`].

pub mod canonicalize;
pub mod cse;
pub mod symbol_dce;

use strata_ir::pass::PassRegistry;

/// Registers every pass of this crate.
pub fn register(r: &mut PassRegistry) {
    r.register(canonicalize::info());
    r.register(cse::info());
    r.register(symbol_dce::info());
}
