//! `convert-sched-to-par`: lowers the scheduled graph program to explicit
//! parallelism over buffers.
//!
//! - The graph becomes its CSR/CSC arrays (`par.graph_array`, read once at
//!   the top of each function); nodes and edges become `index`; properties,
//!   scalars and union-find sets become `!par.buf`, worklists `!par.queue`.
//! - A `thread` or `edge` loop becomes `par.parallel { par.for ... }` with
//!   its distribution; privatized scalars get a `par.local` per thread that
//!   is combined atomically after the loop. A `sequential` loop becomes
//!   `scf.for`. Filters become `scf.if`.
//! - Reductions into data shared by the iterations of a parallel loop are
//!   atomic read-modify-writes; elsewhere they are plain. A node property
//!   reduced only at the node a thread owns (the loop's node under `thread`
//!   mapping, the target under `pull`) has one writer: its reductions are a
//!   load and a relaxed store. Under `edge` mapping no thread owns a node.
//!   Loads of data other iterations reduce into are relaxed atomic loads.
//! - `graph.iterate` and `graph.fixpoint` become `scf.while`; `graph.single`
//!   takes try-locks (in sorted order) on a lock array that lives for the
//!   round; union-find, edge lookup and argmin/argmax
//!   call helpers added to the module ([`helpers`]).
//!
//! Types are converted at the end by a [`TypeConverter`] applying [`conv`];
//! anything left in the graph or sched dialect afterwards, which a
//! [`ConversionTarget`] marks illegal, is an error.

mod builders;
pub mod helpers;
mod loops;
mod rounds;
mod storage;

use builders::*;
use helpers::Helper;
use storage::*;

use std::collections::{HashMap, HashSet};
use strata_graph_dialect::op as graph;
use strata_ir::builtin::op as builtin;
use strata_ir::conversion::{ConversionMode, ConversionTarget, TypeConverter};
use strata_ir::func::op as func;
use strata_ir::pass::PassFailed;
use strata_ir::OpName;
use strata_par_dialect::op as par;
use strata_sched_dialect::op as sched;
use strata_std::arith::op as arith;
use strata_std::scf::op as scf;

use strata_abi::GraphArray;
use strata_graph_dialect::foreach::{space_of, Space};
use strata_graph_dialect::types::{classify, element, is_edge, GraphType};
use strata_graph_dialect::view::{self, ReduceKind};
use strata_ir::context::{BlockId, OperationState, RegionId, Value};
use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::types::Type;
use strata_ir::{Attribute, Context, Diagnostic, Location, OpId};
use strata_par_dialect::abi::ir_type;
use strata_par_dialect::types::{buf, queue};
use strata_par_dialect::view::{self as par_view, Dist as ParDist, SizeOf};
use strata_sched_dialect::foreach::schedule_of;
use strata_sched_dialect::legality::{collapsible, pullable};
use strata_sched_dialect::schedule::{Direction, Dist, Frontier, LoopSchedule, Mapping, Pushes, Reduction};
use strata_std::arith::CMPI_PREDICATES;

/// The pass.
#[derive(Default)]
pub struct SchedToPar;

impl Pass for SchedToPar {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn anchor(&self) -> Option<strata_ir::OpName> {
        Some(builtin::MODULE)
    }
    fn run(&mut self, ctx: &mut Context, module: OpId) -> Result<(), PassFailed> {
        let mut lw = Lowering {
            module,
            helpers: HashSet::new(),
            errors: Vec::new(),
            arrays: HashMap::new(),
            scope: Scope::default(),
        };
        let funcs: Vec<OpId> = ctx.entry_block(ctx.region(module, 0)).map(|b| ctx.block_ops(b)).unwrap_or_default();
        let funcs: Vec<OpId> = funcs.into_iter().filter(|f| ctx.op_name(*f) == func::FUNC).collect();
        let called_in_loops = strata_sched_dialect::legality::functions_called_in_loops(ctx, module);
        for f in funcs {
            lw.arrays.clear();
            // A function called from a parallel loop runs on its threads: what
            // it creates is its own, what it is given is shared.
            let inner = called_in_loops.contains(&f);
            lw.scope = Scope { parallel: inner, iteration: inner.then_some(f), ..Scope::default() };
            for b in ctx.region_blocks(ctx.region(f, 0)).to_vec() {
                lw.block(ctx, b);
            }
        }
        TypeConverter::new(conv).apply(ctx, module);
        if lw.errors.is_empty() {
            // What no specific error explains.
            let target = ConversionTarget::new().illegal_dialects(&[graph::DIALECT, sched::DIALECT]);
            lw.errors = target.unlegalized(ctx, module, ConversionMode::Partial);
        }
        if lw.errors.is_empty() {
            return Ok(());
        }
        for e in lw.errors.drain(..) {
            ctx.emit(e);
        }
        Err(PassFailed)
    }
}

