//! The dialects and passes the compiler knows.

use strata_ir::pass::PassRegistry;
use strata_ir::Registry;

/// Every dialect: the standard ones, `graph`, `sched` and `par`.
pub fn dialects() -> Registry {
    let mut r = strata_std::standard_registry();
    strata_graph_dialect::register(&mut r);
    strata_sched_dialect::register(&mut r);
    strata_par_dialect::register(&mut r);
    r
}

/// Every pass.
pub fn passes() -> PassRegistry {
    let mut r = PassRegistry::new();
    strata_passes::register(&mut r);
    strata_lowering::register(&mut r);
    strata_graph_dialect::register_passes(&mut r);
    strata_sched_dialect::register_passes(&mut r);
    strata_par_dialect::register_passes(&mut r);
    r
}
