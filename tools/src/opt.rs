//! `graph-opt`: the `mlir-opt` of this compiler.

use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Arg, ArgAction, ArgMatches, Command};
use strata_driver::load::{load, Checks, Source};
use strata_driver::pipeline::{at_codegen_level, codegen_pipeline, target_pipeline, Schedule, Target};
use strata_driver::{schedule_file, ScheduleError};
use strata_ir::expected::{check, parse_expectations};
use strata_ir::pass::{Instrumentation, OpPassManager, PassManager, PassRegistry};
use strata_ir::pipeline::{parse_pipeline, PIPELINE_BUFFER};
use strata_ir::printer::{print_module, PrintOptions};
use strata_ir::{Context, Diagnostic, Registry, Severity, SourceMgr};

use crate::input::{display_name, read_source, split_chunks};

fn command(passes: &PassRegistry) -> Command {
    let mut cmd = Command::new("graph-opt")
        .about("Parse IR, run a pass pipeline on it, and print the result")
        .arg(Arg::new("input").default_value("-").help("input file, or - for standard input"))
        .arg(Arg::new("output").short('o').value_name("FILE").help("output file (default: standard output)"))
        .arg(Arg::new("pass-pipeline").long("pass-pipeline").value_name("PIPELINE").help("textual pipeline, e.g. 'builtin.module(func.func(canonicalize,cse))'"))
        .arg(Arg::new("target").long("target").value_name("TARGET").value_parser(["cpu", "gpu"]).help("lower for this target: the default pipeline when none is given (cpu: graph to sched to par)"))
        .arg(schedule_arg())
        .arg(schedule_file_arg())
        .arg(Arg::new("list-loops").long("list-loops").action(ArgAction::SetTrue).help("list the loops of the input by the names schedule files use (FUNCTION:INDEX), with their places and spaces"))
        .arg(Arg::new("emit").long("emit").value_name("WHAT").value_parser(["mlir", "upstream-mlir", "llvm", "asm", "obj", "ptx"]).default_value("mlir").help("what to write: the IR after the pipeline, or LLVM IR, assembly or an object for the target (ptx: the GPU's assembly; upstream-mlir: the par-level program in upstream MLIR's dialects)"))
        .arg(Arg::new("opt-level").long("opt-level").value_name("N").value_parser(clap::value_parser!(u8).range(0..=3)).default_value("3").help("LLVM optimization level for --emit=llvm|asm|obj"))
        .arg(Arg::new("cpu").long("cpu").value_name("NAME").default_value("x86-64").value_parser(strata_llvm::CPUS).help("processor to generate code for (native: this machine)"))
        .arg(Arg::new("gpu-arch").long("gpu-arch").value_name("SM").default_value("sm_80").help("GPU architecture for --target=gpu (sm_70 and later)"))
        .arg(Arg::new("ptx-version").long("ptx-version").value_name("X.Y").default_value("7.8").help("PTX ISA version for --target=gpu (7.8 loads on every CUDA 12 and 13 driver)"))
        .arg(gpu_min_blocks_arg())
        .arg(profile_arg())
        .arg(Arg::new("split-input-file").long("split-input-file").action(ArgAction::SetTrue).help("process each chunk separated by '// -----' on its own"))
        .arg(Arg::new("verify-diagnostics").long("verify-diagnostics").action(ArgAction::SetTrue).help("check emitted diagnostics against expected-* comments"))
        .arg(Arg::new("generic").long("mlir-print-op-generic").action(ArgAction::SetTrue).help("print every operation in the generic form"))
        .arg(Arg::new("debuginfo").long("mlir-print-debuginfo").action(ArgAction::SetTrue).help("print locations"))
        .arg(
            Arg::new("local-scope")
                .long("mlir-print-local-scope")
                .action(ArgAction::SetTrue)
                .help("print affine maps, affine sets and distinct attributes in place, without aliases"),
        )
        .arg(Arg::new("allow-unregistered").long("allow-unregistered-dialect").action(ArgAction::SetTrue).help("accept operations of unregistered dialects"))
        .arg(Arg::new("list-passes").long("list-passes").action(ArgAction::SetTrue).help("list the registered passes and their options"))
        .arg(Arg::new("print-ir-after-all").long("print-ir-after-all").action(ArgAction::SetTrue).help("print the IR after each pass (to standard error)"))
        .arg(Arg::new("print-ir-before-all").long("print-ir-before-all").action(ArgAction::SetTrue).help("print the IR before each pass (to standard error)"))
        .arg(Arg::new("print-ir-after").long("print-ir-after").value_name("PASS").action(ArgAction::Append).help("print the IR after the named pass"))
        .arg(Arg::new("timing").long("mlir-timing").action(ArgAction::SetTrue).help("report the time spent in parsing, passes and printing"))
        .arg(Arg::new("statistics").long("mlir-pass-statistics").action(ArgAction::SetTrue).help("report pass statistics"))
        .arg(
            Arg::new("verify-each")
                .long("verify-each")
                .value_name("BOOL")
                .num_args(0..=1)
                .default_value("true")
                .default_missing_value("true")
                .value_parser(clap::value_parser!(bool))
                .help("verify the IR after each pass"),
        );
    for p in passes.all().map(|p| p.decl) {
        cmd = cmd.arg(
            Arg::new(format!("pass:{}", p.argument))
                .long(p.argument)
                .value_name("OPTIONS")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .action(ArgAction::Append)
                .help(p.description),
        );
    }
    cmd
}

