//! The operations of the par dialect and their verifiers.
//!
//! Everything is in MLIR's generic form; `docs/dialects/par.md` describes
//! each operation.

use crate::op as par;
use strata_abi::GraphArray;
use strata_ir::context::{Context, OpId};
use strata_ir::registry::{OpDef, Traits};
use strata_ir::signature::Signature;
use strata_ir::types::Type;
use strata_ir::verifier::op_error;
use strata_ir::{Diagnostic, OpName};

use crate::uniformity::Level;
use crate::view::*;

use crate::canonicalize::{
    alloc_patterns, barrier_patterns, for_patterns, load_patterns, local_patterns, parallel_patterns,
    queue_items_patterns, queue_size_patterns,
};
use crate::types::{buf_element, queue_element};

type V = Result<(), Diagnostic>;

fn ty(ctx: &Context, op: OpId, i: usize) -> Type {
    ctx.value_type(ctx.operand(op, i)).clone()
}

fn same(ctx: &Context, op: OpId, what: &str, got: &Type, want: &Type) -> V {
    if got != want {
        return Err(op_error(ctx, op, format!("{what} must be {want}, got {got}")));
    }
    Ok(())
}

/// The element type of buffer operand `i` (the signature checked that it
/// is a buffer).
fn element(ctx: &Context, op: OpId, i: usize) -> Type {
    buf_element(&ty(ctx, op, i)).expect("the signature checks the buffer operand")
}

fn verify_graph_array(ctx: &Context, op: OpId) -> V {
    let Some(array) = crate::abi::graph_array_of(ctx, op) else {
        let all: Vec<&str> = GraphArray::ALL.iter().map(|a| a.name()).collect();
        return Err(op_error(ctx, op, format!("'array' must be one of: {}", all.join(", "))));
    };
    let want = crate::types::buf(&crate::abi::ir_type(array.element()));
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &want)
}

fn verify_load(ctx: &Context, op: OpId) -> V {
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &element(ctx, op, 0))
}

/// The graph is an immutable input: no operation writes one of its arrays
/// (the code generators read them as memory that does not change).
fn not_graph(ctx: &Context, op: OpId, buffer: usize) -> V {
    match crate::abi::graph_array_op(ctx, ctx.operand(op, buffer)) {
        Some(d) => {
            let name = crate::abi::graph_array_of(ctx, d).map_or("?", |a| a.name());
            Err(op_error(ctx, op, format!("writes the graph's array '{name}': the graph is read-only")))
        }
        None => Ok(()),
    }
}

fn verify_store(ctx: &Context, op: OpId) -> V {
    same(ctx, op, "stored value", &ty(ctx, op, 0), &element(ctx, op, 1))?;
    not_graph(ctx, op, 1)
}

/// `and` and `or` apply to integers only.
fn kind_applies(ctx: &Context, op: OpId, kind: RmwKind, t: &Type) -> V {
    if t.is_float() && matches!(kind, RmwKind::And | RmwKind::Or) {
        return Err(op_error(ctx, op, format!("'{kind}' applies to integers only, got {t}")));
    }
    Ok(())
}

fn verify_rmw(ctx: &Context, op: OpId) -> V {
    let rmw = AtomicRmw(op);
    let e = element(ctx, op, 1);
    same(ctx, op, "value", &ty(ctx, op, 0), &e)?;
    same(ctx, op, "result", ctx.value_type(rmw.old(ctx)), &e)?;
    not_graph(ctx, op, 1)?;
    let kind = rmw.kind(ctx);
    kind_applies(ctx, op, kind, &e)?;
    if rmw.grouped(ctx) {
        if kind == RmwKind::Xchg {
            return Err(op_error(ctx, op, "'xchg' cannot be grouped: exchanges do not combine"));
        }
        let integer_add = kind == RmwKind::Add && !e.is_float();
        if !integer_add && !ctx.results_unused(op) {
            return Err(op_error(
                ctx,
                op,
                "the old value of a grouped atomic is each thread's only for an integer 'add', so it must be unused",
            ));
        }
    }
    Ok(())
}

