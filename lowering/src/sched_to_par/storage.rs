//! Graph arrays, buffers and their initialization, and reductions: atomics, privatized copies, argmin/argmax, and which containers a loop reduces into or owns.

use super::*;
use strata_graph_dialect::op::{FetchAdd, Reduce, ReduceArg};
use strata_graph_dialect::view::{ArgKind, ReduceKind};
use strata_par_dialect::op::{AtomicRmw, Store as ParStore};
use strata_par_dialect::view::{RmwKind, SizeOf};

/// The neutral element of a reduction kind for type `t`.
pub(super) fn neutral(kind: ReduceKind, t: &Type) -> Attribute {
    rmw_kind(kind).neutral(t).expect("a reduction kind combines")
}

/// `old (kind) x` with arith ops.
pub(super) fn combine(ctx: &mut Rewriter<'_>, at: At, kind: ReduceKind, old: Value, x: Value, loc: &Location) -> Value {
    let t = ctx.value_type(old).clone();
    let name = match (kind, t.is_float()) {
        (ReduceKind::Add, false) => arith::ADDI,
        (ReduceKind::Mul, false) => arith::MULI,
        (ReduceKind::Min, false) => arith::MINSI,
        (ReduceKind::Max, false) => arith::MAXSI,
        (ReduceKind::And, _) => arith::ANDI,
        (ReduceKind::Or, _) => arith::ORI,
        (ReduceKind::Add, true) => arith::ADDF,
        (ReduceKind::Mul, true) => arith::MULF,
        (ReduceKind::Min, true) => arith::MINNUMF,
        (ReduceKind::Max, true) => arith::MAXNUMF,
    };
    op1(ctx, at, name, &[old, x], t, loc)
}

/// `a != b`, bitwise for floats.
pub(super) fn differs(ctx: &mut Rewriter<'_>, at: At, a: Value, b: Value, loc: &Location) -> Value {
    let t = ctx.value_type(a).clone();
    if let Some(k) = t.float_kind() {
        let it = Type::int(k.width());
        let ai = op1(ctx, at, arith::BITCAST, &[a], it.clone(), loc);
        let bi = op1(ctx, at, arith::BITCAST, &[b], it, loc);
        return cmpi(ctx, at, CmpiPredicate::Ne, ai, bi, loc);
    }
    cmpi(ctx, at, CmpiPredicate::Ne, a, b, loc)
}

/// The node properties only the thread that runs node `owner` writes in the
/// loop `op`: reduced there at `owner` alone and otherwise only loaded (a
/// store, a `graph.reduce_arg`, a call or a reduction at another index
/// disqualifies a property). Each thread of a `thread`-mapped loop over
/// nodes owns its node; each thread of a pulled loop owns its target node.
pub(super) fn single_writer_props(ctx: &Context, op: OpId, owner: Value) -> HashSet<Value> {
    let (mut out, mut other) = (HashSet::new(), HashSet::new());
    ctx.walk_pre(op, &mut |o| {
        let name = ctx.op_kind(o);
        for (i, &x) in ctx.operands(o).iter().enumerate() {
            if !matches!(classify(ctx.value_type(x)), Some(GraphType::NodeProp(_))) {
                continue;
            }
            if name == graph::REDUCE && i == 1 && ctx.operands(o).get(2) == Some(&owner) {
                out.insert(x);
            } else if name != graph::LOAD {
                other.insert(x);
            }
        }
    });
    out.retain(|t| !other.contains(t) && !ctx.defining_op(*t).is_some_and(|d| ctx.is_ancestor(op, d)));
    out
}

/// Containers defined outside `op` that its iterations reduce or push into.
pub(super) fn reduced_containers(ctx: &Context, op: OpId) -> HashSet<Value> {
    let mut out = HashSet::new();
    ctx.walk_pre(op, &mut |o| {
        let target = match ctx.op_kind(o) {
            graph::REDUCE => ctx.operands(o).get(1).copied(),
            graph::REDUCE_ARG => ctx.operands(o).get(2).copied(),
            _ => None,
        };
        if let Some(t) = target {
            if !ctx.defining_op(t).is_some_and(|d| ctx.is_ancestor(op, d)) {
                out.insert(t);
            }
            if let Some(r) = ReduceArg::of(ctx, o) {
                out.insert(r.payloads(ctx));
            }
        }
    });
    out
}

