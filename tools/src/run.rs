//! `graph-run`: runs an entry function on a graph with a chosen backend (the
//! reference interpreter, or the program compiled for this CPU or the GPU), printing
//! results in the output format of [`strata_abi::output`].

use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use crate::result_format::{format_results, ResultFormat};
use clap::{Arg, ArgAction, ArgMatches, Command};
use strata_abi::profile::profile_table;
use strata_abi::{HostValue, ScalarType};
use strata_driver::{Backend, CpuBackend, GpuBackend, InterpBackend, Program, Runs, Target};
use strata_graph::generate::{from_spec, SpecError};
use strata_graph::load::build;
use strata_graph::{load, Graph, LoadOptions};
use strata_graph_dialect::types::{is_graph, is_node};
use strata_interp::{Grid, Options};
use strata_ir::diagnostics::SourceMgr;
use strata_ir::types::Type;
use strata_ir::Registry;

use crate::input::{display_name, read_source};
use crate::timing::{median, Timing};

/// `--symmetrize` and `--simplify`: how a graph is loaded ([`load_graph`]).
pub(crate) fn loading_args() -> [Arg; 2] {
    [
        Arg::new("symmetrize").long("symmetrize").action(ArgAction::SetTrue).help("add the reverse of every edge"),
        Arg::new("simplify")
            .long("simplify")
            .action(ArgAction::SetTrue)
            .help("drop self-loops and merge parallel edges (smallest weight)"),
    ]
}

/// The arguments that say what to run on what, which [`inputs`] reads:
/// the program, the graph and its loading, the entry (its scalar
/// arguments come last, in `args`).
pub(crate) fn input_args(cmd: Command) -> Command {
    cmd.arg(Arg::new("program").required(true).help("the program (.mlir)"))
        .arg(
            Arg::new("graph")
                .long("graph")
                .value_name("FILE")
                .help("graph file (.el, .wel, .gr, .mtx, .sgb, or detected), or gen:KIND:PARAMS (kron, uniform, grid)"),
        )
        .args(loading_args())
        .arg(Arg::new("entry").long("entry").required(true).value_name("NAME").help("the function to run"))
}

fn command() -> Command {
    input_args(Command::new("graph-run").about("Run an entry function of a graph program on a graph"))
        .arg(Arg::new("backend").long("backend").default_value("interp").value_parser(["interp", "cpu", "gpu"]).help("how to run it: the reference interpreter, compiled for this CPU (OpenMP), or compiled to PTX for the first NVIDIA GPU"))
        .arg(crate::opt::schedule_arg())
        .arg(crate::opt::schedule_file_arg())
        .arg(Arg::new("threads").long("threads").value_name("N").value_parser(clap::value_parser!(u32).range(1..=4096)).help("cpu: threads per parallel region (default: OMP_NUM_THREADS, or all cores)"))
        .arg(Arg::new("repeat").long("repeat").value_name("N").value_parser(clap::value_parser!(u32).range(1..)).default_value("1").help("run the entry function N times (results of the last run are printed)"))
        .arg(crate::opt::gpu_min_blocks_arg())
        .arg(crate::opt::profile_arg())
        .arg(Arg::new("time-limit").long("time-limit").value_name("SECONDS").value_parser(clap::value_parser!(f64)).help("stop with an error if the whole run (loading, compiling and running) takes longer"))
        .arg(Arg::new("time").long("time").action(ArgAction::SetTrue).help("print the median, min and max time of the runs on standard error (excluding loading and compiling)"))
        .arg(Arg::new("shuffle").long("shuffle").value_name("SEED").value_parser(clap::value_parser!(u64)).help("interpreter: visit foreach iterations in a random order from SEED"))
        .arg(Arg::new("simulate-grid").long("simulate-grid").value_name("[BLOCKSx]SUBGROUPSxLANES").value_parser(parse_grid).help("interpreter: run each par.parallel of a program at the par level on a simulated team of BLOCKS blocks (default 1) of SUBGROUPS subgroups of LANES threads, e.g. 2x32 or 2x4x32 (see docs/dialects/par.md)"))
        .arg(Arg::new("output").long("output").short('o').value_name("FILE").help("write results here instead of standard output"))
        .arg(Arg::new("format").long("format").value_name("FORMAT").value_parser(ResultFormat::NAMES).default_value("lines").help("how to write results: one value a line (several results each under a '# result N of M' line), csv (a table per result: node, edge or index, and value) or json"))
        .arg(Arg::new("args").num_args(0..).allow_negative_numbers(true).help("scalar arguments of the entry function, in order"))
}

