//! What the memory can deliver, and what PageRank asks of it: a STREAM-like
//! read probe, a gather probe (words read at random, as PageRank's gather
//! reads contributions), and the bytes one PageRank iteration of the corpus
//! must move at the least, so that `graph-bench --bandwidth` can put
//! PageRank's times beside the machine's limits.

use std::hint::black_box;
use std::sync::Barrier;
use std::time::{Duration, Instant};

use crate::timing::median;

/// Bytes the probe reads in each pass: far beyond any last-level cache.
pub const PROBE_BYTES: usize = 512 << 20;

/// Bytes the GPU's probe reads in each launch: far beyond its L2, and long
/// enough (half a millisecond at 4 TB/s) that the launch is a small part.
pub const GPU_PROBE_BYTES: usize = 2 << 30;

/// The read bandwidth in bytes per second: `threads` threads each sum their
/// share of a `bytes`-long array of 64-bit words (written once before, so
/// every page is real), started together; the median of `repeat` passes.
pub fn read_bandwidth(threads: u32, bytes: usize, repeat: usize) -> f64 {
    let words: Vec<u64> = (0..(bytes / 8).max(1) as u64).collect();
    let seconds = median_pass(threads, &words, repeat, |part| {
        black_box(part.iter().fold(0u64, |a, w| a.wrapping_add(*w)));
    });
    (words.len() * 8) as f64 / seconds
}

/// The median seconds of `repeat` passes (at least one) in which `threads`
/// threads, started together, each run `work` on their share of `items`.
fn median_pass<T: Sync>(threads: u32, items: &[T], repeat: usize, work: impl Fn(&[T]) + Sync) -> f64 {
    let parts = threads.max(1) as usize;
    let share = items.len().div_ceil(parts).max(1);
    let mut times = Vec::with_capacity(repeat.max(1));
    for _ in 0..repeat.max(1) {
        let start = Barrier::new(parts + 1);
        let elapsed = std::thread::scope(|s| {
            for part in items.chunks(share) {
                let (start, work) = (&start, &work);
                s.spawn(move || {
                    start.wait();
                    work(part);
                });
            }
            // Chunks may be fewer than the threads when the items are few.
            for _ in items.chunks(share).count()..parts {
                let start = &start;
                s.spawn(move || start.wait());
            }
            start.wait();
            Instant::now()
        })
        .elapsed();
        times.push(elapsed.max(Duration::from_nanos(1)));
    }
    median(&times)
}

/// `count` indices below `below` (at least 1), uniformly at random from
/// `seed` (xorshift64*): the gather probe's, for PageRank's in-sources on a
/// graph with no locality.
pub fn random_indices(count: usize, below: u32, seed: u64) -> Vec<u32> {
    let mut x = seed | 1;
    (0..count)
        .map(|_| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            let r = x.wrapping_mul(0x2545_f491_4f6c_dd1d);
            (((r >> 32) * u64::from(below.max(1))) >> 32) as u32
        })
        .collect()
}

/// The seconds `threads` threads take to sum the words of a table of
/// `table_words` 64-bit words at `indices` (each below `table_words`),
/// each thread its share of the indices, started together; the median of
/// `repeat` passes.
pub fn gather_time(threads: u32, indices: &[u32], table_words: usize, repeat: usize) -> f64 {
    let table = vec![1u64; table_words.max(1)];
    median_pass(threads, indices, repeat, |part| {
        black_box(part.iter().fold(0u64, |a, i| a.wrapping_add(table[*i as usize])));
    })
}

/// The bytes one iteration of the corpus's PageRank (`pr`, `pr_f32`) moves
/// at the least on a graph of `nodes` and `edges`, with scores of
/// `score_bytes` bytes: the contribution loop reads each rank and two
/// out-offsets and writes each contribution; the gather reads two
/// in-offsets per node, each in-source (4 bytes) and each contribution
/// once, and writes each rank. Contributions gathered again after leaving
/// the cache come on top: this is the floor, not the traffic.
pub fn pagerank_bytes(nodes: u64, edges: u64, score_bytes: u64) -> u64 {
    let offsets = 2 * 8 * (nodes + 1);
    nodes * 4 * score_bytes + offsets + 4 * edges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pagerank_bytes_counts_each_array_once() {
        // 10 nodes, 30 edges, f32: ranks read and written, contributions
        // written and read (4 * 10 * 4), offsets (2 * 8 * 11), sources (4 * 30).
        assert_eq!(pagerank_bytes(10, 30, 4), 160 + 176 + 120);
        assert_eq!(pagerank_bytes(0, 0, 8), 16);
    }

    #[test]
    fn the_probe_measures_something() {
        for threads in [1, 3] {
            let bw = read_bandwidth(threads, 1 << 20, 3);
            assert!(bw.is_finite() && bw > 1e6, "{bw} bytes/s with {threads} threads");
        }
        assert!(read_bandwidth(4, 8, 1) > 0.0);
    }

    #[test]
    fn random_indices_stay_below_and_spread() {
        let ix = random_indices(10_000, 100, 7);
        assert!(ix.iter().all(|i| *i < 100));
        let mut seen = [0u32; 100];
        for i in &ix {
            seen[*i as usize] += 1;
        }
        assert!(seen.iter().all(|n| (50..=150).contains(n)), "{seen:?}");
        assert_eq!(ix, random_indices(10_000, 100, 7));
        assert!(random_indices(5, 1, 3).iter().all(|i| *i == 0));
    }

    #[test]
    fn the_gather_probe_measures_something() {
        let ix = random_indices(1 << 16, 1 << 12, 1);
        for threads in [1, 3] {
            let t = gather_time(threads, &ix, 1 << 12, 3);
            assert!(t.is_finite() && t > 0.0 && t < 10.0, "{t} s with {threads} threads");
        }
        assert!(gather_time(4, &[], 1, 1) > 0.0);
    }
}
