//! `par-unroll-masked`: loops that read memory and update only what their
//! thread owns, unrolled with the missing iterations of the last group
//! masked instead of left to a loop of their own.
//!
//! A GPU issues a thread's instructions in order: in a loop that loads an
//! index and then the element it names (a gather over a neighbour list), an
//! iteration's loads wait for the last iteration's sum. LLVM's unrolling
//! issues the loads of several iterations together, but leaves the
//! iterations that do not fill a group to a remainder loop that runs one at
//! a time, and on lists shorter than the group (a grid's four neighbours,
//! most of a uniform graph's) that is every iteration. Here the loop steps
//! by `factor` iterations, and iteration `j` of a group runs at
//! `iv + j * step` where that is below the bound and at `iv` (the group's
//! first, always in range) where it is not: every load of the group is
//! issued at once, in range, and an iteration past the bound changes
//! nothing, since its writes to thread-private storage (`par.local`) and its
//! loop-carried values are selected away.
//!
//! A loop qualifies when its body is one block of pure operations (integer
//! divisions only on values that do not depend on the thread's state),
//! plain loads (of shared buffers at positions that do not depend on the
//! thread's state, of `par.local` storage at any position the state does not
//! decide), plain stores to `par.local` storage defined outside the loop,
//! and `par.check_index` on state-independent values; the values it carries
//! must be numbers (they are selected); its step must be a
//! constant below 2^32 or a team size (`par.subgroup_size`,
//! `par.block_size`, `par.num_threads`), so that the offsets cannot
//! overflow; and it must load from a shared buffer (otherwise there is
//! nothing to issue early). The thread's state is the loop-carried values and
//! what is read from `par.local` storage: a position computed from it in an
//! iteration past the bound might not be one the loop ever reads. Only loops
//! inside a `par.parallel` are considered. With `remarks=true` every loop
//! that loads from a shared buffer gets a remark saying whether it was
//! unrolled and, if not, why.

use std::collections::{HashMap, HashSet};
use strata_std::arith::CmpiPredicate;

use crate::loop_factor::{Factor, Factored, Verdict};
use crate::op as par;
use crate::op::{Load, Store};
use crate::uniformity::team_of;
use strata_ir::builder::{Builder, InsertPoint};
use strata_ir::context::{Context, OpId, Value};
use strata_ir::func::op as func;
use strata_ir::pass::PassFailed;
use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::registry::Traits;
use strata_ir::rewrite::constant_int;
use strata_ir::types::is_scalar_element;
use strata_std::arith::op as arith;
use strata_std::build::arith as build;
use strata_std::scf::op as scf;

/// The factor when none is given: four iterations' loads in flight a
/// thread. A node's list on a grid or a mesh is about that long, and at
/// eight the extra registers make PageRank's kernel spill at two blocks a
/// multiprocessor.
pub const DEFAULT_FACTOR: u32 = 4;

strata_ir::pass_options! {
    /// The options of the pass.
    pub struct UnrollOptions {
        /// Iterations a group.
        factor: Factor = Factor(DEFAULT_FACTOR) => "factor", Positive, "iterations a group (at most 64; 1: no unrolling; default 4)";
        /// Report each loop that reads shared memory.
        remarks: bool = false => "remarks", Bool, "report each loop that reads shared memory: unrolled, or why not (default false)";
    }
}

/// The pass: its options and counts.
#[derive(Default)]
pub struct UnrollMasked {
    options: UnrollOptions,
    counts: Factored,
}

/// Integer divisions: undefined for a zero divisor, so an iteration past the
/// bound may only divide values that iteration `iv` divides too.
const DIVISIONS: [strata_ir::OpName; 7] =
    [arith::DIVSI, arith::DIVUI, arith::REMSI, arith::REMUI, arith::CEILDIVSI, arith::CEILDIVUI, arith::FLOORDIVSI];