/// The kind of the reductions into `target` inside `op` (legality made them one).
pub(super) fn reduce_kind_of(ctx: &Context, op: OpId, target: Value) -> ReduceKind {
    let mut kind = ReduceKind::Add;
    ctx.walk_pre(op, &mut |o| {
        if let Some(r) = Reduce::of(ctx, o).filter(|r| r.target(ctx) == target) {
            kind = r.kind(ctx);
        }
    });
    kind
}

/// The atomic read-modify-write that performs a reduction.
pub(super) fn rmw_kind(kind: ReduceKind) -> RmwKind {
    match kind {
        ReduceKind::Add => RmwKind::Add,
        ReduceKind::Mul => RmwKind::Mul,
        ReduceKind::Min => RmwKind::Min,
        ReduceKind::Max => RmwKind::Max,
        ReduceKind::And => RmwKind::And,
        ReduceKind::Or => RmwKind::Or,
    }
}

impl Lowering {
    /// A graph array, read once where the graph is defined.
    pub(super) fn array(&mut self, ctx: &mut Rewriter<'_>, g: Value, array: GraphArray) -> Value {
        if let Some(v) = self.arrays.get(&(g, array)) {
            return *v;
        }
        let at = match ctx.defining_op(g) {
            Some(d) => match ctx.next_op(d) {
                Some(n) => At::Before(n),
                None => At::End(ctx.parent_block(d).expect("in a block")),
            },
            None => {
                let b = ctx.value_block(g).expect("block argument");
                match ctx.first_op(b) {
                    Some(f) => At::Before(f),
                    None => At::End(b),
                }
            }
        };
        let elem = ir_type(array.element());
        let loc = ctx.value_loc(g).clone();
        let o = mk(
            ctx,
            at,
            OperationState::new(par::GRAPH_ARRAY, loc)
                .operands(&[g])
                .props(strata_par_dialect::op::GraphArrayOp::props(array.name().to_string()))
                .results(&[buf(&elem)]),
        );
        let v = ctx.result(o, 0);
        self.arrays.insert((g, array), v);
        v
    }

    pub(super) fn size(&mut self, ctx: &mut Rewriter<'_>, at: At, g: Value, of: SizeOf, loc: &Location) -> Value {
        let o = mk(
            ctx,
            at,
            OperationState::new(par::GRAPH_SIZE, loc.clone())
                .operands(&[g])
                .props(strata_par_dialect::op::GraphSize::props(of))
                .results(&[Type::Index]),
        );
        ctx.result(o, 0)
    }

    /// A new buffer of `n` flags, all false.
    pub(super) fn cleared_flags(&mut self, ctx: &mut Rewriter<'_>, at: At, n: Value, loc: &Location) -> Value {
        let bits = op1(ctx, at, par::ALLOC, &[n], buf(&Type::i1()), loc);
        let no = constant(ctx, at, Attribute::Bool(false), Type::i1(), loc);
        self.fill(ctx, at, bits, n, &|_| no, loc);
        bits
    }

    /// Sets `b[i]` for `i` in `0..n` to the value `f` builds, in parallel
    /// outside parallel loops and sequentially inside them.
    pub(super) fn fill(
        &mut self,
        ctx: &mut Rewriter<'_>,
        at: At,
        b: Value,
        n: Value,
        f: &dyn Fn(Value) -> Value,
        loc: &Location,
    ) {
        self.each(ctx, at, n, &|ctx, at, i| store(ctx, at, f(i), b, i, loc), loc);
    }

    pub(super) fn is_private(&self, ctx: &Context, target: Value) -> bool {
        if !self.scope.parallel {
            return true;
        }
        // A thread's own element (a scalar the iteration created) is private by definition.
        if ctx.defining_op(target).is_some_and(|d| ctx.op_name(d) == par::LOCAL) {
            return true;
        }
        match (self.scope.iteration, ctx.defining_op(target)) {
            (Some(it), Some(d)) => ctx.is_ancestor(it, d),
            _ => false,
        }
    }

