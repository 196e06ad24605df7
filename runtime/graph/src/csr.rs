//! The in-memory graph: compressed sparse rows for out-edges, and for
//! in-edges an index into the same edge numbering.
//!
//! Edges are numbered `0..m` in order of source, then destination, then
//! weight; node ids are `u32`, edge offsets `u64`.

use crate::on_shares;
use crate::sort::{map_ranges, sort_by_node};

/// A directed graph with optional integer weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    num_nodes: u32,
    /// `out_offsets[v]..out_offsets[v + 1]` are the out-edges of `v`.
    out_offsets: Vec<u64>,
    /// Destination of each edge.
    dst: Vec<u32>,
    /// Source of each edge.
    src: Vec<u32>,
    /// Weight of each edge, when the graph has weights.
    weights: Option<Vec<i64>>,
    /// `in_offsets[v]..in_offsets[v + 1]` index `in_edges`.
    in_offsets: Vec<u64>,
    /// Edge numbers of in-edges, grouped by destination, ordered by source.
    in_edges: Vec<u64>,
    /// Whether every node's out-neighbours are its in-neighbours.
    symmetric: bool,
}

/// Why a graph cannot be built.
#[derive(Clone, Debug, PartialEq)]
pub enum SizeError {
    /// More nodes than 32-bit ids number.
    NodeIds {
        /// The nodes.
        nodes: u64,
    },
    /// Building it needs more memory than can be had.
    Memory {
        /// The nodes.
        nodes: u64,
        /// The edges.
        edges: u64,
        /// The bytes building it needs, about.
        bytes: u64,
    },
}

impl std::fmt::Display for SizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SizeError::NodeIds { nodes } => {
                write!(f, "a graph of {nodes} nodes is too large: node ids are 32-bit (at most {})", u32::MAX - 1)
            }
            SizeError::Memory { nodes, edges, bytes } => write!(
                f,
                "a graph of {nodes} nodes and {edges} edges does not fit in memory (building it needs about {:.1} GB)",
                *bytes as f64 / 1e9
            ),
        }
    }
}

impl std::error::Error for SizeError {}

/// Refuses a graph whose node ids do not fit 32 bits, or whose edge list and
/// arrays cannot be allocated (about 48 bytes an edge and 16 a node at the
/// peak of building it), with a message instead of an abort when an
/// allocation fails later.
pub fn check_fits(nodes: u64, edges: u64) -> Result<(), SizeError> {
    if nodes >= u64::from(u32::MAX) {
        return Err(SizeError::NodeIds { nodes });
    }
    let need = edges.saturating_mul(48).saturating_add(nodes.saturating_add(1).saturating_mul(16));
    let fits = usize::try_from(need).is_ok_and(|bytes| Vec::<u8>::new().try_reserve_exact(bytes).is_ok());
    if !fits {
        return Err(SizeError::Memory { nodes, edges, bytes: need });
    }
    Ok(())
}

/// One edge as read or generated: source, destination, weight.
pub type EdgeTriple = (u32, u32, i64);

impl Graph {
    /// Builds a graph from edges; `weighted` keeps the weights, and
    /// `simplify` drops self-loops and merges parallel edges, keeping the
    /// smallest weight. Sorts on all cores.
    pub fn from_edges(num_nodes: u32, edges: Vec<EdgeTriple>, weighted: bool, simplify: bool) -> Graph {
        let n = num_nodes as usize;
        // By source, then destination and weight: the edges' numbering.
        let by_src = sort_by_node(
            edges,
            num_nodes,
            |e| e.0,
            |range| {
                if simplify {
                    range.retain(|e| e.0 != e.1);
                    range.dedup_by(|b, a| a.0 == b.0 && a.1 == b.1);
                }
            },
        );
        let out_offsets = offsets(n, by_src.iter().flatten().map(|e| e.0));
        let src = map_ranges(&by_src, |e| e.0);
        let dst = map_ranges(&by_src, |e| e.1);
        let weights = weighted.then(|| map_ranges(&by_src, |e| e.2));
        drop(by_src);
        // In-edges: edge numbers by destination, then number, so each
        // group is ordered by source.
        let by_dst =
            sort_by_node(dst.iter().enumerate().map(|(e, d)| (*d, e as u64)).collect(), num_nodes, |p| p.0, |_| {});
        let in_offsets = offsets(n, by_dst.iter().flatten().map(|p| p.0));
        let in_edges = map_ranges(&by_dst, |p| p.1);
        drop(by_dst);
        // Each node's in-sources are sorted as its out-targets are: the
        // lists are equal exactly when they hold the same neighbours.
        let symmetric = out_offsets == in_offsets && mirrored(&in_edges, &dst, &src);
        Graph { num_nodes, out_offsets, dst, src, weights, in_offsets, in_edges, symmetric }
    }

