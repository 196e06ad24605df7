//! Direction chosen per round (`direction = "hybrid"`), and pulled scans
//! that stop once their node is settled.
//!
//! A hybrid worklist loop becomes, in each round, a decision and an
//! `scf.if` between two copies of the loop: pulled over a bitmap of the
//! items when `items * beta > nodes` and `(items + out-edges) * alpha >
//! edges`, pushed otherwise. The out-edges are counted (one parallel pass
//! over the items) only for rounds that pass the first test, so the many
//! small rounds of a long traversal pay one comparison. The copies are
//! lowered as any pulled or pushed loop.

use super::*;
use strata_par_dialect::view::RmwKind;
use strata_sched_dialect::settle::Settling;

impl Lowering {
    /// Lowers the parallel hybrid loop `op` to the per-round choice.
    pub(super) fn hybrid(&mut self, ctx: &mut Rewriter<'_>, op: OpId, s: &LoopSchedule) -> bool {
        let loc = ctx.op_loc(op).clone();
        let at = At::Before(op);
        // A pulled round scans every node: in the default's guided blocks
        // where the pushed rounds take theirs on demand.
        let dist = if s.dist == Dist::Static { Dist::Static } else { LoopSchedule::PARALLEL.dist };
        let pulled = LoopSchedule {
            direction: Direction::Pull,
            frontier: Frontier::Bitmap,
            dist,
            chunk: LoopSchedule::PARALLEL.chunk,
            split: 0,
            warp: 0,
            block: 0,
            ..*s
        };
        let inner = pullable(ctx, op, &pulled).expect("checked by the sched verifier");
        let g = graph_of(ctx, inner).expect("a neighbour loop");
        let q = worklist_of(ctx, op).expect("a loop over a worklist's items");
        let size = op1(ctx, at, par::QUEUE_SIZE, &[q], Type::Index, &loc);
        let nodes = self.size(ctx, at, g, SizeOf::Nodes, &loc);
        let beta = index_const(ctx, at, i128::from(s.beta), &loc);
        let share = op1(ctx, at, arith::MULI, &[size, beta], Type::Index, &loc);
        let many = cmpi(ctx, at, CmpiPredicate::Ugt, share, nodes, &loc);
        let (heavy_r, heavy_b) = new_body(ctx, &[], &loc);
        let (light_r, light_b) = new_body(ctx, &[], &loc);
        let hat = At::End(heavy_b);
        let out_edges = self.out_edges_of_items(ctx, hat, g, q, &loc);
        let edges = self.size(ctx, hat, g, SizeOf::Edges, &loc);
        let alpha = index_const(ctx, hat, i128::from(s.alpha), &loc);
        let work = op1(ctx, hat, arith::ADDI, &[out_edges, size], Type::Index, &loc);
        let scaled = op1(ctx, hat, arith::MULI, &[work, alpha], Type::Index, &loc);
        let heavy = cmpi(ctx, hat, CmpiPredicate::Ugt, scaled, edges, &loc);
        op0(ctx, hat, scf::YIELD, &[heavy], &loc);
        let no = constant(ctx, At::End(light_b), Attribute::Bool(false), Type::i1(), &loc);
        op0(ctx, At::End(light_b), scf::YIELD, &[no], &loc);
        let st = OperationState::new(scf::IF, loc.clone()).operands(&[many]).results(&[Type::i1()]);
        let dense = mk(ctx, at, st.region(heavy_r).region(light_r));
        let dense = ctx.result(dense, 0);
        let pushed = LoopSchedule { direction: Direction::Push, ..*s };
        let (then_r, then_b) = new_body(ctx, &[], &loc);
        let (else_r, else_b) = new_body(ctx, &[], &loc);
        for (b, sched) in [(then_b, pulled), (else_b, pushed)] {
            let copy = ctx.clone_at_end(op, b);
            ctx.modify_in_place(copy, |ctx| ctx.set_prop(copy, "schedule", sched.to_attr()));
            op0(ctx, At::End(b), scf::YIELD, &[], &loc);
        }
        mk(ctx, at, OperationState::new(scf::IF, loc).operands(&[dense]).region(then_r).region(else_r));
        ctx.erase_op(op);
        true
    }

