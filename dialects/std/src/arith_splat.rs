//! Splat constants: `dense<c> : vector<4xi32>` holds one element `c` in
//! every position, so an elementwise `arith` fold of splats is the scalar
//! fold of their elements, given back as a splat of the result's shape.

use crate::arith::elem;
use strata_ir::attributes::FloatAttr;
use strata_ir::parser::parse_int_literal;
use strata_ir::types::Type;
use strata_ir::Attribute;

/// The one element of a splat constant of type `ty`, as a scalar attribute
/// of `ty`'s element type; `None` for anything else.
pub fn splat_element(a: &Attribute, ty: &Type) -> Option<Attribute> {
    let Attribute::Verbatim(text) = a else { return None };
    let (head, _) = text.rsplit_once(" : ")?;
    let inner = head.strip_prefix("dense<")?.strip_suffix('>')?.trim();
    if inner.starts_with(['[', '(', '"']) {
        return None;
    }
    let e = elem(ty);
    if *e == Type::i1() {
        return match inner {
            "true" | "1" => Some(Attribute::Bool(true)),
            "false" | "0" => Some(Attribute::Bool(false)),
            _ => None,
        };
    }
    if e.is_signless_int_or_index() {
        return parse_int_literal(inner).map(|v| Attribute::int(v, e.clone()));
    }
    let kind = e.float_kind()?;
    let f = match inner.strip_prefix("0x") {
        Some(hex) => FloatAttr::from_bits(kind, u128::from_str_radix(hex, 16).ok()?)?,
        None => FloatAttr::from_f64(kind, inner.parse::<f64>().ok()?),
    };
    Some(Attribute::Float(f))
}

/// The splat constant of shaped type `ty` whose every element is `scalar`.
pub fn splat(scalar: &Attribute, ty: &Type) -> Attribute {
    let element = match scalar {
        Attribute::Bool(b) => b.to_string(),
        Attribute::Integer { value, .. } if *elem(ty) == Type::i1() => (*value != 0).to_string(),
        Attribute::Integer { value, .. } => value.to_string(),
        Attribute::Float(f) => f.to_string(),
        other => return other.clone(),
    };
    Attribute::Verbatim(format!("dense<{element}> : {ty}").into())
}

/// Whether `ty` is a vector or tensor type.
pub fn is_shaped(ty: &Type) -> bool {
    matches!(ty, Type::Vector(_) | Type::Tensor(_))
}
