//! The verifier: structural invariants of the IR plus each operation's own rules.
//!
//! Checked here, in MLIR's order, stopping at the first violation within
//! each operation isolated from above (each function), as MLIR does (each
//! operation, then the blocks of its regions: on entry, their operations, on
//! exit; symbol uses; then dominance):
//! - per-op verifiers of registered operations;
//! - terminators: blocks of registered ops without `NoTerminator` end in a
//!   terminator (or an unregistered operation), terminators and operations
//!   with successors appear only at the end of a block;
//! - single-block regions have at most one block;
//! - successors are blocks of the same region, never an entry block, and pass
//!   operands whose types match the successor's arguments;
//! - SSA dominance in CFG regions (graph regions and regions of unregistered
//!   operations are exempt), and no use across an `IsolatedFromAbove` boundary;
//! - symbol tables hold each name at most once.

use std::collections::{HashMap, HashSet};

use petgraph::algo::dominators::{simple_fast, Dominators};
use petgraph::graph::{DiGraph, NodeIndex};

use crate::attributes::Location;
use crate::context::{BlockId, Context, OpId, RegionId, Value, ValueDef};
use crate::diagnostics::Diagnostic;
use crate::registry::Traits;
use crate::symbols::{nearest_symbol_table, symbol_name, SymbolTableCollection};

/// An error on an operation: `'name' op message` at its location.
pub fn op_error(ctx: &Context, op: OpId, msg: impl AsRef<str>) -> Diagnostic {
    Diagnostic::error(ctx.op_loc(op).clone(), format!("'{}' op {}", ctx.op_name(op), msg.as_ref()))
}

/// The checks traits imply (MLIR's trait verifiers), after the signature's
/// and before the operation's own verifier.
fn verify_traits(ctx: &Context, op: OpId, traits: Traits) -> Result<(), Diagnostic> {
    // A named symbol lives in a symbol table (or in an operation nobody
    // registered, which might be one).
    if traits.contains(Traits::SYMBOL) && ctx.prop(op, "sym_name").is_some() {
        let parent_def = ctx.parent_op(op).and_then(|p| ctx.op_def(p));
        if parent_def.is_some_and(|d| !d.traits.contains(Traits::SYMBOL_TABLE)) {
            return Err(op_error(ctx, op, "symbol's parent must have the SymbolTable trait"));
        }
    }
    if traits.contains(Traits::SAME_OPERANDS_AND_RESULT_TYPE) {
        let mut types = ctx.operands(op).iter().chain(ctx.results(op)).map(|v| ctx.value_type(*v));
        if let Some(first) = types.next() {
            if types.any(|t| t != first) {
                return Err(op_error(ctx, op, "requires the same type for all operands and results"));
            }
        }
    }
    Ok(())
}

struct RegionDom {
    index: HashMap<BlockId, NodeIndex>,
    dom: Option<Dominators<NodeIndex>>,
}

struct Verifier<'a> {
    ctx: &'a Context,
    errors: Vec<Diagnostic>,
    doms: HashMap<RegionId, RegionDom>,
    position: HashMap<OpId, usize>,
    /// Operations whose own verification failed: their symbol uses are not checked.
    failed: HashSet<OpId>,
}

/// Verifies `root` and everything nested in it, as MLIR's verifier does:
/// each operation isolated from above (a function) on its own, stopping at
/// its first error; symbol uses once, after the root's own structure; then
/// dominance. Returns the errors found (at most one per isolated operation).
pub fn verify(ctx: &Context, root: OpId) -> Vec<Diagnostic> {
    let mut v =
        Verifier { ctx, errors: Vec::new(), doms: HashMap::new(), position: HashMap::new(), failed: HashSet::new() };
    let mut all = Vec::new();
    ctx.walk_pre(root, &mut |o| all.push(o));
    for op in &all {
        for r in ctx.regions(*op) {
            for b in ctx.region_blocks(*r) {
                for (i, o) in ctx.block_ops_iter(*b).enumerate() {
                    v.position.insert(o, i);
                }
            }
        }
    }
    let mut isolated = Vec::new();
    if !v.verify_structure(root, root, &mut isolated) {
        return v.errors;
    }
    v.verify_symbol_uses(&all);
    if !v.errors.is_empty() {
        v.errors.truncate(1);
        return v.errors;
    }
    v.verify_dominance_under(root);
    // Each isolated operation on its own (MLIR verifies them in parallel).
    while let Some(op) = isolated.pop() {
        let mut nested = Vec::new();
        if v.verify_structure(op, op, &mut nested) {
            v.verify_dominance_under(op);
            isolated.extend(nested);
        }
    }
    v.errors
}