fn list_passes(passes: &PassRegistry) -> String {
    let mut s = String::from("Passes:\n");
    for info in passes.all() {
        let p = info.decl;
        let on = (info.create)().anchor().map(|a| format!(" (on {a})")).unwrap_or_default();
        s.push_str(&format!("  --{:<24} {}{on}\n", p.argument, p.description));
        for o in p.options {
            let key = format!("{}=<{}>", o.name, o.kind.name());
            s.push_str(&format!("      {key:<32} {}\n", o.help));
        }
    }
    s
}

/// The pipeline from `--pass-pipeline` or the per-pass flags (in command-line order).
fn build_pipeline(m: &ArgMatches, passes: &PassRegistry, sm: &mut SourceMgr) -> Result<OpPassManager, Diagnostic> {
    let mut flags: Vec<(usize, String)> = Vec::new();
    for p in passes.all().map(|p| p.decl) {
        let id = format!("pass:{}", p.argument);
        if let (Some(vals), Some(idx)) = (m.get_many::<String>(&id), m.indices_of(&id)) {
            for (v, i) in vals.zip(idx) {
                let text = if v.is_empty() { p.argument.to_string() } else { format!("{}{{{v}}}", p.argument) };
                flags.push((i, text));
            }
        }
    }
    flags.sort();
    let pipeline = m.get_one::<String>("pass-pipeline");
    for flag in ["schedule", "schedule-file"] {
        if m.contains_id(flag) && (pipeline.is_some() || !flags.is_empty() || !m.contains_id("target")) {
            return Err(Diagnostic::error(
                strata_ir::Location::Unknown,
                format!("'--{flag}' applies to the default pipeline of '--target' only"),
            ));
        }
    }
    if pipeline.is_some() && !flags.is_empty() {
        return Err(Diagnostic::error(
            strata_ir::Location::Unknown,
            "'--pass-pipeline' cannot be combined with individual pass flags",
        ));
    }
    let text = match (pipeline, m.get_one::<String>("target").and_then(|t| Target::from_name(t))) {
        (Some(p), _) => p.clone(),
        (None, Some(target)) if flags.is_empty() => {
            return scheduled_pipeline(m, target).map_err(|e| located(&e));
        }
        (None, _) => flags.into_iter().map(|f| f.1).collect::<Vec<_>>().join(","),
    };
    sm.add(PIPELINE_BUFFER, &text);
    parse_pipeline(&text, passes)
}

/// The lowering pipeline of `target` with the default schedule `--schedule`
/// and the loops' schedules of `--schedule-file` of `m` (see
/// [`strata_driver::pipeline`]); an error is the whole message, located
/// (`FILE:LINE:COL: error: ...`) where it can be.
pub fn scheduled_pipeline(m: &ArgMatches, target: Target) -> Result<OpPassManager, String> {
    pipeline_for(target, schedule_of(m)?, None)
}

