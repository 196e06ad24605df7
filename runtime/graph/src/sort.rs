//! Sorting edges by node on all cores: each core deals its share of the
//! items into ranges of nodes, and each range is then sorted on its own, by
//! a counting sort on the node and a sort of each node's items.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::on_shares;

/// Items a core takes at the least; fewer are sorted on one core.
const MIN_SHARE: usize = 1 << 16;

/// Most coarse bins of nodes that the ranges are cut from.
const MAX_BINS: u32 = 1 << 16;

/// Sorts `items` by the node `key` gives (below `nodes`), then by the whole
/// item, and applies `finish` to each range of nodes once sorted (it may
/// drop items, but only on the range's own terms). Returns the ranges in
/// order of nodes: their concatenation is the sorted sequence. Each range
/// holds about as many items; one node's items are never split.
pub fn sort_by_node<T, K, F>(items: Vec<T>, nodes: u32, key: K, finish: F) -> Vec<Vec<T>>
where
    T: Ord + Copy + Send + Sync,
    K: Fn(&T) -> u32 + Sync,
    F: Fn(&mut Vec<T>) + Sync,
{
    let cores = crate::cores();
    sort_on(cores, items, nodes, key, finish)
}

/// `sort_by_node` on at most `cores` cores.
fn sort_on<T, K, F>(cores: usize, items: Vec<T>, nodes: u32, key: K, finish: F) -> Vec<Vec<T>>
where
    T: Ord + Copy + Send + Sync,
    K: Fn(&T) -> u32 + Sync,
    F: Fn(&mut Vec<T>) + Sync,
{
    let cores = cores.min(items.len() / MIN_SHARE).max(1);
    if cores == 1 {
        return vec![sort_range(&[&items], &key, &finish)];
    }
    // Coarse bins of 2^shift nodes, counted by each core over its share.
    let shift = (32 - (nodes.saturating_sub(1) / MAX_BINS).leading_zeros()).min(31);
    let bins = ((nodes.saturating_sub(1) >> shift) + 1) as usize;
    let bin = |x: &T| (key(x) >> shift) as usize;
    let share = items.len().div_ceil(cores);
    let counts: Vec<Vec<usize>> = on_shares(&items, share, |_, part| {
        let mut c = vec![0usize; bins];
        part.iter().for_each(|x| c[bin(x)] += 1);
        c
    });
    // Ranges of whole bins, cut where the running count passes each
    // range's even share of the items.
    let ranges = cores * 4;
    let mut range_of_bin = vec![0usize; bins];
    let mut seen = 0usize;
    for (b, r) in range_of_bin.iter_mut().enumerate() {
        *r = (seen * ranges / items.len()).min(ranges - 1);
        seen += counts.iter().map(|c| c[b]).sum::<usize>();
    }
    // Each core deals its share into the ranges, keeping the order of its items.
    let dealt: Vec<Vec<Vec<T>>> = on_shares(&items, share, |k, part| {
        let mut sizes = vec![0usize; ranges];
        counts[k].iter().zip(&range_of_bin).for_each(|(n, r)| sizes[*r] += n);
        let mut out: Vec<Vec<T>> = sizes.into_iter().map(Vec::with_capacity).collect();
        part.iter().for_each(|x| out[range_of_bin[bin(x)]].push(*x));
        out
    });
    drop(items);
    // Each range gathered from the cores' deals, sorted and finished; the
    // cores take the ranges as they come free.
    let next = AtomicUsize::new(0);
    let mut sorted: Vec<(usize, Vec<T>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..cores)
            .map(|_| {
                let (next, dealt, key, finish) = (&next, &dealt, &key, &finish);
                s.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let r = next.fetch_add(1, Ordering::Relaxed);
                        if r >= ranges {
                            return done;
                        }
                        let parts: Vec<&[T]> = dealt.iter().map(|d| d[r].as_slice()).collect();
                        done.push((r, sort_range(&parts, key, finish)));
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a sorting thread panicked")).collect()
    });
    sorted.sort_unstable_by_key(|(r, _)| *r);
    sorted.into_iter().map(|(_, range)| range).collect()
}

