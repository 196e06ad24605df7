//! The bridge to upstream MLIR, in-process, through melior: the only crate
//! that links upstream MLIR.
//!
//! - [`bridge`]: an upstream context ([`bridge::Upstream`]) and the two
//!   directions, [`bridge::Upstream::import`] (a module of this compiler to an
//!   upstream module) and [`bridge::Upstream::export`] (back). Operations
//!   travel in the generic form with their locations; those of dialects
//!   upstream does not know (`graph`, `sched`, `par`) travel as unregistered
//!   operations.
//! - [`pass`]: `upstream{pipeline="..."}`, a pass that runs an upstream pass
//!   pipeline on the module.
//! - [`par_to_upstream`]: a module at the `par` level in upstream's own
//!   dialects (`memref`, `omp`, `llvm`, ...), for `--emit=upstream-mlir`
//!   ([`emit_upstream_mlir`]).

pub mod bridge;
pub mod par_to_upstream;
pub mod pass;

use strata_ir::{Context, Diagnostic, OpId};

use strata_ir::pass::PassRegistry;

/// Registers the passes of this crate.
pub fn register(r: &mut PassRegistry) {
    r.register(pass::info());
}

/// `module` (at the `par` level) in upstream MLIR's dialects, as upstream
/// prints it after parsing and verifying it (`debug_info`: with locations).
/// The module is rewritten on the way.
pub fn emit_upstream_mlir(ctx: &mut Context, module: OpId, debug_info: bool) -> Result<String, Vec<Diagnostic>> {
    par_to_upstream::convert(ctx, module)?;
    let upstream = bridge::Upstream::new();
    let imported = upstream.import(ctx, module)?;
    upstream.print(ctx, module, &imported, debug_info)
}
