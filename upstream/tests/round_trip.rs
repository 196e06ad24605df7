//! Every program of the lit tests and the corpus that this compiler accepts
//! goes to upstream MLIR and back through the bridge, and comes back the
//! same: the same printed module, locations included.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use strata_ir::parser::parse_source;
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::verifier::verify;
use strata_ir::{Context, Registry};
use strata_upstream::bridge::Upstream;

fn dialects() -> Arc<Registry> {
    let mut r = strata_std::standard_registry();
    strata_graph_dialect::register(&mut r);
    strata_sched_dialect::register(&mut r);
    strata_par_dialect::register(&mut r);
    Arc::new(r)
}

/// The `.mlir` files under `dir`, sorted.
fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "Output") {
                mlir_files(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

/// The byte ranges of a file's chunks: split at `// -----` lines when its
/// RUN lines ask for it, else the whole file.
fn chunks(text: &str) -> Vec<(usize, usize)> {
    if !text.lines().any(|l| l.contains("RUN:") && l.contains("split-input-file")) {
        return vec![(0, text.len())];
    }
    let mut out = Vec::new();
    let (mut start, mut pos) = (0, 0);
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "// -----" {
            out.push((start, pos));
            start = pos + line.len();
        }
        pos += line.len();
    }
    out.push((start, text.len()));
    out
}

#[test]
fn every_accepted_lit_input_and_corpus_program_comes_back_the_same() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    mlir_files(&root.join("test"), &mut files);
    mlir_files(&root.join("examples"), &mut files);
    let registry = dialects();
    let upstream = Upstream::new();
    let show = PrintOptions { generic: false, debug_info: true };
    let (mut checked, mut failures) = (0, Vec::new());
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read a test file");
        let name = file.strip_prefix(&root).unwrap_or(file).display().to_string();
        for (start, end) in chunks(&text) {
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
