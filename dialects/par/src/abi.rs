//! How the par level's types cross the host/device contract of
//! `strata-abi`: scalars, buffers and the graph, mapped onto its slot types.

use strata_abi::{GraphArray, ScalarType, SlotType};
use strata_ir::context::{Context, OpId, Value};
use strata_ir::types::{FloatKind, FunctionType, Type};

use crate::types::buf_element;

/// The contract's scalar type of `t`, for integers, `index`, `f32` and `f64`.
pub fn scalar_type(t: &Type) -> Option<ScalarType> {
    match t {
        Type::Integer { width, .. } => Some(ScalarType::Int(*width)),
        Type::Index => Some(ScalarType::Index),
        Type::Float(FloatKind::F32) => Some(ScalarType::F32),
        Type::Float(FloatKind::F64) => Some(ScalarType::F64),
        _ => None,
    }
}

/// The IR type of a contract scalar.
pub fn ir_type(s: ScalarType) -> Type {
    match s {
        ScalarType::Int(w) => Type::int(w),
        ScalarType::Index => Type::Index,
        ScalarType::F32 => Type::f32(),
        ScalarType::F64 => Type::f64(),
    }
}

/// Bytes one element of type `t` takes in a buffer, for the types buffers
/// can hold.
pub fn element_bytes(t: &Type) -> Option<usize> {
    scalar_type(t).and_then(ScalarType::bytes)
}

/// The slot that carries a value of type `t` across the contract: a
/// scalar, a `!par.buf<T>` or the `!graph.graph`.
pub fn slot_type(t: &Type) -> Option<SlotType> {
    if t.is_dialect_type("graph", "graph") {
        return Some(SlotType::Graph);
    }
    match buf_element(t) {
        Some(e) => scalar_type(&e).map(SlotType::Buffer),
        None => scalar_type(t).map(SlotType::Scalar),
    }
}

/// The argument and result slots of the entry `name` with the lowered
/// signature `fty`, or why the `backend` cannot call it.
pub fn entry_slots(backend: &str, name: &str, fty: &FunctionType) -> Result<(Vec<SlotType>, Vec<SlotType>), String> {
    let inputs = fty
        .inputs
        .iter()
        .map(|t| {
            slot_type(t)
                .ok_or_else(|| format!("error: the {backend} backend cannot pass a value of type {t} to '{name}'"))
        })
        .collect::<Result<_, _>>()?;
    let results = fty
        .results
        .iter()
        .map(|t| match slot_type(t) {
            Some(SlotType::Graph) | None => {
                Err(format!("error: the {backend} backend cannot return a value of type {t} from '{name}'"))
            }
            Some(s) => Ok(s),
        })
        .collect::<Result<_, _>>()?;
    Ok((inputs, results))
}

/// The array a `par.graph_array` reads, if its `array` property names one.
pub fn graph_array_of(ctx: &Context, op: OpId) -> Option<GraphArray> {
    crate::op::GraphArrayOp::of(ctx, op).and_then(|g| GraphArray::from_name(&g.array(ctx)))
}

/// The `par.graph_array` that made the buffer `buf`, when one did: `buf` is
/// then one of the graph's arrays, which no operation writes.
pub fn graph_array_op(ctx: &Context, buf: Value) -> Option<OpId> {
    ctx.defining_op(buf).filter(|d| ctx.op_kind(*d) == crate::op::GRAPH_ARRAY)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::buf;

    #[test]
    fn par_types_map_onto_slots() {
        assert_eq!(slot_type(&Type::i32()), Some(SlotType::Scalar(ScalarType::Int(32))));
        assert_eq!(slot_type(&buf(&Type::f32())), Some(SlotType::Buffer(ScalarType::F32)));
        assert_eq!(slot_type(&Type::dialect("graph", "graph", vec![])), Some(SlotType::Graph));
        assert_eq!(slot_type(&crate::types::queue(&Type::Index)), None);
        for s in [ScalarType::Int(1), ScalarType::Int(64), ScalarType::Index, ScalarType::F32, ScalarType::F64] {
            assert_eq!(scalar_type(&ir_type(s)), Some(s));
        }
    }

    #[test]
    fn an_entry_returns_no_graph() {
        let g = Type::dialect("graph", "graph", vec![]);
        let fty = FunctionType { inputs: vec![g.clone(), Type::i64()], results: vec![buf(&Type::i64())] };
        let (i, r) = entry_slots("CPU", "f", &fty).unwrap();
        assert_eq!(i, vec![SlotType::Graph, SlotType::Scalar(ScalarType::Int(64))]);
        assert_eq!(r, vec![SlotType::Buffer(ScalarType::Int(64))]);
        let bad = FunctionType { inputs: vec![], results: vec![g] };
        assert_eq!(
            entry_slots("GPU", "f", &bad).unwrap_err(),
            "error: the GPU backend cannot return a value of type !graph.graph from 'f'"
        );
    }
}
