//! The bridge to upstream MLIR ([`strata_upstream`] and the `upstream` pass).
//!
//! Every program of the lit tests and the corpus that this compiler accepts
//! (each chunk, where its RUN lines split the file) goes to upstream MLIR and
//! back, and prints the same, locations included. The corpus lowered for each target (par level: teams, loops, buffers,
//! calls inside them) goes to upstream and back unchanged.
//!
//! This compiler's `canonicalize` and `cse` against upstream MLIR's: random programs of integer `arith`
//! operations (over i8, i32, i64 and index, with i1 conditions) go through
//! both, and the reference interpreter runs the original and both results
//! on interesting and random inputs. Where the original is defined, both
//! must return its values. The printed forms may differ (the two fold
//! different things); how often they agree is printed. The same for random
//! programs with `scf.if`, `scf.for` and `scf.while`, through
//! `canonicalize,cse` and through `convert-scf-to-cf`.

use std::sync::Arc;

use strata_abi::compare::compare_results;
use strata_driver::pipeline::{target_pipeline, Schedule, Target};
use strata_driver::{registry, Backend, InterpBackend, Program};
use strata_interp::Options;
use strata_ir::parser::parse_source;
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::verifier::verify;
use strata_ir::Context;
use strata_tools::input::split_chunks;
use strata_upstream::bridge::Upstream;

mod common;
use common::files::mlir_files;
use common::random_arith::{arguments, program, structured_program, Rng};

