//! The lowering pipelines of the targets, built as values.
//!
//! A target's pipeline canonicalizes at the graph level, lowers to `sched`
//! with a default [`Schedule`] and on to `par`, then canonicalizes,
//! removes common subexpressions, turns boolean atomics into stores where
//! legal and simplifies integer arithmetic with the e-graph. Code
//! generation then lowers structured control flow to branches
//! ([`codegen_pipeline`]: the emitters take `cf`, not `scf`). Both targets
//! share the `par` level, so for now they share the pipeline; code
//! generation is where they part.

use crate::schedule_error::ScheduleError;
use crate::schedule_file::LoopEntry;
use strata_graph_dialect::races::CheckRaces;
use strata_ir::builtin::op as builtin;
use strata_ir::func::op as func;
use strata_ir::pass::{bool_option, OpPassManager, Pass};
use strata_ir::{Context, OpId};
use strata_lowering::graph_to_sched::GraphToSched;
use strata_lowering::scf_to_cf::ScfToCf;
use strata_lowering::sched_to_par::SchedToPar;
use strata_par_dialect::bool_atomics::EliminateBoolAtomics;
use strata_par_dialect::cooperative::CooperativePushes;
use strata_par_dialect::free_buffers::FreeBuffers;
use strata_par_dialect::interleave::InterleaveLoops;
use strata_par_dialect::op as par;
use strata_par_dialect::unroll_masked::UnrollMasked;
use strata_passes::canonicalize::Canonicalize;
use strata_passes::cse::Cse;
use strata_passes::egraph_simplify::EgraphSimplify;
use strata_sched_dialect::schedule::ScheduleEntries;
use strata_std::arith::op as arith;
use strata_std::cf::op as cf;
use strata_std::scf::op as scf;

/// What a program is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// This machine's processor, parallel loops on the OpenMP runtime.
    Cpu,
    /// An NVIDIA GPU, through PTX.
    Gpu,
}

impl Target {
    /// The name on the command line (`cpu`, `gpu`).
    pub fn name(self) -> &'static str {
        match self {
            Target::Cpu => "cpu",
            Target::Gpu => "gpu",
        }
    }
    /// The target called `name`.
    pub fn from_name(name: &str) -> Option<Target> {
        [Target::Cpu, Target::Gpu].into_iter().find(|t| t.name() == name)
    }
}

/// Entries of the default loop schedule (`key=value`, see
/// `docs/dialects/sched.md`), the options of `convert-graph-to-sched`, and
/// schedules of loops by name (a schedule file's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schedule {
    entries: Vec<(String, String)>,
    loops: Vec<LoopEntry>,
}

impl Schedule {
    /// Parses `key=value` entries separated by commas (empty: the defaults);
    /// a key given twice is an error. Values are checked when the pipeline
    /// is built.
    pub fn parse(text: &str) -> Result<Schedule, ScheduleError> {
        let (mut entries, mut seen) = (Vec::new(), SeenKeys::default());
        for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let Some((k, v)) = entry.split_once('=') else {
                return Err(ScheduleError::Malformed { entry: entry.to_string() });
            };
            let (k, v) = (k.trim(), v.trim());
            seen.note(k, v)?;
            entries.push((k.to_string(), v.to_string()));
        }
        Ok(Schedule { entries, loops: Vec::new() })
    }
    /// This schedule with the loops' own schedules of a schedule file.
    pub fn with_loops(mut self, loops: Vec<LoopEntry>) -> Schedule {
        self.loops = loops;
        self
    }
    /// The entries, in order.
    pub fn entries(&self) -> &[(String, String)] {
        &self.entries
    }
    /// This schedule for `target` on a graph whose nodes have at most
    /// `largest_degree` edges, out or in: on the GPU, each degree tier the
    /// schedule leaves at its default ([`GPU_SPLIT`], [`GPU_WARP`]) that no
    /// node reaches is turned off (`split=0`, `warp=0`). A tier only takes
    /// the nodes of its degree or more, so the results are the same, and its
    /// code would never run but would hold registers across the rounds of
    /// the one kernel (PageRank: 80 registers without the tiers, 128 with
    /// them; `docs/performance.md`). The CPU's defaults have no tiers.
    pub fn for_graph(mut self, target: Target, largest_degree: u64) -> Schedule {
        for key in self.idle_tiers(target, largest_degree) {
            self.entries.push((key.to_string(), "0".to_string()));
        }
        self
    }
    /// The degree tiers [`Schedule::for_graph`] turns off: on the GPU, those
    /// this schedule leaves at their defaults that no node of `largest_degree`
    /// edges or fewer reaches.
    pub fn idle_tiers(&self, target: Target, largest_degree: u64) -> Vec<&'static str> {
        if target != Target::Gpu {
            return Vec::new();
        }
        [("split", GPU_SPLIT), ("warp", GPU_WARP)]
            .into_iter()
            .filter(|(key, default)| {
                largest_degree < u64::from(*default) && !self.entries.iter().any(|(k, _)| k == key)
            })
            .map(|(key, _)| key)
            .collect()
    }
}

