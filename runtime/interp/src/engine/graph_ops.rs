//! Execution of graph-dialect operations.

use super::*;
use crate::value::Order;
use strata_graph_dialect::op::GraphOp;
use strata_graph_dialect::op::{Reduce, ReduceArg};
use strata_graph_dialect::view::{ArgKind, ReduceKind};
use strata_par_dialect::view::{Checked, SizeOf};
use strata_std::arith::op as arith;

impl<'a> Machine<'a> {
    fn graph(&self, op: OpId, v: Value) -> R<Rc<strata_graph::Graph>> {
        match self.get(v) {
            Val::Graph(g) => Ok(g.clone()),
            _ => self.err(op, "graph operand is not bound to a graph"),
        }
    }
    fn node(&self, op: OpId, g: &strata_graph::Graph, x: Value) -> R<u32> {
        let v = self.get(x).int();
        if v < 0 || v >= i128::from(g.num_nodes()) {
            return self.err(op, SizeOf::Nodes.out_of_range(v, g.num_nodes()));
        }
        Ok(v as u32)
    }
    fn edge(&self, op: OpId, g: &strata_graph::Graph, x: Value) -> R<u64> {
        let v = self.get(x).int();
        if v < 0 || v >= i128::from(g.num_edges()) {
            return self.err(op, SizeOf::Edges.out_of_range(v, g.num_edges()));
        }
        Ok(v as u64)
    }
    fn prop(&self, op: OpId, v: Value) -> R<Rc<RefCell<Vec<Val>>>> {
        match self.get(v) {
            Val::Prop(p) => Ok(p.clone()),
            _ => self.err(op, "operand is not bound to a property"),
        }
    }
    /// The container `c` and the element `index` addresses in it (the only
    /// one, for a scalar).
    fn target(&self, op: OpId, c: Value, index: Option<Value>) -> R<(Rc<RefCell<Vec<Val>>>, usize)> {
        let p = self.prop(op, c)?;
        let i = index.map_or(0, |i| self.get(i).int());
        let len = p.borrow().len();
        if i < 0 || i as usize >= len {
            return self.err(op, format!("index {i} is out of range for a property of {len} elements"));
        }
        Ok((p, i as usize))
    }
    fn worklist(&self, op: OpId, v: Value) -> R<Rc<RefCell<Worklist>>> {
        self.bound_worklist(op, v, "worklist")
    }
    /// The worklist (a graph worklist or a par queue, `what`) bound to `v`.
    pub(super) fn bound_worklist(&self, op: OpId, v: Value, what: &str) -> R<Rc<RefCell<Worklist>>> {
        match self.get(v) {
            Val::Worklist(w) => Ok(w.clone()),
            _ => self.err(op, format!("operand is not bound to a {what}")),
        }
    }
    /// The buckets of a new ordered worklist keyed by the property or
    /// buffer `key`, `delta` wide (which must be positive).
    pub(super) fn order(&self, op: OpId, key: Value, delta: Value) -> R<Order> {
        let delta = self.get(delta).int();
        if delta <= 0 {
            return self.err(op, format!("the delta of an ordered worklist must be positive, got {delta}"));
        }
        Ok(Order::new(self.prop(op, key)?, delta))
    }
    fn uf(&self, op: OpId, v: Value) -> R<Rc<RefCell<Vec<u32>>>> {
        match self.get(v) {
            Val::UnionFind(u) => Ok(u.clone()),
            _ => self.err(op, "operand is not bound to a union-find set"),
        }
    }

