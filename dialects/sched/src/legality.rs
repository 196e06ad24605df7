//! Legality of a loop schedule: the checks that make an illegal schedule an
//! error that says why.
//!
//! - A `thread` or `edge` loop may not sit inside another parallel loop: on
//!   the team-of-threads targets, nested loops run on the enclosing thread.
//! - An `edge` loop must be a loop over all nodes whose body is one loop over
//!   the node's neighbours or edges (out or in) of the same graph plus
//!   operations that only read, so that the pair can be run as one loop over
//!   the edges (the node is each edge's source, or its target for an
//!   in-loop; the filter and the reads run once per edge). The inner
//!   loop may not `graph.store` into the outer node's element: one thread
//!   per node is its only writer, one thread per edge would not be.
//! - `pull` interchanges a node loop and its one out-neighbour loop, so the
//!   loop must have that shape (operations that only read may precede the
//!   neighbour loop: they run once per edge), over `nodes(...)` or over a
//!   worklist of nodes with a `bitmap` frontier, and not be edge-mapped.
//! - `hybrid` pulls some rounds and pushes the others, so the loop must be
//!   one over a worklist of nodes that could be pulled over a bitmap.
//! - A `bitmap` frontier needs a loop over a unique worklist of nodes or
//!   edges created in the same function (the bitmap holds each item once).
//! - `fusion` needs a loop over an ordered worklist whose rounds may be
//!   fused ([`crate::fusion`]).
//! - `split` shares a high-degree node's neighbour loop among the team: the
//!   loop must be `thread`-mapped, pushed (or `hybrid`: its pushed rounds
//!   split) over a sparse list, over `nodes(...)`, a range or a worklist of
//!   nodes, without a filter; before its one neighbour loop the body may
//!   only read (it runs once per thread sharing the node) and make scalars
//!   the loop reduces into and only code after it reads, and the loop may
//!   not store into the walked node's element (as for `edge`).
//! - `warp` (a threshold) defers iterations of that many neighbours (below
//!   `split`) to subgroups after the round: the shape `split` needs.
//! - `warp` mapping shares each iteration's neighbour loop among a
//!   subgroup's lanes: the shape `split` needs, pushed in every round (not
//!   `hybrid`), unfused, without reductions into scalars made outside.
//! - `segments` walks the neighbour loops of a loop over all nodes in
//!   passes, one per range of neighbours: the shape `split` needs, with a
//!   neighbour loop (`in_nbrs` or `out_nbrs`) of the iteration's node in
//!   the loop's graph, `thread`-mapped and without degree tiers.
//! - `order = "degree"` takes the nodes of a `thread`-mapped loop over all
//!   nodes (not in segments) from the fewest neighbours to the most: the
//!   body must walk a list of the iteration's node, whose length orders them.
//! - `privatize` needs every scalar declared outside the loop and touched
//!   inside it to be only reduced there, with one kind and without asking
//!   whether the reduction changed it: a private copy cannot answer loads or
//!   `changed`.

use crate::op as sched;
use std::collections::HashSet;
use strata_graph_dialect::op as graph;

use strata_graph_dialect::foreach::{
    adjacency_of, graph_of, is_foreach, ranges_of, space_of, worklist_of, Ranges, Space,
};
use strata_graph_dialect::op::Reduce;
use strata_graph_dialect::types::{classify, GraphType};
use strata_graph_dialect::view::ReduceKind;
use strata_ir::context::{Context, OpId, Value};
use strata_ir::func::op as func;
use strata_ir::registry::Traits;
use strata_ir::rewrite::is_pure;
use strata_ir::symbols::SymbolTableCollection;

use crate::schedule::{Direction, Frontier, Keyword, LoopSchedule, Mapping, Order, Reduction};

