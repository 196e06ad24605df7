//! Pattern rewriting: the [`RewritePattern`] interface, a [`Rewriter`] that
//! patterns mutate the IR through, and the greedy driver that applies
//! patterns and folders until nothing changes.

use std::collections::HashMap;

use crate::attributes::Attribute;
use crate::context::{Context, OpId, OperationState, Value};
use crate::registry::{FoldResult, Folded, Traits};

/// A rewrite rule on operations.
pub trait RewritePattern {
    /// A short name for debugging and statistics.
    fn name(&self) -> &'static str;
    /// The operation name this pattern matches, or `None` for any operation.
    fn root(&self) -> Option<crate::OpName>;
    /// Tries to rewrite `op`; returns true if the IR changed.
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool;
}

/// The handle patterns use to change the IR; it tracks new operations for the driver.
pub struct Rewriter<'a> {
    /// The IR.
    pub ctx: &'a mut Context,
    created: Vec<OpId>,
}

impl<'a> Rewriter<'a> {
    /// A rewriter over a context.
    pub fn new(ctx: &'a mut Context) -> Rewriter<'a> {
        Rewriter { ctx, created: Vec::new() }
    }
    /// Creates an operation and inserts it before `anchor`.
    pub fn create_before(&mut self, anchor: OpId, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        self.ctx.insert_op_before(anchor, op);
        self.created.push(op);
        op
    }
    /// Creates an operation and appends it to a block.
    pub fn create_at_end(&mut self, block: crate::context::BlockId, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        self.ctx.append_op(block, op);
        self.created.push(op);
        op
    }
    /// Notes an operation the pattern created or changed, so the driver revisits it.
    pub fn notify(&mut self, op: OpId) {
        self.created.push(op);
    }
    /// Replaces the results of `op` with `values` and erases it.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        self.notify_users(op);
        self.ctx.replace_op(op, values);
    }
    /// Creates a new operation before `op` and replaces `op` with its results.
    pub fn replace_op_with_new(&mut self, op: OpId, state: OperationState) -> OpId {
        let new = self.create_before(op, state);
        let rs = self.ctx.results(new).to_vec();
        self.replace_op(op, &rs);
        new
    }
    /// Erases an operation whose results are unused.
    pub fn erase_op(&mut self, op: OpId) {
        for v in self.ctx.operands(op).to_vec() {
            if let Some(d) = self.ctx.defining_op(v) {
                self.created.push(d);
            }
        }
        self.ctx.erase_op(op);
    }
    fn notify_users(&mut self, op: OpId) {
        for r in self.ctx.results(op).to_vec() {
            for u in self.ctx.uses(r).to_vec() {
                self.created.push(u.op);
            }
        }
    }
    /// Takes the list of created or touched operations.
    pub fn take_created(&mut self) -> Vec<OpId> {
        std::mem::take(&mut self.created)
    }
}

/// Settings of the greedy driver.
#[derive(Clone, Debug)]
pub struct GreedyConfig {
    /// Maximum number of sweeps over the IR before giving up.
    pub max_iterations: u32,
    /// Visit operations parents-first instead of children-first.
    pub top_down: bool,
    /// Try folders.
    pub fold: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig { max_iterations: 10, top_down: false, fold: true }
    }
}

/// What the greedy driver did.
#[derive(Clone, Debug, Default)]
pub struct GreedyStats {
    /// True if the IR stopped changing within the iteration limit.
    pub converged: bool,
    /// Sweeps performed.
    pub iterations: u32,
    /// Operations folded.
    pub folds: u64,
    /// Pattern applications.
    pub rewrites: u64,
    /// Dead operations erased.
    pub erased: u64,
}

/// Erases an operation that makes a container (its result #0) when every
/// use of the container only writes into it, with those users: nothing
/// reads what they write. Dialects give the allocating operation and say
/// which uses only write.
pub struct EraseWriteOnly {
    /// The pattern's name.
    pub name: &'static str,
    /// The allocating operation.
    pub root: crate::OpName,
    /// Whether `user` only writes into (or releases) its operand #`index`.
    pub writes_only: fn(ctx: &Context, user: OpId, index: u32) -> bool,
}

impl RewritePattern for EraseWriteOnly {
    fn name(&self) -> &'static str {
        self.name
    }
    fn root(&self) -> Option<crate::OpName> {
        Some(self.root)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = &*rw.ctx;
        let container = ctx.result(op, 0);
        if !ctx.uses(container).iter().all(|u| (self.writes_only)(ctx, u.op, u.index)) {
            return false;
        }
        let mut users: Vec<OpId> = ctx.uses(container).iter().map(|u| u.op).collect();
        users.sort();
        users.dedup();
        for u in users {
            if let Some(p) = rw.ctx.parent_op(u) {
                rw.notify(p);
            }
            rw.erase_op(u);
        }
        rw.erase_op(op);
        true
    }
}

/// True if `op` has no effects that matter and none of its results is used.
pub fn is_trivially_dead(ctx: &Context, op: OpId) -> bool {
    ctx.results_unused(op) && is_pure(ctx, op) && !ctx.has_traits(op, Traits::TERMINATOR)
}

