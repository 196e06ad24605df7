//! `sched-collapse-loops`: a node loop with one nested neighbour loop becomes
//! one loop over the edges.
//!
//! A `thread`-mapped loop over `nodes(...)` gives each thread a node and all
//! of its edges, so a thread with a high-degree node works long after the
//! others are done. Mapping the pair `edge` hands out edges instead: the
//! work is balanced whatever the degrees, and neighbouring threads read
//! neighbouring adjacency entries. The pass changes the schedule of every
//! `thread` loop (only outermost loops are parallel) that
//! [`crate::legality::collapsible`] accepts and that has no filter (see
//! [`worth_collapsing`]; `mapping = "edge"` written on a loop collapses a
//! filtered one too);
//! the lowering does the rest (each edge finds its node in the edge-source or
//! edge-target array).
//!
//! Collapsing keeps the program's meaning: the iterations of nested graph
//! loops are already concurrent, so no two accesses that could not meet
//! before meet now. What changes is the cost of reductions into the outer
//! node's element: under `thread` mapping the node's thread is its only
//! writer and the lowering reduces with a plain load and store; per edge
//! there are as many writers as edges, and the reductions become atomic.
//!
//! With `remarks=true` every parallel loop gets a remark: collapsed (naming
//! the reductions that became atomic) or kept, and why.

use crate::op as sched;
use strata_graph_dialect::op as graph;
use strata_ir::context::{Context, OpId};
use strata_ir::func::op as func;
use strata_ir::pass::PassFailed;
use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::Diagnostic;

use crate::foreach::schedule_of;
use crate::legality::check;
use crate::schedule::Mapping;

/// Why collapsing the legal loop `op` would not pay, or `Ok`: a filter runs
/// once per edge once collapsed, and a filter that selects few nodes (a
/// level of a traversal) then costs a test per edge of the graph where it
/// cost one per node.
pub fn worth_collapsing(ctx: &Context, op: OpId) -> Result<(), String> {
    if ctx.region_blocks(ctx.region(op, 1)).is_empty() {
        Ok(())
    } else {
        Err("it has a filter, which would run once per edge instead of once per node".into())
    }
}

strata_ir::pass_options! {
    /// The options of the pass.
    pub struct CollapseOptions {
        /// Report each parallel loop, collapsed or not and why (default false).
        remarks: bool = false => "remarks", Bool, "report each parallel loop, collapsed or not and why (default false)";
    }
}

/// The pass and its counts.
#[derive(Default)]
pub struct CollapseLoops {
    /// Its options.
    options: CollapseOptions,
    collapsed: u64,
    kept: u64,
}

/// The reductions of the collapsible loop `op` into the element of its own
/// node: they lose their single writer when the loop runs per edge.
fn reductions_at_node(ctx: &Context, op: OpId) -> Vec<OpId> {
    let Some(body) = ctx.entry_block(ctx.region(op, 0)) else { return Vec::new() };
    let v = ctx.block_args(body)[0];
    let mut out = Vec::new();
    ctx.walk_pre(op, &mut |o| {
        if ctx.op_name(o) == graph::REDUCE && ctx.operands(o).get(2) == Some(&v) {
            out.push(o);
        }
    });
    out
}

impl CollapseLoops {
    /// Collapses `op` if it is legal, with a remark either way.
    fn visit(&mut self, ctx: &mut Context, op: OpId) {
        let Some(mut s) = schedule_of(ctx, op) else { return };
        if s.mapping != Mapping::Thread {
            return;
        }
        s.mapping = Mapping::Edge;
        let loc = ctx.op_loc(op).clone();
        match check(ctx, op, &s).and_then(|()| worth_collapsing(ctx, op)) {
            Ok(_) => {
                ctx.set_prop(op, "schedule", s.to_attr());
                self.collapsed += 1;
                if self.options.remarks {
                    let atomic = reductions_at_node(ctx, op);
                    let mut m = "loop collapsed into one loop over the edges".to_string();
                    if !atomic.is_empty() {
                        let at: Vec<String> = atomic.iter().map(|o| ctx.op_loc(*o).short()).collect();
                        m += &format!("; the reductions into the node's element at {} have a writer per edge now and become atomic", at.join(", "));
                    }
                    ctx.emit(Diagnostic::remark(loc, m));
                }
            }
            Err(why) => {
                self.kept += 1;
                if self.options.remarks {
                    let why = why.strip_prefix("mapping 'edge' ").map_or(why.clone(), |w| format!("it {w}"));
                    ctx.emit(Diagnostic::remark(loc, format!("loop not collapsed: {why}")));
                }
            }
        }
    }
}

impl Pass for CollapseLoops {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn anchor(&self) -> Option<strata_ir::OpName> {
        Some(func::FUNC)
    }
    fn options(&mut self) -> Option<&mut dyn strata_ir::pass_options::PassOptions> {
        Some(&mut self.options)
    }
    fn run(&mut self, ctx: &mut Context, f: OpId) -> Result<(), PassFailed> {
        let mut loops = Vec::new();
        ctx.walk_pre(f, &mut |o| {
            if ctx.op_name(o) == sched::FOREACH {
                loops.push(o);
            }
        });
        for op in loops {
            self.visit(ctx, op);
        }
        Ok(())
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        vec![("loops collapsed", self.collapsed), ("loops kept", self.kept)]
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "sched-collapse-loops",
    name: "SchedCollapseLoops",
    description:
        "Run each thread-mapped node loop with one nested neighbour loop as one loop over the edges (mapping 'edge')",
    options: CollapseOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(CollapseLoops::default()) }
}