/// Checks `s` for the loop `op` (a `graph.foreach` or `sched.foreach`).
pub fn check(ctx: &Context, op: OpId, s: &LoopSchedule) -> Result<(), String> {
    if s.mapping != Mapping::Sequential {
        if let Some(outer) = enclosing_parallel_loop(ctx, op) {
            return Err(format!(
                "mapping '{}' is illegal inside the parallel loop at {}: a nested loop runs on the enclosing thread ('sequential')",
                s.mapping.keyword(),
                ctx.op_loc(outer).short()
            ));
        }
    }
    if s.mapping == Mapping::Edge {
        collapsible(ctx, op)?;
    }
    if s.frontier == Frontier::Bitmap {
        bitmap_worklist(ctx, op)?;
    }
    match s.direction {
        Direction::Pull => {
            pullable(ctx, op, s)?;
        }
        Direction::Hybrid => {
            hybrid(ctx, op, s)?;
        }
        Direction::Push => {}
    }
    if s.fusion > 0 {
        crate::fusion::fusable(ctx, op, s)?;
    }
    if s.split > 0 {
        splittable(ctx, op, s)?;
    }
    if matches!(s.mapping, Mapping::Warp | Mapping::Block) {
        group_mappable(ctx, op, s)?;
    }
    if s.mapping == Mapping::EdgeBalanced {
        edge_balanceable(ctx, op, s)?;
    }
    if s.warp > 0 {
        warp_tier(ctx, op, s)?;
    }
    if s.block > 0 {
        block_tier(ctx, op, s)?;
    }
    if s.segments > 0 {
        segmentable(ctx, op, s)?;
    }
    if s.order == Order::Degree {
        orderable(ctx, op, s)?;
    }
    if s.reduction == Reduction::Privatize {
        for (v, why) in shared_scalars(ctx, op) {
            if let Some(why) = why {
                let name = ctx.value_loc(v).short();
                return Err(format!("reduction 'privatize' is illegal: the scalar defined at {name} {why}"));
            }
        }
    }
    Ok(())
}

/// The nearest enclosing loop that runs its iterations in parallel.
pub fn enclosing_parallel_loop(ctx: &Context, op: OpId) -> Option<OpId> {
    ctx.enclosing_op(op, |p| match ctx.op_kind(p) {
        graph::FOREACH => true,
        sched::FOREACH => crate::foreach::schedule_of(ctx, p).is_some_and(|s| s.mapping != Mapping::Sequential),
        _ => false,
    })
}

/// The inner loop of a loop that can run edge-parallel, or why not.
pub fn collapsible(ctx: &Context, op: OpId) -> Result<OpId, String> {
    if space_of(ctx, op) != Some(Space::Nodes) {
        return Err("mapping 'edge' needs a loop over nodes(...)".into());
    }
    let inner =
        neighbour_loop(ctx, op, "mapping 'edge'", &[Space::OutNbrs, Space::OutEdges, Space::InNbrs, Space::InEdges])?;
    let outer = graph_of(ctx, op);
    if adjacency_of(ctx, inner).map(|(g, _)| g) != outer || outer.is_none() {
        return Err(format!(
            "mapping 'edge' needs the inner loop at {} to walk the graph of the outer loop",
            ctx.op_loc(inner).short()
        ));
    }
    one_writer_free(ctx, inner, "mapping 'edge'", "per edge")?;
    Ok(inner)
}

/// Errors when the neighbour loop `inner` stores into the element of the
/// node whose list it walks: one thread per node is its only writer, `what` (one
/// thread `per` ...) would not be.
fn one_writer_free(ctx: &Context, inner: OpId, what: &str, per: &str) -> Result<(), String> {
    let Some((_, v)) = adjacency_of(ctx, inner) else { return Ok(()) };
    let mut store = None;
    ctx.walk_pre(inner, &mut |o| {
        if store.is_none() && ctx.op_name(o) == graph::STORE && ctx.operands(o).get(2) == Some(&v) {
            store = Some(o);
        }
    });
    match store {
        Some(o) => Err(format!(
            "{what} would give the outer node's element several writers: the store at {} has one writer per node, not {per}",
            ctx.op_loc(o).short()
        )),
        None => Ok(()),
    }
}