    // Kept out of `step`, whose frame every level of recursion pays for.
    #[inline(never)]
    pub(super) fn graph_op(&mut self, kind: GraphOp) -> R<Flow> {
        let ctx = self.ctx;
        let op = kind.op();
        let v = match kind {
            GraphOp::NumNodes(n) => Val::Int(i128::from(self.graph(op, n.graph(ctx))?.num_nodes())),
            GraphOp::NumEdges(n) => Val::Int(i128::from(self.graph(op, n.graph(ctx))?.num_edges())),
            GraphOp::IsSymmetric(s) => boolean(self.graph(op, s.graph(ctx))?.is_symmetric()),
            GraphOp::OutDegree(d) | GraphOp::InDegree(d) => {
                let g = self.graph(op, d.graph(ctx))?;
                let v = self.node(op, &g, d.node(ctx))?;
                let out = matches!(kind, GraphOp::OutDegree(_));
                Val::Int(i128::from(if out { g.out_degree(v) } else { g.in_degree(v) }))
            }
            GraphOp::Src(end) | GraphOp::Dst(end) => {
                let g = self.graph(op, end.graph(ctx))?;
                let e = self.edge(op, &g, end.edge(ctx))?;
                let src = matches!(kind, GraphOp::Src(_));
                Val::Int(i128::from(if src { g.src(e) } else { g.dst(e) }))
            }
            GraphOp::Weight(w) => {
                let g = self.graph(op, w.graph(ctx))?;
                let e = self.edge(op, &g, w.edge(ctx))?;
                Val::Int(i128::from(g.weight(e)))
            }
            GraphOp::OutEdge(o) | GraphOp::InEdge(o) => {
                let g = self.graph(op, o.graph(ctx))?;
                let v = self.node(op, &g, o.node(ctx))?;
                let i = self.get(o.position(ctx)).int();
                let (ins, out) = (g.in_edges(v), g.out_edges(v));
                let incoming = matches!(kind, GraphOp::InEdge(_));
                let (degree, checked) = if incoming {
                    (ins.len() as u64, Checked::InEdges)
                } else {
                    (out.end - out.start, Checked::OutEdges)
                };
                if i < 0 || i >= i128::from(degree) {
                    return self.err(op, checked.out_of_range(i, degree));
                }
                Val::Int(if incoming { i128::from(ins[i as usize]) } else { i128::from(out.start) + i })
            }
            GraphOp::HasEdge(h) => {
                let g = self.graph(op, h.graph(ctx))?;
                let (u, w) = (self.node(op, &g, h.from(ctx))?, self.node(op, &g, h.to(ctx))?);
                boolean(g.has_edge(u, w))
            }
            GraphOp::CountCommon(c) => {
                let g = self.graph(op, c.graph(ctx))?;
                let (u, w) = (self.node(op, &g, c.first(ctx))?, self.node(op, &g, c.second(ctx))?);
                // Compared unsigned, as compiled code compares indices.
                let below = i128::from(self.get(c.below(ctx)).int() as u64);
                Val::Int(self.common_nbrs(&g, u, w, below).len() as i128)
            }
            GraphOp::NodeId(n) => Val::Int(self.get(n.node(ctx)).int()),
            GraphOp::EdgeId(e) => Val::Int(self.get(e.edge(ctx)).int()),
            GraphOp::Node(n) => {
                let g = self.graph(op, n.graph(ctx))?;
                Val::Int(i128::from(self.node(op, &g, n.id(ctx))?))
            }
            GraphOp::Edge(e) => {
                let g = self.graph(op, e.graph(ctx))?;
                Val::Int(i128::from(self.edge(op, &g, e.id(ctx))?))
            }
            GraphOp::NewNodeProp(new) => {
                let n = i128::from(self.graph(op, new.graph(ctx))?.num_nodes());
                Val::Prop(Rc::new(RefCell::new(self.filled(op, n, self.get(new.init(ctx)).clone(), "node values")?)))
            }
            GraphOp::NewEdgeProp(new) => {
                let n = i128::from(self.graph(op, new.graph(ctx))?.num_edges());
                Val::Prop(Rc::new(RefCell::new(self.filled(op, n, self.get(new.init(ctx)).clone(), "edge values")?)))
            }
            GraphOp::NewScalar(new) => Val::Prop(Rc::new(RefCell::new(vec![self.get(new.init(ctx)).clone()]))),
            GraphOp::Load(load) => {
                let (p, i) = self.target(op, load.target(ctx), load.index(ctx))?;
                let v = p.borrow()[i].clone();
                v
            }
            GraphOp::Store(store) => {
                let (p, i) = self.target(op, store.target(ctx), store.index(ctx))?;
                p.borrow_mut()[i] = self.get(store.value(ctx)).clone();
                return Ok(Flow::Next);
            }
            GraphOp::Reduce(_) => return self.reduce(op).map(|()| Flow::Next),
            GraphOp::FetchAdd(f) => {
                let (p, i) = self.target(op, f.target(ctx), f.index(ctx))?;
                let old = p.borrow()[i].clone();
                let elem = self.inst(op).element.clone().unwrap_or(Type::i64());
                let new = self.combine(op, ReduceKind::Add, &old, &self.get(f.value(ctx)).clone(), &elem)?;
                p.borrow_mut()[i] = new;
                old
            }
            GraphOp::ReduceArg(_) => return self.reduce_arg(op).map(|()| Flow::Next),
            GraphOp::NewWorklist(new) => {
                let g = self.graph(op, new.graph(ctx))?;
                let elem = element(ctx.value_type(new.worklist(ctx))).unwrap_or(Type::Index);
                let size = if is_edge(&elem) { g.num_edges() } else { u64::from(g.num_nodes()) };
                let pushed_in =
                    if new.unique(ctx) { Some(self.filled(op, i128::from(size), 0u64, "round stamps")?) } else { None };
                Val::Worklist(Rc::new(RefCell::new(Worklist { pushed_in, ..Worklist::default() })))
            }
            GraphOp::NewOrderedWorklist(new) => {
                let order = self.order(op, new.key(ctx), new.delta(ctx))?;
                Val::Worklist(Rc::new(RefCell::new(Worklist { order: Some(order), ..Worklist::default() })))
            }
            GraphOp::Push(push) => {
                let w = self.worklist(op, push.worklist(ctx))?;
                let item = self.get(push.item(ctx)).int();
                let mut w = w.borrow_mut();
                if let Some(seen) = &w.pushed_in {
                    if item < 0 || item as usize >= seen.len() {
                        return self.err(op, format!("item {item} is out of range for this unique worklist"));
                    }
                }
                if let Err(e) = w.push(item) {
                    return self.err(op, e.to_string());
                }
                return Ok(Flow::Next);
            }
            GraphOp::Iterate(iterate) => {
                let w = self.worklist(op, iterate.worklist(ctx))?;
                let mut carried: Vec<Val> = iterate.inits(ctx).iter().map(|v| self.get(*v).clone()).collect();
                loop {
                    match w.borrow_mut().advance() {
                        Ok(true) => {}
                        Ok(false) => break,
                        Err(e) => return self.err(op, e.to_string()),
                    }
                    carried = self.run_region(ctx.region(op, 0), &carried)?;
                }
                self.set_results(op, carried);
                return Ok(Flow::Next);
            }
            GraphOp::Fixpoint(fixpoint) => {
                let mut carried: Vec<Val> = fixpoint.inits(ctx).iter().map(|v| self.get(*v).clone()).collect();
                loop {
                    let out = self.run_region(ctx.region(op, 0), &carried)?;
                    carried = out[1..].to_vec();
                    if out[0].int() == 0 {
                        break;
                    }
                }
                self.set_results(op, carried);
                return Ok(Flow::Next);
            }
            GraphOp::Foreach(_) => return self.foreach(op).map(|()| Flow::Next),
            GraphOp::Single(_) => return self.single(op).map(|()| Flow::Next),
            GraphOp::Yield(_) => return Ok(Flow::Exit(self.operand_vals(op))),
            GraphOp::NewUf(new) => {
                let g = self.graph(op, new.graph(ctx))?;
                Val::UnionFind(Rc::new(RefCell::new((0..g.num_nodes()).collect())))
            }
            GraphOp::UfFind(find) => self.union_find(op, find.set(ctx), find.node(ctx), None)?,
            GraphOp::UfUnion(union) => {
                self.union_find(op, union.set(ctx), union.first(ctx), Some(union.second(ctx)))?
            }
        };
        self.set(op, 0, v);
        Ok(Flow::Next)
    }

