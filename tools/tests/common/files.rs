//! The test files the integration tests read.

use std::path::{Path, PathBuf};

/// The `.mlir` files under `dir` (lit's `Output` folders left out), sorted.
pub fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("test directory").flatten() {
            let p = e.path();
            if p.is_dir() && p.file_name().is_some_and(|n| n != "Output") {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}
