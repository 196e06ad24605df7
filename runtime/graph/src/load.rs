//! Reading graph files: edge lists (`.el` `src dst`, `.wel` `src dst weight`,
//! 0-based), DIMACS shortest-path files (`.gr`, 1-based) and Matrix Market
//! coordinate files (`.mtx`, 1-based), and the binary format of
//! [`crate::write`] (`.sgb`). The format comes from the extension when it is
//! one of these, otherwise from the content. Data lines are parsed in
//! parallel.

use std::fmt;
use std::path::Path;

use crate::csr::{symmetrize, EdgeTriple, Graph};

/// A graph file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `src dst [weight]` per line, 0-based; `#` and `%` start comments.
    EdgeList,
    /// DIMACS: `p sp N M`, `a u v w`, 1-based; `c` lines are comments.
    Dimacs,
    /// Matrix Market coordinate: `%%MatrixMarket matrix coordinate FIELD SYMMETRY`.
    MatrixMarket,
    /// The binary format [`crate::write::binary`] writes.
    Binary,
}

/// How to load a graph.
#[derive(Clone, Copy, Debug, Default)]
pub struct LoadOptions {
    /// Add the reverse of every edge.
    pub symmetrize: bool,
    /// Drop self-loops and merge parallel edges, keeping the smallest weight.
    pub simplify: bool,
}

/// A loading error, located in the file where possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file name.
    pub file: String,
    /// The 1-based line, when the error is on one.
    pub line: Option<usize>,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{l}: error: {}", self.file, self.message),
            None => write!(f, "{}: error: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for LoadError {}

/// Reads and builds a graph from a file.
pub fn load(path: &Path, opts: LoadOptions) -> Result<Graph, LoadError> {
    let file = path.display().to_string();
    let bytes = read_input(path).map_err(|e| LoadError { file: file.clone(), line: None, message: e })?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    parse(&file, &bytes, format_from_extension(ext), opts)
}

/// The bytes of the file at `path`. A FIFO is opened without waiting for a
/// writer (the open of a FIFO no program writes to would block forever);
/// its data is then read as it comes, and one that no program writes to is
/// an error.
fn read_input(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::{ErrorKind, Read};
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let mut f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| format!("cannot read: {e}"))?;
    let meta = f.metadata().map_err(|e| format!("cannot read: {e}"))?;
    let fifo = meta.file_type().is_fifo();
    let mut bytes = Vec::new();
    let size = usize::try_from(meta.len()).unwrap_or(usize::MAX);
    bytes
        .try_reserve_exact(size)
        .map_err(|_| format!("cannot read: a file of {} bytes does not fit in memory", meta.len()))?;
    loop {
        // What was read before an error stays in `bytes`.
        match f.read_to_end(&mut bytes) {
            Ok(_) => break,
            // A writer is there, its data not yet.
            Err(e) if e.kind() == ErrorKind::WouldBlock => std::thread::sleep(std::time::Duration::from_millis(1)),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("cannot read: {e}")),
        }
    }
    if fifo && bytes.is_empty() {
        return Err("cannot read: a FIFO that no program writes to".into());
    }
    Ok(bytes)
}

/// The format an extension names, if any.
pub fn format_from_extension(ext: &str) -> Option<Format> {
    match ext.to_ascii_lowercase().as_str() {
        "el" | "wel" => Some(Format::EdgeList),
        "gr" => Some(Format::Dimacs),
        "mtx" => Some(Format::MatrixMarket),
        "sgb" => Some(Format::Binary),
        _ => None,
    }
}

/// Guesses the format from the first meaningful line.
pub fn detect(bytes: &[u8]) -> Format {
    if bytes.starts_with(crate::write::MAGIC) {
        return Format::Binary;
    }
    for line in bytes.split(|b| *b == b'\n') {
        let t = trim(line);
        if t.is_empty() {
            continue;
        }
        if t.starts_with(b"%%MatrixMarket") {
            return Format::MatrixMarket;
        }
        if t == b"c" || t.starts_with(b"c ") || t.starts_with(b"p ") || t.starts_with(b"a ") {
            return Format::Dimacs;
        }
        if t[0] == b'#' || t[0] == b'%' {
            continue;
        }
        return Format::EdgeList;
    }
    Format::EdgeList
}

