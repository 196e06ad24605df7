//! `convert-scf-to-cf`: lowers `scf.for`, `scf.if` and `scf.while` to blocks
//! joined by `cf.br` and `cf.cond_br`, as MLIR's pass of the same name does.
//!
//! `scf.for` becomes a condition block carrying the induction variable and the
//! iteration values, the body, and a latch that adds the step; `scf.if` a
//! conditional branch to the two regions and a join block whose arguments are
//! the results; `scf.while` the `before` region ending in a conditional branch
//! and the `after` region branching back. An `scf` operation whose parent
//! region must stay a single block cannot be lowered and is reported.

use strata_ir::context::{BlockId, OperationState, RegionId, Value};
use strata_ir::conversion::{apply_conversion, ConversionMode, ConversionTarget};
use strata_ir::pass::PassFailed;
use strata_ir::pass::{Pass, PassInfo};
use strata_ir::registry::Traits;
use strata_ir::rewrite::{RewritePattern, Rewriter};
use strata_ir::types::Type;
use strata_ir::OpName;
use strata_ir::{Attribute, Context, Location, OpId};
use strata_std::arith::op as arith;
use strata_std::cf::op as cf;
use strata_std::cf::segment_sizes;
use strata_std::scf::op as scf;

/// The pass.
#[derive(Default)]
pub struct ScfToCf;

impl Pass for ScfToCf {
    fn argument(&self) -> &'static str {
        "convert-scf-to-cf"
    }
    fn name(&self) -> &'static str {
        "SCFToControlFlow"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        let target = ConversionTarget::new().illegal_ops(&[scf::FOR, scf::IF, scf::WHILE, scf::YIELD, scf::CONDITION]);
        let patterns: Vec<Box<dyn RewritePattern>> = vec![Box::new(LowerFor), Box::new(LowerIf), Box::new(LowerWhile)];
        apply_conversion(ctx, op, &target, &patterns, ConversionMode::Partial).map_err(|errors| {
            for e in errors {
                ctx.emit(e);
            }
            PassFailed
        })
    }
}

/// Registration.
pub fn info() -> PassInfo {
    PassInfo {
        argument: "convert-scf-to-cf",
        description: "Lower scf.for, scf.if and scf.while to cf branches between blocks",
        options: &[],
        create: || Box::new(ScfToCf),
    }
}

/// The region holding `op` may take more blocks.
fn can_split(ctx: &Context, op: OpId) -> bool {
    ctx.parent_op(op).is_some_and(|p| !ctx.might_have_traits(p, Traits::SINGLE_BLOCK))
}

fn br(ctx: &mut Context, at: BlockId, dest: BlockId, args: &[Value], loc: &Location) {
    let op = ctx.create_op(OperationState::new(cf::BR, loc.clone()).operands(args).successor(dest));
    ctx.append_op(at, op);
}

fn cond_br(
    ctx: &mut Context,
    at: BlockId,
    cond: Value,
    t: (BlockId, &[Value]),
    f: (BlockId, &[Value]),
    loc: &Location,
) {
    let st = OperationState::new(cf::COND_BR, loc.clone())
        .operands(&[cond])
        .operands(t.1)
        .operands(f.1)
        .successor(t.0)
        .successor(f.0)
        .prop("operandSegmentSizes", segment_sizes(&[1, t.1.len(), f.1.len()]));
    let op = ctx.create_op(st);
    ctx.append_op(at, op);
}

/// Builds a branch at the end of a block from a replaced terminator's
/// operands and location.
type BranchBuilder<'a> = dyn FnMut(&mut Context, BlockId, Vec<Value>, &Location) + 'a;

/// Replaces every terminator named `name` in `blocks` with a branch built by
/// `make` from the terminator's operands and location.
fn replace_terminators(ctx: &mut Context, blocks: &[BlockId], name: OpName, make: &mut BranchBuilder) {
    for &b in blocks {
        let Some(t) = ctx.last_op(b).filter(|t| ctx.op_name(*t) == name) else { continue };
        let (vals, loc) = (ctx.operands(t).to_vec(), ctx.op_loc(t).clone());
        ctx.erase_op(t);
        make(ctx, b, vals, &loc);
    }
}

/// Splits the block of `op` after it; the new block gets one argument per
/// result of `op`, which replace the results.
fn continuation(ctx: &mut Context, op: OpId) -> BlockId {
    let next = ctx.next_op(op).expect("an scf op is never a terminator");
    let cont = ctx.split_block(next);
    for r in ctx.results(op).to_vec() {
        let a = ctx.add_block_arg(cont, ctx.value_type(r).clone(), ctx.op_loc(op).clone());
        ctx.replace_all_uses(r, a);
    }
    cont
}

/// Moves the blocks of region `r` before block `before`; returns them.
fn move_before(ctx: &mut Context, r: RegionId, before: BlockId) -> Vec<BlockId> {
    let blocks = ctx.region_blocks(r).to_vec();
    let parent = ctx.block_parent(before).expect("block in a region");
    let pos = ctx.region_blocks(parent).iter().position(|b| *b == before).expect("block in its region");
    ctx.move_region_blocks(r, parent, pos);
    blocks
}

/// Replaces the uses of the arguments of `b` with `with` and drops the arguments.
fn forward_args(ctx: &mut Context, b: BlockId, with: &[Value]) {
    for (a, v) in ctx.block_args(b).to_vec().into_iter().zip(with) {
        ctx.replace_all_uses(a, *v);
    }
    for i in (0..ctx.block_args(b).len()).rev() {
        ctx.erase_block_arg(b, i);
    }
}

