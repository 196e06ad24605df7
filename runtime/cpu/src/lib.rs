//! The CPU backend's run-time side: the binary contract compiled code
//! follows ([`abi`]) and the runner that links, loads and calls it
//! ([`runner`]).

pub mod abi;
mod ffi;
pub mod runner;

pub use runner::{GraphImage, Program};
