//! Benchmark: generating the benchmark graphs and building them.
//!
//! `cargo bench -p strata-graph --bench generate [-- SPEC...]` generates each
//! spec (default the Kronecker and uniform graphs of 2^20 nodes the GPU
//! figures use) 5 times, then builds the generated edges into a graph 5
//! times as `graph-bench` does (symmetrized and simplified), and prints the
//! median and best times of each, with the number of cores they use
//! (`taskset -c 0` runs them on one).

use std::time::{Duration, Instant};

use strata_graph::generate::from_spec;
use strata_graph::load::build;
use strata_graph::LoadOptions;

/// Times `f` 5 times; prints the median and the best.
fn report(what: &str, threads: usize, mut f: impl FnMut() -> Duration) {
    let mut times: Vec<Duration> = (0..5).map(|_| f()).collect();
    times.sort();
    println!(
        "{what}: median {:.3} s, best {:.3} s ({threads} threads)",
        times[2].as_secs_f64(),
        times[0].as_secs_f64()
    );
}

fn main() {
    let mut specs: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    if specs.is_empty() {
        specs = vec![
            "kron:scale=20,degree=16,seed=1,weighted".into(),
            "uniform:nodes=1048576,edges=16777216,seed=1,weighted".into(),
        ];
    }
    let threads = strata_graph::cores();
    let opts = LoadOptions { symmetrize: true, simplify: true };
    for spec in &specs {
        let generate = || from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        report(&format!("generate {spec}"), threads, || {
            let t = Instant::now();
            let generated = generate();
            let took = t.elapsed();
            drop(generated);
            took
        });
        let (n, edges, weighted) = generate();
        report(&format!("build {spec}"), threads, || {
            let edges = edges.clone();
            let t = Instant::now();
            let g = build(n, edges, weighted, opts);
            let took = t.elapsed();
            drop(g);
            took
        });
    }
}
