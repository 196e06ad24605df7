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
use strata_ir::pass::{OptionValue, Pass, PassDecl, PassInfo};
use strata_ir::pass_options::FromOption;
use strata_ir::rewrite::{apply_patterns_greedily, GreedyConfig};
use strata_ir::{Context, Diagnostic, OpId};

/// What `region-simplify` asks for: erasing unreachable blocks after each
/// sweep (`normal`; `aggressive` does the same) or not (`disabled`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionSimplify(pub bool);

impl FromOption for RegionSimplify {
    fn from_option(value: OptionValue<'_>) -> Result<RegionSimplify, String> {
        match String::from_option(value)?.as_str() {
            "disabled" => Ok(RegionSimplify(false)),
            "normal" | "aggressive" => Ok(RegionSimplify(true)),
            other => Err(format!("'{other}' is not one of: disabled, normal, aggressive")),
        }
    }
}

strata_ir::pass_options! {
    /// The options of the canonicalizer.
    pub struct CanonicalizeOptions {
        /// The most sweeps of the greedy driver.
        max_iterations: u32 = 10 => "max-iterations", Positive, "maximum sweeps of the greedy driver (default 10)";
        /// Visit parents before children.
        top_down: bool = true => "top-down", Bool, "visit parents before children (default true)";
        /// Fail if the driver does not converge.
        test_convergence: bool = false => "test-convergence", Bool, "fail if the driver does not converge (default false)";
        /// Erase unreachable blocks after each sweep.
        region_simplify: RegionSimplify = RegionSimplify(true) => "region-simplify", Text, "disabled, normal (default: erase unreachable blocks after each sweep) or aggressive (as normal)";
    }
}

/// The canonicalizer.
#[derive(Default)]
pub struct Canonicalize {
    /// Its options.
    pub options: CanonicalizeOptions,
    folds: u64,
    rewrites: u64,
    erased: u64,
}

impl Pass for Canonicalize {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn options(&mut self) -> Option<&mut dyn strata_ir::pass_options::PassOptions> {
        Some(&mut self.options)
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        let patterns = strata_ir::rewrite::registered_patterns(ctx);
        let o = &self.options;
        let config = GreedyConfig {
            max_iterations: o.max_iterations,
            top_down: o.top_down,
            region_simplify: o.region_simplify.0,
            ..GreedyConfig::default()
        };
        let stats = apply_patterns_greedily(ctx, op, &patterns, &config);
        self.folds += stats.folds;
        self.rewrites += stats.rewrites;
        self.erased += stats.erased;
        if !stats.converged {
            let msg = format!("canonicalizer did not converge within {} iterations", config.max_iterations);
            if self.options.test_convergence {
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

fn create() -> Box<dyn Pass> {
    Box::new(Canonicalize::default())
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "canonicalize",
    name: "Canonicalizer",
    description: "Fold operations, apply canonicalization patterns and remove dead code",
    options: CanonicalizeOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create }
}
