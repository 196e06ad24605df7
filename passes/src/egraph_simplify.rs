//! `egraph-simplify`: simplifies the pure integer expressions of each block
//! with an e-graph.
//!
//! The integer, index and `i1` operations of `arith` in a block (constants,
//! arithmetic, bitwise operations, shifts, min/max, `cmpi`, `select`) become
//! e-nodes; every other value they use is an opaque leaf. The e-graph is
//! saturated with [`rules::rules`] (constant folding is an analysis,
//! [`language::Folding`]), under limits on iterations, nodes and time. For
//! each expression used outside the group, the cheapest equivalent by
//! latency ([`language::Latency`]) is built in front of its operation when
//! it is strictly cheaper than the original (reusing an expression of the
//! block computed earlier in the same class when it is as cheap), and operations left without
//! uses are erased. Operations with effects, their order and locations are
//! not touched; new operations take the location of the expression they
//! replace. A run stopped by a limit still yields correct IR (every
//! e-class only holds equal expressions) and is counted in the statistics.
//!
//! A block's expressions go into e-graphs a window of [`WINDOW`] operations
//! at a time, in block order (what an earlier window computes is a leaf of
//! a later one), so that the work grows with the block's length, not its
//! square: one rule-application round or one extraction over a whole
//! block of thousands of operations cannot be interrupted, and took
//! minutes. The time limit is the block's: windows share it, and the
//! windows it leaves no time for are kept as written.

pub mod language;
pub mod rules;

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};
use strata_ir::func::op as func;
use strata_ir::pass::PassFailed;
use strata_std::arith::op::{self as arith, Cmpi};
use strata_std::arith::CmpiPredicate;

use egg::{EGraph, Extractor, Id, Language, Runner, StopReason};
use strata_ir::context::OperationState;
use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::{Attribute, BlockId, Context, Location, OpId, Type, Value};

use language::{binary, compare, cost_with, Expr, Folding, Latency, Lit, Ty};

/// The most expression operations of a block in one e-graph.
pub const WINDOW: usize = 512;

strata_ir::pass_options! {
    /// The options of the pass.
    pub struct EgraphOptions {
        /// Rule-application rounds per block.
        iterations: usize = 30 => "max-iterations", Positive, "rule-application rounds per block (default 30)";
        /// E-nodes per block.
        nodes: usize = 10_000 => "max-nodes", Positive, "e-nodes per block (default 10000)";
        /// Time per block, in milliseconds.
        time_ms: u64 = 1000 => "time-limit-ms", Positive, "time per block in milliseconds, its windows of 512 expressions together (default 1000)";
    }
}

/// The pass and its options.
#[derive(Default)]
pub struct EgraphSimplify {
    options: EgraphOptions,
    simplified: u64,
    saturated: u64,
    limited: u64,
}

impl Pass for EgraphSimplify {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn anchor(&self) -> Option<strata_ir::OpName> {
        Some(func::FUNC)
    }
    fn options(&mut self) -> Option<&mut dyn strata_ir::pass_options::PassOptions> {
        Some(&mut self.options)
    }
    fn run(&mut self, ctx: &mut Context, f: OpId) -> Result<(), PassFailed> {
        let mut blocks = Vec::new();
        ctx.walk_pre(f, &mut |o| {
            for r in ctx.regions(o) {
                blocks.extend(ctx.region_blocks(*r).iter().copied());
            }
        });
        for b in blocks {
            self.block(ctx, b);
        }
        Ok(())
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("expressions simplified", self.simplified),
            ("e-graphs saturated", self.saturated),
            ("e-graphs stopped at a limit", self.limited),
        ]
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "egraph-simplify",
    name: "EGraphSimplify",
    description: "Simplify pure integer arith expressions with an e-graph (rewrite rules, constant folding, latency-based extraction)",
    options: EgraphOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(EgraphSimplify::default()) }
}

/// A block's expressions in an e-graph.
struct Group {
    egraph: EGraph<Expr, Folding>,
    /// The e-class of each expression result and leaf.
    class: HashMap<Value, Id>,
    /// Leaf values by number.
    leaves: Vec<Value>,
    /// The expression operations, in block order.
    members: Vec<OpId>,
}

impl Group {
    fn id(&mut self, ctx: &Context, v: Value) -> Id {
        if let Some(id) = self.class.get(&v) {
            return *id;
        }
        let ty = Ty::of(ctx.value_type(v)).expect("checked operand type");
        let n = self.leaves.len() as u32;
        self.leaves.push(v);
        self.egraph.analysis.leaves.push(ty);
        let id = self.egraph.add(Expr::Leaf(language::Leaf(n)));
        self.class.insert(v, id);
        id
    }

