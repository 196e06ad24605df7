//! What the passes that rewrite loops of a team by a factor share
//! (`par-unroll-masked`, `par-interleave-loops`): the `factor` and
//! `remarks` options, a verdict per loop, and the run that applies the
//! rewrite where the verdict allows it, counts, and says why not elsewhere.

use strata_ir::context::{Context, OpId};
use strata_ir::pass::OptionValue;
use strata_ir::Diagnostic;

/// What a pass makes of a loop.
#[derive(Debug, PartialEq)]
pub enum Verdict {
    /// Rewrite it.
    Apply,
    /// It loads nothing from shared buffers: nothing to issue early.
    NothingToGain,
    /// It loads from shared buffers but cannot be rewritten, for this reason.
    Kept(String),
}

/// The options and counts of a loop pass with a factor.
pub(crate) struct Factored {
    /// Iterations a group (1: the pass changes nothing).
    pub factor: u32,
    remarks: bool,
    applied: u64,
    kept: u64,
}

impl Factored {
    /// Options at their defaults: `factor`, no remarks.
    pub fn new(factor: u32) -> Self {
        Factored { factor, remarks: false, applied: 0, kept: 0 }
    }

    /// Sets `factor` (1 to 64) or `remarks`.
    pub fn set_option(&mut self, key: &str, value: OptionValue<'_>) -> Result<(), String> {
        match (key, value) {
            ("factor", OptionValue::Positive(n)) if n <= 64 => self.factor = n as u32,
            ("factor", OptionValue::Positive(n)) => return Err(format!("factor must be at most 64, not {n}")),
            ("remarks", OptionValue::Bool(b)) => self.remarks = b,
            _ => return Err(format!("no such option '{key}'")),
        }
        Ok(())
    }

    /// Rewrites each loop of the function `f` that `select` picks and
    /// `verdict` lets `apply` rewrite; with remarks, `done` says why one was
    /// (given the factor) and `kept` prefixes why one was not.
    pub fn run(
        &mut self,
        (ctx, f): (&mut Context, OpId),
        select: impl Fn(&Context, OpId) -> bool,
        verdict: impl Fn(&Context, OpId) -> Verdict,
        apply: impl Fn(&mut Context, OpId, u32),
        (done, kept): (impl Fn(u32) -> String, &str),
    ) {
        if self.factor < 2 {
            return;
        }
        let mut loops = Vec::new();
        ctx.walk_pre(f, &mut |o| {
            if select(ctx, o) {
                loops.push(o);
            }
        });
        for op in loops {
            let loc = ctx.op_loc(op).clone();
            match verdict(ctx, op) {
                Verdict::NothingToGain => {}
                Verdict::Apply => {
                    apply(ctx, op, self.factor);
                    self.applied += 1;
                    if self.remarks {
                        ctx.emit(Diagnostic::remark(loc, done(self.factor)));
                    }
                }
                Verdict::Kept(why) => {
                    self.kept += 1;
                    if self.remarks {
                        ctx.emit(Diagnostic::remark(loc, format!("{kept}: {why}")));
                    }
                }
            }
        }
    }

    /// The pass's statistics: the loops rewritten, under `applied`, and
    /// the loops kept.
    pub fn statistics(&self, applied: &'static str) -> Vec<(&'static str, u64)> {
        vec![(applied, self.applied), ("loops kept", self.kept)]
    }
}