fn parse_arg(text: &str, ty: &Type, g: Option<&Graph>) -> Result<HostValue, String> {
    if is_node(ty) {
        let v: i128 = text.parse().map_err(|_| format!("expected a node number, got '{text}'"))?;
        let n = g.map_or(0, |g| i128::from(g.num_nodes()));
        if v < 0 || v >= n {
            return Err(format!("node {v} is out of range (the graph has {n} nodes)"));
        }
        return Ok(HostValue::int(ScalarType::Index, v));
    }
    match ty {
        Type::Integer { .. } | Type::Index => {
            let w = if let Type::Integer { width, .. } = ty { *width } else { 64 };
            let v: i128 = text.parse().map_err(|_| format!("expected an integer for {ty}, got '{text}'"))?;
            let fits = match w {
                0 => v == 0,
                128.. => true,
                _ => v >= -(1i128 << (w - 1)) && v < (1i128 << w),
            };
            if !fits {
                return Err(format!("{v} does not fit {ty}"));
            }
            let t = strata_par_dialect::abi::scalar_type(ty).unwrap_or(ScalarType::Index);
            Ok(HostValue::int(t, strata_ir::attributes::normalize_int(v, &Type::int(w))))
        }
        Type::Float(k) => {
            let v: f64 = match text {
                "inf" => f64::INFINITY,
                "-inf" => f64::NEG_INFINITY,
                "nan" => f64::NAN,
                t => t.parse().map_err(|_| format!("expected a number for {ty}, got '{text}'"))?,
            };
            Ok(match k {
                strata_ir::types::FloatKind::F32 => HostValue::float(ScalarType::F32, v as f32 as f64),
                _ => HostValue::float(ScalarType::F64, v),
            })
        }
        _ => Err(format!("cannot pass a {ty} on the command line")),
    }
}

/// A generator spec's error, with "did you mean" where a name is misspelt.
pub(crate) fn spec_error(e: &SpecError) -> String {
    let hint = e.misspelt().map(|(word, known)| strata_ir::suggest::did_you_mean(word, known)).unwrap_or_default();
    format!("{e}{hint}")
}

/// The graph `spec` names (a file, or `gen:` and a generator spec), loaded
/// as the `--symmetrize` and `--simplify` flags of `m` say.
pub(crate) fn load_graph(m: &ArgMatches, spec: &str) -> Result<Graph, String> {
    let opts = LoadOptions { symmetrize: m.get_flag("symmetrize"), simplify: m.get_flag("simplify") };
    if let Some(g) = spec.strip_prefix("gen:") {
        let (n, edges, weighted) = from_spec(g).map_err(|e| format!("{spec}: error: {}", spec_error(&e)))?;
        return Ok(build(n, edges, weighted, opts));
    }
    load(Path::new(spec), opts).map_err(|e| e.to_string())
}

/// `time: MEDIAN` then `time-min:`, `time-max:` (seconds) and `runs:` lines.
pub fn timing_summary(times: &[Duration]) -> String {
    let t = Timing::of(times);
    format!("time: {:.6}\ntime-min: {:.6}\ntime-max: {:.6}\nruns: {}\n", t.median, t.min, t.max, times.len())
}

/// Runs `graph-run` with command-line arguments; returns the exit code.
pub fn run_main(args: Vec<String>, registry: Registry) -> i32 {
    let m = match crate::parse_command_line(command(), args) {
        Ok(m) => m,
        Err(code) => return code,
    };
    if let Some(&seconds) = m.get_one::<f64>("time-limit") {
        match crate::seconds_flag("time-limit", seconds, false) {
            Ok(limit) => stop_after(limit, seconds),
            Err(e) => {
                eprintln!("{e}");
                return 2;
            }
        }
    }
    match run(&m, registry) {
        Ok(()) => 0,
        Err(msg) => {
            eprint!("{msg}");
            if !msg.ends_with('\n') {
                eprintln!();
            }
            1
        }
    }
}

