//! `graph-bench`: runs the corpus compiled for the CPU on the standard
//! benchmark graphs and prints median kernel times, with the same program on
//! one thread as the baseline measured in the same run. With `--backend
//! gpu` the figures are the GPU's kernel times and the baseline is the CPU
//! backend on `--threads` threads, whose results the GPU's must match.

use std::sync::Arc;

use clap::{Arg, ArgMatches, Command};
use strata_cpu::GraphImage;
use strata_graph::generate::from_spec;
use strata_graph::load::build;
use strata_graph::{Graph, LoadOptions};
use strata_interp::Val;
use strata_ir::diagnostics::SourceMgr;
use strata_ir::parser::parse_source;
use strata_ir::{Context, Registry};

use strata_cpu::Program;
use strata_ir::types::FunctionType;

use crate::run::{compile_for_cpu, compile_for_gpu, median, signature};

/// The corpus: program name and its scalar arguments (`S` is the source node).
const ALGORITHMS: [(&str, &[&str]); 8] = [
    ("bfs", &["S"]),
    ("sssp", &["S"]),
    ("pr", &["20", "0.85"]),
    ("cc", &[]),
    ("bc", &["S"]),
    ("tc", &[]),
    ("mis", &[]),
    ("mst", &[]),
];

fn command() -> Command {
    Command::new("graph-bench")
        .about("Median kernel times of the corpus compiled for the CPU on generated benchmark graphs")
        .arg(Arg::new("corpus").long("corpus").value_name("DIR").default_value("test/algorithms").help("directory of the corpus programs"))
        .arg(Arg::new("algorithms").long("algorithms").value_name("LIST").default_value("bfs,sssp,pr,cc,bc,tc,mis,mst").help("comma-separated programs to run"))
        .arg(
            Arg::new("graphs")
                .long("graphs")
                .value_name("LIST")
                .default_value("kron:scale=18,degree=16,seed=1,weighted;uniform:nodes=262144,edges=4194304,seed=1,weighted;grid:rows=1024,cols=1024,seed=1,weighted")
                .help("semicolon-separated generator specs (symmetrized and simplified)"),
        )
        .arg(crate::opt::schedule_arg())
        .arg(Arg::new("threads").long("threads").value_name("N").value_parser(clap::value_parser!(u32).range(1..=4096)).default_value("2").help("threads of the measured runs"))
        .arg(Arg::new("backend").long("backend").value_name("BACKEND").value_parser(["cpu", "gpu"]).default_value("cpu").help("what to measure: the CPU backend (baseline: 1 thread), or the GPU (baseline: the CPU backend on --threads threads)"))
        .arg(Arg::new("repeat").long("repeat").value_name("N").value_parser(clap::value_parser!(u32).range(1..)).default_value("5").help("runs per measurement (the median is reported)"))
}

/// The node with the most out-edges (lowest number among ties): a source that reaches much of the graph.
fn source(g: &Graph) -> u32 {
    (0..g.num_nodes()).max_by_key(|v| (g.out_degree(*v), std::cmp::Reverse(*v))).unwrap_or(0)
}

/// The arguments of a corpus program on `g`.
fn arguments(g: &std::rc::Rc<Graph>, scalars: &[&str], fty: &FunctionType) -> Result<Vec<Val>, String> {
    let mut args = vec![Val::Graph(g.clone())];
    for (s, ty) in scalars.iter().zip(&fty.inputs[1..]) {
        args.push(match *s {
            "S" => Val::Int(source(g).into()),
            x if ty.is_float() => Val::Float(x.parse().map_err(|_| format!("error: bad argument {x}"))?),
            x => Val::Int(x.parse().map_err(|_| format!("error: bad argument {x}"))?),
        });
    }
    Ok(args)
}

/// A compiled corpus program: name, scalar arguments, the CPU program, the
/// lowered signature, and the GPU program when measuring the GPU.
type Compiled<'a> = (&'a str, &'a [&'a str], Program, FunctionType, Option<strata_gpu::Program>);

/// Where two results disagree (integers exactly, floats within 1e-9
/// relative, NaN matching NaN): the first differing element and the
/// number of them, or `None`.
fn difference(a: &Val, b: &Val) -> Option<String> {
    let flat = |v: &Val| match v {
        Val::Prop(p) => p.borrow().clone(),
        v => vec![v.clone()],
    };
    let (a, b) = (flat(a), flat(b));
    if a.len() != b.len() {
        return Some(format!("{} elements against {}", a.len(), b.len()));
    }
    let agree = |x: &Val, y: &Val| match (x, y) {
        (Val::Float(x), Val::Float(y)) => x == y || (x.is_nan() && y.is_nan()) || (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0),
        (Val::Int(x), Val::Int(y)) => x == y,
        _ => false,
    };
    let bad: Vec<usize> = (0..a.len()).filter(|i| !agree(&a[*i], &b[*i])).collect();
    bad.first().map(|i| format!("{} elements differ, the first at {i}: {:?} against {:?}", bad.len(), a[*i], b[*i]))
}

