//! Every algorithm of the corpus in `test/algorithms/`, run by the reference
//! interpreter in order and shuffled, as written and lowered to the sched and
//! par levels (there also on simulated grids of subgroups and lanes), compiled for the CPU and run on 1 and 2 threads, and compiled
//! to PTX (checked by ptxas; run where a GPU is present), against plain Rust
//! references (and the compiled runs against the interpreter) on generated
//! graphs of every kind (loaded with `--simplify`).
//!
//! The whole sweep (every lowering, schedule and graph) runs with
//! `STRATA_CORPUS=full` (`scripts/corpus-sweep.sh`). Otherwise each program
//! runs a sample of it, drawn from `STRATA_CORPUS_SEED` (by default the
//! clock's, so that successive runs cover other cases; a failure prints the
//! seed that repeats it): the program as written, the CPU's and the GPU's
//! pipelines and default schedules always, on every graph, and a few of the
//! other lowerings and schedules (see [`Sweep`]).

use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::{Arc, OnceLock};

use strata_abi::compare::compare_results;
use strata_abi::{HostValue, Number, ScalarType};
use strata_driver::{
    registry, target_pipeline, Backend, CpuBackend, GpuBackend, InterpBackend, Program, Schedule, Target,
};
use strata_graph::csr::{symmetrize, EdgeTriple};
use strata_graph::generate::{grid, kronecker, uniform};
use strata_graph::load::build;
use strata_graph::{Graph, LoadOptions};
use strata_interp::{Grid, Options};

mod common;
use common::schedules::SCHEDULES;

/// Both directions of every edge.
fn symmetric((n, mut e, w): (u32, Vec<EdgeTriple>, bool)) -> (u32, Vec<EdgeTriple>, bool) {
    symmetrize(&mut e);
    (n, e, w)
}

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
        // Symmetric, with skewed degrees (dense enough for tc_merge to rank),
        // and small: the 4-cliques and triangles of a denser one take the
        // interpreter minutes at the par level.
        ("kron-symmetric", build(symmetric(kronecker(7, 32, 4, true)))),
        ("uniform", build(uniform(600, 2400, 3, true))),
        ("shapes-1", build(random_shapes(1))),
        ("shapes-2", build(random_shapes(2))),
    ]
}

/// A graph of random pieces side by side: stars (a hub with in- and
/// out-edges: skew), paths, cycles, dense random clusters (with parallel
/// edges and self-loops), cliques and isolated nodes, about 500 nodes in
/// all, with weights 1, small, or near 2^40 (large, while every path sum
/// and forest weight still fits 64 bits).
fn random_shapes(seed: u64) -> (u32, Vec<EdgeTriple>, bool) {
    let mut rng = strata_graph::generate::Rng::new(seed);
    let mut below = |n: u64| rng.below(n);
    let mut edges = Vec::new();
    let mut n = 0u32;
    while n < 500 {
        let size = 1 + below(60) as u32;
        let kind = below(6);
        let base = n;
        let weight = |below: &mut dyn FnMut(u64) -> u64| match below(3) {
            0 => 1,
            1 => 1 + below(255) as i64,
            _ => (1i64 << 40) + below(1 << 20) as i64,
        };
        for i in 0..size {
            let v = base + i;
            match kind {
                0 if i > 0 => {
                    edges.push((base, v, weight(&mut below)));
                    if below(2) == 0 {
                        edges.push((v, base, weight(&mut below)));
                    }
                }
                1 if i + 1 < size => edges.push((v, v + 1, weight(&mut below))),
                2 => edges.push((v, base + (i + 1) % size, weight(&mut below))),
                3 => {
                    for _ in 0..3 {
                        edges.push((v, base + below(u64::from(size)) as u32, weight(&mut below)));
                    }
                }
                4 if size <= 12 => {
                    for j in 0..size {
                        if j != i {
                            edges.push((v, base + j, weight(&mut below)));
                        }
                    }
                }
                _ => {} // isolated
            }
        }
        n += size;
    }
    (n, edges, true)
}