/// Ends the process with an error after `limit` (`seconds` as given): a
/// program that never finishes (a fixpoint that always changes, a negative
/// cycle) is stopped on every backend alike. Results are written only at
/// the end, so nothing partial is left. `Duration::MAX` is never reached,
/// so it sets no timer.
fn stop_after(limit: std::time::Duration, seconds: f64) {
    if limit == std::time::Duration::MAX {
        return;
    }
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        eprintln!("error: the run did not finish within {seconds} s (--time-limit)");
        std::process::exit(1);
    });
}

/// A program and what to run it on, from the arguments `graph-run` and
/// `graph-tune` share (program, --graph, --symmetrize, --simplify, --entry,
/// scalar arguments).
pub(crate) struct Inputs {
    /// The program's text.
    pub text: String,
    /// Its name in messages.
    pub name: String,
    /// The entry function.
    pub entry: String,
    /// The graph, when the entry takes one.
    pub graph: Option<Rc<Graph>>,
    /// The entry's arguments.
    pub args: Vec<HostValue>,
    /// The types of the entry's results, as written.
    pub results: Vec<Type>,
}

/// `error: 'ENTRY' takes 2 scalar arguments (index, f64), got 1`: the
/// message for `got` scalar arguments to an entry whose scalar parameters
/// are `params`.
pub(crate) fn argument_count_error(entry: &str, params: &[Type], got: usize) -> String {
    let want: Vec<String> = params.iter().map(|t| t.to_string()).collect();
    let takes = match params.len() {
        0 => "no scalar arguments".to_string(),
        1 => format!("1 scalar argument ({})", want[0]),
        n => format!("{n} scalar arguments ({})", want.join(", ")),
    };
    format!("error: '{entry}' takes {takes}, got {got}")
}

/// Reads the program and the graph and parses the entry's arguments.
pub(crate) fn inputs(m: &ArgMatches, registry: &Arc<Registry>) -> Result<(Program, Inputs), String> {
    let path = m.get_one::<String>("program").expect("required");
    let text = read_source(path).map_err(|d| SourceMgr::new().render(&d))?;
    let name = display_name(path).to_string();
    let program = Program::load(registry.clone(), &name, &text)?;
    let entry = m.get_one::<String>("entry").expect("required").clone();
    let fty = program.signature(&entry)?;
    let takes_graph = fty.inputs.first().is_some_and(is_graph);
    let graph = match (m.get_one::<String>("graph"), takes_graph) {
        (Some(spec), _) => Some(Rc::new(load_graph(m, spec)?)),
        (None, true) => return Err(format!("error: '{entry}' takes a graph; pass one with --graph")),
        (None, false) => None,
    };
    let scalars: Vec<String> = m.get_many::<String>("args").map(|v| v.cloned().collect()).unwrap_or_default();
    let params = &fty.inputs[usize::from(takes_graph)..];
    if scalars.len() != params.len() {
        return Err(argument_count_error(&entry, params, scalars.len()));
    }
    let mut args = Vec::new();
    if takes_graph {
        args.push(HostValue::Graph);
    }
    for (i, (t, ty)) in scalars.iter().zip(params).enumerate() {
        args.push(parse_arg(t, ty, graph.as_deref()).map_err(|e| format!("error: argument {}: {e}", i + 1))?);
    }
    let results = fty.results.to_vec();
    Ok((program, Inputs { text, name, entry, graph, args, results }))
}

