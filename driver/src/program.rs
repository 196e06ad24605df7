//! A program on its way through the compiler: loaded from text, lowered by
//! pipelines, compiled for a target.

use std::collections::HashMap;
use std::sync::Arc;
use strata_graph_dialect::types::{self as graph_types, GraphType};
use strata_ir::func::op as func;

use strata_abi::SlotType;

use crate::load::{load, Checks, Source};
use crate::pipeline::{at_codegen_level, codegen_pipeline};
use strata_ir::diagnostics::SourceMgr;
use strata_ir::func::{function_type, is_declaration};
use strata_ir::pass::{Instrumentation, OpPassManager, PassManager, PassRegistry};
use strata_ir::pipeline::{parse_pipeline, PIPELINE_BUFFER};
use strata_ir::symbols::{lookup_symbol_in, symbol_name};
use strata_ir::types::FunctionType;
use strata_ir::{Context, Diagnostic, OpId, Registry, Severity};

use crate::DriverError;

/// A module and the sources its diagnostics point into. Its methods' errors
/// are [`DriverError`]s; diagnostics among them come rendered as text
/// (`file:line:col: error: ...`).
pub struct Program {
    /// The IR.
    pub ctx: Context,
    /// The module.
    pub module: OpId,
    /// The file's name in diagnostics.
    pub file: String,
    /// The sources diagnostics point into: the file, and a pipeline text
    /// run on it.
    pub sources: SourceMgr,
    /// The remarks and warnings of the pipelines that succeeded, not yet
    /// taken ([`Program::take_reports`]).
    reports: Vec<Diagnostic>,
    /// Each function's signature as written, before any lowering: what a
    /// run may return is decided on it, the same for every backend.
    written: HashMap<String, FunctionType>,
}

impl Program {
    /// Parses `text` (called `file` in diagnostics), verifies it and checks
    /// its loops for data races.
    pub fn load(registry: Arc<Registry>, file: &str, text: &str) -> Result<Program, DriverError> {
        let mut sources = SourceMgr::new();
        sources.add(file, text);
        let mut ctx = Context::new(registry);
        match load(&mut ctx, &Source::new(file, text), (0, text.len()), Checks::VerifyAndRaces) {
            Ok(l) => {
                let written = signatures(&ctx, l.module);
                Ok(Program { ctx, module: l.module, file: file.to_string(), sources, reports: Vec::new(), written })
            }
            Err(errors) => Err(DriverError::Diagnostics(errors.iter().map(|d| sources.render(d)).collect())),
        }
    }

    /// `d` as text.
    pub fn render(&self, d: &Diagnostic) -> String {
        self.sources.render(d)
    }

    /// The error `d` is, rendered.
    pub fn failure(&self, d: &Diagnostic) -> DriverError {
        DriverError::Diagnostics(self.render(d))
    }

    fn render_all(&self, ds: &[Diagnostic]) -> String {
        ds.iter().map(|d| self.render(d)).collect()
    }

    /// Runs `pipeline` on the module; the error holds every diagnostic the
    /// passes reported. On success their remarks and warnings (a schedule's
    /// `remarks=true`, say) wait for [`Program::take_reports`].
    pub fn lower(&mut self, pipeline: OpPassManager) -> Result<(), DriverError> {
        let mut pm = PassManager::new(pipeline, Instrumentation::default());
        let failed = pm.run(&mut self.ctx, self.module).is_err();
        let diagnostics = std::mem::take(&mut self.ctx.diagnostics);
        if failed || diagnostics.iter().any(|d| d.severity == Severity::Error) {
            return Err(DriverError::Diagnostics(self.render_all(&diagnostics)));
        }
        self.reports.extend(diagnostics);
        Ok(())
    }

    /// The remarks and warnings of the pipelines run since the last call,
    /// rendered as text (`file:line:col: remark: ...`).
    pub fn take_reports(&mut self) -> String {
        let reports = std::mem::take(&mut self.reports);
        self.render_all(&reports)
    }

    /// Runs the pipeline written as `text` (MLIR's textual form) with the
    /// passes of `passes`.
    pub fn lower_text(&mut self, text: &str, passes: &PassRegistry) -> Result<(), DriverError> {
        self.sources.add(PIPELINE_BUFFER, text);
        let pipeline = parse_pipeline(text, passes).map_err(|d| self.failure(&d))?;
        self.lower(pipeline)
    }

    /// The function `name` that a run can enter: defined, with a body.
    pub fn entry(&self, name: &str) -> Result<OpId, DriverError> {
        let Some(f) = lookup_symbol_in(&self.ctx, self.module, name).filter(|f| self.ctx.op_name(*f) == func::FUNC)
        else {
            let mut functions: Vec<String> = self.written.keys().cloned().collect();
            functions.sort();
            return Err(DriverError::NoFunction(self.file.clone(), name.to_string(), functions));
        };
        if is_declaration(&self.ctx, f) {
            return Err(DriverError::Declaration(name.to_string()));
        }
        Ok(f)
    }