/// The schedule `--schedule` and the loops' schedules of `--schedule-file`
/// of `m` give.
pub fn schedule_of(m: &ArgMatches) -> Result<Schedule, String> {
    let text = m.get_one::<String>("schedule").map_or("", String::as_str);
    let schedule = Schedule::parse(text).map_err(|e| format!("error: --schedule: {e}"))?;
    // graph-bench has no --schedule-file: its programs name their loops differently.
    let Some(path) = m.try_get_one::<String>("schedule-file").ok().flatten() else { return Ok(schedule) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("error: cannot read schedule file '{path}': {e}"))?;
    Ok(schedule.with_loops(schedule_file::parse(path, &text).map_err(|e| schedule_message(&e))?))
}

/// The lowering pipeline of `target` with `schedule` (as
/// [`scheduled_pipeline`], the schedule already read), for a graph whose
/// nodes have at most `largest_degree` edges where it is known: without
/// the GPU's degree tiers that no node reaches ([`Schedule::for_graph`]).
pub fn pipeline_for(target: Target, schedule: Schedule, largest_degree: Option<u64>) -> Result<OpPassManager, String> {
    let schedule = match largest_degree {
        Some(d) => schedule.for_graph(target, d),
        None => schedule,
    };
    target_pipeline(target, &schedule).map_err(|e| schedule_message(&e))
}

/// The whole message of a schedule's error: located where it is in a
/// schedule file (`FILE:LINE:COL: error: ...`), else `error: ...`.
fn schedule_message(e: &ScheduleError) -> String {
    match e.at() {
        Some(_) => e.to_string(),
        None => format!("error: {e}"),
    }
}

/// What [`pipeline_for`] compiles off of `schedule` for a graph whose nodes
/// have at most `largest_degree` edges, said as the tools' comment lines
/// say it (`None`: nothing).
pub fn tiers_off_note(schedule: &Schedule, target: Target, largest_degree: u64) -> Option<String> {
    let off = schedule.idle_tiers(target, largest_degree);
    (!off.is_empty()).then(|| tiers_off_text(largest_degree, &off))
}

/// `at most D edges a node: the degree tiers ... (split, warp) compiled off`.
pub fn tiers_off_text(largest_degree: u64, off: &[&str]) -> String {
    format!(
        "at most {largest_degree} edges a node: the degree tiers left at their defaults that it does not reach ({}) compiled off",
        off.join(", ")
    )
}

/// A message `FILE:LINE:COL: error: TEXT` or `error: TEXT` as a diagnostic.
fn located(message: &str) -> Diagnostic {
    let unknown = || Diagnostic::error(strata_ir::Location::Unknown, message.trim_start_matches("error: ").to_string());
    let Some((place, text)) = message.split_once(": error: ") else { return unknown() };
    let mut parts = place.rsplitn(3, ':');
    match (parts.next().and_then(|c| c.parse().ok()), parts.next().and_then(|l| l.parse().ok()), parts.next()) {
        (Some(col), Some(line), Some(file)) => {
            Diagnostic::error(strata_ir::Location::file(file, line, col), text.to_string())
        }
        _ => unknown(),
    }
}

/// The `--schedule-file` flag of the tools that lower with the default pipeline.
pub fn schedule_file_arg() -> Arg {
    Arg::new("schedule-file").long("schedule-file").value_name("FILE").help(
        "schedules of loops by name, a line each: 'FUNCTION:INDEX KEY=VALUE,...' (graph-opt --list-loops names them; see docs/dialects/sched.md)",
    )
}

/// One line per loop of `module`: its name, place and space.
fn list_loops(ctx: &Context, module: strata_ir::OpId) -> String {
    let mut out = String::new();
    for (name, l) in schedule_file::loop_names(ctx, module) {
        let space = strata_graph_dialect::foreach::space_of(ctx, l).map_or("?", |s| s.name());
        out += &format!("{name} {} {space}\n", ctx.op_loc(l).short());
    }
    out
}

