//! `par-interleave-loops`: each thread runs `factor` of its iterations of a
//! work-sharing loop at once, their operations interleaved, so that the
//! loads of all of them are issued before any of their results is needed.
//!
//! A GPU issues a thread's instructions in order, and a grid-stride loop
//! whose body loads, computes and stores (PageRank's contributions: a rank
//! and two offsets read, one quotient written) waits for one iteration's
//! loads before it issues the next one's: LLVM unrolls such a loop only in
//! order, each copy's store before the next copy's loads, which it cannot
//! move past a store that may alias them. The iterations of a `par.for`
//! are independent (they may run in any order, on any threads: one that
//! read what another writes would race), so their loads may go first.
//!
//! The loop `par.for %i = lo to hi step s` becomes, in the same team,
//! `scf.for %j = t to n step T * factor` (`t` the thread's number, `T` the
//! team's size, `n` the trip count) whose body runs iterations `j`,
//! `j + T`, ..., `j + (factor - 1) * T` (neighbouring threads take
//! neighbouring iterations, as the GPU's work sharing does), each
//! operation of the body once per iteration before the next operation. An
//! iteration past `n` runs at `j` instead, which the group's first
//! iteration also runs: it reads what that one reads, before anything of
//! the group is written, and writes the same values to the same places.
//! A `par.barrier` follows unless the loop ends its team's body.
//!
//! A loop qualifies when its body is one block of pure operations, plain or
//! atomic loads, plain stores to shared buffers (a thread's `par.local`
//! storage, which all its iterations share, would carry a value from one
//! to the next) and `par.check_index`, its lower bound a
//! constant of 0 or more and its step a constant from 1 to 2^32 - 1, and
//! it loads from a shared buffer. With `remarks=true` every such loop
//! gets a remark saying whether it was interleaved and, if not, why.

use crate::loop_factor::{Factored, Verdict};
use crate::op as par;
use crate::view::{Load, Store};
use strata_ir::builder::{Builder, InsertPoint};
use strata_ir::context::{Context, OpId};
use strata_ir::func::op as func;
use strata_ir::pass::PassFailed;
use strata_ir::pass::{OptionKind, OptionValue, Pass, PassDecl, PassInfo, PassOption};
use strata_ir::registry::Traits;
use strata_ir::rewrite::constant_int;
use strata_ir::types::Type;
use strata_std::arith::op as arith;
use strata_std::build::{arith as build, scf as build_scf};

/// The factor when none is given: four iterations' loads in flight a thread.
pub const DEFAULT_FACTOR: u32 = 4;

/// The pass: its options and counts.
pub struct InterleaveLoops(Factored);

impl Default for InterleaveLoops {
    fn default() -> Self {
        InterleaveLoops(Factored::new(DEFAULT_FACTOR))
    }
}

/// Whether `op` is a work-sharing loop: a `par.for` inside a `par.parallel`.
fn shares_work(ctx: &Context, op: OpId) -> bool {
    ctx.op_kind(op) == par::FOR && ctx.enclosing_op(op, |p| ctx.op_kind(p) == par::PARALLEL).is_some()
}

/// Whether `buf` is a thread's own storage (`par.local`).
fn thread_storage(ctx: &Context, buf: strata_ir::context::Value) -> bool {
    ctx.defining_op(buf).is_some_and(|d| ctx.op_kind(d) == par::LOCAL)
}

/// What the pass makes of the work-sharing `par.for` `op`.
pub fn verdict(ctx: &Context, op: OpId) -> Verdict {
    let [body] = ctx.region_blocks(ctx.region(op, 0)) else {
        return Verdict::Kept("its body is more than one block".into());
    };
    let mut shared_read = false;
    let mut why = None;
    for o in ctx.block_ops(*body) {
        let kind = ctx.op_kind(o);
        let reason = if kind == par::YIELD || kind == par::CHECK_INDEX {
            None
        } else if !ctx.regions(o).is_empty() {
            Some("its body has nested control flow".to_string())
        } else if let Some(l) = Load::of(ctx, o) {
            shared_read |= !thread_storage(ctx, l.buffer(ctx));
            None
        } else if let Some(s) = Store::of(ctx, o) {
            if s.atomic(ctx) {
                Some("it writes atomically".to_string())
            } else if thread_storage(ctx, s.buffer(ctx)) {
                Some("it writes the thread's own storage, which its iterations share".to_string())
            } else {
                None
            }
        } else if ctx.has_traits(o, Traits::PURE) {
            None
        } else {
            Some(format!("'{}' is not arithmetic, a read or a plain write", ctx.op_name(o)))
        };
        if why.is_none() {
            why = reason;
        }
    }
    let lower = constant_int(ctx, ctx.operand(op, 0));
    let step = constant_int(ctx, ctx.operand(op, 2));
    match (shared_read, why) {
        (false, _) => Verdict::NothingToGain,
        (true, Some(w)) => Verdict::Kept(w),
        (true, None) if lower.is_none_or(|l| l < 0) => {
            Verdict::Kept("its lower bound is not a constant of 0 or more".into())
        }
        (true, None) if step.is_none_or(|s| !(1..1 << 32).contains(&s)) => {
            Verdict::Kept("its step is not a constant from 1 to 2^32 - 1".into())
        }
        (true, None) => Verdict::Apply,
    }
}