/// Whether `buf` is `par.local` storage of the running thread: made in the
/// loop's team `team`, outside the loop's body `body`.
fn local_outside(ctx: &Context, buf: Value, team: Option<OpId>, body: strata_ir::context::BlockId) -> bool {
    ctx.defining_op(buf)
        .is_some_and(|d| ctx.op_kind(d) == par::LOCAL && ctx.parent_block(d) != Some(body) && team_of(ctx, d) == team)
}

/// Whether the step `step` is small enough that `factor` times it cannot
/// overflow: a constant below 2^32 or the size of a team.
fn small_step(ctx: &Context, step: Value) -> bool {
    if let Some(s) = constant_int(ctx, step) {
        return (1..1 << 32).contains(&s);
    }
    ctx.defining_op(step)
        .is_some_and(|d| [par::SUBGROUP_SIZE, par::BLOCK_SIZE, par::NUM_THREADS].contains(&ctx.op_kind(d)))
}

/// What the pass makes of the `scf.for` `op`.
pub fn verdict(ctx: &Context, op: OpId) -> Verdict {
    let region = ctx.region(op, 0);
    let [body] = ctx.region_blocks(region) else {
        return Verdict::Kept("its body is more than one block".into());
    };
    let body = *body;
    let team = team_of(ctx, op);
    let carried = &ctx.block_args(body)[1..];
    if carried.iter().any(|v| !is_scalar_element(ctx.value_type(*v))) {
        return Verdict::Kept("it carries a value that is not a number".into());
    }
    // The thread's state: the loop-carried values and what is read from
    // thread-private storage, and everything computed from them.
    let mut state: HashSet<Value> = carried.iter().copied().collect();
    let mut shared_read = false;
    let mut why = None;
    for o in ctx.block_ops(body) {
        let kind = ctx.op_kind(o);
        let dependent = ctx.operands(o).iter().any(|v| state.contains(v));
        let reason = if kind == scf::YIELD {
            None
        } else if !ctx.regions(o).is_empty() {
            Some("its body has nested control flow".to_string())
        } else if let Some(l) = Load::of(ctx, o) {
            let local = local_outside(ctx, l.buffer(ctx), team, body);
            shared_read |= !local;
            if l.atomic(ctx) {
                Some("it reads atomically".into())
            } else if state.contains(&l.index(ctx)) {
                Some("a position it reads depends on the thread's state".into())
            } else {
                if local {
                    state.extend(ctx.results(o));
                }
                None
            }
        } else if let Some(s) = Store::of(ctx, o) {
            if s.atomic(ctx) || !local_outside(ctx, s.buffer(ctx), team, body) {
                Some("it writes storage other than the thread's own".into())
            } else if state.contains(&s.index(ctx)) {
                Some("a position it writes depends on the thread's state".into())
            } else {
                None
            }
        } else if kind == par::CHECK_INDEX {
            dependent.then(|| "a checked position depends on the thread's state".into())
        } else if ctx.has_traits(o, Traits::PURE) {
            if dependent && DIVISIONS.contains(&kind) {
                Some("it divides by a value that depends on the thread's state".into())
            } else {
                if dependent {
                    state.extend(ctx.results(o));
                }
                None
            }
        } else {
            Some(format!("'{}' is not arithmetic, a plain read or a write of the thread's own storage", ctx.op_name(o)))
        };
        if why.is_none() {
            why = reason;
        }
    }
    match (shared_read, why) {
        (false, _) => Verdict::NothingToGain,
        (true, Some(w)) => Verdict::Kept(w),
        (true, None) if !small_step(ctx, scf::For(op).step(ctx)) => Verdict::Kept(
            "its step is neither a constant below 2^32 nor a team's size: the offsets could overflow".into(),
        ),
        (true, None) => Verdict::Apply,
    }
}

