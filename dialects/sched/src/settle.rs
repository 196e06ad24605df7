//! Early exit of pulled scans: when a pulled node's scan of its in-edges
//! may stop at the first source that settles it.
//!
//! A pulled loop runs, for each target node, the body of the original
//! neighbour loop once per in-edge. The scan may stop as soon as nothing
//! the remaining in-edges would do can have an effect, which holds when:
//!
//! - the neighbour loop walks `out_nbrs`, so the node it names is the
//!   target the pulled scan runs for;
//! - every reduction in its body is a `min`, `max`, `and` or `or` into a
//!   node property at that target, of a value defined outside the whole
//!   loop: the same value for every in-edge, so once the element is what
//!   the reduction would make it, no later in-edge changes it (the kinds
//!   are idempotent, and other writers only move the element further the
//!   same way);
//! - every other effect (a push) happens only when such a reduction
//!   reports that it changed the element, which is at most once a scan;
//! - everything else only reads.
//!
//! The scan then runs while some reduction could still change its element
//! (checked before each in-edge, so a node already settled is skipped
//! without reading its edges): Beamer's bottom-up step, where an unvisited
//! node stops at its first parent in the frontier.

use strata_graph_dialect::foreach::{space_of, Space};
use strata_graph_dialect::op as graph;
use strata_graph_dialect::op::Reduce;
use strata_graph_dialect::view::ReduceKind;
use strata_ir::context::{Context, OpId, Value};
use strata_ir::rewrite::is_pure;
use strata_std::scf::op as scf;

use crate::legality::defined_inside;

/// A reduction that settles the pulled node: `kind` of `value` into
/// `target` at the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settling {
    /// The `graph.reduce`.
    pub op: OpId,
    /// Its operator.
    pub kind: ReduceKind,
    /// The property reduced into.
    pub target: Value,
    /// The value reduced, the same for every in-edge.
    pub value: Value,
}

/// The reductions whose elements settle the pulled node of the loop `op`
/// with neighbour loop `inner`, or why its scans must visit every in-edge.
pub fn settling_reductions(ctx: &Context, op: OpId, inner: OpId) -> Result<Vec<Settling>, String> {
    if space_of(ctx, inner) != Some(Space::OutNbrs) {
        return Err(format!(
            "the neighbour loop at {} walks edges, not out_nbrs: the node each scan settles is not named",
            ctx.op_loc(inner).short()
        ));
    }
    let Some(body) = ctx.entry_block(ctx.region(inner, 0)) else { return Err("empty loop".into()) };
    let node = ctx.block_args(body)[0];
    let mut settling = Vec::new();
    let mut why = None;
    ctx.walk_pre(inner, &mut |o| {
        if why.is_some() || o == inner || ctx.op_kind(o) != graph::REDUCE {
            return;
        }
        let r = Reduce(o);
        let at = ctx.op_loc(o).short();
        let kind = r.kind(ctx);
        if !matches!(kind, ReduceKind::Min | ReduceKind::Max | ReduceKind::And | ReduceKind::Or) {
            why = Some(format!("the '{kind}' reduction at {at} is not idempotent"));
        } else if r.index(ctx) != Some(node) {
            why = Some(format!("the reduction at {at} is not into the pulled node's element"));
        } else if defined_inside(ctx, r.value(ctx), op) {
            why = Some(format!("the value of the reduction at {at} may differ from one in-edge to the next"));
        } else {
            settling.push(Settling { op: o, kind, target: r.target(ctx), value: r.value(ctx) });
        }
    });
    if let Some(why) = why {
        return Err(why);
    }
    if settling.is_empty() {
        return Err("the scan has no reduction into the pulled node's element".into());
    }
    let changed: Vec<Value> = settling.iter().filter_map(|s| ctx.results(s.op).first().copied()).collect();
    let mut why = None;
    ctx.walk_pre(inner, &mut |o| {
        if why.is_some() || o == inner {
            return;
        }
        let kind = ctx.op_kind(o);
        let reads = is_pure(ctx, o)
            || [graph::LOAD, graph::REDUCE, graph::YIELD, scf::IF, scf::YIELD].contains(&kind)
            || (kind == graph::PUSH && guarded_by(ctx, o, inner, &changed));
        if !reads {
            why = Some(format!(
                "'{kind}' at {} has an effect that does not depend on a settling reduction having changed its element",
                ctx.op_loc(o).short()
            ));
        }
    });
    why.map_or(Ok(settling), Err)
}

/// Whether `op` runs only in the then-branch of an `scf.if` (within
/// `inner`) on one of `changed`.
fn guarded_by(ctx: &Context, op: OpId, inner: OpId, changed: &[Value]) -> bool {
    let mut child = op;
    while let Some(p) = ctx.parent_op(child).filter(|p| *p != inner) {
        let in_then = ctx.parent_block(child).and_then(|b| ctx.block_parent(b)) == Some(ctx.region(p, 0));
        if ctx.op_kind(p) == scf::IF && in_then && changed.contains(&scf::If(p).condition(ctx)) {
            return true;
        }
        child = p;
    }
    false
}
