//! Folding and canonicalization of `arith` operations.
//!
//! Integer folds use MLIR's wrapping semantics at the type's width; folds that
//! would produce poison (division by zero, signed overflow of division,
//! shifts by the width or more) are not performed. Float folds are exact IEEE
//! operations in the type's precision (f32 and f64), and the identities used
//! hold for every input, NaN and signed zeros included.

use crate::arith::op as arith;
use crate::arith::op::{Cmpf, Cmpi};
use crate::arith::{negation_of, CmpfPredicate, CmpiPredicate};
use strata_ir::attributes::{normalize_int, FloatAttr};
use strata_ir::context::{Context, OpId};
use strata_ir::registry::{FoldResult, Folded, Traits};
use strata_ir::rewrite::{constant_int, RewritePattern, Rewriter};
use strata_ir::types::{FloatKind, Type};
use strata_ir::{Attribute, OpName, OperationState};

use crate::arith::elem;
use crate::arith_elements::{fold_elementwise, splat_int};
use crate::arith_view::{overflow_flags, OverflowFlags};

/// The bit width arithmetic on a type (or its elements) uses: the integer
/// width, 64 for `index`.
pub fn width(t: &Type) -> u32 {
    match elem(t) {
        Type::Integer { width, .. } => *width,
        _ => 64,
    }
}

/// The low `w` bits of `v`, read as unsigned.
pub fn unsigned(v: i128, w: u32) -> u128 {
    if w >= 128 {
        v as u128
    } else {
        (v as u128) & ((1u128 << w) - 1)
    }
}

fn signed(v: i128, w: u32) -> i128 {
    normalize_int(v, &Type::int(w.min(128)))
}

/// The integer (or boolean) value of a folder's constant operand.
pub(crate) fn int_of(a: &Option<Attribute>) -> Option<i128> {
    match a {
        Some(Attribute::Integer { value, .. }) => Some(*value),
        Some(Attribute::Bool(b)) => Some(*b as i128),
        _ => None,
    }
}

fn float_of(a: &Option<Attribute>) -> Option<FloatAttr> {
    match a {
        Some(Attribute::Float(f)) => Some(f.clone()),
        _ => None,
    }
}

fn int_attr(v: i128, t: &Type) -> FoldResult {
    let e = elem(t);
    if *e == Type::i1() {
        FoldResult::Attr(Attribute::Bool(v & 1 != 0))
    } else {
        FoldResult::Attr(Attribute::int(v, e.clone()))
    }
}

/// The wrap an `addi`, `subi` or `muli` of `a` and `b` (`w` bits wide, at
/// most 64) makes that its flags forbid: `signed` or `unsigned`.
pub fn forbidden_wrap(name: OpName, a: i128, b: i128, w: u32, flags: OverflowFlags) -> Option<&'static str> {
    if !flags.any() || w == 0 || w > 64 || !matches!(name, arith::ADDI | arith::SUBI | arith::MULI) {
        return None;
    }
    let exact = |x: i128, y: i128| match name {
        arith::ADDI => x + y,
        arith::SUBI => x - y,
        _ => x * y,
    };
    let s = exact(signed(a, w), signed(b, w));
    if flags.nsw && (s < -(1i128 << (w - 1)) || s >= 1i128 << (w - 1)) {
        return Some("signed");
    }
    let u = exact(unsigned(a, w) as i128, unsigned(b, w) as i128);
    if flags.nuw && !(0..1i128 << w).contains(&u) {
        return Some("unsigned");
    }
    None
}

/// The message of an integer operation that is undefined on its operands
/// (a division by zero or overflowing, a shift by the width or more), the
/// same from the interpreter and from compiled code.
pub fn undefined_message(name: OpName, a: impl std::fmt::Display, b: impl std::fmt::Display) -> String {
    let why = if matches!(name, arith::SHLI | arith::SHRSI | arith::SHRUI) {
        "a shift by the bit width or more"
    } else {
        "division by zero or overflow"
    };
    format!("{name} has undefined behaviour on {a} and {b} ({why})")
}

/// The message of a float-to-integer conversion whose operand (truncated)
/// is NaN or out of the result type's range, which is undefined; the same
/// from the interpreter and from compiled code.
pub fn unconvertible_message(name: OpName, to: &dyn std::fmt::Display) -> String {
    format!("{name} has undefined behaviour: its operand is NaN or out of the range of {to}")
}

/// The message of a forbidden wrap (`kind` from [`forbidden_wrap`]), the
/// same from the interpreter and from compiled code.
pub fn wrap_message(name: OpName, kind: &str, a: impl std::fmt::Display, b: impl std::fmt::Display) -> String {
    let (article, flag) = if kind == "unsigned" { ("an", "nuw") } else { ("a", "nsw") };
    format!(
        "{name} has undefined behaviour on {a} and {b} ({article} {kind} overflow, which overflow<{flag}> rules out)"
    )
}

