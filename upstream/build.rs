//! Debian's MLIR packages ship upstream MLIR as one shared library
//! (`libMLIR.so`) and its C API only as static archives
//! (`libMLIRCAPI*.a`), while `mlir-sys` in shared mode links `-lMLIR-C`.
//! This writes a `libMLIR-C.so` linker script that names those archives, so
//! the C API is linked in and everything under it comes from the shared
//! `libMLIR.so` and `libLLVM.so` (one LLVM in the process).

use std::path::PathBuf;
use std::process::Command;

fn main() {
    let prefix = std::env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let config = PathBuf::from(&prefix).join("bin/llvm-config");
    let libdir = Command::new(&config)
        .arg("--libdir")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| panic!("cannot run {} (install llvm-22-dev: scripts/setup.sh)", config.display()));
    let mut archives: Vec<String> = std::fs::read_dir(&libdir)
        .unwrap_or_else(|e| panic!("cannot read {libdir}: {e}"))
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("libMLIRCAPI") && n.ends_with(".a"))
        .map(|n| format!("{libdir}/{n}"))
        .collect();
    assert!(
        !archives.is_empty(),
        "no MLIR C API archives (libMLIRCAPI*.a) in {libdir}: install libmlir-22-dev (scripts/setup.sh)"
    );
    archives.sort();
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("libMLIR-C.so"), format!("GROUP ( {} )\n", archives.join(" ")))
        .expect("write the linker script");
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
}
