//! Hub splitting (`split`): a round's iterations whose node has many
//! neighbours are listed instead of walked, then every thread of the team
//! walks its block of each listed node's list (or, under `mapping =
//! "edge-balanced"`, which lists every node, its share of all the listed
//! edges: `edge_balance.rs`), and what follows the neighbour loop runs
//! once per listed iteration (`docs/dialects/sched.md`).
//! The block and warp tiers (`block`, `warp`) list the iterations of fewer
//! neighbours than that but many the same way, for blocks and subgroups to
//! run after the round (`warp.rs`). Segmented loops (`segments`) list every
//! node too and walk the lists in passes (`segments.rs`).

use super::edge_balance::EdgeOffsets;
use super::loops::private_accumulator;
use super::segments::Segmented;
use super::warp::Group;
use super::*;
use strata_par_dialect::view::RmwKind;
use strata_sched_dialect::legality::{split_shape, walks_own_lists, Split};

/// The iterations a split loop's round deferred (a list of `capacity`),
/// how many tried to take a place (the list holds the first `capacity`;
/// for the block and warp tiers followed by the cursor their groups take
/// the listed iterations with, zeroed with the count),
/// per accumulator of the body a value per listed iteration (set to the
/// scalar's initial value when it is listed), for the team's tier the
/// buffers of the edge-balanced walk (`edge_balance.rs`; each listed
/// node's degree set when it is listed), for a segmented loop the lists
/// copied per segment (`segments.rs`), whether every node is listed at its
/// own index ([`own_places`]), and whether they were made once in the
/// function's entry block (else before the round, to be freed after it).
struct Deferred {
    nodes: Value,
    count: Value,
    capacity: Value,
    accumulators: Vec<Value>,
    edges: Option<EdgeOffsets>,
    segments: Option<Segmented>,
    every_node: bool,
    hoisted: bool,
}

/// The thread `me`'s block of the list `lo..hi` of `d` positions that a
/// team of `team` threads shares: blocks of `ceil(d / team)`, block 0 going
/// to the thread after the one that took the last block of the lists
/// dealt out before (`first`: their positions modulo `team`), so that
/// short lists spread over the team; and where the next list's block 0
/// goes. A thread past the list's end gets an empty block. A list no
/// longer than the team (a GPU's grid against most hubs) needs no
/// division: blocks of 1, the thread's place and the next list's first
/// found by a subtraction (a division costs a GPU thread some twenty
/// instructions, for every listed node).
fn team_block(
    ctx: &mut Rewriter<'_>,
    at: At,
    (lo, hi, d): (Value, Value, Value),
    first: Value,
    (me, team): (Value, Value),
    loc: &Location,
) -> (Value, Value, Value) {
    let int = |ctx: &mut Rewriter<'_>, at, name, a, b| op1(ctx, at, name, &[a, b], Type::Index, loc);
    // x - team where x >= team: x modulo team for x below twice the team.
    let wrap = |ctx: &mut Rewriter<'_>, at, x| {
        let over = cmpi(ctx, at, CmpiPredicate::Uge, x, team, loc);
        let less = int(ctx, at, arith::SUBI, x, team);
        op1(ctx, at, arith::SELECT, &[over, less, x], Type::Index, loc)
    };
    let short = cmpi(ctx, at, CmpiPredicate::Ule, d, team, loc);
    let block = choose(
        ctx,
        at,
        short,
        |ctx, at| index_const(ctx, at, 1, loc),
        |ctx, at| int(ctx, at, arith::CEILDIVUI, d, team),
        loc,
    );
    let past = int(ctx, at, arith::ADDI, first, d);
    let next =
        choose(ctx, at, short, |ctx, at| wrap(ctx, at, past), |ctx, at| int(ctx, at, arith::REMUI, past, team), loc);
    let shifted = int(ctx, at, arith::ADDI, me, team);
    let shifted = int(ctx, at, arith::SUBI, shifted, first);
    let mine = wrap(ctx, at, shifted);
    let offset = int(ctx, at, arith::MULI, mine, block);
    let start = int(ctx, at, arith::ADDI, lo, offset);
    let start = int(ctx, at, arith::MINUI, start, hi);
    let end = int(ctx, at, arith::ADDI, start, block);
    (start, int(ctx, at, arith::MINUI, end, hi), next)
}