/// Which cases of the corpus sweep a run takes.
#[derive(Clone, Copy, Debug)]
enum Sweep {
    /// Every lowering, schedule and graph (`STRATA_CORPUS=full`).
    Full,
    /// The cases every run takes, and a sample of the others drawn from
    /// this seed (`STRATA_CORPUS_SEED`).
    Sample(u64),
}

/// How many of the other lowerings the interpreter runs in a sample.
const SAMPLED_LOWERINGS: usize = 4;
/// How many of the other schedules each target compiles in a sample.
const SAMPLED_SCHEDULES: usize = 2;

/// This run's sweep, from the environment (read once).
fn sweep() -> Sweep {
    static SWEEP: OnceLock<Sweep> = OnceLock::new();
    *SWEEP.get_or_init(|| {
        if std::env::var("STRATA_CORPUS").is_ok_and(|v| v == "full") {
            return Sweep::Full;
        }
        let seed = match std::env::var("STRATA_CORPUS_SEED") {
            Ok(s) => {
                s.trim().parse().unwrap_or_else(|_| panic!("STRATA_CORPUS_SEED must be a whole number, got '{s}'"))
            }
            Err(_) => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs()),
        };
        Sweep::Sample(seed)
    })
}

impl Sweep {
    /// The indices of the `n` cases of `kind` that program `name` runs: the
    /// first `always`, and in a sample `more` of the others, drawn from the
    /// seed, the program and the kind (in a full sweep all of them).
    fn pick(self, name: &str, kind: &str, n: usize, always: usize, more: usize) -> Vec<usize> {
        let Sweep::Sample(seed) = self else { return (0..n).collect() };
        let mut state =
            name.bytes().chain(kind.bytes()).fold(seed ^ 0x9e37_79b9_7f4a_7c15, |h, b| mix(h ^ u64::from(b)));
        let mut rest: Vec<usize> = (always.min(n)..n).collect();
        // A partial Fisher-Yates shuffle: the first `more` of `rest` drawn.
        for i in 0..more.min(rest.len()) {
            state = mix(state);
            let j = i + (state % (rest.len() - i) as u64) as usize;
            rest.swap(i, j);
        }
        rest.truncate(more);
        rest.sort_unstable();
        (0..always.min(n)).chain(rest).collect()
    }
}

/// SplitMix64's finalizer: a well-mixed 64-bit hash of `x`.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Says, when its test fails, how to repeat the failing run's sample.
struct RepeatNote;

impl Drop for RepeatNote {
    fn drop(&mut self) {
        if std::thread::panicking() {
            match sweep() {
                Sweep::Full => eprintln!("corpus: the full sweep (STRATA_CORPUS=full)"),
                Sweep::Sample(seed) => eprintln!(
                    "corpus: sample seed {seed}: STRATA_CORPUS_SEED={seed} repeats this sample, \
                     STRATA_CORPUS=full runs every case (scripts/corpus-sweep.sh)"
                ),
            }
        }
    }
}

