//! Pattern rewriting: the [`RewritePattern`] interface, a [`Rewriter`] that
//! patterns mutate the IR through, and the greedy driver that applies
//! patterns and folders until nothing changes.

use std::collections::{HashMap, HashSet};

use crate::attributes::Attribute;
use crate::attributes::Location;
use crate::constant_table::{ConstantTable, Inserted};
use crate::context::{BlockId, Context, OpId, OperationState, RegionId, Value};
use crate::registry::{FoldResult, Folded, Traits};
use crate::types::Type;

/// A rewrite rule on operations.
pub trait RewritePattern {
    /// A short name for debugging and statistics.
    fn name(&self) -> &'static str;
    /// The operation name this pattern matches, or `None` for any operation.
    fn root(&self) -> Option<crate::OpName>;
    /// Tries to rewrite `op`; returns true if the IR changed.
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool;
}

/// Told of every change a [`Rewriter`] makes, as MLIR's rewriter listeners
/// are: drivers keep their worklists with it.
pub trait RewriteListener {
    /// `op` was created and inserted, or moved to another place.
    fn inserted(&mut self, op: OpId);
    /// `op` changed in place: its operands, properties, regions or blocks,
    /// or the values one of its operands stands for.
    fn modified(&mut self, op: OpId);
    /// `op` is about to be erased.
    fn erased(&mut self, op: OpId);
}

/// A listener that collects the operations to visit again: everything
/// inserted or modified, and the producers of an erased operation's
/// operands (they may have become dead).
#[derive(Debug, Default)]
pub struct Revisit {
    /// The operations, in the order they were touched (with repeats).
    pub ops: Vec<OpId>,
}

impl Revisit {
    /// Takes the collected operations.
    pub fn take(&mut self) -> Vec<OpId> {
        std::mem::take(&mut self.ops)
    }
}

impl RewriteListener for Revisit {
    fn inserted(&mut self, op: OpId) {
        self.ops.push(op);
    }
    fn modified(&mut self, op: OpId) {
        self.ops.push(op);
    }
    fn erased(&mut self, _: OpId) {}
}

/// The only way patterns change the IR: reads go through [`Rewriter::ctx`]
/// (or straight through the rewriter, which dereferences to a shared
/// [`Context`]), every change through a method that tells the listener.
pub struct Rewriter<'a> {
    ctx: &'a mut Context,
    listener: &'a mut dyn RewriteListener,
}

