//! Rounds: `graph.single` (locks and the else branch), `graph.iterate` and `graph.fixpoint` as `scf.while` loops.

use super::*;

/// Replaces `op` (a round loop with results) by an `scf.while` with the
/// given initial values, result types and regions.
pub(super) fn replace_with_while(
    ctx: &mut Rewriter<'_>,
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
        ctx.replace_all_uses_with(o, n);
    }
    ctx.erase_op(op);
}

impl Lowering {
    /// Lock arrays for the `graph.single`s and `graph.reduce_arg`s of a round, zeroed.
    pub(super) fn make_locks(&mut self, ctx: &mut Rewriter<'_>, op: OpId, at: At, loc: &Location) {
        let mut kinds: Vec<(&'static str, Option<(Value, SizeOf)>)> = Vec::new();
        ctx.walk_pre(op, &mut |o| match ctx.op_kind(o) {
            graph::SINGLE => {
                let single = graph::Single(o);
                let edge = single.locked(ctx).first().is_some_and(|v| is_edge(ctx.value_type(*v)));
                let (k, of) = if edge { ("edges", SizeOf::Edges) } else { ("nodes", SizeOf::Nodes) };
                if !kinds.iter().any(|(n, _)| *n == k) {
                    kinds.push((k, Some((single.graph(ctx), of))));
                }
            }
            graph::REDUCE_ARG if !kinds.iter().any(|(n, _)| *n == "stripes") => kinds.push(("stripes", None)),
            _ => {}
        });
        let saved = self.scope.parallel;
        self.scope_mut().parallel = false;
        for (k, g) in kinds {
            let n = match g {
                Some((g, of)) => self.size(ctx, at, g, of, loc),
                None => index_const(ctx, at, 4096, loc),
            };
            let l = op1(ctx, at, par::ALLOC, &[n], buf(&Type::int(32)), loc);
            let zero = constant(ctx, at, Attribute::int(0, Type::int(32)), Type::int(32), loc);
            self.fill(ctx, at, l, n, &|_| zero, loc);
            self.scope_mut().locks.insert(k, l);
        }
        self.scope_mut().parallel = saved;
    }

    pub(super) fn single(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let keys: Vec<Value> = graph::Single(op).locked(ctx).to_vec();
        let edge = is_edge(ctx.value_type(keys[0]));
        let (locked, other) = (ctx.region(op, 0), ctx.region(op, 1));
        if !self.scope.parallel {
            // Outside a parallel loop nobody else holds a lock: the first region runs.
            if let Some(b) = ctx.entry_block(locked) {
                if let Some(t) = ctx.last_op(b) {
                    ctx.erase_op(t);
                }
                let parent = ctx.parent_block(op).expect("block");
                ctx.splice_block(b, parent, Some(op));
            }
            ctx.erase_op(op);
            return true;
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
                let same = cmpi(ctx, At::End(tb), CmpiPredicate::Eq, k, ks[i - 1], &loc);
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
        let (tr, tb) = (ctx.new_region(), ctx.new_region());
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
        mk(ctx, at, OperationState::new(scf::IF, loc.clone()).operands(&[ok]).region(tr).region(tb));
        ctx.erase_op(op);
        true
    }

    pub(super) fn iterate(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let (q, inits) = (graph::Iterate(op).worklist(ctx), graph::Iterate(op).inits(ctx).to_vec());
        let types: Vec<Type> = inits.iter().map(|v| ctx.value_type(*v).clone()).collect();
        let (before, bb) = new_body(ctx, &types, &loc);
        let more = op1(ctx, At::End(bb), par::QUEUE_ADVANCE, &[q], Type::i1(), &loc);
        let mut cond_ops = vec![more];
        cond_ops.extend(ctx.block_args(bb).to_vec());
        op0(ctx, At::End(bb), scf::CONDITION, &cond_ops, &loc);
        let after = ctx.new_region();
        ctx.move_region_blocks(ctx.region(op, 0), after, 0);
        let ab = ctx.entry_block(after).expect("body");
        let t = ctx.last_op(ab).expect("terminator");
        let vals = ctx.operands(t).to_vec();
        ctx.erase_op(t);
        op0(ctx, At::End(ab), scf::YIELD, &vals, &loc);
        replace_with_while(ctx, op, &inits, &types, before, after, &loc);
        true
    }

    pub(super) fn fixpoint(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let inits = ctx.operands(op).to_vec();
        let types: Vec<Type> = inits.iter().map(|v| ctx.value_type(*v).clone()).collect();
        let before = ctx.new_region();
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
        true
    }
}
