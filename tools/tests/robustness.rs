//! Damaged inputs never panic: every `.mlir` file of the lit suite, cut short at
//! many points and with single bytes deleted or replaced, goes through loading
//! (parsing, verification, the race check), a canonicalize/cse/scf-lowering pipeline and printing, and
//! must either succeed or end in diagnostics.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::Arc;

use strata_driver::load::{load, Checks, Source};
use strata_ir::pass::{Instrumentation, PassManager};
use strata_ir::pipeline::parse_pipeline;
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::Context;

mod common;
use common::files::mlir_files;

/// Parses, verifies, transforms and prints one input; panics propagate.
fn process(text: &str) {
    let registry = Arc::new(strata_driver::registry::dialects());
    let passes = strata_driver::registry::passes();
    let mut ctx = Context::new(registry);
    ctx.allow_unregistered = true;
    let source = Source::new("input.mlir", text);
    let Ok(loaded) = load(&mut ctx, &source, (0, text.len()), Checks::VerifyAndRaces) else { return };
    let module = loaded.module;
    let pipeline = parse_pipeline("builtin.module(canonicalize,cse,convert-scf-to-cf,canonicalize)", &passes)
        .expect("valid pipeline");
    let mut pm = PassManager::new(pipeline, Instrumentation { verify_each: true, ..Default::default() });
    let _ = pm.run(&mut ctx, module);
    for generic in [false, true] {
        let _ = print_op(&ctx, module, PrintOptions { generic, debug_info: generic });
    }
}

/// Deterministic pseudo-random numbers (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 as usize
    }
}

fn variants(text: &str, rng: &mut Rng) -> Vec<(String, String)> {
    let bounds: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
    let mut out = Vec::new();
    let step = (bounds.len() / 200).max(1);
    for &b in bounds.iter().step_by(step) {
        out.push((format!("cut at byte {b}"), text[..b].to_string()));
    }
    const NOISE: [&str; 8] = ["}", "{", "(", "%", "^", ":", "\"", "<"];
    for _ in 0..100 {
        let i = rng.next() % (bounds.len() - 1);
        let (a, z) = (bounds[i], bounds[i + 1]);
        out.push((format!("byte {a} deleted"), format!("{}{}", &text[..a], &text[z..])));
        let n = NOISE[rng.next() % NOISE.len()];
        out.push((format!("byte {a} replaced by {n}"), format!("{}{n}{}", &text[..a], &text[z..])));
    }
    out
}

#[test]
fn damaged_inputs_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../test");
    let files = mlir_files(&root);
    assert!(files.len() > 10, "the lit suite was not found under {}", root.display());
    std::panic::set_hook(Box::new(|_| {}));
    let failures = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
            let mut failures = Vec::new();
            for f in &files {
                let text = std::fs::read_to_string(f).expect("readable test file");
                for (what, input) in variants(&text, &mut rng) {
                    if catch_unwind(AssertUnwindSafe(|| process(&input))).is_err() {
                        failures.push(format!("{}: {what}", f.display()));
                    }
                }
            }
            failures
        })
        .expect("thread")
        .join()
        .expect("no panic outside catch_unwind");
    let _ = std::panic::take_hook();
    assert!(failures.is_empty(), "{} damaged inputs panicked:\n{}", failures.len(), failures.join("\n"));
}
