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
//! `queue_items` buffer must then not escape either), or passes it to a
//! function with a body that does only the same with it (union-find's
//! helpers, for instance). It is kept when it escapes — returned, yielded,
//! passed to a branch or to a function that may keep it, stored as a value
//! — or is already freed. With `remarks=true` each allocation gets a
//! remark saying which.

use crate::op as par;
use std::collections::HashSet;
use strata_ir::context::{Context, OpId, OperationState, Value};
use strata_ir::func::op as func;
use strata_ir::func::{is_declaration, possible_callees};
use strata_ir::pass::{Pass, PassDecl, PassFailed, PassInfo};
use strata_ir::symbols::SymbolTableCollection;
use strata_ir::Diagnostic;

strata_ir::pass_options! {
    /// The options of the pass.
    pub struct FreeBuffersOptions {
        /// Report for each allocation whether it was freed and, if not, why (default false).
        remarks: bool = false => "remarks", Bool, "report for each allocation whether it was freed and, if not, why (default false)";
    }
}

/// The pass and its counts.
#[derive(Default)]
pub struct FreeBuffers {
    /// Its options.
    options: FreeBuffersOptions,
    freed: u64,
    kept: u64,
}

/// Why `v`, made in the block `home`, may outlive it, or `None`.
fn escapes(ctx: &Context, v: Value, home: strata_ir::BlockId) -> Option<String> {
    used_outside(ctx, v, home).or_else(|| kept_by_uses(ctx, v, &mut HashSet::new()))
}

/// Why a use of `v` (or of the items or ordered queue made from it) is not
/// in the block `home` or a region of one of its operations, or `None`.
fn used_outside(ctx: &Context, v: Value, home: strata_ir::BlockId) -> Option<String> {
    for u in ctx.uses(v) {
        let mut at = u.op;
        while ctx.parent_block(at) != Some(home) {
            match ctx.parent_op(at) {
                Some(p) => at = p,
                None => return Some(format!("it is used outside its block, by '{}'", ctx.op_name(u.op))),
            }
        }
        if matches!(ctx.op_kind(u.op), par::QUEUE_ITEMS | par::QUEUE_OWN_ITEMS | par::ORDERED_QUEUE_NEW) {
            if let Some(why) = used_outside(ctx, ctx.result(u.op, 0), home) {
                return Some(why);
            }
        }
    }
    None
}

/// Why a use of `v` may keep it beyond the uses themselves (return it,
/// store it, free it, hand it to a function that may), or `None` when they
/// only read, write, update or push to it, or pass it to functions that do
/// the same with it. `seen`: the (function, argument) pairs already being
/// looked at (a recursive call adds nothing new).
fn kept_by_uses(ctx: &Context, v: Value, seen: &mut HashSet<(OpId, usize)>) -> Option<String> {
    for u in ctx.uses(v) {
        let user = u.op;
        let ok = match ctx.op_kind(user) {
            par::LOAD | par::QUEUE_SIZE | par::QUEUE_ADVANCE | par::QUEUE_TAKE_OWN | par::QUEUE_RESERVE => true,
            par::STORE | par::ATOMIC_RMW | par::QUEUE_PUSH | par::QUEUE_CLAIM | par::QUEUE_PUT => u.index == 1,
            par::CMPXCHG => u.index == 0,
            par::FREE => return Some("it is freed already".to_string()),
            // The queue reads the key until it is freed: the key may go
            // with it (both at the end of the block) if the queue stays.
            par::ORDERED_QUEUE_NEW => {
                if let Some(why) = kept_by_uses(ctx, ctx.result(user, 0), seen) {
                    return Some(format!("the ordered queue it keys escapes: {why}"));
                }
                u.index == 1
            }
            par::QUEUE_ITEMS | par::QUEUE_OWN_ITEMS => {
                if let Some(why) = kept_by_uses(ctx, ctx.result(user, 0), seen) {
                    return Some(format!("the items of the queue escape: {why}"));
                }
                true
            }
            func::CALL => {
                if let Some(why) = kept_by_callee(ctx, user, u.index as usize, seen) {
                    return Some(why);
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

/// Why the function the `func.call` `call` calls may keep its argument
/// `index` beyond the call, or `None` (see [`kept_by_uses`]).
fn kept_by_callee(ctx: &Context, call: OpId, index: usize, seen: &mut HashSet<(OpId, usize)>) -> Option<String> {
    let mut symbols = SymbolTableCollection::new();
    let callee = match possible_callees(ctx, call, &mut symbols)[..] {
        [f] if !is_declaration(ctx, f) => f,
        _ => return Some("it is passed to a function without a body here".to_string()),
    };
    if !seen.insert((callee, index)) {
        return None;
    }
    let arg = ctx.regions(callee).first().and_then(|r| ctx.entry_block(*r)).map(|b| ctx.block_args(b)[index]);
    let name = strata_ir::func::op::Func::of(ctx, callee).map_or_else(String::new, |f| f.sym_name(ctx));
    let why = kept_by_uses(ctx, arg?, seen)?;
    Some(format!("the function '{name}' it is passed to may keep it: {why}"))
}

impl Pass for FreeBuffers {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn anchor(&self) -> Option<strata_ir::OpName> {
        Some(func::FUNC)
    }
    fn options(&mut self) -> Option<&mut dyn strata_ir::pass_options::PassOptions> {
        Some(&mut self.options)
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
                    if self.options.remarks {
                        ctx.emit(Diagnostic::remark(loc, "freed at the end of its block: it does not outlive it"));
                    }
                }
                (why, _) => {
                    self.kept += 1;
                    if self.options.remarks {
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
static DECL: PassDecl = PassDecl {
    argument: "par-free-buffers",
    name: "ParFreeBuffers",
    description: "Release each buffer and queue that does not outlive its block at the end of that block",
    options: FreeBuffersOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(FreeBuffers::default()) }
}