/// What several threads share of a loop: among the team, a split node's
/// ([`splittable`]); among a subgroup or block, each iteration's
/// ([`group_mappable`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The neighbour loop.
    pub inner: OpId,
    /// The scalars the body makes before the neighbour loop, which reduces
    /// into them and only code after it reads them (a node's sum), each
    /// with the kind of its reductions (none: never reduced).
    pub accumulators: Vec<(OpId, Option<ReduceKind>)>,
    /// Whether code with effects follows the neighbour loop: it runs once
    /// per node, after the team has walked the node's list.
    pub tail: bool,
}

/// What the loop `op` shares when its high-degree nodes split (`split`),
/// or why it cannot: the body is operations that only read, scalars it
/// makes (accumulators), one neighbour loop, and code after it, which
/// reads the accumulators and runs once per node.
pub fn splittable(ctx: &Context, op: OpId, s: &LoopSchedule) -> Result<Split, String> {
    const WHAT: &str = "schedule entry 'split'";
    if s.mapping != Mapping::Thread {
        return Err(format!("{WHAT} needs mapping 'thread', not '{}'", s.mapping.keyword()));
    }
    shared_walk(ctx, op, s, WHAT)
}

/// What the team shares when every iteration of the loop `op` is listed
/// and its neighbour loop walked edge-balanced (`mapping =
/// "edge-balanced"`), or why it cannot: what [`splittable`] needs (the
/// degree tiers need mapping 'thread', so none comes with it).
pub fn edge_balanceable(ctx: &Context, op: OpId, s: &LoopSchedule) -> Result<Split, String> {
    shared_walk(ctx, op, s, "mapping 'edge-balanced'")
}

/// What the passes share when the loop `op` walks its neighbour loops in
/// `segments` passes (`segments`), or why it cannot: what [`splittable`]
/// needs, over all nodes, with a neighbour loop (`in_nbrs` or `out_nbrs`)
/// of the iteration's node in the loop's graph (whose lists are copied per
/// segment), no degree tier (each pass walks a node's part of its list on
/// one thread), and at least two passes.
pub fn segmentable(ctx: &Context, op: OpId, s: &LoopSchedule) -> Result<Split, String> {
    const WHAT: &str = "schedule entry 'segments'";
    if s.segments == 1 {
        return Err(format!("{WHAT} of 1 is the plain walk: write 0, or 2 or more"));
    }
    if s.mapping != Mapping::Thread {
        return Err(format!("{WHAT} needs mapping 'thread', not '{}'", s.mapping.keyword()));
    }
    if let Some((key, _)) = [("split", s.split), ("block", s.block), ("warp", s.warp)].into_iter().find(|t| t.1 > 0) {
        return Err(format!(
            "{WHAT} does not combine with '{key}': each pass walks a node's part of its list on one thread"
        ));
    }
    if space_of(ctx, op) != Some(Space::Nodes) {
        return Err(format!("{WHAT} needs a loop over nodes(...)"));
    }
    let shape = shared_walk(ctx, op, s, WHAT)?;
    let inner = shape.inner;
    if !matches!(space_of(ctx, inner), Some(Space::InNbrs | Space::OutNbrs)) || !walks_own_lists(ctx, op, inner) {
        return Err(format!(
            "{WHAT} needs the inner loop at {} to run over in_nbrs or out_nbrs of the outer node, in the outer loop's graph",
            ctx.op_loc(inner).short()
        ));
    }
    Ok(shape)
}

/// Which lists' lengths order the nodes of a loop under `order = "degree"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DegreeOf {
    /// Each node's out-edges.
    Out,
    /// Each node's in-edges.
    In,
}

