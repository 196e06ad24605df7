//! `par-eliminate-bool-atomics`: boolean `or`/`and` reductions without
//! read-modify-writes.
//!
//! `par.atomic_rmw or (x, b, i)` on an `i1` buffer whose old value nobody
//! uses becomes `if x { b[i] = true }`, and `and` becomes
//! `if !x { b[i] = false }`, with a relaxed atomic store. Every thread that
//! stores writes the same value, the one the reduction would leave, so the
//! race between them is benign; the element ends as the reduction would
//! leave it. The store is ordered with the team's other accesses by its
//! barriers only, as the relaxed reductions on the GPU are.
//!
//! Not rewritten (with `remarks=true` every boolean reduction gets a
//! remark saying what happened and why):
//! a reduction whose old value is used (the store cannot return it), one on
//! a type other than `i1` (`or` of several bits is not one value to store).

use crate::op as par;
use crate::op::AtomicRmw;
use crate::view::RmwKind;
use strata_ir::context::{Context, OpId, OperationState};
use strata_ir::func::op as func;
use strata_ir::pass::PassFailed;
use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::types::Type;
use strata_ir::Diagnostic;
use strata_std::arith::op as arith;
use strata_std::scf::op as scf;

use crate::types::buf_element;

strata_ir::pass_options! {
    /// The options of the pass.
    pub struct BoolAtomicsOptions {
        /// Report each boolean reduction kept atomic and why (default false).
        remarks: bool = false => "remarks", Bool, "report each boolean reduction kept atomic and why (default false)";
    }
}

/// The pass and its counts.
#[derive(Default)]
pub struct EliminateBoolAtomics {
    /// Its options.
    options: BoolAtomicsOptions,
    eliminated: u64,
    kept: u64,
}

/// Why the boolean reduction `op` must stay atomic, or `None` if it need not.
pub fn needs_atomic(ctx: &Context, op: OpId) -> Option<&'static str> {
    if buf_element(ctx.value_type(AtomicRmw(op).buffer(ctx))) != Some(Type::i1()) {
        return Some("the element is not an i1: a reduction of several bits is not one value to store");
    }
    if !ctx.results_unused(op) {
        return Some("its old value is used: a plain store cannot return it");
    }
    None
}

/// Replaces the boolean reduction `op` (`or` or `and`) by a guarded store.
fn eliminate(ctx: &mut Context, op: OpId, kind: RmwKind) {
    let loc = ctx.op_loc(op).clone();
    let r = AtomicRmw(op);
    let (x, b, i) = (r.value(ctx), r.buffer(ctx), r.index(ctx));
    // or: store true where x; and: store false where !x.
    let stored = kind == RmwKind::Or;
    let value = strata_std::arith::int_constant(ctx, i128::from(stored), &Type::i1(), loc.clone());
    ctx.insert_op_before(op, value);
    let value = ctx.result(value, 0);
    let cond = if stored {
        x
    } else {
        let t = strata_std::arith::int_constant(ctx, 1, &Type::i1(), loc.clone());
        ctx.insert_op_before(op, t);
        let not = ctx.create_op(
            OperationState::new(arith::XORI, loc.clone()).operands(&[x, ctx.result(t, 0)]).results(&[Type::i1()]),
        );
        ctx.insert_op_before(op, not);
        ctx.result(not, 0)
    };
    let then = ctx.create_region();
    let blk = ctx.create_block(&[]);
    ctx.append_block(then, blk);
    let store = ctx.create_op(
        OperationState::new(par::STORE, loc.clone()).operands(&[value, b, i]).props(crate::op::Store::props(true)),
    );
    ctx.append_op(blk, store);
    let y = ctx.create_op(OperationState::new(scf::YIELD, loc.clone()));
    ctx.append_op(blk, y);
    let empty = ctx.create_region();
    let guard = ctx.create_op(OperationState::new(scf::IF, loc).operands(&[cond]).region(then).region(empty));
    ctx.insert_op_before(op, guard);
    ctx.erase_op(op);
}

impl Pass for EliminateBoolAtomics {
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
        let mut found = Vec::new();
        ctx.walk_pre(f, &mut |o| {
            if let Some(rmw) = AtomicRmw::of(ctx, o) {
                if let k @ (RmwKind::Or | RmwKind::And) = rmw.kind(ctx) {
                    found.push((o, k));
                }
            }
        });
        for (op, kind) in found {
            match needs_atomic(ctx, op) {
                None => {
                    if self.options.remarks {
                        let loc = ctx.op_loc(op).clone();
                        ctx.emit(Diagnostic::remark(loc, format!("atomic '{kind}' replaced by a guarded store: its old value is unused and every store writes the same value")));
                    }
                    eliminate(ctx, op, kind);
                    self.eliminated += 1;
                }
                Some(why) => {
                    self.kept += 1;
                    if self.options.remarks {
                        let loc = ctx.op_loc(op).clone();
                        ctx.emit(Diagnostic::remark(loc, format!("atomic '{kind}' kept: {why}")));
                    }
                }
            }
        }
        Ok(())
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        vec![("atomics eliminated", self.eliminated), ("atomics kept", self.kept)]
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "par-eliminate-bool-atomics",
    name: "ParEliminateBoolAtomics",
    description: "Replace boolean or/and atomic reductions whose old value is unused by a guarded store of the value they would leave",
    options: BoolAtomicsOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(EliminateBoolAtomics::default()) }
}
