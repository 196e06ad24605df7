//! `canonicalize`: applies every registered operation's folder and
//! canonicalization patterns with the greedy driver, and removes dead code.
//! As MLIR's canonicalizer, it moves constants to the front of the entry
//! block of the nearest region isolated from above and keeps one per value
//! and type there.
//!
//! Input: any verified IR. Output: the same computation in canonical form.
//! Options: `max-iterations` (default 10), `top-down` (default true),
//! `test-convergence` (fail when the limit is reached, default false).

use strata_ir::pass::PassFailed;
use strata_ir::pass::{OptionKind, OptionValue, Pass, PassDecl, PassInfo, PassOption};
use strata_ir::rewrite::{apply_patterns_greedily, GreedyConfig, RewritePattern};
use strata_ir::{Context, Diagnostic, OpId};

/// The canonicalizer.
#[derive(Default)]
pub struct Canonicalize {
    config: GreedyConfig,
    test_convergence: bool,
    folds: u64,
    rewrites: u64,
    erased: u64,
}

impl Pass for Canonicalize {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn set_option(&mut self, key: &str, value: OptionValue<'_>) -> Result<(), String> {
        match (key, value) {
            ("max-iterations", OptionValue::Positive(n)) => {
                self.config.max_iterations = u32::try_from(n).map_err(|_| format!("{n} is too large"))?
            }
            ("top-down", OptionValue::Bool(b)) => self.config.top_down = b,
            ("test-convergence", OptionValue::Bool(b)) => self.test_convergence = b,
            ("region-simplify", OptionValue::Text(level)) => {
                self.config.region_simplify = match level {
                    "disabled" => false,
                    "normal" | "aggressive" => true,
                    other => return Err(format!("'{other}' is not one of: disabled, normal, aggressive")),
                }
            }
            _ => return Err(format!("no such option '{key}'")),
        }
        Ok(())
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        let patterns = collect_patterns(ctx);
        let stats = apply_patterns_greedily(ctx, op, &patterns, &self.config);
        self.folds += stats.folds;
        self.rewrites += stats.rewrites;
        self.erased += stats.erased;
        if !stats.converged {
            let msg = format!("canonicalizer did not converge within {} iterations", self.config.max_iterations);
            if self.test_convergence {
                ctx.emit(Diagnostic::error(ctx.op_loc(op).clone(), msg));
                return Err(PassFailed);
            }
            ctx.emit(Diagnostic::warning(ctx.op_loc(op).clone(), msg));
        }
        Ok(())
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        vec![("num-folds", self.folds), ("num-rewrites", self.rewrites), ("num-dce", self.erased)]
    }
}

/// The canonicalization patterns of every registered operation.
pub fn collect_patterns(ctx: &Context) -> Vec<Box<dyn RewritePattern>> {
    let mut v: Vec<Box<dyn RewritePattern>> = Vec::new();
    let mut defs: Vec<_> = ctx.registry().ops().collect();
    // A fixed order, apart from how each dialect lists its operations.
    defs.sort_by_key(|d| (d.name.dialect_key(), d.name.as_str()));
    for d in defs {
        if let Some(f) = d.patterns {
            f(&mut v);
        }
    }
    v
}

fn create() -> Box<dyn Pass> {
    Box::new(Canonicalize {
        config: GreedyConfig { top_down: true, region_simplify: true, ..GreedyConfig::default() },
        ..Canonicalize::default()
    })
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "canonicalize",
    name: "Canonicalizer",
    description: "Fold operations, apply canonicalization patterns and remove dead code",
    options: &[
        PassOption {
            name: "max-iterations",
            kind: OptionKind::Positive,
            help: "maximum sweeps of the greedy driver (default 10)",
        },
        PassOption { name: "top-down", kind: OptionKind::Bool, help: "visit parents before children (default true)" },
        PassOption {
            name: "test-convergence",
            kind: OptionKind::Bool,
            help: "fail if the driver does not converge (default false)",
        },
        PassOption {
            name: "region-simplify",
            kind: OptionKind::Text,
            help: "disabled, normal (default: erase unreachable blocks after each sweep) or aggressive (as normal)",
        },
    ],
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create }
}
