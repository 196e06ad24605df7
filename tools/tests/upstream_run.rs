//! Every corpus program written in upstream's dialects
//! (`graph-opt --target=cpu --emit=upstream-mlir`), lowered by
//! `mlir-opt-22`, translated by `mlir-translate-22`, linked with a host that
//! holds a generated graph and run by `lli` with OpenMP's runtime, prints
//! what `graph-run` prints for the same graph: integers exactly, floats to
//! `printF64`'s six digits. The graphs are generated (Kronecker, grid,
//! uniform; weighted, symmetrized, simplified) and large enough for several
//! threads to share loops and for worklists to carry many items a round.
//! Without upstream's tools the test says so and passes, except under `CI`.
//!
//! Every corpus program under every schedule the corpus test compiles (and
//! each `intersect` method) exports to IR that `mlir-opt-22` verifies, or is
//! refused for an operation with no upstream form yet: those are listed
//! here, so that a new one fails.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use strata_abi::GraphArray;
use strata_graph::array_elements;
use strata_graph::generate::from_spec;
use strata_graph::load::{build, LoadOptions};
use strata_graph::Graph;

mod common;
use common::schedules::SCHEDULES;

const BIN: &str = "/usr/lib/llvm-22/bin";
const LIB: &str = "/usr/lib/llvm-22/lib";

/// The corpus programs: name, the arguments after the graph (for the host
/// as typed MLIR values, for graph-run as text), and whether the result is
/// a buffer of f64 (else of i64, or one i64).
struct Entry {
    name: &'static str,
    host_args: &'static [(&'static str, &'static str)],
    run_args: &'static [&'static str],
    result: Result_,
}

#[derive(Clone, Copy, PartialEq)]
enum Result_ {
    Ints,
    Floats,
    One,
}

const ENTRIES: [Entry; 18] = [
    Entry { name: "bfs", host_args: &[("%c0", "index")], run_args: &["0"], result: Result_::Ints },
    Entry { name: "sssp", host_args: &[("%c0", "index")], run_args: &["0"], result: Result_::Ints },
    Entry { name: "widest", host_args: &[("%c0", "index")], run_args: &["0"], result: Result_::Ints },
    Entry { name: "cc", host_args: &[], run_args: &[], result: Result_::Ints },
    Entry { name: "cc_afforest", host_args: &[], run_args: &[], result: Result_::Ints },
    Entry { name: "scc", host_args: &[], run_args: &[], result: Result_::Ints },
    Entry { name: "mis", host_args: &[], run_args: &[], result: Result_::Ints },
    Entry { name: "coloring", host_args: &[], run_args: &[], result: Result_::Ints },
    Entry { name: "mst", host_args: &[], run_args: &[], result: Result_::One },
    Entry { name: "tc", host_args: &[], run_args: &[], result: Result_::One },
    Entry { name: "tc_merge", host_args: &[], run_args: &[], result: Result_::One },
    Entry {
        name: "sssp_delta",
        host_args: &[("%c0", "index"), ("%delta", "i64")],
        run_args: &["0", "4"],
        result: Result_::Ints,
    },
    Entry { name: "kclique4", host_args: &[], run_args: &[], result: Result_::One },
    Entry { name: "kcore", host_args: &[("%k", "i64")], run_args: &["3"], result: Result_::Ints },
    Entry { name: "jaccard", host_args: &[], run_args: &[], result: Result_::Floats },
    Entry { name: "lcc", host_args: &[], run_args: &[], result: Result_::Floats },
    Entry { name: "bc", host_args: &[("%c0", "index")], run_args: &["0"], result: Result_::Floats },
    Entry {
        name: "pr",
        host_args: &[("%iterations", "i64"), ("%damping", "f64")],
        run_args: &["10", "0.85"],
        result: Result_::Floats,
    },
];

