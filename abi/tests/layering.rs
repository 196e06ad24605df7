//! The workspace's layering: the dialects depend on nothing under
//! `runtime/` (they share only the contract of `abi/`), the contract
//! depends on no crate of the project, and the runners on the contract
//! alone.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every crate of the workspace: its package name, its folder (relative to
/// the workspace) and the names of the project's crates it depends on.
fn crates() -> Vec<(String, String, Vec<String>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).expect("the workspace manifest");
    let members = workspace
        .lines()
        .find_map(|l| l.strip_prefix("members = ["))
        .expect("a members list")
        .trim_end_matches(']')
        .split(',')
        .map(|m| m.trim().trim_matches('"').to_string())
        .filter(|m| !m.is_empty())
        .collect::<Vec<_>>();
    members
        .into_iter()
        .map(|folder| {
            let manifest: PathBuf = root.join(&folder).join("Cargo.toml");
            let text = std::fs::read_to_string(&manifest).unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
            let name = text
                .lines()
                .find_map(|l| l.strip_prefix("name = "))
                .expect("a package name")
                .trim_matches('"')
                .to_string();
            let mut section = "";
            let mut deps = Vec::new();
            for line in text.lines() {
                if line.starts_with('[') {
                    section = line;
                } else if section == "[dependencies]" && line.starts_with("strata-") {
                    deps.push(line.split(['.', ' ', '=']).next().unwrap_or_default().to_string());
                }
            }
            (name, folder, deps)
        })
        .collect()
}

#[test]
fn dialects_depend_on_nothing_under_runtime_and_the_contract_on_nothing() {
    let all = crates();
    let folder: BTreeMap<&str, &str> = all.iter().map(|(n, f, _)| (n.as_str(), f.as_str())).collect();
    assert!(all.len() >= 16, "the workspace's crates: {all:?}");
    for (name, dir, deps) in &all {
        if dir.starts_with("dialects/") || dir == "ir" {
            let runtime: Vec<_> =
                deps.iter().filter(|d| folder.get(d.as_str()).is_some_and(|f| f.starts_with("runtime/"))).collect();
            assert!(runtime.is_empty(), "{name} ({dir}) depends on {runtime:?}, under runtime/");
        }
        if dir == "abi" {
            assert!(deps.is_empty(), "the contract depends on {deps:?}");
        }
        if dir == "runtime/cpu" || dir == "runtime/gpu" {
            assert_eq!(deps, &["strata-abi"], "{name} depends on more than the contract");
        }
    }
}
