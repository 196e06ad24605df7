//! `convert-graph-to-sched`: decides the schedule of every `graph.foreach`
//! and turns it into a `sched.foreach` that carries it.
//!
//! Outermost loops get the default parallel schedule (`thread` mapping,
//! guided blocks of at least 1,024 iterations; fixed blocks of 64 over a
//! sparse worklist or a range, and of 1,024 where a fixpoint's rounds get
//! further with blocks run in order), overridden by the pass options and then by a
//! `schedule` dictionary written on the loop. Loops nested in a parallel loop,
//! or in a function called from one, default to `sequential`. Without an
//! explicit `reduction`, scalar reductions are privatized where that is legal
//! and atomic otherwise. A `mapping`, `direction` or `frontier` given as a
//! pass option applies to the loops that can take it (the others keep the
//! default; `mapping=edge` collapses what `sched-collapse-loops` would); a
//! pulled worklist loop gets a `bitmap` frontier unless it names one; under
//! `hybrid`, the frontier is that of the pushed rounds. A
//! schedule written on a loop that breaks a rule of
//! [`strata_sched_dialect::legality`] is an error at the loop.
//!
//! It runs on the conversion driver: one pattern rewrites each
//! `graph.foreach`, which the conversion target marks illegal.
//!
//! Schedules may also come per loop, by name ([`loop_names`]: `F:K`, the
//! K-th loop of function F), as a schedule file gives them
//! ([`GraphToSched::add_loop_schedule`]); they count as written on the loop,
//! after its own `schedule` dictionary.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use strata_graph_dialect::op as graph;
use strata_ir::builtin::op as builtin;
use strata_ir::func::op as func;
use strata_ir::pass::PassFailed;
use strata_sched_dialect::op as sched;

use graph::CountCommon;
use strata_graph_dialect::foreach::{is_foreach, space_of, worklist_of, Space};
use strata_graph_dialect::worklist;
use strata_ir::context::OperationState;
use strata_ir::conversion::{apply_conversion, ConversionMode, ConversionTarget};
use strata_ir::pass::{OptionKind, OptionValue, Pass, PassDecl, PassInfo, PassOption};
use strata_ir::pass_options::PassOptions;
use strata_ir::rewrite::{RewritePattern, Rewriter};
use strata_ir::{Attribute, Context, Diagnostic, Location, OpId};
use strata_sched_dialect::collapse::worth_collapsing;
use strata_sched_dialect::schedule::{
    Direction, Dist, Frontier, Keyword, LoopSchedule, Mapping, Order, Reduction, ScheduleEntries,
};
use strata_sched_dialect::{fusion, legality, once, settle};

/// The pass's options: `remarks`, `target` and the schedule's entries,
/// each checked ([`ScheduleEntries::set`]) as it is set.
#[derive(Default)]
pub struct ScheduleOptions {
    /// Overrides of the default schedule of outermost loops.
    defaults: ScheduleEntries,
    /// Whether parallel loops get remarks on the choices made for them
    /// (the `remarks` option's help lists them).
    remarks: bool,
    /// The target compiled for (`cpu`, `gpu`): a loop's `cpu_schedule` or
    /// `gpu_schedule` entries apply over its `schedule` for it.
    target: Option<String>,
}

impl PassOptions for ScheduleOptions {
    fn set(&mut self, key: &str, value: OptionValue<'_>) -> Result<(), String> {
        if let (OptionValue::Bool(b), "remarks") = (&value, key) {
            self.remarks = *b;
            return Ok(());
        }
        if let (OptionValue::Text(t), "target") = (&value, key) {
            if !TARGET_SCHEDULES.iter().any(|(n, _)| n == t) {
                return Err(format!("option 'target' must be cpu or gpu, got '{t}'"));
            }
            self.target = Some(t.to_string());
            return Ok(());
        }
        let text = match value {
            OptionValue::Positive(n) | OptionValue::Count(n) => n.to_string(),
            OptionValue::Text(t) => t.to_string(),
            OptionValue::Bool(_) => return Err(format!("no such option '{key}'")),
        };
        self.defaults.set(key, &text)
    }
}

/// The pass and its options.
#[derive(Default)]
pub struct GraphToSched {
    /// Its options.
    options: ScheduleOptions,
    /// Schedules of loops by name, with where each was given.
    loops: Vec<(String, ScheduleEntries, Location)>,
}

/// The targets a loop may carry a schedule of its own for, with the
/// attribute that holds it.
const TARGET_SCHEDULES: [(&str, &str); 2] = [("cpu", "cpu_schedule"), ("gpu", "gpu_schedule")];

impl GraphToSched {
    /// The default schedule of outermost loops: `entries` over the one
    /// the pass chooses for each loop (as the pass's options give them).
    pub fn set_defaults(&mut self, entries: &ScheduleEntries) {
        self.options.defaults.merge(entries);
    }

    /// Whether parallel loops get remarks on the choices made for them.
    pub fn set_remarks(&mut self, on: bool) {
        self.options.remarks = on;
    }