    /// Number of nodes.
    pub fn num_nodes(&self) -> u32 {
        self.num_nodes
    }
    /// Number of edges.
    pub fn num_edges(&self) -> u64 {
        self.dst.len() as u64
    }
    /// Whether edges carry weights.
    pub fn is_weighted(&self) -> bool {
        self.weights.is_some()
    }
    /// The edge numbers of the out-edges of `v`.
    pub fn out_edges(&self, v: u32) -> std::ops::Range<u64> {
        self.out_offsets[v as usize]..self.out_offsets[v as usize + 1]
    }
    /// The edge numbers of the in-edges of `v`, by source.
    pub fn in_edges(&self, v: u32) -> &[u64] {
        &self.in_edges[self.in_offsets[v as usize] as usize..self.in_offsets[v as usize + 1] as usize]
    }
    /// Out-degree.
    pub fn out_degree(&self, v: u32) -> u64 {
        self.out_offsets[v as usize + 1] - self.out_offsets[v as usize]
    }
    /// In-degree.
    pub fn in_degree(&self, v: u32) -> u64 {
        self.in_offsets[v as usize + 1] - self.in_offsets[v as usize]
    }
    /// The most edges of one node, out or in (0 in an empty graph).
    pub fn largest_degree(&self) -> u64 {
        let most = |offsets: &[u64]| offsets.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
        most(&self.out_offsets).max(most(&self.in_offsets))
    }
    /// Whether the graph is symmetric: every node's out-neighbours are its
    /// in-neighbours, each as often (an edge `u -> v` for every `v -> u`,
    /// whatever their weights), as a graph read as undirected is.
    pub fn is_symmetric(&self) -> bool {
        self.symmetric
    }
    /// The node with the most out-edges, the lowest-numbered among ties (0
    /// in an empty graph): a traversal source that reaches much of the graph.
    pub fn hub(&self) -> u32 {
        (0..self.num_nodes()).max_by_key(|v| (self.out_degree(*v), std::cmp::Reverse(*v))).unwrap_or(0)
    }
    /// Source of an edge.
    pub fn src(&self, e: u64) -> u32 {
        self.src[e as usize]
    }
    /// Destination of an edge.
    pub fn dst(&self, e: u64) -> u32 {
        self.dst[e as usize]
    }
    /// Weight of an edge; 1 in an unweighted graph.
    pub fn weight(&self, e: u64) -> i64 {
        self.weights.as_ref().map_or(1, |w| w[e as usize])
    }
    /// Whether an edge `u -> v` exists (binary search in `u`'s sorted out-edges).
    pub fn has_edge(&self, u: u32, v: u32) -> bool {
        let r = self.out_edges(u);
        self.dst[r.start as usize..r.end as usize].binary_search(&v).is_ok()
    }
    /// The raw arrays, for code that lays the graph out for compiled programs.
    pub fn arrays(&self) -> CsrArrays<'_> {
        CsrArrays {
            out_offsets: &self.out_offsets,
            targets: &self.dst,
            sources: &self.src,
            weights: self.weights.as_deref(),
            in_offsets: &self.in_offsets,
            in_edges: &self.in_edges,
        }
    }
    /// Every edge as a triple, in edge order.
    pub fn edges(&self) -> impl Iterator<Item = EdgeTriple> + '_ {
        (0..self.num_edges()).map(|e| (self.src(e), self.dst(e), self.weight(e)))
    }
}

/// A graph's raw arrays (see [`Graph::arrays`]).
#[derive(Clone, Copy, Debug)]
pub struct CsrArrays<'a> {
    /// CSR offsets of each node's out-edges (`num_nodes + 1`).
    pub out_offsets: &'a [u64],
    /// Target of each edge, in edge order.
    pub targets: &'a [u32],
    /// Source of each edge, in edge order.
    pub sources: &'a [u32],
    /// Weight of each edge, for a weighted graph.
    pub weights: Option<&'a [i64]>,
    /// CSC offsets of each node's in-edges (`num_nodes + 1`).
    pub in_offsets: &'a [u64],
    /// Edge number of each in-edge, in CSC order.
    pub in_edges: &'a [u64],
}

/// Adds the reverse of every edge that is not a self-loop.
pub fn symmetrize(edges: &mut Vec<EdgeTriple>) {
    let n = edges.len();
    edges.reserve(n);
    for i in 0..n {
        let (s, d, w) = edges[i];
        if s != d {
            edges.push((d, s, w));
        }
    }
}