fn verify_cmpxchg(ctx: &Context, op: OpId) -> V {
    let e = element(ctx, op, 0);
    same(ctx, op, "expected value", &ty(ctx, op, 2), &e)?;
    same(ctx, op, "new value", &ty(ctx, op, 3), &e)?;
    same(ctx, op, "result 0", ctx.value_type(ctx.result(op, 0)), &e)?;
    not_graph(ctx, op, 0)
}

fn body_args(ctx: &Context, op: OpId, want: &[Type]) -> V {
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "expects one region"));
    }
    let Some(b) = ctx.entry_block(ctx.region(op, 0)) else { return Err(op_error(ctx, op, "expects a body")) };
    let got: Vec<Type> = ctx.block_args(b).iter().map(|v| ctx.value_type(*v).clone()).collect();
    if got != want {
        return Err(op_error(ctx, op, format!("body must take ({})", strata_ir::types::join_types(want))));
    }
    // After convert-scf-to-cf a body has several blocks: each ends in a
    // branch or in the par.yield that leaves the body.
    for &blk in ctx.region_blocks(ctx.region(op, 0)) {
        match ctx.last_op(blk) {
            Some(t) if ctx.op_name(t) == par::YIELD && ctx.operands(t).is_empty() => {}
            Some(t) if !ctx.successors(t).is_empty() => {}
            _ => return Err(op_error(ctx, op, "body must end with an empty par.yield")),
        }
    }
    Ok(())
}

/// Whether `op` is inside a `par.parallel`.
pub(crate) fn in_team(ctx: &Context, op: OpId) -> bool {
    crate::uniformity::team_of(ctx, op).is_some()
}

/// Whether `op` is the last operation of a `par.parallel` body before its
/// `par.yield`: the team's end, which waits for every thread, follows it.
pub fn ends_team(ctx: &Context, op: OpId) -> bool {
    let Some(blk) = ctx.parent_block(op) else { return false };
    let ops = ctx.block_ops(blk);
    let next = ops.iter().position(|o| *o == op).and_then(|i| ops.get(i + 1));
    next.is_some_and(|o| ctx.op_kind(*o) == par::YIELD)
        && ctx.parent_op(op).is_some_and(|p| ctx.op_kind(p) == par::PARALLEL)
}

fn verify_parallel(ctx: &Context, op: OpId) -> V {
    if in_team(ctx, op) {
        return Err(op_error(ctx, op, "may not be nested in another par.parallel"));
    }
    body_args(ctx, op, &[])
}

fn verify_for(ctx: &Context, op: OpId) -> V {
    if For(op).chunk(ctx) < 1 {
        return Err(op_error(ctx, op, "'chunk' must be a positive integer"));
    }
    if !in_team(ctx, op) {
        return Err(op_error(ctx, op, "must be inside a par.parallel: it shares its iterations among the team"));
    }
    // Every thread takes its share, then waits for the others.
    verify_collective(ctx, op)?;
    body_args(ctx, op, &[Type::Index])
}

fn verify_in_team(ctx: &Context, op: OpId) -> V {
    if !in_team(ctx, op) {
        return Err(op_error(ctx, op, "must be inside a par.parallel"));
    }
    Ok(())
}

/// A collective (`par.barrier`, a work-sharing `par.for`): in a team, and
/// reached by all of it ([`crate::uniformity`]).
fn verify_collective(ctx: &Context, op: OpId) -> V {
    collective_at(ctx, op, Level::Team, "team")
}

/// A collective of the threads `level` names (`what`): in a team, and
/// reached by all of them.
fn collective_at(ctx: &Context, op: OpId, level: Level, what: &str) -> V {
    verify_in_team(ctx, op)?;
    match crate::uniformity::divergence(ctx, op, level) {
        Some((p, why)) => Err(op_error(
            ctx,
            op,
            format!(
                "must be reached by every thread of its {what}, but the '{}' at {} {why}",
                ctx.op_name(p),
                ctx.op_loc(p).short()
            ),
        )),
        None => Ok(()),
    }
}