/// Evaluates an integer binary op on constants; `None` when the result is poison.
pub fn eval_int(name: OpName, a: i128, b: i128, w: u32) -> Option<i128> {
    if w == 0 {
        // Every `i0` is 0: dividing by it is undefined, anything else is 0.
        let divides = matches!(
            name,
            arith::DIVSI
                | arith::DIVUI
                | arith::REMSI
                | arith::REMUI
                | arith::CEILDIVSI
                | arith::CEILDIVUI
                | arith::FLOORDIVSI
        );
        return (!divides).then_some(0);
    }
    let (sa, sb) = (signed(a, w), signed(b, w));
    let (ua, ub) = (unsigned(a, w), unsigned(b, w));
    let smin = if w >= 128 { i128::MIN } else { -(1i128 << (w - 1)) };
    let r: i128 = match name {
        arith::ADDI => sa.wrapping_add(sb),
        arith::SUBI => sa.wrapping_sub(sb),
        arith::MULI => sa.wrapping_mul(sb),
        arith::ANDI => sa & sb,
        arith::ORI => sa | sb,
        arith::XORI => sa ^ sb,
        arith::DIVSI | arith::REMSI | arith::CEILDIVSI | arith::FLOORDIVSI => {
            if sb == 0 || (w > 1 && sa == smin && sb == -1) || (w == 1 && sb == -1 && sa == -1) {
                return None;
            }
            let q = sa / sb;
            let r = sa % sb;
            match name {
                arith::DIVSI => q,
                arith::REMSI => r,
                arith::CEILDIVSI => {
                    if r != 0 && ((r > 0) == (sb > 0)) {
                        q + 1
                    } else {
                        q
                    }
                }
                _ => {
                    if r != 0 && ((r < 0) != (sb < 0)) {
                        q - 1
                    } else {
                        q
                    }
                }
            }
        }
        arith::DIVUI | arith::REMUI | arith::CEILDIVUI => {
            if ub == 0 {
                return None;
            }
            (match name {
                arith::DIVUI => ua / ub,
                arith::REMUI => ua % ub,
                _ => ua.div_ceil(ub),
            }) as i128
        }
        arith::SHLI | arith::SHRSI | arith::SHRUI => {
            if ub >= w as u128 {
                return None;
            }
            let s = ub as u32;
            match name {
                arith::SHLI => ((ua << s) & if w >= 128 { u128::MAX } else { (1u128 << w) - 1 }) as i128,
                arith::SHRSI => sa >> s,
                _ => (ua >> s) as i128,
            }
        }
        arith::MAXSI => sa.max(sb),
        arith::MINSI => sa.min(sb),
        arith::MAXUI => ua.max(ub) as i128,
        arith::MINUI => ua.min(ub) as i128,
        _ => return None,
    };
    Some(signed(r, w))
}

/// Evaluates `arith.cmpi` on constants.
pub fn eval_cmpi(pred: CmpiPredicate, a: i128, b: i128, w: u32) -> bool {
    let (sa, sb, ua, ub) = (signed(a, w), signed(b, w), unsigned(a, w), unsigned(b, w));
    match pred {
        CmpiPredicate::Eq => sa == sb,
        CmpiPredicate::Ne => sa != sb,
        CmpiPredicate::Slt => sa < sb,
        CmpiPredicate::Sle => sa <= sb,
        CmpiPredicate::Sgt => sa > sb,
        CmpiPredicate::Sge => sa >= sb,
        CmpiPredicate::Ult => ua < ub,
        CmpiPredicate::Ule => ua <= ub,
        CmpiPredicate::Ugt => ua > ub,
        CmpiPredicate::Uge => ua >= ub,
    }
}

/// Evaluates `arith.cmpf` on constants (ordered predicates are false on NaN, unordered true).
pub fn eval_cmpf(pred: CmpfPredicate, a: f64, b: f64) -> bool {
    use CmpfPredicate::*;
    let unordered = a.is_nan() || b.is_nan();
    let ord = |f: bool| !unordered && f;
    let unord = |f: bool| unordered || f;
    match pred {
        AlwaysFalse => false,
        Oeq => ord(a == b),
        Ogt => ord(a > b),
        Oge => ord(a >= b),
        Olt => ord(a < b),
        Ole => ord(a <= b),
        One => ord(a != b),
        Ord => !unordered,
        Ueq => unord(a == b),
        Ugt => unord(a > b),
        Uge => unord(a >= b),
        Ult => unord(a < b),
        Ule => unord(a <= b),
        Une => unord(a != b),
        Uno => unordered,
        AlwaysTrue => true,
    }
}

