//! Teams and work-sharing loops on the OpenMP runtime, through the GOMP
//! entry points that both libomp and libgomp provide.
//!
//! - `par.parallel` is outlined into `void f.parN(ptr frame)`; the values
//!   its body uses from outside are stored in a frame on the caller's stack,
//!   and `strata.run_region(f.parN, frame)` runs it on the team the entry
//!   keeps (`strata.call_on_team`, see [`crate::entry`]), between two
//!   barriers, or outside one on a team of its own (`GOMP_parallel`; teams
//!   have the runtime's default size, which `omp_set_num_threads` and
//!   `OMP_NUM_THREADS` set).
//! - `par.for` on a team: blocks of `chunk` iterations; `static` deals them
//!   round-robin by thread number, `dynamic` hands out the next one from a
//!   counter the team shares (one atomic add per block), `guided` a share of
//!   what is left, at least `chunk`, by a compare-and-swap on such a
//!   counter; then `GOMP_barrier`. Outside a team it is a plain loop.
//! - Pushes to queues from a team gather in a 64-item buffer per thread and
//!   queue, sent on when full, at the end of every work-sharing loop (before
//!   its barrier) and at the end of the region.
//!
//! On the GPU the whole entry function runs as one cooperative kernel (see
//! [`crate::entry`]): thread 0 of the grid runs the code outside parallel
//! regions while the others wait; at a `par.parallel` it fills the region's
//! frame (a global), names the region in a dispatch word, and every thread
//! of the grid runs the body between two grid barriers. A `par.for` shares
//! its iterations cyclically (iteration `k` on thread `k mod threads`, so
//! neighbouring threads touch neighbouring elements), whatever its `dist`
//! and `chunk`, and ends with a grid barrier unless the region ends there.

use std::collections::HashSet;
use strata_abi::support;
use strata_par_dialect::op as par;
use strata_par_dialect::verify::ends_team;
use strata_par_dialect::view::Dist;
use strata_std::arith::op as arith;

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::module::Linkage;
use inkwell::types::{BasicTypeEnum, StructType};
use inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, IntValue, PhiValue, PointerValue};
use inkwell::{AddressSpace, AtomicOrdering, AtomicRMWBinOp, IntPredicate};
use strata_ir::context::{RegionId, Value};
use strata_ir::OpId;

use crate::emitter::{symbol, Emitter, Exit, Fail, FnState, R};
use crate::profile::Phase;

/// GPU: the global word naming the region the grid runs next (0: none, the
/// entry function has returned).
pub(crate) const DISPATCH: &str = support::emitted::DISPATCH;
/// GPU: the dispatch word's value while the grid fills memory for the
/// master (-2 as an `i32`; `strata.mem_fill` in `gpu.ll`, which the grid
/// helps only while the word is 0, outside regions).
pub(crate) const DISPATCH_FILL: u64 = 0xFFFF_FFFE;

impl<'a, 'c> Emitter<'a, 'c> {
    /// Values used inside `op` that are defined outside it, in order of first use.
    fn captures(&self, op: OpId) -> Vec<Value> {
        let (mut defined, mut used) = (HashSet::new(), Vec::new());
        self.ir.walk_pre(op, &mut |o| {
            for &r in self.ir.regions(o) {
                for &blk in self.ir.region_blocks(r) {
                    defined.extend(self.ir.block_args(blk).iter().copied());
                }
            }
            if o != op {
                used.extend(self.ir.operands(o).iter().copied());
                defined.extend(self.ir.results(o).iter().copied());
            }
        });
        let mut seen = HashSet::new();
        used.into_iter().filter(|v| !defined.contains(v) && seen.insert(*v)).collect()
    }