    /// `par.atomic_rmw` of `x` into `b[i]`; returns the old value.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn atomic(
        &mut self,
        ctx: &mut Rewriter<'_>,
        at: At,
        kind: RmwKind,
        x: Value,
        b: Value,
        i: Value,
        loc: &Location,
    ) -> Value {
        let o = atomic_op(ctx, at, (kind, false), (x, b, i), loc);
        ctx.result(o, 0)
    }

    /// Combines `x` into `b[i]` by `kind`: a load and a store where only
    /// this thread reaches the element (`plain`), an atomic elsewhere;
    /// returns the old value.
    #[allow(clippy::too_many_arguments)]
    fn update(
        &mut self,
        ctx: &mut Rewriter<'_>,
        at: At,
        kind: ReduceKind,
        x: Value,
        (b, i): (Value, Value),
        plain: bool,
        loc: &Location,
    ) -> Value {
        if !plain {
            return self.atomic(ctx, at, rmw_kind(kind), x, b, i, loc);
        }
        let old = load(ctx, at, b, i, false, loc);
        let new = combine(ctx, at, kind, old, x, loc);
        store(ctx, at, new, b, i, loc);
        old
    }

    pub(super) fn reduce(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let r = Reduce(op);
        let kind = r.kind(ctx);
        let (x, target) = (r.value(ctx), r.target(ctx));
        let i = element_index(ctx, at, r.index(ctx), &loc);
        let (b, plain) = match self.scope.private_copies.get(&target) {
            Some(l) => (*l, true),
            None => (target, self.is_private(ctx, target)),
        };
        let old = if self.scope.owned.contains(&target) {
            // Only this thread writes the element; others may read it.
            let old = load(ctx, at, b, i, true, &loc);
            let new = combine(ctx, at, kind, old, x, &loc);
            let d = differs(ctx, at, new, old, &loc);
            let blk = if_then(ctx, at, d, &loc);
            mk(
                ctx,
                At::End(blk),
                OperationState::new(par::STORE, loc.clone()).operands(&[new, b, i]).props(ParStore::props(true)),
            );
            op0(ctx, At::End(blk), scf::YIELD, &[], &loc);
            old
        } else {
            self.update(ctx, at, kind, x, (b, i), plain, &loc)
        };
        if let Some(&changed) = ctx.results(op).first() {
            let new = combine(ctx, at, kind, old, x, &loc);
            let d = differs(ctx, at, new, old, &loc);
            ctx.replace_all_uses_with(changed, d);
        }
        ctx.erase_op(op);
        true
    }

    /// `graph.fetch_add`: an atomic add returning the element before it (a
    /// load and a store where only this thread can reach the element).
    pub(super) fn fetch_add(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let f = FetchAdd(op);
        let (x, target) = (f.value(ctx), f.target(ctx));
        let i = element_index(ctx, at, f.index(ctx), &loc);
        let plain = self.is_private(ctx, target);
        let old = self.update(ctx, at, ReduceKind::Add, x, (target, i), plain, &loc);
        ctx.replace_all_uses_with(f.old(ctx), old);
        ctx.erase_op(op);
        true
    }

    pub(super) fn reduce_arg(&mut self, ctx: &mut Rewriter<'_>, op: OpId) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        let kind = ReduceArg(op).kind(ctx);
        let ops = ctx.operands(op).to_vec();
        let (key, pay, kb, pb) = (ops[0], ops[1], ops[2], ops[3]);
        let i = if ops.len() > 4 { ops[4] } else { index_const(ctx, at, 0, &loc) };
        let kt = conv(ctx.value_type(key));
        let pt = conv(ctx.value_type(pay));
        let max = kind == ArgKind::Max;
        let c = if self.is_private(ctx, kb) {
            let f = self.helper(ctx, Helper::ReduceArg { max, plain: true, key: kt, payload: pt });
            self.call(ctx, at, &f, &[key, pay, kb, pb, i], &[Type::i1()], &loc)
        } else {
            let Some(&locks) = self.scope.locks.get("stripes") else {
                return self.error(ctx, op, "'graph.reduce_arg' into shared data in a function called from a parallel loop cannot reach the round's locks; inline the call");
            };
            let f = self.helper(ctx, Helper::ReduceArg { max, plain: false, key: kt, payload: pt });
            self.call(ctx, at, &f, &[key, pay, kb, pb, i, locks], &[Type::i1()], &loc)
        };
        if let Some(&changed) = ctx.results(op).first() {
            let r = ctx.result(c, 0);
            ctx.replace_all_uses_with(changed, r);
        }
        ctx.erase_op(op);
        true
    }
}

/// A `par.atomic_rmw` of `kind` of `x` into `b[i]`; `grouped`: a
/// subgroup's threads may combine first (its old value unused).
pub(super) fn atomic_op(
    ctx: &mut Rewriter<'_>,
    at: At,
    (kind, grouped): (RmwKind, bool),
    (x, b, i): (Value, Value, Value),
    loc: &Location,
) -> OpId {
    let t = ctx.value_type(x).clone();
    let st = OperationState::new(par::ATOMIC_RMW, loc.clone()).operands(&[x, b, i]);
    mk(ctx, at, st.props(AtomicRmw::props(kind, grouped)).results(&[t]))
}
