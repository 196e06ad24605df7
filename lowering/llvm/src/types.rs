//! Types: how IR values and buffer elements are represented in LLVM.

use inkwell::context::Context as LlContext;
use std::num::NonZeroU32;

use inkwell::types::{BasicTypeEnum, IntType};
use inkwell::AddressSpace;
use strata_graph_dialect::types::is_graph;
use strata_ir::types::{FloatKind, Type};
use strata_par_dialect::types::{buf_element, queue_element};

/// The LLVM type of an IR value: integers of their width, `index` as
/// `i64`, `f32`/`f64`, and buffers, queues, the graph and functions as
/// pointers.
pub(crate) fn value_type<'c>(cx: &'c LlContext, t: &Type) -> Option<BasicTypeEnum<'c>> {
    Some(match t {
        Type::Integer { width, .. } if (1..=128).contains(width) => int_type(cx, *width)?.into(),
        Type::Index => cx.i64_type().into(),
        Type::Float(FloatKind::F32) => cx.f32_type().into(),
        Type::Float(FloatKind::F64) => cx.f64_type().into(),
        t if is_graph(t) || buf_element(t).is_some() || queue_element(t).is_some() || t.as_function().is_some() => {
            cx.ptr_type(AddressSpace::default()).into()
        }
        _ => return None,
    })
}

/// The LLVM type of a buffer element in memory: as its value, except `i1`,
/// which is a byte (0 or -1) so that it can be accessed atomically.
pub(crate) fn memory_type<'c>(cx: &'c LlContext, t: &Type) -> Option<BasicTypeEnum<'c>> {
    match t {
        Type::Integer { width: 1, .. } => Some(cx.i8_type().into()),
        t => strata_par_dialect::abi::element_bytes(t).and_then(|_| value_type(cx, t)),
    }
}

/// The integer type of `width` bits.
pub(crate) fn int_type(cx: &LlContext, width: u32) -> Option<IntType<'_>> {
    match width {
        1 => Some(cx.bool_type()),
        8 => Some(cx.i8_type()),
        16 => Some(cx.i16_type()),
        32 => Some(cx.i32_type()),
        64 => Some(cx.i64_type()),
        w => cx.custom_width_int_type(NonZeroU32::new(w)?).ok(),
    }
}
