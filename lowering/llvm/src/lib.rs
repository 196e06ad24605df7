//! LLVM emission for the CPU: a module at the `par` level (with `arith`,
//! `scf`, `cf` and `func`) becomes LLVM IR through inkwell, runs through
//! LLVM's optimization pipeline and comes out as an x86-64 object whose
//! parallel regions run on the OpenMP runtime. The object follows the
//! contract of [`strata_abi`]. See `docs/backends/cpu.md`.

mod arith;
mod emitter;
mod entry;
mod par;
mod parallel;
mod profile;
mod subgroup;
mod target;
mod types;

pub use target::{compile, compile_gpu, gpu_target, Emit, GpuOptions, Options, CPUS, GPU_ARCHS, PTX_VERSIONS};

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use strata_ir::Context;

    use super::*;

    /// A par-level module: `@f(x) = x * 2 + 1` on `i64`.
    fn module() -> (Context, strata_ir::OpId) {
        let text = "func.func @f(%x: i64) -> i64 {\n  %c1 = arith.constant 1 : i64\n  %s = arith.addi %x, %x : i64\n  %r = arith.addi %s, %c1 : i64\n  return %r : i64\n}\n";
        let mut r = strata_std::standard_registry();
        strata_par_dialect::register(&mut r);
        let mut ctx = Context::new(Arc::new(r));
        let m = strata_ir::parser::parse_source(&mut ctx, "f.mlir", text, 0, text.len()).expect("parses");
        (ctx, m)
    }

    #[test]
    fn the_cpu_target_exports_an_entry_wrapper() {
        let (ctx, m) = module();
        let ir = compile(&ctx, m, &Options::default(), Emit::LlvmIr).expect("compiles");
        let ir = String::from_utf8(ir).expect("text");
        assert!(ir.contains(&format!("@{}f(", strata_abi::ENTRY_PREFIX)), "{ir}");
        let object = compile(&ctx, m, &Options::default(), Emit::Object).expect("compiles");
        assert_eq!(&object[..4], b"\x7fELF");
    }

    #[test]
    fn the_gpu_target_writes_ptx_with_an_entry_kernel_and_refuses_objects() {
        let (ctx, m) = module();
        let ptx = compile_gpu(&ctx, m, &GpuOptions::default(), Emit::Assembly).expect("compiles");
        let ptx = String::from_utf8(ptx).expect("text");
        assert!(ptx.contains(".target sm_80"), "{ptx}");
        assert!(ptx.contains(&format!(".entry {}f(", strata_abi::ENTRY_PREFIX)), "{ptx}");
        let err = compile_gpu(&ctx, m, &GpuOptions::default(), Emit::Object).unwrap_err();
        assert!(err.message.contains("not objects"), "{}", err.message);
    }
}
