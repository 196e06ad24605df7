//! Segmented neighbour loops (`segments = K`, GraphIt's cache segmenting):
//! a loop over all nodes walks its neighbour loops in `K` passes, pass `k`
//! over the neighbours in the `k`-th range of `ceil(N / K)` nodes, so that
//! what a pass reads (or updates) of its neighbours' data spans a `K`-th of
//! it and can stay in the cache. The lists are copied per segment once (in
//! the function's entry block where the graph is known there, else before
//! each run of the loop): node `v`'s part of segment `k` is
//! `offsets[k * N + v]..offsets[k * N + v + 1]` of `nbrs` (and of `edges`,
//! where the loop uses its edges). The loop lists every node at its own
//! index (`split.rs`); pass `k` runs each node's body up to the neighbour
//! loop and the loop over the node's part of segment `k`, its accumulators
//! carried from the pass before in a value per node (one thread a node in
//! a pass, and the passes one after the other: no atomics); what follows
//! the neighbour loop runs once per node after the last pass.

use super::edge_balance::EdgeOffsets;
use super::loops::private_accumulator;
use super::*;
use strata_graph_dialect::foreach::{graph_of, space_of, Space};
use strata_sched_dialect::legality::split_shape;

/// A graph's lists copied per segment, for a segmented loop.
#[derive(Clone)]
pub(super) struct Segmented {
    /// The nodes of the graph.
    nodes: Value,
    /// Where each node's part of each segment starts in `nbrs` (at
    /// `k * nodes + v`), the lists' total after them.
    offsets: Value,
    /// The neighbours, segment after segment and node after node, as the
    /// graph holds them.
    nbrs: Value,
    /// The edge of each neighbour, where the loop uses its edges.
    edges: Option<Value>,
}

impl Segmented {
    /// Every buffer of the copy (to free when it is made per run).
    pub(super) fn buffers(&self) -> Vec<Value> {
        [self.offsets, self.nbrs].into_iter().chain(self.edges).collect()
    }
}

