//! What can go wrong finding the GPU, loading a program onto it and running
//! it. Each error prints as the runner's message always read (`error: ...`).

use std::fmt;

/// An error of the GPU runner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GpuError {
    /// No CUDA driver library (`libcuda.so`) was found.
    NoDriver,
    /// The driver finds no GPU.
    NoGpu,
    /// The GPU is older than the backend needs: its name and compute
    /// capability.
    TooOld(String, i32, i32),
    /// The GPU (named) cannot launch cooperative kernels.
    NoCooperativeLaunch(String),
    /// A driver call failed: what was being done, the driver's name of the
    /// error and its description.
    Driver {
        /// What was being done (`cannot launch the kernel`).
        what: String,
        /// The driver's name of the error (`CUDA_ERROR_INVALID_PTX`).
        name: String,
        /// The driver's description of it.
        text: String,
    },
    /// `$STRATA_GPU_POOL` (named) holds no size: what it holds.
    PoolSize(&'static str, String),
    /// The kernel of an entry does not fit a multiprocessor of the GPU with
    /// the backend's block: the entry, the GPU, the block's threads.
    KernelTooLarge(String, String, u32),
    /// The program, its arguments or its results break the contract with the
    /// runner (the contract's message, `error: ...`).
    Contract(String),
}

impl GpuError {
    /// A failed driver call, while doing `what`.
    pub(crate) fn driver(what: &str, e: cudarc::driver::result::DriverError) -> GpuError {
        let name = e.error_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|_| format!("{:?}", e.0));
        let text = e.error_string().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        GpuError::Driver { what: what.to_string(), name, text }
    }
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuError::NoDriver => {
                f.write_str("error: no CUDA driver found (libcuda.so); the GPU backend needs an NVIDIA GPU and its driver")
            }
            GpuError::NoGpu => f.write_str("error: the CUDA driver finds no GPU"),
            GpuError::TooOld(name, major, minor) => write!(
                f,
                "error: {name} (compute capability {major}.{minor}) is older than what the GPU backend needs (7.0: independent thread scheduling)"
            ),
            GpuError::NoCooperativeLaunch(name) => {
                write!(f, "error: {name} cannot run cooperative kernels, which the GPU backend needs")
            }
            GpuError::Driver { what, name, text } => write!(f, "error: {what}: {name} ({text})"),
            GpuError::PoolSize(variable, got) => {
                write!(f, "error: {variable} must be the pool's size in bytes (0: no pool), got '{got}'")
            }
            GpuError::KernelTooLarge(entry, gpu, threads) => {
                write!(f, "error: the kernel of '{entry}' does not fit on {gpu} with {threads} threads a block")
            }
            GpuError::Contract(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for GpuError {}

impl From<GpuError> for String {
    fn from(e: GpuError) -> String {
        e.to_string()
    }
}
