//! The execution engine.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use strata_graph_dialect::op as graph;
use strata_ir::builtin::op as builtin;
use strata_ir::func::op as func;
use strata_ir::OpName;
use strata_par_dialect::op as par;
use strata_sched_dialect::op as sched;
use strata_std::arith::op::{self as arith, ArithOp};
use strata_std::arith::{rounding_mode, CmpfPredicate, CmpiPredicate};
use strata_std::cf::op as cf;
use strata_std::scf::op as scf;

use strata_graph::generate::Rng;
use strata_graph_dialect::foreach::{ranges_of, Ranges, Space};
use strata_graph_dialect::types::{element, is_edge};
use strata_ir::attributes::{normalize_int, FloatAttr};
use strata_ir::context::{BlockId, RegionId, Value};
use strata_ir::symbols::lookup_symbol_in;
use strata_ir::types::{FloatKind, Type};
use strata_ir::{Attribute, Context, OpId};
use strata_std::arith_fold::{
    eval_cmpf, eval_cmpi, eval_float_f64, eval_int, forbidden_wrap, unconvertible_message, undefined_message, unsigned,
    width, wrap_message,
};
use strata_std::arith_view::overflow_flags;

use crate::value::{Val, Worklist};
use crate::InterpError;

/// How to run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Visit `graph.foreach` iterations in a random order from this seed.
    pub shuffle_seed: Option<u64>,
    /// The deepest nesting of calls allowed. Each level takes about 1 KB
    /// of the calling thread's stack in an optimized build (more in a debug
    /// one): a deep limit needs a thread with a large stack.
    pub max_call_depth: u32,
    /// Run every `par.parallel` on a simulated team of this shape (see
    /// [`Grid`]); without it a team is one thread.
    pub grid: Option<Grid>,
}

impl Options {
    /// The default call depth limit.
    pub const CALL_DEPTH: u32 = 10_000;
    /// The limit for a thread with a 2 GB stack (the tools' thread).
    pub const DEEP_CALL_DEPTH: u32 = 1_000_000;
}

impl Default for Options {
    fn default() -> Options {
        Options { shuffle_seed: None, max_call_depth: Options::CALL_DEPTH, grid: None }
    }
}

/// Runs the function `name` of `module` with `args`; returns its results.
pub fn run_function(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: Vec<Val>,
    opts: Options,
) -> Result<Vec<Val>, InterpError> {
    run_function_counted(ctx, module, name, args, opts).map(|(r, _)| r)
}

/// [`run_function`], also returning how many operations it executed.
pub fn run_function_counted(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: Vec<Val>,
    opts: Options,
) -> Result<(Vec<Val>, u64), InterpError> {
    let Some(f) = lookup_symbol_in(ctx, module, name).filter(|f| ctx.isa(*f, func::FUNC)) else {
        return Err(InterpError { loc: ctx.op_loc(module).clone(), message: format!("no function named '{name}'") });
    };
    let mut m = Machine {
        ctx,
        module,
        env: Vec::new(),
        slots: vec![u32::MAX; ctx.num_values()],
        code: vec![Inst::default(); ctx.num_ops()],
        frames: HashMap::new(),
        callees: HashMap::new(),
        rng: opts.shuffle_seed.map(Rng::new),
        locks: HashSet::new(),
        graph_arrays: HashMap::new(),
        neighbour_sets: HashMap::new(),
        depth: 0,
        calls: 0,
        max_calls: opts.max_call_depth,
        steps: 0,
        grid: opts.grid,
        thread: None,
        collectives: HashMap::new(),
        shared: HashMap::new(),
        spare_frames: Vec::new(),
    };
    let r = m.call(f, args)?;
    Ok((r, m.steps))
}

enum Flow {
    Next,
    Branch(BlockId, Vec<Val>),
    Exit(Vec<Val>),
}