    /// The signature of the entry `name`.
    pub fn signature(&self, name: &str) -> Result<FunctionType, DriverError> {
        let f = self.entry(name)?;
        function_type(&self.ctx, f).cloned().ok_or_else(|| DriverError::NoFunctionType(name.to_string()))
    }

    /// The argument and result slots of the lowered entry `name`, or why
    /// the `backend` cannot call it. A union-find or a worklist, which
    /// lowers to buffers, is no result (the interpreter refuses it too).
    pub fn entry_slots(&self, name: &str, backend: &str) -> Result<(Vec<SlotType>, Vec<SlotType>), DriverError> {
        if let Some(t) = self.written.get(name).into_iter().flat_map(|f| &f.results).find(|t| {
            matches!(graph_types::classify(t), Some(GraphType::UnionFind | GraphType::Worklist(_) | GraphType::Graph))
        }) {
            return Err(DriverError::NotReturnable(t.clone()));
        }
        strata_par_dialect::abi::entry_slots(backend, name, &self.signature(name)?).map_err(DriverError::Contract)
    }

    /// Runs the [`codegen_pipeline`] where the module is lowered far enough
    /// for it ([`at_codegen_level`]).
    fn prepare_codegen(&mut self) -> Result<(), DriverError> {
        if at_codegen_level(&self.ctx, self.module) {
            self.lower(codegen_pipeline())?;
        }
        Ok(())
    }

    /// Compiles the lowered module for the CPU, as `what` asks (after the
    /// [`codegen_pipeline`]).
    pub fn compile_cpu(
        &mut self,
        options: &strata_llvm::Options,
        what: strata_llvm::Emit,
    ) -> Result<Vec<u8>, DriverError> {
        self.prepare_codegen()?;
        strata_llvm::compile(&self.ctx, self.module, options, what).map_err(|d| self.failure(&d))
    }

    /// Compiles the lowered module for the GPU, as `what` asks (PTX for
    /// [`strata_llvm::Emit::Assembly`]; after the [`codegen_pipeline`]).
    pub fn compile_gpu(
        &mut self,
        options: &strata_llvm::GpuOptions,
        what: strata_llvm::Emit,
    ) -> Result<Vec<u8>, DriverError> {
        self.prepare_codegen()?;
        strata_llvm::compile_gpu(&self.ctx, self.module, options, what).map_err(|d| self.failure(&d))
    }
}

/// The signature of every function of `module`, by name.
fn signatures(ctx: &Context, module: OpId) -> HashMap<String, FunctionType> {
    let mut found = HashMap::new();
    for &b in ctx.region_blocks(ctx.region(module, 0)) {
        for f in ctx.block_ops(b) {
            if ctx.op_name(f) != func::FUNC {
                continue;
            }
            if let (Some(name), Some(ty)) = (symbol_name(ctx, f), function_type(ctx, f)) {
                found.insert(name.to_string(), ty.clone());
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Program, DriverError> {
        Program::load(Arc::new(crate::registry::dialects()), "t.mlir", text)
    }

    #[test]
    fn loading_verifies_and_reports_located_errors() {
        let p = load("func.func @f(%a: i64) -> i64 { return %a : i64 }\nfunc.func private @g()\n").unwrap();
        assert_eq!(p.signature("f").unwrap().results.len(), 1);
        assert_eq!(p.entry("g").unwrap_err().to_string(), "error: 'g' is only declared, it has no body");
        assert_eq!(p.entry("h").unwrap_err().to_string(), "error: t.mlir has no function named 'h' (functions: f, g)");
        let bad = load("func.func @f() -> i64 {\n  return\n}\n").err().expect("an error").to_string();
        assert!(bad.starts_with("t.mlir:2:3: error: "), "{bad}");
    }

    #[test]
    fn lowering_reports_the_pipeline_errors() {
        let mut p = load("func.func @f() { return }").unwrap();
        let passes = crate::registry::passes();
        assert!(p.lower_text("builtin.module(canonicalize,cse)", &passes).is_ok());
        let bad = p.lower_text("builtin.module(no-such-pass)", &passes).unwrap_err().to_string();
        assert!(bad.contains("error: ") && bad.contains("no-such-pass"), "{bad}");
    }

    #[test]
    fn remarks_of_a_lowering_wait_to_be_taken() {
        let mut p = load(include_str!("../../test/algorithms/bfs.mlir")).unwrap();
        let passes = crate::registry::passes();
        p.lower_text("builtin.module(convert-graph-to-sched{remarks=true})", &passes).unwrap();
        let reports = p.take_reports();
        assert!(reports.starts_with("t.mlir:") && reports.contains(": remark: "), "{reports}");
        assert_eq!(p.take_reports(), "");
    }
}
