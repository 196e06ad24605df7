//! The team's edge-balanced walk of the nodes a split loop listed
//! (`split.rs`): each listed node's degree, recorded when it was listed,
//! is summed into edge offsets (an exclusive scan over the list, shared by
//! the team: chunks of [`CHUNK`] entries dealt to the blocks in turn, each
//! summed by its block's threads together, the chunks' sums scanned by the
//! first block, then each chunk's entries offset by its block with
//! `par.block_scan`), and each thread
//! takes an equal share of the listed nodes' edges, finding the first and
//! last node its share meets by binary search: `E / threads + log(listed)`
//! steps a thread, whatever the degrees (Merrill's and GraphIt's
//! edge-balanced load balancing).

use super::warp::{Group, GroupOps};
use super::*;
use strata_par_dialect::view::RmwKind;

/// Listed entries a thread sums at once.
pub(super) const CHUNK: i128 = 256;

/// The offsets' buffers of a listed split loop: each entry's degree (set
/// when it is listed), each entry's first edge (and the total after the
/// last), and each chunk's sum (scanned in place, the total after them).
#[derive(Clone, Copy)]
pub(super) struct EdgeOffsets {
    pub degrees: Value,
    pub offsets: Value,
    pub sums: Value,
}

/// This thread's share of the listed edges and the listed entries it
/// meets: edges `start..end` of the list, entries `first..last`.
pub(super) struct Share {
    pub start: Value,
    pub end: Value,
    pub first: Value,
    pub last: Value,
}

impl Lowering {
    /// The offsets' buffers for a list of `capacity` entries, made at
    /// `place`.
    pub(super) fn edge_offset_buffers(
        &mut self,
        ctx: &mut Rewriter<'_>,
        place: At,
        capacity: Value,
        loc: &Location,
    ) -> EdgeOffsets {
        let one = index_const(ctx, place, 1, loc);
        let two = index_const(ctx, place, 2, loc);
        let chunk = index_const(ctx, place, CHUNK, loc);
        let room = op1(ctx, place, arith::ADDI, &[capacity, one], Type::Index, loc);
        let chunks = op1(ctx, place, arith::DIVUI, &[capacity, chunk], Type::Index, loc);
        let chunks = op1(ctx, place, arith::ADDI, &[chunks, two], Type::Index, loc);
        EdgeOffsets {
            degrees: op1(ctx, place, par::ALLOC, &[capacity], buf(&Type::Index), loc),
            offsets: op1(ctx, place, par::ALLOC, &[room], buf(&Type::Index), loc),
            sums: op1(ctx, place, par::ALLOC, &[chunks], buf(&Type::Index), loc),
        }
    }

    /// At the end of the team body `pb`: the offsets of the `n` listed
    /// entries (three barriers), then this thread's share.
    pub(super) fn edge_share(
        &mut self,
        ctx: &mut Rewriter<'_>,
        pb: BlockId,
        e: EdgeOffsets,
        n: Value,
        loc: &Location,
    ) -> Share {
        let at = At::End(pb);
        let int = |ctx: &mut Rewriter<'_>, name, a, b| op1(ctx, at, name, &[a, b], Type::Index, loc);
        let one = index_const(ctx, at, 1, loc);
        let (me, team) = self.scan_offsets(ctx, pb, e, n, loc);
        // This thread's share of the edges, and the entries it meets.
        let edges = load(ctx, at, e.offsets, n, false, loc);
        let per = int(ctx, arith::CEILDIVUI, edges, team);
        let start = int(ctx, arith::MULI, me, per);
        let start = int(ctx, arith::MINUI, start, edges);
        let end = int(ctx, arith::ADDI, start, per);
        let end = int(ctx, arith::MINUI, end, edges);
        let after_start = search(ctx, at, e.offsets, n, start, CmpiPredicate::Ugt, loc);
        let first = int(ctx, arith::MAXUI, after_start, one);
        let first = int(ctx, arith::SUBI, first, one);
        let last = search(ctx, at, e.offsets, n, end, CmpiPredicate::Uge, loc);
        Share { start, end, first, last }
    }

