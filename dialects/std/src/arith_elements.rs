//! Constants of vectors and tensors (`dense<...> : vector<4xi32>`) seen
//! element by element, so that elementwise `arith` operations fold on them:
//! a splat (`dense<c>`, one element in every position) folds as its element
//! and gives back a splat; a list of elements folds position by position.

use strata_ir::dense::{self, Elements};
use strata_ir::registry::{FoldResult, Folded};
use strata_ir::rewrite::{constant_int, constant_value};
use strata_ir::types::Type;
use strata_ir::{Attribute, Context, OpId, Value};

/// The most elements a list constant may have for its operations to fold
/// position by position (a splat folds whatever its size).
pub const MAX_FOLDED_ELEMENTS: usize = 1 << 16;

/// The elements of a constant of shaped type `ty` (a `dense<...>` of
/// integers, booleans or floats); `None` for anything else, or a list longer
/// than [`MAX_FOLDED_ELEMENTS`].
pub fn elements(a: &Attribute, ty: &Type) -> Option<Elements> {
    let Attribute::Verbatim(text) = a else { return None };
    let (head, _) = text.rsplit_once(" : ")?;
    let body = head.strip_prefix("dense<")?.strip_suffix('>')?;
    match dense::read(body, ty).ok()?? {
        Elements::List(list) if list.len() > MAX_FOLDED_ELEMENTS => None,
        e => Some(e),
    }
}

/// The constant of shaped type `ty` with these elements.
pub fn dense(elements: &Elements, ty: &Type) -> Attribute {
    dense::attribute(elements, ty)
}

/// Whether `ty` is a vector or tensor type.
pub fn is_shaped(ty: &Type) -> bool {
    matches!(ty, Type::Vector(_) | Type::Tensor(_))
}

/// The integer (or boolean, as 0 or 1) every element of `v` holds: a scalar
/// constant's value or a splat's element.
pub fn splat_int(ctx: &Context, v: Value) -> Option<i128> {
    constant_int(ctx, v).or_else(|| match elements(constant_value(ctx, v)?, ctx.value_type(v))? {
        Elements::Splat(e) => e.as_int(),
        Elements::List(_) => None,
    })
}

/// The fold of an elementwise operation: `fold_scalar` folds scalars (and
/// vectors or tensors element by element, given their elements' constants).
/// On vectors and tensors, splat operands fold once, as their element, and
/// give splats; lists of constants fold position by position. Other shaped
/// constants are kept as written, and no constant of a dynamic shape is made.
pub fn fold_elementwise(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
    fold_scalar: fn(&mut Context, OpId, &[Option<Attribute>]) -> Option<Folded>,
) -> Option<Folded> {
    let operand_types: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v).clone()).collect();
    let result_types: Vec<Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r).clone()).collect();
    if !operand_types.iter().chain(&result_types).any(is_shaped) {
        return fold_scalar(ctx, op, c);
    }
    let shaped: Vec<Option<Elements>> = c
        .iter()
        .zip(&operand_types)
        .map(|(a, t)| a.as_ref().filter(|_| is_shaped(t)).and_then(|a| elements(a, t)))
        .collect();
    let element_at = |k: usize, i: usize| -> Option<Attribute> {
        if !is_shaped(&operand_types[k]) {
            return c[k].clone();
        }
        match shaped[k].as_ref()? {
            Elements::Splat(a) => Some(a.clone()),
            Elements::List(list) => list.get(i).cloned(),
        }
    };
    // First as if lists were unknown: splats and scalars fold once (and a
    // fold that needs no list, `select` on a splat condition, takes the
    // operand itself rather than a copy of its elements).
    let once: Vec<Option<Attribute>> = (0..c.len())
        .map(|k| match shaped[k] {
            Some(Elements::List(_)) => None,
            _ => element_at(k, 0),
        })
        .collect();
    if let Some(folded) = fold_scalar(ctx, op, &once) {
        let Folded::Results(results) = folded else { return Some(folded) };
        let results = results
            .into_iter()
            .zip(&result_types)
            .map(|(r, t)| match r {
                FoldResult::Attr(a) if is_shaped(t) => {
                    static_shape(t).then(|| FoldResult::Attr(dense(&Elements::Splat(a), t)))
                }
                r => Some(r),
            })
            .collect::<Option<_>>()?;
        return Some(Folded::Results(results));
    }
    let length = shaped.iter().flatten().find_map(|e| match e {
        Elements::List(list) => Some(list.len()),
        Elements::Splat(_) => None,
    })?;
    // Position by position: every operand must be a known constant.
    if (0..c.len()).any(|k| c[k].is_none() || (is_shaped(&operand_types[k]) && shaped[k].is_none())) {
        return None;
    }
    let operands = ctx.operands(op).to_vec();
    let mut lists: Vec<Vec<Attribute>> = vec![Vec::with_capacity(length); result_types.len()];
    for i in 0..length {
        let at: Vec<Option<Attribute>> = (0..c.len()).map(|k| element_at(k, i)).collect();
        let Folded::Results(results) = fold_scalar(ctx, op, &at)? else { return None };
        for (list, r) in lists.iter_mut().zip(results) {
            list.push(match r {
                FoldResult::Attr(a) => a,
                FoldResult::Value(v) => at[operands.iter().position(|o| *o == v)?].clone()?,
            });
        }
    }
    let results = lists.into_iter().zip(&result_types).map(|(l, t)| FoldResult::Attr(dense(&Elements::List(l), t)));
    Some(Folded::Results(results.collect()))
}

/// Whether a constant can have type `ty`: a scalar, or a vector or a
/// ranked tensor of static sizes.
fn static_shape(ty: &Type) -> bool {
    match ty {
        Type::Vector(_) => true,
        Type::Tensor(s) => s.shape.as_ref().is_some_and(|d| d.iter().all(|n| *n >= 0)),
        _ => true,
    }
}

/// The constant of type `ty` (a scalar, or a splat of a vector or tensor)
/// whose every element is `scalar`.
pub fn constant_of(scalar: Attribute, ty: &Type) -> Attribute {
    if is_shaped(ty) {
        dense(&Elements::Splat(scalar), ty)
    } else {
        scalar
    }
}
