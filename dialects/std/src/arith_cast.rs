//! The verifier of `arith`'s casts, checking in upstream's order with its
//! messages: the operand's and the result's type constraints, equal tensor
//! dimensions, the same shape, then whether the two types cast (widths,
//! `index` on exactly one side, the same container).

use strata_ir::types::{ShapedType, Type};
use strata_ir::verifier::op_error;
use strata_ir::{Context, Diagnostic, OpId, OpName};

use crate::arith::op as arith;
use crate::arith::rounding_mode;

/// What a cast's operand or result must be.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    /// A signless integer (not `index`), or a vector or tensor of them.
    FixedInt,
    /// A float, or a vector or tensor of floats.
    Float,
    /// A signless integer or `index`, a vector or tensor of them, or a
    /// memref of them.
    IntOrMemref,
    /// A signless integer (not `index`) or a float, a vector or tensor of
    /// them, or a memref of them.
    IntOrFloatOrMemref,
}

impl Side {
    fn describe(self) -> &'static str {
        match self {
            Side::FixedInt => "signless-fixed-width-integer-like",
            Side::Float => "floating-point-like",
            Side::IntOrMemref => "signless-integer-like or memref of signless-integer",
            Side::IntOrFloatOrMemref => "signless-integer-or-float-like or memref of signless-integer or float",
        }
    }

    fn accepts(self, t: &Type) -> bool {
        let (memref, e) = match t {
            Type::MemRef(s) => (true, &s.element),
            Type::Vector(s) | Type::Tensor(s) => (false, &s.element),
            t => (false, t),
        };
        match self {
            Side::FixedInt => !memref && e.is_signless_integer(),
            Side::Float => !memref && e.is_float(),
            Side::IntOrMemref => e.is_signless_int_or_index(),
            Side::IntOrFloatOrMemref => e.is_signless_integer() || e.is_float(),
        }
    }
}

/// How the element widths of a cast relate.
#[derive(Clone, Copy, PartialEq)]
enum Widths {
    /// The result is wider.
    Wider,
    /// The result is narrower.
    Narrower,
    /// Both are as wide.
    Same,
    /// Exactly one side is `index`.
    IndexOnOneSide,
    /// Any.
    Any,
}

fn rule(name: OpName) -> (Side, Side, Widths) {
    match name {
        arith::EXTSI | arith::EXTUI => (Side::FixedInt, Side::FixedInt, Widths::Wider),
        arith::TRUNCI => (Side::FixedInt, Side::FixedInt, Widths::Narrower),
        arith::EXTF => (Side::Float, Side::Float, Widths::Wider),
        arith::TRUNCF => (Side::Float, Side::Float, Widths::Narrower),
        arith::SITOFP | arith::UITOFP => (Side::FixedInt, Side::Float, Widths::Any),
        arith::FPTOSI | arith::FPTOUI => (Side::Float, Side::FixedInt, Widths::Any),
        arith::INDEX_CAST | arith::INDEX_CASTUI => (Side::IntOrMemref, Side::IntOrMemref, Widths::IndexOnOneSide),
        _ => (Side::IntOrFloatOrMemref, Side::IntOrFloatOrMemref, Widths::Same),
    }
}

fn shaped(t: &Type) -> Option<&ShapedType> {
    match t {
        Type::Vector(s) | Type::Tensor(s) | Type::MemRef(s) => Some(s),
        _ => None,
    }
}

/// MLIR's `verifyCompatibleShape`: both scalars, or both shaped with the
/// same rank (or one unranked), each size equal or dynamic, and the same
/// scalable sizes.
fn compatible_shapes(a: &Type, b: &Type) -> bool {
    match (shaped(a), shaped(b)) {
        (None, None) => true,
        (Some(x), Some(y)) => match (&x.shape, &y.shape) {
            (Some(dx), Some(dy)) => {
                dx.len() == dy.len()
                    && dx.iter().zip(dy).all(|(p, q)| p == q || *p < 0 || *q < 0)
                    && x.scalable == y.scalable
            }
            _ => true,
        },
        _ => false,
    }
}

/// Whether two types are the same but for the element type.
fn same_container(a: &Type, b: &Type) -> bool {
    let same = |x: &ShapedType, y: &ShapedType| x.shape == y.shape && x.scalable == y.scalable && x.params == y.params;
    match (a, b) {
        (Type::Vector(x), Type::Vector(y))
        | (Type::Tensor(x), Type::Tensor(y))
        | (Type::MemRef(x), Type::MemRef(y)) => same(x, y),
        _ => shaped(a).is_none() && shaped(b).is_none(),
    }
}

/// The element type of a shaped type (memrefs included), else the type.
fn element(t: &Type) -> &Type {
    shaped(t).map_or(t, |s| &s.element)
}

fn width(t: &Type) -> u32 {
    match t {
        Type::Integer { width, .. } => *width,
        Type::Float(k) => k.width(),
        _ => 0,
    }
}

/// Verifies an `arith` cast.
pub fn verify_cast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (from, to) = (ctx.value_type(ctx.operand(op, 0)), ctx.value_type(ctx.result(op, 0)));
    if let Some(mode) = ctx.prop(op, "roundingmode").filter(|_| rounding_mode(ctx, op).is_none()) {
        let props = ctx.properties(op).map(|a| a.to_string()).unwrap_or_default();
        return Err(op_error(
            ctx,
            op,
            format!(
                "invalid properties {props} for op {}: Invalid attribute `roundingmode` in property conversion: {mode}",
                ctx.op_name(op)
            ),
        ));
    }
    let (input, output, widths) = rule(ctx.op_kind(op));
    if !input.accepts(from) {
        return Err(op_error(ctx, op, format!("operand #0 must be {}, but got '{from}'", input.describe())));
    }
    if !output.accepts(to) {
        return Err(op_error(ctx, op, format!("result #0 must be {}, but got '{to}'", output.describe())));
    }
    // Upstream's constraint compares the tensor dimensions of both sides,
    // taking a type that is not a tensor to have none; an unranked tensor
    // matches nothing.
    let tensor_dims = |t: &Type| match t {
        Type::Tensor(s) => s.shape.clone(),
        _ => Some(Vec::new()),
    };
    let same_tensor_dims = matches!((tensor_dims(from), tensor_dims(to)), (Some(x), Some(y)) if x == y);
    if !same_tensor_dims {
        return Err(op_error(ctx, op, "failed to verify that input and output have the same tensor dimensions"));
    }
    if !compatible_shapes(from, to) {
        return Err(op_error(ctx, op, "requires the same shape for all operands and results"));
    }
    let (ef, et) = (element(from), element(to));
    let fits = match widths {
        Widths::Wider => width(et) > width(ef),
        Widths::Narrower => width(et) < width(ef),
        Widths::Same => width(et) == width(ef),
        Widths::IndexOnOneSide => (*ef == Type::Index) != (*et == Type::Index),
        Widths::Any => true,
    };
    if !fits || !same_container(from, to) {
        return Err(op_error(ctx, op, format!("operand type '{from}' and result type '{to}' are cast incompatible")));
    }
    Ok(())
}
