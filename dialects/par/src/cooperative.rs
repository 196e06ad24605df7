//! `par-cooperative-pushes`: cooperative conversion of worklist pushes
//! (IrGL's): a `par.queue_push {aggregate = "block"}` (or `"subgroup"`)
//! no longer reserves its place with an atomic add of its own; each thread
//! gathers its items in a buffer of its own, and at the nearest focal point
//! after the push ([`crate::focal`]: a point every thread of the block, or
//! subgroup, passes through together) the group adds up its threads'
//! counts (`par.block_scan` and `par.block_reduce`), its first thread
//! reserves the places of all of them with one `par.queue_reserve`, and
//! every thread writes its items into its share with `par.queue_put`.
//!
//! - A unique queue's item is claimed first (`par.queue_claim`; not where
//!   the push is `unclaimed`), and only a claimed item is gathered; a
//!   plain queue's needs no claim.
//! - Where a loop lies between the push and its focal point, the thread
//!   may gather more items than its buffer holds (`buffer`, default 32): a
//!   full buffer is sent on by the thread alone (one reservation for all
//!   its items: aggregation per thread).
//! - With `uniform-loops` (the default), a work-sharing `par.for` holding
//!   such a push, whose step is a positive constant, becomes a loop with
//!   the same number of turns on every
//!   thread (`ceil(iterations / threads)`; in turn `r`, thread `t` runs
//!   iteration `r * threads + t` if there is one: the GPU's cyclic
//!   sharing), so that the end of each turn is a focal point and the block
//!   aggregates each turn's pushes; the loop's barrier follows it. Without
//!   it the nearest focal point is after the `par.for`, and the threads'
//!   buffers do most of the aggregation.
//!
//! A push whose queue is not made by `par.queue_new` in the function (an
//! ordered queue places its items itself; a queue passed in may be one) or
//! that is not in a parallel region stays as it is. With `remarks=true`
//! every marked push says where it was aggregated and, where that is not
//! just after it, which branch kept it from an earlier point.

use std::collections::HashMap;
use strata_std::arith::CmpiPredicate;

use strata_ir::builder::{Builder, InsertPoint};
use strata_ir::context::{Context, OpId, Value};
use strata_ir::func::op as func;
use strata_ir::pass::{Pass, PassDecl, PassFailed, PassInfo};
use strata_ir::rewrite::constant_int;
use strata_ir::types::Type;
use strata_ir::Diagnostic;
use strata_std::arith::op as arith;
use strata_std::build::arith::{binary, cmpi, index};
use strata_std::build::scf::{for_loop, if_else, when};
use strata_std::scf::op as scf;

use crate::build::{load, store};
use crate::focal::{Blocker, FocalPoints};
use crate::op as par;
use crate::op::{Local, QueueNew, QueuePush, QueuePut};
use crate::types::{buf, queue_element};
use crate::uniformity::{team_of, Level};
use crate::view::{Collective, Group, RmwKind};

strata_ir::pass_options! {
    /// The options of the pass.
    pub struct CooperativeOptions {
        /// Items each thread gathers before it sends them on alone, where a loop lies between a push and its focal point (default 32).
        buffer: i64 = 32 => "buffer", Positive, "items each thread gathers before it sends them on alone, where a loop lies between a push and its focal point (default 32)";
        /// Make each work-sharing loop holding such a push the same number of turns on every thread, so that the group aggregates every turn (default true).
        uniform_loops: bool = true => "uniform-loops", Bool, "make each work-sharing loop holding such a push the same number of turns on every thread, so that the group aggregates every turn (default true)";
        /// Report for each marked push where it was aggregated and which branch kept it from an earlier point, or why it was not (default false).
        remarks: bool = false => "remarks", Bool, "report for each marked push where it was aggregated and which branch kept it from an earlier point, or why it was not (default false)";
    }
}

/// The pass, its options and counts.
#[derive(Default)]
pub struct CooperativePushes {
    /// Its options.
    options: CooperativeOptions,
    aggregated: u64,
    left: u64,
}

/// The pushes aggregated at one point: after `after`, into `queue`, by
/// the threads of `group`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Site {
    after: OpId,
    queue: Value,
    unclaimed: bool,
    group: Group,
}

/// Where `op` is, for messages.
fn at(ctx: &Context, op: OpId) -> String {
    format!("'{}' at {}", ctx.op_name(op), ctx.op_loc(op).short())
}

/// Whether a loop lies between `op` and `outer` (an ancestor, or `op`
/// itself), `outer` included.
fn loop_between(ctx: &Context, op: OpId, outer: OpId) -> bool {
    let mut cur = Some(op);
    while let Some(o) = cur {
        if o != op && matches!(ctx.op_kind(o), scf::FOR | scf::WHILE | par::FOR) {
            return true;
        }
        if o == outer {
            return false;
        }
        cur = ctx.parent_op(o);
    }
    false
}

