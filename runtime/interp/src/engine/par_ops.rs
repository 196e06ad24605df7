//! Execution of par-dialect operations, as a team of one thread: a
//! `par.parallel` body runs once, a `par.for` runs all its iterations (in a
//! shuffled order when asked), barriers are no-ops and atomics plain; or on
//! a simulated grid (`grid.rs`).

use super::*;
use strata_ir::OpName;
use strata_par_dialect::op as par;
use strata_par_dialect::view::{self, RmwKind, SizeOf};

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
        let Val::Graph(g) = self.get(self.ctx.operand(op, 0)).clone() else {
            return self.err(op, "operand is not bound to a graph");
        };
        let Some(array) = strata_par_dialect::abi::graph_array_of(self.ctx, op) else {
            return self.err(op, "unknown graph array");
        };
        let key = (Rc::as_ptr(&g), array);
        if let Some(b) = self.graph_arrays.get(&key) {
            return Ok(Val::Prop(b.clone()));
        }
        let values = strata_abi::array_elements(&g, array).map(|x| Val::Int(i128::from(x))).collect();
        let b = Rc::new(RefCell::new(values));
        self.graph_arrays.insert(key, b.clone());
        Ok(Val::Prop(b))
    }

    // Kept out of `step`, whose frame every level of recursion pays for.
    #[inline(never)]
    pub(super) fn par_op(&mut self, op: OpId, name: OpName) -> R<()> {
        let ctx = self.ctx;
        let v = match name {
            par::GRAPH_SIZE => {
                let size = view::GraphSize(op);
                let Val::Graph(g) = self.get(size.graph(ctx)) else {
                    return self.err(op, "operand is not bound to a graph");
                };
                let edges = size.counted(ctx) == SizeOf::Edges;
                Val::Int(if edges { i128::from(g.num_edges()) } else { i128::from(g.num_nodes()) })
            }
            par::GRAPH_SYMMETRIC => {
                let Val::Graph(g) = self.get(view::GraphSymmetric(op).graph(ctx)) else {
                    return self.err(op, "operand is not bound to a graph");
                };
                boolean(g.is_symmetric())
            }
            par::GRAPH_ARRAY => self.graph_array(op)?,
            par::ALLOC => {
                let n = self.get(view::Alloc(op).size(ctx)).int();
                if !(0..=1 << 40).contains(&n) {
                    return self.err(op, format!("cannot allocate {n} elements"));
                }
                let mut elements = self.room(op, n, "buffer elements")?;
                elements.resize(n as usize, Val::Undef);
                Val::Prop(Rc::new(RefCell::new(elements)))
            }
            // One buffer for each block of a simulated team (a team of one
            // is a block of one).
            par::SHARED => {
                let n = view::Shared(op).size(ctx).max(1) as usize;
                let fresh = || Val::Prop(Rc::new(RefCell::new(vec![Val::Undef; n])));
                match self.thread {
                    Some(t) => self.shared.entry((op, t.id / t.shape.block)).or_insert_with(fresh).clone(),
                    None => fresh(),
                }
            }
            par::LOCAL => {
                let n = view::Local(op).size(ctx).unwrap_or(1).max(1) as usize;
                Val::Prop(Rc::new(RefCell::new(vec![Val::Undef; n])))
            }
            par::CHECK_INDEX => {
                let check = view::CheckIndex(op);
                let (i, n) = (self.get(check.index(ctx)).int(), self.get(check.count(ctx)).int());
                if !(0..n).contains(&i) {
                    return self.err(op, check.counted(ctx).out_of_range(i, n));
                }
                return Ok(());
            }
            par::FREE => return Ok(()),
            // A team's collectives below its body's top level: the simulated
            // grid runs them only there (one thread: nothing to wait for).
            _ if self.thread.is_some_and(|t| match view::group_of(ctx, op) {
                Some(g) => t.shape.of(g) > 1,
                None => matches!(name, par::BARRIER | par::FOR) && t.shape.team > 1,
            }) =>
            {
                return self.err(
                    op,
                    format!("the simulated grid runs '{name}' only in step: at a team body's top level, or in structured code around a subgroup collective"),
                );
            }
            // A thread alone in its subgroup or block: its own value, and
            // none before it.
            par::SUBGROUP_REDUCE | par::BLOCK_REDUCE => self.get(ctx.operand(op, 0)).clone(),
            par::SUBGROUP_SCAN | par::BLOCK_SCAN => {
                super::grid::neutral(ctx, op, view::Collective::of(ctx, op).expect("a scan").kind)?
            }
            // Alone in its subgroup: its own vote as bit 0, its own value
            // from lane 0.
            par::SUBGROUP_BALLOT => Val::Int(i128::from(self.get(ctx.operand(op, 0)).int() != 0)),
            par::SUBGROUP_SHUFFLE => match self.get(ctx.operand(op, 1)).int() {
                0 => self.get(ctx.operand(op, 0)).clone(),
                k => return self.err(op, format!("lane {k} is outside the subgroup of 1 lane")),
            },
            par::BARRIER | par::BLOCK_BARRIER => return Ok(()),
            // Outside a simulated team: a team of one block of one subgroup of one.
            par::THREAD_ID => Val::Int(self.thread.map_or(0, |t| t.id) as i128),
            par::NUM_THREADS => Val::Int(self.thread.map_or(1, |t| t.shape.team) as i128),
            par::SUBGROUP_ID => Val::Int(self.thread.map_or(0, |t| t.id / t.shape.size) as i128),
            par::NUM_SUBGROUPS => Val::Int(self.thread.map_or(1, |t| t.shape.team / t.shape.size) as i128),
            par::LANE_ID => Val::Int(self.thread.map_or(0, |t| t.id % t.shape.size) as i128),
            par::SUBGROUP_SIZE => Val::Int(self.thread.map_or(1, |t| t.shape.size) as i128),
            par::BLOCK_SIZE => Val::Int(self.thread.map_or(1, |t| t.shape.block) as i128),
            par::BLOCK_ID => Val::Int(self.thread.map_or(0, |t| t.id / t.shape.block) as i128),
            par::NUM_BLOCKS => Val::Int(self.thread.map_or(1, |t| t.shape.team / t.shape.block) as i128),
            par::BLOCK_THREAD_ID => Val::Int(self.thread.map_or(0, |t| t.id % t.shape.block) as i128),
            par::LOAD => {
                let load = view::Load(op);
                self.with_element(op, load.buffer(ctx), load.index(ctx), |e| e.clone())?
            }
            par::STORE => {
                let store = view::Store(op);
                let x = self.get(store.value(ctx)).clone();
                return self.with_element(op, store.buffer(ctx), store.index(ctx), |e| *e = x);
            }
            par::ATOMIC_RMW => {
                let rmw = view::AtomicRmw(op);
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
            par::CMPXCHG => {
                let cas = view::Cmpxchg(op);
                let (p, i) = self.slot(op, cas.buffer(ctx), cas.index(ctx))?;
                let old = p.borrow()[i].clone();
                let ok = old.int() == self.get(cas.expected(ctx)).int() && !matches!(old, Val::Undef);
                if ok {
                    p.borrow_mut()[i] = self.get(cas.new(ctx)).clone();
                }
                self.set_results(op, vec![old, boolean(ok)]);
                return Ok(());
            }
            par::PARALLEL => {
                match self.grid {
                    Some(grid) if self.thread.is_none() => self.run_team(op, grid)?,
                    _ => {
                        self.run_region(ctx.region(op, 0), &[])?;
                    }
                }
                return Ok(());
            }
            par::FOR => {
                let f = view::For(op);
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
                return Ok(());
            }
            par::QUEUE_NEW => {
                let new = view::QueueNew(op);
                let n = self.get(new.capacity(ctx)).int().max(0) as usize;
                let pushed_in = new.unique(ctx).then(|| vec![0u64; n]);
                Val::Worklist(Rc::new(RefCell::new(crate::value::Worklist { pushed_in, ..Default::default() })))
            }
            par::ORDERED_QUEUE_NEW => {
                let new = view::OrderedQueueNew(op);
                let order = self.order(op, new.key(ctx), new.delta(ctx))?;
                Val::Worklist(Rc::new(RefCell::new(crate::value::Worklist {
                    order: Some(order),
                    ..Default::default()
                })))
            }
            par::QUEUE_PUSH => {
                let push = view::QueuePush(op);
                let Val::Worklist(w) = self.get(push.queue(ctx)).clone() else {
                    return self.err(op, "operand is not bound to a queue");
                };
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
                if let Err(e) = w.push(item) {
                    return self.err(op, e);
                }
                return Ok(());
            }
            par::QUEUE_CLAIM | par::QUEUE_RESERVE | par::QUEUE_PUT => {
                let q = if name == par::QUEUE_RESERVE { 0 } else { 1 };
                let Val::Worklist(w) = self.get(ctx.operand(op, q)).clone() else {
                    return self.err(op, "operand is not bound to a queue");
                };
                let mut w = w.borrow_mut();
                let done = match name {
                    par::QUEUE_CLAIM => w.claim(self.get(ctx.operand(op, 0)).int()).map(boolean),
                    par::QUEUE_RESERVE => w.reserve(self.get(ctx.operand(op, 1)).int()).map(Val::Int),
                    _ => {
                        let put = view::QueuePut(op);
                        let (item, at) = (self.get(put.item(ctx)).int(), self.get(put.place(ctx)).int());
                        w.put(item, at, put.unclaimed(ctx)).map(|()| Val::Undef)
                    }
                };
                match done {
                    Ok(_) if name == par::QUEUE_PUT => return Ok(()),
                    Ok(v) => v,
                    Err(e) => return self.err(op, e),
                }
            }
            // One thread runs each round here: pushes are placed when the
            // round ends, so no thread finds items of its own to take.
            par::QUEUE_TAKE_OWN => Val::Int(0),
            par::QUEUE_OWN_ITEMS => Val::Prop(Rc::new(RefCell::new(Vec::new()))),
            par::QUEUE_SIZE | par::QUEUE_ITEMS | par::QUEUE_ADVANCE => {
                let Val::Worklist(w) = self.get(ctx.operand(op, 0)).clone() else {
                    return self.err(op, "operand is not bound to a queue");
                };
                let mut w = w.borrow_mut();
                match name {
                    par::QUEUE_SIZE => Val::Int(w.current.len() as i128),
                    par::QUEUE_ITEMS => {
                        Val::Prop(Rc::new(RefCell::new(w.current.iter().map(|x| Val::Int(*x)).collect())))
                    }
                    _ => match w.advance() {
                        Ok(more) => boolean(more),
                        Err(e) => return self.err(op, e),
                    },
                }
            }
            _ => return self.err(op, format!("the interpreter cannot run 'par.{name}'")),
        };
        self.set(op, 0, v);
        Ok(())
    }
}
