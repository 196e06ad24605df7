//! The bridge to upstream MLIR ([`strata_upstream`] and the `upstream` pass).
//!
//! Every program of the lit tests and the corpus that this compiler accepts
//! (each chunk, where its RUN lines split the file) goes to upstream MLIR and
//! back, and prints the same, locations included. The corpus lowered for each target (par level: teams, loops, buffers,
//! calls inside them) goes to upstream and back unchanged.
//!
//! Every `arith` operation on every kind of shape and element type is
//! accepted or refused as upstream does and prints as upstream prints it;
//! so are mutants of the valid lit programs over the standard dialects
//! (compared with `mlir-opt-22`, run as a separate process).
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
use strata_ir::printer::{print_module, print_op, PrintOptions};
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
            // Distinct identifiers are compared as printed (renumbered in order).
            let before = print_module(&ctx, module, show, true);
            let back = upstream.import(&mut ctx, module).and_then(|m| {
                let loc = ctx.op_loc(module).clone();
                upstream.export(&mut ctx, &m, &loc)
            });
            match back {
                Ok(again) => {
                    let errors = verify(&ctx, again);
                    let after = print_module(&ctx, again, show, true);
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

/// Every `arith` operation, with and without its flags, on scalars,
/// tensors (ranked, dynamic, unranked), vectors (fixed, scalable, 0-d) and
/// each element type it takes or refuses, as a function of its own: this
/// compiler and upstream accept the same ones and print each the same, in
/// the custom and in the generic form, and refuse the others with the same
/// first error.
#[test]
fn arith_operations_on_every_shape_print_as_upstream_prints_them() {
    let programs = arith_programs();
    let upstream = Upstream::new();
    let registry = Arc::new(registry::dialects());
    let mut differ = Vec::new();
    let mut accepted = 0;
    for text in &programs {
        for generic in [false, true] {
            let mut ctx = Context::new(Arc::clone(&registry));
            let ours = match parse_source(&mut ctx, "arith.mlir", text, 0, text.len()) {
                Err(d) => Err(d.message),
                Ok(m) => match verify(&ctx, m).into_iter().next() {
                    Some(d) => Err(d.message),
                    None => Ok(print_op(&ctx, m, PrintOptions { generic, debug_info: false })),
                },
            };
            let theirs = upstream.reprint(text, generic);
            accepted += usize::from(ours.is_ok());
            if ours != theirs {
                differ.push(format!("{text}\n--- this compiler\n{ours:?}\n--- upstream\n{theirs:?}"));
            }
        }
    }
    assert!(programs.len() > 1500, "only {} programs", programs.len());
    fail_on_differences(&differ, 2 * programs.len(), "printings");
    eprintln!("arith forms: {} programs, {accepted} printings accepted, all as upstream's", programs.len());
}

/// Fails with the first differences found among `of` things compared;
/// `STRATA_DUMP_DIFFERENCES=FILE` writes them all to FILE.
fn fail_on_differences(differ: &[String], of: usize, what: &str) {
    if let Ok(path) = std::env::var("STRATA_DUMP_DIFFERENCES") {
        std::fs::write(path, differ.join("\n=====\n")).expect("write the differences");
    }
    assert!(
        differ.is_empty(),
        "{} of {of} {what} differ from upstream's:\n{}",
        differ.len(),
        differ[..differ.len().min(5)].join("\n=====\n")
    );
}

/// The programs of [`arith_operations_on_every_shape_print_as_upstream_prints_them`].
fn arith_programs() -> Vec<String> {
    let shapes =
        ["{}", "tensor<8x8x{}>", "tensor<?x{}>", "tensor<*x{}>", "vector<8x{}>", "vector<[8]x{}>", "vector<{}>"];
    let mut out = Vec::new();
    let mut func = |args: &[String], body: String, result: &str| {
        let args: Vec<String> = args.iter().enumerate().map(|(i, t)| format!("%a{i}: {t}")).collect();
        out.push(format!("func.func @f({}) -> {result} {{\n{body}\n  return %0 : {result}\n}}\n", args.join(", ")));
    };
    for shape in shapes {
        let of = |e: &str| shape.replace("{}", e);
        for e in ["i64", "i8", "i1", "index", "f32"] {
            let (t, b) = (of(e), of("i1"));
            let two = [t.clone(), t.clone()];
            for op in [
                "addi",
                "subi",
                "muli",
                "divui",
                "divsi",
                "remui",
                "remsi",
                "andi",
                "ori",
                "xori",
                "ceildivsi",
                "ceildivui",
                "floordivsi",
                "shli",
                "shrui",
                "shrsi",
                "maxsi",
                "maxui",
                "minsi",
                "minui",
            ] {
                func(&two, format!("  %0 = arith.{op} %a0, %a1 : {t}"), &t);
            }
            for flags in ["nsw", "nuw", "nsw, nuw", "nuw, nsw"] {
                func(&two, format!("  %0 = arith.muli %a0, %a1 overflow<{flags}> : {t}"), &t);
            }
            for p in ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"] {
                func(&two, format!("  %0 = arith.cmpi {p}, %a0, %a1 : {t}"), &b);
            }
            func(&[b.clone(), t.clone(), t.clone()], format!("  %0 = arith.select %a0, %a1, %a2 : {b}, {t}"), &t);
            func(&["i1".into(), t.clone(), t.clone()], format!("  %0 = arith.select %a0, %a1, %a2 : {t}"), &t);
            func(&two, format!("  %0, %1 = arith.addui_extended %a0, %a1 : {t}, {b}"), &t);
            func(&two, format!("  %0:2 = arith.mulsi_extended %a0, %a1 : {t}"), &t);
        }
        for e in ["f64", "f32", "f16", "bf16", "i32"] {
            let (t, b) = (of(e), of("i1"));
            let two = [t.clone(), t.clone()];
            for op in ["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"] {
                func(&two, format!("  %0 = arith.{op} %a0, %a1 : {t}"), &t);
            }
            for fm in ["fast", "reassoc,nnan", "nnan,reassoc", "ninf,nsz,arcp,contract,afn", "none"] {
                func(&two, format!("  %0 = arith.addf %a0, %a1 fastmath<{fm}> : {t}"), &t);
            }
            func(std::slice::from_ref(&t), format!("  %0 = arith.negf %a0 : {t}"), &t);
            for p in ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule"] {
                func(&two, format!("  %0 = arith.cmpf {p}, %a0, %a1 fastmath<nnan> : {t}"), &b);
            }
        }
        for (op, from, to) in [
            ("extui", "i32", "i64"),
            ("extsi", "i8", "i64"),
            ("extsi", "i64", "i8"),
            ("trunci", "i64", "i16"),
            ("trunci overflow<nsw>", "i64", "i32"),
            ("extf", "f16", "f64"),
            ("extf fastmath<fast>", "f32", "f64"),
            ("truncf", "f64", "bf16"),
            ("truncf to_nearest_away", "f64", "f32"),
            ("uitofp", "i32", "f32"),
            ("sitofp", "i16", "f64"),
            ("fptoui", "bf16", "i8"),
            ("fptosi", "f64", "i64"),
            ("index_cast", "i32", "index"),
            ("index_cast", "index", "i64"),
            ("index_castui", "index", "i8"),
            ("bitcast", "i64", "f64"),
            ("bitcast", "f16", "bf16"),
            ("bitcast", "i32", "f64"),
        ] {
            func(&[of(from)], format!("  %0 = arith.{} %a0 : {} to {}", op, of(from), of(to)), &of(to));
        }
    }
    // Selects on conditions of other shapes, and casts between different
    // shapes: which check refuses them, and with what.
    for cond in shapes {
        // A shaped condition for scalar values makes upstream's verifier
        // crash (MLIR 22); this compiler says the condition does not fit.
        for value in shapes.iter().filter(|v| cond == "{}" || **v != "{}") {
            let (c, v) = (cond.replace("{}", "i1"), value.replace("{}", "i32"));
            func(&[c.clone(), v.clone()], format!("  %0 = arith.select %a0, %a1, %a1 : {c}, {v}"), &v);
        }
    }
    for from in shapes {
        for to in shapes {
            let (a, b) = (from.replace("{}", "i8"), to.replace("{}", "i32"));
            func(std::slice::from_ref(&a), format!("  %0 = arith.extsi %a0 : {a} to {b}"), &b);
        }
    }
    for constant in [
        "42 : i64",
        "-1 : i8",
        "true",
        "7 : index",
        "1.5 : f32",
        "0x7FC00000 : f32",
        "-0.0 : f64",
        "1.0e10 : f16",
        "dense<1> : vector<4xi32>",
        "dense<[1, 2, 3, 4]> : tensor<4xi8>",
        "dense<2.5> : tensor<2x2xf64>",
        "dense<[true, false]> : vector<2xi1>",
        "dense<> : tensor<0xi32>",
        "dense<[[1, 2], [3, 4]]> : tensor<2x2xindex>",
        "dense<0x7F800000> : vector<3xf32>",
        "dense<[1.0, -2.0]> : vector<[2]xbf16>",
        "dense<5> : vector<i32>",
    ] {
        let ty = constant.rsplit_once(" : ").map_or("i1", |(_, t)| t);
        func(&[], format!("  %0 = arith.constant {constant}"), ty);
    }
    out
}

