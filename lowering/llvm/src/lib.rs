//! LLVM emission for the CPU: a module at the `par` level (with `arith`,
//! `scf`, `cf` and `func`) becomes LLVM IR through inkwell, runs through
//! LLVM's optimization pipeline and comes out as an x86-64 object whose
//! parallel regions run on the OpenMP runtime. The object follows the
//! contract of [`strata_abi`]. See `docs/backends/cpu.md`.

mod arith;
mod emitter;
mod entry;
mod par;
mod parallel;
mod target;
mod types;

pub use target::{compile, compile_gpu, gpu_target, Emit, GpuOptions, Options, CPUS, GPU_ARCHS, PTX_VERSIONS};
