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
//!   round; union-find, edge lookup, argmin/argmax and atomic multiplication
//!   call helpers added to the module ([`helpers`]).
//!
//! Anything left in the graph or sched dialect afterwards is an error.

pub mod helpers;

use helpers::Helper;

use std::collections::{HashMap, HashSet};
use strata_graph_dialect::op as graph;
use strata_ir::builtin::op as builtin;
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
use strata_ir::context::{BlockId, OperationState, RegionId, Value};
use strata_ir::pass::{Pass, PassInfo};
use strata_ir::types::Type;
use strata_ir::{Attribute, Context, Diagnostic, Location, OpId};
use strata_par_dialect::abi::ir_type;
use strata_par_dialect::types::{buf, queue};
use strata_sched_dialect::foreach::schedule_of;
use strata_sched_dialect::legality::{collapsible, pullable};
use strata_sched_dialect::schedule::{Direction, Frontier, Keyword, LoopSchedule, Mapping, Pushes, Reduction};
use strata_std::arith::CMPI_PREDICATES;

/// The pass.
#[derive(Default)]
pub struct SchedToPar;

impl Pass for SchedToPar {
    fn argument(&self) -> &'static str {
        "convert-sched-to-par"
    }
    fn name(&self) -> &'static str {
        "ConvertSchedToPar"
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
        convert_types(ctx, module);
        if lw.errors.is_empty() {
            // What no specific error explains.
            ctx.walk_pre(module, &mut |o| {
                let name = ctx.op_kind(o);
                if name.starts_with("graph.") || name.starts_with("sched.") {
                    lw.errors.push(Diagnostic::error(
                        ctx.op_loc(o).clone(),
                        format!("failed to legalize operation '{name}'"),
                    ));
                }
            });
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

/// Registration.
pub fn info() -> PassInfo {
    PassInfo {
        argument: "convert-sched-to-par",
        description: "Lower scheduled graph loops and storage to par teams, work-sharing loops, buffers and atomics",
        options: &[],
        create: || Box::new(SchedToPar),
    }
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

/// Builds a loop body's arguments at a place from the loop's position.
type BodyArgs = Box<dyn Fn(&mut Context, At, Value) -> Vec<Value>>;

/// What the positions of a lowered loop stand for.
enum Walk {
    /// The loop's own space; builds the body's arguments from the position.
    Args(BodyArgs),
    /// Every node (or edge); those whose flag is set are the items.
    Members(Value),
    /// Edges: the outer loop's node is the edge's source (its target for an
    /// in-loop), its neighbour loop runs once for the edge.
    Edges(OpId),
    /// Target nodes gathering over their in-edges (sources tested against
    /// the bitmap, if any).
    Pull { inner: OpId, bits: Option<Value> },
}

/// Where new operations go.
#[derive(Clone, Copy)]
enum At {
    Before(OpId),
    End(BlockId),
}

fn mk(ctx: &mut Context, at: At, st: OperationState) -> OpId {
    let op = ctx.create_op(st);
    match at {
        At::Before(a) => ctx.insert_op_before(a, op),
        At::End(b) => ctx.append_op(b, op),
    }
    op
}

fn op1(ctx: &mut Context, at: At, name: OpName, operands: &[Value], ty: Type, loc: &Location) -> Value {
    let o = mk(ctx, at, OperationState::new(name, loc.clone()).operands(operands).results(&[ty]));
    ctx.result(o, 0)
}

fn op0(ctx: &mut Context, at: At, name: OpName, operands: &[Value], loc: &Location) -> OpId {
    mk(ctx, at, OperationState::new(name, loc.clone()).operands(operands))
}

fn constant(ctx: &mut Context, at: At, value: Attribute, ty: Type, loc: &Location) -> Value {
    let o = strata_std::arith::materialize(ctx, &value, &ty, loc.clone()).expect("a constant of its type");
    match at {
        At::Before(a) => ctx.insert_op_before(a, o),
        At::End(b) => ctx.append_op(b, o),
    }
    ctx.result(o, 0)
}

fn index_const(ctx: &mut Context, at: At, v: i128, loc: &Location) -> Value {
    constant(ctx, at, Attribute::int(v, Type::Index), Type::Index, loc)
}

fn cmpi(ctx: &mut Context, at: At, pred: &str, a: Value, b: Value, loc: &Location) -> Value {
    let index = CMPI_PREDICATES.iter().position(|p| *p == pred).expect("a cmpi predicate") as i128;
    let o = mk(
        ctx,
        at,
        OperationState::new(arith::CMPI, loc.clone())
            .operands(&[a, b])
            .prop("predicate", Attribute::int(index, Type::i64()))
            .results(&[Type::i1()]),
    );
    ctx.result(o, 0)
}

fn load(ctx: &mut Context, at: At, b: Value, i: Value, atomic: bool, loc: &Location) -> Value {
    let ty = strata_par_dialect::types::buf_element(&conv(ctx.value_type(b))).expect("buffer");
    let mut st = OperationState::new(par::LOAD, loc.clone()).operands(&[b, i]).results(&[ty]);
    if atomic {
        st = st.prop("atomic", Attribute::Unit);
    }
    let o = mk(ctx, at, st);
    ctx.result(o, 0)
}

/// Loads element `i` of a graph array as an `index` (node ids are stored
/// as unsigned 32-bit numbers).
fn load_index(ctx: &mut Context, at: At, b: Value, i: Value, loc: &Location) -> Value {
    let v = load(ctx, at, b, i, false, loc);
    if *ctx.value_type(v) == Type::Index {
        return v;
    }
    op1(ctx, at, arith::INDEX_CASTUI, &[v], Type::Index, loc)
}

fn store(ctx: &mut Context, at: At, v: Value, b: Value, i: Value, loc: &Location) {
    op0(ctx, at, par::STORE, &[v, b, i], loc);
}

/// The CSR (or CSC) slice of node `v`: `off[v]` and `off[v + 1]`.
fn slice(ctx: &mut Context, at: At, off: Value, v: Value, loc: &Location) -> (Value, Value) {
    let one = index_const(ctx, at, 1, loc);
    let v1 = op1(ctx, at, arith::ADDI, &[v, one], Type::Index, loc);
    (load(ctx, at, off, v, false, loc), load(ctx, at, off, v1, false, loc))
}

/// A new region holding one new block with arguments of `args`; returns (region, block).
fn new_body(ctx: &mut Context, args: &[Type], loc: &Location) -> (RegionId, BlockId) {
    let r = ctx.create_region();
    let b = ctx.create_block(&args.iter().map(|t| (t.clone(), loc.clone())).collect::<Vec<_>>());
    ctx.append_block(r, b);
    (r, b)
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

fn convert_types(ctx: &mut Context, module: OpId) {
    let mut ops = Vec::new();
    ctx.walk_pre(module, &mut |o| ops.push(o));
    for o in ops {
        for v in ctx.results(o).to_vec() {
            let t = conv(ctx.value_type(v));
            ctx.set_value_type(v, t);
        }
        for r in ctx.regions(o).to_vec() {
            for b in ctx.region_blocks(r).to_vec() {
                for v in ctx.block_args(b).to_vec() {
                    let t = conv(ctx.value_type(v));
                    ctx.set_value_type(v, t);
                }
            }
        }
        if ctx.op_name(o) == func::FUNC {
            if let Some(ft) = strata_ir::func::function_type(ctx, o) {
                let ins = ft.inputs.iter().map(conv).collect();
                let outs = ft.results.iter().map(conv).collect();
                ctx.set_prop(o, "function_type", Attribute::Type(Type::function(ins, outs)));
            }
        }
    }
}

/// The neutral element of a reduction kind for type `t`.
fn neutral(kind: &str, t: &Type) -> Attribute {
    if let Some(k) = t.float_kind() {
        let v = match kind {
            "mul" => 1.0,
            "min" => f64::INFINITY,
            "max" => f64::NEG_INFINITY,
            _ => 0.0,
        };
        return Attribute::Float(strata_ir::attributes::FloatAttr::from_f64(k, v));
    }
    let w = t.int_width().unwrap_or(64);
    let (min, max) = if w == 1 { (-1, 0) } else { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) };
    let v = match kind {
        "mul" => 1,
        "min" => max,
        "max" => min,
        "and" => -1,
        _ => 0,
    };
    if w == 1 {
        return Attribute::Bool(v != 0);
    }
    Attribute::int(v, t.clone())
}

/// `old (kind) x` with arith ops.
fn combine(ctx: &mut Context, at: At, kind: &str, old: Value, x: Value, loc: &Location) -> Value {
    let t = ctx.value_type(old).clone();
    let name = match (kind, t.is_float()) {
        ("add", false) => arith::ADDI,
        ("mul", false) => arith::MULI,
        ("min", false) => arith::MINSI,
        ("max", false) => arith::MAXSI,
        ("and", _) => arith::ANDI,
        ("or", _) => arith::ORI,
        ("add", true) => arith::ADDF,
        ("mul", true) => arith::MULF,
        ("min", true) => arith::MINNUMF,
        _ => arith::MAXNUMF,
    };
    op1(ctx, at, name, &[old, x], t, loc)
}

/// `a != b`, bitwise for floats.
fn differs(ctx: &mut Context, at: At, a: Value, b: Value, loc: &Location) -> Value {
    let t = ctx.value_type(a).clone();
    if let Some(k) = t.float_kind() {
        let it = Type::int(k.width());
        let ai = op1(ctx, at, arith::BITCAST, &[a], it.clone(), loc);
        let bi = op1(ctx, at, arith::BITCAST, &[b], it, loc);
        return cmpi(ctx, at, "ne", ai, bi, loc);
    }
    cmpi(ctx, at, "ne", a, b, loc)
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

    /// A graph array, read once where the graph is defined.
    fn array(&mut self, ctx: &mut Context, g: Value, array: GraphArray) -> Value {
        if let Some(v) = self.arrays.get(&(g, array)) {
            return *v;
        }
        let at = match ctx.defining_op(g) {
            Some(d) => match ctx.next_op(d) {
                Some(n) => At::Before(n),
                None => At::End(ctx.parent_block(d).expect("in a block")),
            },
            None => {
                let b = ctx.value_block(g).expect("block argument");
                match ctx.first_op(b) {
                    Some(f) => At::Before(f),
                    None => At::End(b),
                }
            }
        };
        let elem = ir_type(array.element());
        let loc = ctx.value_loc(g).clone();
        let o = mk(
            ctx,
            at,
            OperationState::new(par::GRAPH_ARRAY, loc)
                .operands(&[g])
                .prop("array", Attribute::string(array.name()))
                .results(&[buf(&elem)]),
        );
        let v = ctx.result(o, 0);
        self.arrays.insert((g, array), v);
        v
    }

    fn size(&mut self, ctx: &mut Context, at: At, g: Value, of: &str, loc: &Location) -> Value {
        let o = mk(
            ctx,
            at,
            OperationState::new(par::GRAPH_SIZE, loc.clone())
                .operands(&[g])
                .prop("of", Attribute::string(of))
                .results(&[Type::Index]),
        );
        ctx.result(o, 0)
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
            graph::NUM_NODES | graph::NUM_EDGES => {
                let g = ctx.operand(op, 0);
                let v = self.size(ctx, at, g, if name == graph::NUM_NODES { "nodes" } else { "edges" }, &loc);
                self.replace(ctx, op, v);
            }
            graph::OUT_DEGREE | graph::IN_DEGREE => {
                let (g, v) = (ctx.operand(op, 0), ctx.operand(op, 1));
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
                let (g, e) = (ctx.operand(op, 0), ctx.operand(op, 1));
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
                let (g, u, v) = (ctx.operand(op, 0), ctx.operand(op, 1), ctx.operand(op, 2));
                let off = self.array(ctx, g, GraphArray::OutOffsets);
                let tgt = self.array(ctx, g, GraphArray::OutTargets);
                let f = self.helper(ctx, Helper::HasEdge);
                let c = self.call(ctx, at, &f, &[off, tgt, u, v], &[Type::i1()], &loc);
                let r = ctx.result(c, 0);
                self.replace(ctx, op, r);
            }
            graph::NODE_ID | graph::EDGE_ID | graph::NODE | graph::EDGE => {
                let v = ctx.operand(op, ctx.operands(op).len() - 1);
                self.replace(ctx, op, v);
            }
            graph::NEW_NODE_PROP | graph::NEW_EDGE_PROP => {
                let (g, init) = (ctx.operand(op, 0), ctx.operand(op, 1));
                let n = self.size(ctx, at, g, if name == graph::NEW_NODE_PROP { "nodes" } else { "edges" }, &loc);
                let t = ctx.value_type(ctx.result(op, 0)).clone(); // converted with every other type at the end
                let b = op1(ctx, at, par::ALLOC, &[n], t, &loc);
                self.fill(ctx, at, b, n, &|_| init, &loc);
                self.replace(ctx, op, b);
            }
            graph::NEW_SCALAR => {
                let init = ctx.operand(op, 0);
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
                let g = ctx.operand(op, 0);
                let n = self.size(ctx, at, g, "nodes", &loc);
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
                let b = ctx.operand(op, 0);
                let i = if ctx.operands(op).len() > 1 { ctx.operand(op, 1) } else { index_const(ctx, at, 0, &loc) };
                let (b, atomic) = match self.scope.private_copies.get(&b) {
                    Some(l) => (*l, false),
                    None => (b, self.scope.reduced.contains(&b)),
                };
                let v = load(ctx, at, b, i, atomic, &loc);
                self.replace(ctx, op, v);
            }
            graph::STORE => {
                let (v, b) = (ctx.operand(op, 0), ctx.operand(op, 1));
                let i = if ctx.operands(op).len() > 2 { ctx.operand(op, 2) } else { index_const(ctx, at, 0, &loc) };
                store(ctx, at, v, b, i, &loc);
                ctx.erase_op(op);
            }
            graph::REDUCE => self.reduce(ctx, op),
            graph::REDUCE_ARG => self.reduce_arg(ctx, op),
            graph::NEW_WORKLIST => {
                let g = ctx.operand(op, 0);
                let elem = element(ctx.value_type(ctx.result(op, 0))).unwrap_or(Type::Index);
                // Room for one copy of every node (or edge): all a unique
                // queue can hold; a plain one grows beyond it.
                let n = self.size(ctx, at, g, if is_edge(&elem) { "edges" } else { "nodes" }, &loc);
                let t = ctx.value_type(ctx.result(op, 0)).clone(); // converted with every other type at the end
                let mut st = OperationState::new(par::QUEUE_NEW, loc.clone()).operands(&[n]).results(&[t]);
                if ctx.prop(op, "unique").is_some() {
                    st = st.prop("unique", Attribute::Unit);
                }
                let o = mk(ctx, at, st);
                let q = ctx.result(o, 0);
                self.replace(ctx, op, q);
            }
            graph::PUSH => {
                let args = ctx.operands(op).to_vec();
                let push = op0(ctx, at, par::QUEUE_PUSH, &args, &loc);
                if self.scope.buffered {
                    ctx.set_prop(push, "buffered", Attribute::Unit);
                }
                ctx.erase_op(op);
            }
            _ => self.regions_of(ctx, op),
        }
    }

    /// Sets `b[i]` for `i` in `0..n` to the value `f` builds, in parallel
    /// outside parallel loops and sequentially inside them.
    fn fill(&mut self, ctx: &mut Context, at: At, b: Value, n: Value, f: &dyn Fn(Value) -> Value, loc: &Location) {
        self.each(ctx, at, n, &|ctx, at, i| store(ctx, at, f(i), b, i, loc), loc);
    }

    /// Runs `body` for `i` in `0..n`: a statically shared loop of its own
    /// team outside parallel loops, a plain loop inside them.
    fn each(&mut self, ctx: &mut Context, at: At, n: Value, body: &dyn Fn(&mut Context, At, Value), loc: &Location) {
        let zero = index_const(ctx, at, 0, loc);
        let one = index_const(ctx, at, 1, loc);
        if self.scope.parallel {
            let (r, blk) = new_body(ctx, &[Type::Index], loc);
            let i = ctx.block_args(blk)[0];
            body(ctx, At::End(blk), i);
            op0(ctx, At::End(blk), scf::YIELD, &[], loc);
            mk(ctx, at, OperationState::new(scf::FOR, loc.clone()).operands(&[zero, n, one]).region(r));
        } else {
            let (pr, pb) = new_body(ctx, &[], loc);
            let (r, blk) = new_body(ctx, &[Type::Index], loc);
            let i = ctx.block_args(blk)[0];
            body(ctx, At::End(blk), i);
            op0(ctx, At::End(blk), par::YIELD, &[], loc);
            let st = OperationState::new(par::FOR, loc.clone())
                .operands(&[zero, n, one])
                .prop("dist", Attribute::string("static"))
                .prop("chunk", Attribute::int(4096, Type::i64()))
                .region(r);
            mk(ctx, At::End(pb), st);
            op0(ctx, At::End(pb), par::YIELD, &[], loc);
            mk(ctx, at, OperationState::new(par::PARALLEL, loc.clone()).region(pr));
        }
    }

    /// A flag per node (or edge) of the worklist `op` loops over, set for
    /// the items of the current round: `(flags, count)`. Made before the
    /// loop; the caller frees it after.
    fn frontier_bitmap(&mut self, ctx: &mut Context, op: OpId, at: At, loc: &Location) -> Option<(Value, Value)> {
        let q = ctx.operand(op, 0);
        let Some(n) = ctx.defining_op(q).filter(|d| ctx.op_name(*d) == par::QUEUE_NEW).map(|d| ctx.operand(d, 0))
        else {
            self.error(ctx, op, "frontier 'bitmap' needs the worklist's 'graph.new_worklist' in the same function");
            return None;
        };
        let bits = op1(ctx, at, par::ALLOC, &[n], buf(&Type::i1()), loc);
        let no = constant(ctx, at, Attribute::Bool(false), Type::i1(), loc);
        self.fill(ctx, at, bits, n, &|_| no, loc);
        let size = op1(ctx, at, par::QUEUE_SIZE, &[q], Type::Index, loc);
        let items = op1(ctx, at, par::QUEUE_ITEMS, &[q], buf(&Type::Index), loc);
        let yes = constant(ctx, at, Attribute::Bool(true), Type::i1(), loc);
        self.each(
            ctx,
            at,
            size,
            &|ctx, at, i| {
                let x = load(ctx, at, items, i, false, loc);
                store(ctx, at, yes, bits, x, loc);
            },
            loc,
        );
        Some((bits, n))
    }

    fn is_private(&self, ctx: &Context, target: Value) -> bool {
        if !self.scope.parallel {
            return true;
        }
        // A thread's own element (a scalar the iteration created) is private by definition.
        if ctx.defining_op(target).is_some_and(|d| ctx.op_name(d) == par::LOCAL) {
            return true;
        }
        match (self.scope.iteration, ctx.defining_op(target)) {
            (Some(it), Some(d)) => ctx.is_ancestor(it, d),
            _ => false,
        }
    }

    fn reduce(&mut self, ctx: &mut Context, op: OpId) {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let kind = ctx.prop(op, "kind").and_then(|a| a.as_str()).unwrap_or("add").to_string();
        let (x, target) = (ctx.operand(op, 0), ctx.operand(op, 1));
        let i = if ctx.operands(op).len() > 2 { ctx.operand(op, 2) } else { index_const(ctx, at, 0, &loc) };
        let (b, plain) = match self.scope.private_copies.get(&target) {
            Some(l) => (*l, true),
            None => (target, self.is_private(ctx, target)),
        };
        let old = if self.scope.owned.contains(&target) {
            // Only this thread writes the element; others may read it.
            let old = load(ctx, at, b, i, true, &loc);
            let new = combine(ctx, at, &kind, old, x, &loc);
            let d = differs(ctx, at, new, old, &loc);
            let blk = if_then(ctx, at, d, &loc);
            mk(
                ctx,
                At::End(blk),
                OperationState::new(par::STORE, loc.clone()).operands(&[new, b, i]).prop("atomic", Attribute::Unit),
            );
            op0(ctx, At::End(blk), scf::YIELD, &[], &loc);
            old
        } else if plain {
            let old = load(ctx, at, b, i, false, &loc);
            let new = combine(ctx, at, &kind, old, x, &loc);
            store(ctx, at, new, b, i, &loc);
            old
        } else if kind == "mul" {
            let t = ctx.value_type(x).clone();
            if t.is_float() {
                return self.error(
                    ctx,
                    op,
                    "an atomic 'mul' reduction of floats is not supported by the parallel lowering",
                );
            }
            let f = self.helper(ctx, Helper::AtomicMul(t.clone()));
            let c = self.call(ctx, at, &f, &[x, b, i], &[t], &loc);
            ctx.result(c, 0)
        } else {
            let t = ctx.value_type(x).clone();
            let o = mk(
                ctx,
                at,
                OperationState::new(par::ATOMIC_RMW, loc.clone())
                    .operands(&[x, b, i])
                    .prop("kind", Attribute::string(&kind))
                    .results(&[t]),
            );
            ctx.result(o, 0)
        };
        if let Some(&changed) = ctx.results(op).first() {
            let new = combine(ctx, at, &kind, old, x, &loc);
            let d = differs(ctx, at, new, old, &loc);
            ctx.replace_all_uses(changed, d);
        }
        ctx.erase_op(op);
    }

    fn reduce_arg(&mut self, ctx: &mut Context, op: OpId) {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let kind = ctx.prop(op, "kind").and_then(|a| a.as_str()).unwrap_or("min").to_string();
        let ops = ctx.operands(op).to_vec();
        let (key, pay, kb, pb) = (ops[0], ops[1], ops[2], ops[3]);
        let i = if ops.len() > 4 { ops[4] } else { index_const(ctx, at, 0, &loc) };
        let kt = conv(ctx.value_type(key));
        let pt = conv(ctx.value_type(pay));
        let max = kind == "max";
        let c = if self.is_private(ctx, kb) {
            let f = self.helper(ctx, Helper::ReduceArg { max, plain: true, key: kt, payload: pt });
            self.call(ctx, at, &f, &[key, pay, kb, pb, i], &[Type::i1()], &loc)
        } else {
            let Some(&locks) = self.scope.locks.get("stripes") else {
                return self.error(ctx, op, "'graph.reduce_arg' into shared data in a function called from a parallel loop cannot reach the round's locks; inline the call");
            };
            let f = self.helper(ctx, Helper::ReduceArg { max, plain: false, key: kt, payload: pt });
            self.call(ctx, at, &f, &[key, pay, kb, pb, i, locks], &[Type::i1()], &loc)
        };
        if let Some(&changed) = ctx.results(op).first() {
            let r = ctx.result(c, 0);
            ctx.replace_all_uses(changed, r);
        }
        ctx.erase_op(op);
    }

    /// Bounds of a loop's space and a builder of the body's arguments from the position.
    fn space(&mut self, ctx: &mut Context, op: OpId, at: At, loc: &Location) -> (Value, Value, BodyArgs) {
        let space = space_of(ctx, op).unwrap_or(Space::Nodes);
        let ops = ctx.operands(op).to_vec();
        match space {
            Space::Nodes | Space::Edges => {
                let lo = index_const(ctx, at, 0, loc);
                let hi = self.size(ctx, at, ops[0], if space == Space::Nodes { "nodes" } else { "edges" }, loc);
                (lo, hi, Box::new(|_, _, k| vec![k]))
            }
            Space::Range => (ops[0], ops[1], Box::new(|_, _, k| vec![k])),
            Space::Items => {
                let lo = index_const(ctx, at, 0, loc);
                let hi = op1(ctx, at, par::QUEUE_SIZE, &[ops[0]], Type::Index, loc);
                let elem = conv(&element(ctx.value_type(ops[0])).unwrap_or(Type::Index));
                let items = op1(ctx, at, par::QUEUE_ITEMS, &[ops[0]], buf(&elem), loc);
                let l = loc.clone();
                (lo, hi, Box::new(move |ctx, at, k| vec![load(ctx, at, items, k, false, &l)]))
            }
            Space::OutEdges | Space::OutNbrs | Space::InEdges | Space::InNbrs => {
                let out = matches!(space, Space::OutEdges | Space::OutNbrs);
                let (g, v) = (ops[0], ops[1]);
                let off = self.array(ctx, g, if out { GraphArray::OutOffsets } else { GraphArray::InOffsets });
                let (lo, hi) = slice(ctx, at, off, v, loc);
                let l = loc.clone();
                let args: BodyArgs = match space {
                    Space::OutEdges => Box::new(|_, _, k| vec![k]),
                    Space::OutNbrs => {
                        let tgt = self.array(ctx, g, GraphArray::OutTargets);
                        Box::new(move |ctx, at, k| vec![load_index(ctx, at, tgt, k, &l), k])
                    }
                    Space::InEdges => {
                        let ids = self.array(ctx, g, GraphArray::InEdges);
                        Box::new(move |ctx, at, k| vec![load(ctx, at, ids, k, false, &l)])
                    }
                    _ => {
                        let ids = self.array(ctx, g, GraphArray::InEdges);
                        let srcs = self.array(ctx, g, GraphArray::InSources);
                        Box::new(move |ctx, at, k| {
                            vec![load_index(ctx, at, srcs, k, &l), load(ctx, at, ids, k, false, &l)]
                        })
                    }
                };
                (lo, hi, args)
            }
        }
    }

    /// Moves the body (and filter) of `op` into `blk` for the iteration with
    /// argument values `args`, ending it with `term`.
    fn emit_body(&mut self, ctx: &mut Context, op: OpId, blk: BlockId, args: &[Value], term: OpName, loc: &Location) {
        let (body, filter) = (ctx.region(op, 0), ctx.region(op, 1));
        let inline = |ctx: &mut Context, r: RegionId, dst: BlockId| -> Option<OpId> {
            let src = ctx.entry_block(r)?;
            for (a, v) in ctx.block_args(src).to_vec().into_iter().zip(args) {
                ctx.replace_all_uses(a, *v);
            }
            let t = ctx.last_op(src);
            ctx.splice_block(src, dst, None);
            t
        };
        match ctx.entry_block(filter) {
            Some(_) => {
                let yielded = inline(ctx, filter, blk).expect("filter");
                let cond = ctx.operand(yielded, 0);
                ctx.erase_op(yielded);
                let then_b = if_then(ctx, At::End(blk), cond, loc);
                if let Some(t) = inline(ctx, body, then_b) {
                    ctx.erase_op(t);
                }
                op0(ctx, At::End(then_b), scf::YIELD, &[], loc);
            }
            None => {
                if let Some(t) = inline(ctx, body, blk) {
                    ctx.erase_op(t);
                }
            }
        }
        op0(ctx, At::End(blk), term, &[], loc);
    }

    fn foreach(&mut self, ctx: &mut Context, op: OpId) {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let s = schedule_of(ctx, op).unwrap_or(LoopSchedule::SEQUENTIAL);
        let parallel = s.mapping != Mapping::Sequential && !self.scope.parallel;
        let pulled = if s.direction == Direction::Pull {
            Some(pullable(ctx, op, &s).expect("checked by the sched verifier"))
        } else {
            None
        };
        let bits = if s.frontier == Frontier::Bitmap {
            let Some(b) = self.frontier_bitmap(ctx, op, at, &loc) else { return };
            Some(b)
        } else {
            None
        };
        // What position k of the loop stands for, and its bounds.
        let (lo, hi, walk) = if let Some(inner) = pulled {
            let lo = index_const(ctx, at, 0, &loc);
            let hi = self.size(ctx, at, ctx.operand(inner, 0), "nodes", &loc);
            (lo, hi, Walk::Pull { inner, bits: bits.map(|b| b.0) })
        } else if let Some((b, n)) = bits {
            (index_const(ctx, at, 0, &loc), n, Walk::Members(b))
        } else if s.mapping == Mapping::Edge && parallel {
            let g = ctx.operand(op, 0);
            let lo = index_const(ctx, at, 0, &loc);
            let hi = self.size(ctx, at, g, "edges", &loc);
            (lo, hi, Walk::Edges(collapsible(ctx, op).expect("checked by the sched verifier")))
        } else {
            let (lo, hi, args) = self.space(ctx, op, at, &loc);
            (lo, hi, Walk::Args(args))
        };
        let one = index_const(ctx, at, 1, &loc);
        let after = |ctx: &Context, o: OpId| {
            ctx.next_op(o).map(At::Before).unwrap_or_else(|| At::End(ctx.parent_block(o).expect("block")))
        };
        if !parallel {
            let (r, blk) = new_body(ctx, &[Type::Index], &loc);
            let k = ctx.block_args(blk)[0];
            self.iteration(ctx, op, &walk, blk, k, scf::YIELD, &loc);
            let new = mk(ctx, at, OperationState::new(scf::FOR, loc.clone()).operands(&[lo, hi, one]).region(r));
            if let Some((b, _)) = bits {
                op0(ctx, after(ctx, new), par::FREE, &[b], &loc);
            }
            ctx.erase_op(op);
            self.block(ctx, blk);
            return;
        }
        // A parallel loop: one team, one work-shared loop.
        let saved = std::mem::take(&mut self.scope);
        self.scope.parallel = true;
        self.scope.iteration = Some(op);
        self.scope.reduced = reduced_containers(ctx, op);
        self.scope.buffered = s.pushes == Pushes::Buffered;
        // The loop whose first argument is the node each thread owns.
        let owning = match pulled {
            Some(inner) if space_of(ctx, inner) == Some(Space::OutNbrs) => Some(inner),
            None if s.mapping == Mapping::Thread && space_of(ctx, op) == Some(Space::Nodes) => Some(op),
            _ => None,
        };
        if let Some(b) = owning.and_then(|l| ctx.entry_block(ctx.region(l, 0))) {
            self.scope.owned = single_writer_props(ctx, op, ctx.block_args(b)[0]);
        }
        self.make_locks(ctx, op, at, &loc);
        let (pr, pb) = new_body(ctx, &[], &loc);
        let privatized: Vec<(Value, String)> = if s.reduction == Reduction::Privatize {
            strata_sched_dialect::legality::shared_scalars(ctx, op)
                .into_iter()
                .map(|(v, _)| (v, reduce_kind_of(ctx, op, v)))
                .collect()
        } else {
            Vec::new()
        };
        for (shared, kind) in &privatized {
            let t = conv(ctx.value_type(*shared));
            let e = strata_par_dialect::types::buf_element(&t).expect("buffer");
            let l = op1(ctx, At::End(pb), par::LOCAL, &[], t, &loc);
            let n = constant(ctx, At::End(pb), neutral(kind, &e), e, &loc);
            let z = index_const(ctx, At::End(pb), 0, &loc);
            store(ctx, At::End(pb), n, l, z, &loc);
            self.scope.private_copies.insert(*shared, l);
        }
        let (fr, fb) = new_body(ctx, &[Type::Index], &loc);
        let k = ctx.block_args(fb)[0];
        self.iteration(ctx, op, &walk, fb, k, par::YIELD, &loc);
        let st = OperationState::new(par::FOR, loc.clone())
            .operands(&[lo, hi, one])
            .prop("dist", Attribute::string(s.dist.keyword()))
            .prop("chunk", Attribute::int(i128::from(s.chunk), Type::i64()))
            .region(fr);
        mk(ctx, At::End(pb), st);
        for (shared, kind) in &privatized {
            let l = self.scope.private_copies[shared];
            let z = index_const(ctx, At::End(pb), 0, &loc);
            let v = load(ctx, At::End(pb), l, z, false, &loc);
            let t = ctx.value_type(v).clone();
            mk(
                ctx,
                At::End(pb),
                OperationState::new(par::ATOMIC_RMW, loc.clone())
                    .operands(&[v, *shared, z])
                    .prop("kind", Attribute::string(kind))
                    .results(&[t]),
            );
        }
        op0(ctx, At::End(pb), par::YIELD, &[], &loc);
        let par = mk(ctx, at, OperationState::new(par::PARALLEL, loc.clone()).region(pr));
        ctx.erase_op(op);
        self.block(ctx, fb);
        let freed: Vec<Value> = self.scope.locks.values().copied().chain(bits.map(|b| b.0)).collect();
        for l in freed {
            op0(ctx, after(ctx, par), par::FREE, &[l], &loc);
        }
        self.scope = saved;
    }

    /// Fills `blk` with the iteration at position `k` of the loop `op`,
    /// ending it with `term`.
    #[allow(clippy::too_many_arguments)]
    fn iteration(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        walk: &Walk,
        blk: BlockId,
        k: Value,
        term: OpName,
        loc: &Location,
    ) {
        match walk {
            Walk::Args(args) => {
                let vals = args(ctx, At::End(blk), k);
                self.emit_body(ctx, op, blk, &vals, term, loc);
            }
            Walk::Members(bits) => {
                let then_b = guarded(ctx, At::End(blk), *bits, k, loc);
                self.emit_body(ctx, op, then_b, &[k], scf::YIELD, loc);
                op0(ctx, At::End(blk), term, &[], loc);
            }
            Walk::Edges(inner) => {
                // Edge k runs the outer body for its source (its target when
                // the inner loop walks in-edges), then the neighbour loop
                // once, for k and the other end.
                let g = ctx.operand(op, 0);
                let space = space_of(ctx, *inner);
                let out = matches!(space, Some(Space::OutNbrs | Space::OutEdges));
                let (node_ends, other_ends) = if out {
                    (GraphArray::EdgeSources, GraphArray::OutTargets)
                } else {
                    (GraphArray::OutTargets, GraphArray::EdgeSources)
                };
                let ends = self.array(ctx, g, node_ends);
                let v = load_index(ctx, At::End(blk), ends, k, loc);
                self.emit_body(ctx, op, blk, &[v], term, loc);
                let iat = At::Before(*inner);
                let ivals = if matches!(space, Some(Space::OutNbrs | Space::InNbrs)) {
                    let others = self.array(ctx, g, other_ends);
                    vec![load_index(ctx, iat, others, k, loc), k]
                } else {
                    vec![k]
                };
                self.inline_loop(ctx, *inner, &ivals, loc);
            }
            Walk::Pull { inner, bits } => {
                // Node k gathers over its in-edges (source v, edge e): the
                // outer body runs for v, the neighbour loop once, for e.
                let g = ctx.operand(*inner, 0);
                let off = self.array(ctx, g, GraphArray::InOffsets);
                let srcs = self.array(ctx, g, GraphArray::InSources);
                let ids = self.array(ctx, g, GraphArray::InEdges);
                let (lo, hi) = slice(ctx, At::End(blk), off, k, loc);
                let one = index_const(ctx, At::End(blk), 1, loc);
                let (r, eb) = new_body(ctx, &[Type::Index], loc);
                let j = ctx.block_args(eb)[0];
                let v = load_index(ctx, At::End(eb), srcs, j, loc);
                let e = load(ctx, At::End(eb), ids, j, false, loc);
                let body_b = match bits {
                    Some(b) => {
                        let then_b = guarded(ctx, At::End(eb), *b, v, loc);
                        op0(ctx, At::End(eb), scf::YIELD, &[], loc);
                        then_b
                    }
                    None => eb,
                };
                self.emit_body(ctx, op, body_b, &[v], scf::YIELD, loc);
                let ivals = if space_of(ctx, *inner) == Some(Space::OutNbrs) { vec![k, e] } else { vec![e] };
                self.inline_loop(ctx, *inner, &ivals, loc);
                mk(ctx, At::End(blk), OperationState::new(scf::FOR, loc.clone()).operands(&[lo, hi, one]).region(r));
                op0(ctx, At::End(blk), term, &[], loc);
            }
        }
    }

    /// Replaces the loop `inner` by its body, run once with arguments `vals`.
    fn inline_loop(&mut self, ctx: &mut Context, inner: OpId, vals: &[Value], loc: &Location) {
        let iat = At::Before(inner);
        let tru = constant(ctx, iat, Attribute::Bool(true), Type::i1(), loc);
        let tb = if_then(ctx, iat, tru, loc);
        self.emit_body(ctx, inner, tb, vals, scf::YIELD, loc);
        ctx.erase_op(inner);
    }

    /// Lock arrays for the `graph.single`s and `graph.reduce_arg`s of a round, zeroed.
    fn make_locks(&mut self, ctx: &mut Context, op: OpId, at: At, loc: &Location) {
        let mut kinds: Vec<(&'static str, Option<Value>)> = Vec::new();
        ctx.walk_pre(op, &mut |o| match ctx.op_kind(o) {
            graph::SINGLE => {
                let edge = ctx.operands(o).get(1).is_some_and(|v| is_edge(ctx.value_type(*v)));
                let k = if edge { "edges" } else { "nodes" };
                if !kinds.iter().any(|(n, _)| *n == k) {
                    kinds.push((k, Some(ctx.operand(o, 0))));
                }
            }
            graph::REDUCE_ARG if !kinds.iter().any(|(n, _)| *n == "stripes") => kinds.push(("stripes", None)),
            _ => {}
        });
        let saved = self.scope.parallel;
        self.scope.parallel = false;
        for (k, g) in kinds {
            let n = match g {
                Some(g) => self.size(ctx, at, g, k, loc),
                None => index_const(ctx, at, 4096, loc),
            };
            let l = op1(ctx, at, par::ALLOC, &[n], buf(&Type::int(32)), loc);
            let zero = constant(ctx, at, Attribute::int(0, Type::int(32)), Type::int(32), loc);
            self.fill(ctx, at, l, n, &|_| zero, loc);
            self.scope.locks.insert(k, l);
        }
        self.scope.parallel = saved;
    }

    fn single(&mut self, ctx: &mut Context, op: OpId) {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let keys: Vec<Value> = ctx.operands(op)[1..].to_vec();
        let edge = is_edge(ctx.value_type(keys[0]));
        let (locked, other) = (ctx.region(op, 0), ctx.region(op, 1));
        if !self.scope.parallel {
            // Outside a parallel loop nobody else holds a lock: the first region runs.
            if let Some(b) = ctx.entry_block(locked) {
                if let Some(t) = ctx.last_op(b) {
                    ctx.erase_op(t);
                }
                let moved = ctx.block_ops(b);
                ctx.splice_block(b, ctx.parent_block(op).expect("block"), Some(op));
                for o in moved {
                    self.op(ctx, o);
                }
            }
            ctx.erase_op(op);
            return;
        }
        let Some(&locks) = self.scope.locks.get(if edge { "edges" } else { "nodes" }) else {
            return self.error(ctx, op, "'graph.single' in a function called from a parallel loop cannot reach the round's locks; inline the call");
        };
        // Sort the keys (a network of min/max), then take the locks in order;
        // a key equal to the previous one is already held.
        let mut ks = keys.clone();
        for i in 0..ks.len() {
            for j in 0..ks.len().saturating_sub(i + 1) {
                let (a, b) = (ks[j], ks[j + 1]);
                ks[j] = op1(ctx, at, arith::MINUI, &[a, b], Type::Index, &loc);
                ks[j + 1] = op1(ctx, at, arith::MAXUI, &[a, b], Type::Index, &loc);
            }
        }
        let f = self.helper(ctx, Helper::TryLock);
        let mut ok = constant(ctx, at, Attribute::Bool(true), Type::i1(), &loc);
        for (i, &k) in ks.iter().enumerate() {
            let (tr, tb) = new_body(ctx, &[], &loc);
            let got = if i > 0 {
                let same = cmpi(ctx, At::End(tb), "eq", k, ks[i - 1], &loc);
                let (sr, sb) = new_body(ctx, &[], &loc);
                op0(ctx, At::End(sb), scf::YIELD, &[same], &loc);
                let (lr, lb) = new_body(ctx, &[], &loc);
                let c = self.call(ctx, At::End(lb), &f, &[locks, k], &[Type::i1()], &loc);
                let r = ctx.result(c, 0);
                op0(ctx, At::End(lb), scf::YIELD, &[r], &loc);
                let o = mk(
                    ctx,
                    At::End(tb),
                    OperationState::new(scf::IF, loc.clone())
                        .operands(&[same])
                        .results(&[Type::i1()])
                        .region(sr)
                        .region(lr),
                );
                ctx.result(o, 0)
            } else {
                let c = self.call(ctx, At::End(tb), &f, &[locks, k], &[Type::i1()], &loc);
                ctx.result(c, 0)
            };
            op0(ctx, At::End(tb), scf::YIELD, &[got], &loc);
            let (er, eb) = new_body(ctx, &[], &loc);
            let no = constant(ctx, At::End(eb), Attribute::Bool(false), Type::i1(), &loc);
            op0(ctx, At::End(eb), scf::YIELD, &[no], &loc);
            let o = mk(
                ctx,
                at,
                OperationState::new(scf::IF, loc.clone()).operands(&[ok]).results(&[Type::i1()]).region(tr).region(er),
            );
            ok = ctx.result(o, 0);
        }
        let (tr, tb) = (ctx.create_region(), ctx.create_region());
        ctx.move_region_blocks(locked, tr, 0);
        ctx.move_region_blocks(other, tb, 0);
        for r in [tr, tb] {
            if let Some(b) = ctx.entry_block(r) {
                if let Some(t) = ctx.last_op(b).filter(|t| ctx.op_name(*t) == graph::YIELD) {
                    ctx.erase_op(t);
                }
                op0(ctx, At::End(b), scf::YIELD, &[], &loc);
            }
        }
        let new = mk(ctx, at, OperationState::new(scf::IF, loc.clone()).operands(&[ok]).region(tr).region(tb));
        ctx.erase_op(op);
        self.regions_of(ctx, new);
    }

    fn iterate(&mut self, ctx: &mut Context, op: OpId) {
        let loc = ctx.op_loc(op).clone();
        let q = ctx.operand(op, 0);
        let inits = ctx.operands(op)[1..].to_vec();
        let types: Vec<Type> = inits.iter().map(|v| ctx.value_type(*v).clone()).collect();
        let (before, bb) = new_body(ctx, &types, &loc);
        let more = op1(ctx, At::End(bb), par::QUEUE_ADVANCE, &[q], Type::i1(), &loc);
        let mut cond_ops = vec![more];
        cond_ops.extend(ctx.block_args(bb).to_vec());
        op0(ctx, At::End(bb), scf::CONDITION, &cond_ops, &loc);
        let after = ctx.create_region();
        ctx.move_region_blocks(ctx.region(op, 0), after, 0);
        let ab = ctx.entry_block(after).expect("body");
        let t = ctx.last_op(ab).expect("terminator");
        let vals = ctx.operands(t).to_vec();
        ctx.erase_op(t);
        op0(ctx, At::End(ab), scf::YIELD, &vals, &loc);
        replace_with_while(ctx, op, &inits, &types, before, after, &loc);
        self.block(ctx, ab);
    }

    fn fixpoint(&mut self, ctx: &mut Context, op: OpId) {
        let loc = ctx.op_loc(op).clone();
        let inits = ctx.operands(op).to_vec();
        let types: Vec<Type> = inits.iter().map(|v| ctx.value_type(*v).clone()).collect();
        let before = ctx.create_region();
        ctx.move_region_blocks(ctx.region(op, 0), before, 0);
        let bb = ctx.entry_block(before).expect("body");
        let t = ctx.last_op(bb).expect("terminator");
        let vals = ctx.operands(t).to_vec();
        ctx.erase_op(t);
        op0(ctx, At::End(bb), scf::CONDITION, &vals, &loc);
        let (after, ab) = new_body(ctx, &types, &loc);
        let args = ctx.block_args(ab).to_vec();
        op0(ctx, At::End(ab), scf::YIELD, &args, &loc);
        replace_with_while(ctx, op, &inits, &types, before, after, &loc);
        self.block(ctx, bb);
    }
}

/// Replaces `op` (a round loop with results) by an `scf.while` with the
/// given initial values, result types and regions.
fn replace_with_while(
    ctx: &mut Context,
    op: OpId,
    inits: &[Value],
    types: &[Type],
    before: RegionId,
    after: RegionId,
    loc: &Location,
) {
    let new = mk(
        ctx,
        At::Before(op),
        OperationState::new(scf::WHILE, loc.clone()).operands(inits).results(types).region(before).region(after),
    );
    for (o, n) in ctx.results(op).to_vec().into_iter().zip(ctx.results(new).to_vec()) {
        ctx.replace_all_uses(o, n);
    }
    ctx.erase_op(op);
}

/// An `scf.if` on `cond` at `at`, without an else branch; returns its body
/// block, which the caller fills and ends.
fn if_then(ctx: &mut Context, at: At, cond: Value, loc: &Location) -> BlockId {
    let (r, b) = new_body(ctx, &[], loc);
    let empty = ctx.create_region();
    mk(ctx, at, OperationState::new(scf::IF, loc.clone()).operands(&[cond]).region(r).region(empty));
    b
}

/// An `scf.if` at `at` on flag `i` of `bits`; returns its body block, which
/// the caller ends.
fn guarded(ctx: &mut Context, at: At, bits: Value, i: Value, loc: &Location) -> BlockId {
    let c = load(ctx, at, bits, i, false, loc);
    if_then(ctx, at, c, loc)
}

/// The node properties only the thread that runs node `owner` writes in the
/// loop `op`: reduced there at `owner` alone and otherwise only loaded (a
/// store, a `graph.reduce_arg`, a call or a reduction at another index
/// disqualifies a property). Each thread of a `thread`-mapped loop over
/// nodes owns its node; each thread of a pulled loop owns its target node.
fn single_writer_props(ctx: &Context, op: OpId, owner: Value) -> HashSet<Value> {
    let (mut out, mut other) = (HashSet::new(), HashSet::new());
    ctx.walk_pre(op, &mut |o| {
        let name = ctx.op_kind(o);
        for (i, &x) in ctx.operands(o).iter().enumerate() {
            if !matches!(classify(ctx.value_type(x)), Some(GraphType::NodeProp(_))) {
                continue;
            }
            if name == graph::REDUCE && i == 1 && ctx.operands(o).get(2) == Some(&owner) {
                out.insert(x);
            } else if name != graph::LOAD {
                other.insert(x);
            }
        }
    });
    out.retain(|t| !other.contains(t) && !ctx.defining_op(*t).is_some_and(|d| ctx.is_ancestor(op, d)));
    out
}

/// Containers defined outside `op` that its iterations reduce or push into.
fn reduced_containers(ctx: &Context, op: OpId) -> HashSet<Value> {
    let mut out = HashSet::new();
    ctx.walk_pre(op, &mut |o| {
        let target = match ctx.op_kind(o) {
            graph::REDUCE => ctx.operands(o).get(1).copied(),
            graph::REDUCE_ARG => ctx.operands(o).get(2).copied(),
            _ => None,
        };
        if let Some(t) = target {
            if !ctx.defining_op(t).is_some_and(|d| ctx.is_ancestor(op, d)) {
                out.insert(t);
            }
            if ctx.op_name(o) == graph::REDUCE_ARG {
                out.insert(ctx.operand(o, 3));
            }
        }
    });
    out
}

/// The kind of the reductions into `target` inside `op` (legality made them one).
fn reduce_kind_of(ctx: &Context, op: OpId, target: Value) -> String {
    let mut kind = String::from("add");
    ctx.walk_pre(op, &mut |o| {
        if ctx.op_name(o) == graph::REDUCE && ctx.operand(o, 1) == target {
            kind = ctx.prop(o, "kind").and_then(|a| a.as_str()).unwrap_or("add").to_string();
        }
    });
    kind
}
