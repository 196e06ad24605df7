//! Passes, the pass registry and the pass manager.
//!
//! A pipeline is a tree of pass managers anchored on operation names, as in
//! MLIR: `builtin.module(func.func(canonicalize,cse),symbol-dce)`. The manager
//! verifies the IR after every pass and offers IR dumps and timing.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use crate::attributes::Location;
use crate::context::{Context, OpId};
use crate::diagnostics::Diagnostic;
use crate::printer::{print_op, PrintOptions};
use crate::registry::{Registry, Traits};
use crate::verifier::verify;

/// A pass failed; its diagnostics are in the context's `diagnostics`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassFailed;

/// What a pass option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false` (also `1` or `0`).
    Bool,
    /// A positive integer.
    Positive,
    /// A non-negative integer (0 often turns something off).
    Count,
    /// Text the pass reads itself.
    Text,
}

/// An option's value, parsed as its [`OptionKind`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValue<'a> {
    /// A [`OptionKind::Bool`].
    Bool(bool),
    /// A [`OptionKind::Positive`].
    Positive(u64),
    /// A [`OptionKind::Count`].
    Count(u64),
    /// A [`OptionKind::Text`].
    Text(&'a str),
}

impl OptionKind {
    /// What `--list-passes` shows the option takes (`<positive>`).
    pub fn name(self) -> &'static str {
        match self {
            OptionKind::Bool => "bool",
            OptionKind::Positive => "positive",
            OptionKind::Count => "count",
            OptionKind::Text => "text",
        }
    }
    /// Parses the text of an option of this kind.
    pub fn parse(self, v: &str) -> Result<OptionValue<'_>, String> {
        match self {
            OptionKind::Bool => bool_option(v).map(OptionValue::Bool),
            OptionKind::Positive => v
                .parse::<u64>()
                .ok()
                .filter(|n| *n > 0)
                .map(OptionValue::Positive)
                .ok_or_else(|| format!("expected a positive integer, got '{v}'")),
            OptionKind::Count => v
                .parse::<u64>()
                .map(OptionValue::Count)
                .map_err(|_| format!("expected a non-negative integer, got '{v}'")),
            OptionKind::Text => Ok(OptionValue::Text(v)),
        }
    }
}

/// One option of a pass: its key, what it takes, and its help.
#[derive(Clone, Copy, Debug)]
pub struct PassOption {
    /// The key (`max-iterations`).
    pub name: &'static str,
    /// What it takes.
    pub kind: OptionKind,
    /// One line of help, with the default.
    pub help: &'static str,
}

/// What a pass is, declared once beside it: the pipeline name, the display
/// name, a description and its options. The registry, the pipeline parser,
/// `--list-passes` and the pass itself read it.
#[derive(Debug)]
pub struct PassDecl {
    /// The pipeline name (`canonicalize`).
    pub argument: &'static str,
    /// The display name (`Canonicalizer`).
    pub name: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// The options.
    pub options: &'static [PassOption],
}

impl PassDecl {
    /// Parses `value` for the option `key` and gives it to `pass`. The
    /// errors name the pass and the option: an unknown key (with the known
    /// ones) or a value the option does not take.
    pub fn set(&self, pass: &mut dyn Pass, key: &str, value: &str) -> Result<(), String> {
        let Some(opt) = self.options.iter().find(|o| o.name == key) else {
            let known: Vec<&str> = self.options.iter().map(|o| o.name).collect();
            let hint = if known.is_empty() {
                "it has no options".to_string()
            } else {
                format!("known options: {}", known.join(", "))
            };
            let guess = crate::suggest::did_you_mean(key, known.iter().copied());
            return Err(format!("pass '{}' has no option '{key}' ({hint}){guess}", self.argument));
        };
        let invalid = |m: String| format!("invalid value for option '{key}' of pass '{}': {m}", self.argument);
        let v = opt.kind.parse(value).map_err(&invalid)?;
        match pass.options() {
            Some(options) => options.set(key, v).map_err(invalid),
            None => Err(invalid(format!("no such option '{key}'"))),
        }
    }
}

