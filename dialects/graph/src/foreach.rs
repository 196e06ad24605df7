//! `graph.foreach`: a parallel loop over an iteration space, with an optional
//! filter, and `graph.yield`, the terminator of every graph-dialect region.
//!
//! ```mlir
//! graph.foreach %v in nodes(%g) { ... }
//! graph.foreach %u, %e in out_nbrs(%g, %v) where { ...; graph.yield %keep : i1 } do { ... }
//! graph.foreach %x in items(%wl : !graph.worklist<!graph.node>) { ... }
//! graph.foreach %i in range(%lo, %hi) { ... }
//! graph.foreach %w in common_nbrs(%g, %u, %v, %below) { ... }
//! ```
//!
//! Iterations may run in any order and concurrently. The body sees one value
//! per iteration (two for neighbour spaces: the neighbour and the edge to it).

use crate::op as graph;
use strata_ir::context::{Context, OpId, OperationState, RegionId, Value};
use strata_ir::lexer::Tok;
use strata_ir::parser::{Argument, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::registry::Traits;
use strata_ir::types::{join_types, Type};
use strata_ir::verifier::op_error;
use strata_ir::Diagnostic;
use strata_ir::OpName;

use crate::types::{classify, edge, graph, node, GraphType};

strata_ir::prop_enum! {
    /// An iteration space of `graph.foreach`.
    pub enum Space {
        /// Every node of a graph.
        Nodes = "nodes",
        /// Every edge of a graph.
        Edges = "edges",
        /// The out-edges of a node.
        OutEdges = "out_edges",
        /// The in-edges of a node.
        InEdges = "in_edges",
        /// The out-neighbours of a node, with the edge to each.
        OutNbrs = "out_nbrs",
        /// The in-neighbours of a node, with the edge from each.
        InNbrs = "in_nbrs",
        /// The items of the current round of a worklist.
        Items = "items",
        /// The indices `lo..hi`.
        Range = "range",
        /// The distinct nodes that are out-neighbours of both of two nodes
        /// and numbered below a bound (compared unsigned: -1 is none), as
        /// `graph.count_common` counts them.
        CommonNbrs = "common_nbrs",
    }
}

impl Space {
    /// Operand types, given the worklist type for `items`.
    fn operand_types(self, worklist: Option<&Type>) -> Vec<Type> {
        match self {
            Space::Nodes | Space::Edges => vec![graph()],
            Space::OutEdges | Space::InEdges | Space::OutNbrs | Space::InNbrs => vec![graph(), node()],
            Space::Items => worklist.into_iter().cloned().collect(),
            Space::Range => vec![Type::Index, Type::Index],
            Space::CommonNbrs => vec![graph(), node(), node(), Type::Index],
        }
    }
    /// The types of the body's arguments.
    pub fn arg_types(self, worklist_elem: Option<&Type>) -> Vec<Type> {
        match self {
            Space::Nodes | Space::CommonNbrs => vec![node()],
            Space::Edges | Space::OutEdges | Space::InEdges => vec![edge()],
            Space::OutNbrs | Space::InNbrs => vec![node(), edge()],
            Space::Items => worklist_elem.into_iter().cloned().collect(),
            Space::Range => vec![Type::Index],
        }
    }
}

/// True for the parallel loops with `graph.foreach`'s structure
/// ([`Traits::FOREACH_LIKE`]): `graph.foreach` and `sched.foreach`.
pub fn is_foreach(ctx: &Context, op: OpId) -> bool {
    ctx.op_def(op).is_some_and(|d| d.traits.contains(Traits::FOREACH_LIKE))
}

/// The space of a `graph.foreach`.
pub fn space_of(ctx: &Context, op: OpId) -> Option<Space> {
    ctx.prop(op, "space").and_then(|a| a.as_str()).and_then(Space::from_name)
}

/// What a foreach loop ranges over: its space's operands, named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranges {
    /// `nodes(%g)`.
    Nodes {
        /// The graph.
        graph: Value,
    },
    /// `edges(%g)`.
    Edges {
        /// The graph.
        graph: Value,
    },
    /// `out_edges`, `in_edges`, `out_nbrs` or `in_nbrs` of a node (which
    /// [`Ranges::space`] says).
    Adjacent {
        /// Which of the four.
        space: Space,
        /// The graph.
        graph: Value,
        /// The node.
        node: Value,
    },
    /// `items(%w)`.
    Items {
        /// The worklist.
        worklist: Value,
    },
    /// `range(%lo, %hi)`.
    Range {
        /// The first index.
        lo: Value,
        /// The index after the last.
        hi: Value,
    },
    /// `common_nbrs(%g, %u, %v, %below)`.
    CommonNbrs {
        /// The graph.
        graph: Value,
        /// The first node.
        first: Value,
        /// The second node.
        second: Value,
        /// The bound the common neighbours are below.
        below: Value,
    },
}