/// Unrolls the `scf.for` `op` by `factor`, in place: its step becomes
/// `factor` times the step, and the body runs `factor - 1` more times, each
/// at its offset from the induction variable where that is below the bound,
/// else at the induction variable with its writes and carried values
/// selected away.
pub fn unroll(ctx: &mut Context, op: OpId, factor: u32) {
    let loc = ctx.op_loc(op).clone();
    let (ub, step) = (scf::For(op).upper(ctx), scf::For(op).step(ctx));
    let body = ctx.region_blocks(ctx.region(op, 0))[0];
    let args = ctx.block_args(body).to_vec();
    let (iv, carried) = (args[0], &args[1..]);
    let ops = ctx.block_ops(body);
    let (yield_op, ops) = ops.split_last().expect("a terminator");
    let ty = ctx.value_type(iv).clone();
    let constant_step = constant_int(ctx, step);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc.clone());
    let times = |b: &mut Builder<'_>, j: u32| match constant_step {
        Some(s) => build::int(b, s * i128::from(j), &ty),
        None if j == 1 => step,
        None => {
            let j = build::int(b, i128::from(j), &ty);
            build::binary(b, arith::MULI, step, j)
        }
    };
    let group = times(&mut b, factor);
    let offsets: Vec<Value> = (1..factor).map(|j| times(&mut b, j)).collect();
    b.set_insert_point(InsertPoint::Before(*yield_op));
    let left = build::binary(&mut b, arith::SUBI, ub, iv);
    let mut current: Vec<Value> = b.ctx().operands(*yield_op).to_vec();
    for offset in offsets {
        let valid = build::cmpi(&mut b, CmpiPredicate::Ugt, left, offset);
        let at = build::binary(&mut b, arith::ADDI, iv, offset);
        let at = b.op1(arith::SELECT, &[valid, at, iv], ty.clone());
        let mut map: HashMap<Value, Value> = HashMap::from([(iv, at)]);
        map.extend(carried.iter().copied().zip(current.iter().copied()));
        for o in ops {
            let copy = b.ctx_mut().clone_op(*o, &mut map, &HashMap::new());
            if let Some(s) = Store::of(b.ctx(), copy) {
                let (value, buf, index) = (s.value(b.ctx()), s.buffer(b.ctx()), s.index(b.ctx()));
                let old = crate::build::load(&mut b, buf, index, false);
                let t = b.ctx().value_type(value).clone();
                let kept = b.op1(arith::SELECT, &[valid, value, old], t);
                b.ctx_mut().set_operand(copy, 0, kept);
            }
            b.insert_op(copy);
        }
        let yielded: Vec<Value> = b.ctx().operands(*yield_op).iter().map(|v| *map.get(v).unwrap_or(v)).collect();
        current = yielded
            .into_iter()
            .zip(current)
            .map(|(new, old)| {
                let t = b.ctx().value_type(new).clone();
                b.op1(arith::SELECT, &[valid, new, old], t)
            })
            .collect();
    }
    let ctx = b.ctx_mut();
    ctx.set_operands(*yield_op, &current);
    ctx.set_operand(op, 2, group);
}

impl Pass for UnrollMasked {
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
        let in_team = |ctx: &Context, o| ctx.op_kind(o) == scf::FOR && team_of(ctx, o).is_some();
        let done = |n| {
            format!("loop unrolled {n} times, its last group masked: it only reads shared memory and updates the thread's own")
        };
        let how = (self.options.factor, self.options.remarks);
        self.counts.run(how, (ctx, f), in_team, verdict, unroll, (done, "loop not unrolled with a masked tail"));
        Ok(())
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        self.counts.statistics("loops unrolled")
    }
}

impl UnrollMasked {
    /// Iterations a group (1: the pass changes nothing).
    pub fn factor(&self) -> u32 {
        self.options.factor.0
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "par-unroll-masked",
    name: "ParUnrollMasked",
    description: "Unroll loops in parallel regions that read shared memory and update only thread-private storage, the last group's missing iterations masked (clamped positions, selected writes) instead of left to a remainder loop",
    options: UnrollOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(UnrollMasked::default()) }
}