/// How a corpus program is lowered before it runs.
#[derive(Clone, Copy)]
enum Lowering<'a> {
    /// By a pipeline written as text.
    Text(&'a str),
    /// By a target's pipeline with a default schedule.
    Target(Target, &'a str),
}

/// Loads a corpus program (parsed, verified, checked for races) and lowers it.
fn load_program(name: &str, lowering: Lowering) -> Program {
    let path = format!("{}/../test/algorithms/{name}.mlir", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("corpus file");
    let mut p = Program::load(Arc::new(registry::dialects()), &path, &text).unwrap_or_else(|e| panic!("{e}"));
    let lowered = match lowering {
        Lowering::Text("") => Ok(()),
        Lowering::Text(t) => p.lower_text(t, &registry::passes()),
        Lowering::Target(target, schedule) => {
            p.lower(target_pipeline(target, &Schedule::parse(schedule).expect("schedule")).expect("pipeline"))
        }
    };
    lowered.unwrap_or_else(|e| panic!("{path}: lowering failed: {e}"));
    p
}

/// The lowerings the interpreter runs every program after: as written,
/// canonicalized, and the targets' pipelines with their default schedules
/// first (every run takes them), then the others.
const LOWERINGS: [Lowering<'static>; 18] = [
    Lowering::Text(""),
    Lowering::Text("builtin.module(canonicalize,cse)"),
    Lowering::Target(Target::Cpu, ""),
    Lowering::Target(Target::Gpu, ""),
    Lowering::Text("builtin.module(convert-graph-to-sched,convert-sched-to-par,canonicalize,cse)"),
    Lowering::Text("builtin.module(convert-graph-to-sched{mapping=sequential},convert-sched-to-par)"),
    Lowering::Text(
        "builtin.module(convert-graph-to-sched,func.func(sched-collapse-loops),convert-sched-to-par,canonicalize,cse)",
    ),
    Lowering::Text(
        "builtin.module(convert-graph-to-sched{direction=pull frontier=bitmap pushes=direct},convert-sched-to-par)",
    ),
    Lowering::Text(
        "builtin.module(convert-graph-to-sched{alpha=1000000 beta=1000000 segments=3},convert-sched-to-par)",
    ),
    Lowering::Text("builtin.module(convert-graph-to-sched{split=2},convert-sched-to-par)"),
    Lowering::Text("builtin.module(convert-graph-to-sched{mapping=warp},convert-sched-to-par)"),
    Lowering::Text("builtin.module(convert-graph-to-sched{mapping=block},convert-sched-to-par)"),
    Lowering::Text("builtin.module(convert-graph-to-sched{mapping=edge-balanced},convert-sched-to-par)"),
    Lowering::Text("builtin.module(convert-graph-to-sched{split=16 block=6 warp=2},convert-sched-to-par)"),
    Lowering::Text(
        "builtin.module(convert-graph-to-sched{pushes=block},convert-sched-to-par,func.func(par-cooperative-pushes))",
    ),
    Lowering::Text(
        "builtin.module(convert-graph-to-sched{pushes=subgroup split=2},convert-sched-to-par,\
         func.func(par-cooperative-pushes{uniform-loops=false buffer=2}))",
    ),
    Lowering::Target(Target::Gpu, "split=16,block=6,warp=2,unroll=3,interleave=3"),
    Lowering::Target(Target::Gpu, "pushes=block,unroll=4,interleave=4"),
];

/// Runs `name`, as written and lowered (the [`LOWERINGS`] of this run's
/// [`sweep`]), on every graph in both modes, then compiled for the CPU and
/// the GPU; `check` compares the results.
fn run_all(name: &str, scalars: &dyn Fn(&Graph) -> Vec<HostValue>, check: &dyn Fn(&str, &Graph, &[HostValue])) {
    let _note = RepeatNote;
    for i in sweep().pick(name, "lowering", LOWERINGS.len(), 4, SAMPLED_LOWERINGS) {
        let lowering = LOWERINGS[i];
        let pipeline = match lowering {
            Lowering::Text(t) => t.to_string(),
            Lowering::Target(t, s) => format!("the {} pipeline, schedule '{s}'", t.name()),
        };
        let mut interp = InterpBackend::new(load_program(name, lowering), Options::default());
        // In order and shuffled; at the par level also on simulated grids:
        // two blocks of a warp of 32 lanes in order, two blocks of two
        // subgroups of 3 shuffled.
        let mut runs = vec![(None, None), (Some(7), None)];
        if !matches!(lowering, Lowering::Text("" | "builtin.module(canonicalize,cse)")) {
            runs.push((None, Some(Grid { blocks: 2, subgroups: 1, subgroup_size: 32 })));
            runs.push((Some(7), Some(Grid { blocks: 2, subgroups: 2, subgroup_size: 3 })));
        }
        for (gname, g) in graphs() {
            let g = Rc::new(g);
            interp.set_graph(g.clone()).expect("graph");
            for &(seed, grid) in &runs {
                interp.set_options(Options { shuffle_seed: seed, grid, ..Options::default() });
                let what = format!("{name} [{pipeline}] on {gname} (shuffle {seed:?}, grid {grid:?})");
                let r = interp.run(name, &arguments(&g, scalars), 1).unwrap_or_else(|e| panic!("{what}: {e}")).results;
                check(&what, &g, &r);
            }
        }
    }
    let cases = interpreted(name, scalars);
    run_cpu(name, scalars, check, &cases);
    run_gpu(name, scalars, check, &cases);
}

/// The arguments of a corpus program on `g`: the graph, then `scalars`.
fn arguments(g: &Graph, scalars: &dyn Fn(&Graph) -> Vec<HostValue>) -> Vec<HostValue> {
    let mut args = vec![HostValue::Graph];
    args.extend(scalars(g));
    args
}

/// A case of the compiled runs: the graph's name, the graph, and the
/// interpreter's results.
type Case = (&'static str, Rc<Graph>, Vec<HostValue>);

/// Every graph with the interpreter's results of `name` as written on it.
fn interpreted(name: &str, scalars: &dyn Fn(&Graph) -> Vec<HostValue>) -> Vec<Case> {
    let mut interp = InterpBackend::new(load_program(name, Lowering::Text("")), Options::default());
    let mut cases = Vec::new();
    for (gname, g) in graphs() {
        let g = Rc::new(g);
        interp.set_graph(g.clone()).expect("graph");
        let want = interp.run(name, &arguments(&g, scalars), 1).expect("interpreter").results;
        cases.push((gname, g, want));
    }
    cases
}

/// Compiles `name` for the CPU under each of [`SCHEDULES`] this run's
/// [`sweep`] takes and runs it on
/// every graph (the default schedule with 1 and 2 threads, the others with
/// 2): results must pass `check` and agree with the interpreter
/// ([`compare_results`]).
fn run_cpu(
    name: &str,
    scalars: &dyn Fn(&Graph) -> Vec<HostValue>,
    check: &dyn Fn(&str, &Graph, &[HostValue]),
    cases: &[Case],
) {
    for i in sweep().pick(name, "cpu schedule", SCHEDULES.len(), 1, SAMPLED_SCHEDULES) {
        let schedule = SCHEDULES[i];
        let program = load_program(name, Lowering::Target(Target::Cpu, schedule));
        let mut cpu = CpuBackend::compile(program, &strata_llvm::Options::default()).unwrap_or_else(|e| panic!("{e}"));
        for (gname, g, want) in cases {
            cpu.set_graph(g.clone()).expect("graph");
            for threads in if schedule.is_empty() { &[1, 2][..] } else { &[2][..] } {
                cpu.set_threads(*threads).expect("threads");
                let what =
                    format!("{name} compiled for the CPU (schedule '{schedule}') on {gname} with {threads} threads");
                let got = cpu.run(name, &arguments(g, scalars), 1).unwrap_or_else(|e| panic!("{what}: {e}")).results;
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

/// Compiles `name` to PTX under each of [`SCHEDULES`] this run's [`sweep`]
/// takes, has ptxas check it
/// for sm_80 and sm_90, and where this machine has a CUDA driver and a GPU
/// runs it on every graph: results must pass `check` and agree with the
/// interpreter. Without a driver the runs are skipped, saying so.
fn run_gpu(
    name: &str,
    scalars: &dyn Fn(&Graph) -> Vec<HostValue>,
    check: &dyn Fn(&str, &Graph, &[HostValue]),
    cases: &[Case],
) {
    let gpu = strata_gpu::available();
    if let Err(e) = &gpu {
        eprintln!("{name}: skipping the GPU runs: {e}");
    }
    for i in sweep().pick(name, "gpu schedule", SCHEDULES.len(), 1, SAMPLED_SCHEDULES) {
        let schedule = SCHEDULES[i];
        let mut program = load_program(name, Lowering::Target(Target::Gpu, schedule));
        let ptx = program
            .compile_gpu(&strata_llvm::GpuOptions::default(), strata_llvm::Emit::Assembly)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
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
        let Ok(device) = &gpu else { continue };
        let mut on_gpu = GpuBackend::compile(program, device, None, false).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (gname, g, want) in cases {
            on_gpu.set_graph(g.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
            let what = format!("{name} compiled for the GPU (schedule '{schedule}') on {gname}");
            let got = on_gpu.run(name, &arguments(g, scalars), 1).unwrap_or_else(|e| panic!("{what}: {e}")).results;
            check(&what, g, &got);
            assert_same(&what, &got, want);
        }
    }
}

/// Compiled and interpreted results agree: integers exactly, floats within
/// [`strata_abi::compare::RELATIVE_TOLERANCE`] (`f32`:
/// [`strata_abi::compare::RELATIVE_TOLERANCE_F32`]).
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
fn samples_keep_the_first_cases_and_cover_the_rest_over_seeds() {
    assert_eq!(Sweep::Full.pick("bfs", "x", 5, 1, 2), vec![0, 1, 2, 3, 4]);
    let mut seen = [false; 10];
    for seed in 0..200 {
        let picked = Sweep::Sample(seed).pick("bfs", "cpu schedule", 10, 1, 2);
        assert_eq!(picked.len(), 3, "seed {seed}: {picked:?}");
        assert_eq!(picked[0], 0);
        assert!(picked.windows(2).all(|w| w[0] < w[1] && w[1] < 10), "seed {seed}: {picked:?}");
        assert_eq!(picked, Sweep::Sample(seed).pick("bfs", "cpu schedule", 10, 1, 2), "not repeatable");
        for i in picked {
            seen[i] = true;
        }
    }
    assert!(seen.iter().all(|s| *s), "some case is never drawn: {seen:?}");
    assert_eq!(Sweep::Sample(3).pick("tc", "lowering", 3, 4, 4), vec![0, 1, 2]);
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
    run_all("sssp", &|g| vec![node(g.hub())], &check_distances);
}

#[test]
fn sssp_delta_matches_reference() {
    // Buckets of 3: many buckets on every graph, several rounds in some.
    run_all("sssp_delta", &|g| vec![node(g.hub()), HostValue::int(ScalarType::Int(64), 3)], &check_distances);
}

/// Distances from the hub as Dijkstra's algorithm finds them, -1 where unreached.
fn check_distances(what: &str, g: &Graph, r: &[HostValue]) {
    let mut pg = petgraph::graph::DiGraph::<(), i64>::new();
    let nodes: Vec<_> = (0..g.num_nodes()).map(|_| pg.add_node(())).collect();
    for (s, d, w) in g.edges() {
        pg.add_edge(nodes[s as usize], nodes[d as usize], w);
    }
    let dist = petgraph::algo::dijkstra(&pg, nodes[g.hub() as usize], None, |e| *e.weight());
    let want: Vec<i64> = nodes.iter().map(|n| dist.get(n).copied().unwrap_or(-1)).collect();
    assert_eq!(ints(&r[0]), want, "{what}");
}

#[test]
fn widest_matches_reference() {
    run_all("widest", &|g| vec![node(g.hub())], &|what, g, r| {
        // Dijkstra's order on widths: the widest node not yet final is
        // final; i64::MIN where unreached, i64::MAX at the source.
        let n = g.num_nodes() as usize;
        let mut width = vec![i64::MIN; n];
        let mut done = vec![false; n];
        width[g.hub() as usize] = i64::MAX;
        let mut heap = std::collections::BinaryHeap::from([(i64::MAX, g.hub())]);
        while let Some((w, v)) = heap.pop() {
            if std::mem::replace(&mut done[v as usize], true) {
                continue;
            }
            for e in g.out_edges(v) {
                let (u, through) = (g.dst(e), w.min(g.weight(e)));
                if through > width[u as usize] {
                    width[u as usize] = through;
                    heap.push((through, u));
                }
            }
        }
        assert_eq!(ints(&r[0]), width, "{what}");
    });
}

#[test]
fn lcc_matches_reference() {
    run_all("lcc", &|_| vec![], &|what, g, r| {
        // Each node's distinct out-neighbours but itself, and the ordered
        // pairs of them joined by an edge.
        let n = g.num_nodes() as usize;
        let mut out: Vec<std::collections::BTreeSet<u32>> = vec![Default::default(); n];
        for (s, d, _) in g.edges() {
            if s != d {
                out[s as usize].insert(d);
            }
        }
        for (v, (got, list)) in floats(what, &r[0]).into_iter().zip(&out).enumerate() {
            let d = list.len();
            let pairs = list
                .iter()
                .map(|u| list.iter().filter(|w| *w != u && out[*u as usize].contains(w)).count())
                .sum::<usize>();
            let want = if d < 2 { 0.0 } else { pairs as f64 / (d * (d - 1)) as f64 };
            assert_eq!(got.to_bits(), want.to_bits(), "{what}: node {v}: {got} vs {want}");
        }
    });
}

#[test]
fn scc_matches_reference() {
    run_all("scc", &|_| vec![], &|what, g, r| {
        // Tarjan's components, each labelled with its largest node.
        let mut pg = petgraph::graph::DiGraph::<(), ()>::new();
        let nodes: Vec<_> = (0..g.num_nodes()).map(|_| pg.add_node(())).collect();
        for (s, d, _) in g.edges() {
            pg.add_edge(nodes[s as usize], nodes[d as usize], ());
        }
        let mut want = vec![0i64; nodes.len()];
        for component in petgraph::algo::tarjan_scc(&pg) {
            let largest = component.iter().map(|n| n.index()).max().expect("a component has a node");
            component.iter().for_each(|n| want[n.index()] = largest as i64);
        }
        assert_eq!(ints(&r[0]), want, "{what}");
    });
}

#[test]
fn cc_matches_reference() {
    run_all("cc", &|_| vec![], &check_components);
}

#[test]
fn cc_afforest_matches_reference() {
    run_all("cc_afforest", &|_| vec![], &check_components);
}

/// Labels equal exactly where nodes are connected (edges taken as undirected).
fn check_components(what: &str, g: &Graph, r: &[HostValue]) {
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
}

#[test]
fn pr_matches_reference() {
    let (iters, d) = (12i64, 0.85f64);
    run_all(
        "pr",
        &|_| vec![HostValue::int(ScalarType::Int(64), iters.into()), HostValue::float(ScalarType::F64, d)],
        &|what, g, r| check_ranks(what, g, r, iters, d, 1e-9),
    );
}

#[test]
fn pr_f32_matches_reference() {
    let (iters, d) = (12i64, 0.85f64);
    run_all(
        "pr_f32",
        &|_| vec![HostValue::int(ScalarType::Int(64), iters.into()), HostValue::float(ScalarType::F32, d)],
        // Single precision: a dozen rounds of sums keep about 5 digits.
        &|what, g, r| check_ranks(what, g, r, iters, d, 1e-4),
    );
}

/// PageRank after `iters` Jacobi rounds with damping `d`, computed in
/// double precision, within `tolerance` of each rank.
fn check_ranks(what: &str, g: &Graph, r: &[HostValue], iters: i64, d: f64, tolerance: f64) {
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
        assert!((got - want).abs() <= tolerance * want.abs().max(1e-300), "{what}: node {v}: {got} vs {want}");
    }
}

#[test]
fn tc_matches_reference() {
    run_all("tc", &|_| vec![], &check_triangles);
}

#[test]
fn tc_merge_matches_reference() {
    run_all("tc_merge", &|_| vec![], &check_triangles);
}

/// The triangles of the graph taken as undirected and simple.
fn check_triangles(what: &str, g: &Graph, r: &[HostValue]) {
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
}

#[test]
fn jaccard_matches_reference() {
    run_all("jaccard", &|_| vec![], &|what, g, r| {
        let mut out: Vec<Vec<u32>> = vec![Vec::new(); g.num_nodes() as usize];
        for (s, d, _) in g.edges() {
            out[s as usize].push(d);
        }
        let sets: Vec<std::collections::BTreeSet<u32>> = out.into_iter().map(|l| l.into_iter().collect()).collect();
        let got = floats(what, &r[0]);
        assert_eq!(got.len() as u64, g.num_edges(), "{what}");
        for (e, (s, d, _)) in g.edges().enumerate() {
            let (a, b) = (&sets[s as usize], &sets[d as usize]);
            let both = a.intersection(b).count();
            let want = both as f64 / (a.len() + b.len() - both) as f64;
            assert!((got[e] - want).abs() <= 1e-12, "{what}: edge {e} ({s} -> {d}): {} != {want}", got[e]);
        }
    });
}

#[test]
fn kclique4_matches_reference() {
    run_all("kclique4", &|_| vec![], &|what, g, r| {
        // Sets d < c < b < a with an out-edge from each node to each lower
        // one: pairs a -> b, then nodes below b that both reach, then
        // those below c that c reaches too.
        let mut out: Vec<std::collections::BTreeSet<u32>> = vec![Default::default(); g.num_nodes() as usize];
        for (s, d, _) in g.edges() {
            out[s as usize].insert(d);
        }
        let mut want = 0i64;
        for (a, na) in out.iter().enumerate() {
            for &b in na.range(..a as u32) {
                let ab: Vec<u32> = na.range(..b).filter(|c| out[b as usize].contains(c)).copied().collect();
                for &c in &ab {
                    want += ab.iter().filter(|d| **d < c && out[c as usize].contains(d)).count() as i64;
                }
            }
        }
        assert_eq!(scalar_int(&r[0]), want, "{what}");
    });
}

#[test]
fn kcore_matches_reference() {
    let k = 3i64;
    run_all("kcore", &|_| vec![HostValue::int(ScalarType::Int(64), k.into())], &|what, g, r| {
        // Peel nodes of fewer than k out-edges, one at a time; each takes an
        // edge from every in-neighbour (parallel edges and self-loops
        // counted as the program counts them).
        let n = g.num_nodes();
        let mut degree: Vec<i64> = (0..n).map(|v| g.out_degree(v) as i64).collect();
        let mut in_core = vec![1i64; n as usize];
        let mut peel: Vec<u32> = (0..n).filter(|v| degree[*v as usize] < k).collect();
        peel.iter().for_each(|v| in_core[*v as usize] = 0);
        while let Some(v) = peel.pop() {
            for &e in g.in_edges(v) {
                let u = g.src(e) as usize;
                degree[u] -= 1;
                if degree[u] == k - 1 {
                    in_core[u] = 0;
                    peel.push(u as u32);
                }
            }
        }
        assert_eq!(ints(&r[0]), in_core, "{what}");
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
fn coloring_matches_greedy_by_priority() {
    run_all("coloring", &|_| vec![], &|what, g, r| {
        // Jones–Plassmann's colouring is the greedy one in the order of the
        // priorities, highest first: each node the smallest colour its
        // neighbours coloured before it do not have.
        let hash = |v: u64| {
            let h = v.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            h ^ (h >> 29)
        };
        let adj = undirected(g);
        let mut order: Vec<u64> = (0..adj.len() as u64).collect();
        order.sort_by_key(|v| (std::cmp::Reverse(hash(*v)), *v));
        let mut colour = vec![-1i64; adj.len()];
        for v in order {
            let used: std::collections::HashSet<i64> = adj[v as usize].iter().map(|u| colour[*u as usize]).collect();
            colour[v as usize] = (0..).find(|c| !used.contains(c)).expect("a free colour");
        }
        assert_eq!(ints(&r[0]), colour, "{what}");
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
