//! `arith` operations. MLIR's and LLVM's integer and float semantics agree
//! (wrapping arithmetic; division by zero and over-wide shifts undefined),
//! so most operations map one to one; the rounding divisions are expanded.

use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use strata_abi::support;
use strata_ir::OpName;
use strata_ir::{Attribute, OpId};
use strata_std::arith::op::{self as arith, ArithOp};
use strata_std::arith::{rounding_mode, ROUNDING_MODES};
use strata_std::arith::{CmpfPredicate, CmpiPredicate};
use strata_std::arith_fold::{unconvertible_message, undefined_message, wrap_message};
use strata_std::arith_view::overflow_flags;

use crate::emitter::{Emitter, Fail, R};

/// LLVM's predicate of an `arith.cmpi` predicate.
fn int_predicate(p: CmpiPredicate) -> IntPredicate {
    match p {
        CmpiPredicate::Eq => IntPredicate::EQ,
        CmpiPredicate::Ne => IntPredicate::NE,
        CmpiPredicate::Slt => IntPredicate::SLT,
        CmpiPredicate::Sle => IntPredicate::SLE,
        CmpiPredicate::Sgt => IntPredicate::SGT,
        CmpiPredicate::Sge => IntPredicate::SGE,
        CmpiPredicate::Ult => IntPredicate::ULT,
        CmpiPredicate::Ule => IntPredicate::ULE,
        CmpiPredicate::Ugt => IntPredicate::UGT,
        CmpiPredicate::Uge => IntPredicate::UGE,
    }
}

/// LLVM's predicate of an `arith.cmpf` predicate.
fn float_predicate(p: CmpfPredicate) -> FloatPredicate {
    match p {
        CmpfPredicate::AlwaysFalse => FloatPredicate::PredicateFalse,
        CmpfPredicate::Oeq => FloatPredicate::OEQ,
        CmpfPredicate::Ogt => FloatPredicate::OGT,
        CmpfPredicate::Oge => FloatPredicate::OGE,
        CmpfPredicate::Olt => FloatPredicate::OLT,
        CmpfPredicate::Ole => FloatPredicate::OLE,
        CmpfPredicate::One => FloatPredicate::ONE,
        CmpfPredicate::Ord => FloatPredicate::ORD,
        CmpfPredicate::Ueq => FloatPredicate::UEQ,
        CmpfPredicate::Ugt => FloatPredicate::UGT,
        CmpfPredicate::Uge => FloatPredicate::UGE,
        CmpfPredicate::Ult => FloatPredicate::ULT,
        CmpfPredicate::Ule => FloatPredicate::ULE,
        CmpfPredicate::Une => FloatPredicate::UNE,
        CmpfPredicate::Uno => FloatPredicate::UNO,
        CmpfPredicate::AlwaysTrue => FloatPredicate::PredicateTrue,
    }
}