/// The GPU's kernel times against the CPU backend on `threads` threads.
fn bench_gpu(m: &ArgMatches, programs: &[Compiled], threads: u32, repeat: usize) -> Result<(), String> {
    let Some(first) = programs.iter().find_map(|p| p.4.as_ref()) else { return Ok(()) };
    let device = first.device_name().to_string();
    println!("# {repeat} runs per figure; median seconds of the GPU's kernel ({device}), of its transfers (results back; the arguments, copied once, in the first run), and of the CPU backend with {threads} threads (baseline); speedup = CPU / GPU kernel");
    println!("{:<10} {:<44} {:>12} {:>12} {:>12} {:>8} {:>6}", "algorithm", "graph", "gpu", "transfers", "cpu", "speedup", "match");
    let mut mismatches = Vec::new();
    for spec in m.get_one::<String>("graphs").expect("default").split(';').filter(|s| !s.is_empty()) {
        let (n, edges, weighted) = from_spec(spec).map_err(|e| format!("error: {spec}: {e}"))?;
        let g = std::rc::Rc::new(build(n, edges, weighted, LoadOptions { symmetrize: true, simplify: true }));
        let image = GraphImage::new(&g);
        let label = format!("{} ({} nodes, {} edges)", spec.split(':').next().unwrap_or(spec), g.num_nodes(), g.num_edges());
        // Programs share the GPU's context: one copy of the graph serves all.
        let device_graph = first.upload(&image)?;
        for (name, scalars, program, fty, on_gpu) in programs {
            let on_gpu = on_gpu.as_ref().expect("compiled for the GPU");
            let args = arguments(&g, scalars, fty)?;
            let runs = on_gpu.run(name, &fty.inputs, &fty.results, &args, Some(&device_graph), repeat)?;
            program.set_threads(threads)?;
            let (want, cpu) = program.run(name, &fty.inputs, &fty.results, &args, Some(&image), repeat)?;
            let diff = runs.results.iter().zip(&want).find_map(|(a, b)| difference(a, b));
            let agree = runs.results.len() == want.len() && diff.is_none();
            if !agree {
                mismatches.push(format!("{name} on {label} ({})", diff.unwrap_or_default()));
            }
            let (k, c) = (median(&runs.kernel), median(&cpu));
            println!("{:<10} {:<44} {:>12.6} {:>12.6} {:>12.6} {:>7.2}x {:>6}", name, label, k, median(&runs.transfers), c, c / k, if agree { "yes" } else { "NO" });
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
    match bench(&m, Arc::new(registry)) {
        Ok(()) => 0,
        Err(msg) => {
            eprintln!("{}", msg.trim_end());
            1
        }
    }
}

fn bench(m: &ArgMatches, registry: Arc<Registry>) -> Result<(), String> {
    let corpus = m.get_one::<String>("corpus").expect("default");
    let threads = *m.get_one::<u32>("threads").expect("default");
    let repeat = *m.get_one::<u32>("repeat").expect("default") as usize;
    let wanted: Vec<&str> = m.get_one::<String>("algorithms").expect("default").split(',').map(str::trim).collect();
    for w in &wanted {
        if !ALGORITHMS.iter().any(|(n, _)| n == w) {
            let all: Vec<&str> = ALGORITHMS.iter().map(|(n, _)| *n).collect();
            return Err(format!("error: unknown algorithm '{w}'; expected some of: {}", all.join(", ")));
        }
    }
    let schedule = m.get_one::<String>("schedule").map(String::as_str);
    let gpu = m.get_one::<String>("backend").is_some_and(|b| b == "gpu");
    let arch = if gpu { strata_gpu::available()?.arch } else { String::new() };
    let mut programs = Vec::new();
    for (name, scalars) in ALGORITHMS.iter().filter(|(n, _)| wanted.contains(n)) {
        let path = format!("{corpus}/{name}.mlir");
        let text = std::fs::read_to_string(&path).map_err(|e| format!("error: cannot read {path}: {e}"))?;
        let mut sm = SourceMgr::new();
        sm.add(&path, &text);
        let parse = || {
            let mut ctx = Context::new(registry.clone());
            let module = parse_source(&mut ctx, &path, &text, 0, text.len()).map_err(|d| sm.render(&d))?;
            Ok::<_, String>((ctx, module))
        };
        let (mut ctx, module) = parse()?;
        let program = compile_for_cpu(&mut ctx, module, &sm, schedule)?;
        let fty = signature(&ctx, module, name)?;
        let on_gpu = if gpu {
            let (mut ctx, module) = parse()?;
            Some(strata_gpu::Program::load(&compile_for_gpu(&mut ctx, module, &sm, &arch, schedule)?)?)
        } else {
            None
        };
        programs.push((*name, *scalars, program, fty, on_gpu));
    }
    if gpu {
        return bench_gpu(m, &programs, threads, repeat);
    }
    println!("# {} runs per figure; median seconds with {threads} threads, and with 1 thread (baseline); speedup = 1-thread / {threads}-thread", repeat);
    println!("{:<10} {:<44} {:>12} {:>12} {:>8}", "algorithm", "graph", "time", "1 thread", "speedup");
    for spec in m.get_one::<String>("graphs").expect("default").split(';').filter(|s| !s.is_empty()) {
        let (n, edges, weighted) = from_spec(spec).map_err(|e| format!("error: {spec}: {e}"))?;
        let g = std::rc::Rc::new(build(n, edges, weighted, LoadOptions { symmetrize: true, simplify: true }));
        let image = GraphImage::new(&g);
        let label = format!("{} ({} nodes, {} edges)", spec.split(':').next().unwrap_or(spec), g.num_nodes(), g.num_edges());
        for (name, scalars, program, fty, _) in &programs {
            let args = arguments(&g, scalars, fty)?;
            let measure = |t: u32| -> Result<f64, String> {
                program.set_threads(t)?;
                let (_, times) = program.run(name, &fty.inputs, &fty.results, &args, Some(&image), repeat)?;
                Ok(median(&times))
            };
            let (par, one) = (measure(threads)?, measure(1)?);
            println!("{:<10} {:<44} {:>12.6} {:>12.6} {:>7.2}x", name, label, par, one, one / par);
        }
    }
    Ok(())
}
