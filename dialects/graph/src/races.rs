//! The static data-race check (`graph-check-races`).
//!
//! Iterations of a `graph.foreach` run concurrently. Two of them race when
//! one stores into an element with a plain `graph.store` and the other reads,
//! stores or reduces into the same element. Reduces and loads of the same
//! element do not race with each other (a reduce is atomic and a load sees
//! some value the element held), nor do pushes or union-find operations.
//!
//! For every loop the check collects the element accesses of one iteration —
//! in its filter and body, in nested regions and, through `func.call`, in the
//! functions it calls — and classifies each index as *owned* (the loop's own
//! element: its iterator, which differs between iterations) or *shared*
//! (anything else: a neighbour, an endpoint, a loop-invariant value, a
//! scalar). Containers allocated inside the iteration are private to it. A
//! store races with every access to the same container unless both indices
//! are owned; accesses inside `graph.single` regions that lock their index
//! do not race with each other, nor do two `relaxed` loads or stores (the
//! race is meant: each reads the old or the new value, whole).
//!
//! The same accesses say where iterations see each other's updates while
//! the loop runs ([`updates_seen_in_loop`]): an element one iteration
//! updates and another reads, such as a label a node lowers for its
//! neighbours. Such a loop is race-free, but what one execution of it
//! computes depends on the order its iterations run in.
//!
//! Not caught: races through a container reached another way than by its
//! SSA value (for example two different values naming one property after a
//! `scf.if` selects between them), parallel edges that repeat a neighbour,
//! and stores that conditions keep apart (a guarded store to a shared index
//! is reported even when the guard makes it safe).

use crate::op::GraphOp;
use std::collections::{HashMap, HashSet};
use strata_ir::func::op as func;
use strata_ir::pass::PassFailed;

use strata_ir::context::{Context, OpId, RegionId, Value, ValueDef};
use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::printer::describe_location;
use strata_ir::symbols::SymbolTableCollection;
use strata_ir::Diagnostic;

use crate::foreach::worklist_of;

/// How an access touches its element.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Read,
    Write,
    Reduce,
}

/// One element access of an iteration.
struct Access {
    op: OpId,
    mode: Mode,
    container: Value,
    owned: bool,
    locked: bool,
    /// A `relaxed` load or store: it may race with other relaxed ones.
    relaxed: bool,
}

/// Collects the accesses of one iteration of `lp`.
struct Collector<'a> {
    ctx: &'a Context,
    lp: OpId,
    own: Vec<Value>,
    accesses: Vec<Access>,
    calls: HashSet<OpId>,
    symbols: &'a mut SymbolTableCollection,
}

/// Values of a called function's frame mapped to the loop's frame; `None`
/// for the loop's own frame.
type Frame = Option<HashMap<Value, Value>>;