    /// The e-node of `op`, if it is an expression.
    fn node(&mut self, ctx: &Context, op: OpId) -> Option<Expr> {
        let name = ctx.op_kind(op);
        let results = ctx.results(op);
        if results.len() != 1 || !ctx.regions(op).is_empty() {
            return None;
        }
        let ty = Ty::of(ctx.value_type(results[0]))?;
        let ops = ctx.operands(op).to_vec();
        let typed = |i: usize| ops.get(i).and_then(|v| Ty::of(ctx.value_type(*v)));
        match name {
            arith::CONSTANT => constant_lit(ctx, op).map(Expr::Const),
            arith::CMPI if ops.len() == 2 && typed(0).is_some() && typed(0) == typed(1) => {
                // The language keeps a predicate as its position.
                let pred = Cmpi(op).predicate(ctx).position() as i128;
                let (a, b) = (self.id(ctx, ops[0]), self.id(ctx, ops[1]));
                compare(pred, a, b)
            }
            arith::SELECT
                if ops.len() == 3 && typed(0) == Some(Ty::Int(1)) && typed(1) == Some(ty) && typed(2) == Some(ty) =>
            {
                let (c, a, b) = (self.id(ctx, ops[0]), self.id(ctx, ops[1]), self.id(ctx, ops[2]));
                Some(Expr::Select([c, a, b]))
            }
            // An operation whose flags forbid a wrap keeps its check: it
            // is not an expression the rules may rewrite.
            _ if strata_std::arith_view::overflow_flags(ctx, op).any() => None,
            _ if ops.len() == 2
                && typed(0) == Some(ty)
                && typed(1) == Some(ty)
                && binary(name, Id::from(0), Id::from(0)).is_some() =>
            {
                let (a, b) = (self.id(ctx, ops[0]), self.id(ctx, ops[1]));
                binary(name, a, b)
            }
            _ => None,
        }
    }
}

impl EgraphSimplify {
    /// Simplifies block `b` a [`WINDOW`] at a time, within the time limit.
    fn block(&mut self, ctx: &mut Context, b: BlockId) {
        let start = Instant::now();
        // The first operation of the next window: operations a window
        // inserts or erases come before it.
        let mut next = ctx.block_ops(b).first().copied();
        while let Some(first) = next {
            let Some(time) =
                Duration::from_millis(self.options.time_ms).checked_sub(start.elapsed()).filter(|t| !t.is_zero())
            else {
                self.limited += 1;
                return;
            };
            next = self.window(ctx, first, time);
        }
    }

    /// Simplifies the expressions of a block from operation `first` on, up
    /// to [`WINDOW`] of them, within `time`; returns the operation after
    /// them, if any.
    fn window(&mut self, ctx: &mut Context, first: OpId, time: Duration) -> Option<OpId> {
        // Positions count from the window's first operation: what comes
        // before it has none, and is available everywhere in the window.
        let mut position: HashMap<OpId, usize> = HashMap::new();
        let mut g = Group { egraph: EGraph::default(), class: HashMap::new(), leaves: Vec::new(), members: Vec::new() };
        // The cost of each expression as written, by value; constants as
        // written, to reuse where they come early enough.
        let mut written: HashMap<Value, (u64, u64)> = HashMap::new();
        let mut constants: HashMap<Lit, (usize, Value)> = HashMap::new();
        let mut next = None;
        for (i, op) in std::iter::successors(Some(first), |o| ctx.next_op(*o)).enumerate() {
            if g.members.len() == WINDOW {
                next = Some(op);
                break;
            }
            position.insert(op, i);
            let Some(node) = g.node(ctx, op) else { continue };
            let r = ctx.result(op, 0);
            if let Expr::Const(l) = node {
                constants.entry(l).or_insert((position[&op], r));
            }
            let cost = cost_with(&node, ctx.operands(op).iter().map(|v| written.get(v).copied().unwrap_or((0, 0))));
            written.insert(r, cost);
            let id = g.egraph.add(node);
            g.class.insert(r, id);
            g.members.push(op);
        }
        if g.members.is_empty() {
            return next;
        }
        let member: HashSet<OpId> = g.members.iter().copied().collect();
        let roots: Vec<OpId> = g
            .members
            .iter()
            .copied()
            .filter(|o| ctx.uses(ctx.result(*o, 0)).iter().any(|u| !member.contains(&u.op)))
            .collect();
        let runner = Runner::default()
            .with_egraph(g.egraph)
            .with_iter_limit(self.options.iterations)
            .with_node_limit(self.options.nodes)
            .with_time_limit(time)
            .run(rules::rules());
        match runner.stop_reason {
            Some(StopReason::Saturated) => self.saturated += 1,
            _ => self.limited += 1,
        }
        let egraph = runner.egraph;
        let extractor = Extractor::new(&egraph, Latency);
        let mut existing: HashMap<Id, (usize, Value)> = HashMap::new();
        for &op in &g.members {
            let r = ctx.result(op, 0);
            let id = egraph.find(g.class[&r]);
            if written[&r] <= extractor.find_best_cost(id) {
                existing.entry(id).or_insert((position[&op], r));
            }
        }
        let mut built = Build {
            egraph: &egraph,
            extractor: &extractor,
            leaves: &g.leaves,
            constants: &constants,
            existing: &existing,
            made: HashMap::new(),
        };
        for root in roots {
            let v = ctx.result(root, 0);
            let id = egraph.find(g.class[&v]);
            if extractor.find_best_cost(id) >= written[&v] {
                continue;
            }
            let at = position[&root];
            if !built.available(ctx, id, at, &position, &mut HashSet::new()) {
                continue;
            }
            let loc = ctx.op_loc(root).clone();
            let new = built.value(ctx, id, root, at, &loc);
            if new != v {
                ctx.replace_all_uses(v, new);
                self.simplified += 1;
            }
        }
        for &op in g.members.iter().rev() {
            if ctx.uses(ctx.result(op, 0)).is_empty() {
                ctx.erase_op(op);
            }
        }
        next
    }
}

