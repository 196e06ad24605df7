//! The graph's structure: sizes, degrees, edge endpoints and weights, edge lookup, node and edge ids.

use super::*;

impl Lowering {
    /// `graph.num_nodes` and `graph.num_edges`.
    pub(super) fn count(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let (g, of) = match graph::NumNodes::of(ctx, op) {
            Some(n) => (n.graph(ctx), SizeOf::Nodes),
            None => (graph::NumEdges(op).graph(ctx), SizeOf::Edges),
        };
        let v = self.size(ctx, At::Before(op), g, of, &loc);
        self.replace(ctx, op, v)
    }

    /// `graph.is_symmetric`: a field of the graph's descriptor.
    pub(super) fn symmetric(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let g = graph::IsSymmetric(op).graph(ctx);
        let v = op1(ctx, At::Before(op), par::GRAPH_SYMMETRIC, &[g], Type::i1(), &loc);
        self.replace(ctx, op, v)
    }

    /// `graph.out_degree` and `graph.in_degree`: the width of the node's CSR (CSC) slice.
    pub(super) fn degree(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let d = graph::Degree(op);
        let (g, v) = (d.graph(ctx), d.node(ctx));
        let offsets = if ctx.op_kind(op) == graph::OUT_DEGREE { GraphArray::OutOffsets } else { GraphArray::InOffsets };
        let off = self.array(ctx, g, offsets);
        let (lo, hi) = slice(ctx, at, off, v, &loc);
        let d = op1(ctx, at, arith::SUBI, &[hi, lo], Type::Index, &loc);
        self.replace(ctx, op, d)
    }

    /// `graph.src`, `graph.dst` and `graph.weight`: an element of a graph array.
    pub(super) fn edge_field(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let (g, e) = match graph::Endpoint::of(ctx, op) {
            Some(end) => (end.graph(ctx), end.edge(ctx)),
            None => (graph::Weight(op).graph(ctx), graph::Weight(op).edge(ctx)),
        };
        let (arr, e) = match ctx.op_kind(op) {
            graph::SRC => match self.in_edge_position(ctx, g, e) {
                Some(k) => (GraphArray::InSources, k),
                None => (GraphArray::EdgeSources, e),
            },
            graph::DST => (GraphArray::OutTargets, e),
            _ => (GraphArray::Weights, e),
        };
        let a = self.array(ctx, g, arr);
        let v =
            if arr == GraphArray::Weights { load(ctx, at, a, e, false, &loc) } else { load_index(ctx, at, a, e, &loc) };
        self.replace(ctx, op, v)
    }

    /// Where `e` was read from the CSC's edge numbers (an in-edge of a
    /// node), its position there: the edge's source is then at the same
    /// position of the in-sources, read in the order of the in-edges
    /// instead of at the edge's number (a random access).
    fn in_edge_position(&self, ctx: &Rewriter<'_>, g: Value, e: Value) -> Option<Value> {
        let d = ctx.defining_op(e)?;
        if ctx.op_kind(d) != par::LOAD {
            return None;
        }
        let ids = *self.arrays.get(&(g, GraphArray::InEdges))?;
        let load = par::Load(d);
        (load.buffer(ctx) == ids).then(|| load.index(ctx))
    }

    pub(super) fn has_edge(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let h = graph::HasEdge(op);
        let (g, u, v) = (h.graph(ctx), h.from(ctx), h.to(ctx));
        let off = self.array(ctx, g, GraphArray::OutOffsets);
        let tgt = self.array(ctx, g, GraphArray::OutTargets);
        let f = self.helper(ctx, Helper::HasEdge);
        let c = self.call(ctx, At::Before(op), &f, &[off, tgt, u, v], &[Type::i1()], &loc);
        let r = ctx.result(c, 0);
        self.replace(ctx, op, r)
    }

    /// `graph.count_common`: a call of the helper of its intersection
    /// method (`auto` when none is given).
    pub(super) fn count_common(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let c = graph::CountCommon(op);
        let how = match c.intersect(ctx) {
            Some(view::Intersect::Bitmap) if !self.flags_per_thread => view::Intersect::Auto,
            how => how.unwrap_or(view::Intersect::Auto),
        };
        let (g, u, v, below) = (c.graph(ctx), c.first(ctx), c.second(ctx), c.below(ctx));
        let off = self.array(ctx, g, GraphArray::OutOffsets);
        let tgt = self.array(ctx, g, GraphArray::OutTargets);
        let mut args = vec![off, tgt, u, v, below];
        if how == view::Intersect::Bitmap {
            let Some(&(_, flags, marked)) = self.scope.flags.iter().find(|f| f.0 == g) else {
                return self.error(
                    ctx,
                    op,
                    "intersect 'bitmap' needs the count inside a loop of the same function, which keeps its flags",
                );
            };
            args.extend([flags, marked]);
        }
        let f = self.helper(ctx, Helper::CountCommon(how));
        let call = self.call(ctx, At::Before(op), &f, &args, &[Type::Index], &loc);
        let r = ctx.result(call, 0);
        self.replace(ctx, op, r)
    }

    /// `graph.out_edge` and `graph.in_edge`: the position, checked against
    /// the node's degree, in the node's slice of the CSR (out) or CSC (in)
    /// arrays; an out-edge is its position there, an in-edge is read there.
    pub(super) fn nth_edge(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let o = graph::NthEdge(op);
        let (g, v, i) = (o.graph(ctx), o.node(ctx), o.position(ctx));
        let out = ctx.op_kind(op) == graph::OUT_EDGE;
        let (offsets, checked) = if out {
            (GraphArray::OutOffsets, par_view::Checked::OutEdges)
        } else {
            (GraphArray::InOffsets, par_view::Checked::InEdges)
        };
        let off = self.array(ctx, g, offsets);
        let (lo, hi) = slice(ctx, at, off, v, &loc);
        let degree = op1(ctx, at, arith::SUBI, &[hi, lo], Type::Index, &loc);
        let check = OperationState::new(par::CHECK_INDEX, loc.clone())
            .operands(&[i, degree])
            .props(strata_par_dialect::op::CheckIndex::props(checked));
        mk(ctx, at, check);
        let k = op1(ctx, at, arith::ADDI, &[lo, i], Type::Index, &loc);
        let e = if out {
            k
        } else {
            let ids = self.array(ctx, g, GraphArray::InEdges);
            load(ctx, at, ids, k, false, &loc)
        };
        self.replace(ctx, op, e)
    }

    /// `graph.node_id` and `graph.edge_id`: nodes and edges are their numbers.
    pub(super) fn id(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let v = match graph::NodeId::of(ctx, op) {
            Some(n) => n.node(ctx),
            None => graph::EdgeId(op).edge(ctx),
        };
        self.replace(ctx, op, v)
    }

    /// `graph.node` and `graph.edge`: a number becomes a node or an edge
    /// once checked against the graph; from then on it is valid by
    /// construction.
    pub(super) fn checked_id(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let (g, id, of) = match graph::NodeOf::of(ctx, op) {
            Some(node) => (node.graph(ctx), node.id(ctx), SizeOf::Nodes),
            None => (graph::EdgeOf(op).graph(ctx), graph::EdgeOf(op).id(ctx), SizeOf::Edges),
        };
        let count = self.size(ctx, at, g, of, &loc);
        mk(
            ctx,
            at,
            OperationState::new(par::CHECK_INDEX, loc.clone())
                .operands(&[id, count])
                .props(strata_par_dialect::op::CheckIndex::props(of.into())),
        );
        self.replace(ctx, op, id)
    }
}
