//! What can go wrong linking, loading and calling compiled code. Each
//! error prints as the runner's message always read (`error: ...`).

use std::fmt;
use std::path::PathBuf;

/// An error of the CPU runner.
#[derive(Debug)]
pub enum CpuError {
    /// The OpenMP runtime is not in the directory looked in.
    NoOpenMp(PathBuf),
    /// The linker could not be started.
    NoLinker(std::io::Error),
    /// The linker refused the object; what it printed.
    LinkFailed(String),
    /// A temporary folder could not be made, or a file written (what was
    /// done: `create`, `write`).
    Io(&'static str, PathBuf, std::io::Error),
    /// The linked library could not be loaded.
    Load(String),
    /// The program has no entry wrapper for this function.
    NoEntry(String),
    /// The program lacks a symbol of the contract.
    Symbol(String),
    /// The arguments do not fit the entry's slots, or the profile does not
    /// decode (the contract's message).
    Contract(String),
    /// More threads than the address-space limit leaves room for.
    TooManyThreads(u32, crate::thread_room::ThreadRoom),
}

impl fmt::Display for CpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CpuError::NoOpenMp(dir) => write!(
                f,
                "error: the OpenMP runtime (libomp.so) is not in {}; install libomp-22-dev (scripts/setup.sh) or set STRATA_OMP_DIR",
                dir.display()
            ),
            CpuError::NoLinker(e) => write!(f, "error: cannot run the linker 'cc': {e}"),
            CpuError::LinkFailed(out) => write!(f, "error: linking the compiled program failed:\n{out}"),
            CpuError::Io(what, path, e) => write!(f, "error: cannot {what} {}: {e}", path.display()),
            CpuError::Load(e) => write!(f, "error: cannot load the compiled program: {e}"),
            CpuError::NoEntry(name) => write!(f, "error: the compiled program has no entry '{name}'"),
            CpuError::Symbol(e) => write!(f, "error: {e}"),
            CpuError::Contract(m) => f.write_str(m),
            CpuError::TooManyThreads(n, room) => {
                use crate::thread_room::gib;
                write!(
                    f,
                    "error: {n} threads do not fit the address-space limit (ulimit -v: {:.1} GiB, {:.1} GiB in use): it leaves room for about {} threads of OpenMP's {} MiB stacks (OMP_STACKSIZE, else ulimit -s); give fewer threads or raise the limit",
                    gib(room.limit),
                    gib(room.used),
                    room.threads,
                    room.stack >> 20
                )
            }
        }
    }
}

impl std::error::Error for CpuError {}
