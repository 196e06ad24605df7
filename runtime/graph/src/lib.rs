//! Graphs for the runtime, the interpreter and the tests: the CSR
//! representation ([`csr`]), file loading ([`load`]) and generators ([`generate`]).

pub mod csr;
pub mod generate;
pub mod load;

pub use csr::Graph;
pub use load::{load, LoadError, LoadOptions};
