//! `graph-bench`: runs the corpus (or a program of one's own: `--program
//! FILE --entry NAME ARGS`) compiled for the CPU on the standard benchmark
//! graphs and prints median kernel times, with the same program on one
//! thread as the baseline measured in the same run. With
//! `--baseline-pipeline` the baseline is the program lowered by another
//! pipeline, on the same threads (the results must match). With `--backend
//! gpu` the figures are the GPU's kernel times and the baseline is the CPU
//! backend on `--threads` threads, whose results the GPU's must match.
//! With `--reference` (a table) or `--reference-command` (GAPBS's kernels,
//! say) each line also gets a reference time and our time's ratio to it,
//! and `--plot` draws the ratios as an SVG chart. With `--bandwidth` a
//! read probe measures the memory's bandwidth first (with `--backend gpu`
//! the GPU's, by the runner's probe kernel), and each PageRank line is
//! followed by the bytes an iteration moves at the least and the share of
//! the bandwidth that makes, and by a gather probe on the same graph: the
//! time to read as many words at random as the graph has edges from a
//! table of one word per node, the pace of PageRank's gather on a graph
//! without locality.

use std::rc::Rc;
use std::sync::Arc;

use clap::{parser::ValueSource, Arg, ArgMatches, Command};
use strata_abi::compare::compare_results;
use strata_abi::{HostValue, ScalarType};
use strata_driver::pipeline::Schedule;
use strata_driver::{Backend, CpuBackend, GpuBackend, Program, Target};
use strata_graph::generate::{from_spec, parse_spec, SpecError};
use strata_graph::load::build;
use strata_graph::{Graph, LoadOptions};
use strata_ir::types::FunctionType;
use strata_ir::Registry;

use crate::bandwidth::{gather_time, pagerank_bytes, random_indices, read_bandwidth, GPU_PROBE_BYTES, PROBE_BYTES};
use crate::ratio_plot::{geometric_mean, svg, Bar};
use crate::reference::{read_table, unmatched, Reference};
use crate::timing::{median, Timing};

/// The corpus: program name and its scalar arguments (`S` is the source node).
const ALGORITHMS: [(&str, &[&str]); 19] = [
    ("bfs", &["S"]),
    ("sssp", &["S"]),
    ("sssp_delta", &["S", "64"]),
    ("widest", &["S"]),
    ("pr", &["20", "0.85"]),
    ("pr_f32", &["20", "0.85"]),
    ("cc", &[]),
    ("cc_afforest", &[]),
    ("scc", &[]),
    ("bc", &["S"]),
    ("tc", &[]),
    ("tc_merge", &[]),
    ("jaccard", &[]),
    ("lcc", &[]),
    ("kclique4", &[]),
    ("kcore", &["16"]),
    ("mis", &[]),
    ("coloring", &[]),
    ("mst", &[]),
];

/// The bytes of a score of the PageRank programs of the corpus (`pr` keeps
/// `f64`, `pr_f32` `f32`); none for the other programs.
fn pagerank_score_bytes(name: &str) -> Option<u64> {
    match name {
        "pr" => Some(8),
        "pr_f32" => Some(4),
        _ => None,
    }
}

/// What `--bandwidth` measures of the machine for one graph: the read
/// bandwidth in bytes a second, and the gather probe's seconds on the
/// graph once a PageRank line has asked for them.
struct Limits {
    bandwidth: f64,
    gather: Option<f64>,
}

/// The lines that put PageRank `name`'s time on `g` (as many iterations as
/// its first scalar argument says, in `time` seconds) beside the read
/// bandwidth and the gather probe of `limits` (`gather` measures the probe
/// on a graph's random indices, the first time), or `None` for other
/// programs.
fn traffic_lines(
    name: &str,
    graph_name: &str,
    g: &Graph,
    scalars: &[String],
    time: f64,
    limits: &mut Limits,
    gather: impl FnOnce(&[u32], usize) -> Result<f64, String>,
) -> Result<Option<String>, String> {
    let Some(score) = pagerank_score_bytes(name) else { return Ok(None) };
    let iterations = scalars.first().and_then(|s| s.parse::<f64>().ok()).unwrap_or(1.0);
    let (nodes, edges) = (g.num_nodes(), g.num_edges());
    let bytes = pagerank_bytes(u64::from(nodes), edges, score) as f64;
    let rate = bytes * iterations / time;
    let bw = limits.bandwidth;
    let probe = match limits.gather {
        Some(t) => t,
        None => *limits.gather.insert(gather(&random_indices(edges as usize, nodes, 1), nodes as usize)?),
    };
    let iteration = time / iterations;
    Ok(Some(format!(
        "#   {name} on {graph_name}: {:.3} GB an iteration at the least, {:.2} GB/s, {:.0} % of the read bandwidth\n\
         #   gather probe: {edges} words read at random from {nodes} in {probe:.6} s; an iteration {iteration:.6} s, \
         {:.2} times that; its bytes in the probe's time would be {:.0} % of the read bandwidth",
        bytes / 1e9,
        rate / 1e9,
        100.0 * rate / bw,
        iteration / probe,
        100.0 * bytes / probe / bw,
    )))
}

