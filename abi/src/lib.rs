//! The binary contract between compiled code and the runners that call it,
//! shared by the code generator (`strata-llvm`), the CPU runner
//! (`strata-cpu`), the GPU runner (`strata-gpu`) and the interpreter's
//! results. It depends on no part of the compiler: the compiler maps its
//! types onto [`ScalarType`] and [`SlotType`].
//!
//! - Every buffer (`!par.buf<T>`) is a pointer to its first element,
//!   preceded by a header of [`HEADER_BYTES`] whose first 64-bit word is the
//!   number of elements. Elements are stored as [`ScalarType::bytes`] says;
//!   `i1` as one byte, 0 or -1.
//! - The graph (`!graph.graph`) is a pointer to a descriptor: the number of
//!   nodes, the number of edges and whether the graph is symmetric (0 or 1;
//!   64-bit, [`GRAPH_SCALAR_FIELDS`] fields), then one
//!   pointer per [`GraphArray`], in the order of [`GraphArray::ALL`], each a
//!   buffer (with its header) of the element type [`GraphArray::element`]
//!   gives. `strata_abi::GraphImage` lays a graph out so.
//! - For every public function `f` with a body, the compiled code exports
//!   `_strata_entry_f(args, results)` ([`ENTRY_PREFIX`]): both point to
//!   arrays of 64-bit slots, one per argument and per result ([`slots`]).
//!   Integers are sign-extended into their slot (`i1` as 0 or 1), `f64`
//!   fills it, `f32` takes its first four bytes, pointers fill it.
//! - [`SET_THREADS`]`(n: i32)` sets the size of the teams of later parallel
//!   regions; [`FREE`]`(buffer)` releases a buffer a function returned.
//! - GPU kernels run in blocks of [`GPU_BLOCK_THREADS`] threads and take
//!   their buffers from the pool the runner sets in [`POOL`].
//! - A program compiled with profiling also exports the times of its
//!   phases ([`profile`]).
//!
//! Results of every backend come back as [`HostValue`]s, print in one
//! format ([`output`]) and are compared with one tolerance
//! ([`compare::compare_results`]).

pub mod compare;
mod image;
mod layout;
pub mod output;
pub mod profile;
pub mod slots;
pub mod support;
mod value;

pub use image::GraphImage;
pub use layout::{
    entry_symbol, symbol_name, GraphArray, ScalarType, SlotType, ENTRY_PREFIX, FREE, GPU_BLOCK_THREADS,
    GRAPH_SCALAR_FIELDS, GRAPH_SYMMETRIC_FIELD, HEADER_BYTES, POOL, SET_THREADS,
};
pub use value::{HostValue, Number};