/// Where in the entry block of `op`'s function buffers for `op` can be
/// made once: before the entry block's operation that holds `op`, when the
/// graph `g` is known there (an argument, or made before it).
fn entry_place(ctx: &Context, op: OpId, g: Value) -> Option<At> {
    let f = ctx.enclosing_op(op, |p| ctx.op_name(p) == func::FUNC)?;
    let entry = ctx.entry_block(ctx.region(f, 0))?;
    let mut top = op;
    while ctx.parent_block(top) != Some(entry) {
        top = ctx.parent_op(top)?;
    }
    let known = match ctx.defining_op(g) {
        None => ctx.block_args(entry).contains(&g),
        Some(d) => {
            let ops = ctx.block_ops(entry);
            ctx.parent_block(d) == Some(entry) && ops.iter().position(|o| *o == d) < ops.iter().position(|o| *o == top)
        }
    };
    known.then_some(At::Before(top))
}

/// A loop being split: the copies of it that walk the listed nodes' lists
/// (`shared`: one, or one per pass of a segmented loop) and run the rest of
/// the body once per listed iteration (`once`, when there is a rest with
/// effects), and the list; and for its block and warp tiers, a copy of the
/// loop and its list each.
pub(super) struct SplitLoop {
    hubs: Option<(Vec<OpId>, Option<OpId>, Deferred)>,
    groups: Vec<(Group, OpId, Deferred)>,
}

/// How the team walks the listed nodes' lists.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum HubWalk {
    /// Each node's list in blocks of `ceil(degree / threads)`, one a
    /// thread (`split`).
    Blocks,
    /// The listed edges in equal shares (`mapping = "edge-balanced"`).
    Edges,
    /// Every node's list in this many passes, one per range of neighbours
    /// (`segments`).
    Segments(u32),
}

impl SplitLoop {
    /// The buffers made for the round, to free after its team (none when
    /// they were made once per function).
    pub(super) fn round_buffers(&self) -> Vec<Value> {
        let lists = self.hubs.iter().map(|h| &h.2).chain(self.groups.iter().map(|g| &g.2));
        lists
            .filter(|d| !d.hoisted)
            .flat_map(|d| {
                let edges = d.edges.iter().flat_map(|e| [e.degrees, e.offsets, e.sums]);
                let segments = d.segments.iter().flat_map(Segmented::buffers);
                [d.nodes, d.count].into_iter().chain(d.accumulators.iter().copied()).chain(edges).chain(segments)
            })
            .collect()
    }
}

impl Lowering {
    /// Prepares splitting the parallel loop `op` at degree `split` (its
    /// nodes' lists walked as `walk` says) and deferring to blocks and
    /// subgroups its iterations from degrees `block` and `warp` (0: none),
    /// before its body moves into the team
    /// body `pb`: the copies of the loop they need (at the end of `pb`,
    /// used up by [`Lowering::finish_split`]) and the lists
    /// ([`Lowering::defer_hubs`]; `at` is before the team).
    pub(super) fn prepare_split(
        &mut self,
        ctx: &mut Rewriter<'_>,
        op: OpId,
        pb: BlockId,
        at: At,
        ((split, block, warp), walk): ((u32, u32, u32), HubWalk),
        loc: &Location,
    ) -> SplitLoop {
        let shape = split_shape(ctx, op).expect("checked by the sched verifier");
        // The copies first, of the body as written.
        let passes = if let HubWalk::Segments(k) = walk { k } else { 1 };
        let hub_copies = (split > 0).then(|| {
            let shared = (0..passes).map(|_| ctx.clone_at_end(op, pb)).collect::<Vec<_>>();
            (shared, shape.tail.then(|| ctx.clone_at_end(op, pb)))
        });
        let tiers = [(Group::Block, block), (Group::Subgroup, warp)];
        let copies: Vec<(Group, u32, OpId)> =
            tiers.into_iter().filter(|t| t.1 > 0).map(|(g, d)| (g, d, ctx.clone_at_end(op, pb))).collect();
        let hubs = hub_copies
            .map(|(shared, once)| (shared, once, self.defer_hubs(ctx, op, &shape, at, (split, Some(walk)), loc)));
        // Each below the tests before it: a node of no higher tier, of the
        // tier's degree.
        let groups = copies
            .into_iter()
            .map(|(g, degree, copy)| (g, copy, self.defer_hubs(ctx, op, &shape, at, (degree, None), loc)))
            .collect();
        SplitLoop { hubs, groups }
    }

