//! Transformations: [`canonicalize`], [`cse`] and [`symbol_dce`] over any
//! dialect, [`egraph_simplify`] over `arith` integer expressions; the
//! [`op_stats`] printer.

pub mod canonicalize;
pub mod cse;
pub mod egraph_simplify;
pub mod op_stats;
pub mod symbol_dce;

use strata_ir::pass::PassRegistry;

/// Registers every pass of this crate.
pub fn register(r: &mut PassRegistry) {
    r.register(canonicalize::info());
    r.register(cse::info());
    r.register(egraph_simplify::info());
    r.register(op_stats::info());
    r.register(symbol_dce::info());
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use strata_ir::pass::{Instrumentation, PassManager};
    use strata_ir::pipeline::parse_pipeline;
    use strata_ir::printer::{print_op, PrintOptions};
    use strata_ir::Context;

    /// Runs `pipeline` on `text` and prints the result.
    fn run(pipeline: &str, text: &str) -> String {
        let mut ctx = Context::new(Arc::new(strata_std::standard_registry()));
        let m = strata_ir::parser::parse_source(&mut ctx, "t.mlir", text, 0, text.len()).expect("parses");
        let mut passes = strata_ir::pass::PassRegistry::new();
        super::register(&mut passes);
        let mut pm = PassManager::new(parse_pipeline(pipeline, &passes).expect("pipeline"), Instrumentation::default());
        assert!(pm.run(&mut ctx, m).is_ok(), "{:?}", ctx.diagnostics);
        print_op(&ctx, m, PrintOptions::default())
    }

    #[test]
    fn cse_keeps_the_first_of_two_equal_pure_operations() {
        let out = run(
            "builtin.module(cse)",
            "func.func @f(%a: i32) -> i32 {\n  %x = arith.addi %a, %a : i32\n  %y = arith.addi %a, %a : i32\n  %z = arith.muli %x, %y : i32\n  return %z : i32\n}\n",
        );
        assert_eq!(out.matches("arith.addi").count(), 1, "{out}");
        assert!(out.contains("arith.muli %0, %0"), "{out}");
    }

    #[test]
    fn canonicalize_folds_constants_and_removes_dead_code() {
        let out = run(
            "builtin.module(canonicalize)",
            "func.func @f(%a: i32) -> i32 {\n  %c2 = arith.constant 2 : i32\n  %c3 = arith.constant 3 : i32\n  %s = arith.addi %c2, %c3 : i32\n  %dead = arith.muli %a, %a : i32\n  return %s : i32\n}\n",
        );
        assert!(out.contains("arith.constant 5 : i32"), "{out}");
        assert!(!out.contains("arith.addi") && !out.contains("arith.muli"), "{out}");
    }

    #[test]
    fn symbol_dce_erases_unreferenced_private_functions_only() {
        let out = run(
            "builtin.module(symbol-dce)",
            "func.func private @unused() {\n  return\n}\nfunc.func private @used() {\n  return\n}\nfunc.func @main() {\n  call @used() : () -> ()\n  return\n}\n",
        );
        assert!(!out.contains("@unused"), "{out}");
        assert!(out.contains("func.func private @used") && out.contains("func.func @main"), "{out}");
    }
}
