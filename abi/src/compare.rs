//! Whether two runs' results agree: the one comparison every tool and test
//! uses to check a backend or a pass against the interpreter.

use crate::{HostValue, Number, ScalarType};

/// Floats agree when equal (infinities of one sign included), both NaN, or
/// within this fraction of the larger magnitude: backends may add floats in
/// another order (a node's sum split among threads, atomic additions),
/// which changes the last bits, never more.
pub const RELATIVE_TOLERANCE: f64 = 1e-9;

/// The same for `f32` elements: the last bits of a single-precision sum of
/// thousands of terms added in another order, about a thousand units in the
/// last place (PageRank in `f32` over 20 iterations: a few times 1e-6).
pub const RELATIVE_TOLERANCE_F32: f64 = 1e-4;

/// Whether two numbers agree: integers exactly, floats as
/// [`RELATIVE_TOLERANCE`] says; an integer never agrees with a float.
pub fn numbers_agree(a: Number, b: Number) -> bool {
    numbers_agree_within(a, b, RELATIVE_TOLERANCE)
}

/// [`numbers_agree`] with floats within `tolerance` of the larger magnitude.
pub fn numbers_agree_within(a: Number, b: Number, tolerance: f64) -> bool {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => x == y,
        (Number::Float(x), Number::Float(y)) => {
            // An infinity agrees only with itself (the bound below is infinite).
            x == y
                || (x.is_nan() && y.is_nan())
                || (x.is_finite() && y.is_finite() && (x - y).abs() <= tolerance * x.abs().max(y.abs()))
        }
        _ => false,
    }
}

/// The tolerance floats of a value compare with: [`RELATIVE_TOLERANCE_F32`]
/// where either side holds `f32`, [`RELATIVE_TOLERANCE`] otherwise.
fn tolerance(a: &HostValue, b: &HostValue) -> f64 {
    let single =
        |v: &HostValue| matches!(v, HostValue::Scalar(ScalarType::F32, _) | HostValue::Buffer(ScalarType::F32, _));
    if single(a) || single(b) {
        RELATIVE_TOLERANCE_F32
    } else {
        RELATIVE_TOLERANCE
    }
}

/// Where one result disagrees with another: the number of elements that
/// differ and the first of them, or `None` when they agree.
pub fn value_difference(got: &HostValue, want: &HostValue) -> Option<String> {
    let (a, b) = (got.numbers(), want.numbers());
    if matches!(got, HostValue::Buffer(..)) != matches!(want, HostValue::Buffer(..)) {
        return Some("a buffer against a scalar".into());
    }
    if a.len() != b.len() {
        return Some(format!("{} elements against {}", a.len(), b.len()));
    }
    let tol = tolerance(got, want);
    let bad: Vec<usize> = (0..a.len()).filter(|i| !numbers_agree_within(a[*i], b[*i], tol)).collect();
    let show = |n: Number| match n {
        Number::Int(i) => i.to_string(),
        Number::Float(x) => crate::output::format_float(x),
    };
    bad.first()
        .map(|i| format!("{} elements differ, the first at {i}: {} against {}", bad.len(), show(a[*i]), show(b[*i])))
}

/// Checks that a run's results agree with the expected ones (see
/// [`numbers_agree`]); the error names the first result that differs and
/// how.
pub fn compare_results(got: &[HostValue], want: &[HostValue]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!("{} results against {}", got.len(), want.len()));
    }
    for (i, (a, b)) in got.iter().zip(want).enumerate() {
        if let Some(d) = value_difference(a, b) {
            return Err(format!("result {i}: {d}"));
        }
    }
    Ok(())
}

