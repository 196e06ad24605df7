//! The core of the compiler's IR, modelled on MLIR.
//!
//! - [`context`]: the arena of operations, blocks, regions and values;
//! - [`types`], [`attributes`]: builtin types and attributes (plus opaque dialect ones);
//! - [`parser`], [`printer`]: MLIR's generic syntax and per-op custom syntax;
//! - [`verifier`], [`diagnostics`]: structural and per-op checks, located messages;
//! - [`registry`]: dialects and operation definitions; [`dialect_ops`] (each op declared once), [`op_format`], [`op_name`], [`op_view`],
//!   [`signature`], [`prop_enum`]: how an operation is declared;
//! - [`pass`], [`pipeline`]: passes, textual pipelines, the pass manager;
//! - [`rewrite`], [`conversion`]: the greedy pattern driver and dialect conversion;
//! - [`builtin`], [`func`]: the two dialects every program uses.

pub mod affine;
mod aliases;
pub mod attributes;
pub mod builder;
pub mod builtin;
pub mod constant_table;
pub mod context;
pub mod conversion;
pub mod dense;
pub mod diagnostics;
pub mod dialect_ops;
pub mod expected;
pub mod float_text;
pub mod func;
pub mod lexer;
pub mod nesting;
pub mod op_format;
pub mod op_name;
pub mod op_view;
pub mod parser;
pub mod pass;
pub mod pass_options;
pub mod pipeline;
pub mod printer;
pub mod prop_enum;
pub mod registry;
pub mod rewrite;
pub mod signature;
pub mod suggest;
pub mod symbols;
pub mod testing;
pub mod types;
pub mod verifier;
pub mod wide_float;

pub use attributes::{Attribute, Location, NamedAttr};
pub use context::{BlockId, Context, OpId, OperationState, RegionId, Value};
pub use diagnostics::{Diagnostic, Severity, SourceMgr};
pub use op_name::OpName;
pub use registry::{Dialect, OpDef, Registry, Traits};
pub use types::Type;

/// A registry holding the core dialects (`builtin`, `func`).
pub fn core_registry() -> Registry {
    let mut r = Registry::new();
    r.register(builtin::dialect());
    r.register(func::dialect());
    r
}