/// By which degree the loop `op` can take its nodes in order of degree
/// (`order = "degree"`), or why it cannot: a `thread`-mapped loop over all
/// nodes, not in segments (each pass lists every node at its own place),
/// whose body walks a list of the iteration's node in the loop's graph (the
/// first such neighbour loop, or the in-lists the pulled loop walks). Any
/// order is legal for a parallel loop; this one pays where the lists differ
/// in length and neighbouring threads run in step.
pub fn orderable(ctx: &Context, op: OpId, s: &LoopSchedule) -> Result<DegreeOf, String> {
    const WHAT: &str = "schedule entry 'order'";
    if s.mapping != Mapping::Thread {
        return Err(format!("{WHAT} needs mapping 'thread', not '{}'", s.mapping.keyword()));
    }
    if space_of(ctx, op) != Some(Space::Nodes) {
        return Err(format!("{WHAT} needs a loop over nodes(...)"));
    }
    if s.segments > 0 {
        return Err(format!("{WHAT} does not combine with 'segments': each pass lists every node at its own place"));
    }
    if s.direction == Direction::Pull {
        pullable(ctx, op, s)?;
        return Ok(DegreeOf::In);
    }
    let Some(body) = ctx.entry_block(ctx.region(op, 0)) else {
        return Err(format!("{WHAT} needs a body"));
    };
    let mut found = None;
    for o in ctx.block_ops(body).to_vec() {
        ctx.walk_pre(o, &mut |x| {
            let lists = match space_of(ctx, x) {
                Some(Space::OutNbrs | Space::OutEdges) => DegreeOf::Out,
                Some(Space::InNbrs | Space::InEdges) => DegreeOf::In,
                _ => return,
            };
            if found.is_none() && walks_own_lists(ctx, op, x) {
                found = Some(lists);
            }
        });
    }
    found.ok_or_else(|| {
        format!("{WHAT} needs a neighbour loop of the iteration's node in the body (in_nbrs, in_edges, out_nbrs or out_edges of the loop's graph): its length orders the nodes")
    })
}

/// Whether `op` loops over all nodes of its graph and its neighbour loop
/// `inner` walks the list of the iteration's node in that graph: every
/// node's list, each once.
pub fn walks_own_lists(ctx: &Context, op: OpId, inner: OpId) -> bool {
    let Some(body) = ctx.entry_block(ctx.region(op, 0)) else { return false };
    match (ranges_of(ctx, op), adjacency_of(ctx, inner)) {
        (Some(Ranges::Nodes { graph }), Some((g, node))) => g == graph && node == ctx.block_args(body)[0],
        _ => false,
    }
}

/// What a subgroup shares when the loop `op` defers its iterations of
/// `warp` neighbours or more (below `block`, or `split`) to subgroups, or
/// why it cannot: what [`splittable`] needs, the threshold below the
/// higher tiers'.
pub fn warp_tier(ctx: &Context, op: OpId, s: &LoopSchedule) -> Result<Split, String> {
    group_tier(ctx, op, s, ("warp", s.warp), &[("block", s.block, "a block's"), ("split", s.split, "the team's")])
}

/// [`warp_tier`] for blocks: iterations of `block` neighbours or more
/// (below `split`).
pub fn block_tier(ctx: &Context, op: OpId, s: &LoopSchedule) -> Result<Split, String> {
    group_tier(ctx, op, s, ("block", s.block), &[("split", s.split, "the team's")])
}

/// The checks of a degree tier `(key, threshold)` below the tiers `above`
/// (each a key, its threshold, 0 when not set, and whose nodes are).
fn group_tier(
    ctx: &Context,
    op: OpId,
    s: &LoopSchedule,
    (key, threshold): (&str, u32),
    above: &[(&str, u32, &str)],
) -> Result<Split, String> {
    let what = format!("schedule entry '{key}'");
    if s.mapping != Mapping::Thread {
        return Err(format!("{what} needs mapping 'thread', not '{}'", s.mapping.keyword()));
    }
    if let Some((higher, at, whose)) = above.iter().find(|(_, at, _)| *at > 0 && threshold >= *at) {
        return Err(format!(
            "{what} ({threshold}) must be below '{higher}' ({at}): nodes of '{higher}' neighbours or more are {whose}"
        ));
    }
    shared_walk(ctx, op, s, &what)
}

