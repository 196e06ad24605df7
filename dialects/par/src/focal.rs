//! Focal points: the program points of a team's body that every thread of
//! a block (or of a subgroup) passes through together, where an operation
//! with a block barrier inside — a block collective — may be placed
//! (IrGL's focal-point analysis).
//!
//! The body's structured code is taken as a control-flow graph: a node per
//! operation (the point just before it runs) and one for the body's end.
//! An `scf.if` or `scf.index_switch` branches to its regions' first
//! operations (or past itself where a region is empty); a loop's operation
//! is its header, branching into its body and past itself, the body's
//! terminator going back to it; an `scf.while`'s `scf.condition` branches
//! into its `do` region and past the loop; another operation with regions
//! (an `scf.parallel`, say) branches into them and past itself, and is
//! never uniform. The control dependence graph
//! follows from the post-dominator tree (petgraph's dominators of the
//! reversed graph), and a point is focal when every branch it depends on,
//! directly or through other branches, other than itself, is uniform: an
//! `scf.if` or `scf.index_switch` on a value the same on every thread of
//! the group, an `scf.for` whose bounds and step are (see
//! [`crate::uniformity`]). A `par.for`, which spreads its iterations over
//! the threads, and an `scf.while`, whose threads each decide their next
//! turn, are never uniform.

use std::collections::HashMap;

use petgraph::algo::dominators::simple_fast;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::Reversed;
use strata_ir::context::{Context, OpId, RegionId};
use strata_std::scf::op as scf;

use crate::op as par;
use crate::uniformity::{is_uniform, Level};

/// A branch that sends a group's threads different ways, with why.
pub type Blocker = (OpId, &'static str);

/// The focal points of one team's body, for one level.
pub struct FocalPoints {
    /// Each operation's node.
    node: HashMap<OpId, NodeIndex>,
    /// For each node that is not focal, a branch it depends on that is
    /// not uniform, with why.
    blocked_by: HashMap<NodeIndex, Blocker>,
}

/// Why a branch operation sends the threads different ways, or `None`
/// when it is uniform at `level`.
fn divergent(ctx: &Context, team: OpId, op: OpId, level: Level) -> Option<&'static str> {
    let differs = |i: usize| !is_uniform(ctx, team, ctx.operand(op, i), level);
    match ctx.op_kind(op) {
        scf::IF | scf::INDEX_SWITCH => differs(0).then_some("branches on a value that may differ between threads"),
        scf::FOR => (0..3).any(differs).then_some("has bounds or a step that may differ between threads"),
        scf::CONDITION => {
            differs(0).then_some("decides each thread's next turn on a value that may differ between threads")
        }
        par::FOR => Some("spreads its iterations over the threads"),
        _ => Some("runs its regions in a way the analysis does not know"),
    }
}

/// Builds the control-flow graph of a team's body.
struct Cfg<'c> {
    ctx: &'c Context,
    g: DiGraph<Option<OpId>, ()>,
    node: HashMap<OpId, NodeIndex>,
    exit: NodeIndex,
    /// False when the body holds a region of several blocks (unstructured
    /// code, which the analysis leaves alone: no point in it is focal).
    structured: bool,
}

impl Cfg<'_> {
    fn node(&mut self, op: OpId) -> NodeIndex {
        *self.node.entry(op).or_insert_with(|| self.g.add_node(Some(op)))
    }

    /// The node of the first operation of `r` (`None`: no operation).
    fn first(&mut self, r: RegionId) -> Option<NodeIndex> {
        match self.ctx.region_blocks(r) {
            [] => None,
            [b] => self.ctx.first_op(*b).map(|o| self.node(o)),
            _ => {
                self.structured = false;
                None
            }
        }
    }

    /// Where control goes once `op` is done: the next operation in its
    /// block, or what the parent does at its region's end.
    fn after(&mut self, op: OpId, team: OpId) -> NodeIndex {
        if let Some(n) = self.ctx.next_op(op) {
            return self.node(n);
        }
        self.end_of_region(op, team)
    }

    /// Where the terminator `op` of a region sends control.
    fn end_of_region(&mut self, op: OpId, team: OpId) -> NodeIndex {
        let ctx = self.ctx;
        let Some(parent) = ctx.parent_op(op).filter(|p| *p != team) else { return self.exit };
        match ctx.op_kind(parent) {
            scf::FOR | par::FOR => self.node(parent),
            scf::WHILE => {
                let before = ctx.region(parent, 0);
                let in_before = ctx.parent_block(op).and_then(|b| ctx.block_parent(b)) == Some(before);
                match in_before {
                    // scf.condition: handled as a branch where it is added.
                    true => self.after(parent, team),
                    false => self.first(before).unwrap_or(self.exit),
                }
            }
            _ => self.after(parent, team),
        }
    }

    /// Adds `op` and what it contains, with their edges.
    fn add(&mut self, op: OpId, team: OpId) {
        let ctx = self.ctx;
        let me = self.node(op);
        let regions = ctx.regions(op).to_vec();
        let mut succ = Vec::new();
        match ctx.op_kind(op) {
            scf::FOR | par::FOR => {
                succ.extend(self.first(regions[0]));
                succ.push(self.after(op, team));
            }
            scf::WHILE => succ.extend(self.first(regions[0])),
            scf::CONDITION => {
                let w = ctx.parent_op(op).expect("scf.condition ends a while's region");
                succ.extend(self.first(ctx.region(w, 1)));
                succ.push(self.after(w, team));
            }
            _ if regions.is_empty() => succ.push(self.after(op, team)),
            _ => {
                // scf.if, scf.index_switch, scf.execute_region: into each
                // region (past the operation where one is empty); any
                // other holder of regions may also skip them (it branches,
                // and is taken not to be uniform).
                for r in &regions {
                    match self.first(*r) {
                        Some(n) => succ.push(n),
                        None => succ.push(self.after(op, team)),
                    }
                }
                if !matches!(ctx.op_kind(op), scf::IF | scf::INDEX_SWITCH | scf::EXECUTE_REGION) {
                    succ.push(self.after(op, team));
                }
            }
        }
        for s in succ {
            if !self.g.contains_edge(me, s) {
                self.g.add_edge(me, s, ());
            }
        }
        for r in regions {
            for &b in ctx.region_blocks(r) {
                let mut cur = ctx.first_op(b);
                while let Some(o) = cur {
                    self.add(o, team);
                    cur = ctx.next_op(o);
                }
            }
        }
    }
}

