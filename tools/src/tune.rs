//! `graph-tune`: searches the schedules of a program's parallel loops for
//! the fastest on one graph, within a time budget, and writes the best as
//! a schedule file (`--schedule-file` of `graph-run` and `graph-opt`).
//!
//! The search is coordinate descent from the default schedule: for each
//! loop that runs in parallel by default, each schedule entry and each of
//! its values in turn, the program is compiled for this CPU and run
//! `--repeat` times; a candidate is kept when its median time beats the
//! best so far by 3 % (the host's noise), and again when both are measured
//! once more; passes repeat until one keeps nothing or the budget is
//! spent. A schedule the compiler refuses is
//! skipped; every candidate's results must agree with the default
//! schedule's (`strata_abi::compare`), or the search stops with an error.
//! At the end the default and the best are measured again, interleaved,
//! and the file's first line says both times; a best that is no faster
//! than the default then gives way to the default (an empty schedule file).

use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Arg, ArgMatches, Command};
use strata_abi::compare::{compare_results, floats_differ_only};
use strata_abi::HostValue;
use strata_driver::pipeline::{target_pipeline, Schedule, Target};
use strata_driver::schedule_file::{self, LoopEntry};
use strata_driver::{Backend, CpuBackend, Program};
use strata_graph_dialect::foreach::{space_of, worklist_of, Space};
use strata_graph_dialect::op::CountCommon;
use strata_graph_dialect::worklist;
use strata_ir::{Location, Registry};

use crate::run::{input_args, inputs, Inputs};
use crate::timing::{median, Timing};

fn command() -> Command {
    input_args(Command::new("graph-tune").about(
        "Search the schedules of a program's parallel loops for the fastest on a graph, and write it as a schedule file",
    ))
    .arg(Arg::new("budget").long("budget").required(true).value_name("SECONDS").value_parser(clap::value_parser!(f64)).help("time for the search (the final check comes after)"))
        .arg(Arg::new("threads").long("threads").value_name("N").value_parser(clap::value_parser!(u32).range(1..=4096)).default_value("2").help("threads per parallel region"))
        .arg(Arg::new("repeat").long("repeat").value_name("N").value_parser(clap::value_parser!(u32).range(1..)).default_value("5").help("runs per measurement (the median counts)"))
        .arg(Arg::new("output").long("output").short('o').value_name("FILE").help("write the schedule file here instead of standard output"))
        .arg(Arg::new("args").num_args(0..).allow_negative_numbers(true).help("scalar arguments of the entry function, in order"))
}

