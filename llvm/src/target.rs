//! From a module at the `par` level to LLVM IR text, assembly or an x86-64
//! object: emission, linking the run-time support, verification, LLVM's
//! optimization pipeline and code generation.

use inkwell::context::Context as LlContext;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple};
use inkwell::OptimizationLevel;
use strata_ir::{Context, Diagnostic, OpId};

use crate::emitter::Emitter;

/// What to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// LLVM IR text.
    LlvmIr,
    /// Assembly text.
    Assembly,
    /// An ELF object.
    Object,
}

/// How to compile.
#[derive(Clone, Debug)]
pub struct Options {
    /// LLVM's optimization level, 0 to 3 (`default<ON>`).
    pub opt_level: u8,
    /// The processor to generate code for: one of [`CPUS`].
    pub cpu: String,
}

impl Default for Options {
    fn default() -> Options {
        Options { opt_level: 3, cpu: "x86-64".into() }
    }
}

/// Processors code can be generated for: any x86-64, its feature levels,
/// or the machine the compiler runs on.
pub const CPUS: [&str; 5] = ["x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4", "native"];

const RUNTIME: &str = include_str!("runtime.ll");

fn machine(opts: &Options) -> Result<TargetMachine, String> {
    if !CPUS.contains(&opts.cpu.as_str()) {
        return Err(format!("unknown processor '{}'; expected one of: {}", opts.cpu, CPUS.join(", ")));
    }
    Target::initialize_x86(&InitializationConfig::default());
    let triple = TargetTriple::create("x86_64-unknown-linux-gnu");
    let target = Target::from_triple(&triple).map_err(|e| e.to_string())?;
    let (cpu, features) = if opts.cpu == "native" {
        (TargetMachine::get_host_cpu_name().to_string(), TargetMachine::get_host_cpu_features().to_string())
    } else {
        (opts.cpu.clone(), String::new())
    };
    let level = match opts.opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    target
        .create_target_machine(&triple, &cpu, &features, level, RelocMode::PIC, CodeModel::Default)
        .ok_or_else(|| format!("LLVM cannot generate code for processor '{cpu}'"))
}

fn build<'c>(cx: &'c LlContext, ir: &Context, module: OpId, tm: &TargetMachine) -> Result<Module<'c>, Diagnostic> {
    let loc = ir.op_loc(module).clone();
    let internal = |m: String| Diagnostic::error(loc.clone(), format!("internal error: LLVM: {m}"));
    // The module starts as the run-time support, so emitted code calls it directly.
    let m = cx.create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(RUNTIME.as_bytes(), "strata")).map_err(|m| internal(m.to_string()))?;
    m.set_triple(&tm.get_triple());
    m.set_data_layout(&tm.get_target_data().get_data_layout());
    let mut e = Emitter::new(ir, cx, m);
    let emitted = e.declare_functions(module).and_then(|_| e.define_functions()).and_then(|_| e.define_entries());
    emitted.map_err(|f| f.into_diagnostic(&loc))?;
    e.m.verify().map_err(|m| internal(m.to_string()))?;
    Ok(e.m)
}

/// Compiles `module` (at the `par` level, with `arith`, `scf`, `cf` and
/// `func`) for x86-64 and returns what `what` asks for. Anything the emitter
/// does not know is an error at its operation.
pub fn compile(ir: &Context, module: OpId, opts: &Options, what: Emit) -> Result<Vec<u8>, Diagnostic> {
    let loc = ir.op_loc(module).clone();
    let tm = machine(opts).map_err(|m| Diagnostic::error(loc.clone(), m))?;
    let cx = LlContext::create();
    let m = build(&cx, ir, module, &tm)?;
    if opts.opt_level > 0 {
        m.run_passes(&format!("default<O{}>", opts.opt_level.min(3)), &tm, PassBuilderOptions::create())
            .map_err(|e| Diagnostic::error(loc.clone(), format!("internal error: LLVM: {e}")))?;
    }
    Ok(match what {
        Emit::LlvmIr => m.print_to_string().to_bytes().to_vec(),
        Emit::Assembly | Emit::Object => {
            let ft = if what == Emit::Object { FileType::Object } else { FileType::Assembly };
            let buf = tm.write_to_memory_buffer(&m, ft).map_err(|e| Diagnostic::error(loc.clone(), format!("internal error: LLVM: {e}")))?;
            buf.as_slice().to_vec()
        }
    })
}
