//! `par` data operations: the graph descriptor, buffers, plain and atomic
//! accesses, compare-and-swap, and work queues (calls into the run-time
//! support of `runtime.ll`). Teams and loops are in [`crate::parallel`].

use inkwell::module::Linkage;
use inkwell::types::{BasicType, BasicTypeEnum, IntType, StructType};
use inkwell::values::{BasicValue, BasicValueEnum, InstructionValue, IntValue, PointerValue};
use inkwell::{AddressSpace, AtomicOrdering, AtomicRMWBinOp, IntPredicate};
use strata_abi::support;
use strata_abi::{GraphArray, GRAPH_SCALAR_FIELDS, GRAPH_SYMMETRIC_FIELD};
use strata_ir::types::Type;
use strata_ir::{OpId, Value};
use strata_par_dialect::abi::{element_bytes, graph_array_of, graph_array_op};
use strata_par_dialect::op::{self as par, ParOp};
use strata_par_dialect::types::buf_element;
use strata_par_dialect::view::{RmwKind, SizeOf};

use crate::emitter::{Emitter, Fail, R};
use crate::profile::Phase;

/// GPU: the most bytes one `par.shared` may take of its block's shared
/// memory (two blocks of 256 threads share a multiprocessor; see
/// `docs/gpu-backend.md`).
const SHARED_BYTES: u64 = 16 * 1024;
use crate::types::memory_type;