impl<'a> Rewriter<'a> {
    /// A rewriter over a context that reports to `listener`.
    pub fn new(ctx: &'a mut Context, listener: &'a mut dyn RewriteListener) -> Rewriter<'a> {
        Rewriter { ctx, listener }
    }
    /// The IR, to read.
    pub fn ctx(&self) -> &Context {
        self.ctx
    }
    /// Creates an operation and inserts it before `anchor`.
    pub fn create_before(&mut self, anchor: OpId, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        self.ctx.insert_op_before(anchor, op);
        self.listener.inserted(op);
        op
    }
    /// Creates an operation and appends it to a block.
    pub fn create_at_end(&mut self, block: BlockId, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        self.ctx.append_op(block, op);
        self.listener.inserted(op);
        op
    }
    /// Changes `op` in place through `f` (properties, operands), then tells
    /// the listener.
    pub fn modify_in_place<T>(&mut self, op: OpId, f: impl FnOnce(&mut Context) -> T) -> T {
        let r = f(self.ctx);
        self.listener.modified(op);
        r
    }
    /// Tells the listener that `op` changed through other means than this
    /// rewriter's methods (e.g. an operation inside its regions moved).
    pub fn notify_modified(&mut self, op: OpId) {
        self.listener.modified(op);
    }
    /// Replaces every use of `from` with `to`; the users are modified.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        let users: Vec<OpId> = self.ctx.uses(from).iter().map(|u| u.op).collect();
        self.ctx.replace_all_uses(from, to);
        for u in users {
            self.listener.modified(u);
        }
    }
    /// Replaces the results of `op` with `values` and erases it.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        for (r, v) in self.ctx.results(op).to_vec().into_iter().zip(values) {
            self.replace_all_uses_with(r, *v);
        }
        self.erase_op(op);
    }
    /// Creates a new operation before `op` and replaces `op` with its results.
    pub fn replace_op_with_new(&mut self, op: OpId, state: OperationState) -> OpId {
        let new = self.create_before(op, state);
        let rs = self.ctx.results(new).to_vec();
        self.replace_op(op, &rs);
        new
    }
    /// Erases an operation whose results are unused; the producers of its
    /// operands are modified (they lost a use).
    pub fn erase_op(&mut self, op: OpId) {
        let producers: Vec<OpId> = self.ctx.operands(op).iter().filter_map(|v| self.ctx.defining_op(*v)).collect();
        self.listener.erased(op);
        self.ctx.erase_op(op);
        for d in producers {
            self.listener.modified(d);
        }
    }
    /// Moves `op` before `anchor`.
    pub fn move_op_before(&mut self, op: OpId, anchor: OpId) {
        self.ctx.move_op_before(op, anchor);
        self.listener.inserted(op);
    }
    /// Moves the operations of a single-block region before `op`, the block
    /// arguments replaced by `args`; returns the values its terminator
    /// yielded (the terminator stays behind).
    pub fn inline_region_before(&mut self, region: RegionId, op: OpId, args: &[Value]) -> Vec<Value> {
        let Some(b) = self.ctx.entry_block(region) else { return Vec::new() };
        for (a, v) in self.ctx.block_args(b).to_vec().into_iter().zip(args) {
            self.replace_all_uses_with(a, *v);
        }
        let term = self.ctx.last_op(b);
        let yielded = term.map(|t| self.ctx.operands(t).to_vec()).unwrap_or_default();
        let moved: Vec<OpId> = self.ctx.block_ops(b).into_iter().filter(|o| Some(*o) != term).collect();
        for o in moved {
            self.move_op_before(o, op);
        }
        yielded
    }
    /// Erases a block and everything in it; `owner`, the operation whose
    /// region held it, is modified.
    pub fn erase_block(&mut self, owner: OpId, b: BlockId) {
        for o in self.ctx.block_ops(b) {
            self.listener.erased(o);
        }
        self.ctx.erase_block(b);
        self.listener.modified(owner);
    }
    /// Splits the block of `op` before it; returns the new block, which
    /// holds `op` and what followed it.
    pub fn split_block(&mut self, op: OpId) -> BlockId {
        let b = self.ctx.split_block(op);
        for o in self.ctx.block_ops(b) {
            self.listener.inserted(o);
        }
        b
    }
    /// Creates a block with arguments of `args` and inserts it in region
    /// `r` at `pos`.
    pub fn create_block(&mut self, r: RegionId, pos: usize, args: &[(Type, Location)]) -> BlockId {
        let b = self.ctx.create_block(args);
        self.ctx.insert_block(r, pos, b);
        b
    }
    /// A new detached region, to give blocks to a new operation.
    pub fn new_region(&mut self) -> RegionId {
        self.ctx.create_region()
    }
    /// Adds an argument to block `b`.
    pub fn add_block_arg(&mut self, b: BlockId, ty: Type, loc: Location) -> Value {
        self.ctx.add_block_arg(b, ty, loc)
    }
    /// Removes the argument `index` of block `b`, which must be unused.
    pub fn erase_block_arg(&mut self, b: BlockId, index: usize) {
        self.ctx.erase_block_arg(b, index);
    }
    /// Moves the operations of block `src` into block `dst`, before `before`
    /// (at the end without one); they are inserted there.
    pub fn splice_block(&mut self, src: BlockId, dst: BlockId, before: Option<OpId>) {
        let moved = self.ctx.block_ops(src);
        self.ctx.splice_block(src, dst, before);
        for o in moved {
            self.listener.inserted(o);
        }
    }
    /// Appends a deep copy of `op` to `block` (operands defined outside it
    /// are shared); the copy is inserted there.
    pub fn clone_at_end(&mut self, op: OpId, block: BlockId) -> OpId {
        let new = self.ctx.clone_op(op, &mut HashMap::new(), &HashMap::new());
        self.ctx.append_op(block, new);
        self.listener.inserted(new);
        new
    }
    /// Moves the blocks of region `src` into region `dst` at `pos`; their
    /// operations are inserted there.
    pub fn move_region_blocks(&mut self, src: RegionId, dst: RegionId, pos: usize) {
        let blocks = self.ctx.region_blocks(src).to_vec();
        self.ctx.move_region_blocks(src, dst, pos);
        for b in blocks {
            for o in self.ctx.block_ops(b) {
                self.listener.inserted(o);
            }
        }
    }
}

