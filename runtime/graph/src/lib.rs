//! Graphs for the runtime, the interpreter and the tests: the CSR
//! representation ([`csr`]), file loading ([`load`]), generators
//! ([`generate`]) and the nodes by degree ([`degree_order`]).

pub mod csr;
pub mod degree_order;
pub mod generate;
pub mod load;

pub use csr::Graph;
pub use load::{load, LoadError, LoadOptions};
