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
}

/// One edge as read or generated: source, destination, weight.
pub type EdgeTriple = (u32, u32, i64);

impl Graph {
    /// Builds a graph from edges; `weighted` keeps the weights.
    pub fn from_edges(num_nodes: u32, edges: Vec<EdgeTriple>, weighted: bool) -> Graph {
        let n = num_nodes as usize;
        // Counting sort by source, then sort each adjacency by destination and weight.
        let mut out_offsets = vec![0u64; n + 1];
        for &(s, _, _) in &edges {
            out_offsets[s as usize + 1] += 1;
        }
        for i in 0..n {
            out_offsets[i + 1] += out_offsets[i];
        }
        let mut fill = out_offsets.clone();
        let mut adj = vec![(0u32, 0i64); edges.len()];
        for (s, d, w) in edges {
            adj[fill[s as usize] as usize] = (d, w);
            fill[s as usize] += 1;
        }
        drop(fill);
        for v in 0..n {
            adj[out_offsets[v] as usize..out_offsets[v + 1] as usize].sort_unstable();
        }
        let dst: Vec<u32> = adj.iter().map(|e| e.0).collect();
        let weights = weighted.then(|| adj.iter().map(|e| e.1).collect());
        drop(adj);
        let mut src = vec![0u32; dst.len()];
        for v in 0..n {
            src[out_offsets[v] as usize..out_offsets[v + 1] as usize].fill(v as u32);
        }
        let mut in_offsets = vec![0u64; n + 1];
        for &d in &dst {
            in_offsets[d as usize + 1] += 1;
        }
        for i in 0..n {
            in_offsets[i + 1] += in_offsets[i];
        }
        let mut fill = in_offsets.clone();
        let mut in_edges = vec![0u64; dst.len()];
        for (e, &d) in dst.iter().enumerate() {
            in_edges[fill[d as usize] as usize] = e as u64;
            fill[d as usize] += 1;
        }
        Graph { num_nodes, out_offsets, dst, src, weights, in_offsets, in_edges }
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
    /// Raw arrays for code generators: out offsets, destinations, sources, weights, in offsets, in-edge numbers.
    pub fn arrays(&self) -> (&[u64], &[u32], &[u32], Option<&[i64]>, &[u64], &[u64]) {
        (&self.out_offsets, &self.dst, &self.src, self.weights.as_deref(), &self.in_offsets, &self.in_edges)
    }
    /// Every edge as a triple, in edge order.
    pub fn edges(&self) -> impl Iterator<Item = EdgeTriple> + '_ {
        (0..self.num_edges()).map(|e| (self.src(e), self.dst(e), self.weight(e)))
    }
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
    fn simplify_keeps_smallest_weight() {
        let mut es = vec![(0, 1, 9), (1, 1, 1), (0, 1, 4), (1, 0, 2)];
        simplify(&mut es);
        assert_eq!(es, vec![(0, 1, 4), (1, 0, 2)]);
        symmetrize(&mut es);
        assert_eq!(es.len(), 4);
    }
}
