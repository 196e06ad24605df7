//! From a module at the `par` level to LLVM IR text, assembly or an x86-64
//! object: emission, linking the run-time support, verification, LLVM's
//! optimization pipeline and code generation.

use inkwell::attributes::AttributeLoc;
use inkwell::context::Context as LlContext;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple};
use inkwell::OptimizationLevel;
use strata_abi::{ENTRY_PREFIX, GPU_BLOCK_THREADS};
use strata_ir::{Context, Diagnostic, OpId};

use crate::emitter::Emitter;
use crate::entry::PTX_KERNEL;

/// What to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// LLVM IR text.
    LlvmIr,
    /// Assembly text (for the GPU: PTX).
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
    /// Whether the program keeps a phase profile (`strata_abi::profile`).
    pub profile: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { opt_level: 3, cpu: "x86-64".into(), profile: false }
    }
}

/// Processors code can be generated for: any x86-64, its feature levels,
/// or the machine the compiler runs on.
pub const CPUS: [&str; 5] = ["x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4", "native"];

const RUNTIME: &str = include_str!("runtime.ll");
const CPU_RUNTIME: &str = include_str!("cpu.ll");
const GPU_RUNTIME: &str = include_str!("gpu.ll");

/// How to compile for the GPU.
#[derive(Clone, Debug)]
pub struct GpuOptions {
    /// LLVM's optimization level, 0 to 3.
    pub opt_level: u8,
    /// The GPU architecture: one of [`GPU_ARCHS`] (`sm_80` by default).
    pub arch: String,
    /// The PTX ISA version, `MAJOR.MINOR` (`7.8` by default, which every
    /// CUDA 12 and 13 driver loads).
    pub ptx_version: String,
    /// Blocks (of [`GPU_BLOCK_THREADS`] threads) of an entry kernel that a
    /// multiprocessor must hold at once (`.minnctapersm`): `ptxas` keeps
    /// the kernel's registers within what they leave, spilling the rest.
    /// 0 sets no such bound. The default, 2, lets a multiprocessor run 16
    /// warps of a kernel at once however many registers it would take
    /// (128 at most; see `docs/gpu-backend.md`).
    pub min_blocks: u32,
    /// Whether the program keeps a phase profile (`strata_abi::profile`).
    pub profile: bool,
}

/// The default PTX ISA version, as `10 * major + minor`.
const DEFAULT_PTX: u32 = 78;

fn ptx_text(version: u32) -> String {
    format!("{}.{}", version / 10, version % 10)
}

impl Default for GpuOptions {
    fn default() -> GpuOptions {
        GpuOptions {
            opt_level: 3,
            arch: "sm_80".into(),
            ptx_version: ptx_text(DEFAULT_PTX),
            min_blocks: 2,
            profile: false,
        }
    }
}

impl GpuOptions {
    /// Options for a GPU of architecture `arch` (`sm_XY`): code for it, in
    /// the default PTX version or the first that knows it; an architecture
    /// newer than [`GPU_ARCHS`] gets the default (`sm_80`) code, which the
    /// driver compiles for it.
    pub fn for_device(arch: &str) -> GpuOptions {
        let defaults = GpuOptions::default();
        match GPU_ARCHS.iter().find(|(a, _)| *a == arch) {
            Some(&(arch, first)) => {
                GpuOptions { arch: arch.into(), ptx_version: ptx_text(first.max(DEFAULT_PTX)), ..defaults }
            }
            None => defaults,
        }
    }
}

/// The GPU architectures code can be generated for (Volta and later: the
/// code relies on independent thread scheduling and the `*.sync` warp
/// operations), each with the first PTX ISA version that knows it.
pub const GPU_ARCHS: [(&str, u32); 28] = [
    ("sm_70", 60),
    ("sm_72", 61),
    ("sm_75", 63),
    ("sm_80", 70),
    ("sm_86", 71),
    ("sm_87", 74),
    ("sm_88", 90),
    ("sm_89", 78),
    ("sm_90", 78),
    ("sm_90a", 80),
    ("sm_100", 86),
    ("sm_100a", 86),
    ("sm_100f", 88),
    ("sm_101", 86),
    ("sm_101a", 86),
    ("sm_101f", 88),
    ("sm_103", 88),
    ("sm_103a", 88),
    ("sm_103f", 88),
    ("sm_110", 90),
    ("sm_110a", 90),
    ("sm_110f", 90),
    ("sm_120", 87),
    ("sm_120a", 87),
    ("sm_120f", 88),
    ("sm_121", 88),
    ("sm_121a", 88),
    ("sm_121f", 88),
];