/// The keys of a schedule's entries seen so far, to refuse a key given
/// twice (a mistake, never a choice of the last) in time linear in the
/// number of entries.
#[derive(Default)]
pub(crate) struct SeenKeys(std::collections::HashMap<String, String>);

impl SeenKeys {
    /// Notes entry `key=value`; the error when `key` was given before.
    pub(crate) fn note(&mut self, key: &str, value: &str) -> Result<(), ScheduleError> {
        match self.0.entry(key.to_string()) {
            std::collections::hash_map::Entry::Occupied(first) => {
                Err(ScheduleError::Repeated { key: key.to_string(), first: first.get().clone() })
            }
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(value.to_string());
                Ok(())
            }
        }
    }
}

/// The GPU's default `split`: a node of this many neighbours or more has its
/// neighbour loop shared by the whole grid, where the loop allows it (one
/// thread walking a hub's list kept the rest of the grid waiting; see
/// `docs/performance.md`). The CPU's default is 0 (never).
pub const GPU_SPLIT: u32 = 4096;

/// The GPU's default `warp`: a node of this many neighbours or more (below
/// `split`) has its neighbour loop walked by a subgroup after the round,
/// where the loop allows it (on an H200 it made SSSP and PageRank on a
/// Kronecker graph twice as fast and left a uniform graph's times as they
/// were; see `docs/performance.md`). The CPU's default is 0 (never).
pub const GPU_WARP: u32 = 64;

/// The schedule entries that apply to the whole program, not to a loop.
const PROGRAM_ENTRIES: [&str; 2] = ["unroll", "interleave"];