    /// At the end of the team body `pb`: `e.offsets[i]`, the sum of
    /// `e.degrees[0..i]`, for each `i` up to `n` (an exclusive scan of the
    /// `n` degrees shared by the team, the total after them), and a barrier.
    /// The chunks of [`CHUNK`] entries are dealt to the blocks in turn and
    /// each block's threads share a chunk: they stride over it for its sum
    /// (`par.block_reduce`), and offset its entries a tile of the block's
    /// size at a time (`par.block_scan`), so a GPU warp reads consecutive
    /// entries; a CPU thread, a block of its own, walks each chunk in order.
    /// Returns the thread's number and the team's size.
    pub(super) fn scan_offsets(
        &mut self,
        ctx: &mut Rewriter<'_>,
        pb: BlockId,
        e: EdgeOffsets,
        n: Value,
        loc: &Location,
    ) -> (Value, Value) {
        let at = At::End(pb);
        let c = |ctx: &mut Rewriter<'_>, v| index_const(ctx, at, v, loc);
        let int = |ctx: &mut Rewriter<'_>, name, a, b| op1(ctx, at, name, &[a, b], Type::Index, loc);
        let (zero, chunk) = (c(ctx, 0), c(ctx, CHUNK));
        let me = op1(ctx, at, par::THREAD_ID, &[], Type::Index, loc);
        let team = op1(ctx, at, par::NUM_THREADS, &[], Type::Index, loc);
        let (b, blocks, t, size) = Group::Block.ids(ctx, at, loc);
        // The count, combined over the block, keeps each block together.
        let n = Group::Block.reduce(ctx, at, n, RmwKind::Max, loc);
        let chunks = int(ctx, arith::CEILDIVUI, n, chunk);
        // The tiles of the block's size that cover a chunk.
        let per_chunk = int(ctx, arith::CEILDIVUI, chunk, size);
        // Each chunk's sum of degrees.
        self.each_chunk(
            ctx,
            at,
            (b, chunks, blocks),
            n,
            |ctx, cat, k, (lo, hi)| {
                let from = op1(ctx, cat, arith::ADDI, &[lo, t], Type::Index, loc);
                let mine = running(
                    ctx,
                    cat,
                    zero,
                    (from, hi, size),
                    |ctx, bat, i, s| {
                        let d = load(ctx, bat, e.degrees, i, false, loc);
                        op1(ctx, bat, arith::ADDI, &[s, d], Type::Index, loc)
                    },
                    loc,
                );
                let sum = Group::Block.reduce(ctx, cat, mine, RmwKind::Add, loc);
                let lead = cmpi(ctx, cat, CmpiPredicate::Eq, t, zero, loc);
                let lb = if_then(ctx, cat, lead, loc);
                store(ctx, At::End(lb), sum, e.sums, k, loc);
                op0(ctx, At::End(lb), scf::YIELD, &[], loc);
            },
            loc,
        );
        op0(ctx, at, par::BARRIER, &[], loc);
        // The first block scans the chunks' sums in place, and puts the
        // total after the chunks and after the entries.
        let first = cmpi(ctx, at, CmpiPredicate::Eq, b, zero, loc);
        let fb = if_then(ctx, at, first, loc);
        let fat = At::End(fb);
        let tiles = op1(ctx, fat, arith::CEILDIVUI, &[chunks, size], Type::Index, loc);
        let total = tile_scan(ctx, fat, (e.sums, e.sums), (zero, chunks, tiles), zero, (t, size), loc);
        let lead = cmpi(ctx, fat, CmpiPredicate::Eq, t, zero, loc);
        let lb = if_then(ctx, fat, lead, loc);
        store(ctx, At::End(lb), total, e.sums, chunks, loc);
        store(ctx, At::End(lb), total, e.offsets, n, loc);
        op0(ctx, At::End(lb), scf::YIELD, &[], loc);
        op0(ctx, fat, scf::YIELD, &[], loc);
        op0(ctx, at, par::BARRIER, &[], loc);
        // Each chunk's entries offset from the chunk's scanned sum.
        self.each_chunk(
            ctx,
            at,
            (b, chunks, blocks),
            n,
            |ctx, cat, k, (lo, hi)| {
                let from = load(ctx, cat, e.sums, k, false, loc);
                tile_scan(ctx, cat, (e.degrees, e.offsets), (lo, hi, per_chunk), from, (t, size), loc);
            },
            loc,
        );
        op0(ctx, at, par::BARRIER, &[], loc);
        (me, team)
    }