/// `f` of every item of the ranges, in order, in one vector; the ranges are
/// mapped on all cores.
pub fn map_ranges<T: Sync, U: Copy + Default + Send>(ranges: &[Vec<T>], f: impl Fn(&T) -> U + Sync) -> Vec<U> {
    let mut out = vec![U::default(); ranges.iter().map(Vec::len).sum()];
    let cores = crate::cores();
    let per_core = ranges.len().div_ceil(cores).max(1);
    std::thread::scope(|s| {
        let mut rest = out.as_mut_slice();
        for group in ranges.chunks(per_core) {
            let (mine, later) = rest.split_at_mut(group.iter().map(Vec::len).sum());
            rest = later;
            let f = &f;
            s.spawn(move || mine.iter_mut().zip(group.iter().flatten()).for_each(|(o, x)| *o = f(x)));
        }
    });
    out
}

/// The items of `parts` sorted and finished: a counting sort by node (the
/// items of a node keep their order in `parts`), then each node's items
/// sorted (linear where they come in order already).
fn sort_range<T: Ord + Copy>(parts: &[&[T]], key: impl Fn(&T) -> u32, finish: impl Fn(&mut Vec<T>)) -> Vec<T> {
    let items = || parts.iter().flat_map(|p| p.iter());
    let Some((lo, hi)) =
        items().map(&key).fold(None, |b, k| Some(b.map_or((k, k), |(l, h): (u32, u32)| (l.min(k), h.max(k)))))
    else {
        return Vec::new();
    };
    // Where each node's next item goes: its first place, then past its last.
    let mut place = vec![0usize; (hi - lo) as usize + 2];
    items().for_each(|x| place[(key(x) - lo) as usize + 1] += 1);
    for i in 1..place.len() {
        place[i] += place[i - 1];
    }
    let mut sorted: Vec<T> = parts.concat();
    for x in items() {
        let k = (key(x) - lo) as usize;
        sorted[place[k]] = *x;
        place[k] += 1;
    }
    // Node k's items now end at place[k], where node k + 1's begin.
    let mut start = 0;
    for end in &place[..place.len() - 1] {
        sorted[start..*end].sort_unstable();
        start = *end;
    }
    finish(&mut sorted);
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Rng;

    #[test]
    fn sorts_as_one_sort_on_any_number_of_items() {
        let mut rng = Rng::new(7);
        let cases =
            [(0, 1, 4), (10, 3, 4), (MIN_SHARE * 3 + 17, 1000, 3), (MIN_SHARE * 5, 300_000, 5), (MIN_SHARE * 2, 1, 2)];
        for (len, nodes, cores) in cases {
            let items: Vec<(u32, u32)> =
                (0..len).map(|_| (rng.below(nodes as u64) as u32, rng.below(50) as u32)).collect();
            let mut expected = items.clone();
            expected.sort_unstable();
            let ranges = sort_on(cores, items, nodes, |x| x.0, |_| {});
            assert_eq!(ranges.len(), if len >= MIN_SHARE * 2 { cores * 4 } else { 1 });
            // No node's items in two ranges.
            for pair in ranges.iter().filter(|r| !r.is_empty()).collect::<Vec<_>>().windows(2) {
                assert!(pair[0].last().unwrap().0 < pair[1][0].0);
            }
            assert_eq!(ranges.concat(), expected, "{len} items on {nodes} nodes");
        }
    }

    #[test]
    fn maps_ranges_in_order() {
        let ranges: Vec<Vec<u32>> = (0..37).map(|r| (0..r % 5).map(|i| r * 10 + i).collect()).collect();
        assert_eq!(
            map_ranges(&ranges, |x| u64::from(*x) * 2),
            ranges.concat().iter().map(|x| u64::from(*x) * 2).collect::<Vec<_>>()
        );
    }

    #[test]
    fn finish_sees_each_range_sorted() {
        let mut rng = Rng::new(3);
        let items: Vec<(u32, u32)> =
            (0..MIN_SHARE * 4).map(|_| (rng.below(5000) as u32, rng.below(4) as u32)).collect();
        let mut expected = items.clone();
        expected.sort_unstable();
        expected.dedup();
        let ranges = sort_on(4, items, 5000, |x| x.0, |r| r.dedup());
        assert_eq!(ranges.concat(), expected);
    }
}
