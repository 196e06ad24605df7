//! `par-interleave-loops`: each thread runs `factor` of its iterations of a
//! work-sharing loop at once, each operation of the body once per
//! iteration before the next operation, so that the loads that come before
//! the body's first branch or inner loop are issued for all of them before
//! any result is needed.
//!
//! A GPU issues a thread's instructions in order, and a grid-stride loop
//! whose body loads, computes and stores (PageRank's contributions: a rank
//! and two offsets read, one quotient written) waits for one iteration's
//! loads before it issues the next one's: LLVM unrolls such a loop only in
//! order, each copy's store before the next copy's loads, which it cannot
//! move past a store that may alias them. The iterations of a `par.for`
//! are independent (they may run in any order, on any threads: one that
//! read what another writes would race), so their loads may go first. A
//! body with branches and inner loops (PageRank's gather: two offsets read,
//! then the node's tier chosen, then its list walked) gets its first loads
//! issued together; each iteration's branches then run in turn.
//!
//! The loop `par.for %i = lo to hi step s` becomes, in the same team,
//! `scf.for %j = t to n step T * factor` (`t` the thread's number, `T` the
//! team's size, `n` the trip count) whose body runs iterations `j`,
//! `j + T`, ..., `j + (factor - 1) * T` (neighbouring threads take
//! neighbouring iterations, as the GPU's work sharing does). An iteration
//! past `n` runs at `j` instead, as the group's first does: it reads what
//! that one reads, before the group writes anything it reads (an operation
//! runs for every iteration of the group before the next operation), and
//! writes the same values to the same places, except that it skips the
//! operations that hold an update that must not run twice (an atomic
//! read-modify-write, a compare-and-swap, an atomic store), taking the
//! first iteration's results instead. A `par.barrier` follows unless the
//! loop ends its team's body.
//!
//! With `work-sharing=true` (the CPU pipeline's form) the loop stays a
//! work-sharing `par.for`, over `G = ceil(n / factor)` groups with its
//! distribution and chunk, group `g` running iterations `g`, `g + G`, ...,
//! `g + (factor - 1) * G`: a CPU thread's blocks then hold `factor` runs of
//! neighbouring iterations, where the grid stride would deal each thread
//! iterations the team's size apart, whose writes share cache lines with
//! the other threads'.
//!
//! A loop qualifies when its body is one block of arithmetic, reads,
//! writes, updates, `par.local` storage of its own, `par.check_index` and
//! structured control flow (no collective, call or queue operation); it
//! writes no `par.local` storage made outside it (the thread's own, which
//! all its iterations share, would carry a value from one to the next); an
//! operation holding an update that writes the iteration's own storage is
//! its last (what a skipped one writes there must not be read); its lower
//! bound is a constant of 0 or more and its step a constant from 1 to
//! 2^32 - 1; and it loads from a shared buffer at its top level (a load
//! inside a branch or an inner loop waits for it anyway). With
//! `remarks=true` every such loop gets a remark saying whether it was
//! interleaved and, if not, why.

use std::collections::HashMap;
use strata_std::arith::CmpiPredicate;

use crate::loop_factor::{Factor, Factored, Verdict};
use crate::op as par;
use crate::op::{AtomicRmw, Cmpxchg, For, Load, Store};
use crate::verify::{ends_team, in_team};
use strata_ir::builder::{Builder, InsertPoint};
use strata_ir::context::{Context, OpId, Value};
use strata_ir::func::op as func;
use strata_ir::pass::PassFailed;
use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::registry::Traits;
use strata_ir::rewrite::constant_int;
use strata_ir::types::Type;
use strata_std::arith::op as arith;
use strata_std::build::{arith as build, scf as build_scf};
use strata_std::scf::op as scf;

/// The factor when none is given: four iterations' loads in flight a thread.
pub const DEFAULT_FACTOR: u32 = 4;