    /// The target compiled for, `cpu` or `gpu` (the `target` option): its
    /// loops' `cpu_schedule` or `gpu_schedule` entries apply.
    pub fn set_target(&mut self, name: &str) {
        self.options.target = Some(name.to_string());
    }

    /// Adds schedule entries for the loop called `name` (see
    /// [`loop_names`]); `at` is where they were given.
    pub fn add_loop_schedule(&mut self, name: &str, entries: &ScheduleEntries, at: Location) {
        self.loops.push((name.to_string(), entries.clone(), at));
    }
}

/// The loops of `module` that run in parallel by default (by name, see
/// [`loop_names`]): those in no other loop, in functions no loop calls.
pub fn outermost_loops(ctx: &Context, module: OpId) -> Vec<(String, OpId)> {
    let inner_fns = legality::functions_called_in_loops(ctx, module);
    loop_names(ctx, module)
        .into_iter()
        .filter(|(_, l)| {
            legality::enclosing_parallel_loop(ctx, *l).is_none()
                && enclosing_function(ctx, *l).is_none_or(|f| !inner_fns.contains(&f))
        })
        .collect()
}

/// The names of the loops of `module`, as schedules by name use them:
/// `F:K` for the K-th `graph.foreach` of function `F`, counted from 0 in
/// the order they are written, nested loops included.
pub fn loop_names(ctx: &Context, module: OpId) -> Vec<(String, OpId)> {
    let mut names = Vec::new();
    for f in ctx.entry_block(ctx.region(module, 0)).map(|b| ctx.block_ops(b)).unwrap_or_default() {
        if ctx.op_name(f) != func::FUNC {
            continue;
        }
        let name = func::Func(f).sym_name(ctx);
        let mut k = 0;
        ctx.walk_pre(f, &mut |o| {
            if ctx.op_name(o) == graph::FOREACH {
                names.push((format!("{name}:{k}"), o));
                k += 1;
            }
        });
    }
    names
}

impl Pass for GraphToSched {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn anchor(&self) -> Option<strata_ir::OpName> {
        Some(builtin::MODULE)
    }
    fn options(&mut self) -> Option<&mut dyn PassOptions> {
        Some(&mut self.options)
    }
    fn run(&mut self, ctx: &mut Context, module: OpId) -> Result<(), PassFailed> {
        let errors = Rc::new(RefCell::new(Vec::new()));
        let remarks = Rc::new(RefCell::new(Vec::new()));
        let names = loop_names(ctx, module);
        let mut by_loop: HashMap<OpId, ScheduleEntries> = HashMap::new();
        let mut unknown = Vec::new();
        for (name, entries, at) in &self.loops {
            match names.iter().find(|(n, _)| n == name) {
                Some((_, l)) => by_loop.entry(*l).or_default().merge(entries),
                None => {
                    let known: Vec<&str> = names.iter().map(|(n, _)| n.as_str()).collect();
                    let list = if known.is_empty() { "there are none".to_string() } else { known.join(", ") };
                    unknown.push(Diagnostic::error(at.clone(), format!("no loop named '{name}' (loops: {list})")));
                }
            }
        }
        if !unknown.is_empty() {
            unknown.into_iter().for_each(|d| ctx.emit(d));
            return Err(PassFailed);
        }
        if let Err(wrong) = mark_pushes_once_per_round(ctx, module, self.options.remarks.then_some(&remarks)) {
            wrong.into_iter().for_each(|d| ctx.emit(d));
            return Err(PassFailed);
        }
        let pattern = ForeachToSched {
            by_loop,
            defaults: self.options.defaults.clone(),
            target: self.options.target.clone(),
            inner_fns: legality::functions_called_in_loops(ctx, module),
            errors: errors.clone(),
            remarks: self.options.remarks.then(|| remarks.clone()),
        };
        let target = ConversionTarget::new().illegal_ops(&[graph::FOREACH]);
        let patterns: Vec<Box<dyn RewritePattern>> = vec![Box::new(pattern)];
        let left = apply_conversion(ctx, module, &target, &patterns, ConversionMode::Partial);
        remarks.borrow_mut().drain(..).for_each(|d| ctx.emit(d));
        // A loop with an illegal schedule says why, rather than the
        // conversion's "failed to legalize".
        let specific: Vec<Diagnostic> = errors.borrow_mut().drain(..).map(|(_, d)| d).collect();
        let reported = if specific.is_empty() { left.err().unwrap_or_default() } else { specific };
        if reported.is_empty() {
            return Ok(());
        }
        reported.into_iter().for_each(|d| ctx.emit(d));
        Err(PassFailed)
    }
}

