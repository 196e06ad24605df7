//! The shared driver behind `graph-opt`: read IR, verify, run a pass pipeline,
//! print; with split input files, expected-diagnostic checking and IR dumps.
//! The binaries only assemble registries and call [`opt_main`].

pub mod input;
pub mod opt;
pub mod run;

pub use opt::opt_main;

use strata_ir::pass::PassRegistry;
use strata_ir::Registry;

/// Every dialect the tools know.
pub fn all_dialects() -> Registry {
    let mut r = strata_std::standard_registry();
    strata_graph_dialect::register(&mut r);
    strata_sched_dialect::register(&mut r);
    strata_par_dialect::register(&mut r);
    r
}

/// Every pass the tools know.
pub fn all_passes() -> PassRegistry {
    let mut r = PassRegistry::new();
    strata_passes::register(&mut r);
    strata_lowering::register(&mut r);
    strata_graph_dialect::register_passes(&mut r);
    r
}