/// The group's sum of `v` (an exclusive scan where `scan`).
fn sum(b: &mut Builder<'_>, group: Group, scan: bool, v: Value) -> Value {
    let st = Collective { group, scan, kind: RmwKind::Add }.state(v, Type::Index, b.loc().clone());
    let op = b.create(st);
    b.ctx().result(op, 0)
}

/// `par.queue_reserve q, n`: the first place.
fn reserve(b: &mut Builder<'_>, q: Value, n: Value) -> Value {
    b.op1(par::QUEUE_RESERVE, &[q, n], Type::Index)
}

/// Writes items `0..n` of `items` to the places from `first` on.
fn put_all(b: &mut Builder<'_>, items: Value, n: Value, q: Value, first: Value, unclaimed: bool) {
    let (zero, one) = (index(b, 0), index(b, 1));
    for_loop(b, [zero, n, one], |b, j| {
        let x = load(b, items, j, false);
        let place = binary(b, arith::ADDI, first, j);
        b.create(b.state(par::QUEUE_PUT).operands(&[x, q, place]).props(QueuePut::props(unclaimed)));
    });
}

/// Rewrites the work-sharing loop `f` into turns the same in number on
/// every thread (see the module's notes), followed by a barrier.
fn make_uniform(ctx: &mut Context, f: OpId) {
    let loc = ctx.op_loc(f).clone();
    let l = par::For(f);
    let (lo, hi, step) = (l.lower(ctx), l.upper(ctx), l.step(ctx));
    let body = ctx.region(f, 0);
    let mut b = Builder::new(ctx, InsertPoint::Before(f), loc);
    let threads = b.op1(par::NUM_THREADS, &[], Type::Index);
    let me = b.op1(par::THREAD_ID, &[], Type::Index);
    let zero = index(&mut b, 0);
    let one = index(&mut b, 1);
    let some = cmpi(&mut b, CmpiPredicate::Ugt, hi, lo);
    let span = binary(&mut b, arith::SUBI, hi, lo);
    let span = binary(&mut b, arith::CEILDIVUI, span, step);
    let n = b.op1(arith::SELECT, &[some, span, zero], Type::Index);
    let turns = binary(&mut b, arith::CEILDIVUI, n, threads);
    let mut inner = None;
    for_loop(&mut b, [zero, turns, one], |b, r| {
        let k = binary(b, arith::MULI, r, threads);
        let k = binary(b, arith::ADDI, k, me);
        let inside = cmpi(b, CmpiPredicate::Ult, k, n);
        when(b, inside, |b| {
            let offset = binary(b, arith::MULI, k, step);
            let i = binary(b, arith::ADDI, lo, offset);
            inner = Some((i, b.insert_point()));
        });
    });
    let is_last = ctx.next_op(f).is_some_and(|n| ctx.op_kind(n) == par::YIELD && ctx.parent_op(n) == team_of(ctx, f));
    if !is_last {
        let barrier = ctx.create_op(strata_ir::context::OperationState::new(par::BARRIER, ctx.op_loc(f).clone()));
        ctx.insert_op_after(f, barrier);
    }
    // The body goes into the guard, before its terminator.
    let (i, InsertPoint::End(guard)) = inner.expect("the guard is built") else {
        unreachable!("the guard's builder appends to its block")
    };
    let guard_end = ctx.last_op(guard).expect("the guard ends with its terminator");
    let block = ctx.entry_block(body).expect("a par.for has a body");
    let arg = ctx.block_args(block)[0];
    ctx.replace_all_uses(arg, i);
    if let Some(end) = ctx.last_op(block) {
        ctx.erase_op(end);
    }
    ctx.splice_block(block, guard, Some(guard_end));
    ctx.erase_op(f);
}

/// The team of the push `p`, or why it cannot be aggregated whatever the
/// code around it.
fn eligible(ctx: &Context, p: OpId) -> Result<OpId, String> {
    let Some(team) = team_of(ctx, p) else {
        return Err("it is not in a parallel region".into());
    };
    let q = QueuePush(p).queue(ctx);
    if ctx.defining_op(q).is_none_or(|d| ctx.op_kind(d) != par::QUEUE_NEW) {
        return Err(
            "its queue is not made by 'par.queue_new' in this function (an ordered queue places its items itself)"
                .into(),
        );
    }
    Ok(team)
}

/// The sites of one team that push to one queue (claimed or not), which
/// share a buffer: its size, and whether a loop lies between a push and
/// its site.
struct Shared {
    key: (OpId, Value, bool),
    sites: Vec<usize>,
    size: i64,
    looped: bool,
}