/// `graph.foreach` to `sched.foreach` with the loop's schedule: the
/// defaults (sequential inside parallel loops and the functions they call),
/// the pass options, then what the loop says, adjusted to what is legal.
struct ForeachToSched {
    defaults: ScheduleEntries,
    target: Option<String>,
    inner_fns: HashSet<OpId>,
    /// Loops whose schedule is illegal, and why (once each: the driver
    /// tries a loop again in every round).
    errors: Rc<RefCell<Vec<(OpId, Diagnostic)>>>,
    /// Where remarks go, when asked for.
    remarks: Option<Rc<RefCell<Vec<Diagnostic>>>>,
    /// Schedule entries given for loops by name.
    by_loop: HashMap<OpId, ScheduleEntries>,
}

impl RewritePattern for ForeachToSched {
    fn name(&self) -> &'static str {
        "graph-foreach-to-sched"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(graph::FOREACH)
    }
    fn match_and_rewrite(&self, l: OpId, rw: &mut Rewriter<'_>) -> bool {
        if self.errors.borrow().iter().any(|(o, _)| *o == l) {
            return false;
        }
        let none = ScheduleEntries::default();
        let named = self.by_loop.get(&l).unwrap_or(&none);
        let s = match schedule(rw.ctx(), l, &self.defaults, named, self.target.as_deref(), &self.inner_fns) {
            Ok(s) => s,
            Err(d) => {
                self.errors.borrow_mut().push((l, d));
                return false;
            }
        };
        if let Some(how) = s.intersect {
            for op in own_count_commons(rw.ctx(), l) {
                if CountCommon(op).intersect(rw.ctx()).is_none() {
                    for (key, value) in CountCommon::props(Some(how)) {
                        rw.modify_in_place(op, |ctx| ctx.set_prop(op, key, value));
                    }
                }
            }
        }
        if s.fusion > 0 {
            // The legality check found the worklist made in this function.
            let wl = worklist_of(rw.ctx(), l).expect("checked with the schedule");
            let new = rw.ctx().defining_op(wl).expect("checked with the schedule");
            rw.modify_in_place(new, |ctx| ctx.set_attr(new, fusion::FUSED_ROUNDS, Attribute::Unit));
        }
        let ctx = rw.ctx();
        if let Some(r) = &self.remarks {
            let tiers = [Tier::Split, Tier::Block, Tier::Warp].map(|t| tier_remark(ctx, l, &s, &self.defaults, t));
            let warp = warp_remark(ctx, l, &s, &self.defaults);
            let fused = fusion_remark(ctx, l, &s);
            let segments = segments_remark(ctx, l, &s, &self.defaults);
            let order = order_remark(ctx, l, &s, &self.defaults);
            let all = [direction_remark(ctx, l, &s), dist_remark(ctx, l, &s), fused, warp, segments, order];
            for m in all.into_iter().chain(tiers).flatten() {
                r.borrow_mut().push(Diagnostic::remark(ctx.op_loc(l).clone(), m));
            }
        }
        let mut st = OperationState::new(sched::FOREACH, ctx.op_loc(l).clone())
            .operands(ctx.operands(l))
            .results(&ctx.results(l).iter().map(|r| ctx.value_type(*r).clone()).collect::<Vec<_>>());
        if let Some(space) = space_of(ctx, l) {
            st = st.prop("space", space.attr());
        }
        st = st.prop("schedule", s.to_attr());
        let scheduling = |k: &str| k == "schedule" || TARGET_SCHEDULES.iter().any(|(_, a)| *a == k);
        st.attributes = ctx.attrs(l).iter().filter(|(k, _)| !scheduling(k)).cloned().collect();
        let (old_body, old_filter) = (ctx.region(l, 0), ctx.region(l, 1));
        let (body, filter) = (rw.new_region(), rw.new_region());
        rw.move_region_blocks(old_body, body, 0);
        rw.move_region_blocks(old_filter, filter, 0);
        rw.replace_op_with_new(l, st.region(body).region(filter));
        true
    }
}