    pub(crate) fn parallel(&mut self, op: OpId) -> R<()> {
        if self.fs.in_team {
            return self.error(op, "par.parallel inside a parallel region cannot be emitted (teams are not nested)");
        }
        let region = self.ir.region(op, 0);
        // Constants are made again inside, so the body is optimized knowing them.
        let (consts, caps): (Vec<Value>, Vec<Value>) = self
            .captures(op)
            .into_iter()
            .partition(|v| self.ir.defining_op(*v).is_some_and(|d| self.ir.op_name(d) == arith::CONSTANT));
        let mut vals: Vec<BasicValueEnum<'c>> = caps.iter().map(|v| self.val(*v)).collect::<R<_>>()?;
        // CPU only: dynamic loops and buffered pushes (the GPU shares
        // iterations cyclically and aggregates pushes per warp).
        let (dynamic, queues) =
            if self.gpu { (Vec::new(), Vec::new()) } else { (self.dynamic_loops(op), self.pushed_queues(op, &caps)) };
        // One shared counter per dynamic loop, a cache line apart, zeroed per team.
        if !dynamic.is_empty() {
            let line = self.cx.i64_type().array_type(8);
            let counters = self.entry_alloca(line.array_type(dynamic.len() as u32).into())?;
            for j in 0..dynamic.len() {
                let p = self.element_ptr(line.into(), counters, self.i64(j as i64))?;
                self.b.build_store(p, self.cx.i64_type().const_zero())?;
            }
            vals.push(counters.into());
        }
        let parent = self.fs.op.map(|f| strata_abi::symbol_name(&symbol(self.ir, f))).unwrap_or_default();
        let name = format!("{parent}.par{}", self.outlined);
        self.outlined += 1;
        // The frame: on the caller's stack for an OpenMP team; on the GPU a
        // global, which every thread of the grid can read.
        let types: Vec<BasicTypeEnum<'c>> = vals.iter().map(|v| v.get_type()).collect();
        let frame_t = self.cx.struct_type(&types, false);
        let global = if self.gpu {
            let g = self.m.add_global(frame_t, None, &format!("{name}.frame"));
            g.set_linkage(Linkage::Internal);
            g.set_initializer(&frame_t.const_zero());
            Some(g)
        } else {
            None
        };
        let frame = match global {
            Some(g) => g.as_pointer_value(),
            None => self.entry_alloca(frame_t.into())?,
        };
        for (i, v) in vals.iter().enumerate() {
            let p = self.b.build_struct_gep(frame_t, frame, i as u32, "")?;
            self.b.build_store(p, *v)?;
        }
        let ptr_t = self.cx.ptr_type(AddressSpace::default());
        let outlined =
            self.m.add_function(&name, self.cx.void_type().fn_type(&[ptr_t.into()], false), Some(Linkage::Internal));

        let here = self.current();
        let fresh = FnState { f: Some(outlined), op: self.fs.op, in_team: true, ..FnState::default() };
        let saved = std::mem::replace(&mut self.fs, fresh);
        let r = self.outlined_body(outlined, region, &caps, frame_t, &consts, &dynamic, &queues);
        self.fs = saved;
        self.b.position_at_end(here);
        r?;
        // The profile's site after the closing barrier: the region's end,
        // or its last loop's, which on the CPU marks its own barrier.
        let last_loop = self.ir.region_blocks(region).last().and_then(|blk| {
            let ops = self.ir.block_ops(*blk);
            ops.len()
                .checked_sub(2)
                .map(|i| ops[i])
                .filter(|o| self.ir.op_name(*o) == par::FOR && ends_team(self.ir, *o))
        });
        let Some(global) = global else {
            let fn_ptr = outlined.as_global_value().as_pointer_value();
            self.call(support::RUN_REGION, &[fn_ptr.into(), frame.into()])?;
            if last_loop.is_none() {
                self.profile_mark_in(op, Phase::RegionEnd, &name)?;
            }
            return Ok(());
        };
        // GPU: the master names the region, and the grid runs it between two barriers.
        outlined.add_attribute(
            AttributeLoc::Function,
            self.cx.create_enum_attribute(Attribute::get_named_enum_kind_id("convergent"), 0),
        );
        let owner = self.fs.op.ok_or_else(|| Fail::Llvm("a parallel region outside a function".into()))?;
        self.regions.push((outlined, global, owner));
        self.set_dispatch(self.regions.len() as u64)?;
        self.call(support::GRID_SYNC, &[])?;
        self.b.build_call(outlined, &[frame.into()], "")?;
        self.call(support::GRID_SYNC, &[])?;
        match last_loop {
            Some(l) => self.profile_mark_in(l, Phase::Loop, &name)?,
            None => self.profile_mark_in(op, Phase::RegionEnd, &name)?,
        }
        // Outside regions again: the word the workers read only after the
        // next barrier tells `strata.mem_fill` so.
        self.set_dispatch(0)?;
        Ok(())
    }

