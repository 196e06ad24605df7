//! The output contract shared by every backend: a node or edge property
//! prints one value per line in element order; a scalar prints one line;
//! several results print one after another. Integers print in decimal
//! (`i1` as 0 or 1), floats in shortest round-trip form with `inf`, `-inf`
//! and `nan` spelled so.

use strata_ir::types::Type;

use crate::value::Val;

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

fn format_scalar(v: &Val, ty: &Type, out: &mut String) {
    match v {
        Val::Float(x) => out.push_str(&format_float(*x)),
        Val::Int(i) if *ty == Type::i1() => out.push_str(if *i != 0 { "1" } else { "0" }),
        Val::Int(i) => out.push_str(&i.to_string()),
        _ => out.push_str("<unprintable>"),
    }
    out.push('\n');
}

/// Appends the text of one result of type `ty`.
pub fn format_result(v: &Val, ty: &Type, out: &mut String) {
    let elem = strata_graph_dialect::types::element(ty).or_else(|| strata_par_dialect::types::buf_element(ty));
    match (v, elem) {
        (Val::Prop(p), Some(e)) => {
            for x in p.borrow().iter() {
                format_scalar(x, &e, out);
            }
        }
        _ => format_scalar(v, ty, out),
    }
}