/// The schedule of the loop `l`, or why the one it asks for is illegal;
/// `named` are the entries given for it by name.
fn schedule(
    ctx: &Context,
    l: OpId,
    defaults: &ScheduleEntries,
    named: &ScheduleEntries,
    target: Option<&str>,
    inner_fns: &HashSet<OpId>,
) -> Result<LoopSchedule, Diagnostic> {
    let err = |ctx: &Context, m: String| Diagnostic::error(ctx.op_loc(l).clone(), format!("illegal schedule: {m}"));
    let dict = |ctx: &Context, name: &str| match ctx.attr(l, name) {
        Some(a) => {
            a.as_dict().map(<[_]>::to_vec).ok_or_else(|| err(ctx, format!("'{name}' must be a dictionary, got {a}")))
        }
        None => Ok(Vec::new()),
    };
    let mut user = ScheduleEntries::from_dict(&dict(ctx, "schedule")?).map_err(|m| err(ctx, m))?;
    // A target's own entries apply over the loop's schedule when compiling
    // for it; the other target's are checked all the same.
    for (t, name) in TARGET_SCHEDULES {
        let own = ScheduleEntries::from_dict(&dict(ctx, name)?).map_err(|m| err(ctx, format!("in '{name}': {m}")))?;
        if target == Some(t) {
            user.merge(&own);
        }
    }
    user.merge(named);
    let func = enclosing_function(ctx, l);
    let nested = legality::enclosing_parallel_loop(ctx, l).is_some() || func.is_some_and(|f| inner_fns.contains(&f));
    let mut s = if nested {
        // Of the pass's entries, only the method of common-neighbour
        // counts reaches nested loops.
        ScheduleEntries { intersect: defaults.intersect, ..ScheduleEntries::default() }
            .applied_to(LoopSchedule::SEQUENTIAL)
    } else {
        defaults.applied_to(LoopSchedule::PARALLEL)
    };
    let explicit_reduction = user.reduction.is_some() || (!nested && defaults.reduction.is_some());
    s = user.applied_to(s);
    if !explicit_reduction && s.mapping != Mapping::Sequential {
        let shared = legality::shared_scalars(ctx, l);
        if !shared.is_empty() && shared.iter().all(|(_, why)| why.is_none()) {
            s.reduction = Reduction::Privatize;
        }
    }
    let direction_given = user.direction.is_some() || (!nested && defaults.direction.is_some());
    if !direction_given && !nested && settles_when_pulled(ctx, l, &s).is_ok() {
        s.direction = Direction::Hybrid;
    }
    if s.direction == Direction::Hybrid && user.direction.is_none() && legality::hybrid(ctx, l, &s).is_err() {
        s.direction = Direction::Push;
    }
    if user.intersect.is_some() && own_count_commons(ctx, l).is_empty() {
        return Err(err(ctx, "schedule entry 'intersect' applies to a loop that holds a graph.count_common".into()));
    }
    let thresholds = [("alpha", user.alpha), ("beta", user.beta)];
    if let Some((key, _)) = thresholds.iter().find(|(_, v)| v.is_some()).filter(|_| s.direction != Direction::Hybrid) {
        return Err(err(ctx, format!("schedule entry '{key}' applies to direction 'hybrid' only")));
    }
    if user.frontier.is_none() {
        let can_scan = legality::bitmap_worklist(ctx, l).is_ok();
        if s.frontier == Frontier::Bitmap && !can_scan {
            s.frontier = Frontier::Sparse;
        }
        let chosen = s.frontier;
        if s.direction == Direction::Pull && space_of(ctx, l) == Some(Space::Items) {
            s.frontier = Frontier::Bitmap;
        }
        let illegal = legality::pullable(ctx, l, &s).is_err() || (s.frontier == Frontier::Bitmap && !can_scan);
        if s.direction == Direction::Pull && user.direction.is_none() && illegal {
            s.direction = Direction::Push;
            s.frontier = chosen;
        }
    } else if s.direction == Direction::Pull && user.direction.is_none() && legality::pullable(ctx, l, &s).is_err() {
        s.direction = Direction::Push;
    }
    let chunk_given = user.chunk.is_some() || defaults.chunk.is_some();
    // Rounds of a sparse worklist and ranges (a level of a sort, a slice)
    // are often a few thousand iterations: large blocks would leave them
    // to one thread.
    let short = match space_of(ctx, l) {
        Some(Space::Items) => s.frontier == Frontier::Sparse,
        Some(Space::Range) => true,
        _ => false,
    };
    if !nested && !chunk_given && short {
        s.chunk = LoopSchedule::SPARSE_WORKLIST_CHUNK;
    }
    // Fixed blocks where guided ones would cost: short loops (their blocks
    // balance uneven rounds better) and rounds whose progress follows the
    // order of the blocks.
    let dist_given = user.dist.is_some() || (!nested && defaults.dist.is_some());
    if !dist_given && s.dist == Dist::Guided && (short || rounds_follow_order(ctx, l).is_some()) {
        s.dist = Dist::Dynamic;
    }
    // A default mapping that does not apply (or, for 'edge', does not pay)
    // leaves the loop a thread per iteration.
    let mapping_fits = match s.mapping {
        Mapping::Edge => legality::collapsible(ctx, l).and_then(|_| worth_collapsing(ctx, l)).is_ok(),
        Mapping::Warp | Mapping::Block => legality::group_mappable(ctx, l, &s).is_ok(),
        Mapping::EdgeBalanced => {
            let alone = LoopSchedule { split: 0, block: 0, warp: 0, ..s };
            legality::edge_balanceable(ctx, l, &alone).is_ok()
        }
        Mapping::Thread | Mapping::Sequential => true,
    };
    if !mapping_fits && user.mapping.is_none() {
        s.mapping = Mapping::Thread;
    }
    if user.fusion.is_none() {
        // On where the rounds can be fused, at the pass option's or the
        // default threshold; off elsewhere.
        let given = !nested && defaults.fusion.is_some();
        let wanted = if given { s.fusion } else { LoopSchedule::DEFAULT_FUSION };
        let fused = LoopSchedule { fusion: wanted, ..s };
        s.fusion = if wanted > 0 && !nested && fusion::fusable(ctx, l, &fused).is_ok() { wanted } else { 0 };
    }
    if user.split.is_none() {
        // The pass option's threshold where the loop can split, but over an
        // ordered worklist; off elsewhere.
        s.split =
            if !nested && !over_ordered(ctx, l) && legality::splittable(ctx, l, &s).is_ok() { s.split } else { 0 };
    }
    if user.block.is_none() {
        // The same for the block tier, below the loop's `split`.
        s.block =
            if !nested && !over_ordered(ctx, l) && legality::block_tier(ctx, l, &s).is_ok() { s.block } else { 0 };
    }
    if user.warp.is_none() {
        // The same for the warp tier, below the loop's `block` or `split`.
        s.warp = if !nested && !over_ordered(ctx, l) && legality::warp_tier(ctx, l, &s).is_ok() { s.warp } else { 0 };
    }
    if user.segments.is_none() {
        // The pass option's passes where the loop can take them.
        s.segments = if !nested && legality::segmentable(ctx, l, &s).is_ok() { s.segments } else { 0 };
    }
    if user.order.is_none() && (nested || legality::orderable(ctx, l, &s).is_err()) {
        // The pass option's order where the loop can take it.
        s.order = Order::Id;
    }
    if nested && s.mapping != Mapping::Sequential && legality::enclosing_parallel_loop(ctx, l).is_none() {
        return Err(err(
            ctx,
            format!("mapping '{}' is illegal in a function called from a parallel loop", s.mapping.keyword()),
        ));
    }
    legality::check(ctx, l, &s).map_err(|m| err(ctx, m))?;
    Ok(s)
}

