//! `graph-run`: runs an entry function on a graph with a chosen backend (the
//! reference interpreter, or the program compiled for this CPU), printing
//! results in the output format of [`strata_abi::output`].

use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Arg, ArgAction, ArgMatches, Command};
use strata_abi::output::format_results;
use strata_abi::{GraphImage, HostValue, ScalarType, SlotType};
use strata_cpu::Program;
use strata_graph::generate::from_spec;
use strata_graph::load::build;
use strata_graph::{load, Graph, LoadOptions};
use strata_graph_dialect::races::check_races;
use strata_graph_dialect::types::{is_graph, is_node};
use strata_interp::host::{from_host, results_to_host};
use strata_interp::{run_function, Options};
use strata_ir::diagnostics::SourceMgr;
use strata_ir::func::{function_type, is_declaration};
use strata_ir::parser::parse_source;
use strata_ir::pass::{Instrumentation, PassManager};
use strata_ir::pipeline::parse_pipeline;
use strata_ir::symbols::lookup_symbol_in;
use strata_ir::types::Type;
use strata_ir::verifier::verify;
use strata_ir::{Context, Registry, Severity};

use crate::input::{display_name, read_source};

fn command() -> Command {
    Command::new("graph-run")
        .about("Run an entry function of a graph program on a graph")
        .arg(Arg::new("program").required(true).help("the program (.mlir)"))
        .arg(Arg::new("graph").long("graph").value_name("FILE").help("graph file (.el, .wel, .gr, .mtx, or detected), or gen:KIND:PARAMS (kron, uniform, grid)"))
        .arg(Arg::new("symmetrize").long("symmetrize").action(ArgAction::SetTrue).help("add the reverse of every edge"))
        .arg(Arg::new("simplify").long("simplify").action(ArgAction::SetTrue).help("drop self-loops and merge parallel edges (smallest weight)"))
        .arg(Arg::new("entry").long("entry").required(true).value_name("NAME").help("the function to run"))
        .arg(Arg::new("backend").long("backend").default_value("interp").value_parser(["interp", "cpu", "gpu"]).help("how to run it: the reference interpreter, compiled for this CPU (OpenMP), or compiled to PTX for the first NVIDIA GPU"))
        .arg(crate::opt::schedule_arg())
        .arg(Arg::new("threads").long("threads").value_name("N").value_parser(clap::value_parser!(u32).range(1..=4096)).help("cpu: threads per parallel region (default: OMP_NUM_THREADS, or all cores)"))
        .arg(Arg::new("repeat").long("repeat").value_name("N").value_parser(clap::value_parser!(u32).range(1..)).default_value("1").help("run the entry function N times (results of the last run are printed)"))
        .arg(Arg::new("time").long("time").action(ArgAction::SetTrue).help("print the median, min and max time of the runs on standard error (excluding loading and compiling)"))
        .arg(Arg::new("shuffle").long("shuffle").value_name("SEED").value_parser(clap::value_parser!(u64)).help("interpreter: visit foreach iterations in a random order from SEED"))
        .arg(Arg::new("output").long("output").short('o').value_name("FILE").help("write results here instead of standard output"))
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
            let fits = w >= 128 || (v >= -(1i128 << (w - 1)) && v < (1i128 << w));
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

fn load_graph(m: &ArgMatches, spec: &str) -> Result<Graph, String> {
    let opts = LoadOptions { symmetrize: m.get_flag("symmetrize"), simplify: m.get_flag("simplify") };
    if let Some(g) = spec.strip_prefix("gen:") {
        let (n, edges, weighted) = from_spec(g).map_err(|e| format!("{spec}: error: {e}"))?;
        return Ok(build(n, edges, weighted, opts));
    }
    load(Path::new(spec), opts).map_err(|e| e.to_string())
}

/// The median of `times`, in seconds (0 for none).
pub fn median(times: &[Duration]) -> f64 {
    let mut t: Vec<f64> = times.iter().map(Duration::as_secs_f64).collect();
    t.sort_by(f64::total_cmp);
    let mid = t.len() / 2;
    match t.len() {
        0 => 0.0,
        n if n % 2 == 1 => t[mid],
        _ => (t[mid - 1] + t[mid]) / 2.0,
    }
}

/// `time: MEDIAN` then `time-min:`, `time-max:` (seconds) and `runs:` lines.
pub fn timing_summary(times: &[Duration]) -> String {
    let min = times.iter().min().map_or(0.0, Duration::as_secs_f64);
    let max = times.iter().max().map_or(0.0, Duration::as_secs_f64);
    format!("time: {:.6}\ntime-min: {min:.6}\ntime-max: {max:.6}\nruns: {}\n", median(times), times.len())
}

/// Lowers `module` for the CPU with `pipeline` (see
/// [`crate::opt::default_pipeline`]), compiles it for this machine and
/// loads it.
pub fn compile_for_cpu(
    ctx: &mut Context,
    module: strata_ir::OpId,
    sm: &SourceMgr,
    pipeline: &str,
) -> Result<Program, String> {
    lower(ctx, module, sm, pipeline)?;
    let opts = strata_llvm::Options { opt_level: 3, cpu: "native".into() };
    let object = strata_llvm::compile(ctx, module, &opts, strata_llvm::Emit::Object).map_err(|d| sm.render(&d))?;
    Program::load(&object)
}

/// The signature of the function `name` of `module`.
pub fn signature(ctx: &Context, module: strata_ir::OpId, name: &str) -> Result<strata_ir::types::FunctionType, String> {
    let f = lookup_symbol_in(ctx, module, name)
        .filter(|f| ctx.op_name(*f) == "func.func")
        .ok_or_else(|| format!("error: no function named '{name}'"))?;
    function_type(ctx, f).cloned().ok_or_else(|| format!("error: '{name}' has no function type"))
}

/// The argument and result slots of the lowered entry `name` of `module`,
/// or why the `backend` cannot call it.
pub fn entry_slots(
    ctx: &Context,
    module: strata_ir::OpId,
    name: &str,
    backend: &str,
) -> Result<(Vec<SlotType>, Vec<SlotType>), String> {
    strata_par_dialect::abi::entry_slots(backend, name, &signature(ctx, module, name)?)
}

/// Lowers `module` for the GPU with `pipeline` and compiles it to PTX for
/// a GPU of architecture `arch` (see [`strata_llvm::GpuOptions::for_device`]).
pub fn compile_for_gpu(
    ctx: &mut Context,
    module: strata_ir::OpId,
    sm: &SourceMgr,
    arch: &str,
    pipeline: &str,
) -> Result<Vec<u8>, String> {
    lower(ctx, module, sm, pipeline)?;
    strata_llvm::compile_gpu(ctx, module, &strata_llvm::GpuOptions::for_device(arch), strata_llvm::Emit::Assembly)
        .map_err(|d| sm.render(&d))
}

/// Runs the pipeline `text` on `module`.
fn lower(ctx: &mut Context, module: strata_ir::OpId, sm: &SourceMgr, text: &str) -> Result<(), String> {
    let passes = crate::all_passes();
    let mut sm = sm.clone();
    sm.add(strata_ir::pipeline::PIPELINE_BUFFER, text);
    let pipeline = parse_pipeline(text, &passes).map_err(|d| sm.render(&d))?;
    let mut pm = PassManager::new(pipeline, Instrumentation::default());
    if pm.run(ctx, module).is_err() || ctx.diagnostics.iter().any(|d| d.severity == Severity::Error) {
        return Err(ctx.diagnostics.iter().map(|d| sm.render(d)).collect());
    }
    Ok(())
}

/// The default pipeline of `target` with the `--schedule` of `m`.
fn default_pipeline(target: &str, m: &ArgMatches) -> String {
    crate::opt::default_pipeline(target, m.get_one::<String>("schedule").map(String::as_str))
}

/// Compiles the program to PTX for the GPU of this machine and runs the
/// entry function `repeat` times; returns the results, the kernel times and
/// the transfer times (the graph's upload counted in the first run's).
#[allow(clippy::too_many_arguments)]
fn run_gpu(
    m: &ArgMatches,
    ctx: &mut Context,
    module: strata_ir::OpId,
    sm: &SourceMgr,
    entry: &str,
    args: &[HostValue],
    graph: Option<&Graph>,
    repeat: usize,
) -> Result<strata_gpu::Runs, String> {
    // The driver first: without a GPU, say so before compiling anything.
    let device = strata_gpu::available()?;
    let ptx = compile_for_gpu(ctx, module, sm, &device.arch, &default_pipeline("gpu", m))?;
    let (inputs, results) = entry_slots(ctx, module, entry, "GPU")?;
    let program = strata_gpu::Program::load(&ptx)?;
    let image = graph.map(GraphImage::new);
    let t0 = Instant::now();
    let device_graph = image.as_ref().map(|i| program.upload(i)).transpose()?;
    let upload = t0.elapsed();
    let mut runs = program.run(entry, &inputs, &results, args, device_graph.as_ref(), repeat)?;
    if let Some(first) = runs.transfers.first_mut() {
        *first += upload;
    }
    Ok(runs)
}

/// Compiles the program for the CPU and runs the entry function `repeat` times.
#[allow(clippy::too_many_arguments)]
fn run_cpu(
    m: &ArgMatches,
    ctx: &mut Context,
    module: strata_ir::OpId,
    sm: &SourceMgr,
    entry: &str,
    args: &[HostValue],
    graph: Option<&Graph>,
    repeat: usize,
) -> Result<(Vec<HostValue>, Vec<Duration>), String> {
    let program = compile_for_cpu(ctx, module, sm, &default_pipeline("cpu", m))?;
    let (inputs, results) = entry_slots(ctx, module, entry, "CPU")?;
    if let Some(n) = m.get_one::<u32>("threads") {
        program.set_threads(*n)?;
    }
    let image = graph.map(GraphImage::new);
    program.run(entry, &inputs, &results, args, image.as_ref(), repeat)
}

/// Runs `graph-run` with command-line arguments; returns the exit code.
pub fn run_main(args: Vec<String>, registry: Registry) -> i32 {
    let m = match crate::parse_command_line(command(), args) {
        Ok(m) => m,
        Err(code) => return code,
    };
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

fn run(m: &ArgMatches, registry: Registry) -> Result<(), String> {
    let path = m.get_one::<String>("program").expect("required");
    let file = display_name(path).to_string();
    let mut sm = SourceMgr::new();
    let text = read_source(path).map_err(|d| sm.render(&d))?;
    sm.add(&file, &text);
    let mut ctx = Context::new(Arc::new(registry));
    let module = parse_source(&mut ctx, &file, &text, 0, text.len()).map_err(|d| sm.render(&d))?;
    let mut errors = verify(&ctx, module);
    if errors.is_empty() {
        errors = check_races(&ctx, module);
    }
    if !errors.is_empty() {
        return Err(errors.iter().map(|d| sm.render(d)).collect());
    }
    let entry = m.get_one::<String>("entry").expect("required");
    let Some(f) = lookup_symbol_in(&ctx, module, entry).filter(|f| ctx.op_name(*f) == "func.func") else {
        return Err(format!("error: {file} has no function named '{entry}'"));
    };
    let fty = function_type(&ctx, f).cloned().ok_or("error: entry has no function type")?;
    if is_declaration(&ctx, f) {
        return Err(format!("error: '{entry}' is only declared, it has no body"));
    }
    let takes_graph = fty.inputs.first().is_some_and(is_graph);
    let graph = match (m.get_one::<String>("graph"), takes_graph) {
        (Some(spec), _) => Some(Rc::new(load_graph(m, spec)?)),
        (None, true) => return Err(format!("error: '{entry}' takes a graph; pass one with --graph")),
        (None, false) => None,
    };
    let scalars: Vec<String> = m.get_many::<String>("args").map(|v| v.cloned().collect()).unwrap_or_default();
    let params = &fty.inputs[usize::from(takes_graph)..];
    if scalars.len() != params.len() {
        let want: Vec<String> = params.iter().map(|t| t.to_string()).collect();
        return Err(format!(
            "error: '{entry}' takes {} scalar arguments ({}), got {}",
            params.len(),
            want.join(", "),
            scalars.len()
        ));
    }
    let mut args = Vec::new();
    if takes_graph {
        args.push(HostValue::Graph);
    }
    for (i, (t, ty)) in scalars.iter().zip(params).enumerate() {
        args.push(parse_arg(t, ty, graph.as_deref()).map_err(|e| format!("error: argument {}: {e}", i + 1))?);
    }
    let repeat = *m.get_one::<u32>("repeat").unwrap_or(&1) as usize;
    let backend = m.get_one::<String>("backend").map(String::as_str).unwrap_or("interp");
    if backend != "interp" && m.get_one::<u64>("shuffle").is_some() {
        return Err("error: --shuffle applies to the interpreter only (--backend interp)".into());
    }
    if backend != "cpu" && m.get_one::<u32>("threads").is_some() {
        return Err("error: --threads applies to the CPU backend only (--backend cpu)".into());
    }
    if backend == "interp" && m.contains_id("schedule") {
        return Err("error: --schedule applies to compiled backends only (--backend cpu or gpu)".into());
    }
    let mut transfers = Vec::new();
    let (results, times) = if backend == "cpu" {
        run_cpu(m, &mut ctx, module, &sm, entry, &args, graph.as_deref(), repeat)?
    } else if backend == "gpu" {
        let runs = run_gpu(m, &mut ctx, module, &sm, entry, &args, graph.as_deref(), repeat)?;
        transfers = runs.transfers;
        (runs.results, runs.kernel)
    } else {
        let opts = Options { shuffle_seed: m.get_one::<u64>("shuffle").copied() };
        let vals = args.iter().map(|a| from_host(a, graph.as_ref())).collect::<Result<Vec<_>, _>>()?;
        let mut times = Vec::new();
        let mut results = Vec::new();
        for _ in 0..repeat {
            let t0 = Instant::now();
            results =
                run_function(&ctx, module, entry, vals.clone(), opts).map_err(|e| sm.render(&e.to_diagnostic()))?;
            times.push(t0.elapsed());
        }
        (results_to_host(&results, &fty.results)?, times)
    };
    if m.get_flag("time") {
        eprint!("{}", timing_summary(&times));
        if !transfers.is_empty() {
            eprintln!("transfer-time: {:.6}", median(&transfers));
        }
    }
    let out = format_results(&results);
    match m.get_one::<String>("output") {
        Some(o) => std::fs::write(o, out).map_err(|e| format!("error: cannot write {o}: {e}")),
        None => {
            print!("{out}");
            Ok(())
        }
    }
}