/// Evaluates a float binary op in the precision of `kind` (f32 and f64 only).
pub fn eval_float(name: OpName, a: &FloatAttr, b: &FloatAttr) -> Option<FloatAttr> {
    let kind = a.kind;
    if kind == FloatKind::F32 {
        let (x, y) = (a.value() as f32, b.value() as f32);
        let r = match name {
            arith::ADDF => x + y,
            arith::SUBF => x - y,
            arith::MULF => x * y,
            arith::DIVF => x / y,
            arith::REMF => x % y,
            arith::MAXIMUMF => maximum(x as f64, y as f64) as f32,
            arith::MINIMUMF => minimum(x as f64, y as f64) as f32,
            arith::MAXNUMF => x.max(y),
            arith::MINNUMF => x.min(y),
            _ => return None,
        };
        return Some(FloatAttr::from_f64(kind, r as f64));
    }
    // In f64 and rounded once to f16 or bf16: f64 has more than twice their
    // precision and two bits more, so the result is the correctly rounded one.
    if !matches!(kind, FloatKind::F64 | FloatKind::F16 | FloatKind::BF16) {
        return None;
    }
    eval_float_f64(name, a.value(), b.value()).map(|r| FloatAttr::from_f64(kind, r))
}

/// Evaluates a float binary op in `f64`; `None` for other operations.
pub fn eval_float_f64(name: OpName, x: f64, y: f64) -> Option<f64> {
    Some(match name {
        arith::ADDF => x + y,
        arith::SUBF => x - y,
        arith::MULF => x * y,
        arith::DIVF => x / y,
        arith::REMF => x % y,
        arith::MAXIMUMF => maximum(x, y),
        arith::MINIMUMF => minimum(x, y),
        arith::MAXNUMF => x.max(y),
        arith::MINNUMF => x.min(y),
        _ => return None,
    })
}

/// `arith.maximumf`: NaN if either is NaN, and +0 above -0.
pub fn maximum(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x == 0.0 && y == 0.0 {
        if x.is_sign_positive() || y.is_sign_positive() {
            0.0
        } else {
            -0.0
        }
    } else {
        x.max(y)
    }
}

/// `arith.minimumf`: NaN if either is NaN, and -0 below +0.
pub fn minimum(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x == 0.0 && y == 0.0 {
        if x.is_sign_negative() || y.is_sign_negative() {
            -0.0
        } else {
            0.0
        }
    } else {
        x.min(y)
    }
}

fn is_float_const(a: &Option<Attribute>, v: f64) -> bool {
    matches!(a, Some(Attribute::Float(f)) if f.value() == v && f.value().is_sign_negative() == v.is_sign_negative())
}