struct LowerFor;

impl RewritePattern for LowerFor {
    fn name(&self) -> &'static str {
        "lower-scf-for"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(scf::FOR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = &mut *rw.ctx;
        if !can_split(ctx, op) {
            return false;
        }
        let loc = ctx.op_loc(op).clone();
        let body = ctx.region(op, 0);
        let Some(entry) = ctx.entry_block(body) else { return false };
        let operands = ctx.operands(op).to_vec();
        let (lb, ub, step, inits) = (operands[0], operands[1], operands[2], &operands[3..]);
        let pred = if ctx.prop(op, "unsignedCmp").is_some() { 6 } else { 2 };
        let init_block = ctx.parent_block(op).expect("in a block");

        let end = ctx.split_block(ctx.next_op(op).expect("an scf op is never a terminator"));
        let arg_types: Vec<(Type, Location)> =
            ctx.block_args(entry).iter().map(|a| (ctx.value_type(*a).clone(), ctx.value_loc(*a).clone())).collect();
        let cond = ctx.create_block(&arg_types);
        let parent = ctx.block_parent(end).expect("block in a region");
        let pos = ctx.region_blocks(parent).iter().position(|b| *b == end).expect("block in its region");
        ctx.insert_block(parent, pos, cond);
        let body_blocks = move_before(ctx, body, end);
        let cond_args = ctx.block_args(cond).to_vec();
        forward_args(ctx, entry, &cond_args);
        let iv = cond_args[0];
        // Header: continue while iv < ub.
        let cmp = ctx.create_op(
            OperationState::new(arith::CMPI, loc.clone())
                .prop("predicate", Attribute::int(pred, Type::i64()))
                .operands(&[iv, ub])
                .results(&[Type::i1()]),
        );
        ctx.append_op(cond, cmp);
        let c = ctx.result(cmp, 0);
        cond_br(ctx, cond, c, (entry, &[]), (end, &[]), &loc);
        // Latch: every yield adds the step and branches back to the header.
        replace_terminators(ctx, &body_blocks, scf::YIELD, &mut |ctx, b, vals, yloc| {
            let ty = ctx.value_type(iv).clone();
            let add = ctx.create_op(OperationState::new(arith::ADDI, loc.clone()).operands(&[iv, step]).results(&[ty]));
            ctx.append_op(b, add);
            let mut args = vec![ctx.result(add, 0)];
            args.extend(vals);
            br(ctx, b, cond, &args, yloc);
        });
        let mut entry_args = vec![lb];
        entry_args.extend_from_slice(inits);
        br(ctx, init_block, cond, &entry_args, &loc);
        for (r, a) in ctx.results(op).to_vec().into_iter().zip(&cond_args[1..]) {
            ctx.replace_all_uses(r, *a);
        }
        ctx.erase_op(op);
        true
    }
}

struct LowerIf;

impl RewritePattern for LowerIf {
    fn name(&self) -> &'static str {
        "lower-scf-if"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(scf::IF)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = &mut *rw.ctx;
        if !can_split(ctx, op) {
            return false;
        }
        let loc = ctx.op_loc(op).clone();
        let cond = ctx.operand(op, 0);
        let head = ctx.parent_block(op).expect("in a block");
        let cont = continuation(ctx, op);
        let mut to_cont = |ctx: &mut Context, b: BlockId, vals: Vec<Value>, l: &Location| br(ctx, b, cont, &vals, l);
        let (then_r, else_r) = (ctx.region(op, 0), ctx.region(op, 1));
        let then_blocks = move_before(ctx, then_r, cont);
        replace_terminators(ctx, &then_blocks, scf::YIELD, &mut to_cont);
        let else_blocks = move_before(ctx, else_r, cont);
        replace_terminators(ctx, &else_blocks, scf::YIELD, &mut to_cont);
        let t = then_blocks.first().copied().unwrap_or(cont);
        let f = else_blocks.first().copied().unwrap_or(cont);
        ctx.erase_op(op);
        cond_br(ctx, head, cond, (t, &[]), (f, &[]), &loc);
        true
    }
}

struct LowerWhile;

impl RewritePattern for LowerWhile {
    fn name(&self) -> &'static str {
        "lower-scf-while"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(scf::WHILE)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = &mut *rw.ctx;
        if !can_split(ctx, op) {
            return false;
        }
        let loc = ctx.op_loc(op).clone();
        let inits = ctx.operands(op).to_vec();
        let head = ctx.parent_block(op).expect("in a block");
        let cont = continuation(ctx, op);
        let (before_r, after_r) = (ctx.region(op, 0), ctx.region(op, 1));
        let (Some(before), Some(after)) = (ctx.entry_block(before_r), ctx.entry_block(after_r)) else { return false };
        let before_blocks = move_before(ctx, before_r, cont);
        let after_blocks = move_before(ctx, after_r, cont);
        replace_terminators(ctx, &before_blocks, scf::CONDITION, &mut |ctx, b, vals, l| {
            cond_br(ctx, b, vals[0], (after, &vals[1..]), (cont, &vals[1..]), l);
        });
        replace_terminators(ctx, &after_blocks, scf::YIELD, &mut |ctx, b, vals, l| br(ctx, b, before, &vals, l));
        ctx.erase_op(op);
        br(ctx, head, before, &inits, &loc);
        true
    }
}
