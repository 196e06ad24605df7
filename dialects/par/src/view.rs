//! The declarations of the par dialect's operations: operands, results and
//! properties with their constraints (checked by the verifier), and the
//! typed views that read them.

use crate::op as par;
use strata_ir::signature::TypeConstraint;
use strata_ir::types::Type;
use strata_ir::{Attribute, Context, OpId};

/// `!par.buf<T>`.
pub const BUF: TypeConstraint = TypeConstraint::Dialect("par", "buf");
/// `!par.queue<T>`.
pub const QUEUE: TypeConstraint = TypeConstraint::Dialect("par", "queue");
/// `!graph.graph`.
pub const GRAPH: TypeConstraint = TypeConstraint::Dialect("graph", "graph");

strata_ir::prop_enum! {
    /// What `par.graph_size` counts.
    pub enum SizeOf {
        /// The nodes.
        Nodes = "nodes",
        /// The edges.
        Edges = "edges",
    }
}

impl SizeOf {
    /// The message of a node or edge number `index` out of `0..count`, the
    /// same wherever it is reported.
    pub fn out_of_range(self, index: impl std::fmt::Display, count: impl std::fmt::Display) -> String {
        Checked::from(self).out_of_range(index, count)
    }
}

strata_ir::prop_enum! {
    /// What the number a `par.check_index` checks stands for.
    pub enum Checked {
        /// A node of the graph.
        Nodes = "nodes",
        /// An edge of the graph.
        Edges = "edges",
        /// An out-edge of one node, by its position among them.
        OutEdges = "out_edges",
        /// An in-edge of one node, by its position among them.
        InEdges = "in_edges",
    }
}

impl From<SizeOf> for Checked {
    fn from(s: SizeOf) -> Checked {
        match s {
            SizeOf::Nodes => Checked::Nodes,
            SizeOf::Edges => Checked::Edges,
        }
    }
}

impl Checked {
    /// What one of the counted things is called.
    pub fn singular(self) -> &'static str {
        match self {
            Checked::Nodes => "node",
            Checked::Edges => "edge",
            Checked::OutEdges => "out-edge",
            Checked::InEdges => "in-edge",
        }
    }

    /// What has the counted things.
    pub fn owner(self) -> &'static str {
        match self {
            Checked::Nodes | Checked::Edges => "graph",
            Checked::OutEdges | Checked::InEdges => "node",
        }
    }

    /// The message of a number `index` out of `0..count`, the same wherever
    /// it is reported.
    pub fn out_of_range(self, index: impl std::fmt::Display, count: impl std::fmt::Display) -> String {
        let plural = self.singular().to_string() + "s";
        format!("{} {index} is out of range (the {} has {count} {plural})", self.singular(), self.owner())
    }
}

strata_ir::prop_enum! {
    /// The operation of a `par.atomic_rmw`.
    pub enum RmwKind {
        /// Integer or float addition.
        Add = "add",
        /// Integer or float multiplication (a compare-and-swap loop).
        Mul = "mul",
        /// Signed minimum.
        Min = "min",
        /// Signed maximum.
        Max = "max",
        /// Bitwise and (integers only).
        And = "and",
        /// Bitwise or (integers only).
        Or = "or",
        /// Exchange: stores the value.
        Xchg = "xchg",
    }
}

impl RmwKind {
    /// The value that combining with leaves any value of type `t` as it
    /// is (what an exclusive scan gives the first thread); `None` for
    /// `xchg`. Signed bounds for `min` and `max`; `i1` values are 0 and -1.
    pub fn neutral(self, t: &Type) -> Option<Attribute> {
        if let Some(k) = t.float_kind() {
            let v = match self {
                RmwKind::Mul => 1.0,
                RmwKind::Min => f64::INFINITY,
                RmwKind::Max => f64::NEG_INFINITY,
                RmwKind::Xchg => return None,
                _ => 0.0,
            };
            return Some(Attribute::Float(strata_ir::attributes::FloatAttr::from_f64(k, v)));
        }
        let w = t.int_width().unwrap_or(64);
        let (min, max) = if w == 1 { (-1, 0) } else { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) };
        let v = match self {
            RmwKind::Mul => 1,
            RmwKind::Min => max,
            RmwKind::Max => min,
            RmwKind::And => -1,
            RmwKind::Add | RmwKind::Or => 0,
            RmwKind::Xchg => return None,
        };
        Some(if w == 1 { Attribute::Bool(v != 0) } else { Attribute::int(v, t.clone()) })
    }
}

