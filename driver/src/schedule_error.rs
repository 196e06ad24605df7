//! What is wrong with a schedule: the `--schedule` text, a schedule file,
//! or an entry the target's pipeline cannot take.

use std::fmt;
use strata_ir::Location;

/// An error in a schedule. Errors of a schedule file carry their place
/// ([`ScheduleError::at`]); the others are about `--schedule`'s text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScheduleError {
    /// An entry that is not `KEY=VALUE`.
    Malformed {
        /// The entry as written.
        entry: String,
    },
    /// A key given twice.
    Repeated {
        /// The key.
        key: String,
        /// Its first value.
        first: String,
    },
    /// `target`, which the pipeline decides, given as an entry.
    Target {
        /// What the pipeline compiles for.
        compiles_for: &'static str,
    },
    /// An entry the schedule cannot take: an unknown key or a bad value,
    /// in the words of the schedule's reader.
    Entry(String),
    /// A value a whole-program entry (`unroll`, `interleave`, `remarks`)
    /// cannot take.
    ProgramEntry {
        /// The key.
        key: String,
        /// The value, where the message shows it.
        value: Option<String>,
        /// Why not.
        reason: String,
    },
    /// An error on a line of a schedule file.
    InFile {
        /// Where.
        at: Location,
        /// What.
        message: String,
    },
}

impl ScheduleError {
    /// Where in a schedule file the error is, if it is in one.
    pub fn at(&self) -> Option<&Location> {
        match self {
            ScheduleError::InFile { at, .. } => Some(at),
            _ => None,
        }
    }
}

impl fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScheduleError::Malformed { entry } => write!(f, "schedule entry '{entry}' is not KEY=VALUE"),
            ScheduleError::Repeated { key, first } => {
                write!(f, "schedule entry '{key}' is given twice (first as '{key}={first}')")
            }
            ScheduleError::Target { compiles_for } => {
                write!(f, "schedule entry 'target' is not a loop's: the pipeline compiles for {compiles_for}")
            }
            ScheduleError::Entry(message) => f.write_str(message),
            ScheduleError::ProgramEntry { key, value: Some(value), reason } => {
                write!(f, "schedule entry '{key}={value}': {reason}")
            }
            ScheduleError::ProgramEntry { key, value: None, reason } => write!(f, "schedule entry '{key}': {reason}"),
            ScheduleError::InFile { at, message } => match at.file_line_col() {
                Some((file, line, col)) => write!(f, "{file}:{line}:{col}: error: {message}"),
                None => f.write_str(message),
            },
        }
    }
}

impl std::error::Error for ScheduleError {}
