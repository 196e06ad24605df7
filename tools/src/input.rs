//! Reading input files: UTF-8 checking and `// -----` splitting.

use strata_ir::{Diagnostic, Location};

/// Reads a file (or standard input for `-`) as UTF-8 text; errors are located diagnostics.
pub fn read_source(path: &str) -> Result<String, Diagnostic> {
    let bytes = if path == "-" {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v)
            .map_err(|e| Diagnostic::error(Location::Unknown, format!("cannot read standard input: {e}")))?;
        v
    } else {
        std::fs::read(path)
            .map_err(|e| Diagnostic::error(Location::Unknown, format!("cannot open input file '{path}': {e}")))?
    };
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|b| **b == b'\n').count() as u32 + 1;
        let col = (good.len() - good.iter().rposition(|b| *b == b'\n').map(|p| p + 1).unwrap_or(0)) as u32 + 1;
        Diagnostic::error(Location::file(display_name(path), line, col), "input is not valid UTF-8")
    })
}

/// The name used for a path in diagnostics.
pub fn display_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// Byte ranges of the chunks separated by `// -----`: as in MLIR, wherever
/// the marker stands, a chunk starts right after it.
pub fn split_chunks(text: &str, split: bool) -> Vec<(usize, usize)> {
    const MARKER: &str = "// -----";
    if !split {
        return vec![(0, text.len())];
    }
    let mut chunks = Vec::new();
    let mut start = 0;
    while let Some(at) = text[start..].find(MARKER) {
        chunks.push((start, start + at));
        start += at + MARKER.len();
    }
    chunks.push((start, text.len()));
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_marker_lines() {
        let t = "a\n// -----\nb\n// -----\n";
        let c = split_chunks(t, true);
        assert_eq!(c.iter().map(|(s, e)| &t[*s..*e]).collect::<Vec<_>>(), vec!["a\n", "\nb\n", "\n"]);
        let t = "a // ----- b\n  // ------\nc";
        let c = split_chunks(t, true);
        assert_eq!(c.iter().map(|(s, e)| &t[*s..*e]).collect::<Vec<_>>(), vec!["a ", " b\n  ", "-\nc"]);
    }
}