/// The folder shared by all arith operations.
pub fn fold(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Option<Folded> {
    if ctx.op_kind(op) == arith::CONSTANT {
        return None;
    }
    fold_elementwise(ctx, op, c, fold_elements)
}

fn fold_elements(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Option<Folded> {
    let name = ctx.op_kind(op);
    let ops = ctx.operands(op).to_vec();
    let rt = ctx.value_type(*ctx.results(op).first()?).clone();
    let one = |r: FoldResult| Some(Folded::Results(vec![r]));
    let w = width(&rt);
    match name {
        arith::SELECT => {
            if let Some(cond) = int_of(&c[0]) {
                return one(FoldResult::Value(ops[if cond != 0 { 1 } else { 2 }]));
            }
            if ops[1] == ops[2] {
                return one(FoldResult::Value(ops[1]));
            }
            // select(c, true, false) on i1 is c.
            if *ctx.value_type(ops[0]) == rt
                && *elem(&rt) == Type::i1()
                && int_of(&c[1]) == Some(1)
                && int_of(&c[2]) == Some(0)
            {
                return one(FoldResult::Value(ops[0]));
            }
            // select(a == b, a, b) is b; select(a != b, a, b) is a.
            let cmp = ctx.defining_op(ops[0]).filter(|d| ctx.op_kind(*d) == arith::CMPI).map(Cmpi)?;
            let (x, y) = (cmp.lhs(ctx), cmp.rhs(ctx));
            let same = (x == ops[1] && y == ops[2]) || (y == ops[1] && x == ops[2]);
            match cmp.predicate(ctx) {
                CmpiPredicate::Eq if same => one(FoldResult::Value(ops[2])),
                CmpiPredicate::Ne if same => one(FoldResult::Value(ops[1])),
                _ => None,
            }
        }
        arith::CMPI => {
            let pred = Cmpi(op).predicate(ctx);
            let w = width(ctx.value_type(ops[0]));
            if let (Some(a), Some(b)) = (int_of(&c[0]), int_of(&c[1])) {
                return one(FoldResult::Attr(Attribute::Bool(eval_cmpi(pred, a, b, w))));
            }
            if ops[0] == ops[1] {
                // x == x, x <= x, x >= x are true; x != x, x < x, x > x are false.
                return one(FoldResult::Attr(Attribute::Bool(pred.reflexive())));
            }
            // On i1, x == true and x != false are x.
            if *elem(ctx.value_type(ops[0])) == Type::i1() {
                match (pred, int_of(&c[1])) {
                    (CmpiPredicate::Eq, Some(v)) if v != 0 => return one(FoldResult::Value(ops[0])),
                    (CmpiPredicate::Ne, Some(0)) => return one(FoldResult::Value(ops[0])),
                    _ => {}
                }
            }
            // A constant moves to the right, the predicate mirrored
            // (c < x is x > c), as MLIR keeps comparisons.
            if c[0].is_some() && c[1].is_none() {
                ctx.set_prop(op, "predicate", pred.swapped().attr());
                ctx.set_operands(op, &[ops[1], ops[0]]);
                return Some(Folded::InPlace);
            }
            None
        }
        arith::CMPF => {
            let pred = Cmpf(op).predicate(ctx);
            match (float_of(&c[0]), float_of(&c[1])) {
                (Some(a), Some(b)) => one(FoldResult::Attr(Attribute::Bool(eval_cmpf(pred, a.value(), b.value())))),
                _ if matches!(pred, CmpfPredicate::AlwaysFalse | CmpfPredicate::AlwaysTrue) => {
                    one(FoldResult::Attr(Attribute::Bool(pred == CmpfPredicate::AlwaysTrue)))
                }
                // Against NaN every ordered predicate is false, every unordered one true.
                (Some(n), _) | (_, Some(n)) if n.value().is_nan() => {
                    one(FoldResult::Attr(Attribute::Bool(pred.unordered())))
                }
                _ => None,
            }
        }
        arith::NEGF => {
            if let Some(a) = float_of(&c[0]) {
                return one(FoldResult::Attr(Attribute::Float(FloatAttr::from_f64(a.kind, -a.value()))));
            }
            // -(-x) = x.
            let d = ctx.defining_op(ops[0])?;
            (ctx.op_name(d) == arith::NEGF).then(|| Folded::Results(vec![FoldResult::Value(ctx.operand(d, 0))]))
        }
        arith::EXTSI
        | arith::EXTUI
        | arith::EXTF
        | arith::TRUNCI
        | arith::TRUNCF
        | arith::SITOFP
        | arith::UITOFP
        | arith::FPTOSI
        | arith::FPTOUI
        | arith::INDEX_CAST
        | arith::INDEX_CASTUI
        | arith::BITCAST => fold_cast(ctx, op, name, &c[0], &rt),
        n if elem(&rt).is_float() => fold_float_binary(ctx, op, n, c),
        n => fold_int_binary(ctx, op, n, c, w, &rt),
    }
}

fn fold_int_binary(
    ctx: &mut Context,
    op: OpId,
    name: OpName,
    c: &[Option<Attribute>],
    w: u32,
    rt: &Type,
) -> Option<Folded> {
    let ops = ctx.operands(op).to_vec();
    if ops.len() != 2 {
        return None;
    }
    let one = |r: FoldResult| Some(Folded::Results(vec![r]));
    if let (Some(a), Some(b)) = (int_of(&c[0]), int_of(&c[1])) {
        // A wrap the flags forbid stays for the run to report.
        if forbidden_wrap(name, a, b, w, overflow_flags(ctx, op)).is_some() {
            return None;
        }
        return eval_int(name, a, b, w).map(|v| Folded::Results(vec![int_attr(v, rt)]));
    }
    // Commutative ops keep constants on the right.
    if c[0].is_some() && c[1].is_none() && ctx.has_traits(op, Traits::COMMUTATIVE) {
        ctx.set_operands(op, &[ops[1], ops[0]]);
        return Some(Folded::InPlace);
    }
    let rhs = int_of(&c[1]).map(|v| signed(v, w));
    let all_ones = -1i128;
    let (x, y) = (ops[0], ops[1]);
    match (name, rhs) {
        (arith::ADDI | arith::SUBI | arith::ORI | arith::XORI | arith::SHLI | arith::SHRSI | arith::SHRUI, Some(0)) => {
            one(FoldResult::Value(x))
        }
        (
            arith::MULI | arith::DIVSI | arith::DIVUI | arith::FLOORDIVSI | arith::CEILDIVSI | arith::CEILDIVUI,
            Some(1),
        ) => one(FoldResult::Value(x)),
        // For i1, one is `true`, which reads -1 when signed: the unsigned
        // operations fold as by one; the signed ones divide the least value
        // by -1 when `x` is true, which the run reports, so they stay.
        (arith::MULI | arith::DIVUI | arith::CEILDIVUI, Some(-1)) if w == 1 => one(FoldResult::Value(x)),
        (arith::REMUI, Some(-1)) if w == 1 => one(int_attr(0, rt)),
        (arith::MULI | arith::ANDI, Some(0)) => one(int_attr(0, rt)),
        (arith::ANDI, Some(v)) if v == all_ones => one(FoldResult::Value(x)),
        (arith::ORI, Some(v)) if v == all_ones => one(int_attr(-1, rt)),
        (arith::REMSI | arith::REMUI, Some(1)) => one(int_attr(0, rt)),
        // A bound of the type decides a min or max: it is the result, or
        // the other operand is (-1 is the unsigned maximum).
        (arith::MAXSI, Some(v)) if v == smax(w) => one(FoldResult::Value(y)),
        (arith::MINSI, Some(v)) if v == smin(w) => one(FoldResult::Value(y)),
        (arith::MAXUI, Some(-1)) | (arith::MINUI, Some(0)) => one(FoldResult::Value(y)),
        (arith::MAXSI, Some(v)) if v == smin(w) => one(FoldResult::Value(x)),
        (arith::MINSI, Some(v)) if v == smax(w) => one(FoldResult::Value(x)),
        (arith::MAXUI, Some(0)) | (arith::MINUI, Some(-1)) => one(FoldResult::Value(x)),
        _ if x == y => match name {
            arith::SUBI | arith::XORI => one(int_attr(0, rt)),
            arith::ANDI | arith::ORI | arith::MAXSI | arith::MAXUI | arith::MINSI | arith::MINUI => {
                one(FoldResult::Value(x))
            }
            _ => None,
        },
        _ => fold_logic_chain(ctx, name, x, y, rt)
            .or_else(|| fold_add_sub_chain(ctx, name, x, y))
            .or_else(|| fold_division_of_product(ctx, name, x, y)),
    }
}

/// `(a * b) / a` is `b` (and `/ b` is `a`) when the product cannot wrap:
/// `divui` of a `muli` flagged `nuw`, `divsi` of one flagged `nsw`.
fn fold_division_of_product(ctx: &Context, name: OpName, x: strata_ir::Value, y: strata_ir::Value) -> Option<Folded> {
    let flag_needed = match name {
        arith::DIVUI => |f: OverflowFlags| f.nuw,
        arith::DIVSI => |f: OverflowFlags| f.nsw,
        _ => return None,
    };
    let product = ctx.defining_op(x).filter(|d| ctx.op_kind(*d) == arith::MULI)?;
    if !flag_needed(overflow_flags(ctx, product)) {
        return None;
    }
    let (a, b) = (ctx.operand(product, 0), ctx.operand(product, 1));
    let other = if a == y {
        b
    } else if b == y {
        a
    } else {
        return None;
    };
    Some(Folded::Results(vec![FoldResult::Value(other)]))
}

/// `x ^ (x ^ y) = y` and `x & (x & y) = x & y`, the operands in any order;
/// `x & ~x = 0` and `x | ~x = -1` (`~x` is `x ^ -1`).
fn fold_logic_chain(
    ctx: &Context,
    name: OpName,
    x: strata_ir::Value,
    y: strata_ir::Value,
    rt: &Type,
) -> Option<Folded> {
    let one = |r: FoldResult| Some(Folded::Results(vec![r]));
    // When `b` is `a ^ -1`: the all-ones operand.
    let complement_of = |a: strata_ir::Value, b: strata_ir::Value| {
        let d = ctx.defining_op(b).filter(|d| ctx.op_kind(*d) == arith::XORI)?;
        let (p, q) = (ctx.operand(d, 0), ctx.operand(d, 1));
        let all_ones = |v| splat_int(ctx, v).is_some_and(|c| unsigned(c, width(rt)) == unsigned(-1, width(rt)));
        match () {
            _ if p == a && all_ones(q) => Some(q),
            _ if q == a && all_ones(p) => Some(p),
            _ => None,
        }
    };
    let complement = complement_of(x, y).or_else(|| complement_of(y, x));
    match (name, complement) {
        (arith::ANDI, Some(_)) => return one(int_attr(0, rt)),
        // As upstream's folder: the all-ones value the complement was made with.
        (arith::ORI, Some(ones)) => return one(FoldResult::Value(ones)),
        (arith::XORI | arith::ANDI, _) => {}
        _ => return None,
    }
    for (a, b) in [(x, y), (y, x)] {
        let Some(d) = ctx.defining_op(b).filter(|d| ctx.op_kind(*d) == name) else { continue };
        let (p, q) = (ctx.operand(d, 0), ctx.operand(d, 1));
        if p == a || q == a {
            let r = match name {
                arith::XORI if p == a => q,
                arith::XORI => p,
                _ => b,
            };
            return one(FoldResult::Value(r));
        }
    }
    None
}

/// The largest signed value of a `w`-bit integer.
fn smax(w: u32) -> i128 {
    (1i128 << (w - 1)) - 1
}

/// The smallest signed value of a `w`-bit integer.
fn smin(w: u32) -> i128 {
    -(1i128 << (w - 1))
}

/// `(x + y) - y = x`, `(x - y) + y = x`, `x + (y - x) = y`: exact in wrapping arithmetic.
fn fold_add_sub_chain(ctx: &Context, name: OpName, x: strata_ir::Value, y: strata_ir::Value) -> Option<Folded> {
    let def = |v| ctx.defining_op(v).map(|d| (ctx.op_kind(d), ctx.operands(d).to_vec()));
    let r = match name {
        arith::SUBI => match def(x) {
            Some((n, o)) if n == arith::ADDI && o[1] == y => Some(o[0]),
            Some((n, o)) if n == arith::ADDI && o[0] == y => Some(o[1]),
            _ => None,
        },
        arith::ADDI => match (def(x), def(y)) {
            (Some((n, o)), _) if n == arith::SUBI && o[1] == y => Some(o[0]),
            (_, Some((n, o))) if n == arith::SUBI && o[1] == x => Some(o[0]),
            _ => None,
        },
        _ => None,
    }?;
    Some(Folded::Results(vec![FoldResult::Value(r)]))
}

fn fold_float_binary(ctx: &mut Context, op: OpId, name: OpName, c: &[Option<Attribute>]) -> Option<Folded> {
    let ops = ctx.operands(op).to_vec();
    if ops.len() != 2 {
        return None;
    }
    let one = |r: FoldResult| Some(Folded::Results(vec![r]));
    if let (Some(a), Some(b)) = (float_of(&c[0]), float_of(&c[1])) {
        return eval_float(name, &a, &b).map(|f| Folded::Results(vec![FoldResult::Attr(Attribute::Float(f))]));
    }
    if c[0].is_some() && c[1].is_none() && ctx.has_traits(op, Traits::COMMUTATIVE) {
        ctx.set_operands(op, &[ops[1], ops[0]]);
        return Some(Folded::InPlace);
    }
    let x = ops[0];
    let flag = |f: &str| has_fastmath(ctx, op, f);
    let zero = || {
        Some(Attribute::Float(strata_ir::attributes::FloatAttr::from_f64(elem(ctx.value_type(x)).float_kind()?, 0.0)))
    };
    match name {
        // x + -0.0 = x and x - 0.0 = x for every x (including -0.0 and NaN); x + 0.0 is not x when x is -0.0.
        arith::ADDF if is_float_const(&c[1], -0.0) => one(FoldResult::Value(x)),
        arith::SUBF if is_float_const(&c[1], 0.0) => one(FoldResult::Value(x)),
        arith::MULF | arith::DIVF if is_float_const(&c[1], 1.0) => one(FoldResult::Value(x)),
        arith::MAXIMUMF | arith::MINIMUMF | arith::MAXNUMF | arith::MINNUMF if ops[0] == ops[1] => {
            one(FoldResult::Value(x))
        }
        // minimum(x, +inf) and maximum(x, -inf) are x (NaN included); so are
        // minnum(x, NaN) and maxnum(x, NaN).
        arith::MINIMUMF if is_float_const(&c[1], f64::INFINITY) => one(FoldResult::Value(x)),
        arith::MAXIMUMF if is_float_const(&c[1], f64::NEG_INFINITY) => one(FoldResult::Value(x)),
        arith::MINNUMF | arith::MAXNUMF if float_of(&c[1]).is_some_and(|f| f.value().is_nan()) => {
            one(FoldResult::Value(x))
        }
        // Under `nsz` the sign of a zero does not matter: x + 0.0 and x - -0.0 are x.
        arith::ADDF if is_float_const(&c[1], 0.0) && flag("nsz") => one(FoldResult::Value(x)),
        arith::SUBF if is_float_const(&c[1], -0.0) && flag("nsz") => one(FoldResult::Value(x)),
        // Without NaNs and infinities x - x is +0.0 (it is NaN for x = ±inf or NaN).
        arith::SUBF if ops[0] == ops[1] && flag("nnan") && flag("ninf") => one(FoldResult::Attr(zero()?)),
        // Without NaNs (inf * 0 is NaN) and signed zeros (-1 * 0 is -0.0), x * 0.0 is 0.0.
        arith::MULF if is_float_const(&c[1], 0.0) && flag("nnan") && flag("nsz") => one(FoldResult::Attr(zero()?)),
        _ => None,
    }
}

/// True if the fast-math flags of `op` include `flag` (`fast` includes all).
fn has_fastmath(ctx: &Context, op: OpId, flag: &str) -> bool {
    ctx.prop(op, "fastmath")
        .and_then(|a| a.dialect_params("arith", "fastmath"))
        .is_some_and(|body| body.split(',').map(str::trim).any(|f| f == flag || f == "fast"))
}

fn fold_cast(ctx: &mut Context, op: OpId, name: OpName, c: &Option<Attribute>, rt: &Type) -> Option<Folded> {
    let one = |r: FoldResult| Some(Folded::Results(vec![r]));
    let from = ctx.value_type(ctx.operand(op, 0)).clone();
    if from == *rt && name == arith::BITCAST {
        return one(FoldResult::Value(ctx.operand(op, 0)));
    }
    if name == arith::BITCAST {
        return fold_bitcast(ctx, op, c, rt);
    }
    let wf = width(&from);
    match (name, c) {
        (arith::EXTSI | arith::TRUNCI | arith::INDEX_CAST, Some(_)) => {
            let v = signed(int_of(c)?, wf);
            one(int_attr(v, rt))
        }
        (arith::EXTUI | arith::INDEX_CASTUI, Some(_)) => {
            let v = unsigned(int_of(c)?, wf) as i128;
            one(int_attr(v, rt))
        }
        (arith::SITOFP | arith::UITOFP, Some(_)) => {
            let k = elem(rt).float_kind()?;
            let v = int_of(c)?;
            let x = if name == arith::SITOFP { signed(v, wf) as f64 } else { unsigned(v, wf) as f64 };
            // Exact only when the integer is representable; otherwise rounding twice could differ.
            (x.abs() < 9.007_199_254_740_992e15)
                .then(|| Folded::Results(vec![FoldResult::Attr(Attribute::Float(FloatAttr::from_f64(k, x)))]))
        }
        (arith::FPTOSI | arith::FPTOUI, Some(Attribute::Float(f))) => {
            let t = f.value().trunc();
            let w = width(rt);
            let fits = if name == arith::FPTOSI {
                t.is_finite() && w < 127 && t >= -(2f64.powi(w as i32 - 1)) && t < 2f64.powi(w as i32 - 1)
            } else {
                t.is_finite() && w < 127 && t >= 0.0 && t < 2f64.powi(w as i32)
            };
            fits.then(|| Folded::Results(vec![int_attr(t as i128, rt)]))
        }
        // extf (truncf x) back to x's type is x when both may contract.
        (arith::EXTF, None) => {
            let d = ctx.defining_op(ctx.operand(op, 0)).filter(|d| ctx.op_kind(*d) == arith::TRUNCF)?;
            let src = ctx.operand(d, 0);
            (ctx.value_type(src) == rt && has_fastmath(ctx, op, "contract") && has_fastmath(ctx, d, "contract"))
                .then(|| Folded::Results(vec![FoldResult::Value(src)]))
        }
        (arith::EXTF, Some(Attribute::Float(f))) => {
            one(FoldResult::Attr(Attribute::Float(FloatAttr::from_f64(elem(rt).float_kind()?, f.value()))))
        }
        // A narrowing that rounds is left for the run (as upstream's folder
        // leaves it), so the rounding mode never matters to a fold.
        (arith::TRUNCF, Some(Attribute::Float(f))) => {
            let narrowed = FloatAttr::from_f64(elem(rt).float_kind()?, f.value());
            (narrowed.value() == f.value() || f.value().is_nan())
                .then(|| Folded::Results(vec![FoldResult::Attr(Attribute::Float(narrowed))]))
        }
        // truncf (extf x) back to x's type is x.
        (arith::TRUNCF, None) => {
            let d = ctx.defining_op(ctx.operand(op, 0)).filter(|d| ctx.op_kind(*d) == arith::EXTF)?;
            let src = ctx.operand(d, 0);
            (ctx.value_type(src) == rt && ctx.prop(op, "roundingmode").is_none())
                .then(|| Folded::Results(vec![FoldResult::Value(src)]))
        }
        (arith::EXTSI | arith::EXTUI | arith::TRUNCI | arith::INDEX_CAST | arith::INDEX_CASTUI, None) => {
            // cast(cast(x)) back to x's type, when the inner cast widened and the outer narrowed.
            let d = ctx.defining_op(ctx.operand(op, 0))?;
            let widen = matches!(ctx.op_kind(d), arith::EXTSI | arith::EXTUI);
            if !widen {
                return None;
            }
            let src = ctx.operand(d, 0);
            (name == arith::TRUNCI && widen && ctx.value_type(src) == rt)
                .then(|| Folded::Results(vec![FoldResult::Value(src)]))
        }
        _ => None,
    }
}

/// A bitcast of a constant is the constant with the same bits; a bitcast of
/// a bitcast casts the first one's operand (in place, as upstream's folder).
fn fold_bitcast(ctx: &mut Context, op: OpId, c: &Option<Attribute>, rt: &Type) -> Option<Folded> {
    let to = elem(rt);
    let from = elem(ctx.value_type(ctx.operand(op, 0))).clone();
    let bits: u128 = match c {
        Some(Attribute::Float(f)) => f.bits,
        Some(a) => unsigned(int_of(&Some(a.clone()))?, width(&from)),
        None => {
            let inner = ctx.defining_op(ctx.operand(op, 0)).filter(|d| ctx.op_kind(*d) == arith::BITCAST)?;
            let source = ctx.operand(inner, 0);
            ctx.set_operands(op, &[source]);
            return Some(Folded::InPlace);
        }
    };
    let folded = match to.float_kind() {
        Some(kind) => Attribute::Float(FloatAttr::from_bits(kind, bits)?),
        None => return Some(Folded::Results(vec![int_attr(bits as i128, rt)])),
    };
    Some(Folded::Results(vec![FoldResult::Attr(folded)]))
}

/// `(x + c1) + c2 → x + (c1 + c2)` for `addi` and `muli`: reassociation is exact in wrapping arithmetic.
struct ReassociateConstants(OpName);

impl RewritePattern for ReassociateConstants {
    fn name(&self) -> &'static str {
        "arith-reassociate-constants"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(self.0)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let (x, c2) = (ctx.operand(op, 0), ctx.operand(op, 1));
        let Some(c2v) = constant_int(ctx, c2) else { return false };
        let Some(inner) = ctx.defining_op(x).filter(|d| ctx.op_name(*d) == self.0) else { return false };
        // Regrouping would lose where a forbidden wrap happens.
        if overflow_flags(ctx, op).any() || overflow_flags(ctx, inner).any() {
            return false;
        }
        let Some(c1v) = constant_int(ctx, ctx.operand(inner, 1)) else { return false };
        let t = ctx.value_type(x).clone();
        let Some(v) = eval_int(self.0, c1v, c2v, width(&t)) else { return false };
        let y = ctx.operand(inner, 0);
        let loc = ctx.op_loc(op).clone();
        let c = rw.create_before(
            op,
            OperationState::new(arith::CONSTANT, loc.clone())
                .prop("value", Attribute::int(v, t.clone()))
                .results(std::slice::from_ref(&t)),
        );
        let cv = rw.ctx().result(c, 0);
        rw.replace_op_with_new(op, OperationState::new(self.0, loc).operands(&[y, cv]).results(&[t]));
        true
    }
}

/// `not (cmpi p, a, b)` (`xori` with `true`) is `cmpi (not p), a, b`.
struct NotOfCompare;

impl RewritePattern for NotOfCompare {
    fn name(&self) -> &'static str {
        "arith-not-of-compare"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(arith::XORI)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(c) = negation_of(ctx, ctx.result(op, 0)) else { return false };
        let Some(cmp) = ctx.defining_op(c).filter(|d| ctx.op_kind(*d) == arith::CMPI) else { return false };
        let inverse = Cmpi(cmp).predicate(ctx).inverse();
        let st = OperationState::new(arith::CMPI, ctx.op_loc(op).clone())
            .operands(ctx.operands(cmp))
            .prop("predicate", inverse.attr())
            .results(&[Type::i1()]);
        rw.replace_op_with_new(op, st);
        true
    }
}

/// Canonicalization patterns of arith.
pub fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    if v.iter().any(|p| p.name() == "arith-reassociate-constants") {
        return;
    }
    v.push(Box::new(ReassociateConstants(arith::MULI)));
    crate::arith_reassociate::patterns(v);
    v.push(Box::new(NotOfCompare));
    crate::arith_select::patterns(v);
    crate::arith_ext::patterns(v);
    crate::arith_float::patterns(v);
}

#[cfg(test)]
mod tests;