/// The values tried for each schedule entry of a loop over `space`
/// (`counts`: the loop holds a `graph.count_common` of its own that
/// names no method; `ordered`: it runs the rounds of an ordered worklist).
fn candidates(space: Option<Space>, counts: bool, ordered: bool) -> Vec<(&'static str, &'static [&'static str])> {
    let mut keys: Vec<(&'static str, &'static [&'static str])> =
        vec![("chunk", &["64", "256", "1024", "4096"]), ("dist", &["guided", "dynamic", "static"])];
    match space {
        Some(Space::Nodes) => {
            keys.push(("direction", &["push", "pull"]));
            keys.push(("mapping", &["thread", "edge"]));
            keys.push(("split", &["0", "64", "1024"]));
            keys.push(("segments", &["0", "2", "4"]));
            keys.push(("order", &["id", "degree"]));
        }
        Some(Space::Range) => keys.push(("split", &["0", "64", "1024"])),
        Some(Space::Items) => {
            keys.push(("split", &["0", "64", "1024"]));
            keys.push(("direction", &["push", "pull", "hybrid"]));
            keys.push(("frontier", &["sparse", "bitmap"]));
            keys.push(("pushes", &["buffered", "direct"]));
            keys.push(("alpha", &["10", "20", "40"]));
            keys.push(("beta", &["36", "144", "576"]));
        }
        _ => {}
    }
    if counts {
        keys.push(("intersect", &["merge", "gallop", "auto", "bitmap"]));
    }
    if ordered {
        keys.push(("fusion", &["0", "100", "1000", "10000"]));
    }
    keys
}

/// `loops` with `key=value` for the loop called `name`.
fn with(loops: &[LoopEntry], name: &str, key: &str, value: &str) -> Vec<LoopEntry> {
    let mut out = loops.to_vec();
    let i = match out.iter().position(|l| l.name == name) {
        Some(i) => i,
        None => {
            out.push(LoopEntry { name: name.to_string(), entries: Vec::new(), at: Location::Unknown });
            out.len() - 1
        }
    };
    let entries = &mut out[i].entries;
    match entries.iter_mut().find(|(k, _)| k == key) {
        Some(e) => e.1 = value.to_string(),
        None => entries.push((key.to_string(), value.to_string())),
    }
    out
}

/// What the schedule `loops` gives `key` of loop `name`, if it says.
fn value_of<'a>(loops: &'a [LoopEntry], name: &str, key: &str) -> Option<&'a str> {
    let l = loops.iter().find(|l| l.name == name)?;
    l.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// Compiles and runs the program under the loops' schedules.
struct Measure<'a> {
    registry: Arc<Registry>,
    inputs: &'a Inputs,
    threads: u32,
    repeat: usize,
}

impl Measure<'_> {
    /// The runs' times and the results under `loops`, or `None` when the
    /// compiler refuses the schedule.
    fn run(&self, loops: &[LoopEntry]) -> Result<Option<(Timing, Vec<HostValue>)>, String> {
        let mut p = Program::load(self.registry.clone(), &self.inputs.name, &self.inputs.text)?;
        let Ok(pipeline) = target_pipeline(Target::Cpu, &Schedule::default().with_loops(loops.to_vec())) else {
            return Ok(None);
        };
        if p.lower(pipeline).is_err() {
            return Ok(None);
        }
        let mut cpu =
            CpuBackend::compile(p, &strata_llvm::Options { opt_level: 3, cpu: "native".into(), profile: false })?;
        if let Some(g) = &self.inputs.graph {
            cpu.set_graph(g.clone())?;
        }
        cpu.set_threads(self.threads)?;
        let runs = cpu.run(&self.inputs.entry, &self.inputs.args, self.repeat)?;
        Ok(Some((Timing::of(&runs.times), runs.results)))
    }
}

/// Runs `graph-tune` with command-line arguments; returns the exit code.
pub fn tune_main(args: Vec<String>, registry: Registry) -> i32 {
    let m = match crate::parse_command_line(command(), args) {
        Ok(m) => m,
        Err(code) => return code,
    };
    crate::exit_code(tune(&m, Arc::new(registry)))
}

