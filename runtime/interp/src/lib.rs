//! The reference interpreter: executes `func`, `arith`, `scf`, `cf` and the
//! `graph` dialect directly on the IR. It is the oracle every backend and
//! every pass is checked against.
//!
//! Two modes: deterministic (iterations in order) and shuffled (every
//! `graph.foreach` visits its iterations in a random order drawn from a
//! seed), which exposes programs whose results depend on the order. At the
//! `par` level a team is one thread, or a simulated grid of subgroups and
//! lanes ([`Grid`]) that runs subgroup collectives as a GPU does.
//! Run-time errors carry the location of the operation that failed.

mod engine;
pub mod host;
pub mod value;

pub use engine::{run_function, run_function_counted, Grid, Options};
pub use value::Val;

use strata_ir::{Diagnostic, Location};

/// A run-time error at an operation.
#[derive(Clone, Debug)]
pub struct InterpError {
    /// Where.
    pub loc: Location,
    /// What.
    pub message: String,
}

impl InterpError {
    /// The error as a diagnostic.
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::error(self.loc.clone(), self.message.clone())
    }
}