/// The lowering pipeline of `target`, down to the `par` level, with
/// `schedule` as the default schedule of outermost loops. An entry the
/// schedule cannot take is an error naming it.
pub fn target_pipeline(target: Target, schedule: &Schedule) -> Result<OpPassManager, ScheduleError> {
    let mut to_sched = GraphToSched::default();
    to_sched.set_target(target.name());
    let given = |key: &str| schedule.entries().iter().any(|(k, _)| k == key);
    // The schedule's text, read into the entries the pass takes.
    let mut defaults = ScheduleEntries::default();
    if target == Target::Gpu {
        defaults.split = Some(GPU_SPLIT);
        defaults.warp = Some(GPU_WARP);
    }
    // The whole program's entries, not defaults on either target:
    // `unroll`, the factor of `par-unroll-masked` (docs/performance.md: on
    // an H200 PageRank 1.2 times faster on a grid, 3 % slower on
    // Kronecker-20); `interleave`, that of `par-interleave-loops`.
    let mut unroll = UnrollMasked::default();
    let mut interleave = InterleaveLoops::default();
    for (k, v) in schedule.entries() {
        let factor = |reason| ScheduleError::ProgramEntry { key: k.clone(), value: Some(v.clone()), reason };
        if k == "unroll" {
            unroll.decl().set(&mut unroll, "factor", v).map_err(factor)?;
            continue;
        }
        if k == "interleave" {
            interleave.decl().set(&mut interleave, "factor", v).map_err(factor)?;
            continue;
        }
        match k.as_str() {
            "target" => return Err(ScheduleError::Target { compiles_for: target.name() }),
            "remarks" => to_sched.set_remarks(bool_option(v).map_err(|reason| ScheduleError::ProgramEntry {
                key: k.clone(),
                value: None,
                reason,
            })?),
            _ => defaults.set(k, v).map_err(ScheduleError::Entry)?,
        }
    }
    to_sched.set_defaults(&defaults);
    for l in &schedule.loops {
        let in_file = |message: String| ScheduleError::InFile { at: l.at.clone(), message };
        if let Some((k, _)) = l.entries.iter().find(|(k, _)| PROGRAM_ENTRIES.contains(&k.as_str())) {
            return Err(in_file(format!(
                "loop '{}': '{k}' is the whole program's entry, not a loop's: give it to --schedule",
                l.name
            )));
        }
        let mut entries = ScheduleEntries::default();
        for (k, v) in &l.entries {
            entries.set(k, v).map_err(|m| in_file(format!("loop '{}': {m}", l.name)))?;
        }
        to_sched.add_loop_schedule(&l.name, &entries, l.at.clone());
    }
    let mut pm = OpPassManager::new(builtin::MODULE);
    // A program with a data race is refused before it is compiled, as
    // graph-run refuses to run it.
    pm.add(Box::new(CheckRaces));
    pm.add(Box::new(canonicalize_bottom_up()));
    pm.add(Box::new(to_sched));
    // A flag per node for each of the device's threads would not fit.
    let mut to_par = SchedToPar::default();
    to_par.options.flags_per_thread = target != Target::Gpu;
    pm.add(Box::new(to_par));
    pm.nest(func::FUNC).add(Box::new(CooperativePushes::default()));
    pm.add(Box::new(canonicalize_bottom_up()));
    pm.add(Box::new(Cse::default()));
    let f = pm.nest(func::FUNC);
    f.add(Box::new(EliminateBoolAtomics::default()));
    f.add(Box::new(EgraphSimplify::default()));
    f.add(Box::new(FreeBuffers::default()));
    if given("unroll") && unroll.factor() > 1 {
        f.add(Box::new(unroll));
    }
    if given("interleave") && interleave.factor() > 1 {
        // A CPU thread's blocks of neighbouring iterations stay its own: the
        // grid stride's iterations, the team's size apart, would share
        // cache lines among threads.
        if target == Target::Cpu {
            interleave.set_work_sharing(true);
        }
        f.add(Box::new(interleave));
    }
    Ok(pm)
}

/// Whether every operation of `module` is of a dialect code generation
/// takes (`builtin`, `func`, `arith`, `scf`, `cf`, `par`): only then does it
/// run the [`codegen_pipeline`]; on a module not lowered that far, the
/// emitter reports what is left.
pub fn at_codegen_level(ctx: &Context, module: OpId) -> bool {
    const KEYS: [u32; 6] = [
        builtin::DIALECT_KEY,
        func::DIALECT_KEY,
        arith::DIALECT_KEY,
        scf::DIALECT_KEY,
        cf::DIALECT_KEY,
        par::DIALECT_KEY,
    ];
    let mut ok = true;
    ctx.walk_pre(module, &mut |o| ok &= KEYS.contains(&ctx.op_kind(o).dialect_key()));
    ok
}

/// What code generation runs on a lowered module before emitting it:
/// `convert-scf-to-cf`, since the emitters take branches (`cf`), not
/// structured control flow, with run-time checks that a loop's step is
/// positive where it is not a constant (as the interpreter checks). Every
/// route to machine code goes through it.
pub fn codegen_pipeline() -> OpPassManager {
    let mut pm = OpPassManager::new(builtin::MODULE);
    let mut to_cf = ScfToCf::default();
    to_cf.options.check_steps = true;
    pm.add(Box::new(to_cf));
    pm
}