    /// GPU: the dispatch word (see [`DISPATCH`]).
    pub(crate) fn dispatch(&self) -> R<PointerValue<'c>> {
        let g = self
            .m
            .get_global(DISPATCH)
            .ok_or_else(|| Fail::Llvm(format!("the run-time support has no global {DISPATCH}")))?;
        Ok(g.as_pointer_value())
    }

    /// GPU: the master writes `number` (a region's, or 0 for none) to the dispatch word.
    pub(crate) fn set_dispatch(&self, number: u64) -> R<()> {
        let st = self.b.build_store(self.dispatch()?, self.cx.i32_type().const_int(number, false))?;
        st.set_alignment(4).map_err(|e| Fail::Llvm(e.to_string()))
    }

    /// The operations nested in `op` that `pred` selects.
    fn ops_inside(&self, op: OpId, pred: impl Fn(OpId) -> bool) -> Vec<OpId> {
        let mut found = Vec::new();
        self.ir.walk_pre(op, &mut |o| {
            if o != op && pred(o) {
                found.push(o);
            }
        });
        found
    }

    /// The `par.for` ops nested in `op` whose blocks are taken on demand
    /// (`dynamic` or `guided`): each has a counter the team shares.
    fn dynamic_loops(&self, op: OpId) -> Vec<OpId> {
        self.ops_inside(op, |o| par::For::of(self.ir, o).is_some_and(|f| f.dist(self.ir) != Dist::Static))
    }

    /// The queues among `caps` (values from outside `op`) that `op` makes
    /// `buffered` pushes to.
    fn pushed_queues(&self, op: OpId, caps: &[Value]) -> Vec<Value> {
        let mut queues = Vec::new();
        for push in self.ops_inside(op, |o| par::QueuePush::of(self.ir, o).is_some_and(|p| p.buffered(self.ir))) {
            let q = par::QueuePush(push).queue(self.ir);
            if caps.contains(&q) && !queues.contains(&q) {
                queues.push(q);
            }
        }
        queues
    }

    /// The body of an outlined region: loads the captured values from the
    /// frame, makes the constants again, emits the region.
    #[allow(clippy::too_many_arguments)]
    fn outlined_body(
        &mut self,
        f: FunctionValue<'c>,
        region: RegionId,
        caps: &[Value],
        frame_t: StructType<'c>,
        consts: &[Value],
        dynamic: &[OpId],
        queues: &[Value],
    ) -> R<()> {
        let entry = self.cx.append_basic_block(f, "entry");
        self.b.position_at_end(entry);
        let arg = f.get_nth_param(0).expect("one parameter").into_pointer_value();
        for (i, v) in caps.iter().enumerate() {
            let p = self.b.build_struct_gep(frame_t, arg, i as u32, "")?;
            let t = frame_t.get_field_type_at_index(i as u32).expect("a field per capture");
            let x = self.b.build_load(t, p, "")?;
            self.fs.vals.insert(*v, x);
        }
        if !dynamic.is_empty() {
            let i = caps.len() as u32;
            let p = self.b.build_struct_gep(frame_t, arg, i, "")?;
            let counters = self.b.build_load(self.cx.ptr_type(AddressSpace::default()), p, "")?.into_pointer_value();
            let line = self.cx.i64_type().array_type(8);
            for (j, op) in dynamic.iter().enumerate() {
                let counter = self.element_ptr(line.into(), counters, self.i64(j as i64))?;
                let base = self.b.build_alloca(self.cx.i64_type(), "")?;
                self.b.build_store(base, self.cx.i64_type().const_zero())?;
                self.fs.counters.insert(*op, (counter, base));
            }
        }
        for &q in queues {
            let buf = self.b.build_alloca(self.cx.i64_type().array_type(64), "")?;
            let count = self.b.build_alloca(self.cx.i64_type(), "")?;
            self.b.build_store(count, self.cx.i64_type().const_zero())?;
            self.fs.push_buffers.push((q, buf, count));
        }
        for v in consts {
            if let Some(d) = self.ir.defining_op(*v) {
                let c = self.constant(d)?;
                self.fs.vals.insert(*v, c);
            }
        }
        if let Some(op) = self.ir.region_parent(region) {
            self.profile_mark(op, Phase::Serial)?;
        }
        self.emit_nested(region, &[], Exit::Return)
    }

    /// Starts a loop whose counter runs from `start` while below `bound`:
    /// returns the counter's phi (the back edge is the caller's), the header
    /// to branch back to, and the exit block; the builder is left in the body.
    fn loop_head(
        &mut self,
        name: &str,
        start: IntValue<'c>,
        bound: IntValue<'c>,
        pred: IntPredicate,
    ) -> R<(PhiValue<'c>, BasicBlock<'c>, BasicBlock<'c>)> {
        let pre = self.current();
        let (header, body, exit) = (
            self.block(&format!("{name}.header")),
            self.block(&format!("{name}.body")),
            self.block(&format!("{name}.exit")),
        );
        let iv = self.phis(header, &[start.get_type().into()])?[0];
        iv.add_incoming(&[(&start, pre)]);
        self.b.build_unconditional_branch(header)?;
        self.b.position_at_end(header);
        let more = self.b.build_int_compare(pred, iv.as_basic_value().into_int_value(), bound, "")?;
        self.b.build_conditional_branch(more, body, exit)?;
        self.b.position_at_end(body);
        Ok((iv, header, exit))
    }

    /// The iterations of `for (i = lo; i < hi; i += step)` for a positive
    /// step, as an unsigned count: 0 when `hi <= lo`, else
    /// `(hi - lo - 1) / step + 1` with `hi - lo` read unsigned, so that no
    /// range of 64-bit bounds overflows (the interpreter counts exactly).
    fn trip_count(&self, lo: IntValue<'c>, hi: IntValue<'c>, step: IntValue<'c>) -> R<IntValue<'c>> {
        let b = &self.b;
        let t = lo.get_type();
        let one = t.const_int(1, false);
        let empty = b.build_int_compare(IntPredicate::SLE, hi, lo, "")?;
        let span = b.build_int_sub(hi, lo, "")?;
        let n = b.build_int_add(b.build_int_unsigned_div(b.build_int_sub(span, one, "")?, step, "")?, one, "")?;
        Ok(b.build_select(empty, t.const_zero(), n, "")?.into_int_value())
    }

    /// Stops the program with the interpreter's message unless `step > 0`.
    fn check_step(&mut self, op: OpId, step: IntValue<'c>) -> R<()> {
        let positive = self.b.build_int_compare(IntPredicate::SGT, step, step.get_type().const_zero(), "")?;
        let (ok, fail) = (self.block("step.ok"), self.block("step.fail"));
        self.b.build_conditional_branch(positive, ok, fail)?;
        self.b.position_at_end(fail);
        let at = self.ir.op_loc(op).short().replace('%', "%%");
        let fmt = self.b.build_global_string_ptr(&format!("{at}: error: step must be positive, got %lld\n"), "")?;
        let wide = self.b.build_int_s_extend_or_bit_cast(step, self.cx.i64_type(), "")?;
        self.call(support::FAIL_VALUES, &[fmt.as_pointer_value().into(), wide.into(), wide.into()])?;
        self.b.build_unreachable()?;
        self.b.position_at_end(ok);
        Ok(())
    }

    /// `for (j = from; j < to; j += stride) body(lo + j * step)` over the
    /// one-argument `region`, whose `par.yield` continues the loop; `j`
    /// counts iterations (unsigned, its step saturating), so the loop ends
    /// even where `lo + j * step` would pass the largest value.
    fn index_loop(
        &mut self,
        region: RegionId,
        lo: IntValue<'c>,
        step: IntValue<'c>,
        from: IntValue<'c>,
        to: IntValue<'c>,
        stride: IntValue<'c>,
    ) -> R<()> {
        let (j, header, exit) = self.loop_head("loop", from, to, IntPredicate::ULT)?;
        let latch = self.block("loop.latch");
        let jv = j.as_basic_value().into_int_value();
        let i = self.b.build_int_add(lo, self.b.build_int_mul(jv, step, "")?, "")?;
        self.emit_nested(region, &[i.into()], Exit::Latch(latch))?;
        self.b.position_at_end(latch);
        let next = self.intrinsic("llvm.uadd.sat", jv.get_type().into(), &[jv.into(), stride.into()])?;
        j.add_incoming(&[(&next.into_int_value(), latch)]);
        self.b.build_unconditional_branch(header)?;
        self.b.position_at_end(exit);
        Ok(())
    }

    pub(crate) fn par_for(&mut self, op: OpId) -> R<()> {
        let par_for = par::For(op);
        let (lo, hi, step) = (
            self.int_val(par_for.lower(self.ir))?,
            self.int_val(par_for.upper(self.ir))?,
            self.int_val(par_for.step(self.ir))?,
        );
        let region = self.ir.region(op, 0);
        self.check_step(op, step)?;
        let n = self.trip_count(lo, hi, step)?;
        let t = lo.get_type();
        let one = t.const_int(1, false);
        if !self.fs.in_team {
            return self.index_loop(region, lo, step, t.const_zero(), n, one);
        }
        if self.gpu {
            // Iteration k on thread k mod threads.
            let tid = self.call_value(support::GPU_THREAD_ID, &[])?.into_int_value();
            let nt = self.call_value(support::GPU_NUM_THREADS, &[])?.into_int_value();
            self.index_loop(region, lo, step, tid, n, nt)?;
            if !ends_team(self.ir, op) {
                self.call(support::GRID_SYNC, &[])?;
                self.profile_mark(op, Phase::Loop)?;
            }
            return Ok(());
        }
        let chunk = self.i64(par_for.chunk(self.ir));
        let i64t = self.cx.i64_type();
        match self.fs.counters.get(&op).copied() {
            Some((counter, slot)) if par_for.dist(self.ir) == Dist::Guided => {
                self.guided_loop(region, (lo, step, n), chunk, counter, slot)?;
                return self.profile_mark(op, Phase::Loop);
            }
            _ => {}
        }
        let b = &self.b;
        // Chunks: ceil(n / chunk), unsigned.
        let none = b.build_int_compare(IntPredicate::EQ, n, t.const_zero(), "")?;
        let some = b.build_int_add(b.build_int_unsigned_div(b.build_int_sub(n, one, "")?, chunk, "")?, one, "")?;
        let chunks = b.build_select(none, t.const_zero(), some, "")?.into_int_value();
        let tid = self.call_value("omp_get_thread_num", &[])?.into_int_value();
        let nt = self.call_value("omp_get_num_threads", &[])?.into_int_value();
        let tid = self.b.build_int_z_extend(tid, i64t, "")?;
        let nt = self.b.build_int_z_extend(nt, i64t, "")?;
        // static: chunks tid, tid + threads, ...; dynamic: the next chunk
        // of a counter the team shares. Every thread takes exactly one
        // chunk past the end per execution, so after the closing barrier the
        // counter stands at `base + chunks + threads`, the next execution's base.
        let dynamic = self.fs.counters.get(&op).copied();
        let grab = |e: &Self, base: IntValue<'c>| -> R<IntValue<'c>> {
            let (counter, _) = dynamic.expect("dynamic loops have a counter");
            let g = e.b.build_atomicrmw(AtomicRMWBinOp::Add, counter, one, AtomicOrdering::Monotonic)?;
            Ok(e.b.build_int_sub(g, base, "")?)
        };
        let base = match dynamic {
            Some((_, base)) => Some(self.b.build_load(i64t, base, "")?.into_int_value()),
            None => None,
        };
        let first = match base {
            Some(base) => grab(self, base)?,
            None => tid,
        };
        let (k, header, exit) = self.loop_head("chunk", first, chunks, IntPredicate::ULT)?;
        let kv = k.as_basic_value().into_int_value();
        // Iterations k * chunk .. min((k + 1) * chunk, n).
        let start = self.b.build_int_mul(kv, chunk, "")?;
        let end = self.intrinsic("llvm.uadd.sat", i64t.into(), &[start.into(), chunk.into()])?;
        let end = self.intrinsic("llvm.umin", i64t.into(), &[end, n.into()])?.into_int_value();
        self.index_loop(region, lo, step, start, end, one)?;
        let next = match base {
            Some(base) => grab(self, base)?,
            None => self.b.build_int_add(kv, nt, "")?,
        };
        k.add_incoming(&[(&next, self.current())]);
        self.b.build_unconditional_branch(header)?;
        self.b.position_at_end(exit);
        self.flush_pushes()?;
        if let (Some((_, slot)), Some(base)) = (dynamic, base) {
            let after = self.b.build_int_add(self.b.build_int_add(base, chunks, "")?, nt, "")?;
            self.b.build_store(slot, after)?;
        }
        self.call("GOMP_barrier", &[])?;
        self.profile_mark(op, Phase::Loop)
    }

    /// A dynamic `par.for` on a team: each thread takes the next block of
    /// iterations from a counter the team shares, a quarter of what is left
    /// per thread but at least `chunk` (guided scheduling: few atomic
    /// operations on long loops, small blocks at the end), by a
    /// compare-and-swap; then the team waits. The counter keeps counting
    /// across executions of the loop in the region: `slot` holds where
    /// this execution starts (it ends at that plus the trip count).
    fn guided_loop(
        &mut self,
        region: RegionId,
        (lo, step, n): (IntValue<'c>, IntValue<'c>, IntValue<'c>),
        chunk: IntValue<'c>,
        counter: PointerValue<'c>,
        slot: PointerValue<'c>,
    ) -> R<()> {
        let i64t = self.cx.i64_type();
        let one = i64t.const_int(1, false);
        let nt = self.call_value("omp_get_num_threads", &[])?.into_int_value();
        let nt = self.b.build_int_z_extend(nt, i64t, "")?;
        let quarter = self.b.build_int_mul(nt, i64t.const_int(4, false), "")?;
        let base = self.b.build_load(i64t, slot, "")?.into_int_value();
        let (header, take, body, exit) =
            (self.block("guided"), self.block("guided.take"), self.block("guided.body"), self.block("guided.exit"));
        self.b.build_unconditional_branch(header)?;

        self.b.position_at_end(header);
        let cur = self.b.build_load(i64t, counter, "")?;
        let load = cur.as_instruction_value().ok_or_else(|| Fail::Llvm("load without an instruction".into()))?;
        load.set_alignment(8).map_err(|e| Fail::Llvm(e.to_string()))?;
        load.set_atomic_ordering(AtomicOrdering::Monotonic).map_err(|e| Fail::Llvm(e.to_string()))?;
        let cur = cur.into_int_value();
        let taken = self.b.build_int_sub(cur, base, "")?;
        let done = self.b.build_int_compare(IntPredicate::UGE, taken, n, "")?;
        self.b.build_conditional_branch(done, exit, take)?;

        self.b.position_at_end(take);
        let left = self.b.build_int_sub(n, taken, "")?;
        let share = self.b.build_int_unsigned_div(left, quarter, "")?;
        let size = self.intrinsic("llvm.umax", i64t.into(), &[share.into(), chunk.into()])?;
        let size = self.intrinsic("llvm.umin", i64t.into(), &[size, left.into()])?.into_int_value();
        let next = self.b.build_int_add(cur, size, "")?;
        let swap = self.b.build_cmpxchg(counter, cur, next, AtomicOrdering::Monotonic, AtomicOrdering::Monotonic)?;
        let won = self.b.build_extract_value(swap, 1, "")?.into_int_value();
        self.b.build_conditional_branch(won, body, header)?;

        self.b.position_at_end(body);
        let end = self.b.build_int_add(taken, size, "")?;
        self.index_loop(region, lo, step, taken, end, one)?;
        self.b.build_unconditional_branch(header)?;

        self.b.position_at_end(exit);
        self.flush_pushes()?;
        let after = self.b.build_int_add(base, n, "")?;
        self.b.build_store(slot, after)?;
        self.call("GOMP_barrier", &[])?;
        Ok(())
    }
}