    /// `graph.uf_find` (`second` is `None`: the root of `first`) or
    /// `graph.uf_union` (whether the sets of `first` and `second` were
    /// apart, merged now) on the set `set`.
    fn union_find(&self, op: OpId, set: Value, first: Value, second: Option<Value>) -> R<Val> {
        let u = self.uf(op, set)?;
        let mut parent = u.borrow_mut();
        let n = parent.len() as i128;
        let mut find = |x: i128| -> Option<u32> {
            if x < 0 || x >= n {
                return None;
            }
            let mut x = x as u32;
            while parent[x as usize] != x {
                let p = parent[x as usize];
                parent[x as usize] = parent[p as usize];
                x = p;
            }
            Some(x)
        };
        let (x, y) = (self.get(first).int(), second.map(|v| self.get(v).int()));
        let Some(a) = find(x) else {
            return self.err(op, format!("node {x} is out of range"));
        };
        if let Some(y) = y {
            let Some(b) = find(y) else {
                return self.err(op, format!("node {y} is out of range"));
            };
            if a != b {
                let (lo, hi) = (a.min(b), a.max(b));
                parent[hi as usize] = lo;
            }
            Ok(boolean(a != b))
        } else {
            Ok(Val::Int(i128::from(a)))
        }
    }

    pub(super) fn combine(&self, op: OpId, kind: ReduceKind, old: &Val, new: &Val, elem: &Type) -> R<Val> {
        if let Type::Float(k) = elem {
            let (a, b) = (old.float(), new.float());
            let r = match kind {
                ReduceKind::Add => a + b,
                ReduceKind::Mul => a * b,
                ReduceKind::Min => a.min(b),
                _ => a.max(b),
            };
            return Ok(Val::Float(round(*k, r)));
        }
        let w = width(elem);
        let arith = match kind {
            ReduceKind::Add => arith::ADDI,
            ReduceKind::Mul => arith::MULI,
            ReduceKind::Min => arith::MINSI,
            ReduceKind::Max => arith::MAXSI,
            ReduceKind::And => arith::ANDI,
            ReduceKind::Or => arith::ORI,
        };
        match eval_int(arith, old.int(), new.int(), w) {
            Some(r) => Ok(Val::Int(r)),
            None => self.err(op, "reduction overflowed"),
        }
    }