impl Collector<'_> {
    /// The loop-frame value `v` stands for, or `None` if it is local to a callee.
    fn resolve(&self, v: Value, frame: &Frame) -> Option<Value> {
        match frame {
            None => Some(v),
            Some(m) => m.get(&v).copied(),
        }
    }

    /// True if `v` is defined inside the loop.
    fn inside_loop(&self, v: Value) -> bool {
        let op = match self.ctx.value_def(v) {
            ValueDef::Result(op, _) => Some(op),
            ValueDef::Argument(b, _) => self.ctx.block_parent(b).and_then(|r| self.ctx.region_parent(r)),
            ValueDef::Placeholder => None,
        };
        op.is_some_and(|op| self.ctx.is_ancestor(self.lp, op))
    }

    fn is_owned(&self, v: Option<Value>) -> bool {
        let Some(v) = v else { return false };
        if self.own.contains(&v) {
            return true;
        }
        // graph.node / graph.edge of an owned index.
        match self.ctx.value_def(v) {
            ValueDef::Result(d, _) => match GraphOp::of(self.ctx, d) {
                Some(GraphOp::Node(n)) => self.own.contains(&n.id(self.ctx)),
                Some(GraphOp::Edge(e)) => self.own.contains(&e.id(self.ctx)),
                _ => false,
            },
            ValueDef::Argument(..) | ValueDef::Placeholder => false,
        }
    }

    fn record(&mut self, op: OpId, mode: Mode, container: Value, index: Option<Value>, frame: &Frame, locks: &[Value]) {
        let Some(c) = self.resolve(container, frame) else { return };
        if self.inside_loop(c) {
            return;
        }
        let idx = index.and_then(|i| self.resolve(i, frame));
        let locked = idx.is_some_and(|i| locks.contains(&i));
        let owned = index.is_some() && self.is_owned(idx);
        let relaxed = match GraphOp::of(self.ctx, op) {
            Some(GraphOp::Load(l)) => l.relaxed(self.ctx),
            Some(GraphOp::Store(s)) => s.relaxed(self.ctx),
            _ => false,
        };
        self.accesses.push(Access { op, mode, container: c, owned, locked, relaxed });
    }

    fn region(&mut self, r: RegionId, frame: &Frame, locks: &[Value]) {
        for b in self.ctx.region_blocks(r) {
            for op in self.ctx.block_ops_iter(*b) {
                self.op(op, frame, locks);
            }
        }
    }

    fn op(&mut self, op: OpId, frame: &Frame, locks: &[Value]) {
        let ctx = self.ctx;
        let Some(g) = GraphOp::of(ctx, op) else {
            match ctx.op_kind(op) {
                func::CALL | func::CALL_INDIRECT => self.call(op, frame, locks),
                _ => self.regions(op, frame, locks),
            }
            return;
        };
        match g {
            GraphOp::Load(l) => self.record(op, Mode::Read, l.target(ctx), l.index(ctx), frame, locks),
            GraphOp::Store(s) => self.record(op, Mode::Write, s.target(ctx), s.index(ctx), frame, locks),
            GraphOp::Reduce(r) => self.record(op, Mode::Reduce, r.target(ctx), r.index(ctx), frame, locks),
            GraphOp::FetchAdd(f) => self.record(op, Mode::Reduce, f.target(ctx), f.index(ctx), frame, locks),
            GraphOp::ReduceArg(r) => {
                self.record(op, Mode::Reduce, r.keys(ctx), r.index(ctx), frame, locks);
                self.record(op, Mode::Reduce, r.payloads(ctx), r.index(ctx), frame, locks);
            }
            GraphOp::Single(single) => {
                let mut held = locks.to_vec();
                held.extend(single.locked(ctx).iter().filter_map(|v| self.resolve(*v, frame)));
                self.region(ctx.region(op, 0), frame, &held);
                self.region(ctx.region(op, 1), frame, locks);
            }
            GraphOp::Foreach(_) | GraphOp::Iterate(_) | GraphOp::Fixpoint(_) => self.regions(op, frame, locks),
            // No access to a property or scalar: graph queries, new
            // containers, worklist pushes and union-find operations (atomic
            // with respect to each other), and the terminator.
            GraphOp::NumNodes(_)
            | GraphOp::NumEdges(_)
            | GraphOp::IsSymmetric(_)
            | GraphOp::OutDegree(_)
            | GraphOp::InDegree(_)
            | GraphOp::Src(_)
            | GraphOp::Dst(_)
            | GraphOp::Weight(_)
            | GraphOp::OutEdge(_)
            | GraphOp::InEdge(_)
            | GraphOp::HasEdge(_)
            | GraphOp::CountCommon(_)
            | GraphOp::NodeId(_)
            | GraphOp::EdgeId(_)
            | GraphOp::Node(_)
            | GraphOp::Edge(_)
            | GraphOp::NewUf(_)
            | GraphOp::UfFind(_)
            | GraphOp::UfUnion(_)
            | GraphOp::NewNodeProp(_)
            | GraphOp::NewEdgeProp(_)
            | GraphOp::NewScalar(_)
            | GraphOp::NewWorklist(_)
            | GraphOp::NewOrderedWorklist(_)
            | GraphOp::Push(_)
            | GraphOp::Yield(_) => {}
        }
    }

    /// Follows every region of `op`.
    fn regions(&mut self, op: OpId, frame: &Frame, locks: &[Value]) {
        for r in self.ctx.regions(op) {
            self.region(*r, frame, locks);
        }
    }

    /// Follows a call into each body it may run (an indirect call: every
    /// function of its type whose address is taken), once per call site and
    /// never recursively.
    fn call(&mut self, op: OpId, frame: &Frame, locks: &[Value]) {
        let ctx = self.ctx;
        // An indirect call's first operand is the callee.
        let args = if ctx.isa(op, func::CALL_INDIRECT) { func::CallIndirect(op).args(ctx) } else { ctx.operands(op) };
        for callee in strata_ir::func::possible_callees(ctx, op, self.symbols) {
            if !self.calls.insert(callee) {
                continue;
            }
            let body = ctx.region(callee, 0);
            if let Some(entry) = ctx.entry_block(body) {
                let mut map = HashMap::new();
                for (a, v) in ctx.block_args(entry).iter().zip(args) {
                    if let Some(r) = self.resolve(*v, frame) {
                        map.insert(*a, r);
                    }
                }
                self.region(body, &Some(map), locks);
            }
            self.calls.remove(&callee);
        }
    }
}

/// The loop's iterators that differ between its iterations.
fn own_iterators(ctx: &Context, lp: OpId) -> Vec<Value> {
    if let Some(worklist) = worklist_of(ctx, lp) {
        if !crate::worklist::holds_items_once(ctx, worklist) {
            return Vec::new();
        }
    }
    ctx.regions(lp).iter().filter_map(|r| ctx.entry_block(*r)).flat_map(|b| ctx.block_args(b).iter().copied()).collect()
}

