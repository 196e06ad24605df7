//! Every algorithm of the corpus in `test/algorithms/`, run by the reference
//! interpreter in order and shuffled, as written and lowered to the sched and
//! par levels, compiled for the CPU and run on 1 and 2 threads, and compiled
//! to PTX (checked by ptxas; run where a GPU is present), against plain Rust
//! references (and the compiled runs against the interpreter) on generated
//! graphs of every kind (loaded with `--simplify`).

use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::Arc;

use strata_abi::compare::compare_results;
use strata_abi::{GraphImage, HostValue, Number, ScalarType};
use strata_graph::csr::EdgeTriple;
use strata_graph::generate::{grid, kronecker, uniform};
use strata_graph::load::build;
use strata_graph::{Graph, LoadOptions};
use strata_interp::host::{from_host, results_to_host};
use strata_interp::{run_function, Options};
use strata_ir::parser::parse_source;
use strata_ir::pass::{Instrumentation, PassManager};
use strata_ir::pipeline::parse_pipeline;
use strata_ir::verifier::verify;
use strata_ir::{Context, OpId};

fn graphs() -> Vec<(&'static str, Graph)> {
    let build = |(n, e, w): (u32, Vec<EdgeTriple>, bool)| {
        build(n, e, w, LoadOptions { simplify: true, ..LoadOptions::default() })
    };
    // A small irregular graph with parallel edges, self-loops and an isolated node.
    let small = (
        9,
        vec![
            (0, 1, 4),
            (0, 1, 2),
            (1, 2, 1),
            (2, 0, 7),
            (2, 2, 3),
            (3, 4, 5),
            (4, 3, 1),
            (1, 4, 9),
            (5, 6, 2),
            (6, 7, 2),
            (7, 5, 2),
            (2, 7, 1),
        ],
        true,
    );
    vec![
        ("small", build(small)),
        ("grid", build(grid(20, 25, 0.1, 5, true))),
        ("kron", build(kronecker(9, 8, 11, true))),
        ("uniform", build(uniform(600, 2400, 3, true))),
    ]
}