/// The pass's declaration.
const DECL: PassDecl = PassDecl {
    argument: "convert-sched-to-par",
    name: "ConvertSchedToPar",
    description: "Lower scheduled graph loops and storage to par teams, work-sharing loops, buffers and atomics",
    options: &[],
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(SchedToPar) }
}

/// What the code being lowered runs inside.
#[derive(Clone, Default)]
struct Scope {
    /// Inside the body of a parallel loop.
    parallel: bool,
    /// The parallel loop's privatized scalars: shared buffer -> thread-local one.
    private_copies: HashMap<Value, Value>,
    /// Containers that iterations of the parallel loop reduce into (loads are atomic).
    reduced: HashSet<Value>,
    /// Ops of the parallel loop's iteration (containers they create are private).
    iteration: Option<OpId>,
    /// Lock arrays of the round: "nodes", "edges" or "stripes".
    locks: HashMap<&'static str, Value>,
    /// Containers only the iteration's own thread writes (its node's element).
    owned: HashSet<Value>,
    /// Pushes gather in per-thread buffers.
    buffered: bool,
}

struct Lowering {
    module: OpId,
    helpers: HashSet<String>,
    errors: Vec<Diagnostic>,
    arrays: HashMap<(Value, GraphArray), Value>,
    scope: Scope,
}

/// The type a graph-level type becomes.
pub fn conv(t: &Type) -> Type {
    match classify(t) {
        Some(GraphType::Node | GraphType::Edge) => Type::Index,
        Some(GraphType::NodeProp(e) | GraphType::EdgeProp(e) | GraphType::Scalar(e)) => buf(&conv(&e)),
        Some(GraphType::Worklist(e)) => queue(&conv(&e)),
        Some(GraphType::UnionFind) => buf(&Type::Index),
        _ => t.clone(),
    }
}

impl Lowering {
    fn error(&mut self, ctx: &Context, op: OpId, msg: impl Into<String>) {
        self.errors.push(Diagnostic::error(ctx.op_loc(op).clone(), msg.into()));
    }

    /// Adds a helper function (and those it calls) once; returns its name.
    fn helper(&mut self, ctx: &mut Context, h: Helper) -> String {
        for c in h.callees() {
            self.helper(ctx, c);
        }
        let name = h.name();
        if self.helpers.insert(name.clone()) {
            h.insert(ctx, self.module);
        }
        name
    }

    fn call(
        &mut self,
        ctx: &mut Context,
        at: At,
        callee: &str,
        args: &[Value],
        results: &[Type],
        loc: &Location,
    ) -> OpId {
        let st = OperationState::new(func::CALL, loc.clone())
            .operands(args)
            .results(results)
            .prop("callee", Attribute::symbol(callee));
        mk(ctx, at, st)
    }

    fn block(&mut self, ctx: &mut Context, b: BlockId) {
        for op in ctx.block_ops(b) {
            self.op(ctx, op);
        }
    }

    fn regions_of(&mut self, ctx: &mut Context, op: OpId) {
        for r in ctx.regions(op).to_vec() {
            for b in ctx.region_blocks(r).to_vec() {
                self.block(ctx, b);
            }
        }
    }

    fn replace(&mut self, ctx: &mut Context, op: OpId, v: Value) {
        let r = ctx.result(op, 0);
        ctx.replace_all_uses(r, v);
        ctx.erase_op(op);
    }