strata_ir::pass_options! {
    /// The options of the pass.
    pub struct InterleaveOptions {
        /// Iterations a thread runs at once.
        factor: Factor = Factor(DEFAULT_FACTOR) => "factor", Positive, "iterations a thread runs at once (at most 64; 1: none; default 4)";
        /// Keep a work-sharing loop over groups its distribution deals.
        sharing: bool = false => "work-sharing", Bool, "keep a work-sharing loop over groups of factor iterations ceil(n / factor) apart, which its distribution deals (a CPU thread's blocks), instead of each thread's own iterations the team's size apart (the GPU's grid stride; default false)";
        /// Report each work-sharing loop that reads shared memory.
        remarks: bool = false => "remarks", Bool, "report each work-sharing loop that reads shared memory: interleaved, or why not (default false)";
    }
}

/// The pass: its options and counts.
#[derive(Default)]
pub struct InterleaveLoops {
    options: InterleaveOptions,
    factored: Factored,
}

/// Whether `buf` is `par.local` storage made outside the loop `op`: the
/// thread's own, which all its iterations share.
fn thread_storage(ctx: &Context, op: OpId, buf: Value) -> bool {
    ctx.defining_op(buf).is_some_and(|d| ctx.op_kind(d) == par::LOCAL && !inside(ctx, d, op))
}

/// Whether `o` is nested in `op`.
fn inside(ctx: &Context, o: OpId, op: OpId) -> bool {
    ctx.enclosing_op(o, |p| p == op).is_some()
}

/// Operations the body may hold, at any depth: arithmetic, reads, writes,
/// updates, an iteration's own storage, index checks and structured
/// control flow.
fn allowed(ctx: &Context, o: OpId) -> bool {
    const OPS: [strata_ir::OpName; 12] = [
        par::LOAD,
        par::STORE,
        par::ATOMIC_RMW,
        par::CMPXCHG,
        par::LOCAL,
        par::CHECK_INDEX,
        par::YIELD,
        scf::IF,
        scf::FOR,
        scf::WHILE,
        scf::YIELD,
        scf::CONDITION,
    ];
    OPS.contains(&ctx.op_kind(o)) || ctx.has_traits(o, Traits::PURE)
}

/// The buffer `o` writes: a store's, an update's or a compare-and-swap's.
fn written_buffer(ctx: &Context, o: OpId) -> Option<Value> {
    Store::of(ctx, o)
        .map(|s| s.buffer(ctx))
        .or_else(|| AtomicRmw::of(ctx, o).map(|a| a.buffer(ctx)))
        .or_else(|| Cmpxchg::of(ctx, o).map(|c| c.buffer(ctx)))
}

/// Whether `o` is or holds an update that must not run twice: an atomic
/// read-modify-write, a compare-and-swap or an atomic store.
fn unrepeatable(ctx: &Context, o: OpId) -> bool {
    let mut found = false;
    ctx.walk_pre(o, &mut |x| {
        found |= AtomicRmw::of(ctx, x).is_some()
            || Cmpxchg::of(ctx, x).is_some()
            || Store::of(ctx, x).is_some_and(|s| s.atomic(ctx));
    });
    found
}

/// Whether `o` is or holds a write to storage made in the loop `op` (an
/// iteration's own).
fn writes_own_storage(ctx: &Context, op: OpId, o: OpId) -> bool {
    let mut found = false;
    ctx.walk_pre(o, &mut |x| {
        found |= written_buffer(ctx, x)
            .is_some_and(|b| ctx.defining_op(b).is_some_and(|d| ctx.op_kind(d) == par::LOCAL && inside(ctx, d, op)));
    });
    found
}

