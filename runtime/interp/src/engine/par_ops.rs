//! Execution of par-dialect operations, as a team of one thread: a
//! `par.parallel` body runs once, a `par.for` runs all its iterations (in a
//! shuffled order when asked), barriers are no-ops and atomics plain.

use super::*;
use strata_ir::OpName;
use strata_par_dialect::op as par;

impl<'a> Machine<'a> {
    fn buffer(&self, op: OpId, i: usize) -> R<Rc<RefCell<Vec<Val>>>> {
        match self.get(self.ctx.operand(op, i)) {
            Val::Prop(p) => Ok(p.clone()),
            _ => self.err(op, "operand is not bound to a buffer"),
        }
    }

    /// The element `i` names in the buffer of operand `b`.
    fn slot(&self, op: OpId, b: usize, i: usize) -> R<(Rc<RefCell<Vec<Val>>>, usize)> {
        let p = self.buffer(op, b)?;
        let i = self.int(op, i);
        let len = p.borrow().len();
        if i < 0 || i as usize >= len {
            return self.err(op, format!("index {i} is out of range for a buffer of {len} elements"));
        }
        Ok((p, i as usize))
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

    pub(super) fn par_op(&mut self, op: OpId, name: OpName) -> R<()> {
        let ctx = self.ctx;
        let v = match name {
            par::GRAPH_SIZE => {
                let Val::Graph(g) = self.get(ctx.operand(op, 0)) else {
                    return self.err(op, "operand is not bound to a graph");
                };
                let edges = ctx.prop(op, "of").and_then(|a| a.as_str()) == Some("edges");
                Val::Int(if edges { i128::from(g.num_edges()) } else { i128::from(g.num_nodes()) })
            }
            par::GRAPH_ARRAY => self.graph_array(op)?,
            par::ALLOC => {
                let n = self.int(op, 0);
                if !(0..=1 << 40).contains(&n) {
                    return self.err(op, format!("cannot allocate {n} elements"));
                }
                Val::Prop(Rc::new(RefCell::new(vec![Val::Undef; n as usize])))
            }
            par::LOCAL => Val::Prop(Rc::new(RefCell::new(vec![Val::Undef]))),
            par::FREE | par::BARRIER => return Ok(()),
            par::THREAD_ID => Val::Int(0),
            par::NUM_THREADS => Val::Int(1),
            par::LOAD => {
                let (p, i) = self.slot(op, 0, 1)?;
                let v = p.borrow()[i].clone();
                v
            }
            par::STORE => {
                let (p, i) = self.slot(op, 1, 2)?;
                p.borrow_mut()[i] = self.get(ctx.operand(op, 0)).clone();
                return Ok(());
            }
            par::ATOMIC_RMW => {
                let (p, i) = self.slot(op, 1, 2)?;
                let old = p.borrow()[i].clone();
                let x = self.get(ctx.operand(op, 0)).clone();
                let kind = ctx.prop(op, "kind").and_then(|a| a.as_str()).unwrap_or("").to_string();
                let elem = ctx.value_type(ctx.operand(op, 0)).clone();
                let new = if kind == "xchg" { x } else { self.combine(op, &kind, &old, &x, &elem)? };
                p.borrow_mut()[i] = new;
                old
            }
            par::CMPXCHG => {
                let (p, i) = self.slot(op, 0, 1)?;
                let old = p.borrow()[i].clone();
                let ok = old.int() == self.int(op, 2) && !matches!(old, Val::Undef);
                if ok {
                    p.borrow_mut()[i] = self.get(ctx.operand(op, 3)).clone();
                }
                self.set_results(op, vec![old, boolean(ok)]);
                return Ok(());
            }
            par::PARALLEL => {
                self.run_region(ctx.region(op, 0), &[])?;
                return Ok(());
            }
            par::FOR => {
                let (lo, hi, step) = (self.int(op, 0), self.int(op, 1), self.int(op, 2));
                if step <= 0 {
                    return self.err(op, format!("step must be positive, got {step}"));
                }
                let mut items: Vec<i128> = (lo..hi.max(lo)).step_by(step as usize).collect();
                if let Some(rng) = &mut self.rng {
                    for i in (1..items.len()).rev() {
                        let j = rng.below(i as u64 + 1) as usize;
                        items.swap(i, j);
                    }
                }
                for i in items {
                    self.run_region(ctx.region(op, 0), &[Val::Int(i)])?;
                }
                return Ok(());
            }
            par::QUEUE_NEW => {
                let n = self.int(op, 0).max(0) as usize;
                let pushed_in = ctx.prop(op, "unique").is_some().then(|| vec![0u64; n]);
                Val::Worklist(Rc::new(RefCell::new(crate::value::Worklist { pushed_in, ..Default::default() })))
            }
            par::QUEUE_PUSH => {
                let Val::Worklist(w) = self.get(ctx.operand(op, 1)).clone() else {
                    return self.err(op, "operand is not bound to a queue");
                };
                let item = self.int(op, 0);
                let mut w = w.borrow_mut();
                if w.pushed_in.as_ref().is_some_and(|s| item < 0 || item as usize >= s.len()) {
                    return self.err(op, format!("item {item} is out of range for this unique queue"));
                }
                w.push(item);
                return Ok(());
            }
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
                    _ => boolean(w.advance()),
                }
            }
            _ => return self.err(op, format!("the interpreter cannot run 'par.{name}'")),
        };
        self.set(op, 0, v);
        Ok(())
    }
}
