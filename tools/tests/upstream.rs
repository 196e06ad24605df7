//! The bridge to upstream MLIR (the `upstream` pass) from the compiler's
//! side.
//!
//! The corpus lowered for each target (par level: teams, loops, buffers,
//! calls inside them) goes to upstream and back unchanged.
//!
//! This compiler's `canonicalize` and `cse` against upstream MLIR's: random programs of integer `arith`
//! operations (over i8, i32, i64 and index, with i1 conditions) go through
//! both, and the reference interpreter runs the original and both results
//! on interesting and random inputs. Where the original is defined, both
//! must return its values. The printed forms may differ (the two fold
//! different things); how often they agree is printed.

use std::sync::Arc;

use strata_abi::compare::compare_results;
use strata_driver::pipeline::{target_pipeline, Schedule, Target};
use strata_driver::{registry, Backend, InterpBackend, Program};
use strata_interp::Options;
use strata_ir::printer::{print_op, PrintOptions};

mod common;
use common::random_arith::{arguments, program, Rng};

/// `text` after `pipeline`, and its printed form.
fn transformed(text: &str, pipeline: &str) -> (Program, String) {
    let mut p =
        Program::load(Arc::new(registry::dialects()), "random.mlir", text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    p.lower_text(pipeline, &registry::passes()).unwrap_or_else(|e| panic!("{pipeline}: {e}\n{text}"));
    let out = print_op(&p.ctx, p.module, PrintOptions::default());
    (p, out)
}

#[test]
fn canonicalize_and_cse_agree_with_upstream() {
    let mut rng = Rng(0x0b51_dead_beef_0022);
    let (mut programs, mut compared, mut same_text) = (0, 0, 0);
    for round in 0..1000 {
        let (ty, bits) = [("i8", 8), ("i32", 32), ("i64", 64), ("index", 64)][round % 4];
        let text = program(&mut rng, ty, bits);
        let original = Program::load(Arc::new(registry::dialects()), "random.mlir", &text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        let mut original = InterpBackend::new(original, Options::default());
        let (ours, ours_text) = transformed(&text, "builtin.module(func.func(canonicalize,cse))");
        let (theirs, theirs_text) =
            transformed(&text, "builtin.module(upstream{pipeline=\"func.func(canonicalize,cse)\"})");
        same_text += usize::from(ours_text == theirs_text);
        let (mut ours, mut theirs) =
            (InterpBackend::new(ours, Options::default()), InterpBackend::new(theirs, Options::default()));
        for k in 0..12 {
            let args = arguments(&mut rng, ty, bits, k);
            let Ok(want) = original.run("f", &args, 1) else { continue };
            for (who, backend, out) in
                [("this compiler", &mut ours, &ours_text), ("upstream", &mut theirs, &theirs_text)]
            {
                let got = backend.run("f", &args, 1).unwrap_or_else(|e| panic!("{who}: {e}\n{text}\nbecame\n{out}"));
                if let Err(e) = compare_results(&got.results, &want.results) {
                    panic!("{who}: {e}: inputs {args:?}\n{text}\nbecame\n{out}");
                }
            }
            compared += 1;
        }
        programs += 1;
    }
    assert!(compared > 5000, "only {compared} defined runs compared");
    eprintln!(
        "differential: {programs} programs, {compared} defined runs agree; the printed results are the same for {same_text}"
    );
}

#[test]
fn lowered_corpus_programs_come_back_the_same() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../test/algorithms");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("the corpus").filter_map(|e| Some(e.ok()?.path())).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "mlir"));
    files.sort();
    assert!(files.len() >= 8, "the corpus is missing: {}", dir.display());
    let show = PrintOptions { generic: false, debug_info: true };
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read a corpus program");
        for target in [Target::Cpu, Target::Gpu] {
            let name = file.display().to_string();
            let mut p = Program::load(Arc::new(registry::dialects()), &name, &text).unwrap_or_else(|e| panic!("{e}"));
            let pipeline = target_pipeline(target, &Schedule::default()).unwrap_or_else(|e| panic!("{e}"));
            p.lower(pipeline).unwrap_or_else(|e| panic!("{name}: {e}"));
            let before = print_op(&p.ctx, p.module, show);
            p.lower_text("builtin.module(upstream)", &registry::passes())
                .unwrap_or_else(|e| panic!("{name} ({}): {e}", target.name()));
            let after = print_op(&p.ctx, p.module, show);
            assert_eq!(before, after, "{name} ({}) came back different", target.name());
        }
    }
}
