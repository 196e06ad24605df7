//! `egraph-simplify` keeps meaning: random programs of integer `arith`
//! operations (every operation the pass looks into, over i8, i32, i64 and
//! index, with i1 conditions) are run by the reference interpreter before
//! and after the pass on random and edge-case inputs (0, ±1, min, max).
//! Where the original is defined, the simplified program must return the
//! same values; a second run of the pass must change nothing.

use std::sync::Arc;

use strata_abi::compare::compare_results;
use strata_driver::{registry, Backend, InterpBackend, Program};
use strata_interp::Options;
use strata_ir::printer::{print_op, PrintOptions};

mod common;
use common::random_arith::{arguments, program, Rng};

fn load(text: &str) -> Program {
    Program::load(Arc::new(registry::dialects()), "random.mlir", text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Runs egraph-simplify on `text`; returns the program and its text.
fn simplify(text: &str) -> (Program, String) {
    let mut p = load(text);
    p.lower_text("builtin.module(func.func(egraph-simplify))", &registry::passes()).unwrap_or_else(|e| panic!("{e}"));
    let out = print_op(&p.ctx, p.module, PrintOptions::default());
    (p, out)
}

#[test]
fn simplified_programs_compute_the_same() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut compared = 0;
    for round in 0..160 {
        let (ty, bits) = [("i8", 8), ("i32", 32), ("i64", 64), ("index", 64)][round % 4];
        let text = program(&mut rng, ty, bits);
        let mut before = InterpBackend::new(load(&text), Options::default());
        let (after, once) = simplify(&text);
        let mut after = InterpBackend::new(after, Options::default());
        assert_eq!(simplify(&once).1, once, "a second run changed the program:\n{text}");
        for k in 0..24 {
            let args = arguments(&mut rng, ty, bits, k);
            let Ok(want) = before.run("f", &args, 1) else { continue };
            let got = after.run("f", &args, 1).unwrap_or_else(|e| panic!("{e}\n{text}\nbecame\n{once}"));
            if let Err(e) = compare_results(&got.results, &want.results) {
                panic!("{e}: inputs {args:?}\n{text}\nbecame\n{once}");
            }
            compared += 1;
        }
    }
    assert!(compared > 1000, "only {compared} defined runs compared");
}