/// Whether `op` is the last operation of its team's body before the
/// `par.yield` (the team's end then waits for every thread).
fn ends_team(ctx: &Context, op: OpId) -> bool {
    let Some(blk) = ctx.parent_block(op) else { return false };
    let ops = ctx.block_ops(blk);
    let next = ops.iter().position(|o| *o == op).and_then(|i| ops.get(i + 1));
    next.is_some_and(|o| ctx.op_kind(*o) == par::YIELD)
        && ctx.parent_op(op).is_some_and(|p| ctx.op_kind(p) == par::PARALLEL)
}

/// Replaces the work-sharing `par.for` `op` by its thread's iterations,
/// `factor` at a time, interleaved (see the module's notes).
pub fn interleave(ctx: &mut Context, op: OpId, factor: u32) {
    let loc = ctx.op_loc(op).clone();
    let (lo, hi, step) = (ctx.operand(op, 0), ctx.operand(op, 1), ctx.operand(op, 2));
    let body = ctx.region_blocks(ctx.region(op, 0))[0];
    let iv = ctx.block_args(body)[0];
    let ops = ctx.block_ops(body);
    let ops = &ops[..ops.len() - 1];
    let closing = !ends_team(ctx, op);
    let (lo_zero, step_one) = (constant_int(ctx, lo) == Some(0), constant_int(ctx, step) == Some(1));
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    // n = ceil((max(hi, lo) - lo) / step): lo >= 0, so it stays below 2^63.
    let n = match (lo_zero, step_one) {
        (true, true) => build::binary(&mut b, arith::MAXSI, hi, lo),
        _ => {
            let top = build::binary(&mut b, arith::MAXSI, hi, lo);
            let span = build::binary(&mut b, arith::SUBI, top, lo);
            build::binary(&mut b, arith::CEILDIVUI, span, step)
        }
    };
    let me = b.op1(par::THREAD_ID, &[], Type::Index);
    let team = b.op1(par::NUM_THREADS, &[], Type::Index);
    let times = build::index(&mut b, i128::from(factor));
    let stride = build::binary(&mut b, arith::MULI, team, times);
    build_scf::for_loop(&mut b, [me, n, stride], |b, j| {
        let left = build::binary(b, arith::SUBI, n, j);
        let mut positions = Vec::new();
        let mut offset = None;
        for c in 0..factor {
            let at = match offset {
                None => j,
                Some(o) => {
                    let valid = build::cmpi(b, "ugt", left, o);
                    let later = build::binary(b, arith::ADDI, j, o);
                    b.op1(arith::SELECT, &[valid, later, j], Type::Index)
                }
            };
            let scaled = if step_one { at } else { build::binary(b, arith::MULI, at, step) };
            positions.push(if lo_zero { scaled } else { build::binary(b, arith::ADDI, lo, scaled) });
            if c + 1 < factor {
                offset = Some(match offset {
                    None => team,
                    Some(o) => build::binary(b, arith::ADDI, o, team),
                });
            }
        }
        let mut maps: Vec<_> = positions.iter().map(|p| std::collections::HashMap::from([(iv, *p)])).collect();
        for o in ops {
            for map in &mut maps {
                let copy = b.ctx_mut().clone_op(*o, map, &std::collections::HashMap::new());
                b.insert_op(copy);
            }
        }
    });
    if closing {
        b.op0(par::BARRIER, &[]);
    }
    b.ctx_mut().erase_op(op);
}

impl Pass for InterleaveLoops {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn anchor(&self) -> Option<strata_ir::OpName> {
        Some(func::FUNC)
    }
    fn set_option(&mut self, key: &str, value: OptionValue<'_>) -> Result<(), String> {
        self.0.set_option(key, value)
    }
    fn run(&mut self, ctx: &mut Context, f: OpId) -> Result<(), PassFailed> {
        let mut loops = Vec::new();
        ctx.walk_pre(f, &mut |o| {
            if shares_work(ctx, o) {
                loops.push(o);
            }
        });
        let done = |n| {
            format!(
                "loop interleaved {n} iterations a thread: its body is straight-line and its iterations independent"
            )
        };
        self.0.run(ctx, loops, verdict, interleave, (done, "loop not interleaved"));
        Ok(())
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        let (interleaved, kept) = self.0.counts();
        vec![("loops interleaved", interleaved), ("loops kept", kept)]
    }
}

impl InterleaveLoops {
    /// Iterations a thread runs at once (1: the pass changes nothing).
    pub fn factor(&self) -> u32 {
        self.0.factor
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "par-interleave-loops",
    name: "ParInterleaveLoops",
    description: "Run each thread's iterations of a work-sharing loop with a straight-line body several at a time, their operations interleaved, so that their loads are issued before any is used",
    options: &[
        PassOption { name: "factor", kind: OptionKind::Positive, help: "iterations a thread runs at once (at most 64; 1: none; default 4)" },
        PassOption { name: "remarks", kind: OptionKind::Bool, help: "report each work-sharing loop that reads shared memory: interleaved, or why not (default false)" },
    ],
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(InterleaveLoops::default()) }
}
