//! `mapping = "warp"`: each iteration of a loop runs on a subgroup (a GPU
//! warp; on the CPU a thread is a subgroup of one). The subgroups take the
//! iterations in turn (subgroup `w` of `W`: `lo + w`, `lo + w + W`, ...);
//! every lane runs the body up to its neighbour loop (it only reads), the
//! lanes stride over the neighbour loop (lane `l` of `S`: neighbours `l`,
//! `l + S`, ...: a warp reads a list's consecutive entries at once), each
//! reducing into its own copy of the body's accumulators, which
//! `par.subgroup_reduce` then combines; the first lane runs what follows
//! (`docs/dialects/sched.md`). `mapping = "block"` is the same with blocks
//! (a GPU block; a CPU thread is a block of one) and `par.block_reduce`.

use super::loops::private_accumulator;
use super::*;
use strata_par_dialect::view::{Collective, RmwKind};
use strata_sched_dialect::legality::{group_mappable, split_shape, Split};

/// The threads that run an iteration together: a subgroup or a block.
pub(super) use strata_par_dialect::view::Group;

/// A group's operations, made by the lowering.
pub(super) trait GroupOps {
    /// The group's reduction of `value` by `kind`, made at `at`.
    fn reduce(self, ctx: &mut Rewriter<'_>, at: At, value: Value, kind: RmwKind, loc: &Location) -> Value;
    /// The group's exclusive scan of `value` by `kind`, made at `at`.
    fn scan(self, ctx: &mut Rewriter<'_>, at: At, value: Value, kind: RmwKind, loc: &Location) -> Value;
    /// This thread's group, the team's count of them, its number in the
    /// group and the group's size, made at `at`.
    fn ids(self, ctx: &mut Rewriter<'_>, at: At, loc: &Location) -> (Value, Value, Value, Value);
}

impl GroupOps for Group {
    fn reduce(self, ctx: &mut Rewriter<'_>, at: At, value: Value, kind: RmwKind, loc: &Location) -> Value {
        collective(ctx, at, Collective { group: self, scan: false, kind }, value, loc)
    }

    fn scan(self, ctx: &mut Rewriter<'_>, at: At, value: Value, kind: RmwKind, loc: &Location) -> Value {
        collective(ctx, at, Collective { group: self, scan: true, kind }, value, loc)
    }

    fn ids(self, ctx: &mut Rewriter<'_>, at: At, loc: &Location) -> (Value, Value, Value, Value) {
        let [id, count, member, size, ..] = self.ops();
        let id_of = |ctx: &mut Rewriter<'_>, name| op1(ctx, at, name, &[], Type::Index, loc);
        (id_of(ctx, id), id_of(ctx, count), id_of(ctx, member), id_of(ctx, size))
    }
}

/// The collective `c` of `value`, made at `at`.
fn collective(ctx: &mut Rewriter<'_>, at: At, c: Collective, value: Value, loc: &Location) -> Value {
    let t = ctx.value_type(value).clone();
    let op = mk(ctx, at, c.state(value, t, loc.clone()));
    ctx.result(op, 0)
}

impl Lowering {
    /// Lowers the parallel loop `op` (schedule `s`, mapping `warp` or
    /// `block`: `group`) to a team whose subgroups or blocks share its
    /// iterations.
    pub(super) fn group_loop(&mut self, ctx: &mut Rewriter<'_>, op: OpId, s: &LoopSchedule, group: Group) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let shape = group_mappable(ctx, op, s).expect("checked by the sched verifier");
        let (lo, hi, walk) = self.space(ctx, op, at, &loc);
        self.scope = super::loops::team_scope(ctx, op, s);
        self.make_locks(ctx, op, at, &loc);
        let (pr, pb) = new_body(ctx, &[], &loc);
        let pat = At::End(pb);
        let (w, team, lane, width) = group.ids(ctx, pat, &loc);
        let first = op1(ctx, pat, arith::ADDI, &[lo, w], Type::Index, &loc);
        let (r, blk) = new_body(ctx, &[Type::Index], &loc);
        let k = ctx.block_args(blk)[0];
        self.iteration(ctx, op, &walk, blk, k, scf::YIELD, &loc);
        let turns = mk(ctx, pat, OperationState::new(scf::FOR, loc.clone()).operands(&[first, hi, team]).region(r));
        self.share_neighbours(ctx, &shape, (lane, width), group, &loc);
        op0(ctx, At::End(pb), par::YIELD, &[], &loc);
        let team_op = mk(ctx, at, OperationState::new(par::PARALLEL, loc.clone()).region(pr));
        ctx.erase_op(op);
        self.scopes.insert(r, Rc::new(Scope { iteration: Some(turns), ..(*self.scope).clone() }));
        let locks: Vec<Value> = self.scope.locks.values().copied().collect();
        let after = ctx.next_op(team_op).map(At::Before).expect("a terminator after the team");
        for l in locks {
            op0(ctx, after, par::FREE, &[l], &loc);
        }
        true
    }

    /// At the end of the team body `pb`, after the round's work-shared loop:
    /// the iterations the round deferred to `group`s (`deferred`: the list,
    /// how many it holds, and its count, whose second word is the cursor,
    /// zeroed before the round, by the block or warp tier of
    /// [`Lowering::prepare_split`]), each group running `copy` (a copy of
    /// the loop, used up) for one as `mapping = "warp"` (or `"block"`) runs
    /// an iteration. The groups take the listed iterations as they come
    /// free, not in turn: the group's first thread takes the next place
    /// with an atomic add on the cursor, the next one's while the group
    /// walks this one, so that a group whose nodes are long takes fewer.
    pub(super) fn group_walks(
        &mut self,
        ctx: &mut Rewriter<'_>,
        copy: OpId,
        pb: BlockId,
        (nodes, n, count): (Value, Value, Value),
        group: Group,
        loc: &Location,
    ) {
        let at = At::End(pb);
        // Every thread read the same count after the loop's barrier: the
        // group's maximum says so to the divergence check.
        let n = group.reduce(ctx, at, n, RmwKind::Max, loc);
        let (_, _, lane, width) = group.ids(ctx, at, loc);
        let shape = split_shape(ctx, copy).expect("checked by the sched verifier");
        let mine = self.take_place(ctx, at, count, lane, loc);
        let first = group.reduce(ctx, at, mine, RmwKind::Max, loc);
        let (before, bb) = new_body(ctx, &[Type::Index], loc);
        let place = ctx.block_args(bb)[0];
        let more = cmpi(ctx, At::End(bb), CmpiPredicate::Ult, place, n, loc);
        op0(ctx, At::End(bb), scf::CONDITION, &[more, place], loc);
        let (after, ab) = new_body(ctx, &[Type::Index], loc);
        let k = ctx.block_args(ab)[0];
        let next = self.take_place(ctx, At::End(ab), count, lane, loc);
        let x = load(ctx, At::End(ab), nodes, k, false, loc);
        self.emit_body(ctx, copy, ab, &[x], scf::YIELD, loc);
        let st = OperationState::new(scf::WHILE, loc.clone()).operands(&[first]).results(&[Type::Index]);
        let turns = mk(ctx, at, st.region(before).region(after));
        self.share_neighbours(ctx, &shape, (lane, width), group, loc);
        // The next place, the group's, goes round.
        let end = ctx.last_op(ab).expect("the body's terminator");
        ctx.erase_op(end);
        let next = group.reduce(ctx, At::End(ab), next, RmwKind::Max, loc);
        op0(ctx, At::End(ab), scf::YIELD, &[next], loc);
        self.scopes.insert(after, Rc::new(Scope { iteration: Some(turns), ..(*self.scope).clone() }));
        ctx.erase_op(copy);
    }

    /// At `at`: on a group's first thread (`lane` 0), the next place of the
    /// cursor (the second word of `count`), taken by an atomic add; 0 on
    /// the others.
    fn take_place(&mut self, ctx: &mut Rewriter<'_>, at: At, count: Value, lane: Value, loc: &Location) -> Value {
        let zero = index_const(ctx, at, 0, loc);
        let leads = cmpi(ctx, at, CmpiPredicate::Eq, lane, zero, loc);
        let take = |ctx: &mut Rewriter<'_>, at| {
            let one = index_const(ctx, at, 1, loc);
            self.atomic(ctx, at, RmwKind::Add, one, count, one, loc)
        };
        choose(ctx, at, leads, take, |_, _| zero, loc)
    }

    /// In an iteration's body (already in place): the neighbour loop of
    /// `shape` strided over the group's threads (`lane` of `width`), the
    /// accumulators per thread (the first's from the scalar's initial
    /// value, the others' from the reduction's neutral one) combined over
    /// the group after it, and what follows the loop on the first thread.
    fn share_neighbours(
        &mut self,
        ctx: &mut Rewriter<'_>,
        shape: &Split,
        (lane, width): (Value, Value),
        group: Group,
        loc: &Location,
    ) {
        let inner = shape.inner;
        let zero_at = |ctx: &mut Rewriter<'_>, at| index_const(ctx, at, 0, loc);
        let mut copies = Vec::new();
        for (a, kind) in &shape.accumulators {
            let aat = At::Before(*a);
            let init = graph::NewScalar(*a).init(ctx);
            let start = |ctx: &mut Rewriter<'_>, e: &Type| match kind {
                Some(kind) => {
                    let z = zero_at(ctx, aat);
                    let leads = cmpi(ctx, aat, CmpiPredicate::Eq, lane, z, loc);
                    let n = constant(ctx, aat, neutral(*kind, e), e.clone(), loc);
                    op1(ctx, aat, arith::SELECT, &[leads, init, n], e.clone(), loc)
                }
                None => init,
            };
            copies.push((private_accumulator(ctx, aat, *a, start, loc), *kind));
        }
        // The neighbour loop: lane l walks entries l, l + width, ...
        let strided = |ctx: &mut Rewriter<'_>, iat, lo, hi| {
            (op1(ctx, iat, arith::ADDI, &[lo, lane], Type::Index, loc), hi, width)
        };
        let (each, _, _) = self.walk_share(ctx, inner, strided, loc);
        // What follows: the accumulators combined by every lane, the rest
        // on the first.
        let tail = ops_after(ctx, each);
        let rat = ctx.next_op(each).map(At::Before).expect("the body's terminator");
        for (l, kind) in &copies {
            let Some(kind) = kind else { continue };
            let z = zero_at(ctx, rat);
            let mine = load(ctx, rat, *l, z, false, loc);
            let all = group.reduce(ctx, rat, mine, rmw_kind(*kind), loc);
            store(ctx, rat, all, *l, z, loc);
        }
        if tail.is_empty() {
            return;
        }
        let z = zero_at(ctx, rat);
        let leads = cmpi(ctx, rat, CmpiPredicate::Eq, lane, z, loc);
        let fb = if_then(ctx, rat, leads, loc);
        let end = mk(ctx, At::End(fb), OperationState::new(scf::YIELD, loc.clone()));
        for o in tail {
            ctx.move_op_before(o, end);
        }
    }
}
