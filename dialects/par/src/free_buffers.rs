//! `par-free-buffers`: a buffer or queue that does not outlive the block it
//! is made in is released at the end of that block.
//!
//! `par.alloc` and `par.queue_new` take memory that nothing else gives back:
//! a node property made in every iteration of a loop would take a new one
//! each time. A buffer (queue) is released by a `par.free` before its
//! block's terminator when every use is inside that block — directly or in
//! the regions of its operations, which run to completion before the block
//! goes on — and reads, writes or updates it (`par.load`, `par.store`,
//! `par.atomic_rmw`, `par.cmpxchg`, the `par.queue_*` operations, whose
//! `queue_items` buffer must then not escape either). It is kept when it
//! escapes — returned, yielded, passed to a call or a branch, stored as a
//! value — or is already freed. With `remarks=true` each allocation gets a
//! remark saying which.

use crate::op as par;
use strata_ir::context::{Context, OpId, OperationState, Value};
use strata_ir::func::op as func;
use strata_ir::pass::{OptionKind, OptionValue, Pass, PassDecl, PassFailed, PassInfo, PassOption};
use strata_ir::Diagnostic;

/// The pass and its counts.
#[derive(Default)]
pub struct FreeBuffers {
    remarks: bool,
    freed: u64,
    kept: u64,
}

/// Why `v`, made in the block `home`, may outlive it, or `None`.
fn escapes(ctx: &Context, v: Value, home: strata_ir::BlockId) -> Option<String> {
    for u in ctx.uses(v) {
        let user = u.op;
        // The use must sit in the home block, or in a region of one of its operations.
        let mut at = user;
        while ctx.parent_block(at) != Some(home) {
            match ctx.parent_op(at) {
                Some(p) => at = p,
                None => return Some(format!("it is used outside its block, by '{}'", ctx.op_name(user))),
            }
        }
        let ok = match ctx.op_kind(user) {
            par::LOAD | par::QUEUE_SIZE | par::QUEUE_ADVANCE => true,
            par::STORE | par::ATOMIC_RMW | par::QUEUE_PUSH => u.index == 1,
            par::CMPXCHG => u.index == 0,
            par::FREE => return Some("it is freed already".to_string()),
            // The queue reads the key until it is freed: the key may go
            // with it (both at the end of the block) if the queue stays.
            par::ORDERED_QUEUE_NEW => {
                if let Some(why) = escapes(ctx, ctx.result(user, 0), home) {
                    return Some(format!("the ordered queue it keys escapes: {why}"));
                }
                u.index == 1
            }
            par::QUEUE_ITEMS => {
                if let Some(why) = escapes(ctx, ctx.result(user, 0), home) {
                    return Some(format!("the items of the queue escape: {why}"));
                }
                true
            }
            _ => false,
        };
        if !ok {
            return Some(format!("it escapes through '{}'", ctx.op_name(user)));
        }
    }
    None
}

impl Pass for FreeBuffers {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn anchor(&self) -> Option<strata_ir::OpName> {
        Some(func::FUNC)
    }
    fn set_option(&mut self, key: &str, value: OptionValue<'_>) -> Result<(), String> {
        match (key, value) {
            ("remarks", OptionValue::Bool(b)) => self.remarks = b,
            _ => return Err(format!("no such option '{key}'")),
        }
        Ok(())
    }
    fn run(&mut self, ctx: &mut Context, f: OpId) -> Result<(), PassFailed> {
        let mut made = Vec::new();
        ctx.walk_pre(f, &mut |o| {
            if matches!(ctx.op_kind(o), par::ALLOC | par::QUEUE_NEW | par::ORDERED_QUEUE_NEW) {
                made.push(o);
            }
        });
        for op in made {
            let v = ctx.result(op, 0);
            let Some(home) = ctx.parent_block(op) else { continue };
            let end = ctx.last_op(home).filter(|t| *t != op);
            let why = match end {
                None => Some("its block has no terminator".to_string()),
                Some(_) => escapes(ctx, v, home),
            };
            let loc = ctx.op_loc(op).clone();
            match (why, end) {
                (None, Some(end)) => {
                    let free = ctx.create_op(OperationState::new(par::FREE, loc.clone()).operands(&[v]));
                    ctx.insert_op_before(end, free);
                    self.freed += 1;
                    if self.remarks {
                        ctx.emit(Diagnostic::remark(loc, "freed at the end of its block: it does not outlive it"));
                    }
                }
                (why, _) => {
                    self.kept += 1;
                    if self.remarks {
                        let why = why.unwrap_or_default();
                        ctx.emit(Diagnostic::remark(loc, format!("not freed here: {why}")));
                    }
                }
            }
        }
        Ok(())
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        vec![("buffers freed", self.freed), ("buffers kept", self.kept)]
    }
}

/// The pass's declaration.
const DECL: PassDecl = PassDecl {
    argument: "par-free-buffers",
    name: "ParFreeBuffers",
    description: "Release each buffer and queue that does not outlive its block at the end of that block",
    options: &[PassOption {
        name: "remarks",
        kind: OptionKind::Bool,
        help: "report for each allocation whether it was freed and, if not, why (default false)",
    }],
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(FreeBuffers::default()) }
}