/// `text` after `pipeline`, and its printed form.
fn transformed(text: &str, pipeline: &str) -> (Program, String) {
    let mut p =
        Program::load(Arc::new(registry::dialects()), "random.mlir", text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    p.lower_text(pipeline, &registry::passes()).unwrap_or_else(|e| panic!("{pipeline}: {e}\n{text}"));
    let out = print_op(&p.ctx, p.module, PrintOptions::default());
    (p, out)
}

/// Random programs made by `make` (over `i8`, `i32`, `i64` and `index` in
/// turn) through `ours` (a pipeline of this compiler) and `theirs` (the
/// same run by upstream MLIR): each result must run as the original does
/// in the interpreter on `runs` argument sets. Returns the defined runs
/// compared and the programs both print the same.
fn differential(
    seed: u64,
    programs: usize,
    runs: usize,
    make: fn(&mut Rng, &str, u32) -> String,
    ours: &str,
    theirs: &str,
) -> (usize, usize) {
    let mut rng = Rng(seed);
    let (mut compared, mut same_text) = (0, 0);
    for round in 0..programs {
        let (ty, bits) = [("i8", 8), ("i32", 32), ("i64", 64), ("index", 64)][round % 4];
        let text = make(&mut rng, ty, bits);
        let original = Program::load(Arc::new(registry::dialects()), "random.mlir", &text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        let mut original = InterpBackend::new(original, Options::default());
        let (ours, ours_text) = transformed(&text, ours);
        let (theirs, theirs_text) = transformed(&text, theirs);
        same_text += usize::from(ours_text == theirs_text);
        let (mut ours, mut theirs) =
            (InterpBackend::new(ours, Options::default()), InterpBackend::new(theirs, Options::default()));
        for k in 0..runs {
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
    }
    (compared, same_text)
}

const CANONICALIZE: &str = "builtin.module(func.func(canonicalize,cse))";
const UPSTREAM_CANONICALIZE: &str = "builtin.module(upstream{pipeline=\"func.func(canonicalize,cse)\"})";

#[test]
fn canonicalize_and_cse_agree_with_upstream() {
    let (compared, same) = differential(0x0b51_dead_beef_0022, 1000, 12, program, CANONICALIZE, UPSTREAM_CANONICALIZE);
    assert!(compared > 5000, "only {compared} defined runs compared");
    eprintln!(
        "differential: 1000 programs, {compared} defined runs agree; the printed results are the same for {same}"
    );
}

#[test]
fn scf_canonicalization_agrees_with_upstream() {
    let (compared, same) =
        differential(0x5cf0_cafe_f00d_0028, 400, 8, structured_program, CANONICALIZE, UPSTREAM_CANONICALIZE);
    assert!(compared > 2000, "only {compared} defined runs compared");
    eprintln!(
        "differential (scf): 400 programs, {compared} defined runs agree; the printed results are the same for {same}"
    );
}

#[test]
fn scf_to_cf_agrees_with_upstream() {
    let (compared, same) = differential(
        0x5cf0_0c0f_0028_0001,
        200,
        6,
        structured_program,
        "builtin.module(convert-scf-to-cf)",
        "builtin.module(upstream{pipeline=\"convert-scf-to-cf\"})",
    );
    assert!(compared > 1000, "only {compared} defined runs compared");
    eprintln!(
        "differential (scf-to-cf): 200 programs, {compared} defined runs agree; the printed results are the same for {same}"
    );
}

#[test]
fn lowered_corpus_programs_come_back_the_same() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../test/algorithms");
    let files = mlir_files(&dir);
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

#[test]
fn every_accepted_lit_input_and_corpus_program_comes_back_the_same() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = [mlir_files(&root.join("test")), mlir_files(&root.join("examples"))].concat();
    let registry = Arc::new(registry::dialects());
    let upstream = Upstream::new();
    let show = PrintOptions { generic: false, debug_info: true };
    let (mut checked, mut failures) = (0, Vec::new());
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read a test file");
        let name = file.strip_prefix(&root).unwrap_or(file).display().to_string();
        let split = text.lines().any(|l| l.contains("RUN:") && l.contains("split-input-file"));
        for (start, end) in split_chunks(&text, split) {
            let mut ctx = Context::new(Arc::clone(&registry));
            ctx.allow_unregistered = text.contains("-allow-unregistered-dialect");
            let Ok(module) = parse_source(&mut ctx, &name, &text, start, end) else { continue };
            if !verify(&ctx, module).is_empty() {
                continue;
            }
            let line = text[..start].lines().count() + 1;
            let before = print_op(&ctx, module, show);
            let back = upstream.import(&mut ctx, module).and_then(|m| {
                let loc = ctx.op_loc(module).clone();
                upstream.export(&mut ctx, &m, &loc)
            });
            match back {
                Ok(again) => {
                    let errors = verify(&ctx, again);
                    let after = print_op(&ctx, again, show);
                    if !errors.is_empty() || after != before {
                        failures
                            .push(format!("{name}:{line}: differs\n--- before\n{before}--- after\n{after}{errors:?}"));
                    }
                }
                Err(d) => {
                    failures.push(format!("{name}:{line}: {:?}", d.iter().map(|d| &d.message).collect::<Vec<_>>()))
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 150, "only {checked} programs were checked: the test files were not found");
    assert!(
        failures.is_empty(),
        "{} of {checked} programs do not come back the same:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("bridge: {checked} programs went to upstream MLIR and came back the same");
}

/// Each `par.atomic_rmw` that becomes a `memref.atomic_rmw` carries the
/// number upstream gives the intended kind: upstream prints its keyword.
#[test]
fn exported_atomic_kinds_are_the_intended_ones() {
    let cases = [
        ("i64", "add", "addi"),
        ("i64", "min", "mins"),
        ("i64", "max", "maxs"),
        ("i64", "and", "andi"),
        ("i64", "or", "ori"),
        ("i64", "xchg", "assign"),
        ("f64", "add", "addf"),
        ("f64", "min", "minnumf"),
        ("f64", "max", "maxnumf"),
        ("f64", "xchg", "assign"),
    ];
    for (ty, kind, keyword) in cases {
        let text = format!(
            "func.func @f(%b: !par.buf<{ty}>, %i: index, %v: {ty}) -> {ty} {{\n  \
             %old = \"par.atomic_rmw\"(%v, %b, %i) <{{kind = \"{kind}\"}}> : ({ty}, !par.buf<{ty}>, index) -> {ty}\n  \
             return %old : {ty}\n}}\n"
        );
        let mut p = Program::load(Arc::new(registry::dialects()), "kind.mlir", &text).unwrap_or_else(|e| panic!("{e}"));
        let out = strata_upstream::emit_upstream_mlir(&mut p.ctx, p.module, false)
            .unwrap_or_else(|e| panic!("{kind} on {ty}: {e:?}"));
        let want = format!("memref.atomic_rmw {keyword} %arg2, %arg0[%arg1] : ({ty}, memref<?x{ty}>) -> {ty}");
        assert!(out.contains(&want), "{kind} on {ty}: expected `{want}` in\n{out}");
    }
}
