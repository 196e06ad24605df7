//! The nodes of a graph ordered by degree, for loops that hand out nodes so
//! that the lists walked side by side are about as long (`order = "degree"`
//! in `docs/dialects/sched.md`).

/// Every node `0..offsets.len() - 1`, from the fewest entries to the most
/// (`offsets[v + 1] - offsets[v]`), ties in node order: a counting sort of
/// the degrees below the number of nodes (linear time and memory), then a
/// sort of the few nodes with more.
pub fn nodes_by_degree(offsets: &[u64]) -> Vec<u32> {
    let n = offsets.len().saturating_sub(1);
    let degree = |v: usize| offsets[v + 1] - offsets[v];
    let bucket = |v: usize| degree(v).min(n as u64) as usize;
    // Where each bucket's nodes start.
    let mut start = vec![0usize; n + 2];
    for v in 0..n {
        start[bucket(v) + 1] += 1;
    }
    for d in 1..start.len() {
        start[d] += start[d - 1];
    }
    let long = start[n];
    let mut order = vec![0u32; n];
    for v in 0..n {
        let b = bucket(v);
        order[start[b]] = v as u32;
        start[b] += 1;
    }
    order[long..].sort_by_key(|v| degree(*v as usize));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_come_by_degree_then_number() {
        // Degrees 2, 0, 3, 0, 2.
        assert_eq!(nodes_by_degree(&[0, 2, 2, 5, 5, 7]), vec![1, 3, 0, 4, 2]);
        // More entries than nodes: 5, 3, 0.
        assert_eq!(nodes_by_degree(&[0, 5, 8, 8]), vec![2, 1, 0]);
        assert_eq!(nodes_by_degree(&[0, 4, 8]), vec![0, 1]);
        assert_eq!(nodes_by_degree(&[0]), Vec::<u32>::new());
        assert_eq!(nodes_by_degree(&[]), Vec::<u32>::new());
    }
}
