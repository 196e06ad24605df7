//! What the memory can deliver, and what PageRank asks of it: a STREAM-like
//! read probe and the bytes one PageRank iteration of the corpus must move
//! at the least, so that `graph-bench --bandwidth` can put PageRank's
//! times beside the machine's limit.

use std::hint::black_box;
use std::sync::Barrier;
use std::time::{Duration, Instant};

use crate::run::median;

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
    let parts = threads.max(1) as usize;
    let share = words.len().div_ceil(parts);
    let mut times = Vec::with_capacity(repeat.max(1));
    for _ in 0..repeat.max(1) {
        let start = Barrier::new(parts + 1);
        let elapsed = std::thread::scope(|s| {
            for part in words.chunks(share) {
                let start = &start;
                s.spawn(move || {
                    start.wait();
                    black_box(part.iter().fold(0u64, |a, w| a.wrapping_add(*w)));
                });
            }
            // Chunks may be fewer than the threads when the array is tiny.
            for _ in words.chunks(share).count()..parts {
                let start = &start;
                s.spawn(move || start.wait());
            }
            start.wait();
            Instant::now()
        })
        .elapsed();
        times.push(elapsed.max(Duration::from_nanos(1)));
    }
    (words.len() * 8) as f64 / median(&times)
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
}