/// What the pass makes of the work-sharing `par.for` `op`.
pub fn verdict(ctx: &Context, op: OpId) -> Verdict {
    let [body] = ctx.region_blocks(ctx.region(op, 0)) else {
        return Verdict::Kept("its body is more than one block".into());
    };
    let mut shared_read = false;
    let mut why = None;
    ctx.walk_pre(op, &mut |o| {
        if o == op {
            return;
        }
        let reason = if !allowed(ctx, o) {
            Some(format!(
                "'{}' is not arithmetic, a read, a write, an update or structured control flow",
                ctx.op_name(o)
            ))
        } else if let Some(l) = Load::of(ctx, o) {
            let buf = l.buffer(ctx);
            shared_read |=
                ctx.parent_block(o) == Some(*body) && ctx.defining_op(buf).is_none_or(|d| ctx.op_kind(d) != par::LOCAL);
            None
        } else if let Some(buf) = written_buffer(ctx, o) {
            thread_storage(ctx, op, buf)
                .then(|| "it writes the thread's own storage, which its iterations share".to_string())
        } else {
            None
        };
        if why.is_none() {
            why = reason;
        }
    });
    // An iteration past the end skips the updates that must not run twice;
    // what they write to its own storage must then be read by nothing after.
    let tops = ctx.block_ops(*body);
    let tops = &tops[..tops.len().saturating_sub(1)];
    let skipped_write = tops
        .iter()
        .enumerate()
        .any(|(k, o)| k + 1 < tops.len() && unrepeatable(ctx, *o) && writes_own_storage(ctx, op, *o));
    if why.is_none() && skipped_write {
        why =
            Some("an update it must not repeat writes the iteration's own storage, which later operations read".into());
    }
    let lower = constant_int(ctx, For(op).lower(ctx));
    let step = constant_int(ctx, For(op).step(ctx));
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

/// Replaces the work-sharing `par.for` `op` by groups of `factor` of its
/// iterations, interleaved (see the module's notes): each thread's own,
/// the team's size apart, or, with `sharing`, a work-sharing loop over
/// groups the number of groups apart.
pub fn interleave(ctx: &mut Context, op: OpId, factor: u32, sharing: bool) {
    let loc = ctx.op_loc(op).clone();
    let l = For(op);
    let (lo, hi, step) = (l.lower(ctx), l.upper(ctx), l.step(ctx));
    let body = ctx.region_blocks(ctx.region(op, 0))[0];
    let iv = ctx.block_args(body)[0];
    let ops = ctx.block_ops(body);
    let ops = &ops[..ops.len() - 1];
    let lo_zero = constant_int(ctx, lo) == Some(0);
    let step = (constant_int(ctx, step) != Some(1)).then_some(step);
    let (dist, chunk) = (For(op).dist(ctx), For(op).chunk(ctx));
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    // n = ceil((max(hi, lo) - lo) / step): lo >= 0, so it stays below 2^63.
    let n = match (lo_zero, step) {
        (true, None) => build::binary(&mut b, arith::MAXSI, hi, lo),
        _ => {
            let top = build::binary(&mut b, arith::MAXSI, hi, lo);
            let span = build::binary(&mut b, arith::SUBI, top, lo);
            step.map_or(span, |s| build::binary(&mut b, arith::CEILDIVUI, span, s))
        }
    };
    let group = Group { n, lo: (!lo_zero).then_some(lo), step, iv, ops, factor };
    if sharing {
        // Group g runs g, g + G, ..., g + (factor - 1) * G, G = ceil(n / factor).
        let times = build::index(&mut b, i128::from(factor));
        let groups = build::binary(&mut b, arith::CEILDIVUI, n, times);
        let zero = build::index(&mut b, 0);
        let one = build::index(&mut b, 1);
        let (region, block, args) = b.region(&[Type::Index]);
        b.at_end_of(block, |b| {
            group.build(b, args[0], groups);
            b.op0(par::YIELD, &[])
        });
        let st = b.state(par::FOR).operands(&[zero, groups, one]).props(For::props(dist, chunk)).region(region);
        b.create(st);
    } else {
        let me = b.op1(par::THREAD_ID, &[], Type::Index);
        let team = b.op1(par::NUM_THREADS, &[], Type::Index);
        let times = build::index(&mut b, i128::from(factor));
        let stride = build::binary(&mut b, arith::MULI, team, times);
        build_scf::for_loop(&mut b, [me, n, stride], |b, j| group.build(b, j, team));
        // A work-sharing loop waits for the team at its end; this one, where
        // more of the team's body follows, must too.
        if !ends_team(b.ctx(), op) {
            b.op0(par::BARRIER, &[]);
        }
    }
    b.ctx_mut().erase_op(op);
}

/// One group of a loop's iterations, run interleaved.
struct Group<'a> {
    /// The loop's trip count.
    n: Value,
    /// Its lower bound, where not 0.
    lo: Option<Value>,
    /// Its step, where not 1.
    step: Option<Value>,
    /// Its induction variable.
    iv: Value,
    /// Its body, but for the terminator.
    ops: &'a [OpId],
    /// Iterations a group.
    factor: u32,
}