/// The `--gpu-min-blocks` flag of the tools that compile for the GPU.
pub fn gpu_min_blocks_arg() -> Arg {
    let default = strata_llvm::GpuOptions::default().min_blocks;
    Arg::new("gpu-min-blocks").long("gpu-min-blocks").value_name("N").value_parser(clap::value_parser!(u32).range(0..=32)).help(format!(
        "gpu: blocks of {} threads a multiprocessor must hold at once, ptxas fitting the kernel's registers to them (0: no bound) [default: {default}]",
        strata_abi::GPU_BLOCK_THREADS
    ))
}

/// The `--profile` flag of the tools that compile.
pub fn profile_arg() -> Arg {
    Arg::new("profile").long("profile").action(ArgAction::SetTrue).help(
        "compiled code keeps the time of each phase between the barriers of its parallel regions \
         (graph-run prints it on standard error; see docs/performance.md)",
    )
}

/// The `--schedule` flag of the tools that lower with the default pipeline.
pub fn schedule_arg() -> Arg {
    Arg::new("schedule").long("schedule").value_name("KEY=VALUE,...").help(
        "default loop schedule for the lowering, e.g. 'direction=pull,frontier=bitmap' (see docs/dialects/sched.md)",
    )
}

/// Compiles the lowered module as `--emit` asks (`mlir` prints it).
fn emit(
    ctx: &Context,
    module: strata_ir::OpId,
    m: &ArgMatches,
    print: PrintOptions,
    log: &mut String,
) -> Result<Vec<u8>, Diagnostic> {
    let what = match m.get_one::<String>("emit").map(String::as_str) {
        Some("llvm") => strata_llvm::Emit::LlvmIr,
        Some("asm" | "ptx") => strata_llvm::Emit::Assembly,
        Some("obj") => strata_llvm::Emit::Object,
        // As mlir-opt prints it: the module, then an empty line; with
        // locations (printed in place, as mlir-opt's local scope prints
        // them), no empty line.
        _ => {
            let text = print_module(ctx, module, print, m.get_flag("local-scope"));
            let end = if print.debug_info { "" } else { "\n" };
            return Ok(format!("{text}{end}").into_bytes());
        }
    };
    let opt_level = *m.get_one::<u8>("opt-level").unwrap_or(&3);
    let compile = |what| {
        if targets_gpu(m) {
            let defaults = strata_llvm::GpuOptions::default();
            let opts = strata_llvm::GpuOptions {
                opt_level,
                arch: flag(m, "gpu-arch"),
                ptx_version: flag(m, "ptx-version"),
                min_blocks: m.get_one::<u32>("gpu-min-blocks").copied().unwrap_or(defaults.min_blocks),
                profile: m.get_flag("profile"),
            };
            strata_llvm::compile_gpu(ctx, module, &opts, what)
        } else {
            let opts = strata_llvm::Options { opt_level, cpu: flag(m, "cpu"), profile: m.get_flag("profile") };
            strata_llvm::compile(ctx, module, &opts, what)
        }
    };
    if !m.get_flag("print-ir-after-all") {
        return compile(what);
    }
    let ir = compile(strata_llvm::Emit::LlvmIr)?;
    log.push_str("// -----// IR Dump After emit-llvm (LLVM IR) //----- //\n");
    log.push_str(&String::from_utf8_lossy(&ir));
    log.push('\n');
    match what {
        strata_llvm::Emit::LlvmIr => Ok(ir),
        _ => compile(what),
    }
}

/// Whether `--emit` asks for code (LLVM IR, assembly, an object), which the
/// code generation pipeline prepares the module for.
fn emits_code(m: &ArgMatches) -> bool {
    m.get_one::<String>("emit").is_some_and(|e| e != "mlir" && e != "upstream-mlir")
}

fn flag(m: &ArgMatches, name: &str) -> String {
    m.get_one::<String>(name).cloned().unwrap_or_default()
}

fn targets_gpu(m: &ArgMatches) -> bool {
    m.get_one::<String>("target").map(String::as_str) == Some("gpu")
}