/// Parses file contents; `format` `None` detects it.
pub fn parse(file: &str, bytes: &[u8], format: Option<Format>, opts: LoadOptions) -> Result<Graph, LoadError> {
    let (n, edges, weighted) = read_edges(file, bytes, format)?;
    // Refuse graphs whose arrays cannot be allocated instead of aborting.
    crate::csr::check_fits(u64::from(n), edges.len() as u64).map_err(|e| LoadError {
        file: file.to_string(),
        line: None,
        message: e.to_string(),
    })?;
    Ok(build(n, edges, weighted, opts))
}

/// The node count, edges and whether they carry weights, as the file
/// states them; `format` `None` detects it.
pub fn read_edges(file: &str, bytes: &[u8], format: Option<Format>) -> Result<(u32, Vec<EdgeTriple>, bool), LoadError> {
    let format = format.unwrap_or_else(|| detect(bytes));
    let parsed = match format {
        Format::EdgeList => parse_edge_list(bytes),
        Format::Dimacs => parse_dimacs(bytes),
        Format::MatrixMarket => parse_matrix_market(bytes),
        Format::Binary => crate::write::read_binary(bytes).map_err(|m| (None, m)),
    };
    parsed.map_err(|(line, message)| LoadError { file: file.to_string(), line, message })
}

/// Builds a graph from read or generated edges, applying `--symmetrize` then `--simplify`.
pub fn build(n: u32, mut edges: Vec<EdgeTriple>, weighted: bool, opts: LoadOptions) -> Graph {
    if opts.symmetrize {
        symmetrize(&mut edges);
    }
    Graph::from_edges(n, edges, weighted, opts.simplify)
}

type ParseResult<T> = Result<T, (Option<usize>, String)>;

fn trim(s: &[u8]) -> &[u8] {
    let a = s.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(s.len());
    let z = s.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(a, |p| p + 1);
    &s[a..z]
}

fn line_of(bytes: &[u8], offset: usize) -> usize {
    bytes[..offset].iter().filter(|b| **b == b'\n').count() + 1
}

/// Splits `bytes[start..]` into up to `parts` ranges ending at line breaks.
fn chunks(bytes: &[u8], start: usize, parts: usize) -> Vec<(usize, usize)> {
    let len = bytes.len() - start;
    let mut out = Vec::new();
    let mut a = start;
    for i in 1..=parts {
        let mut z = if i == parts { bytes.len() } else { start + len * i / parts };
        while z < bytes.len() && z > 0 && bytes[z - 1] != b'\n' {
            z += 1;
        }
        if z > a {
            out.push((a, z));
            a = z;
        }
    }
    out
}

fn fields(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|b: &u8| b.is_ascii_whitespace()).filter(|f| !f.is_empty())
}

fn parse_u64(f: &[u8], what: &str) -> Result<u64, String> {
    let text = || String::from_utf8_lossy(f);
    if f.is_empty() || !f.iter().all(u8::is_ascii_digit) {
        return Err(format!("expected {what} (a non-negative integer), got '{}'", text()));
    }
    // Leading zeros are padding; what is left must fit.
    f.iter()
        .try_fold(0u64, |a, d| a.checked_mul(10)?.checked_add(u64::from(d - b'0')))
        .ok_or_else(|| format!("{what} '{}' is too large", text()))
}

fn parse_weight(f: &[u8], real: bool) -> Result<i64, String> {
    if f.is_empty() {
        return Err("expected a weight, found nothing".into());
    }
    let s = std::str::from_utf8(f).map_err(|_| "expected a weight".to_string())?;
    if let Ok(v) = s.parse::<i64>() {
        return Ok(v);
    }
    match s.parse::<f64>() {
        Ok(v) if real && v.is_finite() && v.abs() < 9.2e18 => Ok(v.round() as i64),
        _ => Err(format!("expected an integer weight, got '{s}'")),
    }
}

