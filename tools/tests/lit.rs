//! Runs the lit suite in `test/` with LLVM's `lit` and `FileCheck`, against the
//! freshly built tools. Prints `N passed, N failed` and fails when lit fails.

use std::path::{Path, PathBuf};
use std::process::Command;

fn find_lit() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("LIT") {
        return Some(PathBuf::from(p));
    }
    ["/usr/lib/llvm-22/bin/lit", "/usr/bin/lit"].iter().map(PathBuf::from).find(|p| p.exists())
}

/// The count lit's summary gives for `label` (`Passed`, ...); lit pads the
/// labels before their colons to one width.
fn count(output: &str, label: &str) -> usize {
    output
        .lines()
        .filter_map(|l| l.trim().strip_prefix(label)?.trim_start().strip_prefix(':'))
        .filter_map(|r| r.split_whitespace().next()?.parse::<usize>().ok())
        .sum()
}

fn main() {
    let Some(lit) = find_lit() else {
        eprintln!("error: LLVM's lit was not found; run scripts/setup.sh (it installs llvm-22-tools) or set LIT");
        std::process::exit(1);
    };
    let tool = PathBuf::from(env!("CARGO_BIN_EXE_graph-opt"));
    let tools_dir = tool.parent().expect("binary directory");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root");
    let mut args: Vec<String> = vec!["-sv".into(), root.join("test").display().to_string()];
    // `cargo test --test lit -- FILTER` narrows the run.
    if let Some(filter) = std::env::args().skip(1).find(|a| !a.starts_with('-')) {
        args.push(format!("--filter={filter}"));
    }
    let out = Command::new(&lit).args(&args).env("STRATA_TOOLS_DIR", tools_dir).output();
    let out = match out {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: cannot run {}: {e}", lit.display());
            std::process::exit(1);
        }
    };
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    print!("{text}");
    let passed = count(&text, "Passed") + count(&text, "Expectedly Failed");
    let failed = count(&text, "Failed") - count(&text, "Expectedly Failed")
        + count(&text, "Unresolved")
        + count(&text, "Timed Out");
    let skipped = count(&text, "Unsupported");
    println!("lit: {passed} passed, {failed} failed, {skipped} skipped");
    if !out.status.success() || passed == 0 {
        std::process::exit(1);
    }
}
