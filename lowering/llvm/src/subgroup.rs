//! Subgroups and blocks: `par.subgroup_size`, `par.subgroup_id`,
//! `par.num_subgroups`, `par.lane_id`, `par.subgroup_reduce`,
//! `par.subgroup_ballot` (`vote.ballot.sync`; on the CPU the vote as bit 0),
//! `par.subgroup_shuffle` (`shfl.sync.idx`; on the CPU the value), and the same
//! for blocks (`par.block_size`, `par.block_id`, `par.num_blocks`,
//! `par.block_thread_id`, `par.block_reduce`), and exclusive scans
//! (`par.subgroup_scan`, `par.block_scan`). On the GPU a subgroup is a warp
//! of 32 lanes (a team's size is a multiple of 32: whole blocks) and a
//! reduction is a butterfly of five `shfl.sync.bfly` steps over the whole
//! warp (the verifier keeps it out of code divergent within the warp). On
//! the CPU each thread is a subgroup of its own: its lane is 0 and a
//! reduction is the value itself. A GPU block is the launch's block of
//! `GPU_BLOCK_THREADS` threads, whose reduction combines its warps' through
//! shared memory between two barriers of the block; a CPU thread is a block
//! of its own.

use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::IntPredicate;
use strata_abi::support;
use strata_abi::GPU_BLOCK_THREADS;
use strata_ir::{Attribute, OpId};
use strata_par_dialect::op as par;
use strata_par_dialect::view::{self, RmwKind};

use crate::emitter::{Emitter, Fail, R};

/// The lanes of a GPU warp.
const WARP: u64 = 32;