/// The subgroup and block collectives (`par.subgroup_reduce`,
/// `par.subgroup_scan`, `par.block_reduce`, `par.block_scan`): a result of
/// the operand's type, a kind that combines values of it, and every thread
/// of the subgroup (or block) reaching it.
fn verify_group_collective(ctx: &Context, op: OpId) -> V {
    let c = Collective::of(ctx, op).expect("registered for the collectives");
    let t = ty(ctx, op, 0);
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &t)?;
    if c.kind == RmwKind::Xchg {
        return Err(op_error(ctx, op, "'xchg' does not combine values"));
    }
    kind_applies(ctx, op, c.kind, &t)?;
    collective_at(ctx, op, Level::of(c.group), c.group.name())
}

/// `par.subgroup_ballot` and `par.subgroup_shuffle`: reached by every
/// thread of the subgroup; a shuffle gives its operand's type.
fn verify_exchange(ctx: &Context, op: OpId) -> V {
    if ctx.op_kind(op) == par::SUBGROUP_SHUFFLE {
        same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &ty(ctx, op, 0))?;
    }
    collective_at(ctx, op, Level::Subgroup, "subgroup")
}

fn verify_yield(ctx: &Context, op: OpId) -> V {
    match ctx.parent_op(op).map(|p| ctx.op_kind(p)) {
        Some(par::PARALLEL | par::FOR) => Ok(()),
        _ => Err(op_error(ctx, op, "expects parent op to be par.parallel or par.for")),
    }
}

fn queue(ctx: &Context, op: OpId, i: usize) -> Type {
    queue_element(&ty(ctx, op, i)).expect("the signature checks the queue operand")
}

fn verify_queue_new(ctx: &Context, op: OpId) -> V {
    let q = QueueNew(op);
    let e = queue_element(ctx.value_type(q.queue(ctx))).expect("the signature checks the result");
    if q.unique(ctx) && e != Type::Index {
        return Err(op_error(ctx, op, "'unique' needs index items (nodes or edges)"));
    }
    Ok(())
}

fn verify_ordered_queue_new(ctx: &Context, op: OpId) -> V {
    let q = OrderedQueueNew(op);
    if queue_element(ctx.value_type(q.queue(ctx))) != Some(Type::Index) {
        return Err(op_error(ctx, op, "an ordered queue holds index items (nodes)"));
    }
    match buf_element(ctx.value_type(q.key(ctx))) {
        Some(t) if t == Type::i64() => Ok(()),
        _ => Err(op_error(ctx, op, format!("the key must be a !par.buf<i64>, got {}", ctx.value_type(q.key(ctx))))),
    }
}

/// `par.queue_push`, `par.queue_claim`, `par.queue_put`: an item of the
/// queue's type.
fn verify_queue_item(ctx: &Context, op: OpId) -> V {
    same(ctx, op, "item", &ty(ctx, op, 0), &queue(ctx, op, 1))
}

/// `par.shared`: a positive size, made at its team body's top level (by
/// every thread of each block together).
fn verify_shared(ctx: &Context, op: OpId) -> V {
    verify_in_team(ctx, op)?;
    let n = Shared(op).size(ctx);
    if n < 1 {
        return Err(op_error(ctx, op, format!("'size' must be positive, got {n}")));
    }
    if ctx.parent_op(op).is_none_or(|p| ctx.op_kind(p) != par::PARALLEL) {
        return Err(op_error(ctx, op, "must be at its team body's top level, where every thread of a block makes it"));
    }
    Ok(())
}

fn verify_block_barrier(ctx: &Context, op: OpId) -> V {
    collective_at(ctx, op, Level::Block, "block")
}

fn verify_local(ctx: &Context, op: OpId) -> V {
    match Local(op).size(ctx) {
        Some(n) if n < 1 => Err(op_error(ctx, op, format!("'size' must be positive, got {n}"))),
        _ => Ok(()),
    }
}

fn verify_queue_items(ctx: &Context, op: OpId) -> V {
    same(ctx, op, "result", ctx.value_type(ctx.result(op, 0)), &crate::types::buf(&queue(ctx, op, 0)))
}

fn def(name: OpName, signature: Signature, summary: &'static str, traits: Traits) -> OpDef {
    OpDef { signature: Some(signature), ..OpDef::new(name, summary, traits) }
}

