//! Canonicalization patterns of the graph dialect (the loop patterns apply
//! to `sched.foreach` too):
//!
//! - `graph-foreach-empty-range`: a `range` loop whose constant bounds give no
//!   iteration is erased.
//! - `graph-foreach-constant-filter`: a side-effect-free filter that yields a
//!   constant is dropped (true) or erases the loop (false).
//! - `graph-reduce-unused-changed`: a `changed` result nobody uses is dropped
//!   from `graph.reduce` and `graph.reduce_arg`.
//! - `graph-fixpoint-once`: a fixpoint whose body reports "no change" with a
//!   constant runs once; its body is inlined.
//! - `graph-write-only-alloc`: a property, scalar or worklist that is only
//!   stored, reduced or pushed into, never read, is erased with its writes.

use crate::op as graph;
use strata_ir::context::{Context, OpId, OperationState, RegionId};
use strata_ir::rewrite::{constant_int, constant_value, is_pure, EraseWriteOnly, RewritePattern, Rewriter};
use strata_ir::OpName;

use crate::foreach::{space_of, Space};

/// The constant `i1` yielded first by the single block of `r`, if any.
fn yielded_flag(ctx: &Context, r: RegionId) -> Option<bool> {
    let b = ctx.entry_block(r)?;
    let y = ctx.last_op(b)?;
    let v = *ctx.operands(y).first()?;
    constant_value(ctx, v)?.as_int().map(|c| c != 0)
}

/// True if nothing in region `r` (its terminator aside) has side effects.
fn region_is_pure(ctx: &Context, r: RegionId) -> bool {
    ctx.region_blocks(r).iter().all(|b| ctx.block_ops_iter(*b).all(|o| is_pure(ctx, o)))
}

struct ForeachEmptyRange(OpName);

impl RewritePattern for ForeachEmptyRange {
    fn name(&self) -> &'static str {
        "graph-foreach-empty-range"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        if space_of(ctx, op) != Some(Space::Range) {
            return false;
        }
        let bound = |i| constant_int(ctx, ctx.operand(op, i));
        match (bound(0), bound(1)) {
            (Some(lo), Some(hi)) if lo >= hi => {
                rw.erase_op(op);
                true
            }
            _ => false,
        }
    }
}

struct ForeachConstantFilter(OpName);

impl RewritePattern for ForeachConstantFilter {
    fn name(&self) -> &'static str {
        "graph-foreach-constant-filter"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let filter = rw.ctx().region(op, 1);
        let Some(keep) = yielded_flag(rw.ctx(), filter) else { return false };
        if !region_is_pure(rw.ctx(), filter) {
            return false;
        }
        if keep {
            for b in rw.ctx().region_blocks(filter).to_vec() {
                rw.erase_block(op, b);
            }
        } else {
            rw.erase_op(op);
        }
        true
    }
}

struct ReduceUnusedChanged(OpName);

impl RewritePattern for ReduceUnusedChanged {
    fn name(&self) -> &'static str {
        "graph-reduce-unused-changed"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        if ctx.results(op).is_empty() || !ctx.results_unused(op) {
            return false;
        }
        let mut st = OperationState::new(ctx.op_name(op), ctx.op_loc(op).clone()).operands(ctx.operands(op));
        if let Some(strata_ir::Attribute::Dictionary(properties)) = ctx.properties(op) {
            st.properties = properties.to_vec();
        }
        st.attributes = ctx.attrs(op).to_vec();
        rw.create_before(op, st);
        rw.erase_op(op);
        true
    }
}

struct FixpointOnce;

impl RewritePattern for FixpointOnce {
    fn name(&self) -> &'static str {
        "graph-fixpoint-once"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(graph::FIXPOINT)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let body = rw.ctx().region(op, 0);
        if yielded_flag(rw.ctx(), body) != Some(false) {
            return false;
        }
        let inits = rw.ctx().operands(op).to_vec();
        let yielded = rw.inline_region_before(body, op, &inits);
        rw.replace_op(op, &yielded[1..]);
        true
    }
}

/// Operations that only write into their operand #`index`, returning nothing used.
fn writes_only(ctx: &Context, user: OpId, index: u32) -> bool {
    match ctx.op_kind(user) {
        graph::STORE | graph::REDUCE => index == 1 && ctx.results_unused(user),
        graph::PUSH => index == 1,
        _ => false,
    }
}

/// `graph-write-only-alloc` for the containers made by `root`.
fn write_only_alloc(root: OpName) -> Box<dyn RewritePattern> {
    Box::new(EraseWriteOnly { name: "graph-write-only-alloc", root, writes_only })
}

/// Adds the patterns rooted at `graph.foreach`.
pub fn foreach_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    loop_patterns(graph::FOREACH, v);
}

/// Adds the loop patterns rooted at `root`: `graph.foreach` or an operation
/// with its structure (`sched.foreach`).
pub fn loop_patterns(root: OpName, v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(ForeachEmptyRange(root)));
    v.push(Box::new(ForeachConstantFilter(root)));
}

/// Adds the patterns rooted at `graph.reduce`.
pub fn reduce_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(ReduceUnusedChanged(graph::REDUCE)));
}

/// Adds the patterns rooted at `graph.reduce_arg`.
pub fn reduce_arg_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(ReduceUnusedChanged(graph::REDUCE_ARG)));
}

/// Adds the patterns rooted at `graph.fixpoint`.
pub fn fixpoint_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(FixpointOnce));
}

/// Adds the pattern rooted at `graph.new_node_prop`.
pub fn new_node_prop_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(write_only_alloc(graph::NEW_NODE_PROP));
}

/// Adds the pattern rooted at `graph.new_edge_prop`.
pub fn new_edge_prop_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(write_only_alloc(graph::NEW_EDGE_PROP));
}

/// Adds the pattern rooted at `graph.new_scalar`.
pub fn new_scalar_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(write_only_alloc(graph::NEW_SCALAR));
}

/// Adds the pattern rooted at `graph.new_worklist`.
pub fn new_worklist_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(write_only_alloc(graph::NEW_WORKLIST));
}

/// Adds the pattern rooted at `graph.new_ordered_worklist`.
pub fn new_ordered_worklist_patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(write_only_alloc(graph::NEW_ORDERED_WORKLIST));
}

#[cfg(test)]
mod tests;