impl Ranges {
    /// The space.
    pub fn space(self) -> Space {
        match self {
            Ranges::Nodes { .. } => Space::Nodes,
            Ranges::Edges { .. } => Space::Edges,
            Ranges::Adjacent { space, .. } => space,
            Ranges::Items { .. } => Space::Items,
            Ranges::Range { .. } => Space::Range,
            Ranges::CommonNbrs { .. } => Space::CommonNbrs,
        }
    }

    /// The graph walked, for the spaces that walk one.
    pub fn graph(self) -> Option<Value> {
        match self {
            Ranges::Nodes { graph } | Ranges::Edges { graph } => Some(graph),
            Ranges::Adjacent { graph, .. } | Ranges::CommonNbrs { graph, .. } => Some(graph),
            Ranges::Items { .. } | Ranges::Range { .. } => None,
        }
    }
}

/// The graph the loop `op` walks (`None` over a range or a worklist's items).
pub fn graph_of(ctx: &Context, op: OpId) -> Option<Value> {
    ranges_of(ctx, op).and_then(Ranges::graph)
}

/// The worklist of the loop `op` over its items; `None` for any other loop.
pub fn worklist_of(ctx: &Context, op: OpId) -> Option<Value> {
    match ranges_of(ctx, op)? {
        Ranges::Items { worklist } => Some(worklist),
        _ => None,
    }
}

/// The graph and node of the adjacency loop `op` (over `out_edges`,
/// `in_edges`, `out_nbrs` or `in_nbrs`); `None` for any other loop.
pub fn adjacency_of(ctx: &Context, op: OpId) -> Option<(Value, Value)> {
    match ranges_of(ctx, op)? {
        Ranges::Adjacent { graph, node, .. } => Some((graph, node)),
        _ => None,
    }
}

/// What the foreach loop `op` (`graph.foreach` or `sched.foreach`) ranges
/// over, its operands named by its space; `None` where the verifier would
/// refuse the loop.
pub fn ranges_of(ctx: &Context, op: OpId) -> Option<Ranges> {
    let space = space_of(ctx, op)?;
    let at = |i: usize| ctx.operands(op).get(i).copied();
    Some(match space {
        Space::Nodes => Ranges::Nodes { graph: at(0)? },
        Space::Edges => Ranges::Edges { graph: at(0)? },
        Space::OutEdges | Space::InEdges | Space::OutNbrs | Space::InNbrs => {
            Ranges::Adjacent { space, graph: at(0)?, node: at(1)? }
        }
        Space::Items => Ranges::Items { worklist: at(0)? },
        Space::Range => Ranges::Range { lo: at(0)?, hi: at(1)? },
        Space::CommonNbrs => Ranges::CommonNbrs { graph: at(0)?, first: at(1)?, second: at(2)?, below: at(3)? },
    })
}

/// Parses the custom form of a foreach loop (shared with `sched.foreach`).
pub fn parse_foreach(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let loc = p.loc();
    let mut names = vec![p.parse_operand()?];
    while p.consume_if(Tok::Comma) {
        names.push(p.parse_operand()?);
    }
    p.expect_keyword("in")?;
    let kloc = p.loc();
    let kw = p.parse_keyword("iteration space")?;
    let Some(space) = Space::from_name(&kw) else {
        let all = Space::NAMES.join(", ");
        return p.err_at(kloc, format!("unknown iteration space '{kw}', expected one of: {all}"));
    };
    let mut operands = Vec::new();
    let mut wl_type = None;
    p.parse_list(Tok::LParen, Tok::RParen, "in iteration space operands", |p| {
        operands.push(p.parse_operand()?);
        if space == Space::Items && p.consume_if(Tok::Colon) {
            wl_type = Some(p.parse_type()?);
        }
        Ok(())
    })?;
    if space == Space::Items && wl_type.is_none() {
        return p.err_at(kloc, "items(...) needs the worklist type: items(%wl : !graph.worklist<T>)");
    }
    let elem = wl_type.as_ref().and_then(crate::types::element);
    if space == Space::Items && elem.is_none() {
        return p.err_at(kloc, "items(...) iterates over a !graph.worklist<T>");
    }
    let types = space.operand_types(wl_type.as_ref());
    if operands.len() != types.len() {
        return p.err_at(kloc, format!("'{kw}' takes {} operands, got {}", types.len(), operands.len()));
    }
    for (o, t) in operands.iter().zip(&types) {
        let v = p.resolve_operand(o, t)?;
        st.operands.push(v);
    }
    let arg_types = space.arg_types(elem.as_ref());
    if names.len() != arg_types.len() {
        return p.err_at(loc, format!("'{kw}' binds {} values, got {}", arg_types.len(), names.len()));
    }
    let args: Vec<Argument> = names
        .into_iter()
        .zip(arg_types)
        .map(|(n, ty)| Argument { loc: n.loc.clone(), name: n, ty, attrs: vec![] })
        .collect();
    let (body, filter) = if p.consume_keyword("where") {
        let filter = p.parse_region(&args)?;
        p.expect_keyword("do")?;
        (p.parse_region(&args)?, filter)
    } else {
        (p.parse_region(&args)?, p.ctx.create_region())
    };
    p.ensure_terminator(body, graph::YIELD, &loc);
    st.attributes = p.parse_optional_attr_dict_with_keyword()?;
    st.properties.push(("space".into(), space.attr()));
    st.regions = vec![body, filter];
    Ok(())
}