/// The code-generation flags that contradict each other or the target.
fn check_target_flags(m: &ArgMatches) -> Result<(), String> {
    let given = |name: &str| m.value_source(name) == Some(clap::parser::ValueSource::CommandLine);
    let emit = flag(m, "emit");
    if m.get_flag("profile") && !emits_code(m) {
        return Err("--profile applies to code (--emit=llvm, asm, obj or ptx)".into());
    }
    if targets_gpu(m) {
        if given("cpu") {
            return Err("--cpu applies to --target=cpu; use --gpu-arch for the GPU".into());
        }
        if emit == "obj" {
            return Err("--target=gpu writes PTX (--emit=ptx) or LLVM IR (--emit=llvm), not objects".into());
        }
        if emit == "upstream-mlir" {
            return Err("--emit=upstream-mlir writes the CPU program (--target=cpu); the GPU's is not written in upstream dialects".into());
        }
        return strata_llvm::gpu_target(&flag(m, "gpu-arch"), &flag(m, "ptx-version")).map(|_| ());
    }
    if emit == "ptx" {
        return Err("--emit=ptx needs --target=gpu".into());
    }
    if given("gpu-arch") || given("ptx-version") || given("gpu-min-blocks") {
        return Err("--gpu-arch, --ptx-version and --gpu-min-blocks apply to --target=gpu".into());
    }
    Ok(())
}

struct Outcome {
    output: Option<Vec<u8>>,
    diagnostics: Vec<Diagnostic>,
    log: String,
    timings: Vec<(String, Duration)>,
    stats: String,
}

fn process_chunk(
    registry: &Arc<Registry>,
    m: &ArgMatches,
    passes: &PassRegistry,
    source: &Source<'_>,
    range: (usize, usize),
    sm: &mut SourceMgr,
) -> Outcome {
    let mut out = Outcome {
        output: None,
        diagnostics: Vec::new(),
        log: String::new(),
        timings: Vec::new(),
        stats: String::new(),
    };
    let pm_root = match build_pipeline(m, passes, sm) {
        Ok(p) => p,
        Err(d) => {
            out.diagnostics.push(d);
            return out;
        }
    };
    let dead = pm_root.dead_nestings(registry);
    out.diagnostics.extend(dead.into_iter().map(|w| Diagnostic::warning(strata_ir::Location::Unknown, w)));
    let mut ctx = Context::new(registry.clone());
    ctx.allow_unregistered = m.get_flag("allow-unregistered");
    let module = match load(&mut ctx, source, range, Checks::Verify) {
        Ok(l) => {
            out.timings.push(("Parser".into(), l.parse_time));
            out.timings.push(("Verifier".into(), l.check_time));
            l.module
        }
        Err(errors) => {
            out.diagnostics = errors;
            return out;
        }
    };
    if m.get_flag("list-loops") {
        out.output = Some(list_loops(&ctx, module).into_bytes());
        return out;
    }
    let print = PrintOptions { generic: m.get_flag("generic"), debug_info: m.get_flag("debuginfo") };
    let inst = Instrumentation {
        verify_each: *m.get_one::<bool>("verify-each").unwrap_or(&true),
        print_after_all: m.get_flag("print-ir-after-all"),
        print_before_all: m.get_flag("print-ir-before-all"),
        print_after: m.get_many::<String>("print-ir-after").map(|v| v.cloned().collect()).unwrap_or_default(),
        print,
        timing: m.get_flag("timing"),
        statistics: m.get_flag("statistics"),
    };
    if !run_pipeline(&mut ctx, module, pm_root, &inst, m, &mut out) {
        return out;
    }
    // Code generation runs its own pipeline first, on a module lowered far
    // enough (otherwise the emitter says what is left to lower).
    if emits_code(m)
        && at_codegen_level(&ctx, module)
        && !run_pipeline(&mut ctx, module, codegen_pipeline(), &inst, m, &mut out)
    {
        return out;
    }
    let t2 = Instant::now();
    let emitted = if flag(m, "emit") == "upstream-mlir" {
        strata_upstream::emit_upstream_mlir(&mut ctx, module, print.debug_info).map(String::into_bytes)
    } else {
        emit(&ctx, module, m, print, &mut out.log).map_err(|d| vec![d])
    };
    match emitted {
        Ok(bytes) => out.output = Some(bytes),
        Err(mut d) => out.diagnostics.append(&mut d),
    }
    out.timings.push(("Output".into(), t2.elapsed()));
    out
}

