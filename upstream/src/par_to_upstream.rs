//! A module at the `par` level in upstream MLIR's dialects, for
//! `graph-opt --emit=upstream-mlir`: what upstream verifies, lowers to the
//! LLVM dialect with its own passes and runs.
//!
//! | this compiler | upstream |
//! |---|---|
//! | `!par.buf<T>` | `memref<?xT>` (`i1` kept as an `i8` of 0 or -1, `index` as `i64`) |
//! | `!par.queue<index>` | `memref<5xmemref<?xi64>>`, run by private functions ([`queue`]) |
//! | a `!graph.graph` argument | twelve arguments: the node and edge counts (`index`), whether the graph is symmetric (`i1`), then the arrays in [`GraphArray::ALL`]'s order (`memref<?xi64>` offsets and edge numbers, `memref<?xi32>` node ids, `memref<?xi64>` weights, `memref<?xi32>` the nodes by degree) |
//! | `par.parallel`, `par.for {dist, chunk}`, `par.barrier` | `omp.parallel`, `omp.wsloop schedule(static\|dynamic = chunk)` with `omp.loop_nest`, `omp.barrier` |
//! | `par.thread_id`, `par.num_threads` | calls of OpenMP's `omp_get_thread_num`, `omp_get_num_threads` |
//! | `par.alloc`, `par.local`, `par.free` | `memref.alloc`, `memref.alloca`, `memref.dealloc` |
//! | `par.load`, `par.store` | `memref.load`, `memref.store`; `{atomic}`: a `monotonic` `llvm.load` or `llvm.store` of the element's address |
//! | `par.atomic_rmw` | `memref.atomic_rmw` where upstream has the kind, else `memref.generic_atomic_rmw` |
//! | `par.cmpxchg` | `memref.generic_atomic_rmw` storing the new value where the old one is the expected one |
//! | `par.check_index` | `cf.assert` |
//!
//! `arith`, `cf`, `func` and `scf` operations stay as they are. Anything
//! else (the `graph` and `sched` levels, other dialects) is an error at the
//! operation.

pub mod ops;
pub mod queue;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use strata_std::arith::CmpiPredicate;

use strata_abi::GraphArray;
use strata_ir::builder::{Builder, InsertPoint};
use strata_ir::func::build::{call, declaration};
use strata_ir::func::op as func;
use strata_ir::types::FunctionType;
use strata_ir::{Attribute, Context, Diagnostic, Location, OpId, Type, Value};
use strata_par_dialect::abi::graph_array_of;
use strata_par_dialect::op::{self as par, ParOp};
use strata_par_dialect::types::{buf_element, queue_element};
use strata_par_dialect::view::{self, RmwKind};
use strata_std::arith::op as arith;
use strata_std::build::arith::{binary, boolean, cmpi, constant, index};

use ops::RmwKind as UpstreamRmw;
use queue::{queue_type, QueueFn};

/// The dialects whose operations stay as they are.
const KEPT: [&str; 5] = ["builtin", "func", "arith", "cf", "scf"];

/// OpenMP's functions for a thread's number and its team's size.
const THREAD_NUM: &str = "omp_get_thread_num";
const NUM_THREADS: &str = "omp_get_num_threads";

