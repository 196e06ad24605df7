//! Graphs for the runtime, the interpreter and the tests: the CSR
//! representation ([`csr`]), file loading ([`load`]), generators
//! ([`generate`]), the nodes by degree ([`degree_order`]), the sort
//! by node the CSR is built with ([`sort`]), a graph laid out as compiled
//! code reads it ([`image`]), and writing graphs out ([`write`]).

pub mod csr;
pub mod degree_order;
pub mod generate;
pub mod image;
pub mod load;
pub mod sort;
pub mod write;

pub use csr::Graph;
pub use image::{array_elements, image};
pub use load::{load, LoadError, LoadOptions};

/// The cores that loading, generating and building a graph share their
/// work among: those this process may run on.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `f` of each share of `items` (`share` items, the last fewer) and its
/// index, each share on a thread of its own; the results in order.
pub(crate) fn on_shares<T: Sync, R: Send>(items: &[T], share: usize, f: impl Fn(usize, &[T]) -> R + Sync) -> Vec<R> {
    std::thread::scope(|s| {
        let f = &f;
        let workers: Vec<_> =
            items.chunks(share.max(1)).enumerate().map(|(k, part)| s.spawn(move || f(k, part))).collect();
        workers.into_iter().map(|w| w.join().expect("a worker thread panicked")).collect()
    })
}