/// What a subgroup or block shares when the loop `op` runs each iteration
/// on one (`mapping = "warp"` or `"block"`, as `s` says), or why it
/// cannot: the shape [`splittable`] needs (the threads stride over the
/// neighbour loop, the accumulators combine over the group, the code after
/// it runs on one thread), pushed in every round, unfused, and without
/// reductions into scalars made outside the loop.
pub fn group_mappable(ctx: &Context, op: OpId, s: &LoopSchedule) -> Result<Split, String> {
    let what = format!("mapping '{}'", s.mapping.keyword());
    let what = what.as_str();
    if s.direction == Direction::Hybrid {
        return Err(format!("{what} walks each round pushed; direction 'hybrid' pulls some"));
    }
    if s.fusion > 0 {
        return Err(format!("{what} does not combine with bucket fusion (a thread runs its own items)"));
    }
    if let Some((v, _)) = shared_scalars(ctx, op).first() {
        return Err(format!(
            "{what} needs no reductions into scalars made outside the loop; the scalar defined at {} is one",
            ctx.value_loc(*v).short()
        ));
    }
    shared_walk(ctx, op, s, what)
}

/// The checks [`splittable`] and [`group_mappable`] share (`what` names the
/// schedule entry): a neighbour loop shared by several threads.
fn shared_walk(ctx: &Context, op: OpId, s: &LoopSchedule, what: &str) -> Result<Split, String> {
    if s.direction == Direction::Pull {
        return Err(format!("{what} shares pushed neighbour loops; direction 'pull' has none"));
    }
    if s.frontier == Frontier::Bitmap {
        return Err(format!("{what} needs frontier 'sparse': the round's nodes are read from its list"));
    }
    match space_of(ctx, op) {
        Some(Space::Nodes | Space::Range) => {}
        Some(Space::Items) if is_node_worklist(ctx, op) => {}
        _ => return Err(format!("{what} needs a loop over nodes(...), a range, or the items of a worklist of nodes")),
    }
    if !ctx.region_blocks(ctx.region(op, 1)).is_empty() {
        return Err(format!("{what} needs a loop without a filter"));
    }
    let Some(shape) = split_shape(ctx, op) else { return Err(format!("{what} needs a neighbour loop in the body")) };
    let inner = shape.inner;
    let body = ctx.parent_block(inner).expect("in the body");
    let v = ctx.block_args(body)[0];
    let ops = ctx.block_ops(body);
    let at = ops.iter().position(|o| *o == inner).expect("in the body");
    let spaces = [Space::OutNbrs, Space::OutEdges, Space::InNbrs, Space::InEdges];
    // The node whose list is walked: the iteration's, or one the body finds
    // from it before the loop.
    let own = adjacency_of(ctx, inner)
        .is_some_and(|(_, node)| node == v || ctx.defining_op(node).is_some_and(|d| ops[..at].contains(&d)));
    if !own {
        let names: Vec<&str> = spaces.iter().map(|s| s.name()).collect();
        return Err(format!(
            "{what} needs the inner loop at {} to run over {} of the outer node (or of a node the body finds before it)",
            ctx.op_loc(inner).short(),
            names.join(" or ")
        ));
    }
    let mut symbols = SymbolTableCollection::new();
    for &o in &ops[..at] {
        let name = ctx.op_kind(o);
        if name != graph::NEW_SCALAR && !reads(ctx, o) && !reads_only(ctx, o, &mut Vec::new(), &mut symbols) {
            return Err(format!(
                "{what} needs operations that only read (or make scalars) before the neighbour loop; '{name}' at {} has effects",
                ctx.op_loc(o).short()
            ));
        }
    }
    for &o in &ops[at + 1..] {
        let mut nested = None;
        ctx.walk_pre(o, &mut |x| {
            if nested.is_none() && is_foreach(ctx, x) {
                nested = Some(x);
            }
        });
        if let Some(l) = nested {
            return Err(format!(
                "{what} needs one neighbour loop in the body; the loop at {} is a second",
                ctx.op_loc(l).short()
            ));
        }
    }
    // Each accumulator: reduced in the loop with the kind of its first
    // reduction and no `changed`, read after it.
    for (acc, kind) in &shape.accumulators {
        for u in ctx.uses(ctx.result(*acc, 0)) {
            let name = ctx.op_kind(u.op);
            let ok = if ctx.is_ancestor(inner, u.op) {
                name == graph::REDUCE
                    && u.index == 1
                    && ctx.results(u.op).is_empty()
                    && Some(Reduce(u.op).kind(ctx)) == *kind
            } else {
                name == graph::LOAD && ops[at + 1..].iter().any(|t| ctx.is_ancestor(*t, u.op))
            };
            if !ok {
                return Err(format!(
                    "{what} needs the scalar made at {} reduced with one kind in the neighbour loop (without 'changed') and read only after it; '{name}' at {} does otherwise",
                    ctx.op_loc(*acc).short(),
                    ctx.op_loc(u.op).short()
                ));
            }
        }
    }
    one_writer_free(ctx, inner, what, "per thread sharing the node")?;
    Ok(shape)
}

