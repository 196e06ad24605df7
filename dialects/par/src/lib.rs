//! The `par` dialect: explicit parallelism, shaped like the targets but
//! common to them. A `par.parallel` starts a team of threads; `par.for`
//! shares a loop's iterations among them with a distribution; buffers hold
//! data every thread can reach, with plain, atomic and compare-and-swap
//! accesses; queues carry worklists from one round to the next.
//! `docs/dialects/par.md` describes every operation.

pub mod abi;
pub mod bool_atomics;
pub mod build;
pub mod canonicalize;
pub mod cooperative;
pub mod focal;
pub mod free_buffers;
pub mod interleave;
pub mod loop_factor;
pub mod op;
pub mod types;
pub mod uniformity;
pub mod unroll_masked;
pub mod verify;
pub mod view;

use strata_ir::registry::Dialect;
use strata_ir::Registry;

/// The par dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "par",
        summary: "teams of threads, work-sharing loops, barriers, atomics, buffers and queues",
        ops: op::op_defs(),
        materialize_constant: None,
        verify_type: Some(types::verify_type),
        verify_attr: None,
    }
}

/// Registers the par dialect.
pub fn register(r: &mut Registry) {
    r.register(dialect());
}

/// Registers the par dialect's passes.
pub fn register_passes(r: &mut strata_ir::pass::PassRegistry) {
    r.register(bool_atomics::info());
    r.register(cooperative::info());
    r.register(free_buffers::info());
    r.register(interleave::info());
    r.register(unroll_masked::info());
}

/// The standard dialects, the graph dialect and this one, as the unit tests
/// read IR with them.
#[cfg(test)]
pub(crate) fn test_registry() -> std::sync::Arc<strata_ir::Registry> {
    let mut r = strata_std::standard_registry();
    register(&mut r);
    strata_graph_dialect::register(&mut r);
    std::sync::Arc::new(r)
}