/// Whether `got` and `want` differ, but only in float elements: the same
/// results, shapes and integers, and some float that [`compare_results`]
/// finds apart. Sums of floats added in another order (a schedule's
/// threads, atomics) differ so where their terms cancel, a difference no
/// fixed tolerance bounds.
pub fn floats_differ_only(got: &[HostValue], want: &[HostValue]) -> bool {
    let same_shape = |a: &HostValue, b: &HostValue| {
        matches!(a, HostValue::Buffer(..)) == matches!(b, HostValue::Buffer(..))
            && a.numbers().len() == b.numbers().len()
    };
    let ints_agree = |a: &HostValue, b: &HostValue| {
        a.numbers().iter().zip(b.numbers()).all(|(x, y)| match (x, y) {
            (Number::Float(_), Number::Float(_)) => true,
            (x, y) => numbers_agree(*x, *y),
        })
    };
    got.len() == want.len()
        && got.iter().zip(want).all(|(a, b)| same_shape(a, b) && ints_agree(a, b))
        && compare_results(got, want).is_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floats(v: &[f64]) -> HostValue {
        HostValue::Buffer(ScalarType::F64, v.iter().map(|x| Number::Float(*x)).collect())
    }

    #[test]
    fn single_precision_values_compare_with_their_own_tolerance() {
        let f32s = |v: &[f64]| HostValue::Buffer(ScalarType::F32, v.iter().map(|x| Number::Float(*x)).collect());
        assert_eq!(value_difference(&f32s(&[1.0, 2.0]), &f32s(&[1.0 + 5e-6, 2.0])), None);
        assert!(value_difference(&f32s(&[1.0]), &f32s(&[1.001])).is_some());
        assert!(value_difference(&floats(&[1.0]), &floats(&[1.0 + 5e-6])).is_some());
    }

    #[test]
    fn floats_agree_within_the_relative_tolerance_only() {
        assert!(numbers_agree(Number::Float(1.0), Number::Float(1.0 + 1e-12)));
        assert!(!numbers_agree(Number::Float(1.0), Number::Float(1.0 + 1e-6)));
        // No absolute floor: tiny values are compared relatively too.
        assert!(!numbers_agree(Number::Float(1e-12), Number::Float(2e-12)));
        assert!(numbers_agree(Number::Float(f64::NAN), Number::Float(f64::NAN)));
        assert!(numbers_agree(Number::Float(f64::INFINITY), Number::Float(f64::INFINITY)));
        assert!(!numbers_agree(Number::Float(f64::INFINITY), Number::Float(f64::NEG_INFINITY)));
        assert!(!numbers_agree(Number::Float(f64::INFINITY), Number::Float(f64::MAX)));
        assert!(!numbers_agree(Number::Int(1), Number::Float(1.0)));
    }

    #[test]
    fn a_difference_in_floats_alone_is_told_apart() {
        let ints = |v: &[i128]| HostValue::Buffer(ScalarType::Int(64), v.iter().map(|x| Number::Int(*x)).collect());
        assert!(floats_differ_only(&[floats(&[1.0, 192.0]), ints(&[1])], &[floats(&[1.0, 0.0]), ints(&[1])]));
        assert!(!floats_differ_only(&[floats(&[1.0]), ints(&[2])], &[floats(&[0.0]), ints(&[1])]));
        assert!(!floats_differ_only(&[floats(&[1.0])], &[floats(&[1.0])]));
        assert!(!floats_differ_only(&[floats(&[1.0, 2.0])], &[floats(&[1.0])]));
    }

    #[test]
    fn the_first_difference_is_named() {
        assert_eq!(compare_results(&[floats(&[1.0, 2.0])], &[floats(&[1.0, 2.0])]), Ok(()));
        assert_eq!(
            compare_results(&[floats(&[1.0, 2.0, 4.0])], &[floats(&[1.0, 3.0, 5.0])]),
            Err("result 0: 2 elements differ, the first at 1: 2.0 against 3.0".into())
        );
        assert_eq!(compare_results(&[floats(&[1.0])], &[]), Err("1 results against 0".into()));
        assert_eq!(
            compare_results(&[HostValue::int(ScalarType::Int(64), 3)], &[floats(&[3.0])]),
            Err("result 0: a buffer against a scalar".into())
        );
    }
}