fn command() -> Command {
    Command::new("graph-bench")
        .about("Median kernel times of the corpus compiled for the CPU on generated benchmark graphs")
        .arg(Arg::new("corpus").long("corpus").value_name("DIR").default_value("test/algorithms").help("directory of the corpus programs"))
        .arg(Arg::new("algorithms").long("algorithms").value_name("LIST").default_value("bfs,sssp,sssp_delta,pr,pr_f32,cc,cc_afforest,bc,tc,tc_merge,mis,mst").help("comma-separated programs to run"))
        .arg(Arg::new("program").long("program").value_name("FILE").conflicts_with_all(["algorithms", "corpus"]).requires("entry").help("measure this program instead of the corpus (with --entry and its scalar arguments after the options; S stands for the graph's hub node)"))
        .arg(Arg::new("entry").long("entry").value_name("NAME").requires("program").help("with --program: the function to measure, which takes the graph first"))
        .arg(Arg::new("args").num_args(0..).allow_negative_numbers(true).requires("program").help("with --program: the entry's scalar arguments, in order (S: the graph's hub node)"))
        .arg(
            Arg::new("graphs")
                .long("graphs")
                .value_name("LIST")
                .default_value("kron:scale=18,degree=16,seed=1,weighted;uniform:nodes=262144,edges=4194304,seed=1,weighted;grid:rows=1024,cols=1024,seed=1,weighted")
                .help("semicolon-separated generator specs or graph files (all symmetrized and simplified)"),
        )
        .arg(Arg::new("reference").long("reference").value_name("FILE").conflicts_with_all(["reference-command", "backend"]).help("reference times to compare with: lines 'ALGORITHM GRAPH SECONDS' (GRAPH as --graphs names it, or its short name: kron, or the file's name)"))
        .arg(Arg::new("reference-command").long("reference-command").value_name("COMMAND").conflicts_with("backend").help("a command (sh -c) that times the reference implementation of {algorithm} on {graph} from {source}, printing GAPBS's 'Trial Time: SECONDS' lines or one number a line; the median is the reference time"))
        .arg(Arg::new("reference-limit").long("reference-limit").value_name("SECONDS").value_parser(clap::value_parser!(f64)).requires("reference-command").help(format!("the longest a run of --reference-command may take; a longer one is stopped, an error [default: {}]", crate::reference::DEFAULT_LIMIT.as_secs())))
        .arg(Arg::new("plot").long("plot").value_name("FILE.svg").conflicts_with("backend").help("write an SVG bar chart of the ratios: time / reference with a reference, else baseline / time"))
        .arg(crate::opt::schedule_arg().conflicts_with("pass-pipeline"))
        .arg(Arg::new("cpu-schedule").long("cpu-schedule").value_name("KEY=VALUE,...").conflicts_with("pass-pipeline").help("with --backend gpu: the default loop schedule of the CPU baseline instead of --schedule's ('' for the CPU's defaults), so that a schedule for the GPU (unroll=4, say) is compared with the CPU's own"))
        .arg(Arg::new("pass-pipeline").long("pass-pipeline").value_name("PIPELINE").help("lowering pipeline of the measured programs, down to the par level (default: the target's default pipeline, see graph-opt --target)"))
        .arg(
            Arg::new("baseline-pipeline")
                .long("baseline-pipeline")
                .value_name("PIPELINE")
                .conflicts_with("backend")
                .help("cpu: measure the baseline lowered by this pipeline on the same threads, instead of the measured program on 1 thread"),
        )
        .arg(Arg::new("threads").long("threads").value_name("N").value_parser(clap::value_parser!(u32).range(1..=4096)).default_value("2").help("threads of the measured runs"))
        .arg(Arg::new("backend").long("backend").value_name("BACKEND").value_parser(["cpu", "gpu"]).default_value("cpu").help("what to measure: the CPU backend (baseline: 1 thread), or the GPU (baseline: the CPU backend on --threads threads)"))
        .arg(Arg::new("bandwidth").long("bandwidth").action(clap::ArgAction::SetTrue).help("measure the read bandwidth first (threads summing 512 MiB; with --backend gpu the GPU's threads summing 2 GiB of its memory) and give each PageRank line the bytes an iteration moves at the least and the share of the bandwidth, then a gather probe on the same graph (as many words read at random as it has edges, from a table of one word a node)"))
        .arg(Arg::new("repeat").long("repeat").value_name("N").value_parser(clap::value_parser!(u32).range(1..)).default_value("5").help("runs per measurement (the median is reported)"))
        .arg(crate::opt::gpu_min_blocks_arg())
}