fn tune(m: &ArgMatches, registry: Arc<Registry>) -> Result<(), String> {
    let budget = crate::seconds_flag("budget", *m.get_one::<f64>("budget").expect("required"), true)?;
    if let Some(o) = m.get_one::<String>("output") {
        crate::output::check_writable(o)?;
    }
    let (program, inputs) = inputs(m, &registry)?;
    let loops: Vec<(String, Option<Space>, bool, bool)> = schedule_file::outermost_loops(&program.ctx, program.module)
        .into_iter()
        .map(|(name, l)| {
            // Counts that name their method keep it whatever the loop says.
            let open = |op: &strata_ir::OpId| CountCommon(*op).intersect(&program.ctx).is_none();
            let counts = schedule_file::own_count_commons(&program.ctx, l).iter().any(open);
            let space = space_of(&program.ctx, l);
            let ordered = worklist_of(&program.ctx, l).is_some_and(|w| worklist::is_ordered(&program.ctx, w));
            (name, space, counts, ordered)
        })
        .collect();
    if loops.is_empty() {
        return Err(format!("error: {} has no loop to schedule", inputs.name));
    }
    let threads = *m.get_one::<u32>("threads").expect("default");
    let repeat = *m.get_one::<u32>("repeat").expect("default") as usize;
    let measure = Measure { registry, inputs: &inputs, threads, repeat };
    let start = Instant::now();
    let Some((default_time, reference)) = measure.run(&[])? else {
        return Err("error: the default schedule does not compile".into());
    };
    eprintln!(
        "graph-tune: default schedule: {:.6} s (runs {:.6} to {:.6} s)",
        default_time.median, default_time.min, default_time.max
    );
    if let Some(w) = crate::timing::busy_warning(threads) {
        eprintln!("graph-tune: {w}");
    }
    let (mut best, mut best_time, mut tried, mut refused) = (Vec::new(), default_time, 0, 0);
    'search: loop {
        let mut kept = false;
        for (name, space, counts, ordered) in &loops {
            for (key, values) in candidates(*space, *counts, *ordered) {
                for value in values {
                    if value_of(&best, name, key) == Some(value) {
                        continue;
                    }
                    if start.elapsed() >= budget {
                        break 'search;
                    }
                    let candidate = with(&best, name, key, value);
                    tried += 1;
                    let at = start.elapsed().as_secs_f64();
                    match measure.run(&candidate)? {
                        None => {
                            refused += 1;
                            eprintln!("graph-tune: [{at:6.1} s] {name} {key}={value}: not legal here");
                        }
                        Some((_, results)) if floats_differ_only(&results, &reference) => {
                            // Float sums added in another order (atomics,
                            // threads' shares) may differ beyond any fixed
                            // tolerance where they cancel; such a schedule
                            // cannot be checked against the default, so it is
                            // not kept, and the search goes on.
                            refused += 1;
                            let d = compare_results(&results, &reference).err().unwrap_or_default();
                            eprintln!(
                                "graph-tune: [{at:6.1} s] {name} {key}={value}: its float results differ from the default schedule's ({d}); sums added in another order differ where they cancel, so it is not kept"
                            );
                        }
                        Some((time, results)) => {
                            if let Err(d) = compare_results(&results, &reference) {
                                return Err(format!(
                                    "error: {name} {key}={value} computes another result than the default schedule: {d}"
                                ));
                            }
                            // A lead counts only beyond the spread of the runs:
                            // the candidate's median below the fastest run of the
                            // schedule it would replace (and at least 3 % below its
                            // median, for which one run alone gives no spread), and
                            // again when both are measured once more, in turn (on a
                            // shared host one median can be lucky).
                            let beats = |t: Timing, of: Timing| t.median < of.min.min(of.median * 0.97);
                            let better = beats(time, best_time) && {
                                let again = measure.run(&candidate)?.map(|r| r.0);
                                let current = measure.run(&best)?.map(|r| r.0);
                                matches!((again, current), (Some(a), Some(c)) if beats(a, c))
                            };
                            eprintln!(
                                "graph-tune: [{at:6.1} s] {name} {key}={value}: {:.6} s (runs {:.6} to {:.6} s){}",
                                time.median,
                                time.min,
                                time.max,
                                if better { " (kept)" } else { "" }
                            );
                            if better {
                                best = candidate;
                                best_time = time;
                                kept = true;
                            }
                        }
                    }
                }
            }
        }
        if !kept {
            break;
        }
    }
    // The default and the best again, in turn, for the figure the file gives.
    let (mut d, mut b) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        d.push(Duration::from_secs_f64(measure.run(&[])?.expect("compiled before").0.median));
        b.push(Duration::from_secs_f64(measure.run(&best)?.expect("compiled before").0.median));
    }
    let (default_runs, best_runs) = (Timing::of(&d), Timing::of(&b));
    let (d, mut b) = (median(&d), median(&b));
    // What the search kept must still beat the default in the final,
    // interleaved measurement, beyond its spread (below the default's
    // fastest); otherwise its lead was the host's noise and the default is
    // what the file gives.
    if !best.is_empty() && best_runs.median >= default_runs.min {
        eprintln!(
            "graph-tune: the schedule found ({b:.6} s) is not faster than the default (medians {:.6} to {:.6} s) beyond their spread when measured again: keeping the default",
            default_runs.min, default_runs.max
        );
        best.clear();
    }
    // No schedule kept: the file gives the default, and so does its figure
    // (not a second measurement of the same schedule).
    if best.is_empty() {
        b = d;
    }
    let graph = m.get_one::<String>("graph").map_or("no graph", String::as_str);
    let mut text = format!(
        "# graph-tune: {} --entry {} on {graph}, {threads} threads: default {d:.6} s, this schedule {b:.6} s ({:.2}x); {tried} schedules tried, {refused} not legal\n",
        inputs.name,
        inputs.entry,
        d / b
    );
    text += &schedule_file::write(&best);
    eprintln!("graph-tune: default {d:.6} s, tuned {b:.6} s ({:.2}x)", d / b);
    match m.get_one::<String>("output") {
        Some(o) => crate::output::write_file(o, text.as_bytes()),
        None => crate::output::write_stdout(text.as_bytes()),
    }
}
