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
//! It runs on the conversion driver: one pattern per graph or sched
//! operation ([`lowerings`]), in the scope of the code around it (inside a
//! parallel loop or not, its privatized scalars, round locks, ...), which
//! the pattern that lowers a loop records for the loop's new body. Types
//! are converted at the end by a [`TypeConverter`] applying [`conv`];
//! anything left in the graph or sched dialect afterwards, which the
//! [`ConversionTarget`] marks illegal, is an error.

mod builders;
mod containers;
mod edge_balance;
mod graph_access;
pub mod helpers;
mod hybrid;
pub mod intersect;
mod loops;
mod rounds;
mod segments;
mod split;
mod storage;
#[cfg(test)]
mod tests;
mod warp;

use builders::*;
use helpers::Helper;
use storage::*;

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use strata_graph_dialect::op::{self as graph, GraphKind};
use strata_ir::builtin::op as builtin;
use strata_ir::conversion::{apply_conversion, ConversionMode, ConversionTarget, TypeConverter};
use strata_ir::func::op as func;
use strata_ir::pass::PassFailed;
use strata_ir::rewrite::{RewritePattern, Rewriter};
use strata_ir::OpName;
use strata_par_dialect::op as par;
use strata_sched_dialect::op::{self as sched, SchedKind};
use strata_std::arith::op as arith;
use strata_std::scf::op as scf;

use strata_abi::GraphArray;
use strata_graph_dialect::foreach::{adjacency_of, graph_of, space_of, worklist_of, Space};
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
use strata_sched_dialect::fusion::FUSED_ROUNDS;
use strata_sched_dialect::legality::{collapsible, orderable, pullable, DegreeOf};
use strata_sched_dialect::once::ONCE_PER_ROUND;
use strata_sched_dialect::schedule::{Direction, Dist, Frontier, LoopSchedule, Mapping, Order, Pushes, Reduction};
use strata_std::arith::CmpiPredicate;

strata_ir::pass_options! {
    /// The options of the pass.
    pub struct SchedToParOptions {
        /// `graph.count_common {intersect = "bitmap"}` keeps a flag per
        /// node for each thread of its parallel loop; without, such counts
        /// intersect as `auto` does (the GPU's threads are too many for a
        /// flag per node each).
        flags_per_thread: bool = true => "flags-per-thread", Bool, "graph.count_common by 'bitmap' keeps a flag per node for each thread (default true); false: it intersects as 'auto' (the GPU's pipeline)";
    }
}

/// The pass.
#[derive(Default)]
pub struct SchedToPar {
    /// Its options.
    pub options: SchedToParOptions,
}

impl Pass for SchedToPar {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn options(&mut self) -> Option<&mut dyn strata_ir::pass_options::PassOptions> {
        Some(&mut self.options)
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
            scopes: HashMap::new(),
            scope: Rc::default(),
            flags_per_thread: self.options.flags_per_thread,
        };
        let called_in_loops = strata_sched_dialect::legality::functions_called_in_loops(ctx, module);
        for f in ctx.entry_block(ctx.region(module, 0)).map(|b| ctx.block_ops(b)).unwrap_or_default() {
            if ctx.op_name(f) == func::FUNC {
                // A function called from a parallel loop runs on its threads:
                // what it creates is its own, what it is given is shared.
                let inner = called_in_loops.contains(&f);
                let scope = Scope { parallel: inner, iteration: inner.then_some(f), ..Scope::default() };
                lw.scopes.insert(ctx.region(f, 0), Rc::new(scope));
            }
        }
        let state = Rc::new(RefCell::new(lw));
        let patterns: Vec<Box<dyn RewritePattern>> = lowerings()
            .map(|(root, lower)| Box::new(Lower { root, lower, state: state.clone() }) as Box<dyn RewritePattern>)
            .collect();
        let target = ConversionTarget::new().illegal_dialects(&[graph::DIALECT, sched::DIALECT]);
        // What is left is reported below, after the types are converted.
        let _ = apply_conversion(ctx, module, &target, &patterns, ConversionMode::Partial);
        TypeConverter::new(conv).apply(ctx, module);
        let mut errors: Vec<Diagnostic> = state.borrow_mut().errors.drain(..).map(|(_, d)| d).collect();
        if errors.is_empty() {
            // What no specific error explains.
            errors = target.unlegalized(ctx, module, ConversionMode::Partial);
        }
        if errors.is_empty() {
            return Ok(());
        }
        for e in errors {
            ctx.emit(e);
        }
        Err(PassFailed)
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "convert-sched-to-par",
    name: "ConvertSchedToPar",
    description: "Lower scheduled graph loops and storage to par teams, work-sharing loops, buffers and atomics",
    options: SchedToParOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(SchedToPar::default()) }
}