impl std::ops::Deref for Rewriter<'_> {
    type Target = Context;
    fn deref(&self) -> &Context {
        self.ctx
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
    /// Rewrites and folds allowed in one sweep, per operation the IR had
    /// when the driver started (plus 1,024): patterns that keep rewriting
    /// what they produce end the sweep instead of running forever; the
    /// driver then reports that it did not converge.
    pub rewrites_per_op: u64,
    /// After each sweep, erase the blocks no path from their region's entry
    /// reaches ([`erase_unreachable_blocks`]), as MLIR's region
    /// simplification does.
    pub region_simplify: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig { max_iterations: 10, top_down: false, fold: true, rewrites_per_op: 64, region_simplify: false }
    }
}

/// Erases, in every region under `root`, the blocks that no branch path
/// from the region's entry block reaches; true if it erased any.
pub fn erase_unreachable_blocks(ctx: &mut Context, root: OpId) -> bool {
    let mut regions = Vec::new();
    ctx.walk_pre(root, &mut |o| {
        for r in ctx.regions(o) {
            if ctx.region_blocks(*r).len() > 1 {
                regions.push((o, *r));
            }
        }
    });
    let mut erased = false;
    for (owner, r) in regions {
        // A region inside a block erased earlier is gone with it.
        if !attached_under(ctx, root, owner) && owner != root {
            continue;
        }
        let blocks = ctx.region_blocks(r).to_vec();
        let mut reached: HashSet<BlockId> = HashSet::from([blocks[0]]);
        let mut work = vec![blocks[0]];
        while let Some(b) = work.pop() {
            if let Some(t) = ctx.last_op(b) {
                for s in ctx.successors(t) {
                    if reached.insert(*s) {
                        work.push(*s);
                    }
                }
            }
        }
        for b in blocks.into_iter().filter(|b| !reached.contains(b)) {
            ctx.erase_block(b);
            erased = true;
        }
    }
    erased
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
        let ctx = rw.ctx();
        let container = ctx.result(op, 0);
        if !ctx.uses(container).iter().all(|u| (self.writes_only)(ctx, u.op, u.index)) {
            return false;
        }
        let mut users: Vec<OpId> = ctx.uses(container).iter().map(|u| u.op).collect();
        users.sort();
        users.dedup();
        for u in users {
            if let Some(p) = rw.ctx().parent_op(u) {
                rw.notify_modified(p);
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

/// The integer (or boolean, as 0 or 1) constant that `v` is, if it is one.
pub fn constant_int(ctx: &Context, v: Value) -> Option<i128> {
    constant_value(ctx, v).and_then(|a| a.as_int())
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
            // The producers of its operands may have lost their last use.
            new_ops.extend(ctx.operands(op).iter().filter_map(|v| ctx.defining_op(*v)));
            ctx.replace_op(op, &values);
            true
        }
    }
}

/// The canonicalization patterns of every registered operation, in a fixed
/// order (by dialect, then by operation name).
pub fn registered_patterns(ctx: &Context) -> Vec<Box<dyn RewritePattern>> {
    let mut v: Vec<Box<dyn RewritePattern>> = Vec::new();
    let mut defs: Vec<_> = ctx.registry().ops().collect();
    defs.sort_by_key(|d| (d.name.dialect_key(), d.name.as_str()));
    for d in defs {
        if let Some(f) = d.patterns {
            f(&mut v);
        }
    }
    v
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
    let mut size = 0u64;
    ctx.walk_pre(root, &mut |_| size += 1);
    let budget = config.rewrites_per_op.saturating_mul(size).saturating_add(1024);
    for iter in 0..config.max_iterations {
        stats.iterations = iter + 1;
        let mut worklist = Vec::new();
        if config.top_down {
            ctx.walk_pre(root, &mut |o| worklist.push(o));
        } else {
            ctx.walk_post(root, &mut |o| worklist.push(o));
        }
        worklist.retain(|o| *o != root);
        // Constants go to the front of their region, one per value (a
        // table for each sweep, as MLIR's driver keeps its folder).
        let mut constants = ConstantTable::default();
        let mut changed = false;
        worklist.retain(|o| {
            if !ctx.has_traits(*o, Traits::CONSTANT_LIKE) {
                return true;
            }
            match constants.insert(ctx, *o) {
                Inserted::Kept => true,
                Inserted::Moved => {
                    changed = true;
                    true
                }
                Inserted::Erased => {
                    changed = true;
                    stats.erased += 1;
                    false
                }
            }
        });
        worklist.reverse();
        let start = stats.rewrites + stats.folds;
        while let Some(op) = worklist.pop() {
            if stats.rewrites + stats.folds - start >= budget {
                break;
            }
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
                let mut touched = Revisit::default();
                if p.match_and_rewrite(op, &mut Rewriter::new(ctx, &mut touched)) {
                    stats.rewrites += 1;
                    changed = true;
                    worklist.extend(touched.take());
                    if attached_under(ctx, root, op) {
                        worklist.push(op);
                    }
                    break;
                }
            }
        }
        if config.region_simplify && erase_unreachable_blocks(ctx, root) {
            changed = true;
        }
        if !changed {
            stats.converged = true;
            return stats;
        }
    }
    stats
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::conversion::{apply_conversion, ConversionMode, ConversionTarget, TypeConverter};
    use crate::parser::parse_source;
    use crate::printer::{print_op, PrintOptions};
    use crate::registry::{Dialect, OpDef};

    #[allow(dead_code)]
    mod t {
        crate::op_names!("t": NEG = "neg", SINK = "sink", OLD = "old", NEW = "new", TICK = "tick");
    }

    /// `builtin`, `func` and a test dialect: `t.neg` (pure), `t.sink`,
    /// `t.old`, `t.new` and `t.tick` (effects).
    fn context() -> Context {
        let mut r = crate::core_registry();
        let ops = vec![
            OpDef::new(t::NEG, "negates", Traits::PURE | Traits::INVOLUTION),
            OpDef::new(t::SINK, "uses its operands", Traits::NONE),
            OpDef::new(t::OLD, "to be converted", Traits::NONE),
            OpDef::new(t::NEW, "what it converts to", Traits::NONE),
            OpDef::new(t::TICK, "counts", Traits::NONE),
        ];
        r.register(Dialect {
            name: "t",
            summary: "",
            ops,
            materialize_constant: None,
            verify_type: None,
            verify_attr: None,
        });
        Context::new(Arc::new(r))
    }

    fn parse(ctx: &mut Context, body: &str) -> OpId {
        let text = format!("func.func @f(%x: i32) {{\n{body}\n  return\n}}\n");
        parse_source(ctx, "t.mlir", &text, 0, text.len()).unwrap_or_else(|d| panic!("{}", d.message))
    }

    fn body(ctx: &Context, module: OpId) -> Vec<String> {
        let text = print_op(ctx, module, PrintOptions { generic: true, debug_info: false });
        text.lines().map(str::trim).filter(|l| l.contains("\"t.")).map(String::from).collect()
    }

    /// `t.neg(t.neg(x))` is `x`.
    struct DoubleNeg;

    impl RewritePattern for DoubleNeg {
        fn name(&self) -> &'static str {
            "double-neg"
        }
        fn root(&self) -> Option<crate::OpName> {
            Some(t::NEG)
        }
        fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
            let inner = rw.ctx().defining_op(rw.ctx().operand(op, 0));
            let Some(inner) = inner.filter(|i| rw.ctx().isa(*i, t::NEG)) else { return false };
            let x = rw.ctx().operand(inner, 0);
            rw.replace_op(op, &[x]);
            true
        }
    }

    /// Records what a rewriter reports.
    #[derive(Default)]
    struct Log(Vec<(&'static str, OpId)>);

    impl RewriteListener for Log {
        fn inserted(&mut self, op: OpId) {
            self.0.push(("inserted", op));
        }
        fn modified(&mut self, op: OpId) {
            self.0.push(("modified", op));
        }
        fn erased(&mut self, op: OpId) {
            self.0.push(("erased", op));
        }
    }

    #[test]
    fn the_rewriter_reports_every_change() {
        let mut ctx = context();
        let m = parse(
            &mut ctx,
            r#"  %a = "t.neg"(%x) : (i32) -> i32
  "t.sink"(%a) : (i32) -> ()"#,
        );
        let mut ops = Vec::new();
        ctx.walk_pre(m, &mut |o| ops.push(o));
        let find = |ctx: &Context, n| ops.iter().copied().find(|o| ctx.isa(*o, n)).expect("op");
        let (neg, sink) = (find(&ctx, t::NEG), find(&ctx, t::SINK));
        let x = ctx.operand(neg, 0);
        let mut log = Log::default();
        let mut rw = Rewriter::new(&mut ctx, &mut log);
        let loc = rw.ctx().op_loc(neg).clone();
        let new = rw.create_before(neg, OperationState::new(t::NEG, loc).operands(&[x]).results(&[Type::i32()]));
        let v = rw.ctx().result(new, 0);
        rw.replace_op(neg, &[v]);
        rw.modify_in_place(sink, |ctx| ctx.set_prop(sink, "seen", Attribute::Bool(true)));
        assert_eq!(log.0, vec![("inserted", new), ("modified", sink), ("erased", neg), ("modified", sink)]);
    }

    #[test]
    fn splicing_a_block_reports_the_moved_operations_as_inserted() {
        let mut ctx = context();
        let m = parse(&mut ctx, r#"  "t.tick"() : () -> ()"#);
        let mut ops = Vec::new();
        ctx.walk_pre(m, &mut |o| ops.push(o));
        let tick = ops.iter().copied().find(|o| ctx.isa(*o, t::TICK)).expect("op");
        let entry = ctx.parent_block(tick).expect("block");
        let ret = ctx.last_op(entry).expect("return");
        let mut log = Log::default();
        let mut rw = Rewriter::new(&mut ctx, &mut log);
        // A new block of two operations, spliced before the tick; reads go
        // through the rewriter itself.
        let r = rw.new_region();
        let b = rw.create_block(r, 0, &[]);
        let loc = rw.op_loc(tick).clone();
        let first = rw.create_at_end(b, OperationState::new(t::TICK, loc.clone()));
        let second = rw.create_at_end(b, OperationState::new(t::TICK, loc));
        rw.splice_block(b, entry, Some(tick));
        assert!(rw.block_is_empty(b));
        assert_eq!(rw.block_ops(entry), vec![first, second, tick, ret]);
        assert_eq!(log.0, vec![("inserted", first), ("inserted", second), ("inserted", first), ("inserted", second)]);
    }

    #[test]
    fn the_greedy_driver_rewrites_to_a_fixpoint_and_removes_dead_code() {
        let mut ctx = context();
        let m = parse(
            &mut ctx,
            r#"  %a = "t.neg"(%x) : (i32) -> i32
  %b = "t.neg"(%a) : (i32) -> i32
  %c = "t.neg"(%b) : (i32) -> i32
  %d = "t.neg"(%c) : (i32) -> i32
  %dead = "t.neg"(%x) : (i32) -> i32
  "t.sink"(%d) : (i32) -> ()"#,
        );
        let patterns: Vec<Box<dyn RewritePattern>> = vec![Box::new(DoubleNeg)];
        let stats = apply_patterns_greedily(&mut ctx, m, &patterns, &GreedyConfig::default());
        assert!(stats.converged);
        assert_eq!(stats.rewrites, 2);
        assert_eq!(body(&ctx, m), vec![r#""t.sink"(%arg0) : (i32) -> ()"#]);
    }

    /// Adds a `t.tick` before every `t.sink`, every time: never converges.
    struct Tick;

    impl RewritePattern for Tick {
        fn name(&self) -> &'static str {
            "tick"
        }
        fn root(&self) -> Option<crate::OpName> {
            Some(t::SINK)
        }
        fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
            let loc = rw.ctx().op_loc(op).clone();
            rw.create_before(op, OperationState::new(t::TICK, loc));
            rw.notify_modified(op);
            true
        }
    }

    #[test]
    fn the_greedy_driver_stops_at_its_iteration_limit() {
        let mut ctx = context();
        let m = parse(&mut ctx, r#"  "t.sink"(%x) : (i32) -> ()"#);
        let patterns: Vec<Box<dyn RewritePattern>> = vec![Box::new(Tick)];
        let config = GreedyConfig { max_iterations: 3, ..GreedyConfig::default() };
        let stats = apply_patterns_greedily(&mut ctx, m, &patterns, &config);
        assert!(!stats.converged);
        assert_eq!(stats.iterations, 3);
    }

    /// `t.old` becomes `t.new` with the same operands.
    struct OldToNew;

    impl RewritePattern for OldToNew {
        fn name(&self) -> &'static str {
            "old-to-new"
        }
        fn root(&self) -> Option<crate::OpName> {
            Some(t::OLD)
        }
        fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
            let (loc, operands) = (rw.ctx().op_loc(op).clone(), rw.ctx().operands(op).to_vec());
            rw.replace_op_with_new(op, OperationState::new(t::NEW, loc).operands(&operands));
            true
        }
    }

    #[test]
    fn conversion_rewrites_illegal_operations_and_reports_those_left() {
        let mut ctx = context();
        let m = parse(
            &mut ctx,
            r#"  "t.old"(%x) : (i32) -> ()
  "t.tick"() : () -> ()"#,
        );
        let target = ConversionTarget::new().illegal_ops(&[t::OLD, t::TICK]);
        let patterns: Vec<Box<dyn RewritePattern>> = vec![Box::new(OldToNew)];
        let errors = apply_conversion(&mut ctx, m, &target, &patterns, ConversionMode::Partial).unwrap_err();
        assert_eq!(body(&ctx, m), vec![r#""t.new"(%arg0) : (i32) -> ()"#, r#""t.tick"() : () -> ()"#]);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].message, "failed to legalize operation 't.tick' that was explicitly marked illegal");
        assert_eq!(errors[0].loc.short(), "t.mlir:3:3");
        let full = target.unlegalized(&ctx, m, ConversionMode::Full);
        assert!(full.len() > errors.len(), "full conversion also reports operations of unknown legality");
    }

    /// Replaces the root with an operation of another name, same operands
    /// and result types.
    struct Rename(crate::OpName, crate::OpName);

    impl RewritePattern for Rename {
        fn name(&self) -> &'static str {
            "rename"
        }
        fn root(&self) -> Option<crate::OpName> {
            Some(self.0)
        }
        fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
            let (loc, operands) = (rw.op_loc(op).clone(), rw.operands(op).to_vec());
            let types: Vec<Type> = rw.results(op).iter().map(|r| rw.value_type(*r).clone()).collect();
            rw.replace_op_with_new(op, OperationState::new(self.1, loc).operands(&operands).results(&types));
            true
        }
    }

    #[test]
    fn conversion_converts_what_a_rewrite_inserts_in_the_same_sweep_and_ends_on_cycles() {
        let mut ctx = context();
        let m = parse(&mut ctx, r#"  %a = "t.neg"(%x) : (i32) -> i32"#);
        let target = ConversionTarget::new().illegal_ops(&[t::NEG, t::OLD]);
        // t.neg -> t.old (illegal too) -> t.new.
        let chain: Vec<Box<dyn RewritePattern>> = vec![Box::new(Rename(t::NEG, t::OLD)), Box::new(OldToNew)];
        assert!(apply_conversion(&mut ctx, m, &target, &chain, ConversionMode::Partial).is_ok());
        assert_eq!(body(&ctx, m), vec![r#""t.new"(%arg0) : (i32) -> ()"#]);
        // t.neg -> t.old -> t.neg -> ...: stops, and says what is left.
        let m = parse(&mut ctx, r#"  %a = "t.neg"(%x) : (i32) -> i32"#);
        let cycle: Vec<Box<dyn RewritePattern>> =
            vec![Box::new(Rename(t::NEG, t::OLD)), Box::new(Rename(t::OLD, t::NEG))];
        let errors = apply_conversion(&mut ctx, m, &target, &cycle, ConversionMode::Partial).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert!(errors[0].message.starts_with("failed to legalize operation 't."), "{}", errors[0].message);
    }

    #[test]
    fn type_conversion_reaches_results_arguments_and_signatures() {
        let mut ctx = context();
        let text = "func.func @f(%a: i32) -> i32 {\n  %b = \"t.new\"(%a) : (i32) -> i32\n  return %b : i32\n}\n";
        let m = parse_source(&mut ctx, "t.mlir", text, 0, text.len()).unwrap_or_else(|d| panic!("{}", d.message));
        let widen = |t: &Type| if *t == Type::i32() { Type::i64() } else { t.clone() };
        TypeConverter::new(widen).apply(&mut ctx, m);
        let text = print_op(&ctx, m, PrintOptions::default());
        assert!(text.contains("func.func @f(%arg0: i64) -> i64"), "{text}");
        assert!(text.contains(r#""t.new"(%arg0) : (i64) -> i64"#), "{text}");
        assert!(!text.contains("i32"), "{text}");
    }
}