/// Runs `pipeline` on `module`, adding its log, timings, statistics and
/// diagnostics to `out`; false if it failed.
fn run_pipeline(
    ctx: &mut Context,
    module: strata_ir::OpId,
    pipeline: OpPassManager,
    inst: &Instrumentation,
    m: &ArgMatches,
    out: &mut Outcome,
) -> bool {
    let mut pm = PassManager::new(pipeline, inst.clone());
    let ok = pm.run(ctx, module).is_ok();
    out.log.push_str(&pm.log);
    out.timings.extend(pm.timings.iter().cloned());
    if m.get_flag("statistics") {
        out.stats.push_str(&pm.statistics_report());
    }
    out.diagnostics.append(&mut ctx.diagnostics);
    ok
}

fn timing_report(rows: &[(String, Duration)]) -> String {
    let pm = PassManager::new(OpPassManager::new("any"), Instrumentation::default());
    pm.timing_report(rows)
}

/// Accepts LLVM-style single-dash long options (`-split-input-file`) as mlir-opt does.
pub fn llvm_style_args(args: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    let mut literal = false;
    for (i, a) in args.into_iter().enumerate() {
        if i > 0 && !literal && a.len() > 2 && a.starts_with('-') && !a.starts_with("--") {
            out.push(format!("-{a}"));
        } else {
            literal |= a == "--";
            out.push(a);
        }
    }
    out
}

/// Runs graph-opt with the given arguments and registries; returns the exit code.
pub fn opt_main(args: Vec<String>, registry: Registry, passes: PassRegistry) -> i32 {
    let m = match crate::parse_command_line(command(&passes), llvm_style_args(args)) {
        Ok(m) => m,
        Err(code) => return code,
    };
    if m.get_flag("list-passes") {
        print!("{}", list_passes(&passes));
        return 0;
    }
    let input = m.get_one::<String>("input").cloned().unwrap_or_else(|| "-".into());
    let file = display_name(&input).to_string();
    let mut sm = SourceMgr::new();
    let text = match read_source(&input) {
        Ok(t) => t,
        Err(d) => {
            eprint!("{}", sm.render(&d));
            return 1;
        }
    };
    sm.add(&file, &text);
    if let Err(e) = check_target_flags(&m) {
        eprintln!("error: {e}");
        return 1;
    }
    for name in m.get_many::<String>("print-ir-after").into_iter().flatten() {
        if passes.get(name).is_none() {
            eprintln!("error: --print-ir-after: no pass named '{name}' (see --list-passes)");
            return 1;
        }
    }
    if emits_code(&m) && m.get_flag("split-input-file") {
        eprintln!(
            "error: --emit={} cannot be combined with --split-input-file",
            m.get_one::<String>("emit").expect("has a default")
        );
        return 1;
    }
    let to_terminal =
        m.get_one::<String>("output").is_none_or(|o| o == "-") && std::io::IsTerminal::is_terminal(&std::io::stdout());
    if m.get_one::<String>("emit").is_some_and(|e| e == "obj") && to_terminal {
        eprintln!("error: refusing to write an object file to a terminal; use -o FILE");
        return 1;
    }
    let registry = Arc::new(registry);
    let verify_mode = m.get_flag("verify-diagnostics");
    let mut failed = false;
    let mut outputs = Vec::new();
    let mut timings = Vec::new();
    let source = Source::new(&file, &text);
    for range in split_chunks(&text, m.get_flag("split-input-file")) {
        let mut expected = if verify_mode {
            match parse_expectations(&file, &text, &source.lines, range.0, range.1) {
                Ok(e) => e,
                Err(d) => {
                    eprint!("{}", sm.render(&d));
                    failed = true;
                    continue;
                }
            }
        } else {
            Vec::new()
        };
        let o = process_chunk(&registry, &m, &passes, &source, range, &mut sm);
        eprint!("{}", o.log);
        eprint!("{}", o.stats);
        timings.extend(o.timings);
        if verify_mode {
            for d in check(&file, &mut expected, &o.diagnostics) {
                eprint!("{}", sm.render(&d));
                failed = true;
            }
        } else {
            for d in &o.diagnostics {
                eprint!("{}", sm.render(d));
                if d.severity == Severity::Error {
                    failed = true;
                }
            }
        }
        // A chunk that failed prints nothing, but keeps its separator, as
        // mlir-opt's output does.
        match o.output {
            Some(out) if !o.diagnostics.iter().any(|d| d.severity == Severity::Error) => outputs.push(out),
            None if !verify_mode && o.diagnostics.is_empty() => failed = true,
            _ => outputs.push(Vec::new()),
        }
    }
    if m.get_flag("timing") {
        eprint!("{}", timing_report(&timings));
    }
    let joined = outputs.join(&b"// -----\n"[..]);
    match m.get_one::<String>("output") {
        Some(path) if path != "-" => {
            if failed {
                return 1;
            }
            if let Err(e) = crate::output::write_file(path, &joined) {
                eprintln!("{e}");
                return 1;
            }
        }
        _ => {
            if let Err(e) = crate::output::write_stdout(&joined) {
                eprintln!("{e}");
                return 1;
            }
        }
    }
    i32::from(failed)
}

