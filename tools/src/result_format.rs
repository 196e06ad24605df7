//! How `graph-run` writes an entry's results (`--format`).
//!
//! - `lines` (the default): one value a line, as every backend prints them
//!   ([`strata_abi::output`]); where the entry returns several results, each
//!   starts with a `# result N of M` line (no type: a program prints the
//!   same at every level, where a `!graph.nprop<i64>` is a `!par.buf<i64>`).
//! - `csv`: one table per result, separated by an empty line; a property
//!   has a `node` or `edge` column (a buffer an `index` one) beside the
//!   value, a scalar only the value; the value's column is `value`, or
//!   `result1`, `result2`, ... where there are several results.
//! - `json`: `{"results": [...]}`, each result an object with its `type`
//!   and, for a property or buffer, `"kind": "node" | "edge" | "index"` and
//!   its `values`, or for a scalar its `value`. Integers are numbers;
//!   floats are numbers too, but for `"nan"`, `"inf"` and `"-inf"`, which
//!   JSON has no numbers for.

use strata_abi::output::{format_result, number_text};
use strata_abi::{HostValue, Number, ScalarType};
use strata_graph_dialect::types::{classify, GraphType};
use strata_ir::Type;

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFormat {
    /// One value a line.
    Lines,
    /// Comma-separated tables.
    Csv,
    /// One JSON document.
    Json,
}

impl ResultFormat {
    /// The names `--format` takes, in order.
    pub const NAMES: [&'static str; 3] = ["lines", "csv", "json"];

    /// The format named `name` (one of [`Self::NAMES`]).
    pub fn named(name: &str) -> Option<ResultFormat> {
        match name {
            "lines" => Some(ResultFormat::Lines),
            "csv" => Some(ResultFormat::Csv),
            "json" => Some(ResultFormat::Json),
            _ => None,
        }
    }
}

/// What a buffer's positions are: nodes, edges, or plain indices.
fn kind_of(ty: &Type) -> &'static str {
    match classify(ty) {
        Some(GraphType::NodeProp(_)) => "node",
        Some(GraphType::EdgeProp(_)) => "edge",
        _ => "index",
    }
}

/// The text of `results`, whose declared types are `types`, in `format`.
pub fn format_results(results: &[HostValue], types: &[Type], format: ResultFormat) -> String {
    let typed = results.iter().zip(types.iter().map(Some).chain(std::iter::repeat(None)));
    let many = results.len() > 1;
    let mut out = String::new();
    match format {
        ResultFormat::Lines => {
            for (i, (v, _)) in typed.enumerate() {
                if many {
                    out.push_str(&format!("# result {} of {}\n", i + 1, results.len()));
                }
                format_result(v, &mut out);
            }
        }
        ResultFormat::Csv => {
            for (i, (v, ty)) in typed.enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                let column = if many { format!("result{}", i + 1) } else { "value".into() };
                csv_table(v, ty, &column, &mut out);
            }
        }
        ResultFormat::Json => {
            let items: Vec<String> = typed.map(|(v, ty)| json_result(v, ty)).collect();
            out.push_str(&format!("{{\"results\": [{}]}}\n", items.join(", ")));
        }
    }
    out
}

fn type_text(ty: Option<&Type>) -> String {
    ty.map_or_else(|| "?".into(), |t| t.to_string())
}

fn csv_table(v: &HostValue, ty: Option<&Type>, column: &str, out: &mut String) {
    match v {
        HostValue::Graph => out.push_str(&format!("{column}\n<graph>\n")),
        HostValue::Scalar(t, n) => out.push_str(&format!("{column}\n{}\n", number_text(*n, *t))),
        HostValue::Buffer(t, items) => {
            out.push_str(&format!("{},{column}\n", ty.map_or("index", kind_of)));
            for (i, n) in items.iter().enumerate() {
                out.push_str(&format!("{i},{}\n", number_text(*n, *t)));
            }
        }
    }
}

/// A value as JSON: a number, or a string for what JSON has no number for.
fn json_number(n: Number, t: ScalarType) -> String {
    match n {
        Number::Float(x) if !x.is_finite() => format!("\"{}\"", number_text(n, t)),
        _ => number_text(n, t),
    }
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_result(v: &HostValue, ty: Option<&Type>) -> String {
    let ty_text = json_string(&type_text(ty));
    match v {
        HostValue::Graph => format!("{{\"type\": {ty_text}}}"),
        HostValue::Scalar(t, n) => format!("{{\"type\": {ty_text}, \"value\": {}}}", json_number(*n, *t)),
        HostValue::Buffer(t, items) => {
            let values: Vec<String> = items.iter().map(|n| json_number(*n, *t)).collect();
            let kind = ty.map_or("index", kind_of);
            format!("{{\"type\": {ty_text}, \"kind\": \"{kind}\", \"values\": [{}]}}", values.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (Vec<HostValue>, Vec<Type>) {
        let nprop = strata_graph_dialect::types::container("nprop", &Type::int(64));
        let results = vec![
            HostValue::Buffer(ScalarType::Int(64), vec![Number::Int(3), Number::Int(-1)]),
            HostValue::Scalar(ScalarType::F64, Number::Float(f64::NAN)),
        ];
        (results, vec![nprop, Type::f64()])
    }

    #[test]
    fn one_result_prints_as_before_and_several_are_labelled() {
        let (results, types) = sample();
        assert_eq!(format_results(&results[..1], &types[..1], ResultFormat::Lines), "3\n-1\n");
        assert_eq!(
            format_results(&results, &types, ResultFormat::Lines),
            "# result 1 of 2\n3\n-1\n# result 2 of 2\nnan\n"
        );
    }

    #[test]
    fn csv_has_a_table_per_result_with_node_ids() {
        let (results, types) = sample();
        assert_eq!(format_results(&results[..1], &types[..1], ResultFormat::Csv), "node,value\n0,3\n1,-1\n");
        assert_eq!(format_results(&results, &types, ResultFormat::Csv), "node,result1\n0,3\n1,-1\n\nresult2\nnan\n");
    }

    #[test]
    fn json_spells_what_it_has_no_number_for() {
        let (results, types) = sample();
        assert_eq!(
            format_results(&results, &types, ResultFormat::Json),
            "{\"results\": [{\"type\": \"!graph.nprop<i64>\", \"kind\": \"node\", \"values\": [3, -1]}, \
             {\"type\": \"f64\", \"value\": \"nan\"}]}\n"
        );
    }
}