/// The `graph.count_common` operations whose nearest enclosing loop is
/// `l`: those its `intersect` entry sets the method of (when they name
/// none).
pub fn own_count_commons(ctx: &Context, l: OpId) -> Vec<OpId> {
    let mut found = Vec::new();
    ctx.walk_pre(l, &mut |o| {
        if ctx.op_name(o) != graph::COUNT_COMMON {
            return;
        }
        if ctx.enclosing_op(o, |p| is_foreach(ctx, p)) == Some(l) {
            found.push(o);
        }
    });
    found
}

/// Whether the loop `l` can run `hybrid` with pulled scans that stop early
/// (what makes pulling a large round pay), or why not.
fn settles_when_pulled(ctx: &Context, l: OpId, s: &LoopSchedule) -> Result<(), String> {
    let inner = legality::hybrid(ctx, l, s)?;
    settle::settling_reductions(ctx, l, inner).map(|_| ())
}

/// Why a round of the loop `l` gets further when its blocks run in
/// order, if it does: the loop runs once a round of a `graph.fixpoint`
/// and its iterations read what others update in the same round (a label
/// lowered for the neighbours), so a block run after the one before it
/// starts from that one's updates. Of guided blocks, a few long ones taken
/// at once, each would start a round behind the one before it: label
/// propagation on a 1024² grid took 26 to 28 rounds on two threads,
/// against 3 or 4 with blocks of 1,024 taken one at a time and 2 on one
/// thread.
fn rounds_follow_order(ctx: &Context, l: OpId) -> Option<String> {
    ctx.enclosing_op(l, |p| ctx.op_name(p) == graph::FIXPOINT)?;
    let (update, read) = strata_graph_dialect::races::updates_seen_in_loop(ctx, l)?;
    let what = if ctx.op_name(update) == graph::STORE { "store" } else { "reduce" };
    Some(format!(
        "it runs once a round until a fixpoint and its iterations read what others update in the round (the {what} at {} and the load at {}), so each block starts from the updates of those before it",
        ctx.op_loc(update).short(),
        ctx.op_loc(read).short()
    ))
}

/// The remark on how the parallel loop `l` (schedule `s`) deals out its
/// blocks where that is not the default's guided blocks for a reason of the
/// loop's own.
fn dist_remark(ctx: &Context, l: OpId, s: &LoopSchedule) -> Option<String> {
    if s.mapping == Mapping::Sequential || s.dist != Dist::Dynamic {
        return None;
    }
    let why = rounds_follow_order(ctx, l)?;
    Some(format!("blocks of {} iterations taken one at a time, not guided: {why}", s.chunk))
}

/// The remark on the direction of the parallel loop `l` under schedule
/// `s`: how a pulled loop's scans end, or why a worklist loop is pushed.
fn direction_remark(ctx: &Context, l: OpId, s: &LoopSchedule) -> Option<String> {
    if s.mapping == Mapping::Sequential {
        return None;
    }
    let pulled = |inner: OpId| match settle::settling_reductions(ctx, l, inner) {
        Ok(r) => {
            let at: Vec<String> = r.iter().map(|r| ctx.op_loc(r.op).short()).collect();
            format!(
                "a pulled node stops scanning its in-edges once the reductions at {} cannot change its element",
                at.join(", ")
            )
        }
        Err(why) => format!("a pulled node scans all its in-edges: {why}"),
    };
    match s.direction {
        Direction::Hybrid => {
            let inner = legality::hybrid(ctx, l, s).ok()?;
            Some(format!(
                "direction 'hybrid': a round is pulled when its items exceed the nodes / {} and they and their out-edges the edges / {}; {}",
                s.beta,
                s.alpha,
                pulled(inner)
            ))
        }
        Direction::Pull => Some(format!("direction 'pull': {}", pulled(legality::pullable(ctx, l, s).ok()?))),
        Direction::Push if space_of(ctx, l) == Some(Space::Items) => {
            let why = settles_when_pulled(ctx, l, s).err().unwrap_or_else(|| "as the schedule says".into());
            Some(format!("direction 'push' in every round: {why}"))
        }
        Direction::Push => None,
    }
}