/// The parts of a loop that split: its first neighbour loop, the scalars
/// made before it with the kind of their first reduction, and whether code
/// with effects follows it. Without the checks of [`splittable`] (the
/// lowering asks again once calls in the body may have been lowered).
pub fn split_shape(ctx: &Context, op: OpId) -> Option<Split> {
    let body = ctx.entry_block(ctx.region(op, 0))?;
    let ops = ctx.block_ops(body);
    let at = ops.iter().position(|o| is_foreach(ctx, *o))?;
    let inner = ops[at];
    let accumulators = ops[..at]
        .iter()
        .filter(|o| ctx.op_kind(**o) == graph::NEW_SCALAR)
        .map(|a| {
            let reduce = ctx.uses(ctx.result(*a, 0)).iter().find(|u| ctx.op_kind(u.op) == graph::REDUCE);
            (*a, reduce.map(|u| Reduce(u.op).kind(ctx)))
        })
        .collect();
    let tail = ops[at + 1..].iter().any(|o| ctx.op_kind(*o) != graph::YIELD && !reads(ctx, *o));
    Some(Split { inner, accumulators, tail })
}

/// Whether `op` has no effect but reading: pure, or a `graph.load`.
fn reads(ctx: &Context, op: OpId) -> bool {
    is_pure(ctx, op) || ctx.op_kind(op) == graph::LOAD
}

/// Whether `op` is a call of a function (or functions) whose bodies only
/// read: pure operations, `graph.load` and calls of such functions.
/// `open` holds the functions being looked at (a recursive call is not
/// taken to read only).
fn reads_only(ctx: &Context, op: OpId, open: &mut Vec<OpId>, symbols: &mut SymbolTableCollection) -> bool {
    if ctx.op_kind(op) != func::CALL {
        return false;
    }
    let callees = strata_ir::func::possible_callees(ctx, op, symbols);
    !callees.is_empty()
        && callees.into_iter().all(|f| {
            if open.contains(&f) || strata_ir::func::is_declaration(ctx, f) {
                return false;
            }
            open.push(f);
            let mut only = true;
            ctx.walk_pre(f, &mut |o| {
                only &= o == f
                    || reads(ctx, o)
                    || ctx.has_traits(o, Traits::TERMINATOR)
                    || reads_only(ctx, o, open, symbols);
            });
            open.pop();
            only
        })
}

/// The inner loop of a loop that can run pulled, or why not.
pub fn pullable(ctx: &Context, op: OpId, s: &LoopSchedule) -> Result<OpId, String> {
    pull_shape(ctx, op, s, "direction 'pull'")
}