/// A work-shared loop over `0..n` at the end of the team body `pb`
/// (dynamic blocks of 1,024), its body built by `body` from the position.
/// Returns the loop and its region.
fn shared_loop(
    ctx: &mut Rewriter<'_>,
    pb: BlockId,
    n: Value,
    body: impl FnOnce(&mut Rewriter<'_>, BlockId, Value),
    loc: &Location,
) -> (OpId, RegionId) {
    let at = At::End(pb);
    let (zero, one) = (index_const(ctx, at, 0, loc), index_const(ctx, at, 1, loc));
    let (r, blk) = new_body(ctx, &[Type::Index], loc);
    let i = ctx.block_args(blk)[0];
    body(ctx, blk, i);
    let st = OperationState::new(par::FOR, loc.clone())
        .operands(&[zero, n, one])
        .props(strata_par_dialect::op::For::props(ParDist::Guided, 1024))
        .region(r);
    (mk(ctx, at, st), r)
}

/// `f(segment s, its entry s * n + v)` for each of the `k` segments of
/// node `v`, at `at`.
fn each_segment(
    ctx: &mut Rewriter<'_>,
    at: At,
    (k, n, v): (Value, Value, Value),
    f: impl FnOnce(&mut Rewriter<'_>, At, Value, Value),
    loc: &Location,
) {
    let zero = index_const(ctx, at, 0, loc);
    plain_loop(
        ctx,
        at,
        (zero, k),
        |ctx, at, s| {
            let i = op1(ctx, at, arith::MULI, &[s, n], Type::Index, loc);
            let i = op1(ctx, at, arith::ADDI, &[i, v], Type::Index, loc);
            f(ctx, at, s, i);
        },
        loc,
    );
}

/// `f(position p, the segment of its neighbour)` for each position of
/// node `v`'s list (offsets `off`, neighbours `nbr`, `width` nodes a
/// segment), at `at`.
fn each_neighbour(
    ctx: &mut Rewriter<'_>,
    at: At,
    (off, nbr, width): (Value, Value, Value),
    v: Value,
    f: impl FnOnce(&mut Rewriter<'_>, At, Value, Value),
    loc: &Location,
) {
    let (lo, hi) = slice(ctx, at, off, v, loc);
    plain_loop(
        ctx,
        at,
        (lo, hi),
        |ctx, at, p| {
            let u = load_index(ctx, at, nbr, p, loc);
            let s = op1(ctx, at, arith::DIVUI, &[u, width], Type::Index, loc);
            f(ctx, at, p, s);
        },
        loc,
    );
}

/// An `scf.for` over `lo..hi` at `at`, its body built by `body` from the
/// position (and ended by it).
fn plain_loop(
    ctx: &mut Rewriter<'_>,
    at: At,
    (lo, hi): (Value, Value),
    body: impl FnOnce(&mut Rewriter<'_>, At, Value),
    loc: &Location,
) {
    let one = index_const(ctx, at, 1, loc);
    let (r, blk) = new_body(ctx, &[Type::Index], loc);
    let i = ctx.block_args(blk)[0];
    body(ctx, At::End(blk), i);
    op0(ctx, At::End(blk), scf::YIELD, &[], loc);
    mk(ctx, at, OperationState::new(scf::FOR, loc.clone()).operands(&[lo, hi, one]).region(r));
}

impl Lowering {
    /// The lists the neighbour loop `inner` (over `in_nbrs` or `out_nbrs`
    /// of the iteration's node) walks, copied into `count` segments at
    /// `place` by a team of their own: each node's count in each segment,
    /// their offsets (an exclusive scan, `edge_balance.rs`), then each
    /// node's neighbours (and edges, where the loop uses them) put in
    /// place in one walk of its list, a cursor per segment; the counts are
    /// freed after it.
    pub(super) fn segment_lists(
        &mut self,
        ctx: &mut Rewriter<'_>,
        place: At,
        inner: OpId,
        count: u32,
        loc: &Location,
    ) -> Segmented {
        let out = space_of(ctx, inner) == Some(Space::OutNbrs);
        let g = graph_of(ctx, inner).expect("a neighbour loop");
        let edge_arg = ctx.entry_block(ctx.region(inner, 0)).and_then(|b| ctx.block_args(b).get(1).copied());
        let uses_edges = edge_arg.is_some_and(|e| !ctx.uses(e).is_empty());
        let (off, nbr) = if out {
            (GraphArray::OutOffsets, GraphArray::OutTargets)
        } else {
            (GraphArray::InOffsets, GraphArray::InSources)
        };
        let (off, nbr) = (self.array(ctx, g, off), self.array(ctx, g, nbr));
        let ids = (uses_edges && !out).then(|| self.array(ctx, g, GraphArray::InEdges));
        let int = |ctx: &mut Rewriter<'_>, at, name, a, b| op1(ctx, at, name, &[a, b], Type::Index, loc);
        let n = self.size(ctx, place, g, SizeOf::Nodes, loc);
        let e = self.size(ctx, place, g, SizeOf::Edges, loc);
        let one = index_const(ctx, place, 1, loc);
        let k = index_const(ctx, place, i128::from(count), loc);
        // Neighbour `u` is in segment `u / width` (a width of at least one).
        let width = int(ctx, place, arith::CEILDIVUI, n, k);
        let width = int(ctx, place, arith::MAXUI, width, one);
        let entries = int(ctx, place, arith::MULI, k, n);
        // Each entry's count, and their offsets, as an edge-balanced walk's.
        let scan = self.edge_offset_buffers(ctx, place, entries, loc);
        let EdgeOffsets { degrees: counts, offsets, sums } = scan;
        let nbrs = op1(ctx, place, par::ALLOC, &[e], ctx.value_type(nbr).clone(), loc);
        let edge_type = ids.map_or(buf(&Type::Index), |i| ctx.value_type(i).clone());
        let edges = uses_edges.then(|| op1(ctx, place, par::ALLOC, &[e], edge_type, loc));
        let (pr, pb) = new_body(ctx, &[], loc);
        let list = (off, nbr, width);
        // Each node's count in each segment (its row of `counts` is its own).
        shared_loop(
            ctx,
            pb,
            n,
            |ctx, blk, v| {
                let at = At::End(blk);
                each_segment(
                    ctx,
                    at,
                    (k, n, v),
                    |ctx, at, _, i| {
                        let z = index_const(ctx, at, 0, loc);
                        store(ctx, at, z, counts, i, loc);
                    },
                    loc,
                );
                each_neighbour(
                    ctx,
                    at,
                    list,
                    v,
                    |ctx, at, _, s| {
                        let i = int(ctx, at, arith::MULI, s, n);
                        let i = int(ctx, at, arith::ADDI, i, v);
                        let c = load(ctx, at, counts, i, false, loc);
                        let one = index_const(ctx, at, 1, loc);
                        let c = int(ctx, at, arith::ADDI, c, one);
                        store(ctx, at, c, counts, i, loc);
                    },
                    loc,
                );
                op0(ctx, at, par::YIELD, &[], loc);
            },
            loc,
        );
        self.scan_offsets(ctx, pb, scan, entries, loc);
        // Each node's neighbours put in place in one walk of its list, a
        // cursor per segment.
        shared_loop(
            ctx,
            pb,
            n,
            |ctx, blk, v| {
                let at = At::End(blk);
                let st = OperationState::new(par::LOCAL, loc.clone())
                    .props(strata_par_dialect::op::Local::props(Some(i64::from(count))))
                    .results(&[buf(&Type::Index)]);
                let made = mk(ctx, at, st);
                let cursor = ctx.result(made, 0);
                each_segment(
                    ctx,
                    at,
                    (k, n, v),
                    |ctx, at, s, i| {
                        let from = load(ctx, at, offsets, i, false, loc);
                        store(ctx, at, from, cursor, s, loc);
                    },
                    loc,
                );
                each_neighbour(
                    ctx,
                    at,
                    list,
                    v,
                    |ctx, at, p, s| {
                        let pos = load(ctx, at, cursor, s, false, loc);
                        let raw = load(ctx, at, nbr, p, false, loc);
                        store(ctx, at, raw, nbrs, pos, loc);
                        if let Some(edges) = edges {
                            let edge = match ids {
                                Some(ids) => load(ctx, at, ids, p, false, loc),
                                None => p,
                            };
                            store(ctx, at, edge, edges, pos, loc);
                        }
                        let one = index_const(ctx, at, 1, loc);
                        let next = int(ctx, at, arith::ADDI, pos, one);
                        store(ctx, at, next, cursor, s, loc);
                    },
                    loc,
                );
                op0(ctx, at, par::YIELD, &[], loc);
            },
            loc,
        );
        op0(ctx, At::End(pb), par::YIELD, &[], loc);
        mk(ctx, place, OperationState::new(par::PARALLEL, loc.clone()).region(pr));
        for scratch in [counts, sums] {
            op0(ctx, place, par::FREE, &[scratch], loc);
        }
        Segmented { nodes: n, offsets, nbrs, edges }
    }

    /// At the end of the team body `pb`: the passes of a segmented loop,
    /// pass `k` running `copies[k]` (a copy of the loop, used up) on each of
    /// the `n` listed nodes (`nodes`, their accumulators' values in
    /// `values`, one buffer per accumulator of the copies' shape): the body
    /// up to the neighbour loop, the loop over the node's part of segment
    /// `k`, its accumulators starting from and stored back to the node's
    /// values. What follows the neighbour loop is left to the tails.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn segment_passes(
        &mut self,
        ctx: &mut Rewriter<'_>,
        copies: &[OpId],
        pb: BlockId,
        (nodes, n): (Value, Value),
        values: &[Value],
        seg: &Segmented,
        loc: &Location,
    ) {
        for (k, copy) in copies.iter().enumerate() {
            let shape = split_shape(ctx, *copy).expect("checked by the sched verifier");
            let inner = shape.inner;
            for o in ops_after(ctx, inner).into_iter().rev() {
                ctx.erase_op(o);
            }
            let (pass, r) = shared_loop(
                ctx,
                pb,
                n,
                |ctx, blk, b| {
                    let at = At::End(blk);
                    let x = load(ctx, at, nodes, b, false, loc);
                    let mut carried = Vec::new();
                    for ((a, _), v) in shape.accumulators.iter().zip(values) {
                        let l = private_accumulator(ctx, at, *a, |ctx, _| load(ctx, at, *v, b, false, loc), loc);
                        carried.push((l, *v));
                    }
                    self.emit_body(ctx, *copy, blk, &[x], par::YIELD, loc);
                    self.segment_walk(ctx, inner, seg, (k, x), loc);
                    let end = ctx.last_op(blk).map(At::Before).expect("the body's terminator");
                    for (l, v) in carried {
                        let z = index_const(ctx, end, 0, loc);
                        let sum = load(ctx, end, l, z, false, loc);
                        store(ctx, end, sum, v, b, loc);
                    }
                },
                loc,
            );
            self.scopes.insert(r, Rc::new(Scope { iteration: Some(pass), ..(*self.scope).clone() }));
            ctx.erase_op(*copy);
        }
    }

    /// Replaces the neighbour loop `inner` of node `x` by a loop over the
    /// node's part of segment `k`.
    fn segment_walk(
        &mut self,
        ctx: &mut Rewriter<'_>,
        inner: OpId,
        seg: &Segmented,
        (k, x): (usize, Value),
        loc: &Location,
    ) {
        let at = At::Before(inner);
        let int = |ctx: &mut Rewriter<'_>, name, a, b| op1(ctx, at, name, &[a, b], Type::Index, loc);
        let k = index_const(ctx, at, k as i128, loc);
        let i = int(ctx, arith::MULI, k, seg.nodes);
        let i = int(ctx, arith::ADDI, i, x);
        let one = index_const(ctx, at, 1, loc);
        let i1 = int(ctx, arith::ADDI, i, one);
        let start = load(ctx, at, seg.offsets, i, false, loc);
        let end = load(ctx, at, seg.offsets, i1, false, loc);
        let (er, eb) = new_body(ctx, &[Type::Index], loc);
        let p = ctx.block_args(eb)[0];
        let eat = At::End(eb);
        let u = load_index(ctx, eat, seg.nbrs, p, loc);
        let edge = match seg.edges {
            Some(edges) => load(ctx, eat, edges, p, false, loc),
            None => p,
        };
        self.emit_body(ctx, inner, eb, &[u, edge], scf::YIELD, loc);
        let each = mk(ctx, at, OperationState::new(scf::FOR, loc.clone()).operands(&[start, end, one]).region(er));
        ctx.erase_op(inner);
        self.scopes.insert(er, Rc::new(Scope { iteration: Some(each), ..(*self.scope).clone() }));
    }
}
