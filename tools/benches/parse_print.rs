//! Benchmark: parse, verify and print a generated module of 100k operations.
//! Prints the median of repeated runs per phase: `cargo bench -p strata-tools --bench parse_print`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use strata_ir::parser::parse_source;
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::verifier::verify;
use strata_ir::Context;

fn generate(ops: usize) -> String {
    let mut s = String::from("func.func @f(%a: i64, %b: i64) -> i64 {\n  %v0 = arith.addi %a, %b : i64\n");
    for i in 1..ops - 1 {
        let op = ["arith.addi", "arith.muli", "arith.xori", "arith.subi"][i % 4];
        s.push_str(&format!("  %v{i} = {op} %v{}, %a : i64\n", i - 1));
    }
    s.push_str(&format!("  return %v{} : i64\n}}\n", ops - 2));
    s
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let n = 100_000;
    let text = generate(n);
    let registry = Arc::new(strata_driver::registry::dialects());
    let (mut parse, mut check, mut print, mut total) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..7 {
        let mut ctx = Context::new(registry.clone());
        let t0 = Instant::now();
        let m = parse_source(&mut ctx, "bench.mlir", &text, 0, text.len()).expect("generated input parses");
        let t1 = Instant::now();
        assert!(verify(&ctx, m).is_empty());
        let t2 = Instant::now();
        let out = print_op(&ctx, m, PrintOptions::default());
        let t3 = Instant::now();
        assert!(out.len() > text.len() / 2);
        parse.push(t1 - t0);
        check.push(t2 - t1);
        print.push(t3 - t2);
        total.push(t3 - t0);
    }
    println!("module of {n} ops, median of 7 runs:");
    println!("  parse   {:>8.1} ms", median(parse).as_secs_f64() * 1e3);
    println!("  verify  {:>8.1} ms", median(check).as_secs_f64() * 1e3);
    println!("  print   {:>8.1} ms", median(print).as_secs_f64() * 1e3);
    println!("  total   {:>8.1} ms", median(total).as_secs_f64() * 1e3);
}