/// The checks of [`pullable`], for the schedule `what` names.
fn pull_shape(ctx: &Context, op: OpId, s: &LoopSchedule, what: &str) -> Result<OpId, String> {
    if s.mapping == Mapping::Edge {
        return Err(format!("{what} runs each target node on one thread; it does not combine with mapping 'edge'"));
    }
    match space_of(ctx, op) {
        Some(Space::Nodes) => {}
        Some(Space::Items) if is_node_worklist(ctx, op) => {
            if s.frontier != Frontier::Bitmap {
                return Err(format!(
                    "{what} over a worklist needs frontier 'bitmap': each source is tested for membership"
                ));
            }
        }
        _ => return Err(format!("{what} needs a loop over nodes(...) or over the items of a worklist of nodes")),
    }
    if !ctx.region_blocks(ctx.region(op, 1)).is_empty() {
        return Err(format!("{what} needs a loop without a filter"));
    }
    neighbour_loop(ctx, op, what, &[Space::OutNbrs, Space::OutEdges])
}

/// The inner loop of a worklist loop whose rounds can be pushed or pulled,
/// or why not: the pulled rounds scan a bitmap of the round's items.
pub fn hybrid(ctx: &Context, op: OpId, s: &LoopSchedule) -> Result<OpId, String> {
    if space_of(ctx, op) != Some(Space::Items) || !is_node_worklist(ctx, op) {
        return Err(
            "direction 'hybrid' needs a loop over the items of a worklist of nodes: it chooses per round by the round's size"
                .into(),
        );
    }
    bitmap_worklist(ctx, op).map_err(|m| format!("direction 'hybrid' pulls over a bitmap: {m}"))?;
    let pulled = LoopSchedule { direction: Direction::Pull, frontier: Frontier::Bitmap, ..*s };
    pull_shape(ctx, op, &pulled, "direction 'hybrid'")
}

fn is_node_worklist(ctx: &Context, op: OpId) -> bool {
    let Some(worklist) = worklist_of(ctx, op) else { return false };
    matches!(classify(ctx.value_type(worklist)), Some(GraphType::Worklist(e)) if matches!(classify(&e), Some(GraphType::Node)))
}

/// The worklist of a loop that can find its items through a bitmap, or why not.
pub fn bitmap_worklist(ctx: &Context, op: OpId) -> Result<Value, String> {
    let Some(wl) = worklist_of(ctx, op) else {
        return Err("frontier 'bitmap' needs a loop over the items of a worklist".into());
    };
    if strata_graph_dialect::worklist::is_ordered(ctx, wl) {
        return Err(
            "frontier 'bitmap' cannot hold the items of an ordered worklist: its rounds come from its buckets".into()
        );
    }
    match ctx.defining_op(wl) {
        Some(d) if ctx.op_name(d) == graph::NEW_WORKLIST && graph::NewWorklist(d).unique(ctx) => Ok(wl),
        _ => Err("frontier 'bitmap' needs a worklist made by 'graph.new_worklist ... unique' in the same function: a bitmap holds each item once".into()),
    }
}