/// Lowers one operation (under the scope set in the state); false when it
/// cannot, with the reason recorded.
type LowerFn = fn(&mut Lowering, &mut Rewriter<'_>, OpId) -> bool;

/// The lowering of each graph operation: every one has its own, but
/// `graph.yield`, which its parent's lowering replaces.
fn graph_lowering(kind: GraphKind) -> Option<LowerFn> {
    match kind {
        GraphKind::Foreach => Some(Lowering::unscheduled),
        GraphKind::Iterate => Some(Lowering::iterate),
        GraphKind::Fixpoint => Some(Lowering::fixpoint),
        GraphKind::Single => Some(Lowering::single),
        GraphKind::NumNodes => Some(Lowering::count),
        GraphKind::NumEdges => Some(Lowering::count),
        GraphKind::IsSymmetric => Some(Lowering::symmetric),
        GraphKind::OutDegree => Some(Lowering::degree),
        GraphKind::InDegree => Some(Lowering::degree),
        GraphKind::Src => Some(Lowering::edge_field),
        GraphKind::Dst => Some(Lowering::edge_field),
        GraphKind::Weight => Some(Lowering::edge_field),
        GraphKind::HasEdge => Some(Lowering::has_edge),
        GraphKind::CountCommon => Some(Lowering::count_common),
        GraphKind::OutEdge => Some(Lowering::nth_edge),
        GraphKind::InEdge => Some(Lowering::nth_edge),
        GraphKind::NodeId => Some(Lowering::id),
        GraphKind::EdgeId => Some(Lowering::id),
        GraphKind::Node => Some(Lowering::checked_id),
        GraphKind::Edge => Some(Lowering::checked_id),
        GraphKind::NewNodeProp => Some(Lowering::new_prop),
        GraphKind::NewEdgeProp => Some(Lowering::new_prop),
        GraphKind::NewScalar => Some(Lowering::new_scalar),
        GraphKind::NewUf => Some(Lowering::new_uf),
        GraphKind::UfFind => Some(Lowering::uf_call),
        GraphKind::UfUnion => Some(Lowering::uf_call),
        GraphKind::Load => Some(Lowering::load),
        GraphKind::Store => Some(Lowering::store),
        GraphKind::Reduce => Some(Lowering::reduce),
        GraphKind::ReduceArg => Some(Lowering::reduce_arg),
        GraphKind::FetchAdd => Some(Lowering::fetch_add),
        GraphKind::NewWorklist => Some(Lowering::new_worklist),
        GraphKind::NewOrderedWorklist => Some(Lowering::new_ordered_worklist),
        GraphKind::Push => Some(Lowering::push),
        GraphKind::Yield => None,
    }
}

/// The lowering of each sched operation.
fn sched_lowering(kind: SchedKind) -> LowerFn {
    match kind {
        SchedKind::Foreach => Lowering::foreach,
    }
}

/// The conversion patterns: one per operation, each with its lowering.
fn lowerings() -> impl Iterator<Item = (OpName, LowerFn)> {
    let graph = GraphKind::ALL.iter().filter_map(|k| Some((k.name(), graph_lowering(*k)?)));
    let sched = SchedKind::ALL.iter().map(|k| (k.name(), sched_lowering(*k)));
    sched.chain(graph)
}

/// A conversion pattern: one operation's lowering, run in the scope of the
/// code around it.
struct Lower {
    root: OpName,
    lower: LowerFn,
    state: Rc<RefCell<Lowering>>,
}

impl RewritePattern for Lower {
    fn name(&self) -> &'static str {
        self.root.as_str()
    }
    fn root(&self) -> Option<OpName> {
        Some(self.root)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let mut lw = self.state.borrow_mut();
        // An operation that failed once is reported once.
        if lw.errors.iter().any(|(o, _)| *o == op) {
            return false;
        }
        lw.scope = lw.scope_of(rw, op);
        (self.lower)(&mut lw, rw, op)
    }
}