/// The constant an `arith.constant` of an integer, index or `i1` type holds.
fn constant_lit(ctx: &Context, op: OpId) -> Option<Lit> {
    let ty = Ty::of(ctx.value_type(ctx.result(op, 0)))?;
    let value = match &strata_std::arith::op::Constant(op).value(ctx) {
        Attribute::Integer { value, .. } => *value,
        Attribute::Bool(b) => i128::from(*b),
        _ => return None,
    };
    Some(Lit { value: ty.norm(value), ty })
}

/// Builds the chosen expressions as IR, each e-class once.
struct Build<'a> {
    egraph: &'a EGraph<Expr, Folding>,
    extractor: &'a Extractor<'a, Latency, Expr, Folding>,
    leaves: &'a [Value],
    constants: &'a HashMap<Lit, (usize, Value)>,
    /// The first expression of the block in each e-class that is as cheap
    /// as the best one, with its position.
    existing: &'a HashMap<Id, (usize, Value)>,
    made: HashMap<Id, Value>,
}

impl Build<'_> {
    /// An expression of the block in class `id` computed before position `at`.
    fn earlier(&self, id: Id, at: usize) -> Option<Value> {
        self.existing.get(&id).filter(|(p, _)| *p < at).map(|(_, v)| *v)
    }

    /// Whether every leaf of the chosen expression for `id` is defined
    /// before block position `at` (or outside the block).
    fn available(
        &self,
        ctx: &Context,
        id: Id,
        at: usize,
        position: &HashMap<OpId, usize>,
        seen: &mut HashSet<Id>,
    ) -> bool {
        let id = self.egraph.find(id);
        if self.made.contains_key(&id) || self.earlier(id, at).is_some() || !seen.insert(id) {
            return true;
        }
        match self.extractor.find_best_node(id) {
            Expr::Leaf(l) => {
                ctx.defining_op(self.leaves[l.0 as usize]).and_then(|d| position.get(&d)).is_none_or(|p| *p < at)
            }
            node => node.children().iter().all(|c| self.available(ctx, *c, at, position, seen)),
        }
    }

    /// The value of e-class `id`, built before `root` (at block position `at`) where needed.
    fn value(&mut self, ctx: &mut Context, id: Id, root: OpId, at: usize, loc: &Location) -> Value {
        let id = self.egraph.find(id);
        if let Some(v) = self.made.get(&id) {
            return *v;
        }
        let node = self.extractor.find_best_node(id).clone();
        let v = match self.earlier(id, at) {
            Some(v) if !matches!(node, Expr::Leaf(_) | Expr::Const(_)) => v,
            _ => self.built(ctx, id, node, root, at, loc),
        };
        self.made.insert(id, v);
        v
    }

    /// Builds `node`, the chosen expression of class `id`, before `root`.
    fn built(&mut self, ctx: &mut Context, id: Id, node: Expr, root: OpId, at: usize, loc: &Location) -> Value {
        match node {
            Expr::Leaf(l) => self.leaves[l.0 as usize],
            Expr::Const(l) => match self.constants.get(&l) {
                Some((p, v)) if *p < at => *v,
                _ => {
                    let c = strata_std::arith::int_constant(ctx, l.value, &l.ty.ir(), loc.clone());
                    ctx.insert_op_before(root, c);
                    ctx.result(c, 0)
                }
            },
            node => {
                let operands: Vec<Value> = node.children().iter().map(|c| self.value(ctx, *c, root, at, loc)).collect();
                let (name, pred) = node.op().expect("an operation");
                let ty = if pred.is_some() { Type::i1() } else { self.egraph[id].data.ty.ir() };
                let mut st = OperationState::new(name, loc.clone()).operands(&operands).results(&[ty]);
                if let Some(p) = pred {
                    st = st.prop("predicate", CmpiPredicate::from_position(p).expect("a predicate's position").attr());
                }
                let o = ctx.create_op(st);
                ctx.insert_op_before(root, o);
                ctx.result(o, 0)
            }
        }
    }
}
