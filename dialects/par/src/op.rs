//! The par dialect's operations, each declared once: name, summary,
//! traits, operands, results and properties with their constraints, and
//! hooks (verifier, canonicalization patterns). From it come the name
//! constants, the typed views, [`ParOp`] and the definitions the dialect
//! registers. Every operation takes the declared assembly format of
//! [`op_format`] (`%v = par.load %b, %i : !par.buf<i64> -> i64`);
//! `docs/dialects/par.md` describes each operation.

use crate::canonicalize::{
    alloc_patterns, barrier_patterns, for_patterns, load_patterns, local_patterns, parallel_patterns,
    queue_items_patterns, queue_size_patterns,
};
use crate::verify::*;
use strata_ir::op_format;
use strata_ir::signature::TypeConstraint;

use crate::view::{Checked, Dist, Group, RmwKind, SizeOf, BUF, GRAPH, QUEUE};

strata_ir::dialect_ops! {
    /// Every par operation, for exhaustive matches: a consumer without a
    /// wildcard arm stops compiling when an operation is added.
    dialect "par" => pub enum ParOp,
    /// Which par operation: the key of tables by operation.
    pub enum ParKind;
    hooks { parse: Some(op_format::parse), print: Some(op_format::print) }

    /// `par.graph_size {of}`: the number of nodes or edges.
    view GraphSize {
        ops {
            GraphSize = GRAPH_SIZE "graph_size" (
                "the number of nodes or edges of a graph",
                Traits::PURE
            );
        }
        operands {
            /// The graph.
            graph: GRAPH,
        }
        results {
            /// The count.
            size: Index,
        }
        properties {
            /// What is counted (the property `of`).
            counted("of"): SizeOf,
        }
    }

    /// `par.graph_symmetric`: whether the graph is symmetric (every node's
    /// out-neighbours are its in-neighbours).
    view GraphSymmetric {
        ops {
            GraphSymmetric = GRAPH_SYMMETRIC "graph_symmetric" (
                "whether every node's out-neighbours are its in-neighbours",
                Traits::PURE
            );
        }
        operands {
            /// The graph.
            graph: GRAPH,
        }
        results {
            /// Whether it is.
            symmetric: Int(1),
        }
        properties {}
    }

    /// `par.graph_array {array}`: one array of the graph as a buffer.
    view GraphArrayOp {
        ops {
            GraphArray = GRAPH_ARRAY "graph_array" (
                "one CSR/CSC array of a graph as a buffer",
                Traits::PURE
            ) { verify: Some(verify_graph_array) };
        }
        operands {
            /// The graph.
            graph: GRAPH,
        }
        results {
            /// The array.
            buffer: BUF,
        }
        properties {
            /// Which array (a [`strata_abi::GraphArray`] name; the verifier
            /// checks it).
            array: String,
        }
    }

    /// `par.alloc`: a new buffer.
    view Alloc {
        ops {
            Alloc = ALLOC "alloc" (
                "a new buffer of N uninitialized elements",
                Traits::NONE
            ) { patterns: Some(alloc_patterns) };
        }
        operands {
            /// The number of elements.
            size: Index,
        }
        results {
            /// The buffer.
            buffer: BUF,
        }
        properties {}
    }

    /// `par.local {size}`: thread-private storage of one element, or of
    /// `size`.
    view Local {
        ops {
            Local = LOCAL "local" (
                "thread-private storage of one element (or of size)",
                Traits::NONE
            ) { verify: Some(verify_local), patterns: Some(local_patterns) };
        }
        operands {}
        results {
            /// The buffer.
            buffer: BUF,
        }
        properties {
            /// The elements (positive; one where left out).
            size: Option<i64>,
        }
    }

    /// `par.check_index {of}`: stops the program with
    /// [`Checked::out_of_range`]'s message unless `0 <= index < count`, where
    /// a node, an edge or a node's out-edge is made from a number.
    view CheckIndex {
        ops {
            CheckIndex = CHECK_INDEX "check_index" (
                "stops the program unless a node, edge, out-edge or in-edge number is in range",
                Traits::NONE
            );
        }
        operands {
            /// The number, read as signed in the message.
            index: Index,
            /// The number of nodes or edges.
            count: Index,
        }
        results {}
        properties {
            /// What `count` counts (the property `of`).
            counted("of"): Checked,
        }
    }

    /// `par.free`: releases a buffer or a queue.
    view Free {
        ops {
            Free = FREE "free" (
                "releases a buffer or a queue",
                Traits::NONE
            );
        }
        operands {
            /// The buffer or queue.
            storage: OneOf(&[BUF, QUEUE]),
        }
        results {}
        properties {}
    }

    /// `par.load`: reads an element.
    view Load {
        ops {
            Load = LOAD "load" (
                "reads an element (atomic: a relaxed atomic read)",
                Traits::NONE
            ) { verify: Some(verify_load), patterns: Some(load_patterns) };
        }
        operands {
            /// The buffer.
            buffer: BUF,
            /// The element's position.
            index: Index,
        }
        results {
            /// The element.
            value: Any,
        }
        properties {
            /// A relaxed atomic read.
            atomic: bool,
        }
    }

    /// `par.store`: writes an element.
    view Store {
        ops {
            Store = STORE "store" (
                "writes an element (atomic: a relaxed atomic write)",
                Traits::NONE
            ) { verify: Some(verify_store) };
        }
        operands {
            /// The value written.
            value: Any,
            /// The buffer.
            buffer: BUF,
            /// The element's position.
            index: Index,
        }
        results {}
        properties {
            /// A relaxed atomic write.
            atomic: bool,
        }
    }

    /// `par.atomic_rmw {kind}`: an atomic read-modify-write of an element.
    view AtomicRmw {
        ops {
            AtomicRmw = ATOMIC_RMW "atomic_rmw" (
                "atomic read-modify-write of an element; returns the old value",
                Traits::NONE
            ) { verify: Some(verify_rmw) };
        }
        operands {
            /// The value combined in.
            value: Scalar,
            /// The buffer.
            buffer: BUF,
            /// The element's position.
            index: Index,
        }
        results {
            /// The element's old value.
            old: Scalar,
        }
        properties {
            /// The operation.
            kind: RmwKind,
            /// The threads of a subgroup (a GPU warp) that reach it at once
            /// for the same element may combine their values first, one of
            /// them updating the element (`add`, `mul`, `min`, `max`, `and`,
            /// `or`). The old value is then each thread's only for an
            /// integer `add` (as if the threads had added in turn), so for
            /// the others it must be unused.
            grouped: bool,
        }
    }

    /// `par.cmpxchg`: an atomic compare-and-swap of an element.
    view Cmpxchg {
        ops {
            Cmpxchg = CMPXCHG "cmpxchg" (
                "atomic compare-and-swap of an element; returns the old value and success",
                Traits::NONE
            ) { verify: Some(verify_cmpxchg) };
        }
        operands {
            /// The buffer.
            buffer: BUF,
            /// The element's position.
            index: Index,
            /// The value the element must hold.
            expected: IntOrIndex,
            /// The value stored if it does.
            new: IntOrIndex,
        }
        results {
            /// The element's old value.
            old: IntOrIndex,
            /// Whether the new value was stored.
            success: Int(1),
        }
        properties {}
    }

    /// `par.parallel`: runs its body on every thread of a new team.
    view Parallel {
        ops {
            Parallel = PARALLEL "parallel" (
                "runs its body on every thread of a new team",
                Traits::RECURSIVE_EFFECTS
            ) {
                verify: Some(verify_parallel),
                patterns: Some(parallel_patterns),
                parse: Some(op_format::parse_with_regions),
                print: Some(op_format::print_with_regions),
            };
        }
        operands {}
        results {}
        properties {}
    }

    /// `par.for {dist, chunk}`: shares the iterations among the team.
    view For {
        ops {
            For = FOR "for" (
                "shares the iterations lo..hi among the team, then waits for all",
                Traits::RECURSIVE_EFFECTS
            ) {
                verify: Some(verify_for),
                patterns: Some(for_patterns),
                parse: Some(op_format::parse_with_regions),
                print: Some(op_format::print_with_regions),
            };
        }
        operands {
            /// The first iteration.
            lower: Index,
            /// The bound (excluded).
            upper: Index,
            /// The step.
            step: Index,
        }
        results {}
        properties {
            /// How the iterations are shared.
            dist: Dist,
            /// The iterations per block (positive).
            chunk: i64,
        }
    }

    /// `par.barrier`: waits for the whole team.
    view Barrier {
        ops {
            Barrier = BARRIER "barrier" (
                "waits until every thread of the team arrives (every thread must reach it: not in divergent code)",
                Traits::NONE
            ) { verify: Some(verify_collective), patterns: Some(barrier_patterns) };
        }
        operands {}
        results {}
        properties {}
    }

    /// `par.thread_id`: this thread's number in its team.
    view ThreadId {
        ops {
            ThreadId = THREAD_ID "thread_id" (
                "the number of this thread in its team",
                Traits::PURE
            ) { verify: Some(verify_in_team) };
        }
        operands {}
        results {
            /// The number.
            id: Index,
        }
        properties {}
    }

    /// `par.num_threads`: the size of the team.
    view NumThreads {
        ops {
            NumThreads = NUM_THREADS "num_threads" (
                "the size of the team",
                Traits::PURE
            ) { verify: Some(verify_in_team) };
        }
        operands {}
        results {
            /// The size.
            count: Index,
        }
        properties {}
    }

    /// `par.subgroup_size`: the threads of a subgroup (a GPU warp: 32; a
    /// CPU thread is a subgroup of its own: 1).
    view SubgroupSize {
        ops {
            SubgroupSize = SUBGROUP_SIZE "subgroup_size" (
                "the threads of a subgroup (GPU: a warp of 32; CPU: 1)",
                Traits::PURE
            ) { verify: Some(verify_in_team) };
        }
        operands {}
        results {
            /// The size.
            size: Index,
        }
        properties {}
    }

    /// `par.subgroup_id`: the number of this thread's subgroup in its team.
    view SubgroupId {
        ops {
            SubgroupId = SUBGROUP_ID "subgroup_id" (
                "the number of this thread's subgroup in its team",
                Traits::PURE
            ) { verify: Some(verify_in_team) };
        }
        operands {}
        results {
            /// The number.
            id: Index,
        }
        properties {}
    }

    /// `par.num_subgroups`: the subgroups of the team.
    view NumSubgroups {
        ops {
            NumSubgroups = NUM_SUBGROUPS "num_subgroups" (
                "the subgroups of the team",
                Traits::PURE
            ) { verify: Some(verify_in_team) };
        }
        operands {}
        results {
            /// The count.
            count: Index,
        }
        properties {}
    }

    /// `par.lane_id`: this thread's number in its subgroup.
    view LaneId {
        ops {
            LaneId = LANE_ID "lane_id" (
                "the number of this thread in its subgroup",
                Traits::PURE
            ) { verify: Some(verify_in_team) };
        }
        operands {}
        results {
            /// The number.
            lane: Index,
        }
        properties {}
    }

    /// `par.subgroup_reduce {kind}`: the value combined over the threads of
    /// this thread's subgroup, on each of them (a collective of the
    /// subgroup: each of its threads must reach it).
    view SubgroupReduce {
        ops {
            SubgroupReduce = SUBGROUP_REDUCE "subgroup_reduce" (
                "the value combined over this thread's subgroup, on each of its threads (every thread of the subgroup must reach it: not in code divergent within it)",
                Traits::NONE
            ) { verify: Some(verify_group_collective) };
        }
        operands {
            /// This thread's value.
            value: Scalar,
        }
        results {
            /// The combined value.
            combined: Scalar,
        }
        properties {
            /// How values combine (not `xchg`).
            kind: RmwKind,
        }
    }

    /// `par.subgroup_scan {kind}`: the values of the threads before this
    /// one in its subgroup combined (an exclusive scan: the first thread
    /// gets the kind's neutral value); a collective of the subgroup.
    view SubgroupScan {
        ops {
            SubgroupScan = SUBGROUP_SCAN "subgroup_scan" (
                "the values of the threads before this one in its subgroup combined (exclusive: the first gets the neutral value); every thread of the subgroup must reach it",
                Traits::NONE
            ) { verify: Some(verify_group_collective) };
        }
        operands {
            /// This thread's value.
            value: Scalar,
        }
        results {
            /// The combined values of the threads before it.
            before: Scalar,
        }
        properties {
            /// How values combine (not `xchg`).
            kind: RmwKind,
        }
    }

    /// `par.subgroup_ballot`: the subgroup's votes, bit `l` the value of
    /// lane `l`; a collective of the subgroup.
    view SubgroupBallot {
        ops {
            SubgroupBallot = SUBGROUP_BALLOT "subgroup_ballot" (
                "the subgroup's votes: bit l is lane l's value (every thread of the subgroup must reach it)",
                Traits::NONE
            ) { verify: Some(verify_exchange) };
        }
        operands {
            /// This thread's vote.
            value: Int(1),
        }
        results {
            /// The votes of the subgroup's lanes, one bit each.
            mask: Int(64),
        }
        properties {}
    }

    /// `par.subgroup_shuffle`: the value of lane `lane` of this thread's
    /// subgroup; a collective of the subgroup.
    view SubgroupShuffle {
        ops {
            SubgroupShuffle = SUBGROUP_SHUFFLE "subgroup_shuffle" (
                "the value of the given lane of this thread's subgroup (every thread of the subgroup must reach it)",
                Traits::NONE
            ) { verify: Some(verify_exchange) };
        }
        operands {
            /// This thread's value.
            value: Scalar,
            /// The lane whose value this thread takes.
            lane: Index,
        }
        results {
            /// That lane's value.
            taken: Scalar,
        }
        properties {}
    }

    /// `par.shared {size}`: storage of `size` elements shared by the
    /// threads of a block, one for each block of the team.
    view Shared {
        ops {
            Shared = SHARED "shared" (
                "storage of size elements shared by the threads of a block, one for each block (at the team body's top level)",
                Traits::NONE
            ) { verify: Some(verify_shared) };
        }
        operands {}
        results {
            /// The block's buffer.
            buffer: BUF,
        }
        properties {
            /// The elements (positive).
            size: i64,
        }
    }

    /// `par.block_barrier`: waits for every thread of this thread's block;
    /// what each wrote before, the others read after.
    view BlockBarrier {
        ops {
            BlockBarrier = BLOCK_BARRIER "block_barrier" (
                "waits for every thread of this thread's block (every thread of the block must reach it: not in code divergent within it)",
                Traits::NONE
            ) { verify: Some(verify_block_barrier) };
        }
        operands {}
        results {}
        properties {}
    }

    /// `par.block_size`: the threads of a block (a GPU block: 256; a CPU
    /// thread is a block of its own: 1), whole subgroups.
    view BlockSize {
        ops {
            BlockSize = BLOCK_SIZE "block_size" (
                "the threads of a block, whole subgroups (GPU: 256; CPU: 1)",
                Traits::PURE
            ) { verify: Some(verify_in_team) };
        }
        operands {}
        results {
            /// The size.
            size: Index,
        }
        properties {}
    }

    /// `par.block_id`: the number of this thread's block in its team.
    view BlockId {
        ops {
            BlockId = BLOCK_ID "block_id" (
                "the number of this thread's block in its team",
                Traits::PURE
            ) { verify: Some(verify_in_team) };
        }
        operands {}
        results {
            /// The number.
            id: Index,
        }
        properties {}
    }

    /// `par.num_blocks`: the blocks of the team.
    view NumBlocks {
        ops {
            NumBlocks = NUM_BLOCKS "num_blocks" (
                "the blocks of the team",
                Traits::PURE
            ) { verify: Some(verify_in_team) };
        }
        operands {}
        results {
            /// The count.
            count: Index,
        }
        properties {}
    }

    /// `par.block_thread_id`: this thread's number in its block.
    view BlockThreadId {
        ops {
            BlockThreadId = BLOCK_THREAD_ID "block_thread_id" (
                "the number of this thread in its block",
                Traits::PURE
            ) { verify: Some(verify_in_team) };
        }
        operands {}
        results {
            /// The number.
            id: Index,
        }
        properties {}
    }

    /// `par.block_reduce {kind}`: the value combined over the threads of
    /// this thread's block, on each of them (a collective of the block:
    /// each of its threads must reach it).
    view BlockReduce {
        ops {
            BlockReduce = BLOCK_REDUCE "block_reduce" (
                "the value combined over this thread's block, on each of its threads (every thread of the block must reach it: not in code divergent within it)",
                Traits::NONE
            ) { verify: Some(verify_group_collective) };
        }
        operands {
            /// This thread's value.
            value: Scalar,
        }
        results {
            /// The combined value.
            combined: Scalar,
        }
        properties {
            /// How values combine (not `xchg`).
            kind: RmwKind,
        }
    }

    /// `par.block_scan {kind}`: `par.subgroup_scan` over the threads of
    /// this thread's block; a collective of the block.
    view BlockScan {
        ops {
            BlockScan = BLOCK_SCAN "block_scan" (
                "the values of the threads before this one in its block combined (exclusive: the first gets the neutral value); every thread of the block must reach it",
                Traits::NONE
            ) { verify: Some(verify_group_collective) };
        }
        operands {
            /// This thread's value.
            value: Scalar,
        }
        results {
            /// The combined values of the threads before it.
            before: Scalar,
        }
        properties {
            /// How values combine (not `xchg`).
            kind: RmwKind,
        }
    }

    /// `par.yield`: ends a `par.parallel` or `par.for` body.
    view Yield {
        ops {
            Yield = YIELD "yield" (
                "ends a par.parallel or par.for body",
                Traits::TERMINATOR | Traits::PURE | Traits::RETURN_LIKE
            ) { verify: Some(verify_yield) };
        }
        operands {}
        results {}
        properties {}
    }

    /// `par.queue_new {unique}`: a new work queue.
    view QueueNew {
        ops {
            QueueNew = QUEUE_NEW "queue_new" (
                "a new work queue with room for N items per round (a plain one grows)",
                Traits::NONE
            ) { verify: Some(verify_queue_new) };
        }
        operands {
            /// The room for items per round.
            capacity: Index,
        }
        results {
            /// The queue.
            queue: QUEUE,
        }
        properties {
            /// Items are below the capacity and kept once a round.
            unique: bool,
        }
    }

    /// `par.ordered_queue_new {eager}`: a new queue whose rounds take its
    /// items bucket by bucket (bucket: `key[item] / delta` when the round
    /// that pushed it ends), lowest first and never below the last round's.
    view OrderedQueueNew {
        ops {
            OrderedQueueNew = ORDERED_QUEUE_NEW "ordered_queue_new" (
                "a new queue of items below N taken bucket by bucket (key[item] / delta when placed), lowest first",
                Traits::NONE
            ) { verify: Some(verify_ordered_queue_new) };
        }
        operands {
            /// The number of items (indices below it).
            capacity: Index,
            /// The key of each item (at least 0 when the item is placed).
            key: BUF,
            /// The width of a bucket (positive).
            delta: TypeConstraint::Int(64),
        }
        results {
            /// The queue.
            queue: QUEUE,
        }
        properties {
            /// A thread places its buffered pushes in buckets of its own
            /// when it sends them on, by the key then (the same buckets
            /// where keys only fall and each fall is pushed), so that
            /// `par.queue_take_own` finds them.
            eager: bool,
        }
    }

    /// `par.queue_push {buffered, unclaimed}`: appends an item to the next round.
    view QueuePush {
        ops {
            QueuePush = QUEUE_PUSH "queue_push" (
                "appends an item to the next round atomically (once per round if unique); buffered: through a per-thread buffer; unclaimed: pushed at most once a round by the program, so not claimed; aggregate: to be aggregated per subgroup or block (par-cooperative-pushes)",
                Traits::NONE
            ) { verify: Some(verify_queue_item) };
        }
        operands {
            /// The item.
            item: Any,
            /// The queue.
            queue: QUEUE,
        }
        results {}
        properties {
            /// Through a per-thread buffer.
            buffered: bool,
            /// Without claiming the item in a unique queue: the program
            /// pushes each item at most once a round (`sched.once_per_round`).
            unclaimed: bool,
            /// To be aggregated per subgroup or block by
            /// `par-cooperative-pushes` (the loop's `pushes` schedule).
            aggregate: Option<Group>,
        }
    }

    /// `par.queue_claim`: whether an item may be added to the next round:
    /// always for a plain queue; for a unique one, if no claim took it in
    /// this round before (an atomic exchange on its round stamp).
    view QueueClaim {
        ops {
            QueueClaim = QUEUE_CLAIM "queue_claim" (
                "whether an item may be added to the next round: always for a plain queue; for a unique one, if no claim took it this round before",
                Traits::NONE
            ) { verify: Some(verify_queue_item) };
        }
        operands {
            /// The item.
            item: Any,
            /// The queue.
            queue: QUEUE,
        }
        results {
            /// True if this claim may add it.
            claimed: Int(1),
        }
        properties {}
    }

    /// `par.queue_reserve`: reserves places for `count` items in the next
    /// round (one atomic add); returns the first.
    view QueueReserve {
        ops {
            QueueReserve = QUEUE_RESERVE "queue_reserve" (
                "reserves places for N items in the next round of a plain or unique queue (one atomic add); returns the first",
                Traits::NONE
            );
        }
        operands {
            /// The queue.
            queue: QUEUE,
            /// How many places.
            count: Index,
        }
        results {
            /// The first place.
            first: Index,
        }
        properties {}
    }

    /// `par.queue_put {unclaimed}`: writes an item into a place reserved
    /// in the next round.
    view QueuePut {
        ops {
            QueuePut = QUEUE_PUT "queue_put" (
                "writes an item into a place reserved in the next round; unclaimed: the program puts each item of a unique queue at most once a round",
                Traits::NONE
            ) { verify: Some(verify_queue_item) };
        }
        operands {
            /// The item.
            item: Any,
            /// The queue.
            queue: QUEUE,
            /// The place (reserved by `par.queue_reserve`).
            place: Index,
        }
        results {}
        properties {
            /// Not claimed by `par.queue_claim`: the program puts each item
            /// of a unique queue at most once a round.
            unclaimed: bool,
        }
    }

    /// `par.queue_size`: the number of items of the current round.
    view QueueSize {
        ops {
            QueueSize = QUEUE_SIZE "queue_size" (
                "the number of items of the current round",
                Traits::NONE
            ) { patterns: Some(queue_size_patterns) };
        }
        operands {
            /// The queue.
            queue: QUEUE,
        }
        results {
            /// The count.
            size: Index,
        }
        properties {}
    }

    /// `par.queue_items`: the items of the current round as a buffer.
    view QueueItems {
        ops {
            QueueItems = QUEUE_ITEMS "queue_items" (
                "the items of the current round as a buffer",
                Traits::NONE
            ) { verify: Some(verify_queue_items), patterns: Some(queue_items_patterns) };
        }
        operands {
            /// The queue.
            queue: QUEUE,
        }
        results {
            /// The items.
            items: BUF,
        }
        properties {}
    }

    /// `par.queue_take_own`: in a team, moves out of an eager ordered queue
    /// the items this thread placed in the current bucket when they are
    /// fewer than `limit`, for this thread to run in this round (bucket
    /// fusion), after sending its buffered pushes on; returns how many
    /// (0 elsewhere, and where the thread placed none or too many).
    view QueueTakeOwn {
        ops {
            QueueTakeOwn = QUEUE_TAKE_OWN "queue_take_own" (
                "in a team: moves the items this thread placed in the current bucket of an eager ordered queue, if fewer than the limit, out for it to run now (bucket fusion); returns how many",
                Traits::NONE
            ) { verify: Some(verify_in_team) };
        }
        operands {
            /// The queue.
            queue: QUEUE,
            /// Take the items only when they are fewer than this.
            limit: Index,
        }
        results {
            /// How many were taken.
            count: Index,
        }
        properties {}
    }

    /// `par.queue_own_items`: the items this thread's last
    /// `par.queue_take_own` took, as a buffer.
    view QueueOwnItems {
        ops {
            QueueOwnItems = QUEUE_OWN_ITEMS "queue_own_items" (
                "the items this thread's last queue_take_own took, as a buffer",
                Traits::NONE
            ) { verify: Some(verify_queue_items) };
        }
        operands {
            /// The queue.
            queue: QUEUE,
        }
        results {
            /// The items.
            items: BUF,
        }
        properties {}
    }

    /// `par.queue_advance`: makes the pushes the current round.
    view QueueAdvance {
        ops {
            QueueAdvance = QUEUE_ADVANCE "queue_advance" (
                "makes the pushes the current round; true if there are any",
                Traits::NONE
            );
        }
        operands {
            /// The queue.
            queue: QUEUE,
        }
        results {
            /// Whether the new round has items.
            nonempty: Int(1),
        }
        properties {}
    }
}
