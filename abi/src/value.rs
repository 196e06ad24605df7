//! Values on the host side of the contract: what a run is given and what
//! it returns, the same for every backend.

use crate::ScalarType;

/// One number: integers (indices, booleans with `true` as -1, nodes and
/// edges) sign-extended to 128 bits, floats in `f64` (rounded to `f32`'s
/// precision where the type is `f32`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    /// An integer.
    Int(i128),
    /// A float.
    Float(f64),
}

impl Number {
    /// The integer, or the float truncated toward zero.
    pub fn int(self) -> i128 {
        match self {
            Number::Int(v) => v,
            Number::Float(x) => x as i128,
        }
    }
    /// The float, or the integer converted.
    pub fn float(self) -> f64 {
        match self {
            Number::Int(v) => v as f64,
            Number::Float(x) => x,
        }
    }
}

/// An argument or a result of an entry function.
#[derive(Clone, Debug, PartialEq)]
pub enum HostValue {
    /// The graph the run is given (arguments only).
    Graph,
    /// A scalar of the given type.
    Scalar(ScalarType, Number),
    /// A buffer (a node or edge property, an array) of elements of the
    /// given type.
    Buffer(ScalarType, Vec<Number>),
}

impl HostValue {
    /// The value's numbers: a buffer's elements, a scalar as one, none for
    /// the graph.
    pub fn numbers(&self) -> &[Number] {
        match self {
            HostValue::Graph => &[],
            HostValue::Scalar(_, n) => std::slice::from_ref(n),
            HostValue::Buffer(_, v) => v,
        }
    }
    /// A scalar integer of type `t`.
    pub fn int(t: ScalarType, v: i128) -> HostValue {
        HostValue::Scalar(t, Number::Int(v))
    }
    /// A scalar float of type `t`.
    pub fn float(t: ScalarType, x: f64) -> HostValue {
        HostValue::Scalar(t, Number::Float(x))
    }
}
