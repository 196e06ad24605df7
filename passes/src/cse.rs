//! `cse`: common subexpression elimination.
//!
//! Two side-effect-free operations without regions are equivalent when they
//! have the same name, operands (in any order for a commutative operation),
//! properties, attributes and result types; the
//! later one is replaced by the earlier one when the earlier dominates it. The
//! scan follows the dominator tree of each CFG region and enters nested regions
//! with the enclosing scope visible (except across `IsolatedFromAbove`).

use std::collections::HashMap;
use strata_ir::pass::PassFailed;

use petgraph::algo::dominators::simple_fast;
use petgraph::graph::{DiGraph, NodeIndex};
use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::registry::Traits;
use strata_ir::rewrite::is_pure;
use strata_ir::{Attribute, BlockId, Context, OpId, RegionId, Type, Value};

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    name: String,
    operands: Vec<Value>,
    props: Option<Attribute>,
    attrs: Vec<(std::sync::Arc<str>, Attribute)>,
    types: Vec<Type>,
}

/// The CSE pass.
#[derive(Default)]
pub struct Cse {
    eliminated: u64,
}

fn key(ctx: &Context, op: OpId) -> Key {
    let mut operands = ctx.operands(op).to_vec();
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
            let simple = ctx.regions(op).is_empty() && is_pure(ctx, op) && !ctx.results(op).is_empty();
            if simple {
                let k = key(ctx, op);
                if let Some(existing) = scope.iter().rev().find_map(|s| s.get(&k)).copied() {
                    let rs = ctx.results(existing).to_vec();
                    ctx.replace_op(op, &rs);
                    self.eliminated += 1;
                    continue;
                }
                scope.last_mut().expect("scope").insert(k, op);
            }
            let isolated = ctx.has_traits(op, Traits::ISOLATED_FROM_ABOVE);
            for r in ctx.regions(op).to_vec() {
                if isolated {
                    self.region(ctx, r, &mut Vec::new());
                } else {
                    self.region(ctx, r, scope);
                }
            }
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
        vec![("num-cse'd", self.eliminated)]
    }
}

/// The pass's declaration.
const DECL: PassDecl =
    PassDecl { argument: "cse", name: "CSE", description: "Eliminate common sub-expressions", options: &[] };

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(Cse::default()) }
}