/// The remark on the rounds of the parallel loop `l` over an ordered
/// worklist under schedule `s`: fused below which size, or why not.
fn fusion_remark(ctx: &Context, l: OpId, s: &LoopSchedule) -> Option<String> {
    if !over_ordered(ctx, l) || s.mapping == Mapping::Sequential {
        return None;
    }
    if s.fusion > 0 {
        return Some(format!(
            "bucket fusion: a thread runs the items it pushed into the round's bucket in the same round while they are fewer than {}",
            s.fusion
        ));
    }
    let why = fusion::fusable(ctx, l, &LoopSchedule { fusion: LoopSchedule::DEFAULT_FUSION, ..*s })
        .err()
        .unwrap_or_else(|| "as the schedule says".into());
    Some(format!("rounds not fused: {why}"))
}

/// The degree tiers a loop's iterations may be deferred to after the
/// round: the team's (`split`), blocks' (`block`) and subgroups' (`warp`).
#[derive(Clone, Copy, PartialEq)]
enum Tier {
    Split,
    Block,
    Warp,
}

/// The remark on the degree tier `tier` of the parallel loop `l` under
/// schedule `s`: from which degree, or why not where the pass options ask
/// for it.
fn tier_remark(ctx: &Context, l: OpId, s: &LoopSchedule, defaults: &ScheduleEntries, tier: Tier) -> Option<String> {
    let (key, chosen, not) = match tier {
        Tier::Split => ("split", s.split, "not split"),
        Tier::Block => ("block", s.block, "not deferred to blocks"),
        Tier::Warp => ("warp", s.warp, "not deferred to subgroups"),
    };
    // The lowest tier above, which bounds this one's degrees.
    let below = |bounds: &[u32]| match bounds.iter().find(|b| **b > 0) {
        Some(b) => format!(" (fewer than {b})"),
        None => String::new(),
    };
    if chosen > 0 {
        return Some(match tier {
            Tier::Split => format!(
                "split: a node of {chosen} or more neighbours has its neighbour loop shared by the team's threads after the round's other nodes"
            ),
            Tier::Block => format!(
                "block: a node of {chosen} or more neighbours{} has its neighbour loop walked by a block (a GPU block) after the round's other nodes",
                below(&[s.split])
            ),
            Tier::Warp => format!(
                "warp: a node of {chosen} or more neighbours{} has its neighbour loop walked by a subgroup (a GPU warp) after the round's other nodes",
                below(&[s.block, s.split])
            ),
        });
    }
    let given = match tier {
        Tier::Split => defaults.split,
        Tier::Block => defaults.block,
        Tier::Warp => defaults.warp,
    };
    let asked = given.filter(|n| *n > 0)?;
    if s.mapping == Mapping::Sequential {
        return None;
    }
    let legal = match tier {
        Tier::Split => legality::splittable(ctx, l, &LoopSchedule { split: asked, ..*s }),
        Tier::Block => legality::block_tier(ctx, l, &LoopSchedule { block: asked, ..*s }),
        Tier::Warp => legality::warp_tier(ctx, l, &LoopSchedule { warp: asked, ..*s }),
    };
    let why = match legal {
        Err(why) => why,
        Ok(_) if over_ordered(ctx, l) => format!("the rounds of an ordered worklist (one a bucket) are many and short, where making the list of a round's deferred nodes costs more than deferring saves; a '{key}' written on the loop applies"),
        Ok(_) => "as the schedule says".into(),
    };
    Some(format!("{not}: {why}"))
}

/// The remark on walking the neighbour loops of the parallel loop `l`
/// (schedule `s`) in segments: in how many, or why not where the pass
/// options ask for it.
fn segments_remark(ctx: &Context, l: OpId, s: &LoopSchedule, defaults: &ScheduleEntries) -> Option<String> {
    if s.segments > 0 {
        return Some(format!(
            "segments: the neighbour loops run in {} passes, each over the neighbours in one range of the nodes, from a copy of the lists made per range once",
            s.segments
        ));
    }
    let asked = defaults.segments.filter(|n| *n > 0)?;
    if s.mapping == Mapping::Sequential {
        return None;
    }
    let why = legality::segmentable(ctx, l, &LoopSchedule { segments: asked, ..*s })
        .err()
        .unwrap_or_else(|| "as the schedule says".into());
    Some(format!("not segmented: {why}"))
}

