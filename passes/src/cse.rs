//! `cse`: common subexpression elimination.
//!
//! Two side-effect-free operations are equivalent when they have the same
//! name, operands (in any order for a commutative operation), properties,
//! attributes, result types and regions (each of at most one block, equal
//! operation by operation, values defined inside them matched by position);
//! the later one is replaced by the earlier one when the earlier dominates
//! it. As MLIR's pass does, an operation whose results are unused and that
//! has no effects is erased when the scan reaches it. The scan follows the
//! dominator tree of each CFG region and simplifies an operation's regions
//! before the operation, with the enclosing scope visible except where the
//! operation may be isolated from above (an unregistered one may be).

use std::collections::HashMap;
use strata_ir::pass::PassFailed;

use petgraph::algo::dominators::simple_fast;
use petgraph::graph::{DiGraph, NodeIndex};
use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::registry::Traits;
use strata_ir::rewrite::{is_pure, is_trivially_dead};
use strata_ir::{Attribute, BlockId, Context, OpId, RegionId, Type, Value};

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    name: String,
    operands: Vec<Operand>,
    props: Option<Attribute>,
    attrs: Vec<(std::sync::Arc<str>, Attribute)>,
    types: Vec<Type>,
    regions: Vec<Shape>,
}

/// One step of a region's structure, as compared by CSE.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Shape {
    Region,
    Block(Vec<Type>),
    Op(Key),
}

/// An operand, as compared by CSE.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Operand {
    /// A value defined outside the compared regions.
    Outside(Value),
    /// The n-th value defined inside the compared regions (block arguments
    /// and results, in order).
    Inside(usize),
}

/// The CSE pass.
#[derive(Default)]
pub struct Cse {
    eliminated: u64,
    erased_dead: u64,
}

fn key(ctx: &Context, op: OpId) -> Key {
    let mut inside = HashMap::new();
    let mut regions = Vec::new();
    for r in ctx.regions(op) {
        region_shape(ctx, *r, &mut inside, &mut regions);
    }
    op_key(ctx, op, &inside, regions)
}

fn op_key(ctx: &Context, op: OpId, inside: &HashMap<Value, usize>, regions: Vec<Shape>) -> Key {
    let operand = |v: &Value| match inside.get(v) {
        Some(i) => Operand::Inside(*i),
        None => Operand::Outside(*v),
    };
    let mut operands: Vec<Operand> = ctx.operands(op).iter().map(operand).collect();
    // As in MLIR, a commutative operation is the same whatever the order
    // of its operands (`a & b` and `b & a`).
    if ctx.has_traits(op, Traits::COMMUTATIVE) {
        operands.sort();
    }
    Key {
        name: ctx.op_name(op).to_string(),
        operands,
        props: ctx.properties(op).cloned(),
        attrs: ctx.attrs(op).to_vec(),
        types: ctx.results(op).iter().map(|r| ctx.value_type(*r).clone()).collect(),
        regions,
    }
}

/// Appends the structure of region `r` to `out`, numbering the values it
/// defines in `inside`.
fn region_shape(ctx: &Context, r: RegionId, inside: &mut HashMap<Value, usize>, out: &mut Vec<Shape>) {
    out.push(Shape::Region);
    for b in ctx.region_blocks(r) {
        for a in ctx.block_args(*b) {
            let n = inside.len();
            inside.insert(*a, n);
        }
        out.push(Shape::Block(ctx.block_args(*b).iter().map(|a| ctx.value_type(*a).clone()).collect()));
        for o in ctx.block_ops_iter(*b) {
            let mut nested = Vec::new();
            for nr in ctx.regions(o) {
                region_shape(ctx, *nr, inside, &mut nested);
            }
            out.push(Shape::Op(op_key(ctx, o, inside, nested)));
            for v in ctx.results(o) {
                let n = inside.len();
                inside.insert(*v, n);
            }
        }
    }
}
impl Cse {
    fn region(&mut self, ctx: &mut Context, r: RegionId, scope: &mut Vec<HashMap<Key, OpId>>) {
        let blocks = ctx.region_blocks(r).to_vec();
        if blocks.is_empty() {
            return;
        }
        if blocks.len() == 1 {
            scope.push(HashMap::new());
            self.block(ctx, blocks[0], scope);
            scope.pop();
            return;
        }
        // Walk the dominator tree so that a block sees the expressions of its dominators.
        let mut g: DiGraph<BlockId, ()> = DiGraph::new();
        let idx: HashMap<BlockId, NodeIndex> = blocks.iter().map(|b| (*b, g.add_node(*b))).collect();
        for b in &blocks {
            for op in ctx.block_ops_iter(*b) {
                for s in ctx.successors(op) {
                    if let Some(t) = idx.get(s) {
                        g.add_edge(idx[b], *t, ());
                    }
                }
            }
        }
        let dom = simple_fast(&g, idx[&blocks[0]]);
        let mut children: HashMap<NodeIndex, Vec<NodeIndex>> = HashMap::new();
        for b in &blocks {
            if let Some(d) = dom.immediate_dominator(idx[b]) {
                children.entry(d).or_default().push(idx[b]);
            }
        }
        self.dom_walk(ctx, &g, &children, idx[&blocks[0]], scope);
    }

    fn dom_walk(
        &mut self,
        ctx: &mut Context,
        g: &DiGraph<BlockId, ()>,
        children: &HashMap<NodeIndex, Vec<NodeIndex>>,
        n: NodeIndex,
        scope: &mut Vec<HashMap<Key, OpId>>,
    ) {
        scope.push(HashMap::new());
        self.block(ctx, g[n], scope);
        for c in children.get(&n).cloned().unwrap_or_default() {
            self.dom_walk(ctx, g, children, c, scope);
        }
        scope.pop();
    }

    fn block(&mut self, ctx: &mut Context, b: BlockId, scope: &mut Vec<HashMap<Key, OpId>>) {
        for op in ctx.block_ops(b) {
            let regions = ctx.regions(op).to_vec();
            if ctx.might_have_traits(op, Traits::ISOLATED_FROM_ABOVE) {
                for r in &regions {
                    self.region(ctx, *r, &mut Vec::new());
                }
            } else {
                for r in &regions {
                    self.region(ctx, *r, scope);
                }
            }
            if ctx.has_traits(op, Traits::TERMINATOR) {
                continue;
            }
            if is_trivially_dead(ctx, op) {
                ctx.erase_op(op);
                self.erased_dead += 1;
                continue;
            }
            let single_blocks = regions.iter().all(|r| ctx.region_blocks(*r).len() <= 1);
            if !single_blocks || !is_pure(ctx, op) {
                continue;
            }
            let k = key(ctx, op);
            if let Some(existing) = scope.iter().rev().find_map(|s| s.get(&k)).copied() {
                let rs = ctx.results(existing).to_vec();
                ctx.replace_op(op, &rs);
                self.eliminated += 1;
                continue;
            }
            scope.last_mut().expect("scope").insert(k, op);
        }
    }
}

impl Pass for Cse {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        for r in ctx.regions(op).to_vec() {
            self.region(ctx, r, &mut Vec::new());
        }
        Ok(())
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        vec![("num-cse'd", self.eliminated), ("num-dce'd", self.erased_dead)]
    }
}

/// The pass's declaration.
static DECL: PassDecl =
    PassDecl { argument: "cse", name: "CSE", description: "Eliminate common sub-expressions", options: &[] };

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(Cse::default()) }
}