/// The PTX ISA versions LLVM can write, as `10 * major + minor`.
pub const PTX_VERSIONS: [u32; 25] =
    [60, 61, 62, 63, 64, 65, 70, 71, 72, 73, 74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90];

/// The first PTX ISA version with every instruction the code uses (`activemask`).
const MIN_PTX: u32 = 62;

/// Checks an architecture and PTX version pair; returns the LLVM processor
/// and feature names.
pub fn gpu_target(arch: &str, ptx_version: &str) -> Result<(String, String), String> {
    let known = || GPU_ARCHS.iter().map(|(a, _)| *a).collect::<Vec<_>>().join(", ");
    let Some(&(_, first)) = GPU_ARCHS.iter().find(|(a, _)| *a == arch) else {
        return Err(format!("unknown GPU architecture '{arch}'; expected one of: {}", known()));
    };
    let version = ptx_version
        .split_once('.')
        .filter(|(major, minor)| minor.len() == 1 && !major.is_empty() && major.len() <= 2)
        .and_then(|(major, minor)| Some(major.parse::<u32>().ok()? * 10 + minor.parse::<u32>().ok()?))
        .filter(|v| PTX_VERSIONS.contains(v));
    let Some(version) = version else {
        let list = PTX_VERSIONS.iter().map(|v| ptx_text(*v)).collect::<Vec<_>>().join(", ");
        return Err(format!("unknown PTX version '{ptx_version}'; expected one of: {list}"));
    };
    let need = first.max(MIN_PTX);
    if version < need {
        return Err(format!("PTX {ptx_version} cannot target {arch}: it needs PTX {} or later", ptx_text(need)));
    }
    Ok((arch.to_string(), format!("+ptx{version}")))
}

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
    target
        .create_target_machine(&triple, &cpu, &features, level(opts.opt_level), RelocMode::PIC, CodeModel::Default)
        .ok_or_else(|| format!("LLVM cannot generate code for processor '{cpu}'"))
}

fn gpu_machine(opts: &GpuOptions) -> Result<TargetMachine, String> {
    let (cpu, features) = gpu_target(&opts.arch, &opts.ptx_version)?;
    Target::initialize_nvptx(&InitializationConfig::default());
    let triple = TargetTriple::create("nvptx64-nvidia-cuda");
    let target = Target::from_triple(&triple).map_err(|e| e.to_string())?;
    target
        .create_target_machine(&triple, &cpu, &features, level(opts.opt_level), RelocMode::Default, CodeModel::Default)
        .ok_or_else(|| format!("LLVM cannot generate code for GPU architecture '{cpu}'"))
}

/// Tells `ptxas` how the runner launches every kernel of `m`: at most
/// [`GPU_BLOCK_THREADS`] threads a block, and for an entry kernel, at least
/// `min_blocks` blocks a multiprocessor (when not 0).
fn launch_bounds(cx: &LlContext, m: &Module<'_>, min_blocks: u32) {
    let mut f = m.get_first_function();
    while let Some(k) = f {
        f = k.get_next_function();
        if k.get_call_conventions() != PTX_KERNEL {
            continue;
        }
        let threads = cx.create_string_attribute("nvvm.maxntid", &GPU_BLOCK_THREADS.to_string());
        k.add_attribute(AttributeLoc::Function, threads);
        if min_blocks > 0 && k.get_name().to_bytes().starts_with(ENTRY_PREFIX.as_bytes()) {
            let blocks = cx.create_string_attribute("nvvm.minctasm", &min_blocks.to_string());
            k.add_attribute(AttributeLoc::Function, blocks);
        }
    }
}

/// The most instructions a basic block of GPU code may hold for LLVM's
/// NVPTX code generator to run its optimizations: one of them (straight-line
/// strength reduction) takes time quadratic in a block's length, 1.5 s for
/// 1,000 instructions, 21 s for 4,000 and over a quarter of an hour for
/// 30,000. A module with a longer block is generated without them, after
/// LLVM's IR optimizations as usual; `ptxas` still optimizes what it is
/// given. The corpus's longest blocks are far shorter.
pub const GPU_LONGEST_OPTIMIZED_BLOCK: usize = 1000;