/// A thread's flags for the bitmap counts on one graph: (graph, a flag per
/// node, the node whose out-list they hold).
type Flags = (Value, Value, Value);

/// What the code being lowered runs inside.
#[derive(Clone, Default)]
struct Scope {
    /// Inside the body of a parallel loop.
    parallel: bool,
    /// The parallel loop's privatized scalars: shared buffer -> thread-local one.
    private_copies: HashMap<Value, Value>,
    /// Containers that iterations of the parallel loop reduce into (loads are atomic).
    reduced: HashSet<Value>,
    /// The function or (already erased) loop whose iterations the code runs
    /// in: containers defined inside it are private.
    iteration: Option<OpId>,
    /// Lock arrays of the round: "nodes", "edges" or "stripes".
    locks: HashMap<&'static str, Value>,
    /// Containers only the iteration's own thread writes (its node's element).
    owned: HashSet<Value>,
    /// Pushes gather in per-thread buffers.
    buffered: bool,
    /// Pushes to be aggregated per subgroup or block
    /// (`par-cooperative-pushes`).
    aggregate: Option<strata_par_dialect::view::Group>,
    /// For `graph.count_common {intersect = "bitmap"}`: per graph, the
    /// thread's flag per node and the node whose list they hold (-1: none).
    flags: Vec<Flags>,
}

/// The state the patterns share: what the module has gained and the scope
/// of each region that begins one.
struct Lowering {
    module: OpId,
    helpers: HashSet<String>,
    /// Operations that cannot be lowered, and why.
    errors: Vec<(OpId, Diagnostic)>,
    arrays: HashMap<(Value, GraphArray), Value>,
    /// Function bodies and the bodies of parallel loops begin a scope.
    scopes: HashMap<RegionId, Rc<Scope>>,
    /// The scope of the operation being lowered.
    scope: Rc<Scope>,
    /// See [`SchedToPar::flags_per_thread`].
    flags_per_thread: bool,
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
    /// Records why `op` cannot be lowered; returns false (nothing changed).
    fn error(&mut self, ctx: &Context, op: OpId, msg: impl Into<String>) -> bool {
        self.errors.push((op, Diagnostic::error(ctx.op_loc(op).clone(), msg.into())));
        false
    }

    /// The scope of the nearest region around `op` that begins one.
    fn scope_of(&self, ctx: &Context, op: OpId) -> Rc<Scope> {
        let mut o = op;
        while let Some(r) = ctx.parent_block(o).and_then(|b| ctx.block_parent(b)) {
            if let Some(s) = self.scopes.get(&r) {
                return s.clone();
            }
            match ctx.region_parent(r) {
                Some(p) => o = p,
                None => break,
            }
        }
        Rc::default()
    }

    /// The scope to change, for the code lowered next.
    fn scope_mut(&mut self) -> &mut Scope {
        Rc::make_mut(&mut self.scope)
    }

    /// Adds a helper function (and those it calls) once; returns its name.
    fn helper(&mut self, ctx: &mut Rewriter<'_>, h: Helper) -> String {
        for c in h.callees() {
            self.helper(ctx, c);
        }
        let name = h.name();
        if self.helpers.insert(name.clone()) {
            let module = self.module;
            ctx.modify_in_place(module, |ctx| h.insert(ctx, module));
        }
        name
    }

    fn call(
        &mut self,
        ctx: &mut Rewriter<'_>,
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

    fn replace(&mut self, ctx: &mut Rewriter<'_>, op: OpId, v: Value) -> bool {
        ctx.replace_op(op, &[v]);
        true
    }

    fn unscheduled(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        self.error(ctx, op, "'graph.foreach' has no schedule: run convert-graph-to-sched first")
    }
}

/// The `par.for` distribution of a scheduled loop's.
fn par_dist(d: Dist) -> ParDist {
    match d {
        Dist::Static => ParDist::Static,
        Dist::Dynamic => ParDist::Dynamic,
        Dist::Guided => ParDist::Guided,
    }
}