    /// At the end of the team body `pb`, after the round's work-shared
    /// loop: the iterations deferred to blocks and subgroups, the listed
    /// nodes' shared walks, then the rest of the body once per listed
    /// iteration.
    pub(super) fn finish_split(&mut self, ctx: &mut Rewriter<'_>, split: &SplitLoop, pb: BlockId, loc: &Location) {
        for (group, copy, deferred) in &split.groups {
            let n = listed(ctx, At::End(pb), deferred, loc);
            self.group_walks(ctx, *copy, pb, (deferred.nodes, n, deferred.count), *group, loc);
        }
        if let Some((shared, once, deferred)) = &split.hubs {
            match &deferred.segments {
                Some(seg) => {
                    let n = listed(ctx, At::End(pb), deferred, loc);
                    let values = &deferred.accumulators;
                    self.segment_passes(ctx, shared, pb, (deferred.nodes, n), values, seg, loc);
                }
                None => self.shared_hubs(ctx, shared[0], pb, deferred, loc),
            }
            if let Some(once) = once {
                self.hub_tails(ctx, *once, pb, deferred, loc);
            }
        }
    }

    /// Prepares deferring the iterations of the parallel loop `op` (of
    /// parts `shape`) from degree `split`: a list for the iterations the
    /// round defers, their count (zeroed at `at`, before each round) and,
    /// for the team's tier (`walk`), a value per listed iteration for each
    /// accumulator of the body (and, walked by edges, each one's degree); and puts the neighbour loop of `op`'s body
    /// and the rest of the body under a test of the node's degree. Below
    /// `split` they run there; otherwise the iteration takes a place in the
    /// list (and its accumulators' values are set to their initial ones).
    /// A graph of `E` edges has at most `E / split` nodes of `split`
    /// neighbours, so the list holds that many plus one; it is made once,
    /// in the function's entry block, where the graph is known there (a
    /// round's mallocs cost the GPU more than its work on a short round),
    /// else before each round. An iteration that finds the list full (a
    /// node twice in a round of a worklist that repeats items) runs there.
    /// A loop that lists at [`own_places`] lists every node (none runs
    /// there) in a list of the graph's nodes.
    fn defer_hubs(
        &mut self,
        ctx: &mut Rewriter<'_>,
        op: OpId,
        shape: &Split,
        at: At,
        (split, walk): (u32, Option<HubWalk>),
        loc: &Location,
    ) -> Deferred {
        let sums = walk.is_some();
        let inner = shape.inner;
        let g = graph_of(ctx, inner).expect("a neighbour loop");
        // The iteration's argument: the node, or what the body finds it from.
        let arg = ctx.block_args(ctx.entry_block(ctx.region(op, 0)).expect("a body"))[0];
        let own_places = own_places(ctx, op, inner, walk);
        let split = if own_places { 0 } else { split };
        let hoisted = entry_place(ctx, op, g);
        let place = hoisted.unwrap_or(at);
        let one = index_const(ctx, place, 1, loc);
        let capacity = if own_places {
            self.size(ctx, place, g, SizeOf::Nodes, loc)
        } else {
            let edges = self.size(ctx, place, g, SizeOf::Edges, loc);
            let limit = index_const(ctx, place, i128::from(split), loc);
            let most = op1(ctx, place, arith::DIVUI, &[edges, limit], Type::Index, loc);
            op1(ctx, place, arith::ADDI, &[most, one], Type::Index, loc)
        };
        let nodes = op1(ctx, place, par::ALLOC, &[capacity], buf(&Type::Index), loc);
        // A list for blocks or subgroups keeps the cursor they take its
        // places with after the count.
        let words = if sums { one } else { index_const(ctx, place, 2, loc) };
        let count = op1(ctx, place, par::ALLOC, &[words], buf(&Type::Index), loc);
        let accumulators: Vec<Value> = shape
            .accumulators
            .iter()
            .filter(|_| sums)
            .map(|(a, _)| {
                let t = conv(ctx.value_type(ctx.result(*a, 0)));
                op1(ctx, place, par::ALLOC, &[capacity], t, loc)
            })
            .collect();
        let edges = (walk == Some(HubWalk::Edges)).then(|| self.edge_offset_buffers(ctx, place, capacity, loc));
        let segments = match walk {
            Some(HubWalk::Segments(k)) => Some(self.segment_lists(ctx, place, inner, k, loc)),
            _ => None,
        };
        let zero = index_const(ctx, at, 0, loc);
        let listed_before = if own_places { self.size(ctx, at, g, SizeOf::Nodes, loc) } else { zero };
        store(ctx, at, listed_before, count, zero, loc);
        if !sums {
            let cursor = index_const(ctx, at, 1, loc);
            store(ctx, at, zero, count, cursor, loc);
        }
        let iat = At::Before(inner);
        let (_, v) = adjacency_of(ctx, inner).expect("a neighbour loop");
        let (lo, hi, _) = self.args_space(ctx, space_of(ctx, inner).expect("a neighbour loop"), &[g, v], iat, loc);
        let degree = op1(ctx, iat, arith::SUBI, &[hi, lo], Type::Index, loc);
        let limit = index_const(ctx, iat, i128::from(split), loc);
        let large = cmpi(ctx, iat, CmpiPredicate::Uge, degree, limit, loc);
        // A large node takes a place if one is left: `listed`.
        let (try_r, try_b) = new_body(ctx, &[], loc);
        let (no_r, no_b) = new_body(ctx, &[], loc);
        let (z, o) = (index_const(ctx, At::End(try_b), 0, loc), index_const(ctx, At::End(try_b), 1, loc));
        // Taken from the fewest neighbours to the most, the nodes a warp's
        // lanes take at once are listed together: `grouped`, they take
        // their places with one atomic add.
        let by_degree = schedule_of(ctx, op).is_some_and(|s| s.order == Order::Degree);
        let slot = if own_places {
            arg
        } else {
            let listing = atomic_op(ctx, At::End(try_b), (RmwKind::Add, by_degree), (o, count, z), loc);
            ctx.result(listing, 0)
        };
        let fits = cmpi(ctx, At::End(try_b), CmpiPredicate::Ult, slot, capacity, loc);
        let kept = if_then(ctx, At::End(try_b), fits, loc);
        store(ctx, At::End(kept), arg, nodes, slot, loc);
        if let Some(e) = &edges {
            store(ctx, At::End(kept), degree, e.degrees, slot, loc);
        }
        for ((a, _), values) in shape.accumulators.iter().zip(&accumulators) {
            let init = graph::NewScalar(*a).init(ctx);
            store(ctx, At::End(kept), init, *values, slot, loc);
        }
        op0(ctx, At::End(kept), scf::YIELD, &[], loc);
        op0(ctx, At::End(try_b), scf::YIELD, &[fits], loc);
        let no = constant(ctx, At::End(no_b), Attribute::Bool(false), Type::i1(), loc);
        op0(ctx, At::End(no_b), scf::YIELD, &[no], loc);
        let st = OperationState::new(scf::IF, loc.clone()).operands(&[large]).results(&[Type::i1()]);
        let listed = mk(ctx, iat, st.region(try_r).region(no_r));
        let listed = ctx.result(listed, 0);
        let yes = constant(ctx, iat, Attribute::Bool(true), Type::i1(), loc);
        let here = op1(ctx, iat, arith::XORI, &[listed, yes], Type::i1(), loc);
        let run_b = if_then(ctx, iat, here, loc);
        let end = mk(ctx, At::End(run_b), OperationState::new(scf::YIELD, loc.clone()));
        // The neighbour loop and what follows it run here for a node that is
        // not listed; for a listed one, later.
        for o in std::iter::once(inner).chain(ops_after(ctx, inner)) {
            ctx.move_op_before(o, end);
        }
        Deferred {
            nodes,
            count,
            capacity,
            accumulators,
            edges,
            segments,
            every_node: own_places,
            hoisted: hoisted.is_some(),
        }
    }

