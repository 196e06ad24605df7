//! What the arith dialect's views (declared in [`crate::arith::op`]) read
//! beyond their properties: the overflow flags of integer arithmetic.

use crate::arith::op::IntBinaryWithOverflow;
use strata_ir::Attribute;

/// The overflow flags of an `addi`, `subi`, `muli` or `shli`: with `nsw`
/// (`nuw`) a signed (unsigned) wrap is undefined behaviour, which the
/// interpreter and compiled code report as an error for `addi`, `subi` and
/// `muli` instead of producing a wrapped value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OverflowFlags {
    /// No signed wrap.
    pub nsw: bool,
    /// No unsigned wrap.
    pub nuw: bool,
}

impl OverflowFlags {
    /// True if either flag is set.
    pub fn any(self) -> bool {
        self.nsw || self.nuw
    }
}

impl IntBinaryWithOverflow {
    /// The operation's overflow flags (none when the property is absent).
    pub fn flags(&self, ctx: &strata_ir::Context) -> OverflowFlags {
        let text = match self.overflow(ctx) {
            Some(Attribute::Dialect { body, .. }) => body,
            _ => return OverflowFlags::default(),
        };
        let inner = text.strip_prefix("overflow<").and_then(|t| t.strip_suffix('>')).unwrap_or("");
        let has = |flag: &str| inner.split(',').any(|f| f.trim() == flag);
        OverflowFlags { nsw: has("nsw"), nuw: has("nuw") }
    }
}

/// The overflow flags of `op` if it is an `addi`, `subi`, `muli` or `shli`.
pub fn overflow_flags(ctx: &strata_ir::Context, op: strata_ir::OpId) -> OverflowFlags {
    IntBinaryWithOverflow::of(ctx, op).map_or(OverflowFlags::default(), |v| v.flags(ctx))
}