impl Verifier<'_> {
    /// An operation, then each block of its regions (on entry, its
    /// operations, on exit), stopping at the first error (false then).
    /// Operations isolated from above below `top` are collected in
    /// `isolated`, for their own verification, not entered.
    fn verify_structure(&mut self, op: OpId, top: OpId, isolated: &mut Vec<OpId>) -> bool {
        let ctx = self.ctx;
        if op != top && ctx.has_traits(op, Traits::ISOLATED_FROM_ABOVE) {
            isolated.push(op);
            return true;
        }
        let before = self.errors.len();
        self.verify_op(op);
        if self.errors.len() > before {
            return false;
        }
        for r in ctx.regions(op) {
            for b in ctx.region_blocks(*r) {
                if !self.verify_block_entry(op, *b) {
                    return false;
                }
                for o in ctx.block_ops_iter(*b) {
                    if !self.verify_structure(o, top, isolated) {
                        return false;
                    }
                }
                if !self.verify_block_exit(op, *b) {
                    return false;
                }
            }
        }
        true
    }

    /// Dominance of the operands of `top` and of everything under it, but
    /// for what operations isolated from above hold; the first error only.
    fn verify_dominance_under(&mut self, top: OpId) {
        let ctx = self.ctx;
        fn collect(ctx: &Context, op: OpId, ops: &mut Vec<OpId>) {
            ops.push(op);
            for r in ctx.regions(op) {
                for b in ctx.region_blocks(*r) {
                    for o in ctx.block_ops_iter(*b) {
                        if !ctx.has_traits(o, Traits::ISOLATED_FROM_ABOVE) {
                            collect(ctx, o, ops);
                        }
                    }
                }
            }
        }
        let mut ops = Vec::new();
        collect(ctx, top, &mut ops);
        let before = self.errors.len();
        for op in ops {
            for (i, operand) in ctx.operands(op).iter().enumerate() {
                self.verify_dominance(op, i, *operand);
                if self.errors.len() > before {
                    self.errors.truncate(before + 1);
                    return;
                }
            }
        }
    }

    /// Whether the blocks of `op`'s regions must end in a terminator.
    fn needs_terminator(&self, op: OpId) -> bool {
        self.ctx.op_def(op).is_some() && !self.ctx.might_have_traits(op, Traits::NO_TERMINATOR)
    }

    /// A block is empty only where no terminator is needed; only its last
    /// operation has successors.
    fn verify_block_entry(&mut self, op: OpId, b: BlockId) -> bool {
        let ctx = self.ctx;
        let Some(last) = ctx.last_op(b) else {
            if self.needs_terminator(op) {
                self.errors
                    .push(Diagnostic::error(ctx.op_loc(op).clone(), "empty block: expect at least a terminator"));
                return false;
            }
            return true;
        };
        if let Some(o) = ctx.block_ops_iter(b).find(|o| *o != last && !ctx.successors(*o).is_empty()) {
            self.errors.push(Diagnostic::error(
                ctx.op_loc(o).clone(),
                "operation with block successors must terminate its parent block",
            ));
            return false;
        }
        true
    }

    /// A block whose operation needs terminators ends in one (or in an
    /// unregistered operation, which may be one).
    fn verify_block_exit(&mut self, op: OpId, b: BlockId) -> bool {
        let ctx = self.ctx;
        let Some(last) = ctx.last_op(b) else { return true };
        if !self.needs_terminator(op) || ctx.op_def(last).is_none() || ctx.has_traits(last, Traits::TERMINATOR) {
            return true;
        }
        let printed =
            crate::printer::print_op(ctx, last, crate::printer::PrintOptions { generic: true, debug_info: false });
        self.errors
            .push(Diagnostic::error(ctx.op_loc(last).clone(), format!("block with no terminator, has {printed}")));
        false
    }

    /// The operation's own checks, up to the first that fails.
    fn verify_op(&mut self, op: OpId) {
        let ctx = self.ctx;
        let before = self.errors.len();
        self.verify_successors(op);
        if self.errors.len() > before {
            self.errors.truncate(before + 1);
            return;
        }
        self.verify_regions(op);
        if self.errors.len() > before {
            self.errors.truncate(before + 1);
            return;
        }
        if let Some(def) = ctx.op_def(op) {
            if def.traits.contains(Traits::TERMINATOR) && ctx.next_op(op).is_some() {
                self.errors.push(op_error(ctx, op, "must be the last operation in the parent block"));
                return;
            }
            if def.traits.contains(Traits::SYMBOL_TABLE) {
                self.verify_symbol_table(op);
                if self.errors.len() > before {
                    self.errors.truncate(before + 1);
                    return;
                }
            }
            let declared = def.signature.map_or(Ok(()), |s| s.verify(ctx, op));
            let checked = declared
                .and_then(|()| verify_traits(ctx, op, def.traits))
                .and_then(|()| def.verify.map_or(Ok(()), |f| f(ctx, op)));
            if let Err(d) = checked {
                self.errors.push(d);
                self.failed.insert(op);
            }
        }
    }

    /// Checks symbol references as MLIR does, when the symbol table they
    /// resolve in is verified (after everything inside it): only tables
    /// within the verified operation, so verifying one function of a module
    /// after a pass does not rescan the module. The tables are indexed once.
    fn verify_symbol_uses(&mut self, all: &[OpId]) {
        let ctx = self.ctx;
        let tables: HashSet<OpId> = all.iter().copied().filter(|o| ctx.has_traits(*o, Traits::SYMBOL_TABLE)).collect();
        if tables.is_empty() {
            return;
        }
        let mut symbols = SymbolTableCollection::new();
        for op in all {
            let Some(check) = ctx.op_def(*op).and_then(|d| d.verify_symbol_uses) else { continue };
            if self.failed.contains(op) || !nearest_symbol_table(ctx, *op).is_some_and(|t| tables.contains(&t)) {
                continue;
            }
            if let Err(d) = check(ctx, *op, &mut symbols) {
                self.errors.push(d);
            }
        }
    }

    /// No region's entry block has predecessors; single-block regions hold
    /// at most one block.
    fn verify_regions(&mut self, op: OpId) {
        let ctx = self.ctx;
        for (ri, r) in ctx.regions(op).iter().enumerate() {
            let blocks = ctx.region_blocks(*r);
            let entry = blocks.first();
            let branches_to_entry = blocks
                .iter()
                .filter_map(|b| ctx.last_op(*b))
                .any(|t| ctx.successors(t).iter().any(|s| Some(s) == entry));
            if branches_to_entry {
                let message = "entry block of region may not have predecessors";
                self.errors.push(Diagnostic::error(ctx.op_loc(op).clone(), message));
                return;
            }
            if ctx.has_traits(op, Traits::SINGLE_BLOCK) && blocks.len() > 1 {
                self.errors.push(op_error(ctx, op, format!("expects region #{ri} to have 0 or 1 blocks")));
            }
        }
    }

    fn verify_successors(&mut self, op: OpId) {
        let ctx = self.ctx;
        let succs = ctx.successors(op);
        if succs.is_empty() {
            return;
        }
        let my_region = ctx.parent_block(op).and_then(|b| ctx.block_parent(b));
        for (i, s) in succs.iter().enumerate() {
            let sr = ctx.block_parent(*s);
            if sr.is_none() || sr != my_region {
                self.errors.push(op_error(
                    ctx,
                    op,
                    format!("reference to block defined in another region (successor #{i})"),
                ));
                continue;
            }
            if let Some(f) = ctx.op_def(op).and_then(|d| d.successor_operands) {
                let range = f(ctx, op, i);
                // Malformed operand segments are reported by the op's own verifier.
                let Some(passed) = ctx.operands(op).get(range.clone()) else { continue };
                let args = ctx.block_args(*s);
                if passed.len() != args.len() {
                    // Unprefixed, as MLIR's branch interface reports it.
                    self.errors.push(Diagnostic::error(
                        ctx.op_loc(op).clone(),
                        format!(
                            "branch has {} operands for successor #{i}, but target block has {}",
                            passed.len(),
                            args.len()
                        ),
                    ));
                    continue;
                }
                for (j, (p, a)) in passed.iter().zip(args).enumerate() {
                    if ctx.value_type(*p) != ctx.value_type(*a) {
                        self.errors.push(Diagnostic::error(
                            ctx.op_loc(op).clone(),
                            format!("type mismatch for bb argument #{j} of successor #{i}"),
                        ));
                    }
                }
            }
        }
    }

    fn verify_symbol_table(&mut self, op: OpId) {
        let ctx = self.ctx;
        let mut seen: HashMap<&str, OpId> = HashMap::new();
        for r in ctx.regions(op) {
            for b in ctx.region_blocks(*r) {
                for o in ctx.block_ops_iter(*b) {
                    if let Some(n) = symbol_name(ctx, o) {
                        if let Some(prev) = seen.insert(n, o) {
                            self.errors.push(
                                Diagnostic::error(ctx.op_loc(o).clone(), format!("redefinition of symbol named '{n}'"))
                                    .note(ctx.op_loc(prev).clone(), "see existing symbol definition here"),
                            );
                        }
                    }
                }
            }
        }
    }

    fn verify_dominance(&mut self, user: OpId, index: usize, v: Value) {
        let ctx = self.ctx;
        let def_block = match ctx.value_def(v) {
            ValueDef::Placeholder => {
                self.errors.push(op_error(ctx, user, format!("operand #{index} is an undefined value")));
                return;
            }
            _ => ctx.value_block(v),
        };
        let Some(def_block) = def_block else {
            self.errors.push(op_error(ctx, user, format!("operand #{index} is defined by a detached operation")));
            return;
        };
        let def_region = ctx.block_parent(def_block);
        // Walk up from the user to the operation that sits in the definition's region.
        let mut anchor = user;
        loop {
            let Some(b) = ctx.parent_block(anchor) else {
                self.errors.push(self.dominance_error(user, index, v));
                return;
            };
            if ctx.block_parent(b) == def_region {
                break;
            }
            let Some(parent) = ctx.parent_op(anchor) else {
                self.errors.push(self.dominance_error(user, index, v));
                return;
            };
            if ctx.has_traits(parent, Traits::ISOLATED_FROM_ABOVE) {
                let e = op_error(ctx, user, "using value defined outside the region")
                    .note(ctx.op_loc(parent).clone(), "required by region isolation constraints");
                self.errors.push(e);
                return;
            }
            anchor = parent;
        }
        let region = def_region.expect("placed block has a region");
        let owner = ctx.region_parent(region);
        let graph = owner.is_none_or(|o| ctx.might_have_traits(o, Traits::GRAPH_REGION));
        if graph {
            return;
        }
        let anchor_block = ctx.parent_block(anchor).expect("anchor is placed");
        if anchor_block == def_block {
            // As in MLIR, anything goes in a block no path reaches (even an
            // operation using its own result).
            if !self.block_reachable(region, def_block) {
                return;
            }
            if let ValueDef::Result(def_op, _) = ctx.value_def(v) {
                let (dp, ap) = (self.position.get(&def_op), self.position.get(&anchor));
                if def_op == anchor || dp >= ap {
                    self.errors.push(self.dominance_error(user, index, v));
                }
            }
            return;
        }
        if !self.block_dominates(region, def_block, anchor_block) {
            self.errors.push(self.dominance_error(user, index, v));
        }
    }

    /// MLIR's message, with a note saying where the value is defined
    /// relative to its use.
    fn dominance_error(&self, user: OpId, index: usize, v: Value) -> Diagnostic {
        let ctx = self.ctx;
        // Not an `op` error: MLIR's message does not name the operation.
        let error = Diagnostic::error(ctx.op_loc(user).clone(), format!("operand #{index} does not dominate this use"));
        let use_block = ctx.parent_block(user);
        let use_region = use_block.and_then(|b| ctx.block_parent(b));
        let relation = |def_region: Option<RegionId>| match (def_region, use_region) {
            (Some(d), Some(u)) if d == u => "in the same region",
            (Some(d), Some(u)) if self.region_encloses(d, u) => "in a parent region",
            (Some(d), Some(u)) if self.region_encloses(u, d) => "in a child region",
            _ => "neither in a parent nor in a child region",
        };
        match ctx.value_def(v) {
            ValueDef::Result(def, _) => {
                let def_block = ctx.parent_block(def);
                let place = if def_block.is_some() && def_block == use_block {
                    "op in the same block".to_string()
                } else {
                    format!("op {}", relation(def_block.and_then(|b| ctx.block_parent(b))))
                };
                error.note(ctx.op_loc(def).clone(), format!("operand defined here ({place})"))
            }
            ValueDef::Argument(b, _) => {
                let region = ctx.block_parent(b);
                let owner = region.and_then(|r| ctx.region_parent(r));
                let at = owner.map_or(Location::Unknown, |o| ctx.op_loc(o).clone());
                let index = region.and_then(|r| ctx.region_blocks(r).iter().position(|x| *x == b)).unwrap_or(0);
                error.note(at, format!("operand defined as a block argument (block #{index} {})", relation(region)))
            }
            ValueDef::Placeholder => error,
        }
    }

    /// Whether region `outer` holds `inner`, at any depth.
    fn region_encloses(&self, outer: RegionId, inner: RegionId) -> bool {
        let ctx = self.ctx;
        let mut r = inner;
        while let Some(op) = ctx.region_parent(r) {
            let Some(up) = ctx.parent_block(op).and_then(|b| ctx.block_parent(b)) else { return false };
            if up == outer {
                return true;
            }
            r = up;
        }
        false
    }

    /// Whether a path from the region's entry reaches `b`.
    fn block_reachable(&mut self, region: RegionId, b: BlockId) -> bool {
        let rd = self.region_dom(region);
        let (Some(dom), Some(nb)) = (&rd.dom, rd.index.get(&b)) else { return true };
        dom.dominators(*nb).is_some()
    }

    fn block_dominates(&mut self, region: RegionId, a: BlockId, b: BlockId) -> bool {
        let rd = self.region_dom(region);
        let (Some(dom), Some(na), Some(nb)) = (&rd.dom, rd.index.get(&a), rd.index.get(&b)) else { return true };
        match dom.dominators(*nb) {
            // Unreachable blocks are dominated by everything.
            None => true,
            Some(mut it) => it.any(|n| n == *na),
        }
    }

    /// The dominator tree of `region`'s blocks, made once.
    fn region_dom(&mut self, region: RegionId) -> &RegionDom {
        let ctx = self.ctx;
        self.doms.entry(region).or_insert_with(|| {
            let mut g: DiGraph<(), ()> = DiGraph::new();
            let mut index = HashMap::new();
            for blk in ctx.region_blocks(region) {
                index.insert(*blk, g.add_node(()));
            }
            for blk in ctx.region_blocks(region) {
                for op in ctx.block_ops_iter(*blk) {
                    for s in ctx.successors(op) {
                        if let (Some(x), Some(y)) = (index.get(blk), index.get(s)) {
                            g.add_edge(*x, *y, ());
                        }
                    }
                }
            }
            let dom = ctx.entry_block(region).and_then(|e| index.get(&e)).map(|e| simple_fast(&g, *e));
            RegionDom { index, dom }
        })
    }
}