/// The same for x86-64, whose two-address instruction pass is quadratic in
/// a block's length: 3 s for 10,000 instructions, 8 s for 16,000, 25 s for
/// 30,000. A module with a longer block is generated as at `-O0`, after
/// LLVM's IR optimizations.
pub const CPU_LONGEST_OPTIMIZED_BLOCK: usize = 10_000;

/// The number of instructions of the longest basic block of `m`.
fn longest_block(m: &Module<'_>) -> usize {
    let mut longest = 0;
    for f in m.get_functions() {
        for b in f.get_basic_blocks() {
            longest = longest.max(b.get_instructions().count());
        }
    }
    longest
}

fn level(opt_level: u8) -> OptimizationLevel {
    match opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    }
}

fn build<'c>(
    cx: &'c LlContext,
    ir: &Context,
    module: OpId,
    tm: &TargetMachine,
    gpu: bool,
    profile: bool,
) -> Result<Module<'c>, Diagnostic> {
    let loc = ir.op_loc(module).clone();
    let internal = |m: String| Diagnostic::error(loc.clone(), format!("internal error: LLVM: {m}"));
    // The module starts as the run-time support, so emitted code calls it
    // directly; parsed with the target's data layout, so that accesses
    // written without an alignment get the target's (NVPTX splits an `i64`
    // load the default layout aligns to 4 into two).
    let layout = tm.get_target_data().get_data_layout();
    let layout = layout.as_str().to_str().map_err(|e| internal(e.to_string()))?;
    let runtime = if gpu { GPU_RUNTIME } else { CPU_RUNTIME };
    let support = format!("target datalayout = \"{layout}\"\n{RUNTIME}\n{runtime}");
    let m = cx
        .create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(support.as_bytes(), "strata"))
        .map_err(|m| internal(m.to_string()))?;
    m.set_triple(&tm.get_triple());
    m.set_data_layout(&tm.get_target_data().get_data_layout());
    let mut e = Emitter::new(ir, cx, m, gpu, profile);
    let emitted = e
        .declare_functions(module)
        .and_then(|_| e.define_functions())
        .and_then(|_| e.define_entries())
        .and_then(|_| e.finish_profile());
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
    let plain = || machine(&Options { opt_level: 0, ..opts.clone() });
    let machines = Machines { tm: &tm, plain: &plain, longest_optimized_block: CPU_LONGEST_OPTIMIZED_BLOCK };
    generate(ir, module, machines, (opts.opt_level, opts.profile), None, what)
}

/// Compiles `module` for an NVIDIA GPU (`nvptx64-nvidia-cuda`): PTX text
/// with one kernel per public function (see `docs/gpu-backend.md`), or the
/// LLVM IR. An object is not available for the GPU.
pub fn compile_gpu(ir: &Context, module: OpId, opts: &GpuOptions, what: Emit) -> Result<Vec<u8>, Diagnostic> {
    let loc = ir.op_loc(module).clone();
    if what == Emit::Object {
        return Err(Diagnostic::error(loc, "the GPU target writes PTX (--emit=ptx) or LLVM IR, not objects"));
    }
    let tm = gpu_machine(opts).map_err(|m| Diagnostic::error(loc.clone(), m))?;
    let plain = || gpu_machine(&GpuOptions { opt_level: 0, ..opts.clone() });
    let machines = Machines { tm: &tm, plain: &plain, longest_optimized_block: GPU_LONGEST_OPTIMIZED_BLOCK };
    generate(ir, module, machines, (opts.opt_level, opts.profile), Some(opts), what)
}

/// The target machines of a compilation: the one asked for, and how to
/// make one without code-generation optimizations for a module whose
/// longest basic block holds more instructions than the code generator
/// optimizes in bounded time.
struct Machines<'a> {
    tm: &'a TargetMachine,
    plain: &'a dyn Fn() -> Result<TargetMachine, String>,
    longest_optimized_block: usize,
}