/// The graph `spec` names, a graph file or a generator spec, symmetrized and
/// simplified; its short name (the file's name, or the generator's kind)
/// and a label with its size.
fn bench_graph(spec: &str) -> Result<(Rc<Graph>, String, String), String> {
    let opts = LoadOptions { symmetrize: true, simplify: true };
    let path = std::path::Path::new(spec);
    let kind = spec.split(':').next().unwrap_or(spec);
    let (g, name) = if names_file(spec) {
        let g = strata_graph::load(path, opts).map_err(|e| e.to_string())?;
        (g, path.file_name().map_or_else(|| spec.to_string(), |f| f.to_string_lossy().into_owned()))
    } else {
        let (n, edges, weighted) = from_spec(spec).map_err(|e| spec_failure(spec, &e))?;
        (build(n, edges, weighted, opts), kind.to_string())
    };
    if g.num_nodes() == 0 {
        return Err(format!("error: {spec}: the graph has no nodes; there is nothing to measure"));
    }
    let label = format!("{name} ({} nodes, {} edges)", g.num_nodes(), g.num_edges());
    Ok((Rc::new(g), name, label))
}

/// The message on `--graphs` entry `spec`'s error `e`.
fn spec_failure(spec: &str, e: &SpecError) -> String {
    format!("error: {spec}: {}", crate::run::spec_error(e))
}

/// Whether a `--graphs` entry names a file (a generator spec has no '/' or
/// '.' before its ':').
fn names_file(spec: &str) -> bool {
    let kind = spec.split(':').next().unwrap_or(spec);
    std::path::Path::new(spec).is_file() || kind.contains(['/', '.'])
}

/// The entries of `--graphs`, at least one; the generator specs among them
/// checked, before anything is measured.
fn graph_specs(m: &ArgMatches) -> Result<Vec<&str>, String> {
    let specs: Vec<&str> =
        m.get_one::<String>("graphs").expect("default").split(';').map(str::trim).filter(|s| !s.is_empty()).collect();
    if specs.is_empty() {
        return Err("error: --graphs names no graph (generator specs or graph files, separated by ';')".into());
    }
    for spec in specs.iter().filter(|s| !names_file(s)) {
        parse_spec(spec).map_err(|e| spec_failure(spec, &e))?;
    }
    Ok(specs)
}

/// The arguments of a corpus program with the signature `fty` on `g`.
/// The arguments of an entry whose signature is `fty`: the graph, then
/// `scalars` (`S`: the graph's hub, the source of the searches).
fn arguments(g: &Graph, scalars: &[String], fty: &FunctionType) -> Result<Vec<HostValue>, String> {
    let mut args = vec![HostValue::Graph];
    for (s, ty) in scalars.iter().zip(&fty.inputs[1..]) {
        let t = strata_par_dialect::abi::scalar_type(ty).unwrap_or(ScalarType::Index);
        args.push(match s.as_str() {
            "S" => HostValue::int(ScalarType::Index, g.hub().into()),
            x if t.is_float() => HostValue::float(t, x.parse().map_err(|_| format!("error: bad argument {x}"))?),
            x => HostValue::int(t, x.parse().map_err(|_| format!("error: bad argument {x}"))?),
        });
    }
    Ok(args)
}