    fn op(&mut self, ctx: &mut Context, op: OpId) {
        let name = ctx.op_kind(op);
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        match name {
            sched::FOREACH => self.foreach(ctx, op),
            graph::FOREACH => self.error(ctx, op, "'graph.foreach' has no schedule: run convert-graph-to-sched first"),
            graph::ITERATE => self.iterate(ctx, op),
            graph::FIXPOINT => self.fixpoint(ctx, op),
            graph::SINGLE => self.single(ctx, op),
            graph::NUM_NODES => {
                let g = view::NumNodes(op).graph(ctx);
                let v = self.size(ctx, at, g, SizeOf::Nodes, &loc);
                self.replace(ctx, op, v);
            }
            graph::NUM_EDGES => {
                let g = view::NumEdges(op).graph(ctx);
                let v = self.size(ctx, at, g, SizeOf::Edges, &loc);
                self.replace(ctx, op, v);
            }
            graph::OUT_DEGREE | graph::IN_DEGREE => {
                let d = view::Degree(op);
                let (g, v) = (d.graph(ctx), d.node(ctx));
                let off = self.array(
                    ctx,
                    g,
                    if name == graph::OUT_DEGREE { GraphArray::OutOffsets } else { GraphArray::InOffsets },
                );
                let (lo, hi) = slice(ctx, at, off, v, &loc);
                let d = op1(ctx, at, arith::SUBI, &[hi, lo], Type::Index, &loc);
                self.replace(ctx, op, d);
            }
            graph::SRC | graph::DST | graph::WEIGHT => {
                let (g, e) = match view::Endpoint::of(ctx, op) {
                    Some(end) => (end.graph(ctx), end.edge(ctx)),
                    None => (view::Weight(op).graph(ctx), view::Weight(op).edge(ctx)),
                };
                let arr = match name {
                    graph::SRC => GraphArray::EdgeSources,
                    graph::DST => GraphArray::OutTargets,
                    _ => GraphArray::Weights,
                };
                let a = self.array(ctx, g, arr);
                let v = if arr == GraphArray::Weights {
                    load(ctx, at, a, e, false, &loc)
                } else {
                    load_index(ctx, at, a, e, &loc)
                };
                self.replace(ctx, op, v);
            }
            graph::HAS_EDGE => {
                let h = view::HasEdge(op);
                let (g, u, v) = (h.graph(ctx), h.from(ctx), h.to(ctx));
                let off = self.array(ctx, g, GraphArray::OutOffsets);
                let tgt = self.array(ctx, g, GraphArray::OutTargets);
                let f = self.helper(ctx, Helper::HasEdge);
                let c = self.call(ctx, at, &f, &[off, tgt, u, v], &[Type::i1()], &loc);
                let r = ctx.result(c, 0);
                self.replace(ctx, op, r);
            }
            graph::NODE_ID | graph::EDGE_ID => {
                // Nodes and edges are their numbers.
                let v = match name {
                    graph::NODE_ID => view::NodeId(op).node(ctx),
                    _ => view::EdgeId(op).edge(ctx),
                };
                self.replace(ctx, op, v);
            }
            graph::NODE | graph::EDGE => {
                // A number becomes a node or an edge once checked against
                // the graph; from then on it is valid by construction.
                let (g, id, of) = match view::NodeOf::of(ctx, op) {
                    Some(node) => (node.graph(ctx), node.id(ctx), SizeOf::Nodes),
                    None => (view::EdgeOf(op).graph(ctx), view::EdgeOf(op).id(ctx), SizeOf::Edges),
                };
                let count = self.size(ctx, at, g, of, &loc);
                mk(
                    ctx,
                    at,
                    OperationState::new(par::CHECK_INDEX, loc.clone())
                        .operands(&[id, count])
                        .props(par_view::CheckIndex::props(of)),
                );
                self.replace(ctx, op, id);
            }
            graph::NEW_NODE_PROP | graph::NEW_EDGE_PROP => {
                let (g, init) = match view::NewNodeProp::of(ctx, op) {
                    Some(new) => (new.graph(ctx), new.init(ctx)),
                    None => (view::NewEdgeProp(op).graph(ctx), view::NewEdgeProp(op).init(ctx)),
                };
                let n = self.size(
                    ctx,
                    at,
                    g,
                    if name == graph::NEW_NODE_PROP { SizeOf::Nodes } else { SizeOf::Edges },
                    &loc,
                );
                let t = ctx.value_type(ctx.result(op, 0)).clone(); // converted with every other type at the end
                let b = op1(ctx, at, par::ALLOC, &[n], t, &loc);
                self.fill(ctx, at, b, n, &|_| init, &loc);
                self.replace(ctx, op, b);
            }
            graph::NEW_SCALAR => {
                let init = view::NewScalar(op).init(ctx);
                let t = ctx.value_type(ctx.result(op, 0)).clone(); // converted with every other type at the end
                let b = if self.scope.parallel {
                    op1(ctx, at, par::LOCAL, &[], t, &loc)
                } else {
                    let one = index_const(ctx, at, 1, &loc);
                    op1(ctx, at, par::ALLOC, &[one], t, &loc)
                };
                let zero = index_const(ctx, at, 0, &loc);
                store(ctx, at, init, b, zero, &loc);
                self.replace(ctx, op, b);
            }
            graph::NEW_UF => {
                let g = view::NewUf(op).graph(ctx);
                let n = self.size(ctx, at, g, SizeOf::Nodes, &loc);
                let b = op1(ctx, at, par::ALLOC, &[n], buf(&Type::Index), &loc);
                self.fill(ctx, at, b, n, &|i| i, &loc);
                self.replace(ctx, op, b);
            }
            graph::UF_FIND | graph::UF_UNION => {
                let (h, rt) =
                    if name == graph::UF_FIND { (Helper::UfFind, Type::Index) } else { (Helper::UfUnion, Type::i1()) };
                let f = self.helper(ctx, h);
                let args = ctx.operands(op).to_vec();
                let c = self.call(ctx, at, &f, &args, &[rt], &loc);
                let r = ctx.result(c, 0);
                self.replace(ctx, op, r);
            }
            graph::LOAD => {
                let l = view::Load(op);
                let b = l.target(ctx);
                let i = match l.index(ctx) {
                    Some(i) => i,
                    None => index_const(ctx, at, 0, &loc),
                };
                let (b, atomic) = match self.scope.private_copies.get(&b) {
                    Some(l) => (*l, false),
                    None => (b, self.scope.reduced.contains(&b)),
                };
                let v = load(ctx, at, b, i, atomic, &loc);
                self.replace(ctx, op, v);
            }
            graph::STORE => {
                let s = view::Store(op);
                let (v, b) = (s.value(ctx), s.target(ctx));
                let i = match s.index(ctx) {
                    Some(i) => i,
                    None => index_const(ctx, at, 0, &loc),
                };
                store(ctx, at, v, b, i, &loc);
                ctx.erase_op(op);
            }
            graph::REDUCE => self.reduce(ctx, op),
            graph::REDUCE_ARG => self.reduce_arg(ctx, op),
            graph::NEW_WORKLIST => {
                let new = view::NewWorklist(op);
                let g = new.graph(ctx);
                let elem = element(ctx.value_type(ctx.result(op, 0))).unwrap_or(Type::Index);
                // Room for one copy of every node (or edge): all a unique
                // queue can hold; a plain one grows beyond it.
                let n = self.size(ctx, at, g, if is_edge(&elem) { SizeOf::Edges } else { SizeOf::Nodes }, &loc);
                let t = ctx.value_type(ctx.result(op, 0)).clone(); // converted with every other type at the end
                let st = OperationState::new(par::QUEUE_NEW, loc.clone())
                    .operands(&[n])
                    .results(&[t])
                    .props(par_view::QueueNew::props(new.unique(ctx)));
                let o = mk(ctx, at, st);
                let q = ctx.result(o, 0);
                self.replace(ctx, op, q);
            }
            graph::PUSH => {
                let p = view::Push(op);
                let args = [p.item(ctx), p.worklist(ctx)];
                let st = OperationState::new(par::QUEUE_PUSH, loc.clone())
                    .operands(&args)
                    .props(par_view::QueuePush::props(self.scope.buffered));
                mk(ctx, at, st);
                ctx.erase_op(op);
            }
            _ => self.regions_of(ctx, op),
        }
    }
}

/// The `par.for` distribution of a scheduled loop's.
fn par_dist(d: Dist) -> ParDist {
    match d {
        Dist::Static => ParDist::Static,
        Dist::Dynamic => ParDist::Dynamic,
    }
}