impl<'a, 'c> Emitter<'a, 'c> {
    /// The graph descriptor: node and edge counts, then the arrays.
    fn graph_struct(&self) -> StructType<'c> {
        let i64t = self.cx.i64_type().as_basic_type_enum();
        let ptr = self.cx.ptr_type(AddressSpace::default()).as_basic_type_enum();
        let mut fields = vec![i64t; GRAPH_SCALAR_FIELDS as usize];
        fields.extend(GraphArray::ALL.iter().map(|_| ptr));
        self.cx.struct_type(&fields, false)
    }

    /// The address of element `i` of a buffer of `elem`s.
    #[allow(unsafe_code)]
    pub(crate) fn element_ptr(
        &self,
        elem: BasicTypeEnum<'c>,
        base: PointerValue<'c>,
        i: IntValue<'c>,
    ) -> R<PointerValue<'c>> {
        // SAFETY: building a GEP instruction only computes an address; the
        // program's accesses stay within their buffers by the par dialect's
        // contract (as they must in the interpreter, which checks them).
        Ok(unsafe { self.b.build_in_bounds_gep(elem, base, &[i], "") }?)
    }

    /// `par.check_index`: an unsigned `index < count` (a negative index is
    /// out of range too), else the located message with both numbers.
    fn check_index(&mut self, op: OpId) -> R<()> {
        let check = par::CheckIndex(op);
        let (index, count) = (self.int_val(check.index(self.ir))?, self.int_val(check.count(self.ir))?);
        let ok = self.b.build_int_compare(IntPredicate::ULT, index, count, "")?;
        let (pass, fail) = (self.block("check.ok"), self.block("check.fail"));
        self.b.build_conditional_branch(ok, pass, fail)?;
        self.b.position_at_end(fail);
        // A printf format: the location's own `%`s are escaped.
        let at = self.ir.op_loc(op).short().replace('%', "%%");
        let text = format!("{at}: error: {}\n", check.counted(self.ir).out_of_range("%lld", "%lld"));
        let fmt = self.b.build_global_string_ptr(&text, "")?;
        self.call(support::FAIL_VALUES, &[fmt.as_pointer_value().into(), index.into(), count.into()])?;
        self.b.build_unreachable()?;
        self.b.position_at_end(pass);
        Ok(())
    }

    /// The element type of `op`'s buffer `buf`, its memory type, and the
    /// address of element `at`.
    fn slot(&self, op: OpId, buf: Value, at: Value) -> R<(Type, BasicTypeEnum<'c>, PointerValue<'c>)> {
        let Some(elem) = buf_element(self.ir.value_type(buf)) else {
            return self.error(op, "operand is not a buffer");
        };
        let Some(mt) = memory_type(self.cx, &elem) else {
            return self.error(op, format!("cannot emit buffers of {elem} as LLVM IR"));
        };
        let p = self.element_ptr(mt, self.ptr_val(buf)?, self.int_val(at)?)?;
        Ok((elem, mt, p))
    }

    /// A value as stored in memory (`i1` widened to a byte, 0 or -1).
    fn to_memory(&self, v: BasicValueEnum<'c>, mt: BasicTypeEnum<'c>) -> R<BasicValueEnum<'c>> {
        Ok(match v {
            BasicValueEnum::IntValue(i) if i.get_type().get_bit_width() == 1 => {
                self.b.build_int_s_extend(i, mt.into_int_type(), "")?.into()
            }
            v => v,
        })
    }
    /// A value as loaded from memory.
    fn loaded_value(&self, v: BasicValueEnum<'c>, elem: &Type) -> R<BasicValueEnum<'c>> {
        Ok(match elem {
            Type::Integer { width: 1, .. } => {
                self.b.build_int_truncate(v.into_int_value(), self.cx.bool_type(), "")?.into()
            }
            _ => v,
        })
    }

    fn atomic(&self, i: Option<InstructionValue<'c>>, elem: &Type, ordering: AtomicOrdering) -> R<()> {
        let Some(i) = i else { return Err(Fail::Llvm("access without an instruction".into())) };
        let bytes = element_bytes(elem).unwrap_or(8) as u32;
        i.set_alignment(bytes).map_err(|e| Fail::Llvm(e.to_string()))?;
        i.set_atomic_ordering(ordering).map_err(|e| Fail::Llvm(e.to_string()))
    }

    /// Emits the par operation `p`.
    pub(crate) fn par(&mut self, p: ParOp) -> R<()> {
        let op = p.op();
        let ptr_t = self.cx.ptr_type(AddressSpace::default());
        let v: BasicValueEnum<'c> = match p {
            ParOp::GraphSize(size) => {
                let field = u32::from(size.counted(self.ir) == SizeOf::Edges);
                let p = self.b.build_struct_gep(self.graph_struct(), self.ptr_val(size.graph(self.ir))?, field, "")?;
                self.b.build_load(self.cx.i64_type(), p, "")?
            }
            ParOp::GraphSymmetric(s) => {
                let g = self.ptr_val(s.graph(self.ir))?;
                let p = self.b.build_struct_gep(self.graph_struct(), g, GRAPH_SYMMETRIC_FIELD, "")?;
                let word = self.b.build_load(self.cx.i64_type(), p, "")?.into_int_value();
                let zero = self.cx.i64_type().const_zero();
                self.b.build_int_compare(IntPredicate::NE, word, zero, "")?.into()
            }
            ParOp::GraphArray(a) => {
                let Some(array) = graph_array_of(self.ir, op) else {
                    return self.error(op, "unknown graph array");
                };
                let p = self.b.build_struct_gep(
                    self.graph_struct(),
                    self.ptr_val(a.graph(self.ir))?,
                    GRAPH_SCALAR_FIELDS + array.position() as u32,
                    "",
                )?;
                self.b.build_load(ptr_t, p, "")?
            }
            ParOp::Alloc(alloc) => {
                let elem = buf_element(self.ir.value_type(self.ir.result(op, 0))).unwrap_or(Type::i64());
                let Some(bytes) = element_bytes(&elem) else {
                    return self.error(op, format!("cannot emit buffers of {elem} as LLVM IR"));
                };
                let n = self.val(alloc.size(self.ir))?;
                let args = [n, self.i64(bytes as i64).into(), self.cx.bool_type().const_zero().into()];
                self.call_value(support::ALLOC, &args)?
            }
            ParOp::Local(local) => {
                let elem = buf_element(self.ir.value_type(self.ir.result(op, 0))).unwrap_or(Type::i64());
                let Some(mt) = memory_type(self.cx, &elem) else {
                    return self.error(op, format!("cannot emit buffers of {elem} as LLVM IR"));
                };
                match local.size(self.ir) {
                    Some(n) if n > 1 => self.entry_alloca(mt.array_type(n as u32).into())?.into(),
                    _ => self.entry_alloca(mt)?.into(),
                }
            }
            ParOp::Shared(_) => return self.shared(op),
            ParOp::CheckIndex(_) => return self.check_index(op),
            ParOp::Free(free) => {
                let storage = free.storage(self.ir);
                let is_buf = buf_element(self.ir.value_type(storage)).is_some();
                self.call(if is_buf { support::FREE } else { support::QUEUE_FREE }, &[self.val(storage)?])?;
                return Ok(());
            }
            ParOp::Load(load) => {
                let (elem, mt, p) = self.slot(op, load.buffer(self.ir), load.index(self.ir))?;
                let graph = graph_array_op(self.ir, load.buffer(self.ir)).is_some();
                // The graph's arrays do not change while the program runs
                // (`docs/dialects/par.md`): LLVM may merge and move their
                // loads past writes, and on the GPU, where they lie in
                // global memory, read them through the read-only path
                // (`ld.global.nc`).
                let p = if graph && self.gpu {
                    self.b.build_address_space_cast(p, self.cx.ptr_type(AddressSpace::from(1u16)), "")?
                } else {
                    p
                };
                let v = self.b.build_load(mt, p, "")?;
                if load.atomic(self.ir) {
                    self.atomic(v.as_instruction_value(), &elem, AtomicOrdering::Monotonic)?;
                } else if graph {
                    let i =
                        v.as_instruction_value().ok_or_else(|| Fail::Llvm("a load without an instruction".into()))?;
                    let kind = self.cx.get_kind_id("invariant.load");
                    i.set_metadata(self.cx.metadata_node(&[]), kind).map_err(|e| Fail::Llvm(e.to_string()))?;
                }
                self.loaded_value(v, &elem)?
            }
            ParOp::Store(store) => {
                let (elem, mt, p) = self.slot(op, store.buffer(self.ir), store.index(self.ir))?;
                let v = self.to_memory(self.val(store.value(self.ir))?, mt)?;
                let st = self.b.build_store(p, v)?;
                if store.atomic(self.ir) {
                    self.atomic(Some(st), &elem, AtomicOrdering::Monotonic)?;
                }
                return Ok(());
            }
            ParOp::AtomicRmw(_) => self.atomic_rmw(op)?,
            ParOp::Cmpxchg(cas) => {
                let (elem, mt, p) = self.slot(op, cas.buffer(self.ir), cas.index(self.ir))?;
                let expected = self.to_memory(self.val(cas.expected(self.ir))?, mt)?;
                let new = self.to_memory(self.val(cas.new(self.ir))?, mt)?;
                let pair = self.b.build_cmpxchg(
                    p,
                    expected,
                    new,
                    AtomicOrdering::SequentiallyConsistent,
                    AtomicOrdering::SequentiallyConsistent,
                )?;
                let old = self.b.build_extract_value(pair, 0, "")?;
                let ok = self.b.build_extract_value(pair, 1, "")?;
                let old = self.loaded_value(old, &elem)?;
                self.fs.vals.insert(cas.old(self.ir), old);
                self.fs.vals.insert(cas.success(self.ir), ok);
                return Ok(());
            }
            ParOp::Parallel(_) => return self.parallel(op),
            ParOp::For(_) => return self.par_for(op),
            ParOp::Yield(_) => return self.terminate(op),
            ParOp::Barrier(_) => {
                if self.gpu {
                    self.call(support::GRID_SYNC, &[])?;
                } else {
                    self.call("GOMP_barrier", &[])?;
                }
                if self.fs.in_team {
                    self.profile_mark(op, Phase::Barrier)?;
                }
                return Ok(());
            }
            // A CPU thread is a block of one: nothing to wait for.
            ParOp::BlockBarrier(_) => {
                if self.gpu {
                    self.call(support::BLOCK_SYNC, &[])?;
                }
                return Ok(());
            }
            ParOp::ThreadId(_) => self.thread_index(true)?,
            ParOp::NumThreads(_) => self.thread_index(false)?,
            ParOp::SubgroupSize(_) => self.subgroup_size(),
            ParOp::SubgroupId(_) => self.subgroup_index(true)?,
            ParOp::NumSubgroups(_) => self.subgroup_index(false)?,
            ParOp::LaneId(_) => self.lane_id()?,
            ParOp::BlockSize(_) => self.block_size()?,
            ParOp::BlockId(_) => self.block_index(true)?,
            ParOp::NumBlocks(_) => self.block_index(false)?,
            ParOp::BlockThreadId(_) => self.block_thread_id()?,
            ParOp::SubgroupReduce(_) | ParOp::SubgroupScan(_) | ParOp::BlockReduce(_) | ParOp::BlockScan(_) => {
                self.collective(op)?
            }
            ParOp::SubgroupBallot(ballot) => self.ballot(ballot)?,
            ParOp::SubgroupShuffle(shuffle) => self.shuffle(shuffle)?,
            ParOp::QueueNew(new) => {
                let unique = self.cx.bool_type().const_int(u64::from(new.unique(self.ir)), false);
                self.call_value(support::QUEUE_NEW, &[self.val(new.capacity(self.ir))?, unique.into()])?
            }
            ParOp::OrderedQueueNew(new) => {
                // The device's threads send no buffered pushes on: its
                // queues are placed between rounds.
                let eager = self.cx.bool_type().const_int(u64::from(new.eager(self.ir) && !self.gpu), false).into();
                let args = [
                    self.val(new.capacity(self.ir))?,
                    self.val(new.key(self.ir))?,
                    self.val(new.delta(self.ir))?,
                    eager,
                ];
                self.call_value(support::ORDERED_QUEUE_NEW, &args)?
            }
            ParOp::QueuePush(push) => {
                let (item, q) = (self.val(push.item(self.ir))?, self.val(push.queue(self.ir))?);
                let buffered = push.buffered(self.ir);
                let claim = self.cx.bool_type().const_int(u64::from(!push.unclaimed(self.ir)), false).into();
                let buffer =
                    self.fs.push_buffers.iter().find(|(v, _, _)| *v == push.queue(self.ir)).filter(|_| buffered);
                let warp = self.gpu && self.fs.in_team && buffered;
                match buffer {
                    Some((_, buf, count)) => {
                        self.call(support::QUEUE_PUSH_LOCAL, &[q, item, claim, (*buf).into(), (*count).into()])?
                    }
                    None if warp => self.call(support::QUEUE_PUSH_WARP, &[q, item, claim])?,
                    None => self.call(support::QUEUE_PUSH, &[q, item, claim])?,
                };
                return Ok(());
            }
            ParOp::QueueClaim(claim) => {
                let (item, q) = (self.val(claim.item(self.ir))?, self.val(claim.queue(self.ir))?);
                self.call_value(support::QUEUE_CLAIM, &[q, item, self.cx.bool_type().const_all_ones().into()])?
            }
            ParOp::QueueReserve(reserve) => {
                let (q, n) = (self.val(reserve.queue(self.ir))?, self.val(reserve.count(self.ir))?);
                self.call_value(support::QUEUE_RESERVE, &[q, n])?
            }
            ParOp::QueuePut(put) => {
                let (q, at) = (self.val(put.queue(self.ir))?, self.val(put.place(self.ir))?);
                self.call(support::QUEUE_PUT, &[q, at, self.val(put.item(self.ir))?])?;
                return Ok(());
            }
            ParOp::QueueSize(size) => self.call_value(support::QUEUE_SIZE, &[self.val(size.queue(self.ir))?])?,
            ParOp::QueueItems(items) => self.call_value(support::QUEUE_ITEMS, &[self.val(items.queue(self.ir))?])?,
            ParOp::QueueAdvance(advance) => {
                self.call_value(support::QUEUE_ADVANCE, &[self.val(advance.queue(self.ir))?])?
            }
            ParOp::QueueTakeOwn(take) => {
                let q = take.queue(self.ir);
                // This thread's buffered pushes are placed first: some may
                // be in the current bucket.
                for (_, buf, count) in self.fs.push_buffers.iter().filter(|(v, _, _)| *v == q) {
                    self.call(support::QUEUE_FLUSH, &[self.val(q)?, (*buf).into(), (*count).into()])?;
                }
                self.call_value(support::ORDERED_TAKE_OWN, &[self.val(q)?, self.val(take.limit(self.ir))?])?
            }
            ParOp::QueueOwnItems(own) => {
                self.call_value(support::ORDERED_OWN_ITEMS, &[self.val(own.queue(self.ir))?])?
            }
        };
        self.set_result(op, 0, v);
        Ok(())
    }

    /// `par.shared {size}`: on the GPU an array in the block's shared
    /// memory (a global of address space 3, one per operation), reached
    /// through a generic pointer; on the CPU, where a thread is a block of
    /// one, an array on its stack.
    fn shared(&mut self, op: OpId) -> R<()> {
        let s = par::Shared(op);
        let elem = buf_element(self.ir.value_type(s.buffer(self.ir))).unwrap_or(Type::i64());
        let (Some(mt), Some(bytes)) = (memory_type(self.cx, &elem), element_bytes(&elem)) else {
            return self.error(op, format!("cannot emit buffers of {elem} as LLVM IR"));
        };
        let n = s.size(self.ir).max(1);
        let array = mt.array_type(n as u32);
        let p = if self.gpu {
            if (n as u64).saturating_mul(bytes as u64) > SHARED_BYTES {
                return self.error(op, format!("{n} elements of {elem} exceed the {SHARED_BYTES} bytes of a block's shared memory this backend gives 'par.shared'"));
            }
            // LLVM numbers the globals of the same name apart.
            let g = self.m.add_global(array, Some(AddressSpace::from(3u16)), support::emitted::SHARED);
            g.set_linkage(Linkage::Internal);
            g.set_initializer(&array.get_undef());
            let generic = self.cx.ptr_type(AddressSpace::default());
            self.b.build_address_space_cast(g.as_pointer_value(), generic, "")?
        } else {
            self.entry_alloca(array.into())?
        };
        self.set_result(op, 0, p.into());
        Ok(())
    }

    /// Sends this thread's buffered pushes to their queues.
    pub(crate) fn flush_pushes(&self) -> R<()> {
        for (q, buf, count) in &self.fs.push_buffers {
            self.call(support::QUEUE_FLUSH, &[self.val(*q)?, (*buf).into(), (*count).into()])?;
        }
        Ok(())
    }

    /// `par.atomic_rmw`: integers by LLVM's `atomicrmw` (on the GPU a
    /// `grouped` add by `strata.atomic_add_*_grouped`: one atomic for the
    /// warp's lanes that add alike), a float `add` by
    /// the run-time support's `strata.atomic_fadd_*` (the GPU's native
    /// float add; `grouped`, summed over the warp's lanes that add to the
    /// same element first: one atomic per warp), other floats and integer `mul` by a compare-and-swap
    /// loop (on a float's bits). `min`,
    /// `max`, `and` and `or` that would not change the element only read it.
    fn atomic_rmw(&mut self, op: OpId) -> R<BasicValueEnum<'c>> {
        let rmw = par::AtomicRmw(op);
        let (elem, mt, p) = self.slot(op, rmw.buffer(self.ir), rmw.index(self.ir))?;
        // Booleans multiply as they are and-ed (and are stored as 0 or -1).
        let kind = match rmw.kind(self.ir) {
            RmwKind::Mul if elem == Type::i1() => RmwKind::And,
            k => k,
        };
        let x = self.to_memory(self.val(rmw.value(self.ir))?, mt)?;
        let seq = AtomicOrdering::SequentiallyConsistent;
        if let (BasicValueEnum::IntValue(x), RmwKind::Mul) = (x, kind) {
            let old = self.cas_loop(p, &elem, x.get_type(), |old| Ok(self.b.build_int_mul(old, x, "")?))?;
            return self.loaded_value(old.into(), &elem);
        }
        if let BasicValueEnum::IntValue(x) = x {
            let bin = match kind {
                RmwKind::Mul => unreachable!("multiplied above"),
                RmwKind::Add => AtomicRMWBinOp::Add,
                RmwKind::Min => AtomicRMWBinOp::Min,
                RmwKind::Max => AtomicRMWBinOp::Max,
                RmwKind::And => AtomicRMWBinOp::And,
                RmwKind::Or => AtomicRMWBinOp::Or,
                RmwKind::Xchg => AtomicRMWBinOp::Xchg,
            };
            if !matches!(kind, RmwKind::Min | RmwKind::Max | RmwKind::And | RmwKind::Or) {
                // NVPTX emits atomicrmw relaxed; an exchange (which releases
                // locks) must not pass the accesses before it.
                if self.gpu && kind == RmwKind::Xchg {
                    self.call(support::FENCE, &[])?;
                }
                let width = x.get_type().get_bit_width();
                if self.gpu && kind == RmwKind::Add && rmw.grouped(self.ir) && matches!(width, 32 | 64) {
                    let add =
                        if width == 32 { support::ATOMIC_ADD_I32_GROUPED } else { support::ATOMIC_ADD_I64_GROUPED };
                    let old = self.call_value(add, &[p.into(), x.into()])?;
                    return self.loaded_value(old, &elem);
                }
                let old = self.b.build_atomicrmw(bin, p, x, seq)?;
                return self.loaded_value(old.into(), &elem);
            }
            // Read first; an operation that would leave the element as it is
            // is only that read (no write, so no contention for the line).
            let seen = self.b.build_load(x.get_type(), p, "")?;
            self.atomic(seen.as_instruction_value(), &elem, AtomicOrdering::Monotonic)?;
            let seen = seen.into_int_value();
            let changes = match kind {
                RmwKind::Min => self.b.build_int_compare(IntPredicate::SLT, x, seen, "")?,
                RmwKind::Max => self.b.build_int_compare(IntPredicate::SGT, x, seen, "")?,
                RmwKind::And => self.b.build_int_compare(IntPredicate::NE, self.b.build_and(seen, x, "")?, seen, "")?,
                _ => self.b.build_int_compare(IntPredicate::NE, self.b.build_or(seen, x, "")?, seen, "")?,
            };
            let pre = self.current();
            let (write, done) = (self.block("rmw.write"), self.block("rmw.done"));
            let old = self.phis(done, &[x.get_type().into()])?[0];
            old.add_incoming(&[(&seen, pre)]);
            self.b.build_conditional_branch(changes, write, done)?;
            self.b.position_at_end(write);
            let r = self.b.build_atomicrmw(bin, p, x, seq)?;
            old.add_incoming(&[(&r, write)]);
            self.b.build_unconditional_branch(done)?;
            self.b.position_at_end(done);
            return self.loaded_value(old.as_basic_value(), &elem);
        }
        let ft = mt.into_float_type();
        let single = element_bytes(&elem) == Some(4);
        if kind == RmwKind::Add {
            let add = match (single, self.gpu && rmw.grouped(self.ir)) {
                (true, false) => support::ATOMIC_FADD_F32,
                (false, false) => support::ATOMIC_FADD_F64,
                (true, true) => support::ATOMIC_FADD_F32_GROUPED,
                (false, true) => support::ATOMIC_FADD_F64_GROUPED,
            };
            return self.call_value(add, &[p.into(), x]);
        }
        let bits_t = if single { self.cx.i32_type() } else { self.cx.i64_type() };
        let x = x.into_float_value();
        let old = self.cas_loop(p, &elem, bits_t, |old_bits| {
            let old_f = self.b.build_bit_cast(old_bits, ft, "")?.into_float_value();
            let new_f: BasicValueEnum<'c> = match kind {
                RmwKind::Add => self.b.build_float_add(old_f, x, "")?.into(),
                RmwKind::Mul => self.b.build_float_mul(old_f, x, "")?.into(),
                RmwKind::Min => self.intrinsic("llvm.minnum", ft.into(), &[old_f.into(), x.into()])?,
                RmwKind::Max => self.intrinsic("llvm.maxnum", ft.into(), &[old_f.into(), x.into()])?,
                RmwKind::Xchg => x.into(),
                k => return self.error(op, format!("atomic '{k}' is not defined on floats")),
            };
            Ok(self.b.build_bit_cast(new_f, bits_t, "")?.into_int_value())
        })?;
        Ok(self.b.build_bit_cast(old, ft, "")?)
    }

    /// A compare-and-swap loop on element `p` (of `elem`, accessed as the
    /// integer type `bits_t`) that stores `f(old)`; returns the old value.
    /// Nothing is written where `f(old)` has the same bits as `old` (a
    /// minimum that loses, adding zero): the loop then only reads.
    fn cas_loop(
        &self,
        p: PointerValue<'c>,
        elem: &Type,
        bits_t: IntType<'c>,
        f: impl FnOnce(IntValue<'c>) -> R<IntValue<'c>>,
    ) -> R<IntValue<'c>> {
        let seq = AtomicOrdering::SequentiallyConsistent;
        let first = self.b.build_load(bits_t, p, "")?;
        self.atomic(first.as_instruction_value(), elem, AtomicOrdering::Monotonic)?;
        let pre = self.current();
        let (retry, done) = (self.block("cas.loop"), self.block("cas.done"));
        let old = self.phis(retry, &[bits_t.into()])?[0];
        old.add_incoming(&[(&first, pre)]);
        self.b.build_unconditional_branch(retry)?;
        self.b.position_at_end(retry);
        let old_bits = old.as_basic_value().into_int_value();
        let new_bits = f(old_bits)?;
        let same = self.b.build_int_compare(IntPredicate::EQ, new_bits, old_bits, "")?;
        let swap = self.block("cas.swap");
        self.b.build_conditional_branch(same, done, swap)?;
        self.b.position_at_end(swap);
        let pair = self.b.build_cmpxchg(p, old_bits, new_bits, seq, seq)?;
        let seen = self.b.build_extract_value(pair, 0, "")?;
        let ok = self.b.build_extract_value(pair, 1, "")?.into_int_value();
        old.add_incoming(&[(&seen, swap)]);
        self.b.build_conditional_branch(ok, done, retry)?;
        self.b.position_at_end(done);
        Ok(old_bits)
    }
}
