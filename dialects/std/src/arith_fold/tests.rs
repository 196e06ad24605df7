//! The folds of integer arithmetic and comparisons against Rust's own 8-bit
//! arithmetic, on every pair of `i8` values: one test per operation; and
//! the arith dialect's folds and canonicalization patterns, each on a
//! minimal function.

use super::{eval_cmpf, eval_cmpi, eval_int};
use crate::arith::op as arith;
use crate::arith::{CmpfPredicate, CmpiPredicate};
use strata_ir::OpName;

/// Checks `eval_int(name, a, b, 8)` against `reference(a, b)` (`None`:
/// undefined, no fold) on every pair of 8-bit values.
fn check(name: OpName, reference: impl Fn(i8, i8) -> Option<i8>) {
    for a in i8::MIN..=i8::MAX {
        for b in i8::MIN..=i8::MAX {
            let want = reference(a, b).map(i128::from);
            // The fold takes its operands as any bit pattern of the width:
            // the unsigned reading of a negative value must fold the same.
            for (x, y) in [(i128::from(a), i128::from(b)), (i128::from(a as u8), i128::from(b as u8))] {
                assert_eq!(eval_int(name, x, y, 8), want, "{name} {a}, {b} (given as {x}, {y})");
            }
        }
    }
}

/// The quotient rounded as `round` says, or `None` where a signed
/// division is undefined (a zero divisor, or the one that overflows).
fn rounded(a: i8, b: i8, round: fn(f64) -> f64) -> Option<i8> {
    a.checked_div(b)?;
    Some(round(f64::from(a) / f64::from(b)) as i8)
}

/// A shift by `b` read unsigned; `None` from the width on.
fn shift(b: i8) -> Option<u32> {
    let s = u32::from(b as u8);
    (s < 8).then_some(s)
}

macro_rules! folds {
    ($($test:ident: $name:ident => $reference:expr;)*) => {
        $(
            #[test]
            fn $test() {
                check(arith::$name, $reference);
            }
        )*
    };
}

folds! {
    addi_wraps: ADDI => |a, b| Some(a.wrapping_add(b));
    subi_wraps: SUBI => |a, b| Some(a.wrapping_sub(b));
    muli_wraps: MULI => |a, b| Some(a.wrapping_mul(b));
    andi: ANDI => |a, b| Some(a & b);
    ori: ORI => |a, b| Some(a | b);
    xori: XORI => |a, b| Some(a ^ b);
    divsi_rounds_toward_zero: DIVSI => |a, b| a.checked_div(b);
    remsi_takes_the_dividends_sign: REMSI => |a, b| a.checked_rem(b);
    ceildivsi_rounds_up: CEILDIVSI => |a, b| rounded(a, b, f64::ceil);
    floordivsi_rounds_down: FLOORDIVSI => |a, b| rounded(a, b, f64::floor);
    divui: DIVUI => |a, b| (a as u8).checked_div(b as u8).map(|q| q as i8);
    remui: REMUI => |a, b| (a as u8).checked_rem(b as u8).map(|r| r as i8);
    ceildivui: CEILDIVUI => |a, b| (b != 0).then(|| (a as u8).div_ceil(b as u8) as i8);
    shli_below_the_width: SHLI => |a, b| shift(b).map(|s| ((a as u8) << s) as i8);
    shrsi_below_the_width: SHRSI => |a, b| shift(b).map(|s| a >> s);
    shrui_below_the_width: SHRUI => |a, b| shift(b).map(|s| ((a as u8) >> s) as i8);
    maxsi: MAXSI => |a, b| Some(a.max(b));
    minsi: MINSI => |a, b| Some(a.min(b));
    maxui: MAXUI => |a, b| Some((a as u8).max(b as u8) as i8);
    minui: MINUI => |a, b| Some((a as u8).min(b as u8) as i8);
}

#[test]
fn cmpi_predicates_compare_as_their_names_say() {
    let compare = |p: &str, a: i8, b: i8| -> bool {
        let (ua, ub) = (a as u8, b as u8);
        match p {
            "eq" => a == b,
            "ne" => a != b,
            "slt" => a < b,
            "sle" => a <= b,
            "sgt" => a > b,
            "sge" => a >= b,
            "ult" => ua < ub,
            "ule" => ua <= ub,
            "ugt" => ua > ub,
            "uge" => ua >= ub,
            other => panic!("no predicate {other}"),
        }
    };
    for &p in CmpiPredicate::ALL {
        for a in i8::MIN..=i8::MAX {
            for b in i8::MIN..=i8::MAX {
                let got = eval_cmpi(p, i128::from(a), i128::from(b), 8);
                assert_eq!(got, compare(p.name(), a, b), "cmpi {p} {a}, {b}");
                let (a, b) = (i128::from(a), i128::from(b));
                assert_eq!(eval_cmpi(p.inverse(), a, b, 8), !got, "the inverse of {p}");
                assert_eq!(eval_cmpi(p.swapped(), b, a, 8), got, "{p} swapped");
                assert_eq!(p.reflexive(), eval_cmpi(p, a, a, 8), "{p} of equal operands");
            }
        }
    }
}

#[test]
fn i0_is_zero_and_dividing_by_it_is_undefined() {
    assert_eq!(eval_int(arith::ADDI, 0, 0, 0), Some(0));
    assert_eq!(eval_int(arith::DIVSI, 0, 0, 0), None);
    assert_eq!(eval_int(arith::REMUI, 0, 0, 0), None);
}