impl Group<'_> {
    /// The group of iterations `j`, `j + gap`, ..., each operation of the
    /// body for all of them before the next; one at `n` or past it runs at
    /// `j`, skipping the updates that must not run twice.
    fn build(&self, b: &mut Builder<'_>, j: Value, gap: Value) {
        let left = build::binary(b, arith::SUBI, self.n, j);
        let (mut positions, mut valids) = (Vec::new(), Vec::new());
        let mut offset = None;
        for c in 0..self.factor {
            let at = match offset {
                None => j,
                Some(o) => {
                    let valid = build::cmpi(b, CmpiPredicate::Ugt, left, o);
                    valids.push(valid);
                    let later = build::binary(b, arith::ADDI, j, o);
                    b.op1(arith::SELECT, &[valid, later, j], Type::Index)
                }
            };
            let scaled = self.step.map_or(at, |s| build::binary(b, arith::MULI, at, s));
            positions.push(self.lo.map_or(scaled, |lo| build::binary(b, arith::ADDI, lo, scaled)));
            if c + 1 < self.factor {
                offset = Some(match offset {
                    None => gap,
                    Some(o) => build::binary(b, arith::ADDI, o, gap),
                });
            }
        }
        let mut maps: Vec<_> = positions.iter().map(|p| HashMap::from([(self.iv, *p)])).collect();
        for o in self.ops {
            let guard = unrepeatable(b.ctx(), *o);
            let (first, later) = maps.split_first_mut().expect("a factor of 2 or more");
            let copy = b.ctx_mut().clone_op(*o, first, &HashMap::new());
            b.insert_op(copy);
            for (map, valid) in later.iter_mut().zip(&valids) {
                if !guard {
                    let copy = b.ctx_mut().clone_op(*o, map, &HashMap::new());
                    b.insert_op(copy);
                    continue;
                }
                // Past the end, the update is skipped and its results are
                // the group's first iteration's.
                let types: Vec<Type> = b.ctx().results(*o).iter().map(|v| b.ctx().value_type(*v).clone()).collect();
                let firsts: Vec<Value> = b.ctx().results(*o).iter().map(|v| first[v]).collect();
                let mut inner = map.clone();
                let results = build_scf::if_else(
                    b,
                    *valid,
                    &types,
                    |b| {
                        let copy = b.ctx_mut().clone_op(*o, &mut inner, &HashMap::new());
                        b.insert_op(copy);
                        b.ctx().results(copy).to_vec()
                    },
                    Some(&mut |_| firsts.clone()),
                );
                map.extend(b.ctx().results(*o).to_vec().into_iter().zip(results));
            }
        }
    }
}

impl Pass for InterleaveLoops {
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
        let work_sharing = |ctx: &Context, o| ctx.op_kind(o) == par::FOR && in_team(ctx, o);
        let sharing = self.options.sharing;
        let done = |n| {
            let how = match sharing {
                true => format!("in groups of {n} iterations the loop's distribution deals"),
                false => format!("{n} iterations a thread"),
            };
            format!("loop interleaved {how}: its iterations are independent, and one past the end repeats no update")
        };
        let apply = |ctx: &mut Context, op, factor| interleave(ctx, op, factor, sharing);
        let how = (self.options.factor, self.options.remarks);
        self.factored.run(how, (ctx, f), work_sharing, verdict, apply, (done, "loop not interleaved"));
        Ok(())
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        self.factored.statistics("loops interleaved")
    }
}

impl InterleaveLoops {
    /// Iterations a thread runs at once (1: the pass changes nothing).
    pub fn factor(&self) -> u32 {
        self.options.factor.0
    }
    /// Keeps a work-sharing loop over groups (the `work-sharing` option).
    pub fn set_work_sharing(&mut self, on: bool) {
        self.options.sharing = on;
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "par-interleave-loops",
    name: "ParInterleaveLoops",
    description: "Run each thread's iterations of a work-sharing loop several at a time, each operation of the body once per iteration before the next, so that the loads before the body's first branch or loop are issued for all of them at once",
    options: InterleaveOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(InterleaveLoops::default()) }
}