/// What to measure: each program's entry, its scalar arguments and its
/// file: `--program`'s, or the corpus programs `--algorithms` names.
fn jobs(m: &ArgMatches) -> Result<Vec<(String, Vec<String>, String)>, String> {
    if let Some(path) = m.get_one::<String>("program") {
        let entry = m.get_one::<String>("entry").expect("required with --program").clone();
        let scalars = m.get_many::<String>("args").map(|v| v.cloned().collect()).unwrap_or_default();
        return Ok(vec![(entry, scalars, path.clone())]);
    }
    let corpus = m.get_one::<String>("corpus").expect("default");
    let wanted: Vec<&str> = m.get_one::<String>("algorithms").expect("default").split(',').map(str::trim).collect();
    for w in &wanted {
        if !ALGORITHMS.iter().any(|(n, _)| n == w) {
            let all: Vec<&str> = ALGORITHMS.iter().map(|(n, _)| *n).collect();
            let hint = " (or measure a program of your own with --program FILE --entry NAME ARGS)";
            return Err(format!("error: unknown algorithm '{w}'; expected some of: {}{hint}", all.join(", ")));
        }
    }
    Ok(ALGORITHMS
        .iter()
        .filter(|(n, _)| wanted.contains(n))
        .map(|(n, scalars)| {
            (n.to_string(), scalars.iter().map(|s| s.to_string()).collect(), format!("{corpus}/{n}.mlir"))
        })
        .collect())
}

/// Checks that `entry` takes the graph first and then as many scalars as
/// `scalars` gives.
fn check_entry(entry: &str, fty: &FunctionType, scalars: &[String]) -> Result<(), String> {
    if !fty.inputs.first().is_some_and(strata_graph_dialect::types::is_graph) {
        return Err(format!(
            "error: '{entry}' does not take the graph first: graph-bench measures a program on graphs"
        ));
    }
    let params = &fty.inputs[1..];
    if params.len() != scalars.len() {
        let count = crate::run::argument_count_error(entry, params, scalars.len());
        return Err(format!("{count} (S stands for the graph's hub node)"));
    }
    Ok(())
}