/// The canonicalizer as the targets' pipelines run it: bottom-up, without
/// erasing unreachable blocks after each sweep (the `canonicalize` of a
/// textual pipeline runs top-down and erases them).
fn canonicalize_bottom_up() -> Canonicalize {
    let mut c = Canonicalize::default();
    c.options.top_down = false;
    c.options.region_simplify = strata_passes::canonicalize::RegionSimplify(false);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_no_node_reaches_are_turned_off_on_the_gpu() {
        let keys = |s: &Schedule| s.entries().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",");
        let s = Schedule::parse("direction=pull").unwrap();
        assert_eq!(keys(&s.clone().for_graph(Target::Gpu, 4)), "direction=pull,split=0,warp=0");
        assert_eq!(keys(&s.clone().for_graph(Target::Gpu, u64::from(GPU_WARP) - 1)), "direction=pull,split=0,warp=0");
        assert_eq!(keys(&s.clone().for_graph(Target::Gpu, u64::from(GPU_WARP))), "direction=pull,split=0");
        assert_eq!(keys(&s.clone().for_graph(Target::Gpu, u64::from(GPU_SPLIT))), "direction=pull");
        assert_eq!(keys(&s.clone().for_graph(Target::Cpu, 0)), "direction=pull");
        // What the schedule gives stays.
        let given = Schedule::parse("warp=8").unwrap();
        assert_eq!(given.idle_tiers(Target::Gpu, 4), ["split"]);
        assert_eq!(keys(&given.for_graph(Target::Gpu, 4)), "warp=8,split=0");
        assert!(s.idle_tiers(Target::Cpu, 0).is_empty());
        // Both tiers off, and the hub split off under the warp tier's default.
        assert!(target_pipeline(Target::Gpu, &s.clone().for_graph(Target::Gpu, 4)).is_ok());
        assert!(target_pipeline(Target::Gpu, &s.for_graph(Target::Gpu, u64::from(GPU_WARP))).is_ok());
    }

    #[test]
    fn the_pipeline_lowers_to_par_and_optimizes_there() {
        let pm = target_pipeline(Target::Cpu, &Schedule::default()).unwrap();
        assert_eq!(
            pm.describe(),
            "builtin.module(graph-check-races,canonicalize,convert-graph-to-sched,convert-sched-to-par,\
             func.func(par-cooperative-pushes),canonicalize,cse,\
             func.func(par-eliminate-bool-atomics,egraph-simplify,par-free-buffers))"
        );
        assert_eq!(codegen_pipeline().describe(), "builtin.module(convert-scf-to-cf)");
        let gpu = target_pipeline(Target::Gpu, &Schedule::default()).unwrap().describe();
        assert!(gpu.ends_with("par-free-buffers))"), "{gpu}");
        let on = target_pipeline(Target::Gpu, &Schedule::parse("unroll=4").unwrap()).unwrap().describe();
        assert!(on.ends_with("par-free-buffers,par-unroll-masked))"), "{on}");
        let off = target_pipeline(Target::Cpu, &Schedule::parse("unroll=1").unwrap()).unwrap().describe();
        assert!(!off.contains("unroll"), "{off}");
    }

    #[test]
    fn schedules_are_checked_when_the_pipeline_is_built() {
        let s = Schedule::parse("direction=pull, chunk=16").unwrap();
        assert_eq!(s.entries(), &[("direction".into(), "pull".into()), ("chunk".into(), "16".into())]);
        assert!(target_pipeline(Target::Gpu, &s).is_ok());
        assert_eq!(Schedule::parse("pull").unwrap_err(), ScheduleError::Malformed { entry: "pull".into() });
        let twice = Schedule::parse("order=degree, split=2, order=id").unwrap_err();
        assert_eq!(twice, ScheduleError::Repeated { key: "order".into(), first: "degree".into() });
        assert_eq!(twice.to_string(), "schedule entry 'order' is given twice (first as 'order=degree')");
        let bad =
            target_pipeline(Target::Cpu, &Schedule::parse("direction=sideways").unwrap()).err().unwrap().to_string();
        assert_eq!(bad, "schedule entry 'direction' must be \"push\", \"pull\" or \"hybrid\", got \"sideways\"");
        let unknown = target_pipeline(Target::Cpu, &Schedule::parse("speed=max").unwrap()).err().unwrap().to_string();
        assert!(unknown.starts_with("unknown schedule entry 'speed', expected one of: mapping, dist,"), "{unknown}");
        let chunk = target_pipeline(Target::Cpu, &Schedule::parse("chunk=-1").unwrap()).err().unwrap().to_string();
        assert_eq!(chunk, "schedule entry 'chunk' must be an integer from 1 to 4294967295, got '-1'");
        let target = target_pipeline(Target::Gpu, &Schedule::parse("target=cpu").unwrap()).err().unwrap().to_string();
        assert!(target.contains("the pipeline compiles for gpu"), "{target}");
    }

    #[test]
    fn targets_have_names() {
        for t in [Target::Cpu, Target::Gpu] {
            assert_eq!(Target::from_name(t.name()), Some(t));
        }
        assert_eq!(Target::from_name("tpu"), None);
    }
}