impl FocalPoints {
    /// The focal points of the body of the `par.parallel` `team` for the
    /// threads `level` names.
    pub fn of(ctx: &Context, team: OpId, level: Level) -> FocalPoints {
        let mut cfg = Cfg { ctx, g: DiGraph::new(), node: HashMap::new(), exit: NodeIndex::new(0), structured: true };
        cfg.exit = cfg.g.add_node(None);
        let body = ctx.region(team, 0);
        let entry = cfg.first(body);
        if let [b] = ctx.region_blocks(body) {
            let mut cur = ctx.first_op(*b);
            while let Some(o) = cur {
                cfg.add(o, team);
                cur = ctx.next_op(o);
            }
        }
        let Cfg { g, node, exit, structured, .. } = cfg;
        let mut blocked_by = HashMap::new();
        let mut branch = HashMap::new();
        if !structured || entry.is_none() {
            for n in node.values() {
                blocked_by.insert(*n, (team, "holds code of several blocks, which the analysis does not take"));
            }
            return FocalPoints { node, blocked_by };
        }
        // Post-dominators: dominators of the reversed graph from the end.
        let pdom = simple_fast(Reversed(&g), exit);
        // Control dependence: for each edge a -> b of a branch a, the nodes
        // from b up the post-dominator tree to a's immediate post-dominator.
        let mut depends: HashMap<NodeIndex, Vec<NodeIndex>> = HashMap::new();
        for a in g.node_indices() {
            let succs: Vec<NodeIndex> = g.neighbors(a).collect();
            if succs.len() < 2 {
                continue;
            }
            let op = g[a].expect("the end does not branch");
            branch.insert(a, op);
            let stop = pdom.immediate_dominator(a);
            for b in succs {
                let mut runner = Some(b);
                while let Some(r) = runner.filter(|r| Some(*r) != stop) {
                    depends.entry(r).or_default().push(a);
                    runner = pdom.immediate_dominator(r);
                }
            }
        }
        // Focal: depending, other than on itself, only on uniform branches
        // that are focal themselves (a fixpoint from "all focal").
        let divergence: HashMap<NodeIndex, Option<&'static str>> =
            branch.iter().map(|(n, op)| (*n, divergent(ctx, team, *op, level))).collect();
        loop {
            let mut changed = false;
            for n in g.node_indices() {
                if blocked_by.contains_key(&n) {
                    continue;
                }
                let culprit = depends.get(&n).into_iter().flatten().filter(|a| **a != n).find_map(|a| {
                    match (divergence[a], blocked_by.get(a)) {
                        // An scf.while's condition is reported as the loop.
                        (Some(why), _) if ctx.op_kind(branch[a]) == scf::CONDITION => {
                            Some((ctx.parent_op(branch[a]).expect("in its loop"), why))
                        }
                        (Some(why), _) => Some((branch[a], why)),
                        (None, Some(inherited)) => Some(*inherited),
                        (None, None) => None,
                    }
                });
                if let Some(c) = culprit {
                    blocked_by.insert(n, c);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        FocalPoints { node, blocked_by }
    }

    /// Whether the point just before `op` (an operation of the team's
    /// body) is focal.
    pub fn is_focal(&self, op: OpId) -> bool {
        self.node.get(&op).is_some_and(|n| !self.blocked_by.contains_key(n))
    }

    /// The branch that keeps the point before `op` from being focal, with
    /// why it is not uniform; `None` where the point is focal.
    pub fn blocked_by(&self, op: OpId) -> Option<Blocker> {
        self.node.get(&op).and_then(|n| self.blocked_by.get(n).copied())
    }
}