    /// Runs, at the end of the team body `pb` (after the round's work-shared
    /// loop), the neighbour loops of the nodes the round deferred, shared
    /// by the team: node by node, each thread taking a block of
    /// `ceil(d / threads)` of node `x`'s `d` neighbours, the blocks dealt
    /// out from where the previous node's ended so that lists shorter than
    /// the team spread over all threads; or edge by edge, each thread
    /// walking its share of the listed nodes' edges (`edge_balance.rs`) and
    /// running, for each node its share meets, the body up to the neighbour
    /// loop and the loop over the part of the node's list in its share. A thread reduces into a private
    /// copy of each accumulator, combined into the node's value after its
    /// part. `copy` (a copy of the loop; what follows the neighbour loop is
    /// left to [`Lowering::hub_tails`]) is used up.
    fn shared_hubs(&mut self, ctx: &mut Rewriter<'_>, copy: OpId, pb: BlockId, deferred: &Deferred, loc: &Location) {
        let at = At::End(pb);
        let (zero, one) = (index_const(ctx, at, 0, loc), index_const(ctx, at, 1, loc));
        let n = listed(ctx, at, deferred, loc);
        let share = deferred.edges.map(|e| (e, self.edge_share(ctx, pb, e, n, loc)));
        // By blocks: the thread, the team, and where the next list's
        // block 0 goes (the neighbours dealt out so far, modulo the team;
        // this thread's count of the team's).
        let blocks = share.is_none().then(|| {
            let me = op1(ctx, at, par::THREAD_ID, &[], Type::Index, loc);
            let team = op1(ctx, at, par::NUM_THREADS, &[], Type::Index, loc);
            let dealt = op1(ctx, at, par::LOCAL, &[], buf(&Type::Index), loc);
            store(ctx, at, zero, dealt, zero, loc);
            (me, team, dealt)
        });
        let shape = split_shape(ctx, copy).expect("checked by the sched verifier");
        let inner = shape.inner;
        // What follows the neighbour loop runs once per node, later.
        for o in ops_after(ctx, inner).into_iter().rev() {
            ctx.erase_op(o);
        }
        let (r, hb) = new_body(ctx, &[Type::Index], loc);
        let b = ctx.block_args(hb)[0];
        let hat = At::End(hb);
        let x = load(ctx, hat, deferred.nodes, b, false, loc);
        // The thread's own accumulators, from the reductions' neutral value,
        // in place of the scalars the body makes.
        let mut copies = Vec::new();
        for (a, kind) in &shape.accumulators {
            let kind = kind.unwrap_or(ReduceKind::Add);
            let neutral_value = |ctx: &mut Rewriter<'_>, e: &Type| constant(ctx, hat, neutral(kind, e), e.clone(), loc);
            copies.push((private_accumulator(ctx, hat, *a, neutral_value, loc), kind));
        }
        self.emit_body(ctx, copy, hb, &[x], scf::YIELD, loc);
        // The neighbour loop, now in `hb`, walks this thread's block of the
        // node's list, or the part of it (edges `from..from + d` of the
        // listed ones) in the thread's share.
        let part = |ctx: &mut Rewriter<'_>, iat, lo, hi| {
            let int = |ctx: &mut Rewriter<'_>, name, a, b| op1(ctx, iat, name, &[a, b], Type::Index, loc);
            let Some((edges, share)) = &share else {
                let (me, team, dealt) = blocks.expect("walked by blocks");
                let d = int(ctx, arith::SUBI, hi, lo);
                let z = index_const(ctx, iat, 0, loc);
                let first = load(ctx, iat, dealt, z, false, loc);
                let (start, end, next) = team_block(ctx, iat, (lo, hi, d), first, (me, team), loc);
                store(ctx, iat, next, dealt, z, loc);
                return (start, end, index_const(ctx, iat, 1, loc));
            };
            let from = load(ctx, iat, edges.offsets, b, false, loc);
            let d = int(ctx, arith::SUBI, hi, lo);
            let past = int(ctx, arith::ADDI, from, d);
            let skip = int(ctx, arith::MAXUI, share.start, from);
            let skip = int(ctx, arith::SUBI, skip, from);
            let upto = int(ctx, arith::MINUI, share.end, past);
            let upto = int(ctx, arith::SUBI, upto, from);
            let begin = int(ctx, arith::ADDI, lo, skip);
            let stop = int(ctx, arith::ADDI, lo, upto);
            (begin, stop, index_const(ctx, iat, 1, loc))
        };
        let (each, start, end) = self.walk_share(ctx, inner, part, loc);
        if !copies.is_empty() {
            let aat = ctx.next_op(each).map(At::Before).expect("the block's terminator");
            let walked = cmpi(ctx, aat, CmpiPredicate::Ult, start, end, loc);
            let cb = if_then(ctx, aat, walked, loc);
            for ((l, kind), values) in copies.iter().zip(&deferred.accumulators) {
                let z = index_const(ctx, At::End(cb), 0, loc);
                let mine = load(ctx, At::End(cb), *l, z, false, loc);
                // The team's threads combine into the same element at once:
                // a warp's lanes sum first (one atomic per warp).
                atomic_op(ctx, At::End(cb), (rmw_kind(*kind), true), (mine, *values, b), loc);
            }
            op0(ctx, At::End(cb), scf::YIELD, &[], loc);
        }
        let (first, last) = share.as_ref().map_or((zero, n), |(_, s)| (s.first, s.last));
        let st = OperationState::new(scf::FOR, loc.clone()).operands(&[first, last, one]).region(r);
        let hubs = mk(ctx, at, st);
        self.scopes.insert(r, Rc::new(Scope { iteration: Some(hubs), ..(*self.scope).clone() }));
        ctx.erase_op(copy);
    }

    /// After the deferred nodes' shared neighbour loops (and a barrier),
    /// runs the rest of the body once per deferred node, the team sharing
    /// the nodes (dealt out one at a time, or, where every node is listed,
    /// in dynamic blocks of 1,024 as the loop's own iterations: on the CPU
    /// neighbouring nodes' stores then stay on one thread): `copy` (a copy
    /// of the loop) without its neighbour loop, its accumulators read from
    /// the node's combined values. Used up.
    fn hub_tails(&mut self, ctx: &mut Rewriter<'_>, copy: OpId, pb: BlockId, deferred: &Deferred, loc: &Location) {
        let at = At::End(pb);
        op0(ctx, at, par::BARRIER, &[], loc);
        let zero = index_const(ctx, at, 0, loc);
        let one = index_const(ctx, at, 1, loc);
        let n = listed(ctx, at, deferred, loc);
        let shape = split_shape(ctx, copy).expect("checked by the sched verifier");
        let (fr, fb) = new_body(ctx, &[Type::Index], loc);
        let b = ctx.block_args(fb)[0];
        let x = load(ctx, At::End(fb), deferred.nodes, b, false, loc);
        self.emit_body(ctx, copy, fb, &[x], par::YIELD, loc);
        ctx.erase_op(shape.inner);
        for ((a, _), values) in shape.accumulators.iter().zip(&deferred.accumulators) {
            let reads: Vec<OpId> = ctx.uses(ctx.result(*a, 0)).iter().map(|u| u.op).collect();
            for r in reads {
                let v = load(ctx, At::Before(r), *values, b, false, loc);
                ctx.replace_all_uses_with(ctx.result(r, 0), v);
                ctx.erase_op(r);
            }
            ctx.erase_op(*a);
        }
        let (dist, chunk) = if deferred.every_node { (ParDist::Guided, 1024) } else { (ParDist::Static, 1) };
        let st = OperationState::new(par::FOR, loc.clone())
            .operands(&[zero, n, one])
            .props(strata_par_dialect::op::For::props(dist, chunk))
            .region(fr);
        let tails = mk(ctx, at, st);
        self.scopes.insert(fr, Rc::new(Scope { iteration: Some(tails), ..(*self.scope).clone() }));
        ctx.erase_op(copy);
    }
}

/// Whether the loop `op` lists its iterations at places of their own: a
/// loop over all nodes whose neighbour loop `inner` walks the iteration's
/// own list ([`walks_own_lists`]), walked edge by edge or in segments
/// (which needs that shape), lists every node, each at its own index (the
/// count set to the nodes before the round): no place to take with an
/// atomic add on one count, which every thread of the round would contend
/// for.
fn own_places(ctx: &Context, op: OpId, inner: OpId, walk: Option<HubWalk>) -> bool {
    matches!(walk, Some(HubWalk::Edges | HubWalk::Segments(_))) && walks_own_lists(ctx, op, inner)
}

/// How many iterations `deferred` holds: those that tried to take a place,
/// at most its capacity (read after the round's barrier).
fn listed(ctx: &mut Rewriter<'_>, at: At, deferred: &Deferred, loc: &Location) -> Value {
    let zero = index_const(ctx, at, 0, loc);
    let tried = load(ctx, at, deferred.count, zero, true, loc);
    op1(ctx, at, arith::MINUI, &[tried, deferred.capacity], Type::Index, loc)
}