fn checked(
    name: OpName,
    signature: Signature,
    summary: &'static str,
    traits: Traits,
    verify: fn(&Context, OpId) -> V,
) -> OpDef {
    OpDef { verify: Some(verify), ..def(name, signature, summary, traits) }
}

/// Every par operation.
pub fn ops() -> Vec<OpDef> {
    let none = Traits::NONE;
    let region = Traits::RECURSIVE_EFFECTS;
    let pure = Traits::PURE;
    vec![
        def(par::GRAPH_SIZE, GraphSize::SIGNATURE, "the number of nodes or edges of a graph", pure),
        def(par::GRAPH_SYMMETRIC, GraphSymmetric::SIGNATURE, "whether every node's out-neighbours are its in-neighbours", pure),
        checked(par::GRAPH_ARRAY, GraphArrayOp::SIGNATURE, "one CSR/CSC array of a graph as a buffer", pure, verify_graph_array),
        OpDef { patterns: Some(alloc_patterns), ..def(par::ALLOC, Alloc::SIGNATURE, "a new buffer of N uninitialized elements", none) },
        OpDef { patterns: Some(local_patterns), ..checked(par::LOCAL, Local::SIGNATURE, "thread-private storage of one element (or of size)", none, verify_local) },
        def(par::CHECK_INDEX, CheckIndex::SIGNATURE, "stops the program unless a node, edge, out-edge or in-edge number is in range", none),
        def(par::FREE, Free::SIGNATURE, "releases a buffer or a queue", none),
        OpDef { patterns: Some(load_patterns), ..checked(par::LOAD, Load::SIGNATURE, "reads an element (atomic: a relaxed atomic read)", none, verify_load) },
        checked(par::STORE, Store::SIGNATURE, "writes an element (atomic: a relaxed atomic write)", none, verify_store),
        checked(par::ATOMIC_RMW, AtomicRmw::SIGNATURE, "atomic read-modify-write of an element; returns the old value", none, verify_rmw),
        checked(par::CMPXCHG, Cmpxchg::SIGNATURE, "atomic compare-and-swap of an element; returns the old value and success", none, verify_cmpxchg),
        OpDef { patterns: Some(parallel_patterns), ..checked(par::PARALLEL, Parallel::SIGNATURE, "runs its body on every thread of a new team", region, verify_parallel) },
        OpDef { patterns: Some(for_patterns), ..checked(par::FOR, For::SIGNATURE, "shares the iterations lo..hi among the team, then waits for all", region, verify_for) },
        OpDef { patterns: Some(barrier_patterns), ..checked(par::BARRIER, Barrier::SIGNATURE, "waits until every thread of the team arrives (every thread must reach it: not in divergent code)", none, verify_collective) },
        checked(par::THREAD_ID, ThreadId::SIGNATURE, "the number of this thread in its team", pure, verify_in_team),
        checked(par::NUM_THREADS, NumThreads::SIGNATURE, "the size of the team", pure, verify_in_team),
        checked(par::SUBGROUP_SIZE, SubgroupSize::SIGNATURE, "the threads of a subgroup (GPU: a warp of 32; CPU: 1)", pure, verify_in_team),
        checked(par::SUBGROUP_ID, SubgroupId::SIGNATURE, "the number of this thread's subgroup in its team", pure, verify_in_team),
        checked(par::NUM_SUBGROUPS, NumSubgroups::SIGNATURE, "the subgroups of the team", pure, verify_in_team),
        checked(par::LANE_ID, LaneId::SIGNATURE, "the number of this thread in its subgroup", pure, verify_in_team),
        checked(par::SUBGROUP_REDUCE, SubgroupReduce::SIGNATURE, "the value combined over this thread's subgroup, on each of its threads (every thread of the subgroup must reach it: not in code divergent within it)", none, verify_group_collective),
        checked(par::SUBGROUP_SCAN, SubgroupScan::SIGNATURE, "the values of the threads before this one in its subgroup combined (exclusive: the first gets the neutral value); every thread of the subgroup must reach it", none, verify_group_collective),
        checked(par::SUBGROUP_BALLOT, SubgroupBallot::SIGNATURE, "the subgroup's votes: bit l is lane l's value (every thread of the subgroup must reach it)", none, verify_exchange),
        checked(par::SUBGROUP_SHUFFLE, SubgroupShuffle::SIGNATURE, "the value of the given lane of this thread's subgroup (every thread of the subgroup must reach it)", none, verify_exchange),
        checked(par::SHARED, Shared::SIGNATURE, "storage of size elements shared by the threads of a block, one for each block (at the team body's top level)", none, verify_shared),
        checked(par::BLOCK_BARRIER, BlockBarrier::SIGNATURE, "waits for every thread of this thread's block (every thread of the block must reach it: not in code divergent within it)", none, verify_block_barrier),
        checked(par::BLOCK_SIZE, BlockSize::SIGNATURE, "the threads of a block, whole subgroups (GPU: 256; CPU: 1)", pure, verify_in_team),
        checked(par::BLOCK_ID, BlockId::SIGNATURE, "the number of this thread's block in its team", pure, verify_in_team),
        checked(par::NUM_BLOCKS, NumBlocks::SIGNATURE, "the blocks of the team", pure, verify_in_team),
        checked(par::BLOCK_THREAD_ID, BlockThreadId::SIGNATURE, "the number of this thread in its block", pure, verify_in_team),
        checked(par::BLOCK_REDUCE, BlockReduce::SIGNATURE, "the value combined over this thread's block, on each of its threads (every thread of the block must reach it: not in code divergent within it)", none, verify_group_collective),
        checked(par::BLOCK_SCAN, BlockScan::SIGNATURE, "the values of the threads before this one in its block combined (exclusive: the first gets the neutral value); every thread of the block must reach it", none, verify_group_collective),
        checked(par::YIELD, Yield::SIGNATURE, "ends a par.parallel or par.for body", Traits::TERMINATOR | pure | Traits::RETURN_LIKE, verify_yield),
        checked(par::QUEUE_NEW, QueueNew::SIGNATURE, "a new work queue with room for N items per round (a plain one grows)", none, verify_queue_new),
        checked(par::ORDERED_QUEUE_NEW, OrderedQueueNew::SIGNATURE, "a new queue of items below N taken bucket by bucket (key[item] / delta when placed), lowest first", none, verify_ordered_queue_new),
        checked(par::QUEUE_PUSH, QueuePush::SIGNATURE, "appends an item to the next round atomically (once per round if unique); buffered: through a per-thread buffer; unclaimed: pushed at most once a round by the program, so not claimed; aggregate: to be aggregated per subgroup or block (par-cooperative-pushes)", none, verify_queue_item),
        checked(par::QUEUE_CLAIM, QueueClaim::SIGNATURE, "whether an item may be added to the next round: always for a plain queue; for a unique one, if no claim took it this round before", none, verify_queue_item),
        def(par::QUEUE_RESERVE, QueueReserve::SIGNATURE, "reserves places for N items in the next round of a plain or unique queue (one atomic add); returns the first", none),
        checked(par::QUEUE_PUT, QueuePut::SIGNATURE, "writes an item into a place reserved in the next round; unclaimed: the program puts each item of a unique queue at most once a round", none, verify_queue_item),
        OpDef { patterns: Some(queue_size_patterns), ..def(par::QUEUE_SIZE, QueueSize::SIGNATURE, "the number of items of the current round", none) },
        OpDef { patterns: Some(queue_items_patterns), ..checked(par::QUEUE_ITEMS, QueueItems::SIGNATURE, "the items of the current round as a buffer", none, verify_queue_items) },
        checked(par::QUEUE_TAKE_OWN, QueueTakeOwn::SIGNATURE, "in a team: moves the items this thread placed in the current bucket of an eager ordered queue, if fewer than the limit, out for it to run now (bucket fusion); returns how many", none, verify_in_team),
        checked(par::QUEUE_OWN_ITEMS, QueueOwnItems::SIGNATURE, "the items this thread's last queue_take_own took, as a buffer", none, verify_queue_items),
        def(par::QUEUE_ADVANCE, QueueAdvance::SIGNATURE, "makes the pushes the current round; true if there are any", none),
    ]
}