/// The one neighbour loop (over one of `spaces`) of the node `op` iterates
/// over, if the rest of the body only reads (pure operations and
/// `graph.load`: they may run once per edge); `what` names the schedule
/// asking.
fn neighbour_loop(ctx: &Context, op: OpId, what: &str, spaces: &[Space]) -> Result<OpId, String> {
    let Some(body) = ctx.entry_block(ctx.region(op, 0)) else { return Err("empty loop".into()) };
    let v = ctx.block_args(body)[0];
    let ops = ctx.block_ops(body);
    let Some(inner) = ops.iter().copied().find(|o| is_foreach(ctx, *o)) else {
        return Err(format!("{what} needs a neighbour loop in the body"));
    };
    for o in ops {
        let name = ctx.op_kind(o);
        if o == inner {
            let walks_v = adjacency_of(ctx, o).is_some_and(|(_, node)| node == v);
            if !space_of(ctx, o).is_some_and(|s| spaces.contains(&s)) || !walks_v {
                let names: Vec<&str> = spaces.iter().map(|s| s.name()).collect();
                return Err(format!(
                    "{what} needs the inner loop at {} to run over {} of the outer node",
                    ctx.op_loc(o).short(),
                    names.join(" or ")
                ));
            }
        } else if is_foreach(ctx, o) {
            return Err(format!(
                "{what} needs one neighbour loop in the body; the loop at {} is a second",
                ctx.op_loc(o).short()
            ));
        } else if name != graph::YIELD && !reads(ctx, o) {
            return Err(format!(
                "{what} needs a body of operations that only read and one neighbour loop; '{name}' at {} has effects",
                ctx.op_loc(o).short()
            ));
        }
    }
    Ok(inner)
}

/// Scalars defined outside `op` that its regions touch, each with the reason
/// it cannot be privatized (`None` when it can: only reduced, with one kind,
/// without a `changed` result).
pub fn shared_scalars(ctx: &Context, op: OpId) -> Vec<(Value, Option<String>)> {
    let mut out: Vec<(Value, Option<String>, Option<ReduceKind>)> = Vec::new();
    ctx.walk_pre(op, &mut |o| {
        if o == op {
            return;
        }
        for (i, &v) in ctx.operands(o).iter().enumerate() {
            if !matches!(classify(ctx.value_type(v)), Some(GraphType::Scalar(_))) || defined_inside(ctx, v, op) {
                continue;
            }
            let name = ctx.op_kind(o);
            let kind = Reduce::of(ctx, o).map(|r| r.kind(ctx));
            let why = if name == graph::REDUCE && i == 1 && ctx.results(o).is_empty() {
                None
            } else if name == graph::REDUCE && i == 1 {
                Some(format!("is reduced with a 'changed' result at {}", ctx.op_loc(o).short()))
            } else {
                Some(format!("is used by '{name}' at {}, not only reduced", ctx.op_loc(o).short()))
            };
            match out.iter_mut().find(|(x, _, _)| *x == v) {
                Some(entry) => {
                    if entry.1.is_none() {
                        entry.1 = why.or_else(|| {
                            (entry.2 != kind).then(|| format!("is reduced with two kinds at {}", ctx.op_loc(o).short()))
                        });
                    }
                }
                None => out.push((v, why, kind)),
            }
        }
    });
    out.into_iter().map(|(v, why, _)| (v, why)).collect()
}

/// Whether `v` is defined inside `op` (by an operation or as a block argument).
pub(crate) fn defined_inside(ctx: &Context, v: Value, op: OpId) -> bool {
    match ctx.defining_op(v) {
        Some(d) => ctx.is_ancestor(op, d),
        None => ctx
            .value_block(v)
            .and_then(|b| ctx.block_parent(b))
            .and_then(|r| ctx.region_parent(r))
            .is_some_and(|p| p == op || ctx.is_ancestor(op, p)),
    }
}

/// The functions called, directly or not, from inside a loop body: their
/// code runs on the threads of that loop.
pub fn functions_called_in_loops(ctx: &Context, module: OpId) -> HashSet<OpId> {
    let mut work = Vec::new();
    ctx.walk_pre(module, &mut |o| {
        if is_foreach(ctx, o) {
            work.push(o);
        }
    });
    let mut seen = HashSet::new();
    let mut symbols = strata_ir::symbols::SymbolTableCollection::new();
    while let Some(root) = work.pop() {
        let mut callees = Vec::new();
        ctx.walk_pre(root, &mut |o| callees.extend(strata_ir::func::possible_callees(ctx, o, &mut symbols)));
        for f in callees {
            if seen.insert(f) {
                work.push(f);
            }
        }
    }
    seen
}
