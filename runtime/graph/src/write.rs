//! Writing graphs: as text edge lists (`.el`, `.wel`), Matrix Market
//! (`.mtx`), or the binary format (`.sgb`) that every tool reads without
//! parsing text.
//!
//! The binary format, little-endian throughout:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic `SGRAPH01` |
//! | 8 | the node count |
//! | 8 | the edge count `m` |
//! | 8 | flags: bit 0 set when the edges carry weights |
//! | 8 | FNV-1a (64-bit) of the bytes that follow |
//! | 4 `m` | each edge's source (`u32`), in the graph's edge order |
//! | 4 `m` | each edge's destination (`u32`) |
//! | 8 `m` | each edge's weight (`i64`), only with weights |
//!
//! Reading it gives the edges back in their order, so a graph written and
//! read again numbers its edges as before; `--symmetrize` and `--simplify`
//! apply on reading as for any file.

use std::fmt::Write as _;

use crate::csr::{EdgeTriple, Graph};

/// The first bytes of a binary graph file.
pub const MAGIC: &[u8; 8] = b"SGRAPH01";

/// The bytes before the edges: magic, nodes, edges, flags, checksum.
const HEADER: usize = 40;

/// The 64-bit FNV-1a hash of `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

/// `g` in the binary format.
pub fn binary(g: &Graph) -> Vec<u8> {
    // The graph's own arrays are in edge order already.
    let arrays = g.arrays();
    let m = arrays.targets.len();
    let weighted = arrays.weights.is_some();
    let mut payload = Vec::with_capacity(m * if weighted { 16 } else { 8 });
    arrays.sources.iter().for_each(|s| payload.extend_from_slice(&s.to_le_bytes()));
    arrays.targets.iter().for_each(|d| payload.extend_from_slice(&d.to_le_bytes()));
    arrays.weights.unwrap_or_default().iter().for_each(|w| payload.extend_from_slice(&w.to_le_bytes()));
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(MAGIC);
    for word in [u64::from(g.num_nodes()), m as u64, u64::from(weighted), fnv1a(&payload)] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(&payload);
    out
}

/// Reads a binary graph: its node count, edges and whether they carry
/// weights; an error says what is wrong with the file.
pub fn read_binary(bytes: &[u8]) -> Result<(u32, Vec<EdgeTriple>, bool), String> {
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(format!(
            "not a binary graph file (it starts with the {} bytes of 'SGRAPH01' and a header)",
            HEADER
        ));
    }
    let word = |i: usize| u64::from_le_bytes(bytes[8 + 8 * i..16 + 8 * i].try_into().expect("eight bytes"));
    let (nodes, edges, flags, checksum) = (word(0), word(1), word(2), word(3));
    if flags > 1 {
        return Err(format!("unknown flags {flags:#x} in the header"));
    }
    let n = u32::try_from(nodes)
        .ok()
        .filter(|n| *n < u32::MAX)
        .ok_or_else(|| format!("a graph of {nodes} nodes is too large: node ids are 32-bit (at most 4294967294)"))?;
    let weighted = flags == 1;
    let each: u64 = if weighted { 16 } else { 8 };
    let payload = &bytes[HEADER..];
    if edges.checked_mul(each) != Some(payload.len() as u64) {
        return Err(format!(
            "the header says {edges} edges ({} bytes of them), the file holds {} bytes after the header: it is cut short or corrupt",
            edges.saturating_mul(each),
            payload.len()
        ));
    }
    if fnv1a(payload) != checksum {
        return Err("the checksum does not match the edges: the file is corrupt".into());
    }
    let m = edges as usize;
    let u32_at = |base: usize, i: usize| {
        u32::from_le_bytes(payload[base + 4 * i..base + 4 * i + 4].try_into().expect("four bytes"))
    };
    let mut out = Vec::new();
    out.try_reserve_exact(m).map_err(|_| format!("a graph of {edges} edges does not fit in memory"))?;
    for i in 0..m {
        let (s, d) = (u32_at(0, i), u32_at(4 * m, i));
        if s >= n || d >= n {
            return Err(format!("edge {i} ({s} -> {d}) names a node beyond the {n} nodes"));
        }
        let w = if weighted {
            i64::from_le_bytes(payload[8 * m + 8 * i..8 * m + 8 * i + 8].try_into().expect("eight bytes"))
        } else {
            1
        };
        out.push((s, d, w));
    }
    Ok((n, out, weighted))
}

/// `g` as an edge list: `src dst` a line (with `weights`, `src dst
/// weight`), 0-based, after a comment line giving the node count.
pub fn edge_list(g: &Graph, weights: bool) -> String {
    let mut out = format!("# {} nodes, {} edges\n", g.num_nodes(), g.num_edges());
    for (s, d, w) in g.edges() {
        let _ = if weights { writeln!(out, "{s} {d} {w}") } else { writeln!(out, "{s} {d}") };
    }
    out
}

/// `g` as a Matrix Market coordinate file: `integer` entries (the weights)
/// or `pattern` ones, `general`, 1-based.
pub fn matrix_market(g: &Graph) -> String {
    let field = if g.is_weighted() { "integer" } else { "pattern" };
    let n = g.num_nodes();
    let mut out = format!("%%MatrixMarket matrix coordinate {field} general\n{n} {n} {}\n", g.num_edges());
    for (s, d, w) in g.edges() {
        let _ = if g.is_weighted() {
            writeln!(out, "{} {} {w}", s + 1, d + 1)
        } else {
            writeln!(out, "{} {}", s + 1, d + 1)
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::{parse, Format, LoadOptions};

    fn sample(weighted: bool) -> Graph {
        Graph::from_edges(5, vec![(0, 1, 7), (1, 2, -3), (3, 1, 2), (1, 2, 9), (4, 4, 1)], weighted, false)
    }

    fn same(a: &Graph, b: &Graph) {
        assert_eq!((a.num_nodes(), a.is_weighted()), (b.num_nodes(), b.is_weighted()));
        assert_eq!(a.edges().collect::<Vec<_>>(), b.edges().collect::<Vec<_>>());
    }

    #[test]
    fn every_written_form_reads_back_as_the_same_graph() {
        for weighted in [false, true] {
            let g = sample(weighted);
            let opts = LoadOptions::default();
            same(&g, &parse("g.sgb", &binary(&g), None, opts).expect("binary"));
            same(&g, &parse("g.mtx", matrix_market(&g).as_bytes(), Some(Format::MatrixMarket), opts).expect("mtx"));
            let text = edge_list(&g, weighted);
            let back = parse("g.el", text.as_bytes(), Some(Format::EdgeList), opts).expect("el");
            assert_eq!(back.edges().collect::<Vec<_>>(), g.edges().collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_damaged_binary_file_is_refused() {
        let bytes = binary(&sample(true));
        assert!(read_binary(&bytes[..bytes.len() - 1]).unwrap_err().contains("cut short or corrupt"));
        let mut flipped = bytes.clone();
        *flipped.last_mut().expect("bytes") ^= 1;
        assert!(read_binary(&flipped).unwrap_err().contains("checksum"));
        assert!(read_binary(b"SGRAPH0").unwrap_err().contains("not a binary graph file"));
        let mut far = binary(&sample(false));
        far[HEADER..HEADER + 4].copy_from_slice(&9u32.to_le_bytes());
        let sum = fnv1a(&far[HEADER..]);
        far[32..40].copy_from_slice(&sum.to_le_bytes());
        assert!(read_binary(&far).unwrap_err().contains("beyond the 5 nodes"));
    }
}