/// Whether the source of the `i`-th in-edge is the destination of edge `i`
/// for every `i`; checked on all cores.
fn mirrored(in_edges: &[u64], dst: &[u32], src: &[u32]) -> bool {
    let share = in_edges.len().div_ceil(crate::cores());
    on_shares(in_edges, share, |k, es| es.iter().zip(&dst[k * share..]).all(|(e, d)| src[*e as usize] == *d))
        .into_iter()
        .all(|m| m)
}

/// Offsets of a counting sort of `n` buckets: bucket `k` spans `o[k]..o[k + 1]`.
fn offsets(n: usize, keys: impl Iterator<Item = u32>) -> Vec<u64> {
    let mut o = vec![0u64; n + 1];
    for k in keys {
        o[k as usize + 1] += 1;
    }
    for i in 0..n {
        o[i + 1] += o[i];
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_in_and_out_edges() {
        let g = Graph::from_edges(3, vec![(2, 0, 5), (0, 1, 1), (0, 2, 3), (1, 2, 2), (0, 1, 7)], true, false);
        assert_eq!(g.num_edges(), 5);
        assert_eq!(g.out_degree(0), 3);
        assert_eq!(g.in_degree(2), 2);
        let ins: Vec<u32> = g.in_edges(2).iter().map(|e| g.src(*e)).collect();
        assert_eq!(ins, vec![0, 1]);
        assert!(g.has_edge(2, 0) && !g.has_edge(0, 0));
        assert_eq!(g.largest_degree(), 3);
        // The most in-edges can be more than the most out-edges.
        let star = Graph::from_edges(4, vec![(1, 0, 1), (2, 0, 1), (3, 0, 1)], false, false);
        assert_eq!(star.largest_degree(), 3);
        assert_eq!(Graph::from_edges(0, vec![], false, false).largest_degree(), 0);
    }

    #[test]
    fn symmetric_when_every_edge_has_its_reverse_as_often() {
        let sym = |es: Vec<EdgeTriple>| Graph::from_edges(3, es, true, false).is_symmetric();
        assert!(sym(vec![]));
        assert!(sym(vec![(0, 1, 5), (1, 0, 7), (1, 1, 1), (2, 0, 1), (0, 2, 1)]));
        assert!(!sym(vec![(0, 1, 5), (1, 0, 7), (1, 2, 1)]));
        // Same degrees everywhere, other neighbours: a directed cycle.
        assert!(!sym(vec![(0, 1, 1), (1, 2, 1), (2, 0, 1)]));
        // A parallel edge needs a parallel reverse.
        assert!(!sym(vec![(0, 1, 1), (0, 1, 1), (1, 0, 1), (0, 2, 1), (2, 0, 1), (2, 1, 1)]));
        assert!(sym(vec![(0, 1, 1), (0, 1, 2), (1, 0, 1), (1, 0, 3)]));
        let mut es = vec![(0, 1, 1), (1, 2, 1), (2, 2, 1)];
        symmetrize(&mut es);
        assert!(sym(es));
    }

    #[test]
    fn simplify_keeps_smallest_weight() {
        let es = vec![(0, 1, 9), (1, 1, 1), (0, 1, 4), (1, 0, 2)];
        let g = Graph::from_edges(2, es.clone(), true, true);
        assert_eq!(g.edges().collect::<Vec<_>>(), vec![(0, 1, 4), (1, 0, 2)]);
        assert!(g.is_symmetric());
        assert_eq!(Graph::from_edges(2, es, true, false).num_edges(), 4);
    }

    #[test]
    fn numbered_by_source_destination_and_weight_on_all_cores() {
        let (n, mut es, _) = crate::generate::kronecker(12, 16, 5, true);
        symmetrize(&mut es);
        for simplify in [false, true] {
            let mut expected = es.clone();
            expected.sort_unstable();
            if simplify {
                expected.retain(|e| e.0 != e.1);
                expected.dedup_by(|b, a| a.0 == b.0 && a.1 == b.1);
            }
            let g = Graph::from_edges(n, es.clone(), true, simplify);
            assert_eq!(g.edges().collect::<Vec<_>>(), expected);
            assert!(g.is_symmetric());
            for v in 0..n {
                let ins: Vec<u32> = g.in_edges(v).iter().map(|e| g.src(*e)).collect();
                assert!(ins.windows(2).all(|w| w[0] <= w[1]));
                assert!(g.in_edges(v).iter().all(|e| g.dst(*e) == v));
            }
        }
    }
}