impl<'a, 'c> Emitter<'a, 'c> {
    /// `par.subgroup_size`: a warp on the GPU, one thread on the CPU.
    pub(crate) fn subgroup_size(&self) -> BasicValueEnum<'c> {
        self.cx.i64_type().const_int(if self.gpu { WARP } else { 1 }, false).into()
    }

    /// `par.lane_id`: the thread's lane in its warp; 0 on the CPU.
    pub(crate) fn lane_id(&self) -> R<BasicValueEnum<'c>> {
        let i64t = self.cx.i64_type();
        Ok(if self.gpu { self.b.build_int_z_extend(self.lane()?, i64t, "")?.into() } else { i64t.const_zero().into() })
    }

    /// `par.subgroup_id` (`id`) or `par.num_subgroups`: the thread's warp
    /// or the team's warps; on the CPU, where a thread is a subgroup, the
    /// thread's number or the team's size.
    pub(crate) fn subgroup_index(&self, id: bool) -> R<BasicValueEnum<'c>> {
        let n = self.thread_index(id)?;
        if !self.gpu {
            return Ok(n);
        }
        let shift = self.cx.i64_type().const_int(WARP.trailing_zeros().into(), false);
        Ok(self.b.build_right_shift(n.into_int_value(), shift, false, "")?.into())
    }

    /// The thread's number (`id`) or the team's size from the OpenMP
    /// runtime, as an `i64`.
    fn omp_index(&self, id: bool) -> R<BasicValueEnum<'c>> {
        let f = if id { "omp_get_thread_num" } else { "omp_get_num_threads" };
        let n = self.call_value(f, &[])?.into_int_value();
        Ok(self.b.build_int_z_extend(n, self.cx.i64_type(), "")?.into())
    }

    /// `par.block_size`: the launch's block on the GPU, one thread on the CPU.
    pub(crate) fn block_size(&self) -> R<BasicValueEnum<'c>> {
        if self.gpu {
            return self.call_value(support::GPU_BLOCK_SIZE, &[]);
        }
        Ok(self.cx.i64_type().const_int(1, false).into())
    }

    /// `par.block_thread_id`: the thread's number in its block; 0 on the CPU.
    pub(crate) fn block_thread_id(&self) -> R<BasicValueEnum<'c>> {
        if self.gpu {
            return self.call_value(support::GPU_BLOCK_THREAD_ID, &[]);
        }
        Ok(self.cx.i64_type().const_zero().into())
    }

    /// `par.block_id` (`id`) or `par.num_blocks`; on the CPU, where a
    /// thread is a block, the thread's number or the team's size.
    pub(crate) fn block_index(&self, id: bool) -> R<BasicValueEnum<'c>> {
        if self.gpu {
            return self.call_value(if id { support::GPU_BLOCK_ID } else { support::GPU_NUM_BLOCKS }, &[]);
        }
        self.omp_index(id)
    }

    /// `par.thread_id` (`id`) or `par.num_threads`.
    pub(crate) fn thread_index(&self, id: bool) -> R<BasicValueEnum<'c>> {
        if self.gpu {
            return self.call_value(if id { support::GPU_THREAD_ID } else { support::GPU_NUM_THREADS }, &[]);
        }
        self.omp_index(id)
    }

    /// `par.subgroup_ballot`: the warp's votes (`vote.ballot.sync`); on
    /// the CPU the thread's own vote as bit 0.
    pub(crate) fn ballot(&self, ballot: par::SubgroupBallot) -> R<BasicValueEnum<'c>> {
        let vote = self.val(ballot.value(self.ir))?.into_int_value();
        let mask = if self.gpu {
            let all = self.cx.i32_type().const_all_ones().into();
            self.call_value("llvm.nvvm.vote.ballot.sync", &[all, vote.into()])?.into_int_value()
        } else {
            vote
        };
        Ok(self.b.build_int_z_extend(mask, self.cx.i64_type(), "")?.into())
    }

    /// `par.subgroup_shuffle`: the value of another lane (`shfl.sync.idx`);
    /// a CPU thread takes its own value (lane 0 of a subgroup of one).
    pub(crate) fn shuffle(&self, shuffle: par::SubgroupShuffle) -> R<BasicValueEnum<'c>> {
        let x = self.val(shuffle.value(self.ir))?;
        if !self.gpu {
            return Ok(x);
        }
        let lane = self.val(shuffle.lane(self.ir))?.into_int_value();
        let lane = self.b.build_int_truncate(lane, self.cx.i32_type(), "")?;
        let args = [
            self.cx.i32_type().const_all_ones().into(),
            self.to_bits(x)?.into(),
            lane.into(),
            self.cx.bool_type().const_zero().into(),
        ];
        let got = self.call_value(support::SHFL_I64, &args)?.into_int_value();
        self.bits_as(got, x)
    }

    /// A subgroup or block collective `op` (`par.subgroup_reduce`,
    /// `par.subgroup_scan`, `par.block_reduce`, `par.block_scan`). On the
    /// CPU a thread is alone in its group: its own value, or before it the
    /// kind's neutral one. On the GPU the warp's butterfly (every lane
    /// combines its value with its partner's at distances 16, 8, 4, 2, 1,
    /// moved as 64 bits) or inclusive scan moved up a lane; for a block,
    /// between two barriers of the block one lane of each warp puts the
    /// warp's whole value in the warp's shared slot (a reduction's first
    /// lane, a scan's last) and every thread combines the slots (a scan:
    /// those of the warps before its own, then its warp's scan).
    pub(crate) fn collective(&mut self, op: OpId) -> R<BasicValueEnum<'c>> {
        let Some(c) = view::Collective::of(self.ir, op) else {
            return Err(Fail::Llvm(format!("'{}' is not a collective", self.ir.op_name(op))));
        };
        let x = self.val(self.ir.operand(op, 0))?;
        let zero = if c.scan { self.neutral(op, c.kind, x)? } else { x };
        if !self.gpu {
            return Ok(zero);
        }
        let (mine, whole) = if c.scan {
            self.warp_scan(c.kind, x, zero)?
        } else {
            let all = self.warp_reduce(c.kind, x)?;
            (all, all)
        };
        if c.group == view::Group::Subgroup {
            return Ok(mine);
        }
        let lane = self.lane()?;
        let putter = lane.get_type().const_int(if c.scan { WARP - 1 } else { 0 }, false);
        let puts = self.b.build_int_compare(IntPredicate::EQ, lane, putter, "")?;
        let bits = self.to_bits(whole)?;
        self.call(support::BLOCK_PUT, &[bits.into(), puts.into()])?;
        let t = self.call_value(support::GPU_BLOCK_THREAD_ID, &[])?.into_int_value();
        let warp =
            self.b.build_right_shift(t, t.get_type().const_int(WARP.trailing_zeros().into(), false), false, "")?;
        let i32t = self.cx.i32_type();
        let mut acc = zero;
        for w in 0..u64::from(GPU_BLOCK_THREADS) / WARP {
            let slot = self.call_value(support::BLOCK_SLOT, &[i32t.const_int(w, false).into()])?.into_int_value();
            let v = self.bits_as(slot, x)?;
            acc = match (c.scan, w) {
                (false, 0) => v,
                (false, _) => self.combine(c.kind, acc, v)?,
                (true, _) => {
                    let with = self.combine(c.kind, acc, v)?;
                    let earlier =
                        self.b.build_int_compare(IntPredicate::ULT, t.get_type().const_int(w, false), warp, "")?;
                    self.b.build_select(earlier, with, acc, "")?
                }
            };
        }
        self.call(support::BLOCK_SYNC, &[])?;
        if c.scan {
            return self.combine(c.kind, acc, mine);
        }
        Ok(acc)
    }

    /// `x` combined by `kind` over the warp, on every lane.
    fn warp_reduce(&mut self, kind: RmwKind, x: BasicValueEnum<'c>) -> R<BasicValueEnum<'c>> {
        let i32t = self.cx.i32_type();
        let mut acc = x;
        for d in [16, 8, 4, 2, 1] {
            let args = [
                i32t.const_all_ones().into(),
                self.to_bits(acc)?.into(),
                i32t.const_int(d, false).into(),
                self.cx.bool_type().const_all_ones().into(),
            ];
            let got = self.call_value(support::SHFL_I64, &args)?.into_int_value();
            let other = self.bits_as(got, acc)?;
            acc = self.combine(kind, acc, other)?;
        }
        Ok(acc)
    }

    /// The integer type of a float's width.
    fn float_bits(&self, f: inkwell::values::FloatValue<'c>) -> inkwell::types::IntType<'c> {
        if f.get_type().get_bit_width() == 32 {
            self.cx.i32_type()
        } else {
            self.cx.i64_type()
        }
    }

    /// The warp's exclusive and inclusive scans of `x` by `kind` (`zero`:
    /// the kind's neutral value).
    fn warp_scan(
        &mut self,
        kind: RmwKind,
        x: BasicValueEnum<'c>,
        zero: BasicValueEnum<'c>,
    ) -> R<(BasicValueEnum<'c>, BasicValueEnum<'c>)> {
        let lane = self.lane()?;
        let mut acc = x;
        for d in [1, 2, 4, 8, 16] {
            let (has, got) = self.value_lanes_before(lane, d, acc)?;
            let with = self.combine(kind, got, acc)?;
            acc = self.b.build_select(has, with, acc, "")?;
        }
        let (has, got) = self.value_lanes_before(lane, 1, acc)?;
        Ok((self.b.build_select(has, got, zero, "")?, acc))
    }

    /// Whether this lane has one `d` before it, and that lane's `x`.
    fn value_lanes_before(
        &mut self,
        lane: IntValue<'c>,
        d: u64,
        x: BasicValueEnum<'c>,
    ) -> R<(IntValue<'c>, BasicValueEnum<'c>)> {
        let i32t = self.cx.i32_type();
        let d = i32t.const_int(d, false);
        let has = self.b.build_int_compare(IntPredicate::UGE, lane, d, "")?;
        let before = self.b.build_int_sub(lane, d, "")?;
        let from = self.b.build_select(has, before, lane, "")?;
        let args =
            [i32t.const_all_ones().into(), self.to_bits(x)?.into(), from, self.cx.bool_type().const_zero().into()];
        let got = self.call_value(support::SHFL_I64, &args)?.into_int_value();
        Ok((has, self.bits_as(got, x)?))
    }

    /// This thread's lane in its warp, as `i32`.
    fn lane(&self) -> R<IntValue<'c>> {
        Ok(self.call_value("llvm.nvvm.read.ptx.sreg.laneid", &[])?.into_int_value())
    }

    /// The neutral value of `kind` of `like`'s type (`op`'s operand).
    fn neutral(&self, op: OpId, kind: RmwKind, like: BasicValueEnum<'c>) -> R<BasicValueEnum<'c>> {
        let t = self.ir.value_type(self.ir.operand(op, 0));
        let Some(n) = kind.neutral(t) else { return Err(Fail::Llvm("'xchg' does not combine values".into())) };
        Ok(match (n, like) {
            (Attribute::Float(f), BasicValueEnum::FloatValue(v)) => v.get_type().const_float(f.value()).into(),
            (Attribute::Bool(b), BasicValueEnum::IntValue(v)) => v.get_type().const_int(u64::from(b), false).into(),
            (Attribute::Integer { value, .. }, BasicValueEnum::IntValue(v)) => {
                v.get_type().const_int(value as u64, true).into()
            }
            _ => return Err(Fail::Llvm("a scan of a value that is neither an integer nor a float".into())),
        })
    }

    /// The bits of an integer or float `x`, as 64 bits.
    fn to_bits(&self, x: BasicValueEnum<'c>) -> R<IntValue<'c>> {
        let i64t = self.cx.i64_type();
        Ok(match x {
            BasicValueEnum::FloatValue(f) => {
                let width = self.float_bits(f);
                let raw = self.b.build_bit_cast(f, width, "")?.into_int_value();
                self.b.build_int_z_extend_or_bit_cast(raw, i64t, "")?
            }
            BasicValueEnum::IntValue(i) => self.b.build_int_z_extend_or_bit_cast(i, i64t, "")?,
            _ => {
                return Err(Fail::Llvm(
                    "a collective reduction of a value that is neither an integer nor a float".into(),
                ))
            }
        })
    }

    /// The value of `like`'s type whose bits `bits` holds (`to_bits` undone).
    fn bits_as(&self, bits: IntValue<'c>, like: BasicValueEnum<'c>) -> R<BasicValueEnum<'c>> {
        Ok(match like {
            BasicValueEnum::FloatValue(f) => {
                let width = self.float_bits(f);
                let raw = self.b.build_int_truncate_or_bit_cast(bits, width, "")?;
                self.b.build_bit_cast(raw, f.get_type(), "")?
            }
            BasicValueEnum::IntValue(i) => self.b.build_int_truncate_or_bit_cast(bits, i.get_type(), "")?.into(),
            _ => {
                return Err(Fail::Llvm(
                    "a collective reduction of a value that is neither an integer nor a float".into(),
                ))
            }
        })
    }

    /// `a` and `b` combined by `kind` (`min`/`max` signed on integers; `mul`
    /// on `i1` is `and`).
    fn combine(&self, kind: RmwKind, a: BasicValueEnum<'c>, b: BasicValueEnum<'c>) -> R<BasicValueEnum<'c>> {
        Ok(match (a, b) {
            (BasicValueEnum::FloatValue(x), BasicValueEnum::FloatValue(y)) => match kind {
                RmwKind::Add => self.b.build_float_add(x, y, "")?.into(),
                RmwKind::Mul => self.b.build_float_mul(x, y, "")?.into(),
                RmwKind::Min => self.intrinsic("llvm.minnum", x.get_type().into(), &[a, b])?,
                RmwKind::Max => self.intrinsic("llvm.maxnum", x.get_type().into(), &[a, b])?,
                k => return Err(Fail::Llvm(format!("'{k}' does not combine floats"))),
            },
            (BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => match kind {
                RmwKind::Add => self.b.build_int_add(x, y, "")?.into(),
                RmwKind::Mul if x.get_type().get_bit_width() == 1 => self.b.build_and(x, y, "")?.into(),
                RmwKind::Mul => self.b.build_int_mul(x, y, "")?.into(),
                RmwKind::And => self.b.build_and(x, y, "")?.into(),
                RmwKind::Or => self.b.build_or(x, y, "")?.into(),
                RmwKind::Min | RmwKind::Max => {
                    let p = if kind == RmwKind::Min { IntPredicate::SLT } else { IntPredicate::SGT };
                    let keep = self.b.build_int_compare(p, x, y, "")?;
                    self.b.build_select(keep, x, y, "")?
                }
                RmwKind::Xchg => return Err(Fail::Llvm("'xchg' does not combine values".into())),
            },
            _ => return Err(Fail::Llvm("par.subgroup_reduce of mismatched values".into())),
        })
    }
}
