//! The output format shared by every backend: a buffer prints one value a
//! line in element order; a scalar prints one line; several results print
//! one after another. Integers print in decimal (`i1` as 0 or 1), floats in
//! shortest round-trip form with `inf`, `-inf` and `nan` spelled so.

use crate::{HostValue, Number, ScalarType};

/// Formats a float in shortest round-trip form.
pub fn format_float(x: f64) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{x:?}")
    }
}

/// The text of one value of type `t`: decimal integers (`i1` as 0 or 1),
/// floats as [`format_float`] writes them.
pub fn number_text(n: Number, t: ScalarType) -> String {
    match n {
        Number::Float(x) => format_float(x),
        Number::Int(i) if t == ScalarType::Int(1) => (if i != 0 { "1" } else { "0" }).into(),
        Number::Int(i) => i.to_string(),
    }
}

fn format_number(n: Number, t: ScalarType, out: &mut String) {
    out.push_str(&number_text(n, t));
    out.push('\n');
}

/// Appends the text of one result.
pub fn format_result(v: &HostValue, out: &mut String) {
    match v {
        HostValue::Graph => out.push_str("<graph>\n"),
        HostValue::Scalar(t, n) => format_number(*n, *t, out),
        HostValue::Buffer(t, items) => {
            for n in items {
                format_number(*n, *t, out);
            }
        }
    }
}

/// The text of a run's results.
pub fn format_results(results: &[HostValue]) -> String {
    let mut out = String::new();
    for v in results {
        format_result(v, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_print_one_number_a_line() {
        let results = [
            HostValue::Buffer(ScalarType::Int(1), vec![Number::Int(-1), Number::Int(0)]),
            HostValue::float(ScalarType::F64, 0.1),
            HostValue::Buffer(
                ScalarType::F32,
                vec![Number::Float(f64::INFINITY), Number::Float(f64::NEG_INFINITY), Number::Float(f64::NAN)],
            ),
            HostValue::int(ScalarType::Int(64), -7),
        ];
        assert_eq!(format_results(&results), "1\n0\n0.1\ninf\n-inf\nnan\n-7\n");
    }
}
