//! Benchmark: the reference interpreter's speed, in operations executed per
//! second, on BFS and PageRank over a Kronecker graph (scale 16, degree 16,
//! symmetrized and simplified), at the graph level and lowered to the par
//! level by the CPU pipeline. Prints the median and the best of 5 runs:
//! `cargo bench -p strata-tools --bench interp`.

use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use strata_driver::{registry, target_pipeline, Program, Schedule, Target};
use strata_graph::generate::kronecker;
use strata_graph::load::build;
use strata_graph::LoadOptions;
use strata_interp::{run_function_counted, Options, Val};

const RUNS: usize = 5;

fn main() {
    let (n, edges, weighted) = kronecker(16, 16, 1, false);
    let g = Rc::new(build(n, edges, weighted, LoadOptions { symmetrize: true, simplify: true }));
    println!("Kronecker-16: {} nodes, {} edges; median and best of {RUNS} runs", g.num_nodes(), g.num_edges());
    println!(
        "{:<6} {:<6} {:>12} {:>10} {:>10} {:>14}",
        "kernel", "level", "ops", "median s", "best s", "ops/s (median)"
    );
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../test/algorithms");
    for (name, scalars) in [("bfs", vec![Val::Int(g.hub().into())]), ("pr", vec![Val::Int(10), Val::Float(0.85)])] {
        let path = format!("{corpus}/{name}.mlir");
        let text = std::fs::read_to_string(&path).expect("corpus program");
        for level in ["graph", "par"] {
            let mut p = Program::load(Arc::new(registry::dialects()), &path, &text).expect("loads");
            if level == "par" {
                p.lower(target_pipeline(Target::Cpu, &Schedule::default()).expect("pipeline")).expect("lowers");
            }
            let mut args = vec![Val::Graph(g.clone())];
            args.extend(scalars.iter().cloned());
            let (mut times, mut ops) = (Vec::new(), 0);
            for _ in 0..RUNS {
                let t0 = Instant::now();
                let (_, n) =
                    run_function_counted(&p.ctx, p.module, name, args.clone(), Options::default()).expect("runs");
                times.push(t0.elapsed());
                ops = n;
            }
            times.sort();
            let (median, best) = (times[RUNS / 2], times[0]);
            let rate = ops as f64 / median.as_secs_f64();
            println!("{name:<6} {level:<6} {ops:>12} {:>10.3} {:>10.3} {rate:>14.3e}", secs(median), secs(best));
        }
    }
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}