/// Valid programs of the lit tests over the standard dialects (each chunk), one
/// or two tokens changed (deleted, repeated, replaced by another token of
/// the program or by a type or number), read by this compiler and by
/// `mlir-opt-22` (a separate process, so that a crash of upstream's is not
/// this test's): both accept the same ones and print each the same, in the
/// generic form. Without `mlir-opt-22` the test says so and checks nothing.
#[test]
fn mutated_standard_programs_are_read_as_upstream_reads_them() {
    let Some(mlir_opt) = ["mlir-opt-22", "/usr/lib/llvm-22/bin/mlir-opt"]
        .into_iter()
        .find(|t| std::process::Command::new(t).arg("--version").output().is_ok_and(|o| o.status.success()))
    else {
        eprintln!("mutated programs: skipped, mlir-opt-22 is not installed");
        return;
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../test");
    let dirs = ["IR", "Dialect/Arith", "Dialect/SCF", "Dialect/CF", "Dialect/Func", "Dialect/Builtin", "Transforms"];
    let mut sources = Vec::new();
    for dir in dirs {
        for file in mlir_files(&root.join(dir)) {
            let text = std::fs::read_to_string(&file).expect("read a test file");
            for chunk in text.split("// -----") {
                let code: String =
                    chunk.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
                let foreign = ["graph.", "sched.", "par.", "test.", "\"t."].iter().any(|d| code.contains(d));
                if !code.trim().is_empty() && !foreign && code.len() < 4000 {
                    sources.push(code);
                }
            }
        }
    }
    // Mutants of programs both read alike (this excludes the few where this
    // compiler differs on purpose, such as out-of-range case values).
    let registry = Arc::new(registry::dialects());
    let read = |text: &str| {
        let mut ctx = Context::new(Arc::clone(&registry));
        ctx.allow_unregistered = true;
        parse_source(&mut ctx, "mutant.mlir", text, 0, text.len())
            .ok()
            .filter(|m| verify(&ctx, *m).is_empty())
            .map(|m| print_module(&ctx, m, PrintOptions { generic: true, debug_info: false }, false))
    };
    // Where this compiler differs from MLIR 22 on purpose: a switch case
    // value out of its type's range is an error here (as in later MLIR),
    // where MLIR 22 wraps it.
    let deliberate = |text: &str| {
        let mut ctx = Context::new(Arc::clone(&registry));
        ctx.allow_unregistered = true;
        let module = parse_source(&mut ctx, "mutant.mlir", text, 0, text.len());
        module.is_err_and(|d| d.message.contains("case value is out of range"))
    };
    let valid = upstream_generic_forms(mlir_opt, &sources);
    let sources: Vec<String> = sources
        .into_iter()
        .zip(valid)
        .filter(|(s, v)| matches!(v, Some(Some(t)) if read(s).is_some_and(|o| o.trim() == t.trim())))
        .map(|(s, _)| s)
        .collect();
    assert!(sources.len() > 50, "only {} programs to mutate", sources.len());
    // STRATA_MUTANT_SEED and STRATA_MUTANTS try other and more mutants.
    let seed = std::env::var("STRATA_MUTANT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x0b51_0c0d_e000_0021);
    let count = std::env::var("STRATA_MUTANTS").ok().and_then(|s| s.parse().ok()).unwrap_or(1500);
    let mut rng = Rng(seed);
    let mutants: Vec<String> = (0..count)
        .map(|_| {
            let mut text = sources[rng.below(sources.len())].clone();
            for _ in 0..1 + rng.below(2) {
                text = mutate_token(&text, &mut rng);
            }
            text
        })
        .collect();
    let theirs = upstream_generic_forms(mlir_opt, &mutants);
    let (mut differ, mut accepted) = (Vec::new(), 0);
    for (text, theirs) in mutants.iter().zip(&theirs) {
        let Some(theirs) = theirs else { continue };
        let ours = read(text);
        if ours.is_none() && theirs.is_some() && deliberate(text) {
            continue;
        }
        accepted += usize::from(ours.is_some());
        // Affine maps and sets are kept as written where upstream simplifies
        // them (docs/syntax.md): for those only acceptance is compared.
        let same = if text.contains("affine_") {
            ours.is_some() == theirs.is_some()
        } else {
            ours.as_deref().map(str::trim) == theirs.as_deref().map(str::trim)
        };
        if !same {
            differ.push(format!("{text}\n--- this compiler\n{ours:?}\n--- upstream\n{theirs:?}"));
        }
    }
    fail_on_differences(&differ, mutants.len(), "mutants");
    eprintln!("mutated programs: {} read alike ({accepted} accepted by both)", mutants.len());
}

/// One token of `text` deleted, repeated or replaced, or a type replaced
/// everywhere.
fn mutate_token(text: &str, rng: &mut Rng) -> String {
    let tokens: Vec<(usize, &str)> = text
        .match_indices(|c: char| !c.is_whitespace())
        .map(|(i, _)| i)
        .filter(|&i| {
            i == 0 || text.as_bytes()[i - 1].is_ascii_whitespace() || b"(){}[]<>,:=".contains(&text.as_bytes()[i])
        })
        .map(|i| {
            let len =
                text[i..].find(|c: char| c.is_whitespace() || "(){}[]<>,:=".contains(c)).unwrap_or(text.len() - i);
            (i, &text[i..i + len.max(1)])
        })
        .collect();
    if tokens.is_empty() {
        return text.to_string();
    }
    // Changes that often keep a program valid, so that printing is compared
    // as well as refusing: a type replaced everywhere, a number, a predicate.
    match rng.below(8) {
        5 => {
            let types = ["i1", "i8", "i32", "i64", "index", "f16", "f32", "f64"];
            let (from, to) = (types[rng.below(8)], types[rng.below(8)]);
            let word = |t: &str, i: usize| !t[i + from.len()..].starts_with(|c: char| c.is_ascii_alphanumeric());
            let mut out = String::new();
            let mut last = 0;
            for (i, _) in text.match_indices(from).filter(|(i, _)| word(text, *i)) {
                let boundary =
                    i == 0 || !text[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '%' || c == '_');
                if boundary {
                    out.push_str(&text[last..i]);
                    out.push_str(to);
                    last = i + from.len();
                }
            }
            out.push_str(&text[last..]);
            return out;
        }
        6 => {
            let numbers: Vec<&(usize, &str)> = tokens.iter().filter(|(_, t)| t.parse::<i64>().is_ok()).collect();
            if let Some((at, token)) = numbers.get(rng.below(numbers.len().max(1))).copied() {
                let with = ["0", "1", "-1", "7", "255", "-128", "4294967296"][rng.below(7)];
                return format!("{}{with}{}", &text[..*at], &text[*at + token.len()..]);
            }
        }
        7 => {
            let predicates = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
            let found: Vec<&(usize, &str)> = tokens.iter().filter(|(_, t)| predicates.contains(t)).collect();
            if let Some((at, token)) = found.get(rng.below(found.len().max(1))).copied() {
                let with = predicates[rng.below(predicates.len())];
                return format!("{}{with}{}", &text[..*at], &text[*at + token.len()..]);
            }
        }
        _ => {}
    }
    let (at, token) = tokens[rng.below(tokens.len())];
    let replacement = match rng.below(5) {
        0 => String::new(),
        1 => format!("{token} {token}"),
        2 => tokens[rng.below(tokens.len())].1.to_string(),
        3 => ["i1", "i8", "i32", "i64", "index", "f16", "f32", "f64", "vector<4xi32>", "tensor<2xf32>", "none"]
            [rng.below(11)]
        .to_string(),
        _ => ["0", "-1", "2", "65536", "-9223372036854775808", "18446744073709551616", "1.5"][rng.below(7)].to_string(),
    };
    format!("{}{replacement}{}", &text[..at], &text[at + token.len()..])
}

/// What `mlir_opt` prints for each program in the generic form (`None`
/// where it refuses it); programs it crashes on, one by one, come back as
/// `None` in the outer option (not compared).
fn upstream_generic_forms(mlir_opt: &str, programs: &[String]) -> Vec<Option<Option<String>>> {
    let run = |texts: &[String]| -> Option<Vec<Option<String>>> {
        let dir = std::env::temp_dir().join(format!("strata-mutants-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let file = dir.join("mutants.mlir");
        std::fs::write(&file, texts.join("\n// -----\n")).expect("write the mutants");
        let out = std::process::Command::new(mlir_opt)
            .args(["--split-input-file", "--allow-unregistered-dialect", "--mlir-print-op-generic"])
            .arg(&file)
            .output()
            .expect("run mlir-opt");
        let _ = std::fs::remove_dir_all(&dir);
        // Status 1 means some chunk was refused; a signal means a crash.
        out.status.code()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let chunks: Vec<Option<String>> =
            text.split("// -----\n").map(|c| (!c.trim().is_empty()).then(|| c.to_string())).collect();
        (chunks.len() == texts.len()).then_some(chunks)
    };
    // In batches, so that a crash costs one batch read program by program.
    programs
        .chunks(50)
        .flat_map(|batch| match run(batch) {
            Some(all) => all.into_iter().map(Some).collect::<Vec<_>>(),
            None => batch.iter().map(|p| run(std::slice::from_ref(p)).map(|mut v| v.remove(0))).collect(),
        })
        .collect()
}
