//! The binary contract between code compiled for the CPU and the runner
//! that calls it. The emitter (`strata-llvm`) produces code that follows
//! it; [`crate::runner`] relies on it.
//!
//! - Every buffer (`!par.buf<T>`) is a pointer to its first element,
//!   preceded by a header of [`HEADER_BYTES`] whose first 64-bit word is
//!   the number of elements. Elements are stored as [`element_bytes`] says;
//!   `i1` as one byte, 0 or -1.
//! - The graph (`!graph.graph`) is a pointer to a descriptor: the number
//!   of nodes and of edges (64-bit), then one pointer per array of
//!   [`strata_par_dialect::ops::GRAPH_ARRAYS`], in that order, each a
//!   buffer (with its header) of the element type that table gives: 64-bit
//!   offsets, edge numbers and weights, 32-bit node ids.
//! - For every public function `f` with a body, the object exports
//!   `_strata_entry_f(args, results)`: both point to arrays of 64-bit
//!   slots, one per argument and per result. Integers are sign-extended
//!   into their slot (`i1` as 0 or 1), `f64` fills it, `f32` takes its
//!   first four bytes, pointers fill it.
//! - [`SET_THREADS`]`(n: i32)` sets the size of the teams of later
//!   parallel regions; [`FREE`]`(buffer)` releases a buffer a function
//!   returned.

use strata_ir::types::{FloatKind, Type};

/// Bytes before the first element of a buffer; the first word is its length.
pub const HEADER_BYTES: usize = 64;
/// Prefix of the exported entry wrappers.
pub const ENTRY_PREFIX: &str = "_strata_entry_";
/// `void _strata_set_threads(i32)`.
pub const SET_THREADS: &str = "_strata_set_threads";
/// `void _strata_free(ptr)`.
pub const FREE: &str = "_strata_free";
/// Fields of the graph descriptor before the array pointers.
pub const GRAPH_SCALAR_FIELDS: u32 = 2;

/// Bytes one element of type `t` takes in a buffer, for the element types
/// buffers can hold.
pub fn element_bytes(t: &Type) -> Option<usize> {
    match t {
        Type::Index => Some(8),
        Type::Integer { width: 1 | 8, .. } => Some(1),
        Type::Integer { width: w @ (16 | 32 | 64), .. } => Some(*w as usize / 8),
        Type::Float(FloatKind::F32) => Some(4),
        Type::Float(FloatKind::F64) => Some(8),
        _ => None,
    }
}