/// A thread's buffer of items and its count, and the items it holds.
type Buffer = (Value, Value, i64);

/// A buffer of `size` items of `queue` and its count (zero) for each
/// thread of `team`, made at the start of its body.
fn new_buffer(ctx: &mut Context, team: OpId, queue: Value, size: i64) -> Buffer {
    let top = ctx.entry_block(ctx.region(team, 0)).expect("a team has a body");
    let first = ctx.first_op(top).expect("a team's body ends with its terminator");
    let item_t = queue_element(ctx.value_type(queue)).expect("a queue");
    let mut b = Builder::new(ctx, InsertPoint::Before(first), ctx.op_loc(team).clone());
    let st = b.state(par::LOCAL).props(Local::props(Some(size))).results(&[buf(&item_t)]);
    let items = b.create(st);
    let items = b.ctx().result(items, 0);
    let count = b.op1(par::LOCAL, &[], buf(&Type::Index));
    let zero = index(&mut b, 0);
    store(&mut b, zero, count, zero, false);
    (items, count, size)
}

impl CooperativePushes {
    /// The point after which the push `p` is aggregated, and the branch
    /// that kept it from an earlier one; or why it stays as it is.
    fn site(
        &self,
        ctx: &Context,
        p: OpId,
        group: Group,
        focal: &mut HashMap<(OpId, Group), FocalPoints>,
    ) -> Result<(OpId, Option<Blocker>), String> {
        let team = eligible(ctx, p)?;
        let points = focal.entry((team, group)).or_insert_with(|| FocalPoints::of(ctx, team, Level::of(group)));
        let mut cur = p;
        let mut blocked = None;
        loop {
            let next = ctx.next_op(cur).expect("an operation before its block's terminator");
            match points.blocked_by(next) {
                None if points.is_focal(next) => return Ok((cur, blocked)),
                // The outermost branch that kept it from a point inside.
                why => blocked = why.or(blocked),
            }
            match ctx.parent_op(cur) {
                Some(parent) if parent != team => cur = parent,
                _ => return Err("no point of its parallel region is one every thread passes through together".into()),
            }
        }
    }