/// True if `op` (and, for ops with recursive effects, everything nested) has no side effects.
pub fn is_pure(ctx: &Context, op: OpId) -> bool {
    if ctx.has_traits(op, Traits::PURE) {
        return true;
    }
    if !ctx.has_traits(op, Traits::RECURSIVE_EFFECTS) {
        return false;
    }
    let mut pure = true;
    for r in ctx.regions(op) {
        for b in ctx.region_blocks(*r) {
            for o in ctx.block_ops_iter(*b) {
                if !is_pure(ctx, o) && !ctx.has_traits(o, Traits::TERMINATOR) {
                    pure = false;
                }
            }
        }
    }
    pure
}

/// The constant value of `v`, if it is the result of a constant-like operation.
pub fn constant_value(ctx: &Context, v: Value) -> Option<&Attribute> {
    let d = ctx.defining_op(v)?;
    if ctx.has_traits(d, Traits::CONSTANT_LIKE) {
        ctx.get_attr(d, "value")
    } else {
        None
    }
}

fn attached_under(ctx: &Context, root: OpId, mut op: OpId) -> bool {
    loop {
        if op == root {
            return true;
        }
        if ctx.parent_block(op).is_none() {
            return false;
        }
        match ctx.parent_op(op) {
            Some(p) => op = p,
            None => return false,
        }
    }
}

/// Folds one operation; returns true if it changed the IR.
pub fn try_fold(ctx: &mut Context, op: OpId, new_ops: &mut Vec<OpId>) -> bool {
    if ctx.has_traits(op, Traits::CONSTANT_LIKE) {
        return false;
    }
    let Some(fold) = ctx.op_def(op).and_then(|d| d.fold) else { return false };
    let consts: Vec<Option<Attribute>> = ctx.operands(op).iter().map(|v| constant_value(ctx, *v).cloned()).collect();
    match fold(ctx, op, &consts) {
        None => false,
        Some(Folded::InPlace) => true,
        Some(Folded::Results(rs)) => {
            let results = ctx.results(op).to_vec();
            if rs.len() != results.len() {
                return false;
            }
            if rs.iter().zip(&results).all(|(r, own)| matches!(r, FoldResult::Value(v) if v == own)) {
                return false;
            }
            let mut values = Vec::new();
            for (r, own) in rs.iter().zip(&results) {
                match r {
                    FoldResult::Value(v) => values.push(*v),
                    FoldResult::Attr(a) => {
                        let ty = ctx.value_type(*own).clone();
                        let loc = ctx.op_loc(op).clone();
                        let dialect = ctx.op_name(op).split('.').next().unwrap_or("").to_string();
                        let m = ctx.registry().dialect(&dialect).and_then(|d| d.materialize_constant);
                        let Some(c) = m.and_then(|m| m(ctx, a, &ty, loc)) else {
                            return false;
                        };
                        ctx.insert_op_before(op, c);
                        new_ops.push(c);
                        values.push(ctx.result(c, 0));
                    }
                }
            }
            for r in &results {
                for u in ctx.uses(*r) {
                    new_ops.push(u.op);
                }
            }
            ctx.replace_op(op, &values);
            true
        }
    }
}

/// Applies `patterns` and folders to everything nested in `root` until a fixpoint.
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    root: OpId,
    patterns: &[Box<dyn RewritePattern>],
    config: &GreedyConfig,
) -> GreedyStats {
    let mut by_root: HashMap<crate::OpName, Vec<&dyn RewritePattern>> = HashMap::new();
    let mut any: Vec<&dyn RewritePattern> = Vec::new();
    for p in patterns {
        match p.root() {
            Some(r) => by_root.entry(r).or_default().push(p.as_ref()),
            None => any.push(p.as_ref()),
        }
    }
    let mut stats = GreedyStats::default();
    for iter in 0..config.max_iterations {
        stats.iterations = iter + 1;
        let mut changed = false;
        let mut worklist = Vec::new();
        if config.top_down {
            ctx.walk_pre(root, &mut |o| worklist.push(o));
        } else {
            ctx.walk_post(root, &mut |o| worklist.push(o));
        }
        worklist.retain(|o| *o != root);
        worklist.reverse();
        while let Some(op) = worklist.pop() {
            if op == root || !attached_under(ctx, root, op) {
                continue;
            }
            if is_trivially_dead(ctx, op) {
                for v in ctx.operands(op).to_vec() {
                    if let Some(d) = ctx.defining_op(v) {
                        worklist.push(d);
                    }
                }
                ctx.erase_op(op);
                stats.erased += 1;
                changed = true;
                continue;
            }
            let mut new_ops = Vec::new();
            if config.fold && try_fold(ctx, op, &mut new_ops) {
                stats.folds += 1;
                changed = true;
                worklist.extend(new_ops);
                if attached_under(ctx, root, op) {
                    worklist.push(op);
                }
                continue;
            }
            let name = ctx.op_kind(op);
            let candidates = by_root.get(&name).into_iter().flatten().chain(any.iter());
            for p in candidates {
                let mut rw = Rewriter::new(ctx);
                if p.match_and_rewrite(op, &mut rw) {
                    let created = rw.take_created();
                    stats.rewrites += 1;
                    changed = true;
                    worklist.extend(created);
                    if attached_under(ctx, root, op) {
                        worklist.push(op);
                    }
                    break;
                }
            }
        }
        if !changed {
            stats.converged = true;
            return stats;
        }
    }
    stats
}
