//! Execution of par-dialect operations, as a team of one thread: a
//! `par.parallel` body runs once, a `par.for` runs all its iterations (in a
//! shuffled order when asked), barriers are no-ops and atomics plain; or on
//! a simulated grid (`grid.rs`).

use super::*;
use crate::value::QueueError;
use strata_par_dialect::op::ParOp;
use strata_par_dialect::view::{group_of, Collective, RmwKind, SizeOf};

impl<'a> Machine<'a> {
    fn buffer(&self, op: OpId, v: Value) -> R<Rc<RefCell<Vec<Val>>>> {
        match self.get(v) {
            Val::Prop(p) => Ok(p.clone()),
            _ => self.err(op, "operand is not bound to a buffer"),
        }
    }

    /// The element of `op`'s buffer `b` that `i` names.
    fn slot(&self, op: OpId, b: Value, i: Value) -> R<(Rc<RefCell<Vec<Val>>>, usize)> {
        let p = self.buffer(op, b)?;
        let i = self.get(i).int();
        let len = p.borrow().len();
        if i < 0 || i as usize >= len {
            return self.err(op, format!("index {i} is out of range for a buffer of {len} elements"));
        }
        Ok((p, i as usize))
    }

    /// Applies `f` to the element of `op`'s buffer `b` that `i` names.
    fn with_element<T>(&self, op: OpId, b: Value, i: Value, f: impl FnOnce(&mut Val) -> T) -> R<T> {
        let Val::Prop(p) = self.get(b) else { return self.err(op, "operand is not bound to a buffer") };
        let i = self.get(i).int();
        let mut elements = p.borrow_mut();
        let len = elements.len();
        match usize::try_from(i).ok().and_then(|i| elements.get_mut(i)) {
            Some(e) => Ok(f(e)),
            None => self.err(op, format!("index {i} is out of range for a buffer of {len} elements")),
        }
    }

    fn graph_array(&mut self, op: OpId) -> R<Val> {
        let Val::Graph(g) = self.get(par::GraphArrayOp(op).graph(self.ctx)).clone() else {
            return self.err(op, "operand is not bound to a graph");
        };
        let Some(array) = strata_par_dialect::abi::graph_array_of(self.ctx, op) else {
            return self.err(op, "unknown graph array");
        };
        let key = (Rc::as_ptr(&g), array);
        if let Some(b) = self.graph_arrays.get(&key) {
            return Ok(Val::Prop(b.clone()));
        }
        let values = strata_graph::array_elements(&g, array).map(|x| Val::Int(i128::from(x))).collect();
        let b = Rc::new(RefCell::new(values));
        self.graph_arrays.insert(key, b.clone());
        Ok(Val::Prop(b))
    }

    /// The queue `v` that `op` works on.
    fn queue(&self, op: OpId, v: Value) -> R<Rc<RefCell<crate::value::Worklist>>> {
        self.bound_worklist(op, v, "queue")
    }

    /// The value `op` gives, from a result of `r` (an error where it fails).
    fn queue_result<T>(&self, op: OpId, r: Result<T, QueueError>) -> R<T> {
        r.or_else(|e| self.err(op, e.to_string()))
    }

