//! Properties, scalars, union-find sets and worklists: their creation, loads, stores and pushes.

use super::*;

impl Lowering {
    /// `graph.new_node_prop` and `graph.new_edge_prop`: a filled buffer.
    pub(super) fn new_prop(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let (g, init, of) = match graph::NewNodeProp::of(ctx, op) {
            Some(new) => (new.graph(ctx), new.init(ctx), SizeOf::Nodes),
            None => (graph::NewEdgeProp(op).graph(ctx), graph::NewEdgeProp(op).init(ctx), SizeOf::Edges),
        };
        let n = self.size(ctx, at, g, of, &loc);
        let t = ctx.value_type(ctx.result(op, 0)).clone(); // converted with every other type at the end
        let b = op1(ctx, at, par::ALLOC, &[n], t, &loc);
        self.fill(ctx, at, b, n, &|_| init, &loc);
        self.replace(ctx, op, b)
    }

    /// `graph.new_scalar`: a thread's own element inside parallel loops, a
    /// one-element buffer elsewhere.
    pub(super) fn new_scalar(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let init = graph::NewScalar(op).init(ctx);
        let t = ctx.value_type(ctx.result(op, 0)).clone(); // converted with every other type at the end
        let b = if self.scope.parallel {
            op1(ctx, at, par::LOCAL, &[], t, &loc)
        } else {
            let one = index_const(ctx, at, 1, &loc);
            op1(ctx, at, par::ALLOC, &[one], t, &loc)
        };
        let zero = index_const(ctx, at, 0, &loc);
        store(ctx, at, init, b, zero, &loc);
        self.replace(ctx, op, b)
    }

    /// `graph.new_uf`: every node its own parent.
    pub(super) fn new_uf(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let g = graph::NewUf(op).graph(ctx);
        let n = self.size(ctx, at, g, SizeOf::Nodes, &loc);
        let b = op1(ctx, at, par::ALLOC, &[n], buf(&Type::Index), &loc);
        self.fill(ctx, at, b, n, &|i| i, &loc);
        self.replace(ctx, op, b)
    }

    /// `graph.uf_find` and `graph.uf_union`: calls of helpers.
    pub(super) fn uf_call(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let (h, rt) = if ctx.op_kind(op) == graph::UF_FIND {
            (Helper::UfFind, Type::Index)
        } else {
            (Helper::UfUnion, Type::i1())
        };
        let f = self.helper(ctx, h);
        let args = ctx.operands(op).to_vec();
        let c = self.call(ctx, At::Before(op), &f, &args, &[rt], &loc);
        let r = ctx.result(c, 0);
        self.replace(ctx, op, r)
    }

    /// `graph.load`: from the thread's copy of a privatized scalar; atomic
    /// where other iterations reduce into the container or it is
    /// `relaxed`.
    pub(super) fn load(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let l = graph::Load(op);
        let b = l.target(ctx);
        let i = element_index(ctx, at, l.index(ctx), &loc);
        let (b, atomic) = match self.scope.private_copies.get(&b) {
            Some(l) => (*l, false),
            None => (b, l.relaxed(ctx) || self.scope.reduced.contains(&b)),
        };
        let v = load(ctx, at, b, i, atomic, &loc);
        self.replace(ctx, op, v)
    }

    /// `graph.store`: atomic where it is `relaxed`.
    pub(super) fn store(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let s = graph::Store(op);
        let (v, b) = (s.value(ctx), s.target(ctx));
        let i = element_index(ctx, at, s.index(ctx), &loc);
        store_atomic(ctx, at, v, b, i, s.relaxed(ctx), &loc);
        ctx.erase_op(op);
        true
    }

    pub(super) fn new_worklist(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let new = graph::NewWorklist(op);
        let g = new.graph(ctx);
        let elem = element(ctx.value_type(ctx.result(op, 0))).unwrap_or(Type::Index);
        // Room for one copy of every node (or edge): all a unique queue can
        // hold; a plain one grows beyond it.
        let n = self.size(ctx, at, g, if is_edge(&elem) { SizeOf::Edges } else { SizeOf::Nodes }, &loc);
        let t = ctx.value_type(ctx.result(op, 0)).clone(); // converted with every other type at the end
        let st = OperationState::new(par::QUEUE_NEW, loc.clone())
            .operands(&[n])
            .results(&[t])
            .props(strata_par_dialect::op::QueueNew::props(new.unique(ctx)));
        let o = mk(ctx, at, st);
        let q = ctx.result(o, 0);
        self.replace(ctx, op, q)
    }

    /// `graph.new_ordered_worklist`: an ordered queue with room for every
    /// node, keyed by the property's buffer.
    pub(super) fn new_ordered_worklist(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let new = graph::NewOrderedWorklist(op);
        let n = self.size(ctx, at, new.graph(ctx), SizeOf::Nodes, &loc);
        let t = ctx.value_type(ctx.result(op, 0)).clone();
        let eager = ctx.get_attr(op, FUSED_ROUNDS).is_some();
        let st = OperationState::new(par::ORDERED_QUEUE_NEW, loc.clone())
            .operands(&[n, new.key(ctx), new.delta(ctx)])
            .results(&[t])
            .props(strata_par_dialect::op::OrderedQueueNew::props(eager));
        let o = mk(ctx, at, st);
        let q = ctx.result(o, 0);
        self.replace(ctx, op, q)
    }

    pub(super) fn push(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let p = graph::Push(op);
        let args = [p.item(ctx), p.worklist(ctx)];
        let st = OperationState::new(par::QUEUE_PUSH, loc.clone()).operands(&args).props(
            strata_par_dialect::op::QueuePush::props(
                self.scope.buffered,
                ctx.get_attr(op, ONCE_PER_ROUND).is_some(),
                self.scope.aggregate,
            ),
        );
        mk(ctx, At::Before(op), st);
        ctx.erase_op(op);
        true
    }
}