strata_ir::prop_enum! {
    /// How a `par.for` shares its iterations among the team.
    pub enum Dist {
        /// One block of `chunk` iterations after another, round robin.
        Static = "static",
        /// Blocks of `chunk` iterations taken on demand.
        Dynamic = "dynamic",
        /// Blocks taken on demand, each a share of the iterations left
        /// (never fewer than `chunk`): few grabs on long loops, small
        /// blocks at the end.
        Guided = "guided",
    }
}

strata_ir::op_view! {
    /// `par.graph_size {of}`: the number of nodes or edges.
    pub struct GraphSize for par::GRAPH_SIZE {
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
}

strata_ir::op_view! {
    /// `par.graph_symmetric`: whether the graph is symmetric (every node's
    /// out-neighbours are its in-neighbours).
    pub struct GraphSymmetric for par::GRAPH_SYMMETRIC {
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
}

strata_ir::op_view! {
    /// `par.graph_array {array}`: one array of the graph as a buffer.
    pub struct GraphArrayOp for par::GRAPH_ARRAY {
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
}

strata_ir::op_view! {
    /// `par.alloc`: a new buffer.
    pub struct Alloc for par::ALLOC {
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
}

strata_ir::op_view! {
    /// `par.local {size}`: thread-private storage of one element, or of
    /// `size`.
    pub struct Local for par::LOCAL {
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
}

strata_ir::op_view! {
    /// `par.shared {size}`: storage of `size` elements shared by the
    /// threads of a block, one for each block of the team.
    pub struct Shared for par::SHARED {
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
}

strata_ir::op_view! {
    /// `par.block_barrier`: waits for every thread of this thread's block;
    /// what each wrote before, the others read after.
    pub struct BlockBarrier for par::BLOCK_BARRIER {
        operands {}
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.check_index {of}`: stops the program with
    /// [`Checked::out_of_range`]'s message unless `0 <= index < count`, where
    /// a node, an edge or a node's out-edge is made from a number.
    pub struct CheckIndex for par::CHECK_INDEX {
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
}

strata_ir::op_view! {
    /// `par.free`: releases a buffer or a queue.
    pub struct Free for par::FREE {
        operands {
            /// The buffer or queue.
            storage: OneOf(&[BUF, QUEUE]),
        }
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.load`: reads an element.
    pub struct Load for par::LOAD {
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
}

strata_ir::op_view! {
    /// `par.store`: writes an element.
    pub struct Store for par::STORE {
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
}

strata_ir::op_view! {
    /// `par.atomic_rmw {kind}`: an atomic read-modify-write of an element.
    pub struct AtomicRmw for par::ATOMIC_RMW {
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
}

strata_ir::op_view! {
    /// `par.cmpxchg`: an atomic compare-and-swap of an element.
    pub struct Cmpxchg for par::CMPXCHG {
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
}

strata_ir::op_view! {
    /// `par.parallel`: runs its body on every thread of a new team.
    pub struct Parallel for par::PARALLEL {
        operands {}
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.for {dist, chunk}`: shares the iterations among the team.
    pub struct For for par::FOR {
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
}

strata_ir::op_view! {
    /// `par.barrier`: waits for the whole team.
    pub struct Barrier for par::BARRIER {
        operands {}
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.thread_id`: this thread's number in its team.
    pub struct ThreadId for par::THREAD_ID {
        operands {}
        results {
            /// The number.
            id: Index,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.num_threads`: the size of the team.
    pub struct NumThreads for par::NUM_THREADS {
        operands {}
        results {
            /// The size.
            count: Index,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.subgroup_size`: the threads of a subgroup (a GPU warp: 32; a
    /// CPU thread is a subgroup of its own: 1).
    pub struct SubgroupSize for par::SUBGROUP_SIZE {
        operands {}
        results {
            /// The size.
            size: Index,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.subgroup_id`: the number of this thread's subgroup in its team.
    pub struct SubgroupId for par::SUBGROUP_ID {
        operands {}
        results {
            /// The number.
            id: Index,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.num_subgroups`: the subgroups of the team.
    pub struct NumSubgroups for par::NUM_SUBGROUPS {
        operands {}
        results {
            /// The count.
            count: Index,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.lane_id`: this thread's number in its subgroup.
    pub struct LaneId for par::LANE_ID {
        operands {}
        results {
            /// The number.
            lane: Index,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.subgroup_reduce {kind}`: the value combined over the threads of
    /// this thread's subgroup, on each of them (a collective of the
    /// subgroup: each of its threads must reach it).
    pub struct SubgroupReduce for par::SUBGROUP_REDUCE {
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
}

strata_ir::op_view! {
    /// `par.block_size`: the threads of a block (a GPU block: 256; a CPU
    /// thread is a block of its own: 1), whole subgroups.
    pub struct BlockSize for par::BLOCK_SIZE {
        operands {}
        results {
            /// The size.
            size: Index,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.block_id`: the number of this thread's block in its team.
    pub struct BlockId for par::BLOCK_ID {
        operands {}
        results {
            /// The number.
            id: Index,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.num_blocks`: the blocks of the team.
    pub struct NumBlocks for par::NUM_BLOCKS {
        operands {}
        results {
            /// The count.
            count: Index,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.block_thread_id`: this thread's number in its block.
    pub struct BlockThreadId for par::BLOCK_THREAD_ID {
        operands {}
        results {
            /// The number.
            id: Index,
        }
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.block_reduce {kind}`: the value combined over the threads of
    /// this thread's block, on each of them (a collective of the block:
    /// each of its threads must reach it).
    pub struct BlockReduce for par::BLOCK_REDUCE {
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
}

strata_ir::op_view! {
    /// `par.subgroup_scan {kind}`: the values of the threads before this
    /// one in its subgroup combined (an exclusive scan: the first thread
    /// gets the kind's neutral value); a collective of the subgroup.
    pub struct SubgroupScan for par::SUBGROUP_SCAN {
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
}

strata_ir::op_view! {
    /// `par.block_scan {kind}`: `par.subgroup_scan` over the threads of
    /// this thread's block; a collective of the block.
    pub struct BlockScan for par::BLOCK_SCAN {
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
}

strata_ir::op_view! {
    /// `par.subgroup_ballot`: the subgroup's votes, bit `l` the value of
    /// lane `l`; a collective of the subgroup.
    pub struct SubgroupBallot for par::SUBGROUP_BALLOT {
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
}

strata_ir::op_view! {
    /// `par.subgroup_shuffle`: the value of lane `lane` of this thread's
    /// subgroup; a collective of the subgroup.
    pub struct SubgroupShuffle for par::SUBGROUP_SHUFFLE {
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
}

/// A subgroup exchange: every lane of the subgroup offers a value and gets
/// something of the others'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exchange {
    /// `par.subgroup_ballot`: the lanes' votes as bits.
    Ballot,
    /// `par.subgroup_shuffle`: another lane's value.
    Shuffle,
}

impl Exchange {
    /// `op` as an exchange, if it is one.
    pub fn of(ctx: &Context, op: OpId) -> Option<Exchange> {
        match ctx.op_kind(op) {
            par::SUBGROUP_BALLOT => Some(Exchange::Ballot),
            par::SUBGROUP_SHUFFLE => Some(Exchange::Shuffle),
            _ => None,
        }
    }
}

/// The group every thread of which must reach `op` together, if `op` is
/// a subgroup or block collective, an exchange or a block barrier.
pub fn group_of(ctx: &Context, op: OpId) -> Option<Group> {
    if ctx.op_kind(op) == par::BLOCK_BARRIER {
        return Some(Group::Block);
    }
    Collective::of(ctx, op).map(|c| c.group).or_else(|| Exchange::of(ctx, op).map(|_| Group::Subgroup))
}

strata_ir::prop_enum! {
    /// The threads a collective combines over.
    pub enum Group {
        /// One subgroup (a GPU warp).
        Subgroup = "subgroup",
        /// One block, of whole subgroups.
        Block = "block",
    }
}

impl Group {
    /// The group's operations: its number, the team's count of groups,
    /// the thread's number in its group, the group's size, its reduction
    /// and its exclusive scan.
    pub fn ops(self) -> [strata_ir::OpName; 6] {
        match self {
            Group::Subgroup => [
                par::SUBGROUP_ID,
                par::NUM_SUBGROUPS,
                par::LANE_ID,
                par::SUBGROUP_SIZE,
                par::SUBGROUP_REDUCE,
                par::SUBGROUP_SCAN,
            ],
            Group::Block => [
                par::BLOCK_ID,
                par::NUM_BLOCKS,
                par::BLOCK_THREAD_ID,
                par::BLOCK_SIZE,
                par::BLOCK_REDUCE,
                par::BLOCK_SCAN,
            ],
        }
    }
}

/// A subgroup or block collective (`par.subgroup_reduce`,
/// `par.subgroup_scan`, `par.block_reduce`, `par.block_scan`): over which
/// threads, whether it scans (else reduces), how values combine; its value
/// is operand 0, its result 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Collective {
    /// The threads it combines over.
    pub group: Group,
    /// An exclusive scan, not a reduction.
    pub scan: bool,
    /// How values combine.
    pub kind: RmwKind,
}

impl Collective {
    /// `op` as a collective, if it is one.
    pub fn of(ctx: &Context, op: OpId) -> Option<Collective> {
        let (group, scan, kind) = match ctx.op_kind(op) {
            par::SUBGROUP_REDUCE => (Group::Subgroup, false, SubgroupReduce(op).kind(ctx)),
            par::SUBGROUP_SCAN => (Group::Subgroup, true, SubgroupScan(op).kind(ctx)),
            par::BLOCK_REDUCE => (Group::Block, false, BlockReduce(op).kind(ctx)),
            par::BLOCK_SCAN => (Group::Block, true, BlockScan(op).kind(ctx)),
            _ => return None,
        };
        Some(Collective { group, scan, kind })
    }

    /// A new operation of this collective of `value` (its result of the
    /// value's type `t`), at `loc`.
    pub fn state(self, value: strata_ir::Value, t: Type, loc: strata_ir::Location) -> strata_ir::OperationState {
        let [.., reduce, scan] = self.group.ops();
        let (name, props) = match (self.group, self.scan) {
            (Group::Subgroup, false) => (reduce, SubgroupReduce::props(self.kind)),
            (Group::Subgroup, true) => (scan, SubgroupScan::props(self.kind)),
            (Group::Block, false) => (reduce, BlockReduce::props(self.kind)),
            (Group::Block, true) => (scan, BlockScan::props(self.kind)),
        };
        strata_ir::OperationState::new(name, loc).operands(&[value]).props(props).results(&[t])
    }
}

strata_ir::op_view! {
    /// `par.yield`: ends a `par.parallel` or `par.for` body.
    pub struct Yield for par::YIELD {
        operands {}
        results {}
        properties {}
    }
}

strata_ir::op_view! {
    /// `par.queue_new {unique}`: a new work queue.
    pub struct QueueNew for par::QUEUE_NEW {
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
}

strata_ir::op_view! {
    /// `par.ordered_queue_new {eager}`: a new queue whose rounds take its
    /// items bucket by bucket (bucket: `key[item] / delta` when the round
    /// that pushed it ends), lowest first and never below the last round's.
    pub struct OrderedQueueNew for par::ORDERED_QUEUE_NEW {
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
}

strata_ir::op_view! {
    /// `par.queue_push {buffered, unclaimed}`: appends an item to the next round.
    pub struct QueuePush for par::QUEUE_PUSH {
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
}

strata_ir::op_view! {
    /// `par.queue_claim`: whether an item may be added to the next round:
    /// always for a plain queue; for a unique one, if no claim took it in
    /// this round before (an atomic exchange on its round stamp).
    pub struct QueueClaim for par::QUEUE_CLAIM {
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
}

strata_ir::op_view! {
    /// `par.queue_reserve`: reserves places for `count` items in the next
    /// round (one atomic add); returns the first.
    pub struct QueueReserve for par::QUEUE_RESERVE {
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
}

strata_ir::op_view! {
    /// `par.queue_put {unclaimed}`: writes an item into a place reserved
    /// in the next round.
    pub struct QueuePut for par::QUEUE_PUT {
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
}

strata_ir::op_view! {
    /// `par.queue_size`: the number of items of the current round.
    pub struct QueueSize for par::QUEUE_SIZE {
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
}

strata_ir::op_view! {
    /// `par.queue_items`: the items of the current round as a buffer.
    pub struct QueueItems for par::QUEUE_ITEMS {
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
}

strata_ir::op_view! {
    /// `par.queue_take_own`: in a team, moves out of an eager ordered queue
    /// the items this thread placed in the current bucket when they are
    /// fewer than `limit`, for this thread to run in this round (bucket
    /// fusion), after sending its buffered pushes on; returns how many
    /// (0 elsewhere, and where the thread placed none or too many).
    pub struct QueueTakeOwn for par::QUEUE_TAKE_OWN {
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
}

strata_ir::op_view! {
    /// `par.queue_own_items`: the items this thread's last
    /// `par.queue_take_own` took, as a buffer.
    pub struct QueueOwnItems for par::QUEUE_OWN_ITEMS {
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
}

strata_ir::op_view! {
    /// `par.queue_advance`: makes the pushes the current round.
    pub struct QueueAdvance for par::QUEUE_ADVANCE {
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