    /// The out-edges of the items of the node worklist `q` in the current
    /// round, summed by a team (a private sum per thread, added atomically).
    fn out_edges_of_items(&mut self, ctx: &mut Rewriter<'_>, at: At, g: Value, q: Value, loc: &Location) -> Value {
        let zero = index_const(ctx, at, 0, loc);
        let one = index_const(ctx, at, 1, loc);
        let total = op1(ctx, at, par::ALLOC, &[one], buf(&Type::Index), loc);
        store(ctx, at, zero, total, zero, loc);
        let size = op1(ctx, at, par::QUEUE_SIZE, &[q], Type::Index, loc);
        let items = op1(ctx, at, par::QUEUE_ITEMS, &[q], buf(&Type::Index), loc);
        let off = self.array(ctx, g, GraphArray::OutOffsets);
        let (pr, pb) = new_body(ctx, &[], loc);
        let mine = op1(ctx, At::End(pb), par::LOCAL, &[], buf(&Type::Index), loc);
        let z = index_const(ctx, At::End(pb), 0, loc);
        store(ctx, At::End(pb), z, mine, z, loc);
        let (fr, fb) = new_body(ctx, &[Type::Index], loc);
        let i = ctx.block_args(fb)[0];
        let v = load(ctx, At::End(fb), items, i, false, loc);
        let (lo, hi) = slice(ctx, At::End(fb), off, v, loc);
        let d = op1(ctx, At::End(fb), arith::SUBI, &[hi, lo], Type::Index, loc);
        let z = index_const(ctx, At::End(fb), 0, loc);
        let sum = load(ctx, At::End(fb), mine, z, false, loc);
        let sum = op1(ctx, At::End(fb), arith::ADDI, &[sum, d], Type::Index, loc);
        store(ctx, At::End(fb), sum, mine, z, loc);
        op0(ctx, At::End(fb), par::YIELD, &[], loc);
        let (lo, step) = (index_const(ctx, At::End(pb), 0, loc), index_const(ctx, At::End(pb), 1, loc));
        let st = OperationState::new(par::FOR, loc.clone())
            .operands(&[lo, size, step])
            .props(strata_par_dialect::op::For::props(ParDist::Guided, i64::from(LoopSchedule::PARALLEL.chunk)))
            .region(fr);
        mk(ctx, At::End(pb), st);
        let z = index_const(ctx, At::End(pb), 0, loc);
        let sum = load(ctx, At::End(pb), mine, z, false, loc);
        self.atomic(ctx, At::End(pb), RmwKind::Add, sum, total, z, loc);
        op0(ctx, At::End(pb), par::YIELD, &[], loc);
        mk(ctx, at, OperationState::new(par::PARALLEL, loc.clone()).region(pr));
        let n = load(ctx, at, total, zero, false, loc);
        op0(ctx, at, par::FREE, &[total], loc);
        n
    }

    /// Whether any of `settle` could still change its element at node `k`:
    /// the scan of `k`'s in-edges goes on while this holds.
    pub(super) fn unsettled(
        &mut self,
        ctx: &mut Rewriter<'_>,
        at: At,
        settle: &[Settling],
        k: Value,
        loc: &Location,
    ) -> Value {
        let mut open: Option<Value> = None;
        for s in settle {
            let old = load(ctx, at, s.target, k, true, loc);
            let new = combine(ctx, at, s.kind, old, s.value, loc);
            let d = differs(ctx, at, new, old, loc);
            open = Some(match open {
                Some(o) => op1(ctx, at, arith::ORI, &[o, d], Type::i1(), loc),
                None => d,
            });
        }
        open.expect("at least one settling reduction")
    }
}
