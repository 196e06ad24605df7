//! `--verify-diagnostics`: compares emitted diagnostics with the
//! `expected-error`/`-warning`/`-remark`/`-note` comments in the source.
//!
//! Forms (as in mlir-opt): `// expected-error {{text}}` (same line),
//! `@+N`, `@-N` (relative line), `@above`, `@below`; `// expected-error-re`
//! is not supported and is reported as such.

use crate::attributes::Location;
use crate::diagnostics::{Diagnostic, Severity};

/// One expectation parsed from a comment.
#[derive(Clone, Debug)]
pub struct Expected {
    /// Kind.
    pub severity: Severity,
    /// Line the diagnostic must be on.
    pub line: u32,
    /// Text that must occur in the message.
    pub text: String,
    /// Where the comment is.
    pub at: Location,
    matched: bool,
}

/// Scans a source window for expectations; errors are malformed comments.
pub fn parse_expectations(
    file: &str,
    src: &str,
    lines: &crate::parser::LineIndex,
    start: usize,
    end: usize,
) -> Result<Vec<Expected>, Diagnostic> {
    let mut out = Vec::new();
    let first_line = lines.line_of(start);
    // As in MLIR, `@above` and `@below` skip lines that hold expectations
    // themselves: they name the nearest line above or below without one.
    let mut last_plain_line = first_line.saturating_sub(1);
    let mut below: Vec<usize> = Vec::new();
    for (i, line) in src[start..end].split('\n').enumerate() {
        let lineno = first_line + i as u32;
        let found_before = out.len();
        let mut rest = line;
        while let Some(pos) = rest.find("expected-") {
            let col = (line.len() - rest.len() + pos) as u32 + 1;
            let after = &rest[pos + "expected-".len()..];
            let (severity, tail) = if let Some(t) = after.strip_prefix("error") {
                (Severity::Error, t)
            } else if let Some(t) = after.strip_prefix("warning") {
                (Severity::Warning, t)
            } else if let Some(t) = after.strip_prefix("remark") {
                (Severity::Remark, t)
            } else if let Some(t) = after.strip_prefix("note") {
                (Severity::Note, t)
            } else {
                rest = after;
                continue;
            };
            let at = Location::file(file, lineno, col);
            let mut tail = tail;
            if tail.starts_with("-re") {
                return Err(Diagnostic::error(at, "expected-*-re regular expressions are not supported"));
            }
            let mut target = lineno;
            // `expected-error @+1 {{...}}`: spaces may come before the target.
            if let Some(t) = tail.trim_start_matches([' ', '\t']).strip_prefix('@') {
                let digits_end = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
                if let Some(t2) = t.strip_prefix("above") {
                    target = last_plain_line;
                    tail = t2;
                } else if let Some(t2) = t.strip_prefix("below") {
                    below.push(out.len());
                    tail = t2;
                } else if let Some(t2) = t.strip_prefix('+') {
                    let n = digits_end(t2);
                    target = lineno
                        + t2[..n]
                            .parse::<u32>()
                            .map_err(|_| Diagnostic::error(at.clone(), "expected line offset after '@+'"))?;
                    tail = &t2[n..];
                } else if let Some(t2) = t.strip_prefix('-') {
                    let n = digits_end(t2);
                    let off = t2[..n]
                        .parse::<u32>()
                        .map_err(|_| Diagnostic::error(at.clone(), "expected line offset after '@-'"))?;
                    target = lineno
                        .checked_sub(off)
                        .ok_or_else(|| Diagnostic::error(at.clone(), "line offset points before the file"))?;
                    tail = &t2[n..];
                } else {
                    return Err(Diagnostic::error(at, "expected '@above', '@below', '@+N' or '@-N'"));
                }
            }
            let t = tail.trim_start();
            let Some(body) = t.strip_prefix("{{") else {
                return Err(Diagnostic::error(at, "expected '{{' to start the expected message"));
            };
            let Some(close) = body.find("}}") else {
                return Err(Diagnostic::error(at, "expected '}}' to end the expected message"));
            };
            out.push(Expected { severity, line: target, text: body[..close].to_string(), at, matched: false });
            rest = &body[close + 2..];
        }
        if out.len() == found_before {
            last_plain_line = lineno;
            for index in below.drain(..) {
                out[index].line = lineno;
            }
        }
    }
    Ok(out)
}

/// Matches diagnostics (notes included) against expectations; returns the mismatches as errors.
pub fn check(file: &str, expected: &mut [Expected], got: &[Diagnostic]) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let mut flat: Vec<&Diagnostic> = Vec::new();
    for d in got {
        flat.push(d);
        flat.extend(d.notes.iter());
    }
    for d in flat {
        let at = d.loc.file_line_col().filter(|(f, _, _)| *f == file).map(|(_, l, _)| l);
        let hit = expected
            .iter_mut()
            .find(|e| !e.matched && e.severity == d.severity && Some(e.line) == at && d.message.contains(&e.text));
        match hit {
            Some(e) => e.matched = true,
            None => errors
                .push(Diagnostic::error(d.loc.clone(), format!("unexpected {}: {}", d.severity.word(), d.message))),
        }
    }
    for e in expected.iter().filter(|e| !e.matched) {
        errors.push(Diagnostic::error(
            e.at.clone(),
            format!("expected {} \"{}\" was not produced", e.severity.word(), e.text),
        ));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_offsets() {
        let src = "a\n// expected-error@+1 {{boom}}\nb\n// expected-note@above {{n}} expected-warning {{w}}\n";
        let e = parse_expectations("f", src, &crate::parser::LineIndex::new(src), 0, src.len()).unwrap();
        assert_eq!(e.len(), 3);
        assert_eq!((e[0].line, e[0].text.as_str()), (3, "boom"));
        assert_eq!(e[1].line, 3);
        assert_eq!(e[2].line, 4);
    }
}
