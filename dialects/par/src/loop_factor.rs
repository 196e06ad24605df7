//! What the passes that rewrite loops of a team by a factor share
//! (`par-unroll-masked`, `par-interleave-loops`): the `factor` option's
//! type, a verdict per loop, and the run that applies the rewrite where the
//! verdict allows it, counts, and says why not elsewhere.

use strata_ir::context::{Context, OpId};
use strata_ir::pass::OptionValue;
use strata_ir::pass_options::FromOption;
use strata_ir::Diagnostic;

/// Iterations a group: 1 (the pass changes nothing) to 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Factor(pub u32);

impl FromOption for Factor {
    fn from_option(value: OptionValue<'_>) -> Result<Factor, String> {
        match u64::from_option(value)? {
            n @ 1..=64 => Ok(Factor(n as u32)),
            n => Err(format!("factor must be at most 64, not {n}")),
        }
    }
}

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

/// The counts of a loop pass with a factor.
#[derive(Default)]
pub(crate) struct Factored {
    applied: u64,
    kept: u64,
}

impl Factored {
    /// Rewrites each loop of the function `f` that `select` picks and
    /// `verdict` lets `apply` rewrite `factor` iterations at a time; with
    /// `remarks`, `done` says why one was (given the factor) and `kept`
    /// prefixes why one was not.
    pub fn run(
        &mut self,
        (factor, remarks): (Factor, bool),
        (ctx, f): (&mut Context, OpId),
        select: impl Fn(&Context, OpId) -> bool,
        verdict: impl Fn(&Context, OpId) -> Verdict,
        apply: impl Fn(&mut Context, OpId, u32),
        (done, kept): (impl Fn(u32) -> String, &str),
    ) {
        if factor.0 < 2 {
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
                    apply(ctx, op, factor.0);
                    self.applied += 1;
                    if remarks {
                        ctx.emit(Diagnostic::remark(loc, done(factor.0)));
                    }
                }
                Verdict::Kept(why) => {
                    self.kept += 1;
                    if remarks {
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
