//! What the par dialect's declarations (in [`crate::op`]) are made of: the
//! type constraints, the enums of its properties, and views over several
//! operations (collectives, exchanges).

use crate::op::{self as par, BlockReduce, BlockScan, SubgroupReduce, SubgroupScan};
use strata_ir::signature::TypeConstraint;
use strata_ir::types::Type;
use strata_ir::{Attribute, Context, OpId};

/// `!par.buf<T>`.
pub const BUF: TypeConstraint = TypeConstraint::Parametric("par", "buf");
/// `!par.queue<T>`.
pub const QUEUE: TypeConstraint = TypeConstraint::Parametric("par", "queue");
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
