//! The CPU backend's run-time side: the runner that links code compiled for
//! this CPU, loads it and calls it under the contract of [`strata_abi`].

pub mod error;
mod ffi;
pub mod runner;
pub mod thread_room;

pub use error::CpuError;
pub use runner::Program;