/// The remark on the order in which the parallel loop `l` (schedule `s`)
/// takes its nodes: by degree, or why not where the pass options ask for it.
fn order_remark(ctx: &Context, l: OpId, s: &LoopSchedule, defaults: &ScheduleEntries) -> Option<String> {
    if s.order == Order::Degree {
        let lists = match legality::orderable(ctx, l, s) {
            Ok(legality::DegreeOf::In) => "in-edges",
            _ => "out-edges",
        };
        return Some(format!(
            "order 'degree': the team takes the nodes from the fewest {lists} to the most, so that threads side by side walk lists of about the same length"
        ));
    }
    let asked = defaults.order == Some(Order::Degree);
    if !asked || s.mapping == Mapping::Sequential {
        return None;
    }
    let why = legality::orderable(ctx, l, &LoopSchedule { order: Order::Degree, ..*s })
        .err()
        .unwrap_or_else(|| "as the schedule says".into());
    Some(format!("not ordered by degree: {why}"))
}

/// The remark on mapping the parallel loop `l` (schedule `s`) to warps or
/// blocks: that it is, or why not where the pass options ask for it.
fn warp_remark(ctx: &Context, l: OpId, s: &LoopSchedule, defaults: &ScheduleEntries) -> Option<String> {
    match s.mapping {
        Mapping::Warp => return Some(
            "mapping 'warp': each iteration runs on a subgroup (a GPU warp), whose lanes stride over the neighbour loop and combine its sums; one lane runs what follows"
                .into(),
        ),
        Mapping::Block => return Some(
            "mapping 'block': each iteration runs on a block (a GPU block), whose threads stride over the neighbour loop and combine its sums; one thread runs what follows"
                .into(),
        ),
        Mapping::EdgeBalanced => return Some(
            "mapping 'edge-balanced': the round lists its nodes, then each thread of the team walks an equal share of their edges; what follows a node's neighbour loop runs once per node after them"
                .into(),
        ),
        _ => {}
    }
    let mapping = match defaults.mapping {
        Some(m @ (Mapping::Warp | Mapping::Block | Mapping::EdgeBalanced)) => m,
        _ => return None,
    };
    if s.mapping == Mapping::Sequential {
        return None;
    }
    // Bucket fusion and splitting were chosen after the mapping fell back.
    let group = LoopSchedule { mapping, fusion: 0, split: 0, warp: 0, block: 0, ..*s };
    let legal = match mapping {
        Mapping::EdgeBalanced => legality::edge_balanceable(ctx, l, &group),
        _ => legality::group_mappable(ctx, l, &group),
    };
    let why = legal.err().unwrap_or_else(|| "as the schedule says".into());
    Some(format!("not mapped '{}': {why}", mapping.keyword()))
}

/// Whether `l` loops over the items of an ordered worklist.
fn over_ordered(ctx: &Context, l: OpId) -> bool {
    worklist_of(ctx, l).is_some_and(|w| worklist::is_ordered(ctx, w))
}

