//! The standard dialects every level of the compiler uses, with MLIR's spellings
//! and semantics: [`arith`] (integer and float arithmetic), [`scf`] (structured
//! control flow) and [`cf`] (unstructured branches).

pub mod arith;
pub mod arith_cast;
pub mod arith_elements;
pub mod arith_ext;
pub mod arith_extended;
pub mod arith_float;
pub mod arith_fold;
pub mod arith_reassociate;
pub mod arith_select;
pub mod arith_view;
pub mod build;
pub mod cf;
pub mod cf_branch_folding;
pub mod scf;
pub mod scf_canonicalize;
pub mod scf_execute;
pub mod scf_parallel;
pub mod scf_switch;

use strata_ir::Registry;

/// Registers `arith`, `scf` and `cf`.
pub fn register(r: &mut Registry) {
    r.register(arith::dialect());
    r.register(scf::dialect());
    r.register(cf::dialect());
}

/// A registry with the core and standard dialects.
pub fn standard_registry() -> Registry {
    let mut r = strata_ir::core_registry();
    register(&mut r);
    r
}

/// The standard dialects, as the unit tests read IR with them.
#[cfg(test)]
pub(crate) fn test_registry() -> std::sync::Arc<strata_ir::Registry> {
    std::sync::Arc::new(standard_registry())
}
