//! Benchmark: loading a large text edge list.
//!
//! `cargo bench -p strata-graph --bench load [-- EDGES]` writes a uniform
//! random graph with EDGES edges (default 100 million) as a `.el` file in the
//! temporary directory, then loads it 3 times and prints the median time of
//! each phase — reading the file, parsing it into edges (in parallel), and
//! building the CSR graph — and the throughput of the whole load.

use std::io::Write;
use std::time::{Duration, Instant};

use strata_graph::generate::Rng;
use strata_graph::load::{build, read_edges, Format};
use strata_graph::LoadOptions;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn write_file(path: &std::path::Path, edges: u64) -> std::io::Result<u64> {
    let nodes = (edges / 16).max(2);
    let mut rng = Rng::new(1);
    let mut out = std::io::BufWriter::with_capacity(1 << 22, std::fs::File::create(path)?);
    writeln!(out, "# uniform random graph, {nodes} nodes, {edges} edges")?;
    for _ in 0..edges {
        writeln!(out, "{} {}", rng.below(nodes), rng.below(nodes))?;
    }
    out.flush()?;
    Ok(std::fs::metadata(path)?.len())
}

fn main() {
    let edges: u64 = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map_or(100_000_000, |a| a.parse().expect("EDGES is a number"));
    let path = std::env::temp_dir().join(format!("strata-load-bench-{edges}.el"));
    let bytes = write_file(&path, edges).expect("write the benchmark file");
    println!(
        "file: {} ({:.1} MB, {edges} edges, {} threads)",
        path.display(),
        bytes as f64 / 1e6,
        strata_graph::cores()
    );
    let (mut read, mut parse, mut construct, mut total) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..3 {
        let t0 = Instant::now();
        let data = std::fs::read(&path).expect("read the benchmark file");
        let t1 = Instant::now();
        let (n, es, weighted) = read_edges("bench", &data, Some(Format::EdgeList)).expect("the benchmark file parses");
        drop(data);
        let t2 = Instant::now();
        let g = build(n, es, weighted, LoadOptions::default());
        let t3 = Instant::now();
        assert_eq!(g.num_edges(), edges);
        drop(g);
        read.push(t1 - t0);
        parse.push(t2 - t1);
        construct.push(t3 - t2);
        total.push(t3 - t0);
    }
    let _ = std::fs::remove_file(&path);
    let t = median(total.clone()).as_secs_f64();
    println!("read   median {:>8.3} s", median(read).as_secs_f64());
    println!("parse  median {:>8.3} s", median(parse).as_secs_f64());
    println!("build  median {:>8.3} s", median(construct).as_secs_f64());
    println!("total  median {t:>8.3} s  ({:.0} MB/s, {:.1} M edges/s)", bytes as f64 / 1e6 / t, edges as f64 / 1e6 / t);
}
