//! Benchmark: generating the benchmark graphs.
//!
//! `cargo bench -p strata-graph --bench generate [-- SPEC...]` generates each
//! spec (default the Kronecker and uniform graphs of 2^20 nodes the GPU
//! figures use) 5 times and prints the median and best times, with the
//! number of cores the generators use (`taskset -c 0` runs them on one).

use std::time::{Duration, Instant};

use strata_graph::generate::from_spec;

fn main() {
    let mut specs: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    if specs.is_empty() {
        specs = vec![
            "kron:scale=20,degree=16,seed=1,weighted".into(),
            "uniform:nodes=1048576,edges=16777216,seed=1,weighted".into(),
        ];
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for spec in &specs {
        let mut times: Vec<Duration> = (0..5)
            .map(|_| {
                let t = Instant::now();
                let (_, edges, _) = from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
                let took = t.elapsed();
                drop(edges);
                took
            })
            .collect();
        times.sort();
        println!(
            "{spec}: median {:.3} s, best {:.3} s ({threads} threads)",
            times[2].as_secs_f64(),
            times[0].as_secs_f64()
        );
    }
}