fn describe_access(ctx: &Context, op: OpId) -> String {
    let what = match GraphOp::of(ctx, op) {
        Some(GraphOp::Load(l)) if l.relaxed(ctx) => "relaxed load",
        Some(GraphOp::Load(_)) => "load",
        Some(GraphOp::Store(s)) if s.relaxed(ctx) => "relaxed store",
        Some(GraphOp::Store(_)) => "store",
        _ => "reduce",
    };
    format!("the {what} at {}", describe_location(ctx.op_loc(op)))
}

/// The element accesses of one iteration of the loop `lp`.
fn accesses(ctx: &Context, lp: OpId, symbols: &mut SymbolTableCollection) -> Vec<Access> {
    let own = own_iterators(ctx, lp);
    let mut c = Collector { ctx, lp, own, accesses: Vec::new(), calls: HashSet::new(), symbols };
    for r in ctx.regions(lp) {
        c.region(*r, &None, &[]);
    }
    c.accesses
}

/// An update (a store or reduce) and a load of the same container, from
/// outside the loop `lp`, not both at the iteration's own element: one
/// iteration may read what another updated in the same execution of the
/// loop, so what it computes depends on the order of its iterations.
pub fn updates_seen_in_loop(ctx: &Context, lp: OpId) -> Option<(OpId, OpId)> {
    let acc = accesses(ctx, lp, &mut SymbolTableCollection::new());
    acc.iter().filter(|u| u.mode != Mode::Read).find_map(|u| {
        acc.iter()
            .find(|r| r.mode == Mode::Read && r.container == u.container && !(u.owned && r.owned))
            .map(|r| (u.op, r.op))
    })
}

fn check_loop(ctx: &Context, lp: OpId, symbols: &mut SymbolTableCollection, out: &mut Vec<Diagnostic>) {
    let loop_at = describe_location(ctx.op_loc(lp));
    let acc = &accesses(ctx, lp, symbols);
    // A function called from two places records its accesses twice: each
    // pair of operations is reported once.
    let mut reported = HashSet::new();
    for (i, a) in acc.iter().enumerate() {
        for b in &acc[i..] {
            let same = std::ptr::eq(a, b);
            let conflict = a.container == b.container
                && (a.mode == Mode::Write || b.mode == Mode::Write)
                && !(a.owned && b.owned)
                && !(a.locked && b.locked)
                && !(a.relaxed && b.relaxed)
                && (!same || a.mode == Mode::Write);
            if !conflict {
                continue;
            }
            let (w, other) = if a.mode == Mode::Write { (a, b) } else { (b, a) };
            if !reported.insert((w.op, other.op, same)) {
                continue;
            }
            let d = if same {
                Diagnostic::error(
                    ctx.op_loc(w.op).clone(),
                    format!("'graph.store' op data race: two iterations of the graph.foreach at {loop_at} may store into the same element; store into the loop's own element, use graph.reduce or graph.single, or make it a 'graph.store relaxed' if whichever value is stored last may stay"),
                )
            } else {
                Diagnostic::error(
                    ctx.op_loc(w.op).clone(),
                    format!(
                        "'graph.store' op data race with {}: two iterations of the graph.foreach at {loop_at} may touch the same element, one of them storing; {}",
                        describe_access(ctx, other.op),
                        remedy(w, other)
                    ),
                )
                .note(ctx.op_loc(other.op).clone(), "the other access")
            };
            out.push(d);
        }
    }
}

/// What the message on a race between the store `w` and the access
/// `other` proposes.
fn remedy(w: &Access, other: &Access) -> String {
    let fixes = "store into the loop's own element, or use graph.reduce or graph.single";
    let marked = match (w.relaxed, other.relaxed) {
        _ if other.mode == Mode::Reduce => return fixes.to_string(),
        (true, _) => "the other access",
        (false, true) => "this store",
        (false, false) => "both accesses",
    };
    format!("{fixes}; or, if either value may be read, mark {marked} 'relaxed'")
}

/// The data races the check finds in the graph loops under `root`.
pub fn check_races(ctx: &Context, root: OpId) -> Vec<Diagnostic> {
    let mut loops = Vec::new();
    ctx.walk_pre(root, &mut |op| {
        if crate::foreach::is_foreach(ctx, op) {
            loops.push(op);
        }
    });
    let mut out = Vec::new();
    let mut symbols = SymbolTableCollection::new();
    for lp in loops {
        check_loop(ctx, lp, &mut symbols, &mut out);
    }
    out
}

/// The `graph-check-races` pass: fails with an error per race found.
#[derive(Default)]
pub struct CheckRaces;

impl Pass for CheckRaces {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        let found = check_races(ctx, op);
        if found.is_empty() {
            return Ok(());
        }
        for d in found {
            ctx.emit(d);
        }
        Err(PassFailed)
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "graph-check-races",
    name: "GraphCheckRaces",
    description: "Report data races between iterations of graph.foreach loops",
    options: &[],
};

/// Registration of `graph-check-races`.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(CheckRaces) }
}