    // Kept out of `step`, whose frame every level of recursion pays for.
    #[inline(never)]
    pub(super) fn par_op(&mut self, p: ParOp) -> R<Flow> {
        let ctx = self.ctx;
        let op = p.op();
        let v = match p {
            ParOp::GraphSize(size) => {
                let Val::Graph(g) = self.get(size.graph(ctx)) else {
                    return self.err(op, "operand is not bound to a graph");
                };
                let edges = size.counted(ctx) == SizeOf::Edges;
                Val::Int(if edges { i128::from(g.num_edges()) } else { i128::from(g.num_nodes()) })
            }
            ParOp::GraphSymmetric(s) => {
                let Val::Graph(g) = self.get(s.graph(ctx)) else {
                    return self.err(op, "operand is not bound to a graph");
                };
                boolean(g.is_symmetric())
            }
            ParOp::GraphArray(_) => self.graph_array(op)?,
            ParOp::Alloc(alloc) => {
                let n = self.get(alloc.size(ctx)).int();
                if !(0..=1 << 40).contains(&n) {
                    return self.err(op, format!("cannot allocate {n} elements"));
                }
                Val::Prop(Rc::new(RefCell::new(self.filled(op, n, Val::Undef, "buffer elements")?)))
            }
            // One buffer for each block of a simulated team (a team of one
            // is a block of one).
            ParOp::Shared(shared) => {
                let n = shared.size(ctx).max(1) as usize;
                let fresh = || Val::Prop(Rc::new(RefCell::new(vec![Val::Undef; n])));
                match self.thread {
                    Some(t) => self.shared.entry((op, t.id / t.shape.block)).or_insert_with(fresh).clone(),
                    None => fresh(),
                }
            }
            ParOp::Local(local) => {
                let n = i128::from(local.size(ctx).unwrap_or(1).max(1));
                Val::Prop(Rc::new(RefCell::new(self.filled(op, n, Val::Undef, "thread-private elements")?)))
            }
            ParOp::CheckIndex(check) => {
                let (i, n) = (self.get(check.index(ctx)).int(), self.get(check.count(ctx)).int());
                if !(0..n).contains(&i) {
                    return self.err(op, check.counted(ctx).out_of_range(i, n));
                }
                return Ok(Flow::Next);
            }
            ParOp::Free(_) => return Ok(Flow::Next),
            ParOp::Yield(_) => return Ok(Flow::Exit(self.operand_vals(op))),
            // A team's collectives below its body's top level: the simulated
            // grid runs them only there (one thread: nothing to wait for).
            _ if self.thread.is_some_and(|t| match group_of(ctx, op) {
                Some(g) => t.shape.of(g) > 1,
                None => matches!(p, ParOp::Barrier(_) | ParOp::For(_)) && t.shape.team > 1,
            }) =>
            {
                let name = p.name();
                return self.err(
                    op,
                    format!("the simulated grid runs '{name}' only in step: at a team body's top level, or in structured code around a subgroup collective"),
                );
            }
            // A thread alone in its subgroup or block: its own value, and
            // none before it.
            ParOp::SubgroupReduce(r) => self.get(r.value(ctx)).clone(),
            ParOp::BlockReduce(r) => self.get(r.value(ctx)).clone(),
            ParOp::SubgroupScan(_) | ParOp::BlockScan(_) => {
                super::grid::neutral(ctx, op, Collective::of(ctx, op).expect("a scan").kind)?
            }
            // Alone in its subgroup: its own vote as bit 0, its own value
            // from lane 0.
            ParOp::SubgroupBallot(b) => Val::Int(i128::from(self.get(b.value(ctx)).int() != 0)),
            ParOp::SubgroupShuffle(s) => match self.get(s.lane(ctx)).int() {
                0 => self.get(s.value(ctx)).clone(),
                k => return self.err(op, format!("lane {k} is outside the subgroup of 1 lane")),
            },
            ParOp::Barrier(_) | ParOp::BlockBarrier(_) => return Ok(Flow::Next),
            // Outside a simulated team: a team of one block of one subgroup of one.
            ParOp::ThreadId(_) => Val::Int(self.thread.map_or(0, |t| t.id) as i128),
            ParOp::NumThreads(_) => Val::Int(self.thread.map_or(1, |t| t.shape.team) as i128),
            ParOp::SubgroupId(_) => Val::Int(self.thread.map_or(0, |t| t.id / t.shape.size) as i128),
            ParOp::NumSubgroups(_) => Val::Int(self.thread.map_or(1, |t| t.shape.team / t.shape.size) as i128),
            ParOp::LaneId(_) => Val::Int(self.thread.map_or(0, |t| t.id % t.shape.size) as i128),
            ParOp::SubgroupSize(_) => Val::Int(self.thread.map_or(1, |t| t.shape.size) as i128),
            ParOp::BlockSize(_) => Val::Int(self.thread.map_or(1, |t| t.shape.block) as i128),
            ParOp::BlockId(_) => Val::Int(self.thread.map_or(0, |t| t.id / t.shape.block) as i128),
            ParOp::NumBlocks(_) => Val::Int(self.thread.map_or(1, |t| t.shape.team / t.shape.block) as i128),
            ParOp::BlockThreadId(_) => Val::Int(self.thread.map_or(0, |t| t.id % t.shape.block) as i128),
            ParOp::Load(load) => self.with_element(op, load.buffer(ctx), load.index(ctx), |e| e.clone())?,
            ParOp::Store(store) => {
                let x = self.get(store.value(ctx)).clone();
                self.with_element(op, store.buffer(ctx), store.index(ctx), |e| *e = x)?;
                return Ok(Flow::Next);
            }
            ParOp::AtomicRmw(rmw) => {
                let (p, i) = self.slot(op, rmw.buffer(ctx), rmw.index(ctx))?;
                let old = p.borrow()[i].clone();
                let x = self.get(rmw.value(ctx)).clone();
                let fallback = Type::i64();
                let elem = self.inst(op).element.as_ref().unwrap_or(&fallback);
                let new = match super::grid::reduce_kind(self.inst(op).rmw.unwrap_or(RmwKind::Xchg)) {
                    Some(kind) => self.combine(op, kind, &old, &x, elem)?,
                    None => x,
                };
                p.borrow_mut()[i] = new;
                old
            }
            ParOp::Cmpxchg(cas) => {
                let (p, i) = self.slot(op, cas.buffer(ctx), cas.index(ctx))?;
                let old = p.borrow()[i].clone();
                let ok = old.int() == self.get(cas.expected(ctx)).int() && !matches!(old, Val::Undef);
                if ok {
                    p.borrow_mut()[i] = self.get(cas.new(ctx)).clone();
                }
                self.set_results(op, vec![old, boolean(ok)]);
                return Ok(Flow::Next);
            }
            ParOp::Parallel(_) => {
                match self.grid {
                    Some(grid) if self.thread.is_none() => self.run_team(op, grid)?,
                    _ => {
                        self.run_region(ctx.region(op, 0), &[])?;
                    }
                }
                return Ok(Flow::Next);
            }
            ParOp::For(f) => {
                let (lo, hi, step) =
                    (self.get(f.lower(ctx)).int(), self.get(f.upper(ctx)).int(), self.get(f.step(ctx)).int());
                if step <= 0 {
                    return self.err(op, format!("step must be positive, got {step}"));
                }
                let count = (hi - lo + step - 1).max(0) / step;
                let mut items: Vec<i128> = self.room(op, count, "loop iterations")?;
                items.extend((lo..hi.max(lo)).step_by(usize::try_from(step).unwrap_or(usize::MAX)));
                self.shuffle(&mut items);
                for i in items {
                    self.run_region_with(ctx.region(op, 0), std::iter::once(Val::Int(i)))?;
                }
                return Ok(Flow::Next);
            }
            ParOp::QueueNew(new) => {
                let n = self.get(new.capacity(ctx)).int();
                let pushed_in = if new.unique(ctx) { Some(self.filled(op, n, 0u64, "round stamps")?) } else { None };
                Val::Worklist(Rc::new(RefCell::new(crate::value::Worklist { pushed_in, ..Default::default() })))
            }
            ParOp::OrderedQueueNew(new) => {
                let order = self.order(op, new.key(ctx), new.delta(ctx))?;
                Val::Worklist(Rc::new(RefCell::new(crate::value::Worklist {
                    order: Some(order),
                    ..Default::default()
                })))
            }
            ParOp::QueuePush(push) => {
                let w = self.queue(op, push.queue(ctx))?;
                let item = self.get(push.item(ctx)).int();
                let mut w = w.borrow_mut();
                if w.pushed_in.as_ref().is_some_and(|s| item < 0 || item as usize >= s.len()) {
                    return self.err(op, format!("item {item} is out of range for this unique queue"));
                }
                if push.unclaimed(ctx) && w.holds_next(item) {
                    return self.err(
                        op,
                        format!("item {item} pushed twice in a round by a push marked to push each item once a round"),
                    );
                }
                let pushed = w.push(item);
                self.queue_result(op, pushed)?;
                return Ok(Flow::Next);
            }
            ParOp::QueueClaim(claim) => {
                let w = self.queue(op, claim.queue(ctx))?;
                let claimed = w.borrow_mut().claim(self.get(claim.item(ctx)).int());
                boolean(self.queue_result(op, claimed)?)
            }
            ParOp::QueueReserve(reserve) => {
                let w = self.queue(op, reserve.queue(ctx))?;
                let first = w.borrow_mut().reserve(self.get(reserve.count(ctx)).int());
                Val::Int(self.queue_result(op, first)?)
            }
            ParOp::QueuePut(put) => {
                let w = self.queue(op, put.queue(ctx))?;
                let (item, at) = (self.get(put.item(ctx)).int(), self.get(put.place(ctx)).int());
                let placed = w.borrow_mut().put(item, at, put.unclaimed(ctx));
                self.queue_result(op, placed)?;
                return Ok(Flow::Next);
            }
            // One thread runs each round here: pushes are placed when the
            // round ends, so no thread finds items of its own to take.
            ParOp::QueueTakeOwn(_) => Val::Int(0),
            ParOp::QueueOwnItems(_) => Val::Prop(Rc::new(RefCell::new(Vec::new()))),
            ParOp::QueueSize(size) => Val::Int(self.queue(op, size.queue(ctx))?.borrow().current.len() as i128),
            ParOp::QueueItems(items) => {
                let w = self.queue(op, items.queue(ctx))?;
                let items = w.borrow().current.iter().map(|x| Val::Int(*x)).collect();
                Val::Prop(Rc::new(RefCell::new(items)))
            }
            ParOp::QueueAdvance(advance) => {
                let w = self.queue(op, advance.queue(ctx))?;
                let more = w.borrow_mut().advance();
                boolean(self.queue_result(op, more)?)
            }
        };
        self.set(op, 0, v);
        Ok(Flow::Next)
    }
}
