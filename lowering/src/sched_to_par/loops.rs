//! Parallel loops: iteration spaces (nodes, edges, neighbours, worklist items, ranges, bitmaps, pulled in-edges, collapsed edges), bodies and nested loops (hub splitting in `split.rs`).

use super::*;
use strata_sched_dialect::settle::{settling_reductions, Settling};

/// Builds a loop body's arguments at a place from the loop's position.
pub(super) type BodyArgs = Box<dyn Fn(&mut Rewriter<'_>, At, Value) -> Vec<Value>>;

/// What the positions of a lowered loop stand for.
pub(super) enum Walk {
    /// The loop's own space; builds the body's arguments from the position.
    Args(BodyArgs),
    /// Every node (or edge); those whose flag is set are the items.
    Members(Value),
    /// Edges: the outer loop's node is the edge's source (its target for an
    /// in-loop), its neighbour loop runs once for the edge.
    Edges(OpId),
    /// Target nodes gathering over their in-edges (sources tested against
    /// the bitmap, if any); with settling reductions, a node's scan stops
    /// once none of them can change its element.
    Pull { inner: OpId, bits: Option<Value>, settle: Vec<Settling> },
    /// Positions of the walked out-list of a `common_nbrs` loop (its
    /// targets, the slice's start, the other list's slice): the body runs
    /// where the value is new and the other list holds it.
    Common { tgt: Value, lo: Value, other: (Value, Value) },
}

impl Lowering {
    /// Runs `body` for `i` in `0..n`: a statically shared loop of its own
    /// team outside parallel loops, a plain loop inside them.
    pub(super) fn each(
        &mut self,
        ctx: &mut Rewriter<'_>,
        at: At,
        n: Value,
        body: &dyn Fn(&mut Rewriter<'_>, At, Value),
        loc: &Location,
    ) {
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
                .props(strata_par_dialect::op::For::props(ParDist::Static, 4096))
                .region(r);
            mk(ctx, At::End(pb), st);
            op0(ctx, At::End(pb), par::YIELD, &[], loc);
            mk(ctx, at, OperationState::new(par::PARALLEL, loc.clone()).region(pr));
        }
    }

    /// A flag per node (or edge) of the worklist `op` loops over, set for
    /// the items of the current round: `(flags, count)`. Made before the
    /// loop; the caller frees it after.
    pub(super) fn frontier_bitmap(
        &mut self,
        ctx: &mut Rewriter<'_>,
        op: OpId,
        at: At,
        loc: &Location,
    ) -> Option<(Value, Value)> {
        let q = worklist_of(ctx, op).expect("a loop over a worklist's items");
        let new = ctx.defining_op(q).filter(|d| ctx.op_name(*d) == par::QUEUE_NEW);
        let Some(n) = new.map(|d| par::QueueNew(d).capacity(ctx)) else {
            self.error(ctx, op, "frontier 'bitmap' needs the worklist's 'graph.new_worklist' in the same function");
            return None;
        };
        let bits = self.cleared_flags(ctx, at, n, loc);
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

    /// Bounds of a loop's space and what its positions stand for.
    pub(super) fn space(&mut self, ctx: &mut Rewriter<'_>, op: OpId, at: At, loc: &Location) -> (Value, Value, Walk) {
        let space = space_of(ctx, op).unwrap_or(Space::Nodes);
        let ops = ctx.operands(op).to_vec();
        if space == Space::CommonNbrs {
            let off = self.array(ctx, ops[0], GraphArray::OutOffsets);
            let tgt = self.array(ctx, ops[0], GraphArray::OutTargets);
            let f = self.helper(ctx, Helper::CommonSlices);
            let c = self.call(
                ctx,
                at,
                &f,
                &[off, tgt, ops[1], ops[2], ops[3]],
                &[Type::Index, Type::Index, Type::Index, Type::Index],
                loc,
            );
            let r = ctx.results(c).to_vec();
            return (r[0], r[1], Walk::Common { tgt, lo: r[0], other: (r[2], r[3]) });
        }
        let (lo, hi, args) = self.args_space(ctx, space, &ops, at, loc);
        (lo, hi, Walk::Args(args))
    }

    /// Bounds of a counted space and a builder of the body's arguments from the position.
    pub(super) fn args_space(
        &mut self,
        ctx: &mut Rewriter<'_>,
        space: Space,
        ops: &[Value],
        at: At,
        loc: &Location,
    ) -> (Value, Value, BodyArgs) {
        match space {
            Space::Nodes | Space::Edges => {
                let lo = index_const(ctx, at, 0, loc);
                let hi =
                    self.size(ctx, at, ops[0], if space == Space::Nodes { SizeOf::Nodes } else { SizeOf::Edges }, loc);
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
            Space::CommonNbrs => unreachable!("a walk of its own"),
        }
    }

    /// Moves the body (and filter) of `op` into `blk` for the iteration with
    /// argument values `args`, ending it with `term`.
    pub(super) fn emit_body(
        &mut self,
        ctx: &mut Rewriter<'_>,
        op: OpId,
        blk: BlockId,
        args: &[Value],
        term: OpName,
        loc: &Location,
    ) {
        let (body, filter) = (ctx.region(op, 0), ctx.region(op, 1));
        let inline = |ctx: &mut Rewriter<'_>, r: RegionId, dst: BlockId| -> Option<OpId> {
            let src = ctx.entry_block(r)?;
            for (a, v) in ctx.block_args(src).to_vec().into_iter().zip(args) {
                ctx.replace_all_uses_with(a, *v);
            }
            let t = ctx.last_op(src);
            ctx.splice_block(src, dst, None);
            t
        };
        match ctx.entry_block(filter) {
            Some(_) => {
                let yielded = inline(ctx, filter, blk).expect("filter");
                let cond = graph::Yield(yielded).values(ctx)[0];
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

    pub(super) fn foreach(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let s = schedule_of(ctx, op).unwrap_or(LoopSchedule::SEQUENTIAL);
        let parallel = s.mapping != Mapping::Sequential && !self.scope.parallel;
        if s.direction == Direction::Hybrid && parallel {
            return self.hybrid(ctx, op, &s);
        }
        if s.mapping == Mapping::Warp && parallel {
            return self.group_loop(ctx, op, &s, super::warp::Group::Subgroup);
        }
        if s.mapping == Mapping::Block && parallel {
            return self.group_loop(ctx, op, &s, super::warp::Group::Block);
        }
        let pulled = if s.direction == Direction::Pull {
            Some(pullable(ctx, op, &s).expect("checked by the sched verifier"))
        } else {
            None
        };
        let bits = if s.frontier == Frontier::Bitmap {
            let Some(b) = self.frontier_bitmap(ctx, op, at, &loc) else { return false };
            Some(b)
        } else {
            None
        };
        // What position k of the loop stands for, and its bounds.
        let (lo, hi, walk) = if let Some(inner) = pulled {
            let lo = index_const(ctx, at, 0, &loc);
            let hi = self.size(ctx, at, graph_of(ctx, inner).expect("a neighbour loop"), SizeOf::Nodes, &loc);
            let settle = settling_reductions(ctx, op, inner).unwrap_or_default();
            (lo, hi, Walk::Pull { inner, bits: bits.map(|b| b.0), settle })
        } else if let Some((b, n)) = bits {
            (index_const(ctx, at, 0, &loc), n, Walk::Members(b))
        } else if s.mapping == Mapping::Edge && parallel {
            let g = graph_of(ctx, op).expect("a loop over nodes");
            let lo = index_const(ctx, at, 0, &loc);
            let hi = self.size(ctx, at, g, SizeOf::Edges, &loc);
            (lo, hi, Walk::Edges(collapsible(ctx, op).expect("checked by the sched verifier")))
        } else {
            self.space(ctx, op, at, &loc)
        };
        // Under `order = "degree"`, position k stands for the k-th node
        // from the fewest neighbours to the most.
        let by_degree = (s.order == Order::Degree && parallel).then(|| {
            let of = orderable(ctx, op, &s).expect("checked by the sched verifier");
            let g = ctx.operand(pulled.unwrap_or(op), 0);
            self.array(
                ctx,
                g,
                if of == DegreeOf::In { GraphArray::NodesByInDegree } else { GraphArray::NodesByOutDegree },
            )
        });
        let one = index_const(ctx, at, 1, &loc);
        let after = |ctx: &Context, o: OpId| {
            ctx.next_op(o).map(At::Before).unwrap_or_else(|| At::End(ctx.parent_block(o).expect("block")))
        };
        if !parallel {
            // A loop keeps the flags of the bitmap counts no loop around it
            // keeps: in no parallel loop, one array for its one thread.
            let flags = self.bitmap_flags(ctx, op, at, &loc);
            let (r, blk) = new_body(ctx, &[Type::Index], &loc);
            let k = ctx.block_args(blk)[0];
            self.iteration(ctx, op, &walk, blk, k, scf::YIELD, &loc);
            let new = mk(ctx, at, OperationState::new(scf::FOR, loc.clone()).operands(&[lo, hi, one]).region(r));
            for b in bits.map(|b| b.0).into_iter().chain(flags.iter().map(|f| f.1)) {
                op0(ctx, after(ctx, new), par::FREE, &[b], &loc);
            }
            if !flags.is_empty() {
                let kept = self.scope.flags.iter().copied().chain(flags).collect();
                self.scopes.insert(r, Rc::new(Scope { flags: kept, ..(*self.scope).clone() }));
            }
            ctx.erase_op(op);
            return true;
        }
        // A parallel loop: one team, one work-shared loop.
        // Its body has a scope of its own.
        self.scope = team_scope(ctx, op, &s);
        // The loop whose first argument is the node each thread owns (no
        // node's when its neighbour loop may be shared).
        let owning = match pulled {
            Some(inner) if space_of(ctx, inner) == Some(Space::OutNbrs) => Some(inner),
            None if s.mapping == Mapping::Thread
                && s.split == 0
                && s.block == 0
                && s.warp == 0
                && space_of(ctx, op) == Some(Space::Nodes) =>
            {
                Some(op)
            }
            _ => None,
        };
        if let Some(b) = owning.and_then(|l| ctx.entry_block(ctx.region(l, 0))) {
            self.scope_mut().owned = single_writer_props(ctx, op, ctx.block_args(b)[0]);
        }
        self.make_locks(ctx, op, at, &loc);
        let (pr, pb) = new_body(ctx, &[], &loc);
        // Bucket fusion runs the body again, on the items a thread takes
        // for itself: a copy of the loop, made before its body moves.
        let copy = (s.fusion > 0).then(|| ctx.clone_at_end(op, pb));
        // Splitting runs the body again, for the high-degree nodes the
        // round deferred: a copy of the loop, and where they are kept.
        // Edge-balanced: every node with a neighbour listed, its list walked
        // in the team's equal shares of the listed edges. Segmented: every
        // node listed, the lists walked in passes.
        let balanced = s.mapping == Mapping::EdgeBalanced;
        let (tiers, hub_walk) = if balanced {
            ((1, 0, 0), super::split::HubWalk::Edges)
        } else if s.segments > 1 {
            ((1, 0, 0), super::split::HubWalk::Segments(s.segments))
        } else {
            ((s.split, s.block, s.warp), super::split::HubWalk::Blocks)
        };
        let split = ((tiers.0 > 0 || tiers.1 > 0 || tiers.2 > 0) && pulled.is_none() && bits.is_none())
            .then(|| self.prepare_split(ctx, op, pb, at, (tiers, hub_walk), &loc));
        let flags = self.bitmap_flags(ctx, op, At::End(pb), &loc);
        self.scope_mut().flags = flags.clone();
        let privatized: Vec<(Value, ReduceKind)> = if s.reduction == Reduction::Privatize {
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
            let n = constant(ctx, At::End(pb), neutral(*kind, &e), e, &loc);
            let z = index_const(ctx, At::End(pb), 0, &loc);
            store(ctx, At::End(pb), n, l, z, &loc);
            self.scope_mut().private_copies.insert(*shared, l);
        }
        let (fr, fb) = new_body(ctx, &[Type::Index], &loc);
        let k = ctx.block_args(fb)[0];
        let k = match by_degree {
            Some(nodes) => load_index(ctx, At::End(fb), nodes, k, &loc),
            None => k,
        };
        self.iteration(ctx, op, &walk, fb, k, par::YIELD, &loc);
        let st = OperationState::new(par::FOR, loc.clone())
            .operands(&[lo, hi, one])
            .props(strata_par_dialect::op::For::props(par_dist(s.dist), i64::from(s.chunk)))
            .region(fr);
        mk(ctx, At::End(pb), st);
        if let Some(split) = &split {
            self.finish_split(ctx, split, pb, &loc);
        }
        if let Some(copy) = copy {
            self.fused_rounds(ctx, copy, pb, s.fusion, &loc);
        }
        for (_, bits, _) in flags {
            op0(ctx, At::End(pb), par::FREE, &[bits], &loc);
        }
        for (shared, kind) in &privatized {
            let l = self.scope.private_copies[shared];
            let z = index_const(ctx, At::End(pb), 0, &loc);
            let v = load(ctx, At::End(pb), l, z, false, &loc);
            self.atomic(ctx, At::End(pb), rmw_kind(*kind), v, *shared, z, &loc);
        }
        op0(ctx, At::End(pb), par::YIELD, &[], &loc);
        let par = mk(ctx, at, OperationState::new(par::PARALLEL, loc.clone()).region(pr));
        ctx.erase_op(op);
        self.scopes.insert(fr, self.scope.clone());
        let deferred = split.iter().flat_map(|s| s.round_buffers());
        let freed: Vec<Value> = self.scope.locks.values().copied().chain(bits.map(|b| b.0)).chain(deferred).collect();
        for l in freed {
            op0(ctx, after(ctx, par), par::FREE, &[l], &loc);
        }
        true
    }

    /// For each graph of the `graph.count_common`s by `bitmap` in the loop
    /// `op` (in its body, nested loops included) that the scope keeps no
    /// flags for: a flag per node, cleared,
    /// and the node whose list they hold (none), made at `at` (in a team
    /// body: one of each per thread), for the scope of the counts.
    fn bitmap_flags(&mut self, ctx: &mut Rewriter<'_>, op: OpId, at: At, loc: &Location) -> Vec<Flags> {
        if !self.flags_per_thread {
            return Vec::new();
        }
        let mut graphs = Vec::new();
        ctx.walk_pre(op, &mut |o| {
            let bitmap = graph::CountCommon::of(ctx, o).filter(|c| c.intersect(ctx) == Some(view::Intersect::Bitmap));
            if let Some(c) = bitmap {
                let g = c.graph(ctx);
                if !graphs.contains(&g) && !self.scope.flags.iter().any(|f| f.0 == g) {
                    graphs.push(g);
                }
            }
        });
        let mut flags = Vec::new();
        for g in graphs {
            let n = self.size(ctx, at, g, SizeOf::Nodes, loc);
            let bits = self.cleared_flags(ctx, at, n, loc);
            let marked = op1(ctx, at, par::LOCAL, &[], buf(&Type::Index), loc);
            let none = index_const(ctx, at, -1, loc);
            let zero = index_const(ctx, at, 0, loc);
            store(ctx, at, none, marked, zero, loc);
            flags.push((g, bits, marked));
        }
        flags
    }

    /// Replaces the neighbour loop `inner` by an `scf.for` over positions
    /// `start..end` by `step` of its list, which `bounds` makes (before the
    /// loop) from the list's `lo..hi`: a thread's share of the list.
    /// Returns the new loop, `start` and `end`.
    pub(super) fn walk_share(
        &mut self,
        ctx: &mut Rewriter<'_>,
        inner: OpId,
        bounds: impl FnOnce(&mut Rewriter<'_>, At, Value, Value) -> (Value, Value, Value),
        loc: &Location,
    ) -> (OpId, Value, Value) {
        let iat = At::Before(inner);
        let space = space_of(ctx, inner).expect("a neighbour loop");
        let (g, node) = adjacency_of(ctx, inner).expect("a neighbour loop");
        let (lo, hi, args) = self.args_space(ctx, space, &[g, node], iat, loc);
        let (start, end, step) = bounds(ctx, iat, lo, hi);
        let (er, eb) = new_body(ctx, &[Type::Index], loc);
        let k = ctx.block_args(eb)[0];
        let vals = args(ctx, At::End(eb), k);
        self.emit_body(ctx, inner, eb, &vals, scf::YIELD, loc);
        let each = mk(ctx, iat, OperationState::new(scf::FOR, loc.clone()).operands(&[start, end, step]).region(er));
        ctx.erase_op(inner);
        // What an edge's iteration creates is its own, as in the loop.
        self.scopes.insert(er, Rc::new(Scope { iteration: Some(each), ..(*self.scope).clone() }));
        (each, start, end)
    }

    /// Bucket fusion at the end of the team body `pb`, after its share of
    /// the round: while the thread takes items of the round's bucket for
    /// itself (fewer than `limit`, placed by its own pushes, which it sends
    /// on first), it runs `copy`'s body on each, in order. `copy` (a copy
    /// of the loop over the ordered queue's items) is used up.
    fn fused_rounds(&mut self, ctx: &mut Rewriter<'_>, copy: OpId, pb: BlockId, limit: u32, loc: &Location) {
        let q = worklist_of(ctx, copy).expect("a loop over an ordered queue's items");
        let limit = index_const(ctx, At::End(pb), i128::from(limit), loc);
        let (before, bb) = new_body(ctx, &[], loc);
        let n = op1(ctx, At::End(bb), par::QUEUE_TAKE_OWN, &[q, limit], Type::Index, loc);
        let zero = index_const(ctx, At::End(bb), 0, loc);
        let some = cmpi(ctx, At::End(bb), CmpiPredicate::Ugt, n, zero, loc);
        op0(ctx, At::End(bb), scf::CONDITION, &[some, n], loc);
        let (after, ab) = new_body(ctx, &[Type::Index], loc);
        let taken = ctx.block_args(ab)[0];
        let items = op1(ctx, At::End(ab), par::QUEUE_OWN_ITEMS, &[q], buf(&Type::Index), loc);
        let (r, blk) = new_body(ctx, &[Type::Index], loc);
        let i = ctx.block_args(blk)[0];
        let x = load(ctx, At::End(blk), items, i, false, loc);
        self.emit_body(ctx, copy, blk, &[x], scf::YIELD, loc);
        let (first, one) = (index_const(ctx, At::End(ab), 0, loc), index_const(ctx, At::End(ab), 1, loc));
        let st = OperationState::new(scf::FOR, loc.clone()).operands(&[first, taken, one]).region(r);
        let each = mk(ctx, At::End(ab), st);
        op0(ctx, At::End(ab), scf::YIELD, &[], loc);
        let w = OperationState::new(scf::WHILE, loc.clone()).results(&[Type::Index]).region(before).region(after);
        mk(ctx, At::End(pb), w);
        // The copy's body runs on the team's threads, as the loop's does;
        // what an iteration creates is its own.
        self.scopes.insert(r, Rc::new(Scope { iteration: Some(each), ..(*self.scope).clone() }));
        ctx.erase_op(copy);
    }

    /// Fills `blk` with the iteration at position `k` of the loop `op`,
    /// ending it with `term`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn iteration(
        &mut self,
        ctx: &mut Rewriter<'_>,
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
            Walk::Common { tgt, lo, other } => {
                let f = self.helper(ctx, Helper::CommonAt);
                let c = self.call(ctx, At::End(blk), &f, &[*tgt, k, *lo, other.0, other.1], &[Type::i1()], loc);
                let common = ctx.result(c, 0);
                let then_b = if_then(ctx, At::End(blk), common, loc);
                let w = load_index(ctx, At::End(then_b), *tgt, k, loc);
                self.emit_body(ctx, op, then_b, &[w], scf::YIELD, loc);
                op0(ctx, At::End(blk), term, &[], loc);
            }
            Walk::Edges(inner) => {
                // Edge k runs the outer body for its source (its target when
                // the inner loop walks in-edges), then the neighbour loop
                // once, for k and the other end.
                let g = graph_of(ctx, op).expect("a loop over nodes");
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
            Walk::Pull { inner, bits, settle } => {
                // Node k gathers over its in-edges (source v, edge e): the
                // outer body runs for v, the neighbour loop once, for e.
                let g = ctx.operand(*inner, 0);
                let off = self.array(ctx, g, GraphArray::InOffsets);
                if settle.is_empty() {
                    let (lo, hi) = slice(ctx, At::End(blk), off, k, loc);
                    let one = index_const(ctx, At::End(blk), 1, loc);
                    let (r, eb) = new_body(ctx, &[Type::Index], loc);
                    let j = ctx.block_args(eb)[0];
                    self.in_edge(ctx, op, *inner, *bits, eb, k, j, loc);
                    let st = OperationState::new(scf::FOR, loc.clone()).operands(&[lo, hi, one]).region(r);
                    mk(ctx, At::End(blk), st);
                } else {
                    // A settled node reads nothing more (not even its
                    // offsets); an open one, while an in-edge remains and
                    // it is not settled.
                    let open = self.unsettled(ctx, At::End(blk), settle, k, loc);
                    let ob = if_then(ctx, At::End(blk), open, loc);
                    let (lo, hi) = slice(ctx, At::End(ob), off, k, loc);
                    let (before, cb) = new_body(ctx, &[Type::Index], loc);
                    let j = ctx.block_args(cb)[0];
                    let more = cmpi(ctx, At::End(cb), CmpiPredicate::Ult, j, hi, loc);
                    let open = self.unsettled(ctx, At::End(cb), settle, k, loc);
                    let go = op1(ctx, At::End(cb), arith::ANDI, &[more, open], Type::i1(), loc);
                    op0(ctx, At::End(cb), scf::CONDITION, &[go, j], loc);
                    let (after, ab) = new_body(ctx, &[Type::Index], loc);
                    let j = ctx.block_args(ab)[0];
                    let tru = constant(ctx, At::End(ab), Attribute::Bool(true), Type::i1(), loc);
                    let eb = if_then(ctx, At::End(ab), tru, loc);
                    self.in_edge(ctx, op, *inner, *bits, eb, k, j, loc);
                    let one = index_const(ctx, At::End(ab), 1, loc);
                    let next = op1(ctx, At::End(ab), arith::ADDI, &[j, one], Type::Index, loc);
                    op0(ctx, At::End(ab), scf::YIELD, &[next], loc);
                    let st = OperationState::new(scf::WHILE, loc.clone())
                        .operands(&[lo])
                        .results(&[Type::Index])
                        .region(before)
                        .region(after);
                    mk(ctx, At::End(ob), st);
                    op0(ctx, At::End(ob), scf::YIELD, &[], loc);
                }
                op0(ctx, At::End(blk), term, &[], loc);
            }
        }
    }

    /// Fills `eb` (and ends it) with the pulled loop `op`'s work for in-edge
    /// `j` of node `k`: the outer body for the edge's source, if it is in
    /// the bitmap, then the neighbour loop `inner` once.
    #[allow(clippy::too_many_arguments)]
    fn in_edge(
        &mut self,
        ctx: &mut Rewriter<'_>,
        op: OpId,
        inner: OpId,
        bits: Option<Value>,
        eb: BlockId,
        k: Value,
        j: Value,
        loc: &Location,
    ) {
        let g = graph_of(ctx, inner).expect("a neighbour loop");
        let srcs = self.array(ctx, g, GraphArray::InSources);
        let ids = self.array(ctx, g, GraphArray::InEdges);
        let v = load_index(ctx, At::End(eb), srcs, j, loc);
        let e = load(ctx, At::End(eb), ids, j, false, loc);
        let body_b = match bits {
            Some(b) => {
                let then_b = guarded(ctx, At::End(eb), b, v, loc);
                op0(ctx, At::End(eb), scf::YIELD, &[], loc);
                then_b
            }
            None => eb,
        };
        self.emit_body(ctx, op, body_b, &[v], scf::YIELD, loc);
        let ivals = if space_of(ctx, inner) == Some(Space::OutNbrs) { vec![k, e] } else { vec![e] };
        self.inline_loop(ctx, inner, &ivals, loc);
    }

    /// Replaces the loop `inner` by its body, run once with arguments `vals`.
    pub(super) fn inline_loop(&mut self, ctx: &mut Rewriter<'_>, inner: OpId, vals: &[Value], loc: &Location) {
        let iat = At::Before(inner);
        let tru = constant(ctx, iat, Attribute::Bool(true), Type::i1(), loc);
        let tb = if_then(ctx, iat, tru, loc);
        self.emit_body(ctx, inner, tb, vals, scf::YIELD, loc);
        ctx.erase_op(inner);
    }
}

/// The scope of the body of the parallel loop `op` (schedule `s`), which
/// runs on a team of its own.
pub(super) fn team_scope(ctx: &Context, op: OpId, s: &LoopSchedule) -> Rc<Scope> {
    Rc::new(Scope {
        parallel: true,
        iteration: Some(op),
        reduced: reduced_containers(ctx, op),
        buffered: s.pushes != Pushes::Direct,
        aggregate: match s.pushes {
            Pushes::Subgroup => Some(strata_par_dialect::view::Group::Subgroup),
            Pushes::Block => Some(strata_par_dialect::view::Group::Block),
            Pushes::Buffered | Pushes::Direct => None,
        },
        ..Scope::default()
    })
}

/// Puts a thread's own copy (a `par.local`, made at `at`) in place of the
/// scalar the accumulator `a` makes, so that the reductions and reads of
/// it use the copy; the copy starts from what `start` makes from the
/// element type. Returns the copy.
pub(super) fn private_accumulator(
    ctx: &mut Rewriter<'_>,
    at: At,
    a: OpId,
    start: impl FnOnce(&mut Rewriter<'_>, &Type) -> Value,
    loc: &Location,
) -> Value {
    let t = conv(ctx.value_type(ctx.result(a, 0)));
    let e = strata_par_dialect::types::buf_element(&t).expect("buffer");
    let l = op1(ctx, at, par::LOCAL, &[], t, loc);
    let first = start(ctx, &e);
    let z = index_const(ctx, at, 0, loc);
    store(ctx, at, first, l, z, loc);
    ctx.replace_all_uses_with(ctx.result(a, 0), l);
    ctx.erase_op(a);
    l
}
