//! What can go wrong loading, lowering, compiling and running a program
//! through the driver. Each error prints as the tools have always printed
//! it (`file:line:col: error: ...` where a location exists).

use std::fmt;

use strata_cpu::CpuError;
use strata_gpu::GpuError;
use strata_ir::Type;

/// An error of the driver.
#[derive(Debug)]
pub enum DriverError {
    /// Diagnostics of the compiler or the interpreter, rendered with their
    /// sources, a line each.
    Diagnostics(String),
    /// The file (named) has no function of that name; the functions it has.
    NoFunction(String, String, Vec<String>),
    /// The function (named) is only declared.
    Declaration(String),
    /// The function (named) has no function type.
    NoFunctionType(String),
    /// A value of this type cannot be returned to the host.
    NotReturnable(Type),
    /// The arguments or the results do not fit the entry's slots (the
    /// contract's message, `error: ...`).
    Contract(String),
    /// The CPU runner's error.
    Cpu(CpuError),
    /// The GPU runner's error.
    Gpu(GpuError),
}

impl fmt::Display for DriverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DriverError::Diagnostics(text) | DriverError::Contract(text) => f.write_str(text),
            DriverError::NoFunction(file, name, functions) => {
                write!(f, "error: {file} has no function named '{name}'")?;
                match strata_ir::suggest::closest(name, functions.iter().map(String::as_str)) {
                    Some(known) => write!(f, "; did you mean '{known}'?"),
                    None if functions.is_empty() => f.write_str(" (it has none)"),
                    None => write!(f, " (functions: {})", functions.join(", ")),
                }
            }
            DriverError::Declaration(name) => write!(f, "error: '{name}' is only declared, it has no body"),
            DriverError::NoFunctionType(name) => write!(f, "error: '{name}' has no function type"),
            DriverError::NotReturnable(t) => write!(f, "error: a value of type {t} cannot be returned to the host"),
            DriverError::Cpu(e) => e.fmt(f),
            DriverError::Gpu(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DriverError {}

impl From<CpuError> for DriverError {
    fn from(e: CpuError) -> DriverError {
        DriverError::Cpu(e)
    }
}

impl From<GpuError> for DriverError {
    fn from(e: GpuError) -> DriverError {
        DriverError::Gpu(e)
    }
}

/// The tools report every error as text: this is where a driver error
/// becomes it.
impl From<DriverError> for String {
    fn from(e: DriverError) -> String {
        e.to_string()
    }
}

impl From<strata_interp::host::HostError> for DriverError {
    fn from(e: strata_interp::host::HostError) -> DriverError {
        match e {
            strata_interp::host::HostError::NotReturnable(t) => DriverError::NotReturnable(t),
            other => DriverError::Contract(other.to_string()),
        }
    }
}