/// Prints the custom form of a foreach loop (shared with `sched.foreach`).
pub fn print_foreach(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let space = space_of(ctx, op).unwrap_or(Space::Nodes);
    let body = ctx.region(op, 0);
    let args = ctx.entry_block(body).map(|b| ctx.block_args(b).to_vec()).unwrap_or_default();
    p.w(" ");
    p.operands(&args);
    p.w(" in ");
    p.w(space.name());
    p.w("(");
    let ops = ctx.operands(op).to_vec();
    p.operands(&ops);
    if space == Space::Items {
        p.w(" : ");
        p.value_types(&ops);
    }
    p.w(") ");
    let filter = ctx.region(op, 1);
    if !ctx.region_blocks(filter).is_empty() {
        p.w("where ");
        p.shadow_region_args(filter, &args);
        p.region(filter, false, true);
        p.w(" do ");
    }
    p.region(body, false, false);
    p.attr_dict_with_keyword(op, &["space"]);
}

/// Checks that the region's blocks end in `graph.yield` with values of `types`.
pub fn check_yield(ctx: &Context, op: OpId, r: RegionId, types: &[Type], what: &str) -> Result<(), Diagnostic> {
    for b in ctx.region_blocks(r) {
        let Some(t) = ctx.last_op(*b).filter(|t| ctx.op_name(*t) == graph::YIELD) else {
            return Err(op_error(ctx, op, format!("{what} must end with graph.yield")));
        };
        let got: Vec<Type> = ctx.operands(t).iter().map(|v| ctx.value_type(*v).clone()).collect();
        if got != types {
            let want = join_types(types);
            let have = join_types(&got);
            return Err(op_error(ctx, op, format!("{what} must yield ({want}), got ({have})")));
        }
    }
    Ok(())
}

/// Checks that the entry block of `r` has arguments of `types`.
pub fn check_args(ctx: &Context, op: OpId, r: RegionId, types: &[Type], what: &str) -> Result<(), Diagnostic> {
    let Some(b) = ctx.entry_block(r) else { return Err(op_error(ctx, op, format!("{what} must not be empty"))) };
    let got: Vec<Type> = ctx.block_args(b).iter().map(|v| ctx.value_type(*v).clone()).collect();
    if got != types {
        let want = join_types(types);
        let have = join_types(&got);
        return Err(op_error(ctx, op, format!("{what} must take ({want}), got ({have})")));
    }
    Ok(())
}

/// Verifies the structure of a foreach loop (shared with `sched.foreach`)
/// beyond its declared signature ([`crate::op::Foreach`]): operands of
/// the space's types, and the body's and the filter's arguments and yields.
pub fn verify_foreach(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(space) = space_of(ctx, op) else {
        return Err(op_error(ctx, op, "requires attribute 'space'"));
    };
    let ops = ctx.operands(op);
    let wl = (space == Space::Items).then(|| ops.first().map(|v| ctx.value_type(*v).clone())).flatten();
    let elem = match wl.as_ref().map(classify) {
        Some(Some(GraphType::Worklist(e))) => Some(e),
        Some(_) => {
            return Err(op_error(
                ctx,
                op,
                format!("'items' iterates over a !graph.worklist<T>, got {}", wl.expect("some")),
            ))
        }
        None => None,
    };
    let want = space.operand_types(wl.as_ref());
    let got: Vec<Type> = ops.iter().map(|v| ctx.value_type(*v).clone()).collect();
    if got != want {
        let w = join_types(&want);
        return Err(op_error(ctx, op, format!("space '{space}' takes operands ({w})")));
    }
    if ctx.regions(op).len() != 2 {
        return Err(op_error(ctx, op, "expects a body and a filter region"));
    }
    let args = space.arg_types(elem.as_ref());
    let (body, filter) = (ctx.region(op, 0), ctx.region(op, 1));
    check_args(ctx, op, body, &args, "body")?;
    check_yield(ctx, op, body, &[], "body")?;
    if !ctx.region_blocks(filter).is_empty() {
        check_args(ctx, op, filter, &args, "filter")?;
        check_yield(ctx, op, filter, &[Type::i1()], "filter")?;
    }
    Ok(())
}

/// The parents of `graph.yield` besides the foreach-like loops.
const YIELD_PARENTS: [OpName; 3] = [graph::ITERATE, graph::FIXPOINT, graph::SINGLE];

pub(crate) fn verify_yield(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    match ctx.parent_op(op) {
        Some(p) if is_foreach(ctx, p) || YIELD_PARENTS.contains(&ctx.op_kind(p)) => Ok(()),
        _ => Err(op_error(
            ctx,
            op,
            "expects parent op to be one of 'graph.foreach, graph.iterate, graph.fixpoint, graph.single, sched.foreach'",
        )),
    }
}