/// Reads one data line: an edge, `None` for a line to skip, or an error.
type LineParser = dyn Fn(&[u8]) -> Result<Option<EdgeTriple>, String> + Sync;

/// Parses data lines of `bytes[start..]` in parallel with `line_fn`, which
/// returns `None` for lines to skip. Errors carry the byte offset of the line.
fn parse_lines(bytes: &[u8], start: usize, line_fn: &LineParser) -> ParseResult<Vec<EdgeTriple>> {
    let threads = crate::cores();
    let parts = if bytes.len() - start < 1 << 20 { 1 } else { threads * 4 };
    let ranges = chunks(bytes, start, parts);
    let results: Vec<Result<Vec<EdgeTriple>, (usize, String)>> = std::thread::scope(|s| {
        let handles: Vec<_> = ranges
            .iter()
            .map(|&(a, z)| {
                s.spawn(move || {
                    let mut out = Vec::with_capacity((z - a) / 8);
                    let mut pos = a;
                    for line in bytes[a..z].split(|b| *b == b'\n') {
                        match line_fn(line) {
                            Ok(Some(e)) => out.push(e),
                            Ok(None) => {}
                            Err(m) => return Err((pos, m)),
                        }
                        pos += line.len() + 1;
                    }
                    Ok(out)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err((0, "internal error while parsing".into()))))
            .collect()
    });
    let mut all = Vec::with_capacity(results.iter().map(|r| r.as_ref().map_or(0, |v| v.len())).sum());
    for r in results {
        match r {
            Ok(v) => all.extend(v),
            Err((pos, m)) => return Err((Some(line_of(bytes, pos)), m)),
        }
    }
    Ok(all)
}

fn check_node(id: u64, what: &str) -> Result<u32, String> {
    u32::try_from(id).ok().filter(|v| *v < u32::MAX).ok_or_else(|| format!("{what} {id} does not fit a 32-bit node id"))
}

fn parse_edge_list(bytes: &[u8]) -> ParseResult<(u32, Vec<EdgeTriple>, bool)> {
    // The first data line decides whether lines carry weights.
    let mut weighted = None;
    for line in bytes.split(|b| *b == b'\n') {
        let t = trim(line);
        if !t.is_empty() && t[0] != b'#' && t[0] != b'%' {
            weighted = Some(fields(t).count() == 3);
            break;
        }
    }
    let weighted = weighted.unwrap_or(false);
    let want = if weighted { 3 } else { 2 };
    let edges = parse_lines(bytes, 0, &move |line| {
        let t = trim(line);
        if t.is_empty() || t[0] == b'#' || t[0] == b'%' {
            return Ok(None);
        }
        let mut fs = fields(t);
        let s = check_node(parse_u64(fs.next().unwrap_or(b""), "a source node")?, "source node")?;
        let d = check_node(parse_u64(fs.next().unwrap_or(b""), "a destination node")?, "destination node")?;
        let w = if weighted { parse_weight(fs.next().unwrap_or(b""), false)? } else { 1 };
        if fs.next().is_some() {
            let shape = if weighted { "'src dst weight'" } else { "'src dst'" };
            return Err(format!("expected {want} fields ({shape}), found more"));
        }
        Ok(Some((s, d, w)))
    })?;
    let n = edges.iter().map(|e| e.0.max(e.1) as u64 + 1).max().unwrap_or(0);
    Ok((n as u32, edges, weighted))
}

/// Finds the first line that is not blank and not a comment; returns its number, text and the offset after it.
fn header_line<'a>(bytes: &'a [u8], from: usize, comment: &dyn Fn(&[u8]) -> bool) -> Option<(usize, &'a [u8], usize)> {
    let mut pos = from;
    while pos < bytes.len() {
        let end = bytes[pos..].iter().position(|b| *b == b'\n').map_or(bytes.len(), |i| pos + i);
        let t = trim(&bytes[pos..end]);
        if !t.is_empty() && !comment(t) {
            return Some((line_of(bytes, pos), t, (end + 1).min(bytes.len())));
        }
        pos = end + 1;
    }
    None
}

fn parse_dimacs(bytes: &[u8]) -> ParseResult<(u32, Vec<EdgeTriple>, bool)> {
    let is_comment = |t: &[u8]| t == b"c" || t.starts_with(b"c ") || t.starts_with(b"c\t");
    let Some((line, p, data)) = header_line(bytes, 0, &is_comment) else {
        return Err((None, "expected a problem line 'p sp NODES ARCS', found nothing".into()));
    };
    let fs: Vec<&[u8]> = fields(p).collect();
    if fs.len() != 4 || fs[0] != b"p" || fs[1] != b"sp" {
        return Err((
            Some(line),
            format!("expected a problem line 'p sp NODES ARCS', got '{}'", String::from_utf8_lossy(p)),
        ));
    }
    let n = parse_u64(fs[2], "the number of nodes").map_err(|m| (Some(line), m))?;
    let m = parse_u64(fs[3], "the number of arcs").map_err(|m| (Some(line), m))?;
    let n = check_node(n, "node count").map_err(|m| (Some(line), m))?;
    let edges = parse_lines(bytes, data, &move |l| {
        let t = trim(l);
        if t.is_empty() || is_comment(t) {
            return Ok(None);
        }
        let mut fs = fields(t);
        if fs.next() != Some(b"a") {
            return Err(format!("expected an arc line 'a SRC DST WEIGHT', got '{}'", String::from_utf8_lossy(t)));
        }
        let mut node = |expected: &str, what: &str| -> Result<u32, String> {
            let v = parse_u64(fs.next().unwrap_or(b""), expected)?;
            if v == 0 || v > u64::from(n) {
                return Err(format!("{what} {v} is out of range 1..{n}"));
            }
            Ok((v - 1) as u32)
        };
        let (s, d) = (node("a source node", "source node")?, node("a destination node", "destination node")?);
        let w = parse_weight(fs.next().unwrap_or(b""), false)?;
        if fs.next().is_some() {
            return Err("expected 'a SRC DST WEIGHT', found more fields".into());
        }
        Ok(Some((s, d, w)))
    })?;
    if edges.len() as u64 != m {
        return Err((Some(line), format!("the problem line announces {m} arcs, the file has {}", edges.len())));
    }
    Ok((n, edges, true))
}

fn parse_matrix_market(bytes: &[u8]) -> ParseResult<(u32, Vec<EdgeTriple>, bool)> {
    let end = bytes.iter().position(|b| *b == b'\n').unwrap_or(bytes.len());
    let banner = trim(&bytes[..end]);
    let fs: Vec<String> = fields(banner).map(|f| String::from_utf8_lossy(f).to_ascii_lowercase()).collect();
    if fs.len() != 5 || fs[0] != "%%matrixmarket" || fs[1] != "matrix" {
        return Err((Some(1), "expected '%%MatrixMarket matrix coordinate FIELD SYMMETRY'".into()));
    }
    if fs[2] != "coordinate" {
        return Err((Some(1), format!("only coordinate matrices are graphs, got '{}'", fs[2])));
    }
    let (weighted, real) = match fs[3].as_str() {
        "pattern" => (false, false),
        "integer" => (true, false),
        "real" | "double" => (true, true),
        other => return Err((Some(1), format!("unsupported field '{other}', expected pattern, integer or real"))),
    };
    let symmetric = match fs[4].as_str() {
        "general" => false,
        "symmetric" => true,
        other => return Err((Some(1), format!("unsupported symmetry '{other}', expected general or symmetric"))),
    };
    let is_comment = |t: &[u8]| t[0] == b'%';
    let Some((line, size, data)) = header_line(bytes, (end + 1).min(bytes.len()), &is_comment) else {
        return Err((None, "expected a size line 'ROWS COLS ENTRIES', found nothing".into()));
    };
    let sz: Vec<&[u8]> = fields(size).collect();
    if sz.len() != 3 {
        return Err((
            Some(line),
            format!("expected a size line 'ROWS COLS ENTRIES', got '{}'", String::from_utf8_lossy(size)),
        ));
    }
    let dims: Vec<u64> =
        sz.iter().map(|f| parse_u64(f, "a size")).collect::<Result<_, _>>().map_err(|m| (Some(line), m))?;
    let (rows, cols, nnz) = (dims[0], dims[1], dims[2]);
    let n = check_node(rows.max(cols), "matrix dimension").map_err(|m| (Some(line), m))?;
    let mut edges = parse_lines(bytes, data, &move |l| {
        let t = trim(l);
        if t.is_empty() || t[0] == b'%' {
            return Ok(None);
        }
        let mut fs = fields(t);
        let mut idx = |expected: &str, what: &str, max: u64| -> Result<u32, String> {
            let v = parse_u64(fs.next().unwrap_or(b""), expected)?;
            if v == 0 || v > max {
                return Err(format!("{what} {v} is out of range 1..{max}"));
            }
            Ok((v - 1) as u32)
        };
        let (s, d) = (idx("a row", "row", rows)?, idx("a column", "column", cols)?);
        let w = if weighted { parse_weight(fs.next().unwrap_or(b""), real)? } else { 1 };
        if fs.next().is_some() {
            return Err("too many fields in an entry".into());
        }
        Ok(Some((s, d, w)))
    })?;
    if edges.len() as u64 != nnz {
        return Err((Some(line), format!("the size line announces {nnz} entries, the file has {}", edges.len())));
    }
    if symmetric {
        symmetrize(&mut edges);
    }
    Ok((n, edges, weighted))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_str(text: &str, f: Option<Format>) -> Result<Graph, LoadError> {
        parse("t", text.as_bytes(), f, LoadOptions::default())
    }

    #[test]
    fn edge_lists() {
        let g = load_str("# c\n0 1\n1 2\n\n% x\n2 0\n", None).unwrap();
        assert_eq!((g.num_nodes(), g.num_edges(), g.is_weighted()), (3, 3, false));
        let g = load_str("0 1 5\n1 2 7\n", None).unwrap();
        assert!(g.is_weighted());
        assert_eq!(g.weight(1), 7);
        let e = load_str("0 1\n1 x\n", None).unwrap_err();
        assert_eq!(e.to_string(), "t:2: error: expected a destination node (a non-negative integer), got 'x'");
        let e = load_str("0 1\n1 2 3\n", None).unwrap_err();
        assert_eq!(e.line, Some(2));
        let g = load_str("00000000000000000001 00000000000000000002\n", None).unwrap();
        assert_eq!((g.num_nodes(), g.num_edges()), (3, 1));
        let e = load_str("0 99999999999999999999\n", None).unwrap_err();
        assert_eq!(e.to_string(), "t:1: error: a destination node '99999999999999999999' is too large");
    }

    #[test]
    fn dimacs() {
        let g = load_str("c x\np sp 3 2\na 1 2 4\na 3 1 9\n", None).unwrap();
        assert_eq!((g.num_nodes(), g.num_edges()), (3, 2));
        assert_eq!(g.dst(0), 1);
        let e = load_str("p sp 2 1\na 1 3 1\n", None).unwrap_err();
        assert!(e.message.contains("out of range"), "{e}");
        let e = load_str("p sp 2 2\na 1 2 1\n", None).unwrap_err();
        assert!(e.message.contains("announces 2 arcs"), "{e}");
    }

    #[test]
    fn matrix_market() {
        let text = "%%MatrixMarket matrix coordinate integer symmetric\n% c\n3 3 2\n2 1 5\n3 3 1\n";
        let g = load_str(text, None).unwrap();
        assert_eq!((g.num_nodes(), g.num_edges()), (3, 3));
        let e = load_str("%%MatrixMarket matrix array real general\n", None).unwrap_err();
        assert!(e.message.contains("coordinate"));
    }

    #[test]
    fn large_input_is_split_and_located() {
        let mut text = String::new();
        for i in 0..200_000u32 {
            text.push_str(&format!("{i} {}\n", i + 1));
        }
        text.push_str("5 five\n");
        let e = load_str(&text, Some(Format::EdgeList)).unwrap_err();
        assert_eq!(e.line, Some(200_001));
    }
}