/// Parses and verifies a corpus program, then runs `pipeline` on it.
fn load_program(name: &str, pipeline: &str) -> (Context, OpId) {
    let path = format!("{}/../test/algorithms/{name}.mlir", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("corpus file");
    let mut ctx = Context::new(Arc::new(strata_tools::all_dialects()));
    let m = parse_source(&mut ctx, &path, &text, 0, text.len()).unwrap_or_else(|d| panic!("{path}: {}", d.message));
    let errs = verify(&ctx, m);
    assert!(errs.is_empty(), "{path}: {:?}", errs.iter().map(|d| &d.message).collect::<Vec<_>>());
    let passes = parse_pipeline(pipeline, &strata_tools::all_passes()).expect("pipeline");
    let mut pm = PassManager::new(passes, Instrumentation::default());
    assert!(
        pm.run(&mut ctx, m).is_ok(),
        "{path}: {pipeline} failed: {:?}",
        ctx.diagnostics.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    (ctx, m)
}

/// Runs `name`, as written and simplified, on every graph in both modes;
/// `check` compares the results.
fn run_all(name: &str, scalars: &dyn Fn(&Graph) -> Vec<HostValue>, check: &dyn Fn(&str, &Graph, &[HostValue])) {
    let default = strata_tools::opt::default_pipeline("cpu", None);
    for pipeline in [
        "",
        "builtin.module(canonicalize,cse)",
        "builtin.module(convert-graph-to-sched,convert-sched-to-par,canonicalize,cse)",
        default.as_str(),
        "builtin.module(convert-graph-to-sched{mapping=sequential},convert-sched-to-par)",
        "builtin.module(convert-graph-to-sched,func.func(sched-collapse-loops),convert-sched-to-par,canonicalize,cse)",
        "builtin.module(convert-graph-to-sched{direction=pull frontier=bitmap pushes=direct},convert-sched-to-par)",
    ] {
        let (ctx, m) = load_program(name, pipeline);
        for (gname, g) in graphs() {
            let g = Rc::new(g);
            for seed in [None, Some(7)] {
                let r = interpret(&ctx, m, name, &g, &scalars(&g), Options { shuffle_seed: seed })
                    .unwrap_or_else(|e| panic!("{name} on {gname}: {e}"));
                check(&format!("{name} [{pipeline}] on {gname} (shuffle {seed:?})"), &g, &r);
            }
        }
    }
    run_cpu(name, scalars, check);
    run_gpu(name, scalars, check);
}

/// Runs the entry `name` of `m` in the interpreter on `g` with `scalars`;
/// returns its results as host values.
fn interpret(
    ctx: &Context,
    m: OpId,
    name: &str,
    g: &Rc<Graph>,
    scalars: &[HostValue],
    opts: Options,
) -> Result<Vec<HostValue>, String> {
    let mut args = vec![from_host(&HostValue::Graph, Some(g))?];
    for s in scalars {
        args.push(from_host(s, Some(g))?);
    }
    let r = run_function(ctx, m, name, args, opts).map_err(|e| e.message)?;
    results_to_host(&r, &strata_tools::run::signature(ctx, m, name)?.results)
}

/// A case of the compiled runs: the graph's name, the graph, the arguments
/// and the interpreter's results.
type Case = (&'static str, Rc<Graph>, Vec<HostValue>, Vec<HostValue>);

/// Every graph with the arguments of `name` on it and the interpreter's
/// results for the program as written.
fn interpreted(name: &str, scalars: &dyn Fn(&Graph) -> Vec<HostValue>) -> Vec<Case> {
    let (ctx, m) = load_program(name, "");
    let mut cases = Vec::new();
    for (gname, g) in graphs() {
        let g = Rc::new(g);
        let want = interpret(&ctx, m, name, &g, &scalars(&g), Options::default()).expect("interpreter");
        let mut args = vec![HostValue::Graph];
        args.extend(scalars(&g));
        cases.push((gname, g, args, want));
    }
    cases
}

/// Schedules the compiled runs use (besides the default): every loop that
/// can be pulled pulled, every worklist loop that can scan a bitmap
/// scanning one, every loop that can be collapsed collapsed, direct pushes,
/// other distributions.
const SCHEDULES: [&str; 3] =
    ["", "direction=pull,frontier=bitmap", "mapping=edge,frontier=bitmap,pushes=direct,dist=static,chunk=7"];

/// Compiles `name` for the CPU under each of [`SCHEDULES`] and runs it on
/// every graph (the default schedule with 1 and 2 threads, the others with
/// 2): results must pass `check` and agree with the interpreter
/// ([`compare_results`]).
fn run_cpu(name: &str, scalars: &dyn Fn(&Graph) -> Vec<HostValue>, check: &dyn Fn(&str, &Graph, &[HostValue])) {
    let cases = interpreted(name, scalars);
    for schedule in SCHEDULES {
        let (ctx, m) = load_program(name, &strata_tools::opt::default_pipeline("cpu", Some(schedule)));
        let object = strata_llvm::compile(&ctx, m, &strata_llvm::Options::default(), strata_llvm::Emit::Object)
            .unwrap_or_else(|d| panic!("{name}: {}", d.message));
        let program = strata_cpu::Program::load(&object).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (inputs, results) = strata_tools::run::entry_slots(&ctx, m, name, "CPU").expect("signature");
        for (gname, g, args, want) in &cases {
            let image = GraphImage::new(g);
            for threads in if schedule.is_empty() { &[1, 2][..] } else { &[2][..] } {
                program.set_threads(*threads).expect("threads");
                let what =
                    format!("{name} compiled for the CPU (schedule '{schedule}') on {gname} with {threads} threads");
                let (got, _) = program
                    .run(name, &inputs, &results, args, Some(&image), 1)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                check(&what, g, &got);
                assert_same(&what, &got, want);
            }
        }
    }
}

/// NVIDIA's PTX assembler: `$STRATA_PTXAS`, or the one
/// `scripts/install-ptxas.sh` puts under `target/tools/`.
fn ptxas() -> std::path::PathBuf {
    if let Some(p) = std::env::var_os("STRATA_PTXAS") {
        return p.into();
    }
    let tools = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/tools");
    let found =
        std::fs::read_dir(&tools).into_iter().flatten().flatten().map(|e| e.path().join("ptxas")).find(|p| p.exists());
    found.unwrap_or_else(|| panic!("ptxas not found: run scripts/install-ptxas.sh (or set STRATA_PTXAS)"))
}

/// Compiles `name` to PTX under each of [`SCHEDULES`], has ptxas check it
/// for sm_80 and sm_90, and where this machine has a CUDA driver and a GPU
/// runs it on every graph: results must pass `check` and agree with the
/// interpreter. Without a driver the runs are skipped, saying so.
fn run_gpu(name: &str, scalars: &dyn Fn(&Graph) -> Vec<HostValue>, check: &dyn Fn(&str, &Graph, &[HostValue])) {
    let cases = interpreted(name, scalars);
    let gpu = strata_gpu::available();
    if let Err(e) = &gpu {
        eprintln!("{name}: skipping the GPU runs: {e}");
    }
    for schedule in SCHEDULES {
        let (ctx, m) = load_program(name, &strata_tools::opt::default_pipeline("gpu", Some(schedule)));
        let ptx = strata_llvm::compile_gpu(&ctx, m, &strata_llvm::GpuOptions::default(), strata_llvm::Emit::Assembly)
            .unwrap_or_else(|d| panic!("{name}: {}", d.message));
        let file = std::env::temp_dir().join(format!("strata-{name}-{}-{}.ptx", std::process::id(), schedule.len()));
        std::fs::write(&file, &ptx).expect("write PTX");
        for arch in ["sm_80", "sm_90"] {
            let out = std::process::Command::new(ptxas())
                .arg(format!("-arch={arch}"))
                .arg(&file)
                .arg("-o")
                .arg("/dev/null")
                .output()
                .expect("run ptxas");
            assert!(
                out.status.success(),
                "{name} (schedule '{schedule}'): ptxas -arch={arch} rejects the PTX:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let _ = std::fs::remove_file(&file);
        if gpu.is_err() {
            continue;
        }
        let program = strata_gpu::Program::load(&ptx).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (inputs, results) = strata_tools::run::entry_slots(&ctx, m, name, "GPU").expect("signature");
        for (gname, g, args, want) in &cases {
            let image = program.upload(&GraphImage::new(g)).unwrap_or_else(|e| panic!("{name}: {e}"));
            let what = format!("{name} compiled for the GPU (schedule '{schedule}') on {gname}");
            let runs =
                program.run(name, &inputs, &results, args, Some(&image), 1).unwrap_or_else(|e| panic!("{what}: {e}"));
            check(&what, g, &runs.results);
            assert_same(&what, &runs.results, want);
        }
    }
}

/// Compiled and interpreted results agree: integers exactly, floats within
/// [`strata_abi::compare::RELATIVE_TOLERANCE`].
fn assert_same(what: &str, got: &[HostValue], want: &[HostValue]) {
    if let Err(e) = compare_results(got, want) {
        panic!("{what}: against the interpreter: {e}");
    }
}

fn ints(v: &HostValue) -> Vec<i64> {
    match v {
        HostValue::Buffer(_, items) => items.iter().map(|x| x.int() as i64).collect(),
        _ => panic!("expected a property"),
    }
}

/// A scalar integer result.
fn scalar_int(v: &HostValue) -> i64 {
    match v {
        HostValue::Scalar(_, Number::Int(i)) => *i as i64,
        _ => panic!("expected an integer, got {v:?}"),
    }
}

/// The elements of a float property.
fn floats(what: &str, v: &HostValue) -> Vec<f64> {
    match v {
        HostValue::Buffer(_, items) => items.iter().map(|x| x.float()).collect(),
        _ => panic!("{what}: expected a property"),
    }
}

/// A node argument.
fn node(v: u32) -> HostValue {
    HostValue::int(ScalarType::Index, v.into())
}

fn undirected(g: &Graph) -> Vec<Vec<u32>> {
    let mut adj = vec![Vec::new(); g.num_nodes() as usize];
    for (s, d, _) in g.edges() {
        if s != d {
            adj[s as usize].push(d);
            adj[d as usize].push(s);
        }
    }
    for a in &mut adj {
        a.sort_unstable();
        a.dedup();
    }
    adj
}

#[test]
fn bfs_matches_reference() {
    run_all("bfs", &|g| vec![node(g.hub())], &|what, g, r| {
        let mut dist = vec![-1i64; g.num_nodes() as usize];
        let s = g.hub();
        dist[s as usize] = 0;
        let mut q = VecDeque::from([s]);
        while let Some(v) = q.pop_front() {
            for e in g.out_edges(v) {
                let u = g.dst(e) as usize;
                if dist[u] < 0 {
                    dist[u] = dist[v as usize] + 1;
                    q.push_back(u as u32);
                }
            }
        }
        assert_eq!(ints(&r[0]), dist, "{what}");
    });
}

#[test]
fn sssp_matches_reference() {
    run_all("sssp", &|g| vec![node(g.hub())], &|what, g, r| {
        let mut pg = petgraph::graph::DiGraph::<(), i64>::new();
        let nodes: Vec<_> = (0..g.num_nodes()).map(|_| pg.add_node(())).collect();
        for (s, d, w) in g.edges() {
            pg.add_edge(nodes[s as usize], nodes[d as usize], w);
        }
        let dist = petgraph::algo::dijkstra(&pg, nodes[g.hub() as usize], None, |e| *e.weight());
        let want: Vec<i64> = nodes.iter().map(|n| dist.get(n).copied().unwrap_or(-1)).collect();
        assert_eq!(ints(&r[0]), want, "{what}");
    });
}

#[test]
fn cc_matches_reference() {
    run_all("cc", &|_| vec![], &|what, g, r| {
        let labels = ints(&r[0]);
        let mut uf = petgraph::unionfind::UnionFind::<u32>::new(g.num_nodes() as usize);
        for (s, d, _) in g.edges() {
            uf.union(s, d);
        }
        for (s, d, _) in g.edges() {
            assert_eq!(labels[s as usize], labels[d as usize], "{what}: edge {s}->{d} joins two labels");
        }
        for a in 0..g.num_nodes() {
            for b in [a / 2, a / 3, a.saturating_sub(1)] {
                let same = uf.equiv(a, b);
                assert_eq!(labels[a as usize] == labels[b as usize], same, "{what}: nodes {a} and {b}");
            }
        }
    });
}

#[test]
fn pr_matches_reference() {
    let (iters, d) = (12i64, 0.85f64);
    run_all(
        "pr",
        &|_| vec![HostValue::int(ScalarType::Int(64), iters.into()), HostValue::float(ScalarType::F64, d)],
        &|what, g, r| {
            let n = g.num_nodes() as usize;
            let mut pr = vec![1.0 / n as f64; n];
            for _ in 0..iters {
                let mut next = vec![(1.0 - d) / n as f64; n];
                for (s, t, _) in g.edges() {
                    next[t as usize] += d * pr[s as usize] / g.out_degree(s) as f64;
                }
                pr = next;
            }
            for (v, (got, want)) in floats(what, &r[0]).into_iter().zip(&pr).enumerate() {
                assert!((got - want).abs() <= 1e-9 * want.abs().max(1e-300), "{what}: node {v}: {got} vs {want}");
            }
        },
    );
}

#[test]
fn tc_matches_reference() {
    run_all("tc", &|_| vec![], &|what, g, r| {
        let adj = undirected(g);
        let mut t = 0i64;
        for v in 0..adj.len() {
            for &u in adj[v].iter().filter(|u| **u as usize > v) {
                for &w in adj[v].iter().filter(|w| **w > u) {
                    if adj[u as usize].binary_search(&w).is_ok() {
                        t += 1;
                    }
                }
            }
        }
        assert_eq!(scalar_int(&r[0]), t, "{what}");
    });
}

#[test]
fn mis_is_independent_and_maximal() {
    run_all("mis", &|_| vec![], &|what, g, r| {
        let set = ints(&r[0]);
        let adj = undirected(g);
        for v in 0..adj.len() {
            let members = adj[v].iter().filter(|u| set[**u as usize] == 1).count();
            if set[v] == 1 {
                assert_eq!(members, 0, "{what}: node {v} and a neighbour are both in the set");
            } else {
                assert!(members > 0, "{what}: node {v} could join the set");
            }
        }
    });
}

#[test]
fn bc_matches_reference() {
    run_all("bc", &|g| vec![node(g.hub())], &|what, g, r| {
        // Brandes from one source, along out-edges (parallel edges count as distinct paths).
        let n = g.num_nodes() as usize;
        let s = g.hub();
        let (mut dist, mut sigma, mut order) = (vec![-1i64; n], vec![0f64; n], Vec::new());
        dist[s as usize] = 0;
        sigma[s as usize] = 1.0;
        let mut q = VecDeque::from([s]);
        while let Some(v) = q.pop_front() {
            order.push(v);
            for e in g.out_edges(v) {
                let w = g.dst(e) as usize;
                if dist[w] < 0 {
                    dist[w] = dist[v as usize] + 1;
                    q.push_back(w as u32);
                }
                if dist[w] == dist[v as usize] + 1 {
                    sigma[w] += sigma[v as usize];
                }
            }
        }
        let mut delta = vec![0f64; n];
        for &v in order.iter().rev() {
            for e in g.out_edges(v) {
                let w = g.dst(e) as usize;
                if dist[w] == dist[v as usize] + 1 {
                    delta[v as usize] += sigma[v as usize] / sigma[w] * (1.0 + delta[w]);
                }
            }
        }
        delta[s as usize] = 0.0;
        for (v, (got, want)) in floats(what, &r[0]).into_iter().zip(&delta).enumerate() {
            assert!((got - want).abs() <= 1e-9 * want.abs().max(1.0), "{what}: node {v}: {got} vs {want}");
        }
    });
}

#[test]
fn mst_matches_reference() {
    run_all("mst", &|_| vec![], &|what, g, r| {
        let mut pg = petgraph::graph::UnGraph::<(), i64>::new_undirected();
        let nodes: Vec<_> = (0..g.num_nodes()).map(|_| pg.add_node(())).collect();
        for (s, d, w) in g.edges() {
            pg.add_edge(nodes[s as usize], nodes[d as usize], w);
        }
        let total: i64 = petgraph::algo::min_spanning_tree(&pg)
            .filter_map(|el| match el {
                petgraph::data::Element::Edge { weight, .. } => Some(weight),
                petgraph::data::Element::Node { .. } => None,
            })
            .sum();
        assert_eq!(scalar_int(&r[0]), total, "{what}");
    });
}