impl<'a, 'c> Emitter<'a, 'c> {
    /// `addui_extended` (the sum, and whether it is below an operand: a
    /// carry) and the extended products (computed at twice the width, then
    /// split).
    fn extended(&self, name: OpName, a: IntValue<'c>, b: IntValue<'c>) -> R<(IntValue<'c>, IntValue<'c>)> {
        let bld = &self.b;
        if name == arith::ADDUI_EXTENDED {
            let sum = bld.build_int_add(a, b, "")?;
            let carry = bld.build_int_compare(IntPredicate::ULT, sum, a, "")?;
            return Ok((sum, carry));
        }
        let t = a.get_type();
        let wide = std::num::NonZeroU32::new(2 * t.get_bit_width())
            .and_then(|w| self.cx.custom_width_int_type(w).ok())
            .ok_or_else(|| Fail::Llvm(format!("no integer type twice as wide as {t}")))?;
        let signed = name == arith::MULSI_EXTENDED;
        let extend = |v: IntValue<'c>| {
            if signed {
                bld.build_int_s_extend(v, wide, "")
            } else {
                bld.build_int_z_extend(v, wide, "")
            }
        };
        let full = bld.build_int_mul(extend(a)?, extend(b)?, "")?;
        let shift = wide.const_int(u64::from(t.get_bit_width()), false);
        let high = bld.build_right_shift(full, shift, signed, "")?;
        Ok((bld.build_int_truncate(full, t, "")?, bld.build_int_truncate(high, t, "")?))
    }

    /// Calls an overloaded LLVM intrinsic on values of type `t`.
    pub(crate) fn intrinsic(
        &self,
        name: &str,
        t: BasicTypeEnum<'c>,
        args: &[BasicValueEnum<'c>],
    ) -> R<BasicValueEnum<'c>> {
        let Some(i) = inkwell::intrinsics::Intrinsic::find(name) else {
            return Err(Fail::Llvm(format!("no intrinsic {name}")));
        };
        let Some(f) = i.get_declaration(&self.m, &[t]) else {
            return Err(Fail::Llvm(format!("cannot declare {name}")));
        };
        let args: Vec<_> = args.iter().map(|a| (*a).into()).collect();
        match self.b.build_call(f, &args, "")?.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => Ok(v),
            _ => Err(Fail::Llvm(format!("{name} returns nothing"))),
        }
    }

    /// The value of an `arith.constant`.
    pub(crate) fn constant(&mut self, op: OpId) -> R<BasicValueEnum<'c>> {
        let t = self.lower_type(op, self.ir.value_type(self.ir.result(op, 0)))?;
        Ok(match Some(&strata_std::arith::op::Constant(op).value(self.ir)) {
            Some(Attribute::Integer { value, .. }) => {
                let it = t.into_int_type();
                if it.get_bit_width() <= 64 {
                    it.const_int(*value as u64, true).into()
                } else {
                    let v = *value as u128;
                    it.const_int_arbitrary_precision(&[v as u64, (v >> 64) as u64]).into()
                }
            }
            Some(Attribute::Bool(b)) => t.into_int_type().const_int(u64::from(*b), false).into(),
            Some(Attribute::Float(f)) => t.into_float_type().const_float(f.value()).into(),
            _ => return self.error(op, "cannot emit this constant as LLVM IR (only integer and float scalars)"),
        })
    }

    /// An `addi`, `subi` or `muli` of scalars up to 64 bits whose overflow
    /// flags forbid a wrap: the operation with LLVM's overflow intrinsics,
    /// and where a forbidden wrap happens, the interpreter's located message
    /// with both operands. `None` for any other operation.
    fn checked_arith(&mut self, op: OpId, name: OpName, ops: &[BasicValueEnum<'c>]) -> R<Option<BasicValueEnum<'c>>> {
        let flags = overflow_flags(self.ir, op);
        let (Some(BasicValueEnum::IntValue(a)), Some(BasicValueEnum::IntValue(b))) = (ops.first(), ops.get(1)) else {
            return Ok(None);
        };
        let (a, b) = (*a, *b);
        let t = a.get_type();
        if !flags.any() || t.get_bit_width() > 64 || !matches!(name, arith::ADDI | arith::SUBI | arith::MULI) {
            return Ok(None);
        }
        let what = match name {
            arith::ADDI => "add",
            arith::SUBI => "sub",
            _ => "mul",
        };
        let mut result = None;
        for (kind, set, sign) in [("signed", flags.nsw, 's'), ("unsigned", flags.nuw, 'u')] {
            if !set {
                continue;
            }
            let pair = self.intrinsic(&format!("llvm.{sign}{what}.with.overflow"), t.into(), &[a.into(), b.into()])?;
            let pair = pair.into_struct_value();
            let value = self.b.build_extract_value(pair, 0, "")?;
            let wrapped = self.b.build_extract_value(pair, 1, "")?.into_int_value();
            let signed = kind == "signed";
            let conv = if signed { "%lld" } else { "%llu" };
            self.stop_if(op, wrapped, "wrap", &wrap_message(name, kind, conv, conv), (a, b, signed))?;
            result = Some(value);
        }
        Ok(result)
    }

    /// A shift of a scalar up to 64 bits by its width or more (or by a
    /// negative amount) is undefined: the program stops there with the
    /// interpreter's message instead of computing whatever the machine's
    /// shift gives. Constant amounts fold the check away.
    fn check_shift(&mut self, op: OpId, name: OpName, ops: &[BasicValueEnum<'c>]) -> R<()> {
        if !matches!(name, arith::SHLI | arith::SHRSI | arith::SHRUI) {
            return Ok(());
        }
        let (Some(BasicValueEnum::IntValue(a)), Some(BasicValueEnum::IntValue(b))) = (ops.first(), ops.get(1)) else {
            return Ok(());
        };
        let (a, b) = (*a, *b);
        let t = a.get_type();
        if t.get_bit_width() > 64 {
            return Ok(());
        }
        let width = t.const_int(u64::from(t.get_bit_width()), false);
        let too_far = self.b.build_int_compare(IntPredicate::UGE, b, width, "")?;
        self.stop_if(op, too_far, "shift", &undefined_message(name, "%lld", "%lld"), (a, b, true))
    }

    /// A division or remainder by zero, or a signed one of the type's
    /// minimum by -1, of scalars up to 64 bits is undefined: the program
    /// stops there with the interpreter's message instead of trapping, or
    /// taking whatever LLVM folds a constant case to. Constant divisors
    /// fold the check away.
    fn check_division(&mut self, op: OpId, name: OpName, ops: &[BasicValueEnum<'c>]) -> R<()> {
        let signed = match name {
            arith::DIVSI | arith::REMSI | arith::CEILDIVSI | arith::FLOORDIVSI => true,
            arith::DIVUI | arith::REMUI | arith::CEILDIVUI => false,
            _ => return Ok(()),
        };
        let (Some(BasicValueEnum::IntValue(a)), Some(BasicValueEnum::IntValue(b))) = (ops.first(), ops.get(1)) else {
            return Ok(());
        };
        let (a, b) = (*a, *b);
        let t = a.get_type();
        let width = t.get_bit_width();
        if width > 64 {
            return Ok(());
        }
        let bd = &self.b;
        let mut undefined = bd.build_int_compare(IntPredicate::EQ, b, t.const_zero(), "")?;
        if signed {
            let min = t.const_int(1u64 << (width - 1), false);
            let is_min = bd.build_int_compare(IntPredicate::EQ, a, min, "")?;
            let minus_one = bd.build_int_compare(IntPredicate::EQ, b, t.const_all_ones(), "")?;
            let overflow = bd.build_and(is_min, minus_one, "")?;
            undefined = bd.build_or(undefined, overflow, "")?;
        }
        // Both numbers as the interpreter prints them: signed.
        self.stop_if(op, undefined, "div", &undefined_message(name, "%lld", "%lld"), (a, b, true))
    }

    /// Stops the program where `stops` holds, at `op`, with `message` (a
    /// printf format of two 64-bit conversions, `%lld` or `%llu`) of the
    /// operands `a` and `b`, widened to 64 bits as `signed` says; code
    /// goes on after it where `stops` does not hold. `what` names the
    /// blocks.
    fn stop_if(
        &mut self,
        op: OpId,
        stops: IntValue<'c>,
        what: &str,
        message: &str,
        (a, b, signed): (IntValue<'c>, IntValue<'c>, bool),
    ) -> R<()> {
        let (ok, fail) = (self.block(&format!("{what}.ok")), self.block(&format!("{what}.fail")));
        self.b.build_conditional_branch(stops, fail, ok)?;
        self.b.position_at_end(fail);
        let i64t = self.cx.i64_type();
        let widen = |v: IntValue<'c>| {
            if signed {
                self.b.build_int_s_extend_or_bit_cast(v, i64t, "")
            } else {
                self.b.build_int_z_extend_or_bit_cast(v, i64t, "")
            }
        };
        let (wa, wb) = (widen(a)?, widen(b)?);
        let at = self.ir.op_loc(op).short().replace('%', "%%");
        let text = format!("{at}: error: {message}\n");
        let fmt = self.b.build_global_string_ptr(&text, "")?;
        self.call(support::FAIL_VALUES, &[fmt.as_pointer_value().into(), wa.into(), wb.into()])?;
        self.b.build_unreachable()?;
        self.b.position_at_end(ok);
        Ok(())
    }

    /// A float-to-integer conversion of NaN or of a value whose truncation
    /// is out of the result's range is undefined: the program stops there
    /// with the interpreter's message instead of taking the machine's value.
    fn check_conversion(&mut self, op: OpId, name: OpName, ops: &[BasicValueEnum<'c>], rt: BasicTypeEnum<'c>) -> R<()> {
        if !matches!(name, arith::FPTOSI | arith::FPTOUI) {
            return Ok(());
        }
        let (Some(BasicValueEnum::FloatValue(x)), BasicTypeEnum::IntType(it)) = (ops.first(), rt) else {
            return Ok(());
        };
        let w = it.get_bit_width();
        if w > 64 {
            return Ok(());
        }
        let ft = x.get_type();
        let t = self.intrinsic("llvm.trunc", ft.into(), &[(*x).into()])?.into_float_value();
        let (lo, hi) = if name == arith::FPTOSI {
            (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1))
        } else {
            (0.0, 2f64.powi(w as i32))
        };
        let b = &self.b;
        let above = b.build_float_compare(FloatPredicate::OGE, t, ft.const_float(lo), "")?;
        let below = b.build_float_compare(FloatPredicate::OLT, t, ft.const_float(hi), "")?;
        let fits = b.build_and(above, below, "")?;
        let (ok, fail) = (self.block("convert.ok"), self.block("convert.fail"));
        self.b.build_conditional_branch(fits, ok, fail)?;
        self.b.position_at_end(fail);
        let to = self.ir.value_type(self.ir.result(op, 0)).to_string();
        let at = self.ir.op_loc(op).short().replace('%', "%%");
        let text = format!("{at}: error: {}\n", unconvertible_message(name, &to).replace('%', "%%"));
        let fmt = self.b.build_global_string_ptr(&text, "")?;
        let zero = self.cx.i64_type().const_zero();
        self.call(support::FAIL_VALUES, &[fmt.as_pointer_value().into(), zero.into(), zero.into()])?;
        self.b.build_unreachable()?;
        self.b.position_at_end(ok);
        Ok(())
    }

    /// `a / b` rounded down (`floor`) or up (`ceil`), signed or not.
    fn rounded_div(&self, a: IntValue<'c>, b: IntValue<'c>, signed: bool, up: bool) -> R<IntValue<'c>> {
        let b_ = &self.b;
        let zero = a.get_type().const_zero();
        let (q, r) = if signed {
            (b_.build_int_signed_div(a, b, "")?, b_.build_int_signed_rem(a, b, "")?)
        } else {
            (b_.build_int_unsigned_div(a, b, "")?, b_.build_int_unsigned_rem(a, b, "")?)
        };
        let inexact = b_.build_int_compare(IntPredicate::NE, r, zero, "")?;
        let adjust = if signed {
            // The remainder has the dividend's sign; the true quotient is
            // negative when it and the divisor differ in sign.
            let r_neg = b_.build_int_compare(IntPredicate::SLT, r, zero, "")?;
            let b_neg = b_.build_int_compare(IntPredicate::SLT, b, zero, "")?;
            let differ = b_.build_xor(r_neg, b_neg, "")?;
            let wanted = if up { b_.build_not(differ, "")? } else { differ };
            b_.build_and(inexact, wanted, "")?
        } else {
            inexact
        };
        let delta = b_.build_int_z_extend(adjust, a.get_type(), "")?;
        Ok(if up { b_.build_int_add(q, delta, "")? } else { b_.build_int_sub(q, delta, "")? })
    }

    /// Emits the arith operation `a`.
    pub(crate) fn arith(&mut self, a: ArithOp) -> R<()> {
        let (op, name) = (a.op(), a.name());
        if let ArithOp::Constant(_) = a {
            let c = self.constant(op)?;
            self.set_result(op, 0, c);
            return Ok(());
        }
        let ops: Vec<BasicValueEnum<'c>> =
            (0..self.ir.operands(op).len()).map(|i| self.operand(op, i)).collect::<R<_>>()?;
        if let ArithOp::AdduiExtended(_) | ArithOp::MulsiExtended(_) | ArithOp::MuluiExtended(_) = a {
            let (first, second) = self.extended(name, ops[0].into_int_value(), ops[1].into_int_value())?;
            self.set_result(op, 0, first.into());
            self.set_result(op, 1, second.into());
            return Ok(());
        }
        let rt = self.lower_type(op, self.ir.value_type(self.ir.result(op, 0)))?;
        if let Some(v) = self.checked_arith(op, name, &ops)? {
            self.set_result(op, 0, v);
            return Ok(());
        }
        self.check_shift(op, name, &ops)?;
        self.check_division(op, name, &ops)?;
        self.check_conversion(op, name, &ops, rt)?;
        let b = &self.b;
        let int = |i: usize| ops[i].into_int_value();
        let flt = |i: usize| ops[i].into_float_value();
        let v: BasicValueEnum<'c> = match a {
            ArithOp::Addi(_) => b.build_int_add(int(0), int(1), "")?.into(),
            ArithOp::Subi(_) => b.build_int_sub(int(0), int(1), "")?.into(),
            ArithOp::Muli(_) => b.build_int_mul(int(0), int(1), "")?.into(),
            ArithOp::Divsi(_) => b.build_int_signed_div(int(0), int(1), "")?.into(),
            ArithOp::Divui(_) => b.build_int_unsigned_div(int(0), int(1), "")?.into(),
            ArithOp::Remsi(_) => b.build_int_signed_rem(int(0), int(1), "")?.into(),
            ArithOp::Remui(_) => b.build_int_unsigned_rem(int(0), int(1), "")?.into(),
            ArithOp::Ceildivsi(_) => self.rounded_div(int(0), int(1), true, true)?.into(),
            ArithOp::Ceildivui(_) => self.rounded_div(int(0), int(1), false, true)?.into(),
            ArithOp::Floordivsi(_) => self.rounded_div(int(0), int(1), true, false)?.into(),
            ArithOp::Andi(_) => b.build_and(int(0), int(1), "")?.into(),
            ArithOp::Ori(_) => b.build_or(int(0), int(1), "")?.into(),
            ArithOp::Xori(_) => b.build_xor(int(0), int(1), "")?.into(),
            ArithOp::Shli(_) => b.build_left_shift(int(0), int(1), "")?.into(),
            ArithOp::Shrsi(_) => b.build_right_shift(int(0), int(1), true, "")?.into(),
            ArithOp::Shrui(_) => b.build_right_shift(int(0), int(1), false, "")?.into(),
            ArithOp::Minsi(_) => self.intrinsic("llvm.smin", rt, &ops)?,
            ArithOp::Maxsi(_) => self.intrinsic("llvm.smax", rt, &ops)?,
            ArithOp::Minui(_) => self.intrinsic("llvm.umin", rt, &ops)?,
            ArithOp::Maxui(_) => self.intrinsic("llvm.umax", rt, &ops)?,
            ArithOp::Addf(_) => b.build_float_add(flt(0), flt(1), "")?.into(),
            ArithOp::Subf(_) => b.build_float_sub(flt(0), flt(1), "")?.into(),
            ArithOp::Mulf(_) => b.build_float_mul(flt(0), flt(1), "")?.into(),
            ArithOp::Divf(_) => b.build_float_div(flt(0), flt(1), "")?.into(),
            ArithOp::Remf(_) => b.build_float_rem(flt(0), flt(1), "")?.into(),
            ArithOp::Negf(_) => b.build_float_neg(flt(0), "")?.into(),
            ArithOp::Maximumf(_) => self.intrinsic("llvm.maximum", rt, &ops)?,
            ArithOp::Minimumf(_) => self.intrinsic("llvm.minimum", rt, &ops)?,
            ArithOp::Maxnumf(_) => self.intrinsic("llvm.maxnum", rt, &ops)?,
            ArithOp::Minnumf(_) => self.intrinsic("llvm.minnum", rt, &ops)?,
            ArithOp::Cmpi(c) => b.build_int_compare(int_predicate(c.predicate(self.ir)), int(0), int(1), "")?.into(),
            ArithOp::Cmpf(c) => {
                b.build_float_compare(float_predicate(c.predicate(self.ir)), flt(0), flt(1), "")?.into()
            }
            ArithOp::Select(_) => b.build_select(int(0), ops[1], ops[2], "")?,
            ArithOp::Extsi(_) => b.build_int_s_extend(int(0), rt.into_int_type(), "")?.into(),
            ArithOp::Extui(_) => b.build_int_z_extend(int(0), rt.into_int_type(), "")?.into(),
            ArithOp::Trunci(_) => b.build_int_truncate(int(0), rt.into_int_type(), "")?.into(),
            ArithOp::IndexCast(_) => b.build_int_cast_sign_flag(int(0), rt.into_int_type(), true, "")?.into(),
            ArithOp::IndexCastui(_) => b.build_int_cast_sign_flag(int(0), rt.into_int_type(), false, "")?.into(),
            ArithOp::Extf(_) => b.build_float_ext(flt(0), rt.into_float_type(), "")?.into(),
            ArithOp::Truncf(_) => {
                // LLVM's fptrunc rounds to nearest, ties to even.
                if let Some(mode) = rounding_mode(self.ir, op).filter(|m| *m != 0) {
                    let mode = ROUNDING_MODES[mode];
                    return self.error(op, format!("'arith.truncf' with rounding mode '{mode}' is not supported by this target (only to_nearest_even)"));
                }
                b.build_float_trunc(flt(0), rt.into_float_type(), "")?.into()
            }
            ArithOp::Sitofp(_) => b.build_signed_int_to_float(int(0), rt.into_float_type(), "")?.into(),
            ArithOp::Uitofp(_) => b.build_unsigned_int_to_float(int(0), rt.into_float_type(), "")?.into(),
            ArithOp::Fptosi(_) => b.build_float_to_signed_int(flt(0), rt.into_int_type(), "")?.into(),
            ArithOp::Fptoui(_) => b.build_float_to_unsigned_int(flt(0), rt.into_int_type(), "")?.into(),
            ArithOp::Bitcast(_) => b.build_bit_cast(ops[0], rt, "")?,
            // Handled above.
            ArithOp::Constant(_)
            | ArithOp::AdduiExtended(_)
            | ArithOp::MulsiExtended(_)
            | ArithOp::MuluiExtended(_) => {
                return self.error(op, format!("internal error: '{name}' reached the element-wise arithmetic"))
            }
        };
        self.set_result(op, 0, v);
        Ok(())
    }
}