struct Machine<'a> {
    ctx: &'a Context,
    module: OpId,
    /// The running function's frame: one slot per value it defines.
    env: Vec<Val>,
    /// The slot of each value in its function's frame (`u32::MAX` until the
    /// function is first called): values of different functions never mix.
    slots: Vec<u32>,
    /// Each operation decoded, by index (on its function's first call).
    code: Vec<Inst>,
    /// Frame size of each function called so far.
    frames: HashMap<OpId, usize>,
    /// The function each `func.call` calls, resolved once.
    callees: HashMap<OpId, OpId>,
    rng: Option<Rng>,
    /// Held locks: (is edge, id).
    locks: HashSet<(bool, i128)>,
    /// `par.graph_array` results by graph and array name: a graph's arrays
    /// are the same buffers every time they are asked for.
    graph_arrays: HashMap<(*const strata_graph::Graph, strata_abi::GraphArray), Rc<RefCell<Vec<Val>>>>,
    /// The set of the distinct out-neighbours of each node with many, by
    /// graph and node, made the first time an intersection asks.
    neighbour_sets: HashMap<(*const strata_graph::Graph, u32), Rc<HashSet<u32>>>,
    /// Nesting depth of `graph.foreach`.
    depth: u32,
    calls: u32,
    /// The deepest call nesting allowed.
    max_calls: u32,
    /// Operations executed.
    steps: u64,
    /// The simulated team of every `par.parallel`, if any.
    grid: Option<Grid>,
    /// The thread of the simulated team running now.
    thread: Option<grid::Thread>,
    /// Whether an operation's regions hold a subgroup collective.
    collectives: HashMap<OpId, bool>,
    /// The buffers of the simulated team's `par.shared`, by operation and
    /// block.
    shared: HashMap<(OpId, usize), Val>,
    /// The frames of the last simulated team, kept for the next one: a
    /// large team's frames are memory the next team need not ask for anew.
    spare_frames: Vec<Vec<Val>>,
}

type R<T> = Result<T, InterpError>;

fn round(kind: FloatKind, x: f64) -> f64 {
    match kind {
        FloatKind::F64 => x,
        FloatKind::F32 => x as f32 as f64,
        k => FloatAttr::from_f64(k, x).value(),
    }
}

/// `x` narrowed to `kind` in one of MLIR's rounding modes (see
/// `arith::ROUNDING_MODES`): to nearest with ties to even, downward,
/// upward, toward zero, or to nearest with ties away from zero.
fn round_in_mode(kind: FloatKind, x: f64, mode: usize) -> f64 {
    let nearest = round(kind, x);
    if nearest == x || x.is_nan() {
        return nearest;
    }
    let toward = |up: bool| next_float(kind, nearest, up);
    match mode {
        1 if nearest > x => toward(false),
        2 if nearest < x => toward(true),
        3 if nearest.abs() > x.abs() => toward(x < 0.0),
        4 => {
            // On a tie the other candidate lies as far away, beyond `x`.
            let other = toward(nearest < x);
            if (other - x).abs() == (x - nearest).abs() && other.abs() > nearest.abs() {
                other
            } else {
                nearest
            }
        }
        _ => nearest,
    }
}

/// The `kind` value next to `v` (which `kind` represents) above or below it.
fn next_float(kind: FloatKind, v: f64, up: bool) -> f64 {
    if kind == FloatKind::F64 {
        return if up { v.next_up() } else { v.next_down() };
    }
    let width = kind.width();
    let bits = FloatAttr::from_f64(kind, v).bits;
    let next = if v == 0.0 {
        if up {
            1
        } else {
            (1u128 << (width - 1)) | 1
        }
    } else if (v > 0.0) == up {
        bits + 1
    } else {
        bits - 1
    };
    FloatAttr::from_bits(kind, next).map_or(v, |f| f.value())
}

fn boolean(b: bool) -> Val {
    Val::Int(if b { -1 } else { 0 })
}

