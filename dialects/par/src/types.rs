//! The types of the par dialect.
//!
//! | type | meaning |
//! |---|---|
//! | `!par.buf<T>` | a typed buffer in memory every thread can reach (`T`: `i1`..`i64`, `index`, `f32`, `f64`) |
//! | `!par.queue<T>` | a double-buffered work queue: the items of the current round and the pushes for the next |

use strata_ir::types::{is_scalar_element, Type};

/// `!par.buf<T>`.
pub fn buf(element: &Type) -> Type {
    Type::dialect("par", "buf", vec![element.clone()])
}

/// `!par.queue<T>`.
pub fn queue(element: &Type) -> Type {
    Type::dialect("par", "queue", vec![element.clone()])
}

/// The element type of a `!par.buf<T>`.
pub fn buf_element(t: &Type) -> Option<Type> {
    element_of(t, "buf")
}

/// The element type of a `!par.queue<T>`.
pub fn queue_element(t: &Type) -> Option<Type> {
    element_of(t, "queue")
}

fn element_of(t: &Type, mnemonic: &str) -> Option<Type> {
    let Type::Dialect(d) = t else { return None };
    if d.dialect != "par" || d.mnemonic() != mnemonic {
        return None;
    }
    d.single_param().filter(|t| is_scalar_element(t)).cloned()
}

/// Checks a `!par.*` type body when it is parsed.
pub fn verify_type(d: &strata_ir::types::DialectType) -> Result<(), String> {
    if !matches!(d.mnemonic(), "buf" | "queue") {
        return Err(format!("unknown par type '{}', expected buf or queue", d.mnemonic()));
    }
    if d.single_param().is_none_or(|t| !is_scalar_element(t)) {
        return Err(format!(
            "'!par.{}' needs one element type: i1, i8, i16, i32, i64, index, f32 or f64",
            d.mnemonic()
        ));
    }
    Ok(())
}