fn run(m: &ArgMatches, registry: Registry) -> Result<(), String> {
    let (mut program, Inputs { entry, graph, args, results: types, .. }) = inputs(m, &Arc::new(registry))?;
    let entry = entry.as_str();
    let repeat = *m.get_one::<u32>("repeat").unwrap_or(&1) as usize;
    let backend = m.get_one::<String>("backend").map(String::as_str).unwrap_or("interp");
    if backend != "interp" && m.get_one::<u64>("shuffle").is_some() {
        return Err("error: --shuffle applies to the interpreter only (--backend interp)".into());
    }
    if backend != "interp" && m.contains_id("simulate-grid") {
        return Err("error: --simulate-grid applies to the interpreter only (--backend interp)".into());
    }
    if backend != "cpu" && m.get_one::<u32>("threads").is_some() {
        return Err("error: --threads applies to the CPU backend only (--backend cpu)".into());
    }
    if backend != "gpu" && m.contains_id("gpu-min-blocks") {
        return Err("error: --gpu-min-blocks applies to the GPU backend only (--backend gpu)".into());
    }
    let profile = m.get_flag("profile");
    if backend == "interp" && profile {
        return Err("error: --profile times compiled code (--backend cpu or gpu)".into());
    }
    for flag in ["schedule", "schedule-file"] {
        if backend == "interp" && m.contains_id(flag) {
            return Err(format!("error: --{flag} applies to compiled backends only (--backend cpu or gpu)"));
        }
    }
    // What was compiled off for the graph, said with the times.
    let mut note = None;
    let mut backend: Box<dyn Backend> = match backend {
        "cpu" => {
            program.lower(crate::opt::scheduled_pipeline(m, Target::Cpu)?)?;
            eprint!("{}", program.take_reports());
            let cpu =
                CpuBackend::compile(program, &strata_llvm::Options { opt_level: 3, cpu: "native".into(), profile })?;
            if let Some(n) = m.get_one::<u32>("threads") {
                cpu.set_threads(*n)?;
            }
            Box::new(cpu)
        }
        "gpu" => {
            // The driver first: without a GPU, say so before compiling anything.
            let device = strata_gpu::available()?;
            let largest = graph.as_ref().map(|g| g.largest_degree());
            let schedule = crate::opt::schedule_of(m)?;
            note = largest.and_then(|d| crate::opt::tiers_off_note(&schedule, Target::Gpu, d));
            program.lower(crate::opt::pipeline_for(Target::Gpu, schedule, largest)?)?;
            eprint!("{}", program.take_reports());
            Box::new(GpuBackend::compile(program, &device, m.get_one::<u32>("gpu-min-blocks").copied(), profile)?)
        }
        // The tools run on a thread with a 2 GB stack (run_guarded).
        _ => Box::new(InterpBackend::new(
            program,
            Options {
                shuffle_seed: m.get_one::<u64>("shuffle").copied(),
                max_call_depth: Options::DEEP_CALL_DEPTH,
                grid: m.get_one::<Grid>("simulate-grid").copied(),
            },
        )),
    };
    if let Some(g) = graph {
        backend.set_graph(g)?;
    }
    let Runs { results, times, transfers, profile } = backend.run(entry, &args, repeat)?;
    if let Some(note) = note.filter(|_| profile.is_some() || m.get_flag("time")) {
        eprintln!("# {note}");
    }
    if let Some(sites) = profile {
        let runs = if times.len() == 1 { "1 run".to_string() } else { format!("{} runs", times.len()) };
        let table = profile_table(&sites, times.len());
        eprint!("profile of '{entry}' ({}; counts and times per run, over {runs}):\n{table}", backend.name());
    }
    if m.get_flag("time") {
        eprint!("{}", timing_summary(&times));
        if !transfers.is_empty() {
            eprintln!("transfer-time: {:.6}", median(&transfers));
        }
    }
    let format = m.get_one::<String>("format").and_then(|f| ResultFormat::named(f)).unwrap_or(ResultFormat::Lines);
    let out = format_results(&results, &types, format);
    match m.get_one::<String>("output") {
        Some(o) => crate::output::write_file(o, out.as_bytes()),
        None => crate::output::write_stdout(out.as_bytes()),
    }
}

/// `[BLOCKSx]SUBGROUPSxLANES` (each 1 to 1024; one block unless given) as
/// a simulated grid.
fn parse_grid(text: &str) -> Result<Grid, String> {
    let bad = || format!("expected [BLOCKSx]SUBGROUPSxLANES, each 1 to 1024, e.g. 2x32 or 2x4x32; got '{text}'");
    let count = |t: &str| t.parse::<u32>().ok().filter(|n| (1..=1024).contains(n)).ok_or_else(bad);
    let parts: Vec<&str> = text.split('x').collect();
    match parts[..] {
        [w, l] => Ok(Grid { blocks: 1, subgroups: count(w)?, subgroup_size: count(l)? }),
        [b, w, l] => Ok(Grid { blocks: count(b)?, subgroups: count(w)?, subgroup_size: count(l)? }),
        _ => Err(bad()),
    }
}