    fn reduce(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let r = Reduce(op);
        let (p, i) = self.target(op, r.target(ctx), r.index(ctx))?;
        let (kind, elem) = (self.inst(op).reduce.unwrap_or(ReduceKind::Add), self.inst(op).element.as_ref());
        let new = self.get(r.value(ctx)).clone();
        let old = p.borrow()[i].clone();
        let r = self.combine(op, kind, &old, &new, elem.unwrap_or(&Type::i64()))?;
        let changed = match (&old, &r) {
            (Val::Float(a), Val::Float(b)) => a.to_bits() != b.to_bits(),
            (a, b) => a.int() != b.int(),
        };
        p.borrow_mut()[i] = r;
        if !ctx.results(op).is_empty() {
            self.set(op, 0, boolean(changed));
        }
        Ok(())
    }

    fn reduce_arg(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let r = ReduceArg(op);
        let max = r.kind(ctx) == ArgKind::Max;
        let kp = self.prop(op, r.keys(ctx))?;
        let (pp, i) = self.target(op, r.payloads(ctx), r.index(ctx))?;
        if i >= kp.borrow().len() {
            return self.err(op, "index out of range for the key property");
        }
        let (key, pay) = (self.get(r.key(ctx)).clone(), self.get(r.payload(ctx)).int());
        let (old_key, old_pay) = (kp.borrow()[i].clone(), pp.borrow()[i].int());
        let ord = match (&key, &old_key) {
            (Val::Float(a), Val::Float(b)) => a.partial_cmp(b),
            (a, b) => Some(a.int().cmp(&b.int())),
        };
        use std::cmp::Ordering::*;
        let wins = match ord {
            Some(Less) => !max,
            Some(Greater) => max,
            Some(Equal) => pay < old_pay,
            None => false,
        };
        if wins {
            kp.borrow_mut()[i] = key;
            pp.borrow_mut()[i] = Val::Int(pay);
        }
        if !ctx.results(op).is_empty() {
            self.set(op, 0, boolean(wins));
        }
        Ok(())
    }

    /// The `n` iterations of a loop, or an error at `op` where memory
    /// cannot hold them.
    fn iterations(&self, op: OpId, n: i128, items: impl Iterator<Item = (i128, i128)>) -> R<Vec<(i128, i128)>> {
        let mut v = self.room(op, n, "loop iterations")?;
        v.extend(items);
        Ok(v)
    }