/// The stack the tools' work runs on: reserved address space, used only as
/// deep as the input's nesting goes (the parser's and the interpreter's
/// depth limits are sized to it).
const STACK_BYTES: usize = 2 << 30;

/// The address space the tools need, in GiB: the stack, LLVM's and the
/// OpenMP runtime's libraries, the heap of a modest run.
const ADDRESS_SPACE_GIB: usize = 3;

/// Runs `f` on a thread with a large stack and turns a panic into an
/// "internal error" message with exit code 1, so no input ends in an abort trace.
pub fn run_guarded(f: impl FnOnce() -> i32 + Send + 'static) -> i32 {
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        eprintln!("error: internal compiler error: {msg}{at}; please report this with the input that caused it");
        // `RUST_BACKTRACE=1` adds where it happened, as Rust's own hook would.
        let trace = std::backtrace::Backtrace::capture();
        if trace.status() == std::backtrace::BacktraceStatus::Captured {
            eprintln!("{trace}");
        }
    }));
    // A large stack, reserved rather than used: deep IR nesting in the
    // parser and printer, deep recursion in the interpreter and in compiled
    // code run here.
    match std::thread::Builder::new().stack_size(STACK_BYTES).spawn(f) {
        Ok(h) => h.join().unwrap_or(1),
        Err(e) => {
            eprintln!(
                "error: cannot start the compiler thread: {e}; it reserves a stack of {} GiB for deep nesting, \
                 so the tools need about {} GiB of address space: raise the limit (ulimit -v)",
                STACK_BYTES >> 30,
                ADDRESS_SPACE_GIB
            );
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tiers_note_names_what_the_graph_does_not_reach() {
        let cmd = Command::new("t").arg(schedule_arg());
        let plain = cmd.clone().get_matches_from(["t"]);
        let note = |m: &ArgMatches, target, d| tiers_off_note(&schedule_of(m).expect("a valid schedule"), target, d);
        assert_eq!(
            note(&plain, Target::Gpu, 4).as_deref(),
            Some("at most 4 edges a node: the degree tiers left at their defaults that it does not reach (split, warp) compiled off")
        );
        assert_eq!(note(&plain, Target::Gpu, 100).as_deref().map(|n| n.contains("(split)")), Some(true));
        assert_eq!(note(&plain, Target::Gpu, 1 << 20), None);
        assert_eq!(note(&plain, Target::Cpu, 4), None);
        // A tier the schedule sets is compiled as set.
        let warp = cmd.clone().get_matches_from(["t", "--schedule", "warp=8"]);
        assert_eq!(note(&warp, Target::Gpu, 4).as_deref().map(|n| n.contains("(split)")), Some(true));
        let twice = cmd.get_matches_from(["t", "--schedule", "warp=8,warp=9"]);
        assert!(schedule_of(&twice).is_err());
    }
}