    /// `f(chunk k, its entries lo..hi)` for the chunks of `n` entries this
    /// block (`b` of `blocks`) takes in turn (`chunks` of them).
    fn each_chunk(
        &mut self,
        ctx: &mut Rewriter<'_>,
        at: At,
        (b, chunks, blocks): (Value, Value, Value),
        n: Value,
        f: impl FnOnce(&mut Rewriter<'_>, At, Value, (Value, Value)),
        loc: &Location,
    ) {
        let (r, kb) = new_body(ctx, &[Type::Index], loc);
        let k = ctx.block_args(kb)[0];
        let kat = At::End(kb);
        let chunk = index_const(ctx, kat, CHUNK, loc);
        let lo = op1(ctx, kat, arith::MULI, &[k, chunk], Type::Index, loc);
        let hi = op1(ctx, kat, arith::ADDI, &[lo, chunk], Type::Index, loc);
        let hi = op1(ctx, kat, arith::MINUI, &[hi, n], Type::Index, loc);
        f(ctx, kat, k, (lo, hi));
        op0(ctx, kat, scf::YIELD, &[], loc);
        mk(ctx, at, OperationState::new(scf::FOR, loc.clone()).operands(&[b, chunks, blocks]).region(r));
    }
}

/// The value `from` carried through entries `lo..hi`, every `by`-th, by
/// `step(entry, value so far)`; returns the value after them.
fn running(
    ctx: &mut Rewriter<'_>,
    at: At,
    from: Value,
    (lo, hi, by): (Value, Value, Value),
    step: impl FnOnce(&mut Rewriter<'_>, At, Value, Value) -> Value,
    loc: &Location,
) -> Value {
    let (r, b) = new_body(ctx, &[Type::Index, Type::Index], loc);
    let (i, s) = (ctx.block_args(b)[0], ctx.block_args(b)[1]);
    let next = step(ctx, At::End(b), i, s);
    op0(ctx, At::End(b), scf::YIELD, &[next], loc);
    let st = OperationState::new(scf::FOR, loc.clone()).operands(&[lo, hi, by, from]).results(&[Type::Index]);
    let o = mk(ctx, at, st.region(r));
    ctx.result(o, 0)
}

/// A block's exclusive scan of `src[lo..hi]` into `dst` (which may be
/// `src`), starting from `from`, in `tiles` tiles of the block's `size`
/// (enough to cover the range; a count the same on the whole block), thread
/// `t` taking one entry of each; returns `from` plus the range's sum.
fn tile_scan(
    ctx: &mut Rewriter<'_>,
    at: At,
    (src, dst): (Value, Value),
    (lo, hi, tiles): (Value, Value, Value),
    from: Value,
    (t, size): (Value, Value),
    loc: &Location,
) -> Value {
    let (r, tb) = new_body(ctx, &[Type::Index, Type::Index], loc);
    let (j, carry) = (ctx.block_args(tb)[0], ctx.block_args(tb)[1]);
    let tat = At::End(tb);
    let int = |ctx: &mut Rewriter<'_>, name, a, b| op1(ctx, tat, name, &[a, b], Type::Index, loc);
    let base = int(ctx, arith::MULI, j, size);
    let base = int(ctx, arith::ADDI, lo, base);
    let i = int(ctx, arith::ADDI, base, t);
    let inside = cmpi(ctx, tat, CmpiPredicate::Ult, i, hi, loc);
    let (ir, ib) = new_body(ctx, &[], loc);
    let got = load(ctx, At::End(ib), src, i, false, loc);
    op0(ctx, At::End(ib), scf::YIELD, &[got], loc);
    let (er, eb) = new_body(ctx, &[], loc);
    let none = index_const(ctx, At::End(eb), 0, loc);
    op0(ctx, At::End(eb), scf::YIELD, &[none], loc);
    let st = OperationState::new(scf::IF, loc.clone()).operands(&[inside]).results(&[Type::Index]);
    let pick = mk(ctx, tat, st.region(ir).region(er));
    let v = ctx.result(pick, 0);
    let before = Group::Block.scan(ctx, tat, v, RmwKind::Add, loc);
    let tile = Group::Block.reduce(ctx, tat, v, RmwKind::Add, loc);
    let wb = if_then(ctx, tat, inside, loc);
    let offset = op1(ctx, At::End(wb), arith::ADDI, &[carry, before], Type::Index, loc);
    store(ctx, At::End(wb), offset, dst, i, loc);
    op0(ctx, At::End(wb), scf::YIELD, &[], loc);
    let next = int(ctx, arith::ADDI, carry, tile);
    op0(ctx, tat, scf::YIELD, &[next], loc);
    let zero = index_const(ctx, at, 0, loc);
    let one = index_const(ctx, at, 1, loc);
    let st = OperationState::new(scf::FOR, loc.clone()).operands(&[zero, tiles, one, from]).results(&[Type::Index]);
    let o = mk(ctx, at, st.region(r));
    ctx.result(o, 0)
}

/// The first entry `i` of `offsets[0..n]` (ascending) with
/// `offsets[i] pred key` (`ugt` or `uge`), or `n`: a binary search.
fn search(
    ctx: &mut Rewriter<'_>,
    at: At,
    offsets: Value,
    n: Value,
    key: Value,
    pred: CmpiPredicate,
    loc: &Location,
) -> Value {
    let zero = index_const(ctx, at, 0, loc);
    let (before, bb) = new_body(ctx, &[Type::Index, Type::Index], loc);
    let (lo, hi) = (ctx.block_args(bb)[0], ctx.block_args(bb)[1]);
    let more = cmpi(ctx, At::End(bb), CmpiPredicate::Ult, lo, hi, loc);
    op0(ctx, At::End(bb), scf::CONDITION, &[more, lo, hi], loc);
    let (after, ab) = new_body(ctx, &[Type::Index, Type::Index], loc);
    let (lo, hi) = (ctx.block_args(ab)[0], ctx.block_args(ab)[1]);
    let aat = At::End(ab);
    let sum = op1(ctx, aat, arith::ADDI, &[lo, hi], Type::Index, loc);
    let one = index_const(ctx, aat, 1, loc);
    let mid = op1(ctx, aat, arith::SHRUI, &[sum, one], Type::Index, loc);
    let v = load(ctx, aat, offsets, mid, false, loc);
    let found = cmpi(ctx, aat, pred, v, key, loc);
    let past = op1(ctx, aat, arith::ADDI, &[mid, one], Type::Index, loc);
    let new_lo = op1(ctx, aat, arith::SELECT, &[found, lo, past], Type::Index, loc);
    let new_hi = op1(ctx, aat, arith::SELECT, &[found, mid, hi], Type::Index, loc);
    op0(ctx, aat, scf::YIELD, &[new_lo, new_hi], loc);
    let st = OperationState::new(scf::WHILE, loc.clone())
        .operands(&[zero, n])
        .results(&[Type::Index, Type::Index])
        .region(before)
        .region(after);
    let o = mk(ctx, at, st);
    ctx.result(o, 0)
}