/// A compiled program: a corpus program, or `--program`'s.
struct Compiled {
    /// The entry function, and the name in the report.
    name: String,
    /// Its scalar arguments (`S`: the graph's hub).
    scalars: Vec<String>,
    /// The signature of its entry function, as written.
    fty: FunctionType,
    /// The program compiled for the CPU.
    cpu: CpuBackend,
    /// The program compiled for the GPU, when measuring the GPU: by the
    /// degree tiers compiled off (`Schedule::idle_tiers`), none first.
    gpu: Vec<(Vec<&'static str>, GpuBackend)>,
    /// The program's file and text, to compile it for a graph no node of
    /// which reaches a tier.
    source: (String, String),
    /// The program lowered by `--baseline-pipeline`, compiled for the CPU.
    baseline: Option<CpuBackend>,
}

/// Writes one line of the report to standard output; a failed write is
/// an error to report, not a panic.
fn line(text: String) -> Result<(), String> {
    crate::output::write_stdout(format!("{text}\n").as_bytes())
}

/// Compiles a program (file, text) for the GPU, for a graph whose nodes have
/// at most the given number of edges.
type GpuCompile<'a> = dyn Fn(&(String, String), u64) -> Result<GpuBackend, String> + 'a;

/// The GPU's kernel times against the CPU backend on `threads` threads;
/// each program compiled for a graph by `compile` where the graph turns
/// degree tiers off (of `schedule`, the one `--schedule` gives; `None`
/// with `--pass-pipeline`).
fn bench_gpu(
    m: &ArgMatches,
    programs: &mut [Compiled],
    (compile, schedule): (&GpuCompile, Option<&Schedule>),
    threads: u32,
    repeat: usize,
) -> Result<(), String> {
    let Some(first) = programs.iter().find_map(|p| p.gpu.first().map(|(_, b)| b)) else { return Ok(()) };
    let device = first.device_name().to_string();
    let bandwidth = match m.get_flag("bandwidth") {
        true => Some(first.read_bandwidth(GPU_PROBE_BYTES, repeat)?),
        false => None,
    };
    let cpu_schedule = match m.get_one::<String>("cpu-schedule") {
        Some(s) => format!(", schedule '{s}'"),
        None => String::new(),
    };
    line(format!("# {repeat} runs per figure; median seconds of the GPU's kernel ({device}), of its transfers (results back; the graph and the arguments, copied once, in the first run), and of the CPU backend with {threads} threads{cpu_schedule} (baseline); speedup = CPU / GPU kernel"))?;
    if let Some(bw) = bandwidth {
        line(format!(
            "# read bandwidth: {:.2} GB/s (the GPU's threads summing {} MiB of its memory, median of {repeat})",
            bw / 1e9,
            GPU_PROBE_BYTES >> 20
        ))?;
    }
    line(format!(
        "{:<12} {:<44} {:>12} {:>12} {:>12} {:>8} {:>6}",
        "algorithm", "graph", "gpu", "transfers", "cpu", "speedup", "match"
    ))?;
    let mut mismatches = Vec::new();
    for spec in graph_specs(m)? {
        let (g, graph_name, label) = bench_graph(spec)?;
        let mut limits = bandwidth.map(|bandwidth| Limits { bandwidth, gather: None });
        let largest = g.largest_degree();
        // --pass-pipeline lowers every graph's program alike.
        let off = schedule.map_or(Vec::new(), |s| s.idle_tiers(Target::Gpu, largest));
        if !off.is_empty() {
            line(format!("# {label}: {}", crate::opt::tiers_off_text(largest, &off)))?;
        }
        for Compiled { name, scalars, fty, cpu, gpu, source, .. } in programs.iter_mut() {
            let at = match gpu.iter().position(|(t, _)| *t == off) {
                Some(at) => at,
                None => {
                    gpu.push((off.clone(), compile(source, largest)?));
                    gpu.len() - 1
                }
            };
            let gpu = &mut gpu[at].1;
            let args = arguments(&g, scalars, fty)?;
            gpu.set_graph(g.clone())?;
            let runs = gpu.run(name, &args, repeat)?;
            cpu.set_graph(g.clone())?;
            cpu.set_threads(threads)?;
            let want = cpu.run(name, &args, repeat)?;
            let diff = compare_results(&runs.results, &want.results);
            let agree = diff.is_ok();
            if let Err(d) = diff {
                mismatches.push(format!("{name} on {label} ({d})"));
            }
            let (k, c) = (median(&runs.times), median(&want.times));
            for (timing, side) in [(Timing::of(&runs.times), "the GPU"), (Timing::of(&want.times), "the CPU")] {
                if let Some(w) = timing.spread_warning(&format!("{name} on {label}, {side}")) {
                    eprintln!("{w}");
                }
            }
            line(format!(
                "{:<12} {:<44} {:>12.6} {:>12.6} {:>12.6} {:>7.2}x {:>6}",
                name,
                label,
                k,
                median(&runs.transfers),
                c,
                c / k,
                if agree { "yes" } else { "NO" }
            ))?;
            if let Some(limits) = limits.as_mut() {
                let probe = |ix: &[u32], words| Ok(gpu.gather_time(ix, words, repeat)?);
                if let Some(t) = traffic_lines(name, &graph_name, &g, scalars, k, limits, probe)? {
                    line(t)?;
                }
            }
        }
    }
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(format!("error: the GPU's results differ from the CPU's: {}", mismatches.join("; ")))
    }
}

/// Runs `graph-bench` with command-line arguments; returns the exit code.
pub fn bench_main(args: Vec<String>, registry: Registry) -> i32 {
    let m = match crate::parse_command_line(command(), args) {
        Ok(m) => m,
        Err(code) => return code,
    };
    crate::exit_code(bench(&m, Arc::new(registry)))
}