const SPECS: [&str; 3] =
    ["kron:scale=8,degree=8,weighted", "grid:rows=20,cols=20,weighted", "uniform:nodes=300,edges=2000,weighted"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(out.status.success(), "{cmd:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `name` as a dense global of `elements` of `ty`.
fn global(out: &mut String, name: &str, ty: &str, elements: &[String]) {
    let n = elements.len();
    let values = if n == 0 { String::new() } else { elements.join(", ") };
    let _ = writeln!(out, "memref.global \"private\" constant @{name} : memref<{n}x{ty}> = dense<[{values}]>");
}

/// The host: the graph's arrays as globals, each entry called once and its
/// result printed a value a line.
fn host(g: &Graph) -> String {
    // Every array of the contract, in its order, as the export takes them.
    let arrays: Vec<(&str, &str, Vec<String>)> = GraphArray::ALL
        .iter()
        .map(|a| {
            let ty = if a.element().bytes() == Some(4) { "i32" } else { "i64" };
            (a.name(), ty, array_elements(g, *a).map(|x| x.to_string()).collect())
        })
        .collect();
    let mut out = String::new();
    for (name, ty, values) in &arrays {
        global(&mut out, name, ty, values);
    }
    let graph_types: String = std::iter::once("index, index, i1".to_string())
        .chain(arrays.iter().map(|(_, ty, _)| format!("memref<?x{ty}>")))
        .collect::<Vec<_>>()
        .join(", ");
    for e in &ENTRIES {
        let extra: String = e.host_args.iter().map(|(_, t)| format!(", {t}")).collect();
        let result = match e.result {
            Result_::Ints => "memref<?xi64>",
            Result_::Floats => "memref<?xf64>",
            Result_::One => "i64",
        };
        let _ = writeln!(out, "func.func private @{}({graph_types}{extra}) -> {result}", e.name);
    }
    out.push_str(
        "func.func private @printI64(i64)\nfunc.func private @printF64(f64)\nfunc.func private @printNewline()\n\
         func.func @main() -> i32 {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n\
         \x20 %iterations = arith.constant 10 : i64\n  %damping = arith.constant 0.85 : f64\n  %delta = arith.constant 4 : i64\n\
         \x20 %k = arith.constant 3 : i64\n",
    );
    let _ = writeln!(out, "  %nodes = arith.constant {} : index", g.num_nodes());
    let _ = writeln!(out, "  %edges = arith.constant {} : index", g.num_edges());
    let _ = writeln!(out, "  %symmetric = arith.constant {}", g.is_symmetric());
    let mut graph_args = vec!["%nodes".to_string(), "%edges".to_string(), "%symmetric".to_string()];
    for (name, ty, values) in &arrays {
        let n = values.len();
        let _ = writeln!(out, "  %{name}_g = memref.get_global @{name} : memref<{n}x{ty}>");
        let _ = writeln!(out, "  %{name} = memref.cast %{name}_g : memref<{n}x{ty}> to memref<?x{ty}>");
        graph_args.push(format!("%{name}"));
    }
    for e in &ENTRIES {
        let mut args = graph_args.clone();
        args.extend(e.host_args.iter().map(|(v, _)| v.to_string()));
        let extra: String = e.host_args.iter().map(|(_, t)| format!(", {t}")).collect();
        let (result, element, print) = match e.result {
            Result_::Ints => ("memref<?xi64>", "i64", "printI64"),
            Result_::Floats => ("memref<?xf64>", "f64", "printF64"),
            Result_::One => ("i64", "i64", "printI64"),
        };
        let r = format!("%{}_result", e.name);
        let _ =
            writeln!(out, "  {r} = func.call @{}({}) : ({graph_types}{extra}) -> {result}", e.name, args.join(", "));
        if e.result == Result_::One {
            let _ =
                writeln!(out, "  func.call @{print}({r}) : ({element}) -> ()\n  func.call @printNewline() : () -> ()");
            continue;
        }
        let _ = writeln!(out, "  %{0}_n = memref.dim {r}, %c0 : {result}", e.name);
        let _ = writeln!(out, "  scf.for %i_{0} = %c0 to %{0}_n step %c1 {{", e.name);
        let _ = writeln!(out, "    %v_{0} = memref.load {r}[%i_{0}] : {result}", e.name);
        let _ = writeln!(
            out,
            "    func.call @{print}(%v_{}) : ({element}) -> ()\n    func.call @printNewline() : () -> ()",
            e.name
        );
        out.push_str("  }\n");
    }
    // lli's exit status is what main returns.
    out.push_str("  %status = arith.constant 0 : i32\n  return %status : i32\n}\n");
    out
}

/// Whether two printed values agree: integers exactly, floats to six
/// significant digits.
fn same(ours: &str, upstream: &str) -> bool {
    if ours == upstream {
        return true;
    }
    match (ours.parse::<f64>(), upstream.parse::<f64>()) {
        (Ok(a), Ok(b)) => (a - b).abs() <= 1e-5 * a.abs().max(b.abs()) + 1e-9,
        _ => false,
    }
}

#[test]
fn exported_corpus_runs_under_upstream_like_the_interpreter() {
    let tools = ["mlir-opt", "mlir-translate", "llvm-link", "lli"].map(|t| Path::new(BIN).join(t));
    let libs = ["libomp.so", "libmlir_c_runner_utils.so"].map(|l| Path::new(LIB).join(l));
    if let Some(missing) = tools.iter().chain(&libs).find(|p| !p.exists()) {
        assert!(std::env::var_os("CI").is_none(), "{} is missing: run scripts/setup.sh", missing.display());
        eprintln!("skipped: {} is missing (scripts/setup.sh installs upstream's tools)", missing.display());
        return;
    }
    let [mlir_opt, mlir_translate, llvm_link, lli] = tools;
    let dir = tempfile_dir();
    let lower = |input: &Path, output: &Path| {
        let lowered = run(Command::new(&mlir_opt).arg(input).args([
            "--convert-scf-to-cf",
            "--convert-to-llvm",
            "--reconcile-unrealized-casts",
        ]));
        let llvm_dialect = output.with_extension("llvm.mlir");
        std::fs::write(&llvm_dialect, lowered).expect("write");
        run(Command::new(&mlir_translate).arg("--mlir-to-llvmir").arg(&llvm_dialect).arg("-o").arg(output));
    };
    let mut objects = Vec::new();
    for e in &ENTRIES {
        let exported = dir.join(format!("{}.mlir", e.name));
        let program = root().join(format!("test/algorithms/{}.mlir", e.name));
        run(Command::new(env!("CARGO_BIN_EXE_graph-opt"))
            .arg(&program)
            .args(["--target=cpu", "--emit=upstream-mlir", "-o"])
            .arg(&exported));
        let ll = dir.join(format!("{}.ll", e.name));
        lower(&exported, &ll);
        objects.push(ll);
    }
    for spec in SPECS {
        let (n, edges, weighted) = from_spec(spec).expect("a valid spec");
        let g = build(n, edges, weighted, LoadOptions { symmetrize: true, simplify: true });
        let host_mlir = dir.join("host.mlir");
        std::fs::write(&host_mlir, host(&g)).expect("write the host");
        let host_ll = dir.join("host.ll");
        lower(&host_mlir, &host_ll);
        let linked = dir.join("all.ll");
        run(Command::new(&llvm_link).arg(&host_ll).args(&objects).arg("-S").arg("-o").arg(&linked));
        let mut lli_cmd = Command::new(&lli);
        for l in &libs {
            lli_cmd.arg(format!("--dlopen={}", l.display()));
        }
        let upstream = run(lli_cmd.arg(&linked).env("OMP_NUM_THREADS", "4"));
        let mut ours = String::new();
        for e in &ENTRIES {
            let program = root().join(format!("test/algorithms/{}.mlir", e.name));
            ours.push_str(&run(Command::new(env!("CARGO_BIN_EXE_graph-run"))
                .arg(&program)
                .args(["--entry", e.name, "--graph", &format!("gen:{spec}"), "--symmetrize", "--simplify"])
                .args(e.run_args)));
        }
        let (ours, upstream): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), upstream.lines().collect());
        assert_eq!(
            ours.len(),
            upstream.len(),
            "{spec}: graph-run printed {} lines, upstream {}",
            ours.len(),
            upstream.len()
        );
        let differ: Vec<usize> = (0..ours.len()).filter(|i| !same(ours[*i], upstream[*i])).collect();
        assert!(
            differ.is_empty(),
            "{spec}: {} values differ, first at line {}: graph-run {} vs upstream {}",
            differ.len(),
            differ[0] + 1,
            ours[differ[0]],
            upstream[differ[0]]
        );
        eprintln!("{spec}: {} values agree", ours.len());
    }
}