#[test]
fn integer_folds_wrap_and_refuse_poison() {
    assert_eq!(eval_int(arith::ADDI, 127, 1, 8), Some(-128));
    assert_eq!(eval_int(arith::DIVSI, -128, -1, 8), None);
    assert_eq!(eval_int(arith::DIVUI, 1, 0, 8), None);
    assert_eq!(eval_int(arith::SHLI, 1, 8, 8), None);
    assert_eq!(eval_int(arith::SHRUI, -1, 4, 8), Some(15));
    assert_eq!(eval_int(arith::FLOORDIVSI, -7, 2, 32), Some(-4));
    assert_eq!(eval_int(arith::CEILDIVSI, 7, 2, 32), Some(4));
    assert_eq!(eval_int(arith::REMSI, -7, 2, 32), Some(-1));
    assert_eq!(eval_int(arith::MAXUI, -1, 3, 8), Some(-1));
}

#[test]
fn float_compare_handles_nan() {
    assert!(!eval_cmpf(CmpfPredicate::Oeq, f64::NAN, f64::NAN));
    assert!(eval_cmpf(CmpfPredicate::Ueq, f64::NAN, 1.0));
    assert!(eval_cmpf(CmpfPredicate::Uno, f64::NAN, 1.0));
    for &p in CmpfPredicate::ALL {
        assert_eq!(eval_cmpf(p, f64::NAN, 1.0), p.unordered(), "cmpf {p} against NaN");
    }
}

strata_ir::canonicalizes! {
    registry: crate::test_registry();
    add_zero:
        r#"func.func @f(%x: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %r = arith.addi %x, %c0 : i64
  return %r : i64
}
"#
        => r#"module {
  func.func @f(%arg0: i64) -> i64 {
    return %arg0 : i64
  }
}
"#;
    mul_one:
        r#"func.func @f(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = arith.muli %c1, %x : i32
  return %r : i32
}
"#
        => r#"module {
  func.func @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
"#;
    constants_fold_with_wrap:
        r#"func.func @f() -> i8 {
  %a = arith.constant 100 : i8
  %b = arith.constant 100 : i8
  %r = arith.addi %a, %b : i8
  return %r : i8
}
"#
        => r#"module {
  func.func @f() -> i8 {
    %c-56_i8 = arith.constant -56 : i8
    return %c-56_i8 : i8
  }
}
"#;
    sub_self_is_zero:
        r#"func.func @f(%x: index) -> index {
  %r = arith.subi %x, %x : index
  return %r : index
}
"#
        => r#"module {
  func.func @f(%arg0: index) -> index {
    %c0 = arith.constant 0 : index
    return %c0 : index
  }
}
"#;
    xor_self_is_zero:
        r#"func.func @f(%x: i64) -> i64 {
  %r = arith.xori %x, %x : i64
  return %r : i64
}
"#
        => r#"module {
  func.func @f(%arg0: i64) -> i64 {
    %c0_i64 = arith.constant 0 : i64
    return %c0_i64 : i64
  }
}
"#;
    constant_chain_reassociates:
        r#"func.func @f(%x: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %a = arith.addi %x, %c1 : i64
  %r = arith.addi %a, %c2 : i64
  return %r : i64
}
"#
        => r#"module {
  func.func @f(%arg0: i64) -> i64 {
    %c3_i64 = arith.constant 3 : i64
    %0 = arith.addi %arg0, %c3_i64 : i64
    return %0 : i64
  }
}
"#;
    select_of_same_value:
        r#"func.func @f(%c: i1, %x: f64) -> f64 {
  %r = arith.select %c, %x, %x : f64
  return %r : f64
}
"#
        => r#"module {
  func.func @f(%arg0: i1, %arg1: f64) -> f64 {
    return %arg1 : f64
  }
}
"#;
    select_of_constant_condition:
        r#"func.func @f(%x: i64, %y: i64) -> i64 {
  %t = arith.constant true
  %r = arith.select %t, %x, %y : i64
  return %r : i64
}
"#
        => r#"module {
  func.func @f(%arg0: i64, %arg1: i64) -> i64 {
    return %arg0 : i64
  }
}
"#;
    cmpi_of_self:
        r#"func.func @f(%x: i64) -> (i1, i1) {
  %a = arith.cmpi sle, %x, %x : i64
  %b = arith.cmpi ult, %x, %x : i64
  return %a, %b : i1, i1
}
"#
        => r#"module {
  func.func @f(%arg0: i64) -> (i1, i1) {
    %true = arith.constant true
    %false = arith.constant false
    return %true, %false : i1, i1
  }
}
"#;
    division_by_zero_is_not_folded:
        r#"func.func @f() -> i32 {
  %a = arith.constant 7 : i32
  %z = arith.constant 0 : i32
  %r = arith.divsi %a, %z : i32
  return %r : i32
}
"#
        => r#"module {
  func.func @f() -> i32 {
    %c7_i32 = arith.constant 7 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.divsi %c7_i32, %c0_i32 : i32
    return %0 : i32
  }
}
"#;
    extension_of_a_constant:
        r#"func.func @f() -> i64 {
  %a = arith.constant -1 : i8
  %r = arith.extui %a : i8 to i64
  return %r : i64
}
"#
        => r#"module {
  func.func @f() -> i64 {
    %c255_i64 = arith.constant 255 : i64
    return %c255_i64 : i64
  }
}
"#;
    dead_pure_code_is_erased:
        r#"func.func @f(%x: i64) {
  %c5 = arith.constant 5 : i64
  %r = arith.muli %x, %c5 : i64
  return
}
"#
        => r#"module {
  func.func @f(%arg0: i64) {
    return
  }
}
"#;
}
