//! Diagnostics: errors, warnings, remarks and notes attached to locations, and
//! their rendering as `file:line:col: error: message` with the source line and a caret.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Arc;

use crate::attributes::Location;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Extra information attached to another diagnostic.
    Note,
    /// Informational message.
    Remark,
    /// Suspicious but not fatal.
    Warning,
    /// The input is invalid or an action failed.
    Error,
}

impl Severity {
    /// The word printed before the message.
    pub fn word(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A message at a location, with notes.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where.
    pub loc: Location,
    /// The message: lowercase start, no trailing period.
    pub message: String,
    /// Attached notes.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error.
    pub fn error(loc: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, loc, message: message.into(), notes: Vec::new() }
    }
    /// A warning.
    pub fn warning(loc: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, loc, message: message.into(), notes: Vec::new() }
    }
    /// A remark.
    pub fn remark(loc: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Remark, loc, message: message.into(), notes: Vec::new() }
    }
    /// Adds a note.
    pub fn note(mut self, loc: Location, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Diagnostic { severity: Severity::Note, loc, message: message.into(), notes: Vec::new() });
        self
    }
}

/// The text of every source buffer, to show lines under diagnostics.
#[derive(Default, Clone)]
pub struct SourceMgr {
    files: HashMap<Arc<str>, Arc<str>>,
}

impl SourceMgr {
    /// An empty manager.
    pub fn new() -> SourceMgr {
        SourceMgr::default()
    }
    /// Registers a buffer under a name.
    pub fn add(&mut self, name: &str, text: &str) {
        self.files.insert(name.into(), text.into());
    }
    /// Line `line` (1-based) of a buffer.
    pub fn line(&self, file: &str, line: u32) -> Option<&str> {
        let text = self.files.get(file)?;
        text.split('\n').nth(line.checked_sub(1)? as usize).map(|l| l.strip_suffix('\r').unwrap_or(l))
    }

    /// Renders a diagnostic and its notes.
    pub fn render(&self, d: &Diagnostic) -> String {
        let mut out = String::new();
        self.render_one(d, &mut out);
        for n in &d.notes {
            self.render_one(n, &mut out);
        }
        out
    }

    fn render_one(&self, d: &Diagnostic, out: &mut String) {
        match d.loc.file_line_col() {
            Some((file, line, col)) => {
                let _ = writeln!(out, "{file}:{line}:{col}: {}: {}", d.severity.word(), d.message);
                if let Some(text) = self.line(file, line) {
                    let _ = writeln!(out, "{text}");
                    let pad: String = text
                        .chars()
                        .take(col.saturating_sub(1) as usize)
                        .map(|c| if c == '\t' { '\t' } else { ' ' })
                        .collect();
                    let _ = writeln!(out, "{pad}^");
                }
            }
            None => {
                let _ = writeln!(out, "{}: {}: {}", describe_loc(&d.loc), d.severity.word(), d.message);
            }
        }
    }
}

fn describe_loc(l: &Location) -> String {
    match l {
        Location::Unknown => "<unknown>:0".into(),
        Location::Name { name, .. } => name.to_string(),
        other => other.to_string(),
    }
}