    pub(super) fn foreach(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let Some(ranges) = ranges_of(ctx, op) else { return self.err(op, "foreach without a space") };
        let space = ranges.space();
        let mut items: Vec<(i128, i128)> = match ranges {
            Ranges::Nodes { graph } => {
                let n = i128::from(self.graph(op, graph)?.num_nodes());
                self.iterations(op, n, (0..n).map(|v| (v, 0)))?
            }
            Ranges::Edges { graph } => {
                let n = i128::from(self.graph(op, graph)?.num_edges());
                self.iterations(op, n, (0..n).map(|v| (v, 0)))?
            }
            Ranges::Adjacent { space, graph, node } => {
                let g = self.graph(op, graph)?;
                let v = self.node(op, &g, node)?;
                match space {
                    Space::OutEdges | Space::OutNbrs => g
                        .out_edges(v)
                        .map(|e| {
                            if space == Space::OutNbrs {
                                (i128::from(g.dst(e)), i128::from(e))
                            } else {
                                (i128::from(e), 0)
                            }
                        })
                        .collect(),
                    _ => g
                        .in_edges(v)
                        .iter()
                        .map(|&e| {
                            if space == Space::InNbrs {
                                (i128::from(g.src(e)), i128::from(e))
                            } else {
                                (i128::from(e), 0)
                            }
                        })
                        .collect(),
                }
            }
            Ranges::Items { worklist } => {
                let w = self.worklist(op, worklist)?;
                let cur = w.borrow().current.clone();
                self.iterations(op, cur.len() as i128, cur.iter().map(|x| (*x, 0)))?
            }
            Ranges::CommonNbrs { graph, first, second, below } => {
                let g = self.graph(op, graph)?;
                let u = self.node(op, &g, first)?;
                let w = self.node(op, &g, second)?;
                // Compared unsigned, as compiled code compares indices.
                let below = i128::from(self.get(below).int() as u64);
                let mut common: Vec<u32> = self.common_nbrs(&g, u, w, below).into_iter().collect();
                common.sort_unstable();
                common.into_iter().map(|x| (i128::from(x), 0)).collect()
            }
            Ranges::Range { lo, hi } => {
                let (lo, hi) = (self.get(lo).int(), self.get(hi).int());
                self.iterations(op, hi - lo, (lo..hi.max(lo)).map(|i| (i, 0)))?
            }
        };
        if let Some(rng) = &mut self.rng {
            for i in (1..items.len()).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                items.swap(i, j);
            }
        }
        let two = matches!(space, Space::OutNbrs | Space::InNbrs);
        let (body, filter) = (ctx.region(op, 0), ctx.region(op, 1));
        let has_filter = !ctx.region_blocks(filter).is_empty();
        self.depth += 1;
        let run = || -> R<()> {
            for (a, b) in items {
                let args = if two { vec![Val::Int(a), Val::Int(b)] } else { vec![Val::Int(a)] };
                if has_filter && self.run_region(filter, &args)?.first().map_or(0, |v| v.int()) == 0 {
                    continue;
                }
                self.run_region(body, &args)?;
            }
            Ok(())
        };
        let r = run();
        self.depth -= 1;
        if self.depth == 0 {
            self.locks.clear();
        }
        r
    }

    fn single(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let edge = graph::Single(op).locked(ctx).first().is_some_and(|k| is_edge(ctx.value_type(*k)));
        let keys: Vec<(bool, i128)> = (1..ctx.operands(op).len()).map(|i| (edge, self.int(op, i))).collect();
        let free = keys.iter().all(|k| !self.locks.contains(k));
        if free {
            self.locks.extend(keys.iter().copied());
            self.run_region(ctx.region(op, 0), &[])?;
        } else {
            self.run_region(ctx.region(op, 1), &[])?;
        }
        if self.depth == 0 {
            self.locks.clear();
        }
        Ok(())
    }
}

/// Out-degree from which a node's neighbour set is kept for the run rather
/// than made for each intersection.
const KEPT_SET_DEGREE: u64 = 64;

impl Machine<'_> {
    /// The distinct out-neighbours of both `u` and `w` numbered below
    /// `below`: the shorter list probed in a set of the longer one's,
    /// independent of the sorted lists the compiled code walks. A hub's set
    /// is made once, so that its edges cost their other ends' lists, not
    /// the hub's list each.
    fn common_nbrs(&mut self, g: &Rc<strata_graph::Graph>, u: u32, w: u32, below: i128) -> HashSet<u32> {
        let (short, long) = if g.out_degree(u) <= g.out_degree(w) { (u, w) } else { (w, u) };
        let set = self.neighbour_set(g, long);
        g.out_edges(short).map(|e| g.dst(e)).filter(|x| i128::from(*x) < below && set.contains(x)).collect()
    }

    /// The set of `v`'s out-neighbours, kept where `v` has many.
    fn neighbour_set(&mut self, g: &Rc<strata_graph::Graph>, v: u32) -> Rc<HashSet<u32>> {
        let make = || Rc::new(g.out_edges(v).map(|e| g.dst(e)).collect::<HashSet<u32>>());
        if g.out_degree(v) < KEPT_SET_DEGREE {
            return make();
        }
        self.neighbour_sets.entry((Rc::as_ptr(g), v)).or_insert_with(make).clone()
    }
}
