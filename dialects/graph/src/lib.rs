//! The `graph` dialect: what a graph algorithm computes, free of any schedule
//! or target.
//!
//! Types are in [`types`]; every operation is declared in [`op`], with its
//! verifier and custom syntax in [`props`] (properties, scalars,
//! load/store/reduce), [`foreach`] (parallel loops and `graph.yield`),
//! [`worklist`], [`rounds`] (`graph.iterate`, `graph.fixpoint`) and
//! [`single`] (graph queries and the union-find set need neither: their
//! types are fixed); [`canonicalize`] holds
//! the canonicalization patterns, [`races`] the static data-race check. `docs/dialects/graph.md`
//! describes every operation and its concurrency rules.

pub mod canonicalize;
pub mod foreach;
pub mod op;
pub mod props;
pub mod races;
pub mod rounds;
pub mod single;
pub mod types;
pub mod view;
pub mod worklist;

use strata_ir::registry::Dialect;
use strata_ir::Registry;

/// The graph dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "graph",
        summary: "graphs, properties, parallel loops, reductions, worklists and locks",
        ops: op::op_defs(),
        materialize_constant: None,
        verify_type: Some(types::verify_type),
        verify_attr: None,
    }
}

/// Registers the graph dialect.
pub fn register(r: &mut Registry) {
    r.register(dialect());
}

/// Registers the graph dialect's passes (`graph-check-races`).
pub fn register_passes(r: &mut strata_ir::pass::PassRegistry) {
    r.register(races::info());
}

/// The standard dialects and this one, as the unit tests read IR with them.
#[cfg(test)]
pub(crate) fn test_registry() -> std::sync::Arc<strata_ir::Registry> {
    let mut r = strata_std::standard_registry();
    register(&mut r);
    std::sync::Arc::new(r)
}