/// Rewrites `module` (at the `par` level) into upstream's dialects in place.
pub fn convert(ctx: &mut Context, module: OpId) -> Result<(), Vec<Diagnostic>> {
    check(ctx, module)?;
    let mut conversion = Conversion::default();
    let funcs: Vec<OpId> = module_ops(ctx, module).into_iter().filter(|o| ctx.isa(*o, func::FUNC)).collect();
    for &f in &funcs {
        conversion.expand_graph_arguments(ctx, f);
    }
    let mut all = Vec::new();
    ctx.walk_pre(module, &mut |o| all.push(o));
    for &op in &all {
        conversion.convert_types(ctx, op);
    }
    let mut errors = Vec::new();
    // Terminators first: they are told apart by the operation around them,
    // which is rewritten next.
    let (yields, rest): (Vec<OpId>, Vec<OpId>) = all.into_iter().partition(|o| ctx.isa(*o, par::YIELD));
    for op in yields.into_iter().chain(rest) {
        if let Err(e) = conversion.convert_op(ctx, op) {
            errors.push(e);
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for &f in &funcs {
        conversion.drop_graph_arguments(ctx, f);
    }
    conversion.add_functions(ctx, module);
    keep_private_functions_local(ctx, module);
    Ok(())
}

/// Gives private functions with a body LLVM's internal linkage, which
/// upstream's lowering reads from `llvm.linkage`: programs exported apart
/// (each with its own queue functions and helpers) link together.
fn keep_private_functions_local(ctx: &mut Context, module: OpId) {
    for f in module_ops(ctx, module) {
        let private = func::Func::of(ctx, f).is_some_and(|f| f.sym_visibility(ctx).as_deref() == Some("private"));
        if private && !strata_ir::func::is_declaration(ctx, f) {
            ctx.set_attr(f, "llvm.linkage", Attribute::dialect("llvm", "linkage<internal>"));
        }
    }
}

fn module_ops(ctx: &Context, module: OpId) -> Vec<OpId> {
    ctx.region_blocks(ctx.region(module, 0)).iter().flat_map(|b| ctx.block_ops(*b)).collect()
}

fn is_graph(t: &Type) -> bool {
    t.is_dialect_type("graph", "graph")
}

/// Every operation has an upstream counterpart, every queue holds `index`
/// items, and graphs are only functions' arguments, read by
/// `par.graph_size` and `par.graph_array` and passed to calls.
fn check(ctx: &Context, module: OpId) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    ctx.walk_pre(module, &mut |op| {
        let name = ctx.op_name(op);
        let dialect = name.split_once('.').map_or("", |(d, _)| d);
        if matches!(dialect, "graph" | "sched") {
            errors.push(error(ctx, op, "is above the par level: lower the module first (--target=cpu)"));
        } else if dialect != par::DIALECT && !KEPT.contains(&dialect) {
            errors.push(error(ctx, op, "has no counterpart in upstream MLIR's dialects"));
        }
        for &v in ctx.results(op) {
            let t = ctx.value_type(v);
            if queue_element(t).is_some_and(|e| e != Type::Index) {
                errors.push(error(
                    ctx,
                    op,
                    format!("makes a queue of {t}: only queues of index have an upstream form"),
                ));
            }
            if is_graph(t) {
                errors.push(error(
                    ctx,
                    op,
                    "makes a graph: a graph has an upstream form only as a function's argument",
                ));
            }
        }
        for &r in ctx.regions(op) {
            for &b in ctx.region_blocks(r) {
                let entry_of_function = ctx.isa(op, func::FUNC) && ctx.entry_block(r) == Some(b);
                if !entry_of_function && ctx.block_args(b).iter().any(|a| is_graph(ctx.value_type(*a))) {
                    errors.push(error(
                        ctx,
                        op,
                        "has a graph block argument: a graph has an upstream form only as a function's argument",
                    ));
                }
            }
        }
        let reads_graph = [par::GRAPH_SIZE, par::GRAPH_SYMMETRIC, par::GRAPH_ARRAY, func::CALL].iter().any(|k| ctx.isa(op, *k));
        if !reads_graph && ctx.operands(op).iter().any(|v| is_graph(ctx.value_type(*v))) {
            errors.push(error(
                ctx,
                op,
                "uses a graph: upstream's form of a graph is read by par.graph_size, par.graph_symmetric, par.graph_array and calls only",
            ));
        }
        if ctx.isa(op, func::FUNC) {
            if let Some(ft) = strata_ir::func::function_type(ctx, op) {
                if ft.results.iter().any(is_graph) {
                    errors.push(error(
                        ctx,
                        op,
                        "returns a graph: a graph has an upstream form only as a function's argument",
                    ));
                }
            }
        }
    });
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn error(ctx: &Context, op: OpId, what: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(located(ctx, op), format!("cannot write '{}' in upstream dialects: it {what}", ctx.op_name(op)))
}

/// Where to report about `op`: its location, or the nearest enclosing one
/// in a file.
fn located(ctx: &Context, op: OpId) -> Location {
    ctx.reporting_loc(op).clone()
}

/// The upstream type of a value of type `t` (graphs are expanded apart).
fn convert_type(t: &Type) -> Type {
    if let Some(e) = buf_element(t) {
        return buffer_type(&e);
    }
    if queue_element(t).is_some() {
        return queue_type();
    }
    t.clone()
}

/// The parts of a graph before its arrays: the node and edge counts and
/// whether it is symmetric.
const GRAPH_SCALAR_PARTS: usize = 3;

/// The types a graph argument becomes.
fn graph_types() -> Vec<Type> {
    let mut types = vec![Type::Index, Type::Index, Type::i1()];
    types.extend(GraphArray::ALL.iter().map(|a| buffer_type(&strata_par_dialect::abi::ir_type(a.element()))));
    types
}

/// The memref a buffer of `element`s becomes.
fn buffer_type(element: &Type) -> Type {
    ops::vector_of(storage_type(element))
}

/// How an element of type `t` is kept in a memref.
fn storage_type(t: &Type) -> Type {
    match t {
        Type::Index => Type::i64(),
        t if *t == Type::i1() => Type::int(8),
        t => t.clone(),
    }
}

/// `v` as kept in memory.
fn to_storage(b: &mut Builder<'_>, v: Value) -> Value {
    let t = b.ctx().value_type(v).clone();
    match t {
        Type::Index => b.op1(arith::INDEX_CAST, &[v], Type::i64()),
        t if t == Type::i1() => b.op1(arith::EXTSI, &[v], Type::int(8)),
        _ => v,
    }
}

/// A value read from memory as a value of type `t`.
fn from_storage(b: &mut Builder<'_>, v: Value, t: &Type) -> Value {
    match t {
        Type::Index => b.op1(arith::INDEX_CAST, &[v], Type::Index),
        t if *t == Type::i1() => b.op1(arith::TRUNCI, &[v], Type::i1()),
        _ => v,
    }
}

#[derive(Default)]
struct Conversion {
    /// The arguments each graph argument became.
    graphs: HashMap<Value, Vec<Value>>,
    /// The functions whose arguments were replaced, with the number of old
    /// ones (first in the entry block).
    replaced_arguments: HashMap<OpId, usize>,
    /// The queue functions the module calls.
    queue_fns: BTreeSet<QueueFn>,
    /// The OpenMP functions the module calls.
    openmp_fns: BTreeSet<&'static str>,
}

impl Conversion {
    /// Gives a function's entry block upstream's arguments: every argument
    /// again, a graph as its ten. The old ones go once nothing uses them
    /// ([`Conversion::drop_graph_arguments`]).
    fn expand_graph_arguments(&mut self, ctx: &mut Context, f: OpId) {
        let Some(entry) = ctx.entry_block(ctx.region(f, 0)) else { return };
        let old = ctx.block_args(entry).to_vec();
        if !old.iter().any(|a| is_graph(ctx.value_type(*a))) {
            return;
        }
        self.replaced_arguments.insert(f, old.len());
        for a in old {
            let (t, loc) = (ctx.value_type(a).clone(), ctx.value_loc(a).clone());
            if is_graph(&t) {
                let parts = graph_types().into_iter().map(|t| ctx.add_block_arg(entry, t, loc.clone())).collect();
                self.graphs.insert(a, parts);
            } else {
                let new = ctx.add_block_arg(entry, t, loc);
                ctx.replace_all_uses(a, new);
            }
        }
    }

    /// Removes a function's old arguments, once nothing uses them.
    fn drop_graph_arguments(&mut self, ctx: &mut Context, f: OpId) {
        let Some(&count) = self.replaced_arguments.get(&f) else { return };
        let entry = ctx.entry_block(ctx.region(f, 0)).expect("an expanded function has a body");
        for _ in 0..count {
            ctx.erase_block_arg(entry, 0);
        }
    }

    /// Upstream's types for `op`'s results and its regions' arguments, and
    /// for a function's signature.
    fn convert_types(&self, ctx: &mut Context, op: OpId) {
        let mut values: Vec<Value> = ctx.results(op).to_vec();
        for &r in ctx.regions(op) {
            for &b in ctx.region_blocks(r) {
                values.extend(ctx.block_args(b).iter().filter(|a| !is_graph(ctx.value_type(**a))));
            }
        }
        for v in values {
            let t = convert_type(ctx.value_type(v));
            ctx.set_value_type(v, t);
        }
        if ctx.isa(op, func::FUNC) {
            if let Some(ft) = strata_ir::func::function_type(ctx, op).cloned() {
                let converted = FunctionType {
                    inputs: ft
                        .inputs
                        .iter()
                        .flat_map(|t| if is_graph(t) { graph_types() } else { vec![convert_type(t)] })
                        .collect(),
                    results: ft.results.iter().map(convert_type).collect(),
                };
                ctx.set_prop(op, "function_type", Attribute::Type(Type::Function(Arc::new(converted))));
            }
        }
    }

    fn convert_op(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        if ctx.isa(op, func::CALL) {
            let operands = ctx.operands(op).to_vec();
            if operands.iter().any(|v| self.graphs.contains_key(v)) {
                let expanded: Vec<Value> =
                    operands.iter().flat_map(|v| self.graphs.get(v).cloned().unwrap_or_else(|| vec![*v])).collect();
                ctx.set_operands(op, &expanded);
            }
            return Ok(());
        }
        let Some(p) = ParOp::of(ctx, op) else { return Ok(()) };
        let loc = ctx.op_loc(op).clone();
        let mut b = Builder::new(ctx, InsertPoint::Before(op), loc.clone());
        let results: Vec<Value> = match p {
            ParOp::Yield(_) => {
                let parent = b.ctx().parent_op(op).expect("a par.yield is in an operation");
                let end = if b.ctx().isa(parent, par::FOR) { ops::omp::YIELD } else { ops::omp::TERMINATOR };
                b.op0(end, &[]);
                Vec::new()
            }
            ParOp::Parallel(_) => {
                let body = take_region(b.ctx_mut(), op);
                ops::parallel(&mut b, body);
                Vec::new()
            }
            ParOp::For(l) => {
                let bounds = [l.lower(b.ctx()), l.upper(b.ctx()), l.step(b.ctx())];
                let (dist, chunk) = (l.dist(b.ctx()), l.chunk(b.ctx()));
                let chunk = index(&mut b, chunk as i128);
                let body = take_region(b.ctx_mut(), op);
                ops::wsloop(&mut b, dist, chunk, bounds, body);
                Vec::new()
            }
            ParOp::Barrier(_) => {
                ops::barrier(&mut b);
                Vec::new()
            }
            // A CPU thread is a block of one: its shared buffer is its own.
            ParOp::BlockBarrier(_) => Vec::new(),
            ParOp::Shared(s) => {
                let t = b.ctx().value_type(s.buffer(b.ctx())).clone();
                let n = s.size(b.ctx()).max(1);
                let storage = ops::alloca(&mut b, &ops::memref_type(n, ops::element_of(&t)));
                vec![ops::erase_size(&mut b, storage)]
            }
            // A CPU thread is a subgroup and a block of its own.
            ParOp::SubgroupSize(_) | ParOp::BlockSize(_) => vec![index(&mut b, 1)],
            ParOp::LaneId(_) | ParOp::BlockThreadId(_) => vec![index(&mut b, 0)],
            // Its own value; no thread before it: the neutral value.
            ParOp::SubgroupReduce(r) => vec![r.value(b.ctx())],
            ParOp::BlockReduce(r) => vec![r.value(b.ctx())],
            ParOp::SubgroupShuffle(s) => vec![s.value(b.ctx())],
            // Its own vote, as bit 0.
            ParOp::SubgroupBallot(ballot) => {
                let vote = ballot.value(b.ctx());
                vec![b.op1(strata_std::arith::op::EXTUI, &[vote], Type::i64())]
            }
            ParOp::SubgroupScan(scan) => {
                let (value, kind) = (scan.value(b.ctx()), scan.kind(b.ctx()));
                vec![neutral(&mut b, value, kind)]
            }
            ParOp::BlockScan(scan) => {
                let (value, kind) = (scan.value(b.ctx()), scan.kind(b.ctx()));
                vec![neutral(&mut b, value, kind)]
            }
            ParOp::ThreadId(_)
            | ParOp::NumThreads(_)
            | ParOp::SubgroupId(_)
            | ParOp::NumSubgroups(_)
            | ParOp::BlockId(_)
            | ParOp::NumBlocks(_) => {
                let name = if matches!(p, ParOp::ThreadId(_) | ParOp::SubgroupId(_) | ParOp::BlockId(_)) {
                    THREAD_NUM
                } else {
                    NUM_THREADS
                };
                self.openmp_fns.insert(name);
                let n = call(&mut b, name, &[], &[Type::i32()])[0];
                vec![b.op1(arith::INDEX_CAST, &[n], Type::Index)]
            }
            ParOp::GraphSize(s) => {
                let parts = &self.graphs[&s.graph(b.ctx())];
                vec![parts[if s.counted(b.ctx()) == view::SizeOf::Nodes { 0 } else { 1 }]]
            }
            ParOp::GraphSymmetric(_) => vec![self.graphs[&par::GraphSymmetric(op).graph(b.ctx())][2]],
            ParOp::GraphArray(_) => {
                let graph = par::GraphArrayOp(op).graph(b.ctx());
                let array = graph_array_of(b.ctx(), op).expect("the verifier checked the array's name");
                vec![self.graphs[&graph][GRAPH_SCALAR_PARTS + array.position()]]
            }
            ParOp::CheckIndex(c) => {
                let (i, n, counted) = (c.index(b.ctx()), c.count(b.ctx()), c.counted(b.ctx()));
                let ok = cmpi(&mut b, CmpiPredicate::Ult, i, n);
                let at = located(b.ctx(), op).short();
                let (one, owner) = (counted.singular(), counted.owner());
                let message = format!("{at}: error: {one} out of range (the {owner} has fewer {one}s)");
                strata_std::build::cf::assert(&mut b, ok, &message);
                Vec::new()
            }
            ParOp::Alloc(a) => {
                let (n, t) = (a.size(b.ctx()), b.ctx().value_type(a.buffer(b.ctx())).clone());
                vec![ops::alloc(&mut b, &t, Some(n))]
            }
            ParOp::Local(l) => {
                let t = b.ctx().value_type(l.buffer(b.ctx())).clone();
                let n = l.size(b.ctx()).unwrap_or(1);
                let storage = ops::alloca(&mut b, &ops::memref_type(n, ops::element_of(&t)));
                vec![ops::erase_size(&mut b, storage)]
            }
            ParOp::Free(_) => {
                let storage = par::Free(op).storage(b.ctx());
                if *b.ctx().value_type(storage) == queue_type() {
                    self.queue_call(&mut b, QueueFn::Free, &[storage]);
                } else {
                    ops::dealloc(&mut b, storage);
                }
                Vec::new()
            }
            ParOp::Load(l) => {
                let (m, i, t) = (l.buffer(b.ctx()), l.index(b.ctx()), b.ctx().value_type(l.value(b.ctx())).clone());
                let v = if l.atomic(b.ctx()) { ops::atomic_load(&mut b, m, i) } else { ops::load(&mut b, m, i) };
                vec![from_storage(&mut b, v, &t)]
            }
            ParOp::Store(s) => {
                let (v, m, i) = (s.value(b.ctx()), s.buffer(b.ctx()), s.index(b.ctx()));
                let v = to_storage(&mut b, v);
                if s.atomic(b.ctx()) {
                    ops::atomic_store(&mut b, v, m, i);
                } else {
                    ops::store(&mut b, v, m, i);
                }
                Vec::new()
            }
            ParOp::AtomicRmw(_) => vec![atomic_rmw(&mut b, op)],
            ParOp::Cmpxchg(c) => {
                let (m, i) = (c.buffer(b.ctx()), c.index(b.ctx()));
                let t = b.ctx().value_type(c.expected(b.ctx())).clone();
                let (expected, new) = (c.expected(b.ctx()), c.new(b.ctx()));
                let (expected, new) = (to_storage(&mut b, expected), to_storage(&mut b, new));
                let old = ops::generic_atomic_rmw(&mut b, m, i, |b, current| {
                    let equal = cmpi(b, CmpiPredicate::Eq, current, expected);
                    let ty = b.ctx().value_type(current).clone();
                    b.op1(arith::SELECT, &[equal, new, current], ty)
                });
                let success = cmpi(&mut b, CmpiPredicate::Eq, old, expected);
                vec![from_storage(&mut b, old, &t), success]
            }
            ParOp::QueueNew(q) => {
                let (capacity, unique) = (q.capacity(b.ctx()), q.unique(b.ctx()));
                let unique = boolean(&mut b, unique);
                self.queue_call(&mut b, QueueFn::New, &[capacity, unique])
            }
            ParOp::QueuePush(p) => {
                let (item, queue) = (p.item(b.ctx()), p.queue(b.ctx()));
                self.queue_call(&mut b, QueueFn::Push, &[queue, item])
            }
            ParOp::QueueClaim(c) => {
                let (item, queue) = (c.item(b.ctx()), c.queue(b.ctx()));
                self.queue_call(&mut b, QueueFn::Claim, &[queue, item])
            }
            ParOp::QueueReserve(r) => {
                let (queue, count) = (r.queue(b.ctx()), r.count(b.ctx()));
                self.queue_call(&mut b, QueueFn::Reserve, &[queue, count])
            }
            ParOp::QueuePut(p) => {
                let (item, queue, place) = (p.item(b.ctx()), p.queue(b.ctx()), p.place(b.ctx()));
                self.queue_call(&mut b, QueueFn::Put, &[queue, place, item])
            }
            ParOp::QueueSize(_) => {
                let queue = par::QueueSize(op).queue(b.ctx());
                self.queue_call(&mut b, QueueFn::Size, &[queue])
            }
            ParOp::QueueItems(_) => {
                let queue = par::QueueItems(op).queue(b.ctx());
                self.queue_call(&mut b, QueueFn::Items, &[queue])
            }
            ParOp::QueueAdvance(_) => {
                let queue = par::QueueAdvance(op).queue(b.ctx());
                self.queue_call(&mut b, QueueFn::Advance, &[queue])
            }
            ParOp::OrderedQueueNew(o) if !o.eager(b.ctx()) => {
                let (c, k, d) = (o.capacity(b.ctx()), o.key(b.ctx()), o.delta(b.ctx()));
                self.queue_call(&mut b, QueueFn::OrderedNew, &[c, k, d])
            }
            // Each thread's own buckets (fused rounds) have no upstream form.
            ParOp::OrderedQueueNew(_) | ParOp::QueueTakeOwn(_) | ParOp::QueueOwnItems(_) => {
                return Err(error(ctx, op, "has no upstream form yet"))
            }
        };
        ctx.replace_op(op, &results);
        Ok(())
    }

    fn queue_call(&mut self, b: &mut Builder<'_>, f: QueueFn, args: &[Value]) -> Vec<Value> {
        self.queue_fns.insert(f);
        call(b, f.name(), args, &f.signature().1)
    }

    /// The functions the converted operations call, at the end of the
    /// module: the queue functions and OpenMP's, declared.
    fn add_functions(&self, ctx: &mut Context, module: OpId) {
        let body = ctx.entry_block(ctx.region(module, 0)).expect("a module has a body");
        let loc = ctx.op_loc(module).clone();
        let mut b = Builder::new(ctx, InsertPoint::End(body), loc);
        for f in &self.queue_fns {
            f.build(&mut b);
        }
        for name in &self.openmp_fns {
            declaration(&mut b, name, &[], &[Type::i32()]);
        }
    }
}

/// The blocks of `op`'s only region, in a new detached region.
fn take_region(ctx: &mut Context, op: OpId) -> strata_ir::RegionId {
    let (from, to) = (ctx.region(op, 0), ctx.create_region());
    ctx.move_region_blocks(from, to, 0);
    to
}

/// `par.atomic_rmw`: `memref.atomic_rmw` where upstream has the kind for
/// the element type, else a `memref.generic_atomic_rmw` that computes it
/// (for floats, a compare-and-swap loop on the bits).
/// Booleans are kept as 0 or -1, so their `and`, `or`, signed `min` and
/// `max` are those of the byte; they multiply as they are and-ed.
fn atomic_rmw(b: &mut Builder<'_>, op: OpId) -> Value {
    let r = par::AtomicRmw(op);
    let (value, m, i) = (r.value(b.ctx()), r.buffer(b.ctx()), r.index(b.ctx()));
    let t = b.ctx().value_type(value).clone();
    let kind = match r.kind(b.ctx()) {
        RmwKind::Mul if t == Type::i1() => RmwKind::And,
        k => k,
    };
    let direct = if t.is_float() {
        match kind {
            RmwKind::Add => Some(UpstreamRmw::AddF),
            RmwKind::Min => Some(UpstreamRmw::MinNumF),
            RmwKind::Max => Some(UpstreamRmw::MaxNumF),
            RmwKind::Xchg => Some(UpstreamRmw::Assign),
            _ => None,
        }
    } else {
        match kind {
            RmwKind::Add if t == Type::i1() => None,
            RmwKind::Add => Some(UpstreamRmw::AddI),
            RmwKind::Mul => None,
            RmwKind::Min => Some(UpstreamRmw::MinS),
            RmwKind::Max => Some(UpstreamRmw::MaxS),
            RmwKind::And => Some(UpstreamRmw::AndI),
            RmwKind::Or => Some(UpstreamRmw::OrI),
            RmwKind::Xchg => Some(UpstreamRmw::Assign),
        }
    };
    let stored = to_storage(b, value);
    let old = match direct {
        Some(k) => ops::atomic_rmw(b, k, stored, m, i),
        None if t.is_float() => ops::atomic_update_float(b, m, i, |b, current| combine(b, kind, current, value)),
        None => ops::generic_atomic_rmw(b, m, i, |b, current| {
            let current = from_storage(b, current, &t);
            let new = combine(b, kind, current, value);
            to_storage(b, new)
        }),
    };
    from_storage(b, old, &t)
}

/// `kind` applied to `a` and `b` as the interpreter does (floats: `minnum`
/// and `maxnum`).
fn combine(b: &mut Builder<'_>, kind: RmwKind, x: Value, y: Value) -> Value {
    let float = b.ctx().value_type(x).is_float();
    let name = match (kind, float) {
        (RmwKind::Add, false) if *b.ctx().value_type(x) == Type::i1() => arith::XORI,
        (RmwKind::Add, false) => arith::ADDI,
        (RmwKind::Add, true) => arith::ADDF,
        (RmwKind::Mul, false) => arith::MULI,
        (RmwKind::Mul, true) => arith::MULF,
        (RmwKind::Min, false) => arith::MINSI,
        (RmwKind::Min, true) => arith::MINNUMF,
        (RmwKind::Max, false) => arith::MAXSI,
        (RmwKind::Max, true) => arith::MAXNUMF,
        (RmwKind::And, _) => arith::ANDI,
        (RmwKind::Or, _) => arith::ORI,
        (RmwKind::Xchg, _) => return y,
    };
    binary(b, name, x, y)
}

/// The value combining with which by `kind` leaves any value of `value`'s
/// type as it is: what an exclusive scan gives a thread with no thread
/// before it.
fn neutral(b: &mut Builder<'_>, value: Value, kind: RmwKind) -> Value {
    let t = b.ctx().value_type(value).clone();
    let zero = kind.neutral(&t).expect("the verifier refuses xchg");
    constant(b, zero, &t)
}