    /// Replaces the pushes of `site` by gathering into the thread's
    /// buffer (`items` of `size`, `count` of them held; sent on by the
    /// thread where it fills, if `overflow`), aggregated by the group after
    /// `site.after`.
    fn convert(&self, ctx: &mut Context, site: Site, pushes: &[OpId], (items, count, size): Buffer, overflow: bool) {
        // Where the group aggregates (the site may be a push, erased below).
        let next = ctx.next_op(site.after).expect("not a terminator");
        let mut b = Builder::new(ctx, InsertPoint::Before(pushes[0]), ctx.op_loc(pushes[0]).clone());
        let q = site.queue;
        let unique = b.ctx().defining_op(q).is_some_and(|d| QueueNew(d).unique(b.ctx()));
        for &p in pushes {
            let x = QueuePush(p).item(b.ctx());
            b.set_insert_point(InsertPoint::Before(p));
            let gather = |b: &mut Builder<'_>| {
                let zero = index(b, 0);
                let mut n = load(b, count, zero, false);
                if overflow {
                    let full_at = index(b, i128::from(size));
                    let full = cmpi(b, CmpiPredicate::Uge, n, full_at);
                    n = if_else(
                        b,
                        full,
                        &[Type::Index],
                        |b| {
                            let all = index(b, i128::from(size));
                            let first = reserve(b, q, all);
                            put_all(b, items, all, q, first, site.unclaimed);
                            vec![index(b, 0)]
                        },
                        Some(&mut |_: &mut Builder<'_>| vec![n]),
                    )[0];
                }
                store(b, x, items, n, false);
                let one = index(b, 1);
                let more = binary(b, arith::ADDI, n, one);
                store(b, more, count, zero, false);
            };
            if site.unclaimed || !unique {
                gather(&mut b);
            } else {
                let claimed = b.op1(par::QUEUE_CLAIM, &[x, q], Type::i1());
                when(&mut b, claimed, gather);
            }
            b.ctx_mut().erase_op(p);
        }
        // The group's aggregation, after the site.
        b.set_insert_point(InsertPoint::Before(next));
        let zero = index(&mut b, 0);
        let n = load(&mut b, count, zero, false);
        let before = sum(&mut b, site.group, true, n);
        let total = sum(&mut b, site.group, false, n);
        let any = cmpi(&mut b, CmpiPredicate::Ne, total, zero);
        when(&mut b, any, |b| {
            let member = b.op1(site.group.ops()[2], &[], Type::Index);
            let zero = index(b, 0);
            let leads = cmpi(b, CmpiPredicate::Eq, member, zero);
            let mine = if_else(
                b,
                leads,
                &[Type::Index],
                |b| vec![reserve(b, q, total)],
                Some(&mut |b: &mut Builder<'_>| vec![index(b, 0)]),
            )[0];
            let base = sum(b, site.group, false, mine);
            let first = binary(b, arith::ADDI, base, before);
            put_all(b, items, n, q, first, site.unclaimed);
            store(b, zero, count, zero, false);
        });
    }
}

impl Pass for CooperativePushes {
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
        let mut marked = Vec::new();
        ctx.walk_pre(f, &mut |o| {
            if let Some(g) = (ctx.op_kind(o) == par::QUEUE_PUSH).then(|| QueuePush(o).aggregate(ctx)).flatten() {
                marked.push((o, g));
            }
        });
        if marked.is_empty() {
            return Ok(());
        }
        if self.options.uniform_loops {
            let mut loops = Vec::new();
            for (p, _) in marked.iter().filter(|(p, _)| eligible(ctx, *p).is_ok()) {
                // A step known positive: the loop's own check of it goes.
                let f = ctx
                    .enclosing_op(*p, |o| ctx.op_kind(o) == par::FOR)
                    .filter(|f| constant_int(ctx, ctx.operand(*f, 2)).is_some_and(|s| s > 0));
                if let Some(f) = f.filter(|f| !loops.contains(f) && team_of(ctx, *f).is_some()) {
                    loops.push(f);
                }
            }
            for l in loops {
                make_uniform(ctx, l);
            }
        }
        let mut focal = HashMap::new();
        let mut sites: Vec<(Site, Vec<OpId>)> = Vec::new();
        for (p, group) in marked {
            let loc = ctx.op_loc(p).clone();
            match self.site(ctx, p, group, &mut focal) {
                Ok((after, blocked)) => {
                    self.aggregated += 1;
                    if self.options.remarks {
                        let g = group.name();
                        let place = if after == p {
                            "just after it".to_string()
                        } else {
                            format!("after the {}", at(ctx, after))
                        };
                        let mut m = format!("push aggregated per {g} {place}, the nearest point every thread of the {g} passes through together: one reservation for the {g}'s items");
                        match blocked {
                            Some((branch, why)) if branch == after => m += &format!("; not inside it: it {why}"),
                            Some((branch, why)) => m += &format!("; not earlier: the {} {why}", at(ctx, branch)),
                            None => {}
                        }
                        ctx.emit(Diagnostic::remark(loc, m));
                    }
                    let unclaimed = QueuePush(p).unclaimed(ctx);
                    let site = Site { after, queue: QueuePush(p).queue(ctx), unclaimed, group };
                    match sites.iter_mut().find(|(s, _)| *s == site) {
                        Some((_, ps)) => ps.push(p),
                        None => sites.push((site, vec![p])),
                    }
                }
                Err(why) => {
                    self.left += 1;
                    if self.options.remarks {
                        ctx.emit(Diagnostic::remark(loc, format!("push not aggregated: {why}")));
                    }
                }
            }
        }
        // One buffer per team, queue and claim for its sites: each site
        // empties it, so it holds at most what a site gathers, and a full
        // one is sent on where another site's items may be in it.
        let mut buffers: Vec<Shared> = Vec::new();
        for (k, (site, pushes)) in sites.iter().enumerate() {
            let looped = pushes.iter().any(|p| loop_between(ctx, *p, site.after));
            let need = if looped { self.options.buffer } else { pushes.len() as i64 };
            let team = team_of(ctx, site.after).expect("checked");
            let key = (team, site.queue, site.unclaimed);
            let i = match buffers.iter().position(|b| b.key == key) {
                Some(i) => i,
                None => {
                    buffers.push(Shared { key, sites: Vec::new(), size: 0, looped: false });
                    buffers.len() - 1
                }
            };
            let b = &mut buffers[i];
            b.sites.push(k);
            b.size = b.size.max(need);
            b.looped |= looped;
        }
        for b in buffers {
            let (team, queue, _) = b.key;
            let buffer = new_buffer(ctx, team, queue, b.size);
            let overflow = b.looped || b.sites.len() > 1;
            for k in b.sites {
                let (site, pushes) = &sites[k];
                self.convert(ctx, *site, pushes, buffer, overflow);
            }
        }
        Ok(())
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        vec![("pushes aggregated", self.aggregated), ("pushes left", self.left)]
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "par-cooperative-pushes",
    name: "ParCooperativePushes",
    description: "Aggregate pushes marked 'aggregate' per block or subgroup at the nearest focal point: one reservation per group",
    options: CooperativeOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(CooperativePushes::default()) }
}