fn generate(
    ir: &Context,
    module: OpId,
    Machines { tm, plain, longest_optimized_block }: Machines<'_>,
    (opt_level, profile): (u8, bool),
    gpu: Option<&GpuOptions>,
    what: Emit,
) -> Result<Vec<u8>, Diagnostic> {
    let loc = ir.op_loc(module).clone();
    let cx = LlContext::create();
    let m = build(&cx, ir, module, tm, gpu.is_some(), profile)?;
    if let Some(opts) = gpu {
        launch_bounds(&cx, &m, opts.min_blocks);
    }
    if opt_level > 0 {
        // CPU: no loop unrolling. Graph loops are short and of varying
        // trip count (a node's neighbours): an unrolled body with a
        // remainder loop mispredicts two exits per node instead of one,
        // which cost PageRank's gather 25 % on a uniform graph; the loop
        // vectorizer still interleaves where it pays.
        let options = PassBuilderOptions::create();
        options.set_loop_unrolling(gpu.is_some());
        m.run_passes(&format!("default<O{}>", opt_level.min(3)), tm, options)
            .map_err(|e| Diagnostic::error(loc.clone(), format!("internal error: LLVM: {e}")))?;
    }
    // A block too long for the code generator to optimize in bounded time
    // is generated without its optimizations.
    let plain = if opt_level > 0 && longest_block(&m) > longest_optimized_block {
        Some(plain().map_err(|m| Diagnostic::error(loc.clone(), m))?)
    } else {
        None
    };
    Ok(match what {
        Emit::LlvmIr => m.print_to_string().to_bytes().to_vec(),
        Emit::Assembly | Emit::Object => {
            let ft = if what == Emit::Object { FileType::Object } else { FileType::Assembly };
            let buf = plain
                .as_ref()
                .unwrap_or(tm)
                .write_to_memory_buffer(&m, ft)
                .map_err(|e| Diagnostic::error(loc.clone(), format!("internal error: LLVM: {e}")))?;
            buf.as_slice().to_vec()
        }
    })
}

#[cfg(test)]
mod tests {
    use strata_abi::support::{SupportFn, Targets, ALL};

    /// The parameter and result types of `@name`'s definition in `text`.
    fn defined(text: &str, name: &str) -> Option<(Vec<String>, String)> {
        let at = format!(" @{name}(");
        let line = text.lines().find(|l| l.starts_with("define ") && l.contains(&at))?;
        let head = &line[..line.find(&at)?];
        let result = head.rsplit(' ').next()?.to_string();
        let params = &line[line.find(&at)? + at.len()..];
        let params = &params[..params.find(')')?];
        let types = params.split(',').map(str::trim).filter(|p| !p.is_empty());
        Some((types.map(|p| p.split(' ').next().unwrap_or_default().to_string()).collect(), result))
    }

    fn check(f: &SupportFn, file: &str, text: &str) {
        let (params, result) = defined(text, f.name).unwrap_or_else(|| panic!("{file} does not define {}", f.name));
        let want: Vec<&str> = f.params.iter().map(|w| w.llvm()).collect();
        assert_eq!(params, want, "the parameters of {} in {file}", f.name);
        assert_eq!(result, f.result.map_or("void", |w| w.llvm()), "the result of {} in {file}", f.name);
    }

    #[test]
    fn every_support_function_is_defined_with_its_declared_signature() {
        for f in ALL {
            match f.targets {
                Targets::Both => check(f, "runtime.ll", super::RUNTIME),
                Targets::Each => {
                    check(f, "cpu.ll", super::CPU_RUNTIME);
                    check(f, "gpu.ll", super::GPU_RUNTIME);
                }
                Targets::Cpu => check(f, "cpu.ll", super::CPU_RUNTIME),
                Targets::Gpu => check(f, "gpu.ll", super::GPU_RUNTIME),
            }
        }
    }

    #[test]
    fn a_definition_reads_as_its_types() {
        let text = "define internal { double, i1 } @strata.x(ptr %p, double %x) convergent {\ndefine internal void @strata.y() {\n";
        assert_eq!(defined(text, "strata.y"), Some((vec![], "void".to_string())));
        assert_eq!(defined(text, "strata.z"), None);
        assert_eq!(defined(text, "strata.x").map(|d| d.0), Some(vec!["ptr".to_string(), "double".to_string()]));
    }
}