impl<'a> Machine<'a> {
    fn err<T>(&self, op: OpId, message: impl Into<String>) -> R<T> {
        Err(InterpError { loc: self.ctx.op_loc(op).clone(), message: message.into() })
    }
    /// An empty vector with room for `n` `what`s, or an error at `op` where
    /// memory cannot hold them (instead of aborting the process).
    fn room<T>(&self, op: OpId, n: i128, what: &str) -> R<Vec<T>> {
        let mut v = Vec::new();
        match usize::try_from(n.max(0)).ok().filter(|n| v.try_reserve_exact(*n).is_ok()) {
            Some(_) => Ok(v),
            None => self.err(op, format!("out of memory: the interpreter cannot hold {n} {what}")),
        }
    }
    /// `n` copies of `value`, or an error at `op` where memory cannot
    /// hold them.
    fn filled<T: Clone>(&self, op: OpId, n: i128, value: T, what: &str) -> R<Vec<T>> {
        let mut v = self.room(op, n, what)?;
        v.resize(n.max(0) as usize, value);
        Ok(v)
    }
    fn frame_slot(&self, v: Value) -> usize {
        self.slots[v.index()] as usize
    }
    fn get(&self, v: Value) -> &Val {
        &self.env[self.frame_slot(v)]
    }
    /// The message for an `addi`, `subi` or `muli` whose operands wrap in a
    /// way its overflow flags forbid (operands shown unsigned for `nuw`).
    fn forbidden_wrap(&self, op: OpId, name: OpName) -> Option<String> {
        let inst = self.inst(op);
        let (a, b, w) = (self.int(op, 0), self.int(op, 1), inst.width);
        match forbidden_wrap(name, a, b, w, inst.flags)? {
            "unsigned" => Some(wrap_message(name, "unsigned", unsigned(a, w), unsigned(b, w))),
            kind => Some(wrap_message(name, kind, a, b)),
        }
    }
    /// The decoded form of `op`.
    fn inst(&self, op: OpId) -> &Inst {
        &self.code[op.index()]
    }
    /// The value of operand `i` of `op`.
    fn operand(&self, op: OpId, i: usize) -> &Val {
        &self.env[self.inst(op).operands[i] as usize]
    }
    fn int(&self, op: OpId, i: usize) -> i128 {
        self.operand(op, i).int()
    }
    fn float(&self, op: OpId, i: usize) -> f64 {
        self.operand(op, i).float()
    }
    fn set(&mut self, op: OpId, i: usize, v: Val) {
        let s = self.inst(op).results[i] as usize;
        self.env[s] = v;
    }
    fn set_results(&mut self, op: OpId, vals: Vec<Val>) {
        for (i, v) in vals.into_iter().enumerate() {
            self.set(op, i, v);
        }
    }
    fn operand_vals(&self, op: OpId) -> Vec<Val> {
        self.inst(op).operands.iter().map(|s| self.env[*s as usize].clone()).collect()
    }

    fn call(&mut self, f: OpId, args: Vec<Val>) -> R<Vec<Val>> {
        self.calls += 1;
        if self.calls > self.max_calls {
            return self.err(f, format!("call depth exceeds {}", self.max_calls));
        }
        let body = self.ctx.region(f, 0);
        if self.ctx.region_blocks(body).is_empty() {
            return self.err(f, "cannot call a function without a body");
        }
        // A fresh frame, so recursive calls do not clobber the caller's values.
        let size = self.prepare(f);
        let saved = std::mem::replace(&mut self.env, vec![Val::Undef; size]);
        let r = self.run_region(body, &args);
        self.env = saved;
        self.calls -= 1;
        r
    }

    /// The frame size of `f`; on its first call, numbers its values' slots
    /// and decodes its operations.
    fn prepare(&mut self, f: OpId) -> usize {
        if let Some(n) = self.frames.get(&f) {
            return *n;
        }
        let ctx = self.ctx;
        let mut values = Vec::new();
        ctx.walk_pre(f, &mut |o| {
            if o != f {
                values.extend_from_slice(ctx.results(o));
            }
            for r in ctx.regions(o) {
                for b in ctx.region_blocks(*r) {
                    values.extend_from_slice(ctx.block_args(*b));
                }
            }
        });
        for (n, v) in values.iter().enumerate() {
            self.slots[v.index()] = n as u32;
        }
        ctx.walk_pre(f, &mut |o| self.code[o.index()] = Inst::decode(ctx, o, &self.slots));
        self.frames.insert(f, values.len());
        values.len()
    }

    fn run_region(&mut self, r: RegionId, args: &[Val]) -> R<Vec<Val>> {
        self.run_region_with(r, args.iter().cloned())
    }