/// A transformation or analysis run on one operation.
pub trait Pass {
    /// The pass's declaration.
    fn decl(&self) -> &'static PassDecl;
    /// The pipeline name (`canonicalize`).
    fn argument(&self) -> &'static str {
        self.decl().argument
    }
    /// The display name (`Canonicalizer`).
    fn name(&self) -> &'static str {
        self.decl().name
    }
    /// The operation this pass must run on, if it is restricted.
    fn anchor(&self) -> Option<crate::OpName> {
        None
    }
    /// The pass's options, which the pipeline parser sets (declared with
    /// [`pass_options!`](crate::pass_options)); `None` for a pass without.
    fn options(&mut self) -> Option<&mut dyn crate::pass_options::PassOptions> {
        None
    }
    /// Runs on `op`. On failure, diagnostics are in `ctx.diagnostics`.
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed>;
    /// Counters reported under `--mlir-pass-statistics`.
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }
}

/// The value of a boolean pass option (`true`, `false`, `1` or `0`).
pub fn bool_option(v: &str) -> Result<bool, String> {
    match v {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(format!("expected 'true' or 'false', got '{v}'")),
    }
}

/// The counts of one pass of a pipeline: the pass object's address, its
/// argument and its counters.
pub type PassStatistics = (usize, String, Vec<(&'static str, u64)>);

/// Registration record of a pass.
pub struct PassInfo {
    /// The pass's declaration.
    pub decl: &'static PassDecl,
    /// Constructor.
    pub create: fn() -> Box<dyn Pass>,
}

/// All passes known to a tool.
#[derive(Default)]
pub struct PassRegistry {
    passes: BTreeMap<&'static str, PassInfo>,
}

impl PassRegistry {
    /// An empty registry.
    pub fn new() -> PassRegistry {
        PassRegistry::default()
    }
    /// Registers a pass.
    pub fn register(&mut self, info: PassInfo) {
        self.passes.insert(info.decl.argument, info);
    }
    /// Looks a pass up.
    pub fn get(&self, argument: &str) -> Option<&PassInfo> {
        self.passes.get(argument)
    }
    /// All passes, sorted by name.
    pub fn all(&self) -> impl Iterator<Item = &PassInfo> {
        self.passes.values()
    }
}

/// One entry of a pipeline.
pub enum PipelineElement {
    /// A pass.
    Pass(Box<dyn Pass>),
    /// A nested pipeline run on every child operation with the anchor name.
    Nested(OpPassManager),
}

/// A sequence of passes anchored on an operation name (`any` matches all).
pub struct OpPassManager {
    /// Operation name the passes run on.
    pub anchor: String,
    /// The passes and nested managers, in order.
    pub elements: Vec<PipelineElement>,
}

impl OpPassManager {
    /// A message for each nested pipeline that can never run: one anchored
    /// on a symbol (which sits directly in a symbol table) inside one
    /// anchored on an operation that is not a symbol table, such as
    /// `func.func(func.func(...))`.
    pub fn dead_nestings(&self, reg: &Registry) -> Vec<String> {
        let mut out = Vec::new();
        for e in &self.elements {
            let PipelineElement::Nested(inner) = e else { continue };
            let (outer, nested) = (reg.op(&self.anchor), reg.op(&inner.anchor));
            if let (Some(outer), Some(nested)) = (outer, nested) {
                if nested.traits.contains(Traits::SYMBOL) && !outer.traits.contains(Traits::SYMBOL_TABLE) {
                    out.push(format!(
                        "the '{0}' pipeline nested in '{1}' never runs: a '{0}' sits directly in a symbol table, \
                         and '{1}' is not one",
                        inner.anchor, self.anchor
                    ));
                }
            }
            out.extend(inner.dead_nestings(reg));
        }
        out
    }

    /// An empty manager for an anchor.
    pub fn new(anchor: impl AsRef<str>) -> OpPassManager {
        OpPassManager { anchor: anchor.as_ref().to_string(), elements: Vec::new() }
    }
    /// Adds a pass.
    pub fn add(&mut self, p: Box<dyn Pass>) {
        self.elements.push(PipelineElement::Pass(p));
    }
    /// Adds a nested manager and returns it.
    pub fn nest(&mut self, anchor: impl AsRef<str>) -> &mut OpPassManager {
        self.elements.push(PipelineElement::Nested(OpPassManager::new(anchor)));
        match self.elements.last_mut() {
            Some(PipelineElement::Nested(m)) => m,
            _ => unreachable!(),
        }
    }
    /// True if there are no passes.
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }
    /// The textual form of the pipeline.
    pub fn describe(&self) -> String {
        let inner: Vec<String> = self
            .elements
            .iter()
            .map(|e| match e {
                PipelineElement::Pass(p) => p.argument().to_string(),
                PipelineElement::Nested(m) => m.describe(),
            })
            .collect();
        format!("{}({})", self.anchor, inner.join(","))
    }
}

/// Instrumentation settings.
#[derive(Clone, Debug, Default)]
pub struct Instrumentation {
    /// Verify after every pass (on by default in tools).
    pub verify_each: bool,
    /// Dump the IR after every pass.
    pub print_after_all: bool,
    /// Dump the IR after these passes.
    pub print_after: Vec<String>,
    /// Dump the IR before every pass.
    pub print_before_all: bool,
    /// How dumps are printed.
    pub print: PrintOptions,
    /// Collect pass timings.
    pub timing: bool,
    /// Collect pass statistics.
    pub statistics: bool,
}

/// Runs a pipeline with instrumentation; dumps go to `log`.
pub struct PassManager {
    /// The root pipeline.
    pub root: OpPassManager,
    /// Settings.
    pub inst: Instrumentation,
    /// Wall time per pass (argument, time), in run order.
    pub timings: Vec<(String, Duration)>,
    /// Statistics per pass of the pipeline, in first-run order: the pass
    /// object's address, its argument and its counts.
    pub stats: Vec<PassStatistics>,
    /// Text written by dumps (the tool sends it to standard error).
    pub log: String,
}

impl PassManager {
    /// A manager for a root pipeline.
    pub fn new(root: OpPassManager, inst: Instrumentation) -> PassManager {
        PassManager { root, inst, timings: Vec::new(), stats: Vec::new(), log: String::new() }
    }

    /// Runs the pipeline on `op` (normally the module).
    pub fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        let anchor = self.root.anchor.clone();
        if anchor != "any" && anchor != ctx.op_name(op) {
            ctx.emit(Diagnostic::error(
                ctx.op_loc(op).clone(),
                format!("can't run '{anchor}' pass manager on '{}' op", ctx.op_name(op)),
            ));
            return Err(PassFailed);
        }
        let mut root = std::mem::replace(&mut self.root, OpPassManager::new(""));
        let r = self.run_manager(&mut root, ctx, op);
        self.root = root;
        r
    }

    fn run_manager(&mut self, pm: &mut OpPassManager, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        for e in pm.elements.iter_mut() {
            match e {
                PipelineElement::Pass(p) => self.run_pass(p.as_mut(), ctx, op)?,
                PipelineElement::Nested(nested) => {
                    let mut children = Vec::new();
                    for r in ctx.regions(op) {
                        for b in ctx.region_blocks(*r) {
                            for c in ctx.block_ops_iter(*b) {
                                if nested.anchor == "any" || ctx.op_name(c) == nested.anchor {
                                    children.push(c);
                                }
                            }
                        }
                    }
                    for c in children {
                        self.run_manager(nested, ctx, c)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn run_pass(&mut self, p: &mut dyn Pass, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        if let Some(a) = p.anchor() {
            if a != ctx.op_name(op) {
                ctx.emit(Diagnostic::error(
                    ctx.op_loc(op).clone(),
                    format!("can't run '{}' pass on '{}' op: it runs on '{a}'", p.argument(), ctx.op_name(op)),
                ));
                return Err(PassFailed);
            }
        }
        if self.inst.print_before_all {
            self.dump(ctx, op, "Before", p);
        }
        let start = Instant::now();
        let r = p.run(ctx, op);
        let elapsed = start.elapsed();
        if self.inst.timing {
            self.timings.push((p.argument().to_string(), elapsed));
        }
        if self.inst.statistics {
            // A pass of a nested pipeline runs once per anchor op and keeps
            // counting: its latest counts are its totals.
            let key = p as *const dyn Pass as *const () as usize;
            match self.stats.iter_mut().find(|s| s.0 == key) {
                Some(s) => s.2 = p.statistics(),
                None => self.stats.push((key, p.argument().to_string(), p.statistics())),
            }
        }
        if r.is_err() {
            if !ctx.diagnostics.iter().any(|d| d.severity == crate::diagnostics::Severity::Error) {
                ctx.emit(Diagnostic::error(ctx.op_loc(op).clone(), format!("pass '{}' failed", p.argument())));
            }
            return Err(PassFailed);
        }
        if self.inst.print_after_all || self.inst.print_after.iter().any(|n| n == p.argument()) {
            self.dump(ctx, op, "After", p);
        }
        if self.inst.verify_each {
            let start = Instant::now();
            let errors = verify(ctx, op);
            if self.inst.timing {
                self.timings.push(("(verifier)".to_string(), start.elapsed()));
            }
            if !errors.is_empty() {
                let n = errors.len();
                ctx.diagnostics.extend(errors);
                ctx.emit(Diagnostic::error(
                    Location::Unknown,
                    format!(
                        "verification failed after pass '{}' ({n} error{})",
                        p.argument(),
                        if n == 1 { "" } else { "s" }
                    ),
                ));
                return Err(PassFailed);
            }
        }
        Ok(())
    }

    fn dump(&mut self, ctx: &Context, op: OpId, when: &str, p: &dyn Pass) {
        self.log.push_str(&format!("// -----// IR Dump {when} {} ({}) //----- //\n", p.name(), p.argument()));
        self.log.push_str(&print_op(ctx, op, self.inst.print));
        self.log.push('\n');
    }

    /// The timing report printed under `--mlir-timing`.
    pub fn timing_report(&self, extra: &[(String, Duration)]) -> String {
        let mut rows: Vec<(String, Duration)> = extra.to_vec();
        rows.extend(self.timings.iter().cloned());
        let total: Duration = rows.iter().map(|r| r.1).sum();
        let mut s = String::new();
        s.push_str("===-------------------------------------------------------------------------===\n");
        s.push_str("                         ... Execution time report ...\n");
        s.push_str("===-------------------------------------------------------------------------===\n");
        s.push_str(&format!("  Total Execution Time: {:.4} seconds\n\n", total.as_secs_f64()));
        s.push_str("  ----Wall Time----  ----Name----\n");
        for (name, d) in &rows {
            let pct = if total.is_zero() { 0.0 } else { 100.0 * d.as_secs_f64() / total.as_secs_f64() };
            s.push_str(&format!("    {:.4} ({:5.1}%)  {name}\n", d.as_secs_f64(), pct));
        }
        s.push_str(&format!("    {:.4} (100.0%)  Total\n", total.as_secs_f64()));
        s
    }

    /// The statistics report printed under `--mlir-pass-statistics`.
    pub fn statistics_report(&self) -> String {
        let mut s = String::from("===-------------------------------------------------------------------------===\n");
        s.push_str("                         ... Pass statistics report ...\n");
        s.push_str("===-------------------------------------------------------------------------===\n");
        for (_, name, st) in &self.stats {
            s.push_str(&format!("'{name}'\n"));
            for (k, v) in st {
                s.push_str(&format!("  ({v}) {k}\n"));
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::pipeline::parse_pipeline;

    crate::pass_options! {
        /// The probe's options.
        struct ProbeOptions {
            /// Fail.
            fail: bool = false => "fail", Bool, "fail";
            /// Erase the terminators.
            breaks: bool = false => "break", Bool, "erase terminators";
        }
    }

    /// Counts the operations it runs on; `fail` makes it fail, `break`
    /// erases the terminator of every block it finds (invalid IR).
    #[derive(Default)]
    struct Probe {
        runs: u64,
        options: ProbeOptions,
    }

    const PROBE: PassDecl =
        PassDecl { argument: "probe", name: "Probe", description: "test pass", options: ProbeOptions::DECLARED };

    impl Pass for Probe {
        fn decl(&self) -> &'static PassDecl {
            &PROBE
        }
        fn options(&mut self) -> Option<&mut dyn crate::pass_options::PassOptions> {
            Some(&mut self.options)
        }
        fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
            self.runs += 1;
            if self.options.breaks {
                let mut terms = Vec::new();
                ctx.walk_pre(op, &mut |o| {
                    if ctx.isa(o, crate::func::op::RETURN) {
                        terms.push(o);
                    }
                });
                terms.into_iter().for_each(|t| ctx.erase_op(t));
            }
            if self.options.fail {
                Err(PassFailed)
            } else {
                Ok(())
            }
        }
        fn statistics(&self) -> Vec<(&'static str, u64)> {
            vec![("runs", self.runs)]
        }
    }

    fn registry() -> PassRegistry {
        let mut r = PassRegistry::new();
        r.register(PassInfo { decl: &PROBE, create: || Box::new(Probe::default()) });
        r
    }

    fn module(ctx: &mut Context) -> OpId {
        let text = "func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n";
        crate::parser::parse_source(ctx, "m.mlir", text, 0, text.len()).expect("parses")
    }

    fn run(pipeline: &str, inst: Instrumentation) -> (Result<(), PassFailed>, PassManager, Vec<String>) {
        let mut ctx = Context::new(Arc::new(crate::core_registry()));
        let m = module(&mut ctx);
        let mut pm = PassManager::new(parse_pipeline(pipeline, &registry()).expect("pipeline"), inst);
        let r = pm.run(&mut ctx, m);
        (r, pm, ctx.diagnostics.iter().map(|d| d.message.clone()).collect())
    }

    #[test]
    fn nested_pipelines_run_once_per_anchor_and_count_totals() {
        let inst = Instrumentation { statistics: true, ..Instrumentation::default() };
        let (r, pm, _) = run("builtin.module(probe,func.func(probe))", inst);
        assert!(r.is_ok());
        let runs: Vec<(&str, u64)> = pm.stats.iter().map(|s| (s.1.as_str(), s.2[0].1)).collect();
        assert_eq!(runs, vec![("probe", 1), ("probe", 2)]);
    }

    #[test]
    fn a_failing_pass_stops_the_pipeline_and_says_so() {
        let inst = Instrumentation { statistics: true, ..Instrumentation::default() };
        let (r, pm, diags) = run("builtin.module(probe{fail=true},probe)", inst);
        assert!(r.is_err());
        assert_eq!(pm.stats.len(), 1, "the second pass must not run");
        assert_eq!(diags, vec!["pass 'probe' failed"]);
    }

    #[test]
    fn verification_after_each_pass_catches_broken_ir() {
        let inst = Instrumentation { verify_each: true, ..Instrumentation::default() };
        let (r, _, diags) = run("builtin.module(func.func(probe{break=true}))", inst);
        assert!(r.is_err());
        assert!(diags.last().is_some_and(|d| d.starts_with("verification failed after pass 'probe'")), "{diags:?}");
        let unchecked = Instrumentation { verify_each: false, ..Instrumentation::default() };
        assert!(run("builtin.module(func.func(probe{break=true}))", unchecked).0.is_ok());
    }

    #[test]
    fn the_root_manager_must_match_the_operation() {
        let (r, _, diags) = run("func.func(probe)", Instrumentation::default());
        assert!(r.is_err());
        assert_eq!(diags, vec!["can't run 'func.func' pass manager on 'builtin.module' op"]);
    }

    #[test]
    fn pipeline_errors_name_what_is_wrong_and_where() {
        let err = |text: &str| parse_pipeline(text, &registry()).err().map(|d| (d.message, d.loc.short()));
        let (msg, _) = err("builtin.module(nope)").expect("unknown pass");
        assert!(msg.contains("nope"), "{msg}");
        let (msg, at) = err("builtin.module(probe{speed=1})").expect("unknown option");
        assert!(msg.starts_with("pass 'probe' has no option 'speed'"), "{msg}");
        assert!(at.ends_with(":1:22"), "{at}");
        let (msg, _) = err("builtin.module(probe{fail=maybe})").expect("bad value");
        assert_eq!(msg, "invalid value for option 'fail' of pass 'probe': expected 'true' or 'false', got 'maybe'");
        assert!(err("builtin.module(probe").is_some());
        let pm = parse_pipeline("builtin.module(probe,func.func(probe{fail=false}))", &registry()).expect("parses");
        assert_eq!(pm.describe(), "builtin.module(probe,func.func(probe))");
    }
}
