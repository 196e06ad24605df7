//! The in-memory graph: compressed sparse rows for out-edges, and for
//! in-edges an index into the same edge numbering.
//!
//! Edges are numbered `0..m` in order of source, then destination, then
//! weight; node ids are `u32`, edge offsets `u64`.

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

/// Refuses a graph whose node ids do not fit 32 bits, or whose edge list and
/// arrays cannot be allocated (about 48 bytes an edge and 16 a node at the
/// peak of building it), with a message instead of an abort when an
/// allocation fails later.
pub fn check_fits(nodes: u64, edges: u64) -> Result<(), String> {
    if nodes >= u64::from(u32::MAX) {
        return Err(format!("a graph of {nodes} nodes is too large: node ids are 32-bit (at most {})", u32::MAX - 1));
    }
    let need = edges.saturating_mul(48).saturating_add(nodes.saturating_add(1).saturating_mul(16));
    let fits = usize::try_from(need).is_ok_and(|bytes| Vec::<u8>::new().try_reserve_exact(bytes).is_ok());
    if !fits {
        return Err(format!(
            "a graph of {nodes} nodes and {edges} edges does not fit in memory (building it needs about {:.1} GB)",
            need as f64 / 1e9
        ));
    }
    Ok(())
}

/// One edge as read or generated: source, destination, weight.
pub type EdgeTriple = (u32, u32, i64);

impl Graph {
    /// Builds a graph from edges; `weighted` keeps the weights.
    pub fn from_edges(num_nodes: u32, edges: Vec<EdgeTriple>, weighted: bool) -> Graph {
        let n = num_nodes as usize;
        // Group the edges by source with a radix sort (sequential passes over
        // the data, unlike a direct scatter), then sort each adjacency by
        // destination and weight.
        let edges = radix_sort_by_key(edges, num_nodes, |e| e.0);
        let out_offsets = offsets(n, edges.iter().map(|e| e.0));
        let mut adj: Vec<(u32, i64)> = edges.iter().map(|e| (e.1, e.2)).collect();
        let src: Vec<u32> = edges.into_iter().map(|e| e.0).collect();
        for v in 0..n {
            adj[out_offsets[v] as usize..out_offsets[v + 1] as usize].sort_unstable();
        }
        let dst: Vec<u32> = adj.iter().map(|e| e.0).collect();
        let weights = weighted.then(|| adj.iter().map(|e| e.1).collect());
        drop(adj);
        // In-edges: edge numbers grouped by destination; the sort is stable,
        // so each group stays ordered by source.
        let by_dst =
            radix_sort_by_key(dst.iter().enumerate().map(|(e, d)| (*d, e as u64)).collect(), num_nodes, |p| p.0);
        let in_offsets = offsets(n, by_dst.iter().map(|p| p.0));
        let in_edges: Vec<u64> = by_dst.into_iter().map(|p| p.1).collect();
        // Each node's in-sources are sorted as its out-targets are: the
        // lists are equal exactly when they hold the same neighbours.
        let symmetric = out_offsets == in_offsets && in_edges.iter().zip(&dst).all(|(e, d)| src[*e as usize] == *d);
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
    for i in 0..n {
        let (s, d, w) = edges[i];
        if s != d {
            edges.push((d, s, w));
        }
    }
}

/// Drops self-loops and merges parallel edges, keeping the smallest weight.
pub fn simplify(edges: &mut Vec<EdgeTriple>) {
    edges.retain(|e| e.0 != e.1);
    edges.sort_unstable();
    edges.dedup_by(|b, a| a.0 == b.0 && a.1 == b.1);
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

/// Stable least-significant-digit radix sort by a key below `bound`, in
/// passes of at most 12 bits.
fn radix_sort_by_key<T: Copy>(mut v: Vec<T>, bound: u32, key: impl Fn(&T) -> u32) -> Vec<T> {
    let bits = 32 - bound.saturating_sub(1).leading_zeros();
    if bits == 0 || v.len() < 2 {
        return v;
    }
    let passes = bits.div_ceil(12);
    let width = bits.div_ceil(passes);
    let mask = (1u32 << width) - 1;
    let mut out = v.clone();
    for p in 0..passes {
        let shift = p * width;
        let mut starts = vec![0usize; (mask as usize) + 2];
        for x in &v {
            starts[((key(x) >> shift) & mask) as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        for x in &v {
            let b = ((key(x) >> shift) & mask) as usize;
            out[starts[b]] = *x;
            starts[b] += 1;
        }
        std::mem::swap(&mut v, &mut out);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_in_and_out_edges() {
        let g = Graph::from_edges(3, vec![(2, 0, 5), (0, 1, 1), (0, 2, 3), (1, 2, 2), (0, 1, 7)], true);
        assert_eq!(g.num_edges(), 5);
        assert_eq!(g.out_degree(0), 3);
        assert_eq!(g.in_degree(2), 2);
        let ins: Vec<u32> = g.in_edges(2).iter().map(|e| g.src(*e)).collect();
        assert_eq!(ins, vec![0, 1]);
        assert!(g.has_edge(2, 0) && !g.has_edge(0, 0));
    }

    #[test]
    fn symmetric_when_every_edge_has_its_reverse_as_often() {
        let sym = |es: Vec<EdgeTriple>| Graph::from_edges(3, es, true).is_symmetric();
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
        let mut es = vec![(0, 1, 9), (1, 1, 1), (0, 1, 4), (1, 0, 2)];
        simplify(&mut es);
        assert_eq!(es, vec![(0, 1, 4), (1, 0, 2)]);
        symmetrize(&mut es);
        assert_eq!(es.len(), 4);
    }
}