    /// Runs region `r` with its entry block's arguments taken from `args`.
    fn run_region_with(&mut self, r: RegionId, args: impl Iterator<Item = Val>) -> R<Vec<Val>> {
        let ctx = self.ctx;
        let Some(mut block) = ctx.entry_block(r) else { return Ok(Vec::new()) };
        self.bind(block, args);
        'blocks: loop {
            let mut cur = ctx.first_op(block);
            while let Some(op) = cur {
                match self.step(op)? {
                    Flow::Next => cur = ctx.next_op(op),
                    Flow::Branch(b, vals) => {
                        block = b;
                        self.bind(block, vals.into_iter());
                        continue 'blocks;
                    }
                    Flow::Exit(vals) => return Ok(vals),
                }
            }
            return Ok(Vec::new());
        }
    }

    /// Gives block `b`'s arguments the values `args`.
    fn bind(&mut self, b: BlockId, args: impl Iterator<Item = Val>) {
        let ctx = self.ctx;
        for (a, v) in ctx.block_args(b).iter().zip(args) {
            let s = self.frame_slot(*a);
            self.env[s] = v;
        }
    }

    fn step(&mut self, op: OpId) -> R<Flow> {
        self.steps += 1;
        let Some(name) = self.inst(op).kind else {
            return self.err(op, "internal error: an operation outside the functions called");
        };
        match name.dialect_key() {
            arith::DIALECT_KEY => {
                let Some(a) = arith::ArithOp::with_kind(name, op) else {
                    return self.err(op, format!("the interpreter cannot run '{name}'"));
                };
                return self.arith(a).map(|_| Flow::Next);
            }
            par::DIALECT_KEY => {
                let Some(p) = par::ParOp::with_kind(name, op) else {
                    return self.err(op, format!("the interpreter cannot run '{name}'"));
                };
                return self.par_op(p);
            }
            graph::DIALECT_KEY => {
                let Some(g) = graph::GraphOp::with_kind(name, op) else {
                    return self.err(op, format!("the interpreter cannot run '{name}'"));
                };
                return self.graph_op(g);
            }
            sched::DIALECT_KEY => {
                return match sched::SchedOp::with_kind(name, op) {
                    Some(sched::SchedOp::Foreach(_)) => self.foreach(op).map(|()| Flow::Next),
                    None => self.err(op, format!("the interpreter cannot run '{name}'")),
                };
            }
            func::DIALECT_KEY => {
                if let Some(f) = func::FuncOp::with_kind(name, op) {
                    return self.func_op(f);
                }
            }
            scf::DIALECT_KEY => {
                if let Some(s) = scf::ScfOp::with_kind(name, op) {
                    return self.scf_op(s);
                }
            }
            cf::DIALECT_KEY => {
                if let Some(c) = cf::CfOp::with_kind(name, op) {
                    return self.cf_op(c);
                }
            }
            builtin::DIALECT_KEY => match builtin::BuiltinOp::with_kind(name, op) {
                Some(builtin::BuiltinOp::UnrealizedConversionCast(_)) => {
                    self.set_results(op, self.operand_vals(op));
                    return Ok(Flow::Next);
                }
                // A module holds functions; it is not run.
                Some(builtin::BuiltinOp::Module(_)) | None => {}
            },
            _ => {}
        }
        self.err(op, format!("the interpreter cannot run '{name}'"))
    }

    /// A func operation (`func.func` is not run: its body is, when called).
    fn func_op(&mut self, f: func::FuncOp) -> R<Flow> {
        let ctx = self.ctx;
        let op = f.op();
        match f {
            func::FuncOp::Return(_) => return Ok(Flow::Exit(self.operand_vals(op))),
            func::FuncOp::Call(call) => {
                let f = match self.callees.get(&op) {
                    Some(f) => *f,
                    None => {
                        let callee = call.callee(ctx);
                        let callee = callee.as_flat_symbol().or(callee.as_str()).unwrap_or_default();
                        let Some(f) = lookup_symbol_in(ctx, self.module, callee) else {
                            return self.err(op, format!("unknown function '{callee}'"));
                        };
                        self.callees.insert(op, f);
                        f
                    }
                };
                let rs = self.call(f, self.operand_vals(op))?;
                self.set_results(op, rs);
            }
            func::FuncOp::Constant(constant) => {
                let value = constant.value(ctx);
                let name = value.as_flat_symbol().unwrap_or_default();
                let Some(f) = lookup_symbol_in(ctx, self.module, name) else {
                    return self.err(op, format!("unknown function '{name}'"));
                };
                self.set(op, 0, Val::Func(f));
            }
            func::FuncOp::CallIndirect(_) => {
                let mut vals = self.operand_vals(op);
                let Val::Func(f) = vals.remove(0) else {
                    return self.err(op, "the callee is not a function");
                };
                let rs = self.call(f, vals)?;
                self.set_results(op, rs);
            }
            func::FuncOp::Func(_) => return self.err(op, "a function is not run as an operation"),
        }
        Ok(Flow::Next)
    }

    /// A cf operation: a branch, or an assertion.
    fn cf_op(&mut self, c: cf::CfOp) -> R<Flow> {
        let ctx = self.ctx;
        let op = c.op();
        match c {
            cf::CfOp::Br(_) => Ok(Flow::Branch(ctx.successors(op)[0], self.operand_vals(op))),
            cf::CfOp::CondBr(_) => {
                let sizes = ctx
                    .prop(op, "operandSegmentSizes")
                    .and_then(|a| a.as_dense_ints().map(|v| v.to_vec()))
                    .unwrap_or_default();
                let nt = sizes.get(1).copied().unwrap_or(0) as usize;
                let vals = self.operand_vals(op);
                let (t, f) = (vals[1..1 + nt].to_vec(), vals[1 + nt..].to_vec());
                Ok(if vals[0].int() != 0 {
                    Flow::Branch(ctx.successors(op)[0], t)
                } else {
                    Flow::Branch(ctx.successors(op)[1], f)
                })
            }
            cf::CfOp::Switch(_) => {
                let i = strata_std::cf::switch_successor(ctx, op, self.int(op, 0));
                let vals = self.operand_vals(op)[strata_std::cf::switch_operands(ctx, op, i)].to_vec();
                Ok(Flow::Branch(ctx.successors(op)[i], vals))
            }
            cf::CfOp::Assert(assert) => {
                if self.int(op, 0) == 0 {
                    return self.err(op, assert.msg(ctx));
                }
                Ok(Flow::Next)
            }
        }
    }

    /// An scf operation: a structured loop or conditional, or a terminator.
    fn scf_op(&mut self, s: scf::ScfOp) -> R<Flow> {
        let ctx = self.ctx;
        let op = s.op();
        match s {
            scf::ScfOp::Yield(_) | scf::ScfOp::Condition(_) | scf::ScfOp::Reduce(_) | scf::ScfOp::ReduceReturn(_) => {
                return Ok(Flow::Exit(self.operand_vals(op)))
            }
            scf::ScfOp::If(_) => {
                let r = ctx.region(op, if self.int(op, 0) != 0 { 0 } else { 1 });
                let vals = self.run_region(r, &[])?;
                self.set_results(op, vals);
            }
            scf::ScfOp::ExecuteRegion(_) => {
                let vals = self.run_region(ctx.region(op, 0), &[])?;
                self.set_results(op, vals);
            }
            scf::ScfOp::IndexSwitch(_) => {
                let r = strata_std::scf_switch::region_for(ctx, op, self.int(op, 0));
                let vals = self.run_region(r, &[])?;
                self.set_results(op, vals);
            }
            scf::ScfOp::For(_) => self.scf_for(op)?,
            scf::ScfOp::Parallel(_) => self.scf_parallel(op)?,
            scf::ScfOp::While(_) => {
                let mut args = self.operand_vals(op);
                loop {
                    let c = self.run_region(ctx.region(op, 0), &args)?;
                    if c[0].int() == 0 {
                        args = c[1..].to_vec();
                        break;
                    }
                    args = self.run_region(ctx.region(op, 1), &c[1..])?;
                }
                self.set_results(op, args);
            }
        }
        Ok(Flow::Next)
    }

    /// `scf.parallel`: the iterations in order, the last loop innermost;
    /// each one's reduced values combined into the accumulators by the
    /// regions of `scf.reduce`.
    // Kept out of `step`, whose frame every level of recursion pays for.
    #[inline(never)]
    fn scf_parallel(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let Some(b) = strata_std::scf_parallel::bounds(ctx, op) else {
            return self.err(op, "malformed scf.parallel");
        };
        let Some(reduce) = strata_std::scf_parallel::reduce_of(ctx, op) else {
            return self.err(op, "scf.parallel without scf.reduce");
        };
        let int = |this: &Self, vs: &[Value]| vs.iter().map(|v| this.get(*v).int()).collect::<Vec<i128>>();
        let (lower, upper, step) = (int(self, &b.lower), int(self, &b.upper), int(self, &b.step));
        if step.iter().any(|s| *s <= 0) {
            return self.err(op, "scf.parallel has a step that is not positive");
        }
        let mut accs: Vec<Val> = b.inits.iter().map(|v| self.get(*v).clone()).collect();
        if lower.iter().zip(&upper).any(|(l, u)| l >= u) {
            self.set_results(op, accs);
            return Ok(());
        }
        let mut ivs = lower.clone();
        loop {
            let args: Vec<Val> = ivs.iter().map(|i| Val::Int(*i)).collect();
            let vals = self.run_region(ctx.region(op, 0), &args)?;
            for (k, v) in vals.into_iter().enumerate() {
                let combined = self.run_region(ctx.region(reduce, k), &[accs[k].clone(), v])?;
                accs[k] = combined.into_iter().next().expect("scf.reduce.return yields a value");
            }
            // The next iteration: the innermost loop first.
            let mut d = ivs.len();
            loop {
                if d == 0 {
                    self.set_results(op, accs);
                    return Ok(());
                }
                d -= 1;
                ivs[d] += step[d];
                if ivs[d] < upper[d] {
                    break;
                }
                ivs[d] = lower[d];
            }
        }
    }

    // Kept out of `step`, whose frame every level of recursion pays for.
    #[inline(never)]
    fn scf_for(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let (lb, ub, step) = (self.int(op, 0), self.int(op, 1), self.int(op, 2));
        let (w, unsigned_cmp) = (self.inst(op).operand_width, self.inst(op).unsigned_cmp);
        if step <= 0 {
            return self.err(op, format!("scf.for step must be positive, got {step}"));
        }
        let mut carried: Vec<Val> = self.operand_vals(op)[3..].to_vec();
        let mut iv = lb;
        let body = ctx.region(op, 0);
        loop {
            let go = if unsigned_cmp { unsigned(iv, w) < unsigned(ub, w) } else { iv < ub };
            if !go {
                break;
            }
            carried = self.run_region_with(body, std::iter::once(Val::Int(iv)).chain(carried))?;
            let next = normalize_int(iv + step, &Type::int(w));
            if (!unsigned_cmp && next <= iv) || (unsigned_cmp && unsigned(next, w) <= unsigned(iv, w)) {
                break; // wrapped around
            }
            iv = next;
        }
        self.set_results(op, carried);
        Ok(())
    }

    // Kept out of `step`, whose frame every level of recursion pays for.
    #[inline(never)]
    fn arith(&mut self, a: ArithOp) -> R<()> {
        let (op, name) = (a.op(), a.name());
        let ctx = self.ctx;
        let inst = &self.code[op.index()];
        let Some(rt) = &inst.result_type else { return self.err(op, "an arith operation without a result") };
        let v = match a {
            ArithOp::AdduiExtended(_) | ArithOp::MulsiExtended(_) | ArithOp::MuluiExtended(_) => {
                let w = inst.operand_width;
                let Some((first, second)) = strata_std::arith_extended::eval(name, self.int(op, 0), self.int(op, 1), w)
                else {
                    return self.err(op, format!("the interpreter runs {name} on integers of at most 64 bits"));
                };
                self.set(op, 0, Val::Int(first));
                self.set(op, 1, if name == arith::ADDUI_EXTENDED { boolean(second != 0) } else { Val::Int(second) });
                return Ok(());
            }
            ArithOp::Constant(_) => match &inst.constant {
                Some(v) => v.clone(),
                None if ctx.prop(op, "value").is_none() => return self.err(op, "constant without a value"),
                None => return self.err(op, "unsupported constant"),
            },
            ArithOp::Cmpi(_) => {
                let pred = CmpiPredicate::ALL[inst.code];
                boolean(eval_cmpi(pred, self.int(op, 0), self.int(op, 1), inst.operand_width))
            }
            ArithOp::Cmpf(_) => boolean(eval_cmpf(CmpfPredicate::ALL[inst.code], self.float(op, 0), self.float(op, 1))),
            ArithOp::Select(_) => {
                let i = if self.int(op, 0) != 0 { 1 } else { 2 };
                self.operand(op, i).clone()
            }
            ArithOp::Negf(_) => Val::Float(round(rt.float_kind().unwrap_or(FloatKind::F64), -self.float(op, 0))),
            ArithOp::Addf(_)
            | ArithOp::Subf(_)
            | ArithOp::Mulf(_)
            | ArithOp::Divf(_)
            | ArithOp::Remf(_)
            | ArithOp::Maximumf(_)
            | ArithOp::Minimumf(_)
            | ArithOp::Maxnumf(_)
            | ArithOp::Minnumf(_) => {
                let r = eval_float_f64(name, self.float(op, 0), self.float(op, 1)).expect("a float binary op");
                Val::Float(round(rt.float_kind().unwrap_or(FloatKind::F64), r))
            }
            ArithOp::Extsi(_) | ArithOp::IndexCast(_) | ArithOp::Trunci(_) => {
                Val::Int(normalize_int(self.int(op, 0), &Type::int(inst.width)))
            }
            ArithOp::Extui(_) | ArithOp::IndexCastui(_) => {
                let wf = inst.operand_width;
                Val::Int(normalize_int(unsigned(self.int(op, 0), wf) as i128, &Type::int(inst.width)))
            }
            ArithOp::Sitofp(_) => Val::Float(round(rt.float_kind().unwrap_or(FloatKind::F64), self.int(op, 0) as f64)),
            ArithOp::Uitofp(_) => {
                let wf = inst.operand_width;
                Val::Float(round(rt.float_kind().unwrap_or(FloatKind::F64), unsigned(self.int(op, 0), wf) as f64))
            }
            ArithOp::Fptosi(_) | ArithOp::Fptoui(_) => {
                let t = self.float(op, 0).trunc();
                let w = inst.width as i32;
                let ok = if name == arith::FPTOSI {
                    t >= -(2f64.powi(w - 1)) && t < 2f64.powi(w - 1)
                } else {
                    t >= 0.0 && t < 2f64.powi(w)
                };
                if !t.is_finite() || !ok {
                    return self.err(op, unconvertible_message(name, &rt));
                }
                Val::Int(normalize_int(t as i128, rt))
            }
            ArithOp::Extf(_) | ArithOp::Truncf(_) => {
                let kind = rt.float_kind().unwrap_or(FloatKind::F64);
                Val::Float(round_in_mode(kind, self.float(op, 0), inst.code))
            }
            ArithOp::Bitcast(c) => {
                let from = ctx.value_type(c.input(ctx)).clone();
                match (&from, &rt) {
                    (Type::Float(FloatKind::F64), _) => {
                        Val::Int(normalize_int(self.float(op, 0).to_bits() as i64 as i128, rt))
                    }
                    (Type::Float(FloatKind::F32), _) => {
                        Val::Int(normalize_int((self.float(op, 0) as f32).to_bits() as i32 as i128, rt))
                    }
                    (_, Type::Float(FloatKind::F64)) => Val::Float(f64::from_bits(self.int(op, 0) as u64)),
                    (_, Type::Float(FloatKind::F32)) => Val::Float(f32::from_bits(self.int(op, 0) as u32) as f64),
                    (_, _) if from.is_integer() && rt.is_integer() => self.operand(op, 0).clone(),
                    _ => return self.err(op, format!("the interpreter cannot bitcast {from} to {rt}")),
                }
            }
            _ if self.forbidden_wrap(op, name).is_some() => {
                return self.err(op, self.forbidden_wrap(op, name).unwrap_or_default());
            }
            ArithOp::Addi(_)
            | ArithOp::Subi(_)
            | ArithOp::Muli(_)
            | ArithOp::Shli(_)
            | ArithOp::Divsi(_)
            | ArithOp::Divui(_)
            | ArithOp::Ceildivsi(_)
            | ArithOp::Ceildivui(_)
            | ArithOp::Floordivsi(_)
            | ArithOp::Remsi(_)
            | ArithOp::Remui(_)
            | ArithOp::Andi(_)
            | ArithOp::Ori(_)
            | ArithOp::Xori(_)
            | ArithOp::Shrsi(_)
            | ArithOp::Shrui(_)
            | ArithOp::Maxsi(_)
            | ArithOp::Maxui(_)
            | ArithOp::Minsi(_)
            | ArithOp::Minui(_) => match eval_int(name, self.int(op, 0), self.int(op, 1), inst.width) {
                Some(r) => Val::Int(r),
                None => return self.err(op, undefined_message(name, self.int(op, 0), self.int(op, 1))),
            },
        };
        self.set(op, 0, v);
        Ok(())
    }
}

mod graph_ops;
mod grid;
mod inst;
mod par_ops;

pub use grid::Grid;

use inst::Inst;
