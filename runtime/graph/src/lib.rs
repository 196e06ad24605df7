//! Graphs for the runtime, the interpreter and the tests: the CSR
//! representation ([`csr`]), file loading ([`load`]), generators
//! ([`generate`]), the nodes by degree ([`degree_order`]) and the sort
//! by node the CSR is built with ([`sort`]).

pub mod csr;
pub mod degree_order;
pub mod generate;
pub mod load;
pub mod sort;

pub use csr::Graph;
pub use load::{load, LoadError, LoadOptions};

/// The cores that loading, generating and building a graph share their
/// work among: those this process may run on.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