fn enclosing_function(ctx: &Context, op: OpId) -> Option<OpId> {
    ctx.enclosing_op(op, |p| ctx.op_name(p) == func::FUNC)
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "convert-graph-to-sched",
    name: "ConvertGraphToSched",
    description: "Decide the schedule of every graph.foreach (sched.foreach)",
    options: &[
        PassOption {
            name: "mapping",
            kind: OptionKind::Text,
            help: "mapping of outermost loops: thread (default), edge (for the loops that can take it) or sequential",
        },
        PassOption {
            name: "dist",
            kind: OptionKind::Text,
            help: "distribution of outermost loops: dynamic (default) or static",
        },
        PassOption {
            name: "chunk",
            kind: OptionKind::Positive,
            help: "iterations handed out at once (default 1024, 64 over a sparse worklist or a range)",
        },
        PassOption {
            name: "reduction",
            kind: OptionKind::Text,
            help: "scalar reductions: atomic or privatize (default: privatize where legal)",
        },
        PassOption {
            name: "direction",
            kind: OptionKind::Text,
            help: "push, pull, or hybrid (chosen per round), for the loops that can take it (default: hybrid for worklist loops whose pulled scans stop early, push otherwise)",
        },
        PassOption {
            name: "alpha",
            kind: OptionKind::Positive,
            help: "hybrid: pull a round when its items and their out-edges exceed the edges divided by this (default 20)",
        },
        PassOption {
            name: "beta",
            kind: OptionKind::Positive,
            help: "hybrid: push a round of fewer items than the nodes divided by this (default 144)",
        },
        PassOption {
            name: "frontier",
            kind: OptionKind::Text,
            help: "worklist loops: sparse (default) or bitmap, for the loops that can take one",
        },
        PassOption {
            name: "pushes",
            kind: OptionKind::Text,
            help: "pushes from parallel loops: buffered per thread (default), direct, or aggregated per subgroup or block (cooperative conversion)",
        },
        PassOption {
            name: "intersect",
            kind: OptionKind::Text,
            help: "graph.count_common without a method, in the loop (nested loops included for the pass option): merge, gallop, auto (default) or bitmap",
        },
        PassOption {
            name: "fusion",
            kind: OptionKind::Count,
            help: "loops over an ordered worklist whose rounds can fuse: a thread runs the items it pushed into the round's bucket in the same round while fewer than this (default 1000; 0: never)",
        },
        PassOption {
            name: "split",
            kind: OptionKind::Count,
            help: "loops over nodes, a range or a worklist's items with one neighbour loop (not an ordered worklist's: a 'split' on the loop): a node of this many neighbours or more has its neighbour loop shared by the team's threads (default 0: never)",
        },
        PassOption {
            name: "warp",
            kind: OptionKind::Count,
            help: "loops as 'split' takes them: a node of this many neighbours or more (below 'split') has its neighbour loop walked by a subgroup (a GPU warp) after the round (default 0: never)",
        },
        PassOption {
            name: "block",
            kind: OptionKind::Count,
            help: "loops as 'split' takes them: a node of this many neighbours or more (below 'split'; above 'warp') has its neighbour loop walked by a block (a GPU block) after the round (default 0: never)",
        },
        PassOption {
            name: "segments",
            kind: OptionKind::Count,
            help: "loops over all nodes with one neighbour loop (in_nbrs or out_nbrs) of the node: the neighbour loops run in this many passes, each over one range of the neighbours, from a copy of the lists per range (default 0: one pass)",
        },
        PassOption {
            name: "order",
            kind: OptionKind::Text,
            help: "loops over all nodes with a neighbour loop of the node, thread-mapped: id (default) takes the nodes by number, degree from the fewest neighbours to the most",
        },
        PassOption {
            name: "target",
            kind: OptionKind::Text,
            help: "cpu or gpu: a loop's cpu_schedule or gpu_schedule entries apply over its schedule (the target pipelines set it)",
        },
        PassOption {
            name: "remarks",
            kind: OptionKind::Bool,
            help: "a remark on the direction of each parallel worklist or pulled loop, on the fusion of ordered rounds, on splitting, on warp mapping, on segments, on the order of the nodes and on fixed blocks where a fixpoint's rounds follow their order",
        },
    ],
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(GraphToSched::default()) }
}

/// Marks each `graph.push` in a round of `module` that adds each item at
/// most once a round ([`once::ONCE_PER_ROUND`]: no claim), with a remark
/// on each such push saying whether it is marked, and why not. A push
/// marked so in the input keeps the mark where the analysis finds it holds,
/// and is an error, saying why, where not: an unclaimed push of an item
/// that comes twice in a round would put it twice into a unique worklist.
fn mark_pushes_once_per_round(
    ctx: &mut Context,
    module: OpId,
    remarks: Option<&Rc<RefCell<Vec<Diagnostic>>>>,
) -> Result<(), Vec<Diagnostic>> {
    let mut pushes = Vec::new();
    ctx.walk_pre(module, &mut |o| {
        let marked = ctx.attr(o, once::ONCE_PER_ROUND).is_some();
        if ctx.op_kind(o) == graph::PUSH && (marked || once::round_of(ctx, o).is_some()) {
            pushes.push((o, marked));
        }
    });
    let mut wrong = Vec::new();
    for (p, marked) in pushes {
        let verdict = once::pushes_once_per_round(ctx, p);
        match &verdict {
            Ok(_) => ctx.set_attr(p, once::ONCE_PER_ROUND, Attribute::Unit),
            Err(why) if marked => wrong.push(Diagnostic::error(
                ctx.op_loc(p).clone(),
                format!(
                    "'{}' does not hold for this push: {why}; without it the push claims each item",
                    once::ONCE_PER_ROUND
                ),
            )),
            Err(_) => {}
        }
        if let Some(r) = remarks {
            let m = match &verdict {
                Ok(lp) if is_foreach(ctx, *lp) => format!(
                    "push once a round, without a claim: it pushes the own item of the loop at {}, which runs once a round and visits each item once",
                    ctx.op_loc(*lp).short()
                ),
                Ok(guard) if ctx.op_kind(*guard) == graph::FETCH_ADD => format!(
                    "push once a round, without a claim: it runs only when the fetch_add at {} returns the value compared for its item, which happens once",
                    ctx.op_loc(*guard).short()
                ),
                Ok(reduce) => format!(
                    "push once a round, without a claim: it runs only when the reduction at {} changes the element of its item, which happens once a round",
                    ctx.op_loc(*reduce).short()
                ),
                Err(_) if strata_graph_dialect::worklist::is_ordered(ctx, graph::Push(p).worklist(ctx)) => {
                    "push into an ordered worklist, without a claim: the item is placed in a bucket by its key".to_string()
                }
                Err(why) => format!("push claims each item before adding it (an atomic exchange): {why}"),
            };
            r.borrow_mut().push(Diagnostic::remark(ctx.op_loc(p).clone(), m));
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong)
    }
}
