//! The compiler as a library: what `graph-opt`, `graph-run`, `graph-bench`
//! and the integration tests share, so that they only parse flags and print.
//!
//! - [`registry`]: every dialect and pass.
//! - [`load`]: parse, verify and check races: how every tool reads a module.
//! - [`pipeline`]: the targets' lowering pipelines as values, with a
//!   default schedule.
//! - [`Program`]: a module loaded from text (parsed, verified, checked for
//!   races), lowered by a pipeline, compiled for a target.
//! - [`Backend`]: the interpreter, the CPU and the GPU behind one trait,
//!   returning one result shape ([`Runs`]); results compare with
//!   [`strata_abi::compare::compare_results`].

mod backend;
mod cpu;
mod error;
mod gpu;
mod interp;
pub mod load;
pub mod pipeline;
mod program;
pub mod registry;
pub mod schedule_error;
pub mod schedule_file;

pub use backend::{Backend, Runs};
pub use cpu::CpuBackend;
pub use error::DriverError;
pub use gpu::GpuBackend;
pub use interp::InterpBackend;
pub use pipeline::{target_pipeline, Schedule, Target};
pub use program::Program;
pub use schedule_error::ScheduleError;