/// The corpus programs the export refuses, with the operation it has no
/// upstream form for: none.
const NOT_EXPORTED: [(&str, &str); 0] = [];

#[test]
fn every_corpus_program_exports_under_every_schedule_to_ir_upstream_verifies() {
    let mlir_opt = Path::new(BIN).join("mlir-opt");
    if !mlir_opt.exists() {
        assert!(std::env::var_os("CI").is_none(), "{} is missing: run scripts/setup.sh", mlir_opt.display());
        eprintln!("skipped: {} is missing (scripts/setup.sh installs upstream's tools)", mlir_opt.display());
        return;
    }
    let dir = root().join("target/tmp/upstream_export");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(root().join("test/algorithms"))
        .expect("the corpus")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    programs.sort();
    let schedules: Vec<&str> = SCHEDULES.iter().copied().chain(["intersect=bitmap", "intersect=gallop"]).collect();
    let mut failures = Vec::new();
    let mut verified = 0;
    for program in &programs {
        let name = program.file_stem().and_then(|s| s.to_str()).expect("a name");
        for schedule in &schedules {
            let out = dir.join(format!("{name}.mlir"));
            let _ = std::fs::remove_file(&out);
            let export = Command::new(env!("CARGO_BIN_EXE_graph-opt"))
                .arg(program)
                .args(["--target=cpu", "--emit=upstream-mlir", &format!("--schedule={schedule}"), "-o"])
                .arg(&out)
                .output()
                .expect("graph-opt runs");
            let stderr = String::from_utf8_lossy(&export.stderr);
            let what = format!("{name} (schedule '{schedule}')");
            if !export.status.success() {
                let refused = NOT_EXPORTED
                    .iter()
                    .any(|(p, op)| *p == name && stderr.contains(&format!("cannot write '{op}' in upstream dialects")));
                if !refused {
                    failures.push(format!("{what}: the export failed: {stderr}"));
                }
                continue;
            }
            if let Some((_, op)) = NOT_EXPORTED.iter().find(|(p, _)| *p == name) {
                failures.push(format!("{what}: exported; take it off NOT_EXPORTED ({op})"));
            }
            let check = Command::new(&mlir_opt).arg(&out).args(["-o", "/dev/null"]).output().expect("mlir-opt runs");
            if check.status.success() {
                verified += 1;
            } else {
                let first = String::from_utf8_lossy(&check.stderr).lines().next().unwrap_or("").to_string();
                failures.push(format!("{what}: mlir-opt-22 rejects the export: {first}"));
            }
        }
    }
    eprintln!("{verified} exports verified by mlir-opt-22");
    assert!(
        failures.is_empty(),
        "{} of {} exports:\n{}",
        failures.len(),
        programs.len() * schedules.len(),
        failures.join("\n")
    );
}

/// A fresh folder under the target directory.
fn tempfile_dir() -> PathBuf {
    let dir = root().join("target/tmp/upstream_run");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the work folder");
    dir
}