fn bench(m: &ArgMatches, registry: Arc<Registry>) -> Result<(), String> {
    let threads = *m.get_one::<u32>("threads").expect("default");
    let repeat = *m.get_one::<u32>("repeat").expect("default") as usize;
    let gpu = m.get_one::<String>("backend").is_some_and(|b| b == "gpu");
    if !gpu && m.contains_id("gpu-min-blocks") {
        return Err("error: --gpu-min-blocks applies to the GPU's figures only (--backend gpu)".into());
    }
    let cpu_schedule = match m.get_one::<String>("cpu-schedule") {
        Some(_) if !gpu => {
            return Err("error: --cpu-schedule is the schedule of the GPU's CPU baseline (--backend gpu)".into())
        }
        Some(text) => Some(Schedule::parse(text).map_err(|e| format!("error: --cpu-schedule: {e}"))?),
        None => None,
    };
    // What would fail at the end fails first, before the long run.
    graph_specs(m)?;
    if let Some(path) = m.get_one::<String>("plot") {
        crate::output::check_writable(path)?;
    }
    jobs(m)?;
    let passes = strata_driver::registry::passes();
    // Read once for every program and graph (empty with --pass-pipeline,
    // which --schedule conflicts with).
    let schedule = crate::opt::schedule_of(m)?;
    // Lowers a program for `target`: by --pass-pipeline, or the target's
    // pipeline with --schedule (the CPU's with --cpu-schedule, if given).
    let lower = |p: &mut Program, target| -> Result<(), String> {
        match m.get_one::<String>("pass-pipeline") {
            Some(text) => Ok(p.lower_text(text, &passes)?),
            None => {
                let s = cpu_schedule.as_ref().filter(|_| target == Target::Cpu).unwrap_or(&schedule);
                Ok(p.lower(crate::opt::pipeline_for(target, s.clone(), None)?)?)
            }
        }
    };
    let reference = match (m.get_one::<String>("reference"), m.get_one::<String>("reference-command")) {
        (Some(file), _) => Some(Reference::Table(read_table(file)?)),
        (None, Some(cmd)) => {
            let limit = match m.get_one::<f64>("reference-limit") {
                Some(&s) => crate::seconds_flag("reference-limit", s, false)?,
                None => crate::reference::DEFAULT_LIMIT,
            };
            Some(Reference::Command { template: cmd.clone(), limit })
        }
        (None, None) => None,
    };
    let native = strata_llvm::Options { opt_level: 3, cpu: "native".into(), profile: false };
    let baseline = m.get_one::<String>("baseline-pipeline");
    let device = if gpu { Some(strata_gpu::available()?) } else { None };
    let min_blocks = m.get_one::<u32>("gpu-min-blocks").copied();
    let mut programs = Vec::new();
    for (name, scalars, path) in jobs(m)? {
        let text = std::fs::read_to_string(&path).map_err(|e| {
            let hint = if !m.contains_id("program") && m.value_source("corpus") == Some(ValueSource::DefaultValue) {
                " (the corpus is read from test/algorithms under the current directory: run from the repository's root, or give --corpus DIR)"
            } else {
                ""
            };
            format!("error: cannot read {path}: {e}{hint}")
        })?;
        let load = || Program::load(registry.clone(), &path, &text);
        let mut program = load()?;
        let fty = program.signature(&name)?;
        check_entry(&name, &fty, &scalars)?;
        lower(&mut program, Target::Cpu)?;
        let cpu = CpuBackend::compile(program, &native)?;
        let gpu = match &device {
            Some(device) => {
                let mut program = load()?;
                lower(&mut program, Target::Gpu)?;
                vec![(Vec::new(), GpuBackend::compile(program, device, min_blocks, false)?)]
            }
            None => Vec::new(),
        };
        let baseline = match baseline {
            Some(b) => {
                let mut program = load()?;
                program.lower_text(b, &passes)?;
                Some(CpuBackend::compile(program, &native)?)
            }
            None => None,
        };
        programs.push(Compiled { name, scalars, fty, cpu, gpu, source: (path, text), baseline });
    }
    if let Some(device) = &device {
        let compile = |(path, text): &(String, String), largest| {
            let mut program = Program::load(registry.clone(), path, text)?;
            program.lower(crate::opt::pipeline_for(Target::Gpu, schedule.clone(), Some(largest))?)?;
            Ok(GpuBackend::compile(program, device, min_blocks, false)?)
        };
        let given = (!m.contains_id("pass-pipeline")).then_some(&schedule);
        return bench_gpu(m, &mut programs, (&compile, given), threads, repeat);
    }
    match baseline {
        Some(b) => line(format!("# {repeat} runs per figure; median seconds with {threads} threads (min and max: its fastest and slowest run), and of the program lowered by '{b}' (baseline); speedup = baseline / time"))?,
        None => line(format!("# {repeat} runs per figure; median seconds with {threads} threads (min and max: its fastest and slowest run), and with 1 thread (baseline); speedup = 1-thread / {threads}-thread"))?,
    }
    if reference.is_some() {
        line("# reference: the median time of the reference implementation; ratio = time / reference".into())?;
    }
    let bandwidth = m.get_flag("bandwidth").then(|| read_bandwidth(threads, PROBE_BYTES, repeat));
    if let Some(bw) = bandwidth {
        line(format!(
            "# read bandwidth: {:.2} GB/s ({threads} threads summing {} MiB, median of {repeat})",
            bw / 1e9,
            PROBE_BYTES >> 20
        ))?;
    }
    if let Some(w) = crate::timing::busy_warning(threads) {
        eprintln!("{w}");
    }
    line(format!(
        "{:<12} {:<44} {:>12} {:>10} {:>10} {:>12} {:>8}{}",
        "algorithm",
        "graph",
        "time",
        "min",
        "max",
        if baseline.is_some() { "baseline" } else { "1 thread" },
        "speedup",
        if reference.is_some() { format!(" {:>12} {:>8}", "reference", "ratio") } else { String::new() }
    ))?;
    let mut mismatches = Vec::new();
    let mut bars = Vec::new();
    let mut measured = Vec::new();
    for spec in graph_specs(m)? {
        let (g, graph_name, label) = bench_graph(spec)?;
        let mut limits = bandwidth.map(|bandwidth| Limits { bandwidth, gather: None });
        for Compiled { name, scalars, fty, cpu, baseline, .. } in programs.iter_mut() {
            let args = arguments(&g, scalars, fty)?;
            cpu.set_graph(g.clone())?;
            if let Some(b) = baseline.as_mut() {
                b.set_graph(g.clone())?;
            }
            let measure = |program: &mut CpuBackend, t: u32| -> Result<(Vec<HostValue>, Timing), String> {
                program.set_threads(t)?;
                let runs = program.run(name, &args, repeat)?;
                Ok((runs.results, Timing::of(&runs.times)))
            };
            let (got, timing) = measure(cpu, threads)?;
            let (want, base_timing) = match baseline {
                Some(b) => measure(b, threads)?,
                None => measure(cpu, 1)?,
            };
            if let Err(d) = compare_results(&got, &want) {
                mismatches.push(format!("{name} on {label} ({d})"));
            }
            for (t, side) in [(timing, "the measured program"), (base_timing, "the baseline")] {
                if let Some(w) = t.spread_warning(&format!("{name} on {label}, {side}")) {
                    eprintln!("{w}");
                }
            }
            let (time, base) = (timing.median, base_timing.median);
            let row = format!(
                "{:<12} {:<44} {:>12.6} {:>10.6} {:>10.6} {:>12.6} {:>7.2}x",
                name,
                label,
                time,
                timing.min,
                timing.max,
                base,
                base / time
            );
            let traffic = match limits.as_mut() {
                Some(limits) => {
                    let probe = |ix: &[u32], words| Ok(gather_time(threads, ix, words, repeat));
                    traffic_lines(name, &graph_name, &g, scalars, time, limits, probe)?
                }
                None => None,
            };
            let bar = format!("{name} on {label}");
            measured.push((name.to_string(), spec.to_string(), graph_name.clone()));
            match &reference {
                None => {
                    bars.push(Bar { label: bar, ratio: base / time });
                    line(row)?;
                }
                Some(reference) => match reference.time(name, spec, &graph_name, g.hub())? {
                    Some(r) => {
                        bars.push(Bar { label: bar, ratio: time / r });
                        line(format!("{row} {r:>12.6} {:>7.2}x", time / r))?;
                    }
                    None => line(format!("{row} {:>12} {:>8}", "-", "-"))?,
                },
            }
            if let Some(t) = traffic {
                line(t)?;
            }
        }
    }
    if let Some(Reference::Table(entries)) = &reference {
        let unused = unmatched(entries, &measured);
        if bars.is_empty() {
            return Err(format!(
                "error: no line of the reference table matches an algorithm and graph measured; its lines: {}",
                unused.join("; ")
            ));
        }
        if !unused.is_empty() {
            eprintln!("warning: reference lines that match no algorithm and graph measured: {}", unused.join("; "));
        }
    }
    if reference.is_some() && !bars.is_empty() {
        let ratios = if bars.len() == 1 { "ratio" } else { "ratios" };
        line(format!("# geometric mean of {} {ratios} to the reference: {:.2}x", bars.len(), geometric_mean(&bars)))?;
    }
    if !mismatches.is_empty() {
        return Err(format!("error: the results differ from the baseline's: {}", mismatches.join("; ")));
    }
    if let Some(path) = m.get_one::<String>("plot") {
        let what = match reference {
            Some(_) => format!("time / reference, {threads} threads"),
            None => format!("speedup over the baseline, {threads} threads"),
        };
        crate::output::write_file(path, svg(&what, &bars, reference.is_none()).as_bytes())?;
    }
    Ok(())
}
