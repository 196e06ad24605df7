//! `convert-scf-to-cf`: lowers `scf.for`, `scf.if` and `scf.while` to blocks
//! joined by `cf.br` and `cf.cond_br`, as MLIR's pass of the same name does.
//!
//! `scf.for` becomes a condition block carrying the induction variable and the
//! iteration values (and, with a step other than 1, a trip counter), the body,
//! and a latch that adds the step; `scf.if` a
//! conditional branch to the two regions and a join block whose arguments are
//! the results; `scf.while` the `before` region ending in a conditional branch
//! and the `after` region branching back; `scf.execute_region` its blocks
//! spliced in place; `scf.index_switch` a `cf.switch` on the index to the
//! case regions; `scf.parallel` a nest of `scf.for`, its iterations in
//! order, carrying the reduced values. An `scf` operation whose parent region must stay a single
//! block cannot be lowered and is reported.

use strata_ir::context::{BlockId, OperationState, RegionId, Value};
use strata_ir::conversion::{apply_conversion, ConversionMode, ConversionTarget};
use strata_ir::pass::PassFailed;
use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::registry::Traits;
use strata_ir::rewrite::{constant_int, RewritePattern, Rewriter};
use strata_ir::types::Type;
use strata_ir::OpName;
use strata_ir::{Attribute, Context, Location, OpId};
use strata_std::arith::op as arith;
use strata_std::arith::CmpiPredicate;
use strata_std::cf::op as cf;
use strata_std::cf::segment_sizes;
use strata_std::scf::op as scf;

strata_ir::pass_options! {
    /// The options of the pass.
    pub struct ScfToCfOptions {
        /// Assert at run time that a non-constant scf.for step is positive (default false).
        check_steps: bool = false => "check-steps", Bool, "assert at run time that a non-constant scf.for step is positive (default false)";
    }
}

/// The pass.
#[derive(Default)]
pub struct ScfToCf {
    /// Its options.
    pub options: ScfToCfOptions,
}

impl Pass for ScfToCf {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn options(&mut self) -> Option<&mut dyn strata_ir::pass_options::PassOptions> {
        Some(&mut self.options)
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        let target = ConversionTarget::new().illegal_ops(&[
            scf::FOR,
            scf::IF,
            scf::WHILE,
            scf::EXECUTE_REGION,
            scf::INDEX_SWITCH,
            scf::PARALLEL,
            scf::REDUCE,
            scf::REDUCE_RETURN,
            scf::YIELD,
            scf::CONDITION,
        ]);
        let patterns: Vec<Box<dyn RewritePattern>> = vec![
            Box::new(LowerFor { check_steps: self.options.check_steps }),
            Box::new(LowerIf),
            Box::new(LowerWhile),
            Box::new(LowerExecuteRegion),
            Box::new(LowerIndexSwitch),
            Box::new(LowerParallel),
        ];
        apply_conversion(ctx, op, &target, &patterns, ConversionMode::Partial).map_err(|errors| {
            for e in errors {
                ctx.emit(e);
            }
            PassFailed
        })
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "convert-scf-to-cf",
    name: "SCFToControlFlow",
    description: "Lower scf.for, scf.if and scf.while to cf branches between blocks",
    options: ScfToCfOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(ScfToCf::default()) }
}

/// The region holding `op` may take more blocks.
fn can_split(ctx: &Context, op: OpId) -> bool {
    ctx.parent_op(op).is_some_and(|p| !ctx.might_have_traits(p, Traits::SINGLE_BLOCK))
}

fn br(rw: &mut Rewriter<'_>, at: BlockId, dest: BlockId, args: &[Value], loc: &Location) {
    rw.create_at_end(at, OperationState::new(cf::BR, loc.clone()).operands(args).successor(dest));
}

fn cond_br(
    rw: &mut Rewriter<'_>,
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
    rw.create_at_end(at, st);
}

/// Builds a branch at the end of a block from a replaced terminator's
/// operands and location.
type BranchBuilder<'a> = dyn FnMut(&mut Rewriter<'_>, BlockId, Vec<Value>, &Location) + 'a;

/// Replaces every terminator named `name` in `blocks` with a branch built by
/// `make` from the terminator's operands and location.
fn replace_terminators(rw: &mut Rewriter<'_>, blocks: &[BlockId], name: OpName, make: &mut BranchBuilder) {
    for &b in blocks {
        let Some(t) = rw.ctx().last_op(b).filter(|t| rw.ctx().isa(*t, name)) else { continue };
        let (vals, loc) = (rw.ctx().operands(t).to_vec(), rw.ctx().op_loc(t).clone());
        rw.erase_op(t);
        make(rw, b, vals, &loc);
    }
}

/// Splits the block of `op` after it; where `op` has results, the branches
/// join in a new block before the rest, with one argument per result (they
/// replace the results), that branches on to it, as MLIR's lowering joins
/// them. Returns the block to branch to.
fn continuation(rw: &mut Rewriter<'_>, op: OpId) -> BlockId {
    let next = rw.ctx().next_op(op).expect("an scf op is never a terminator");
    let rest = rw.split_block(next);
    let results = rw.ctx().results(op).to_vec();
    if results.is_empty() {
        return rest;
    }
    let loc = rw.ctx().op_loc(op).clone();
    let args: Vec<(Type, Location)> = results.iter().map(|r| (rw.ctx().value_type(*r).clone(), loc.clone())).collect();
    let (parent, pos) = position(rw.ctx(), rest);
    let join = rw.create_block(parent, pos, &args);
    for (r, a) in results.into_iter().zip(rw.ctx().block_args(join).to_vec()) {
        rw.replace_all_uses_with(r, a);
    }
    br(rw, join, rest, &[], &loc);
    join
}

/// The region holding block `b` and the position of `b` in it.
fn position(ctx: &Context, b: BlockId) -> (RegionId, usize) {
    let parent = ctx.block_parent(b).expect("block in a region");
    let pos = ctx.region_blocks(parent).iter().position(|x| *x == b).expect("block in its region");
    (parent, pos)
}

/// Moves the blocks of region `r` before block `before`; returns them.
fn move_before(rw: &mut Rewriter<'_>, r: RegionId, before: BlockId) -> Vec<BlockId> {
    let blocks = rw.ctx().region_blocks(r).to_vec();
    let (parent, pos) = position(rw.ctx(), before);
    rw.move_region_blocks(r, parent, pos);
    blocks
}

/// Replaces the uses of the arguments of `b` with `with` and drops the arguments.
fn forward_args(rw: &mut Rewriter<'_>, b: BlockId, with: &[Value]) {
    for (a, v) in rw.ctx().block_args(b).to_vec().into_iter().zip(with) {
        rw.replace_all_uses_with(a, *v);
    }
    for i in (0..rw.ctx().block_args(b).len()).rev() {
        rw.erase_block_arg(b, i);
    }
}

/// `scf.for`, with a run-time check of its step where asked.
struct LowerFor {
    check_steps: bool,
}

impl RewritePattern for LowerFor {
    fn name(&self) -> &'static str {
        "lower-scf-for"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(scf::FOR)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        if !can_split(ctx, op) {
            return false;
        }
        let loc = ctx.op_loc(op).clone();
        let body = ctx.region(op, 0);
        let Some(entry) = ctx.entry_block(body) else { return false };
        let operands = ctx.operands(op).to_vec();
        let (lb, ub, step, inits) = (operands[0], operands[1], operands[2], &operands[3..]);
        let pred = if scf::For(op).unsigned_cmp(ctx) { CmpiPredicate::Ult } else { CmpiPredicate::Slt };
        let init_block = ctx.parent_block(op).expect("in a block");
        let arg_types: Vec<(Type, Location)> =
            ctx.block_args(entry).iter().map(|a| (ctx.value_type(*a).clone(), ctx.value_loc(*a).clone())).collect();

        // A step other than 1 could carry iv past the largest value and wrap
        // below ub, so such a loop counts its trips instead: (ub - lb - 1) / step + 1
        // where lb < ub (the difference read unsigned, which is exact), else
        // none; a counter the header compares with them, which also lets LLVM
        // see the trip count and unroll the loop. A zero step, which has no
        // meaning, divides by 1.
        let step_value = constant_int(rw.ctx(), step);
        let unit_step = step_value == Some(1);
        let iv_ty = arg_types[0].0.clone();
        let trips = (!unit_step).then(|| {
            let mut at = |st: OperationState| {
                let o = rw.create_before(op, st);
                rw.ctx().result(o, 0)
            };
            let ty = std::slice::from_ref(&iv_ty);
            let any = at(OperationState::new(arith::CMPI, loc.clone())
                .prop("predicate", pred.attr())
                .operands(&[lb, ub])
                .results(&[Type::i1()]));
            let one = at(OperationState::new(arith::CONSTANT, loc.clone())
                .prop("value", Attribute::int(1, iv_ty.clone()))
                .results(ty));
            let zero = at(OperationState::new(arith::CONSTANT, loc.clone())
                .prop("value", Attribute::int(0, iv_ty.clone()))
                .results(ty));
            let span = at(OperationState::new(arith::SUBI, loc.clone()).operands(&[ub, lb]).results(ty));
            let last = at(OperationState::new(arith::SUBI, loc.clone()).operands(&[span, one]).results(ty));
            let divisor = match step_value {
                Some(s) if s > 0 => step,
                _ => at(OperationState::new(arith::MAXUI, loc.clone()).operands(&[step, one]).results(ty)),
            };
            let whole = at(OperationState::new(arith::DIVUI, loc.clone()).operands(&[last, divisor]).results(ty));
            let some = at(OperationState::new(arith::ADDI, loc.clone()).operands(&[whole, one]).results(ty));
            let trips = at(OperationState::new(arith::SELECT, loc.clone()).operands(&[any, some, zero]).results(ty));
            (trips, zero, one)
        });
        let end = rw.split_block(rw.ctx().next_op(op).expect("an scf op is never a terminator"));
        let (parent, pos) = position(rw.ctx(), end);
        let mut cond_types = arg_types.clone();
        if trips.is_some() {
            cond_types.push((iv_ty.clone(), loc.clone()));
        }
        let cond = rw.create_block(parent, pos, &cond_types);
        let body_blocks = move_before(rw, body, end);
        let cond_args = rw.ctx().block_args(cond).to_vec();
        forward_args(rw, entry, &cond_args);
        let iv = cond_args[0];
        // Header: continue while iv < ub, or while the counter is below the trips.
        let counter = trips.map(|_| *cond_args.last().expect("the counter"));
        let (pred, lhs, rhs) = match (counter, trips) {
            (Some(k), Some((n, _, _))) => (CmpiPredicate::Ult, k, n),
            _ => (pred, iv, ub),
        };
        let cmp = rw.create_at_end(
            cond,
            OperationState::new(arith::CMPI, loc.clone())
                .prop("predicate", pred.attr())
                .operands(&[lhs, rhs])
                .results(&[Type::i1()]),
        );
        let c = rw.ctx().result(cmp, 0);
        cond_br(rw, cond, c, (entry, &[]), (end, &[]), &loc);
        // Latch: every yield adds the step (and 1 to the counter) and branches
        // back to the header.
        replace_terminators(rw, &body_blocks, scf::YIELD, &mut |rw, b, vals, yloc| {
            let ty = rw.ctx().value_type(iv).clone();
            let add = |rw: &mut Rewriter<'_>, x: Value, y: Value| {
                let o = rw.create_at_end(
                    b,
                    OperationState::new(arith::ADDI, loc.clone()).operands(&[x, y]).results(std::slice::from_ref(&ty)),
                );
                rw.ctx().result(o, 0)
            };
            let mut args = vec![add(rw, iv, step)];
            args.extend(vals);
            if let (Some(k), Some((_, _, one))) = (counter, trips) {
                args.push(add(rw, k, one));
            }
            br(rw, b, cond, &args, yloc);
        });
        if self.check_steps && constant_int(rw.ctx(), step).is_none_or(|s| s <= 0) {
            assert_positive(rw, init_block, step, &loc);
        }
        let mut entry_args = vec![lb];
        entry_args.extend_from_slice(inits);
        if let Some((_, zero, _)) = trips {
            entry_args.push(zero);
        }
        br(rw, init_block, cond, &entry_args, &loc);
        let results = rw.ctx().results(op).to_vec();
        rw.replace_op(op, &cond_args[1..1 + results.len()]);
        true
    }
}

/// `cf.assert (step > 0)` at the end of `b`, with the interpreter's message.
fn assert_positive(rw: &mut Rewriter<'_>, b: BlockId, step: Value, loc: &Location) {
    let ty = rw.ctx().value_type(step).clone();
    let zero = rw.create_at_end(
        b,
        OperationState::new(arith::CONSTANT, loc.clone()).prop("value", Attribute::int(0, ty.clone())).results(&[ty]),
    );
    let zero = rw.ctx().result(zero, 0);
    let positive = rw.create_at_end(
        b,
        OperationState::new(arith::CMPI, loc.clone())
            .prop("predicate", CmpiPredicate::Sgt.attr())
            .operands(&[step, zero])
            .results(&[Type::i1()]),
    );
    let positive = rw.ctx().result(positive, 0);
    rw.create_at_end(
        b,
        OperationState::new(cf::ASSERT, loc.clone())
            .operands(&[positive])
            .props(strata_std::cf::op::Assert::props("scf.for step must be positive".into())),
    );
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
        let ctx = rw.ctx();
        if !can_split(ctx, op) {
            return false;
        }
        let loc = ctx.op_loc(op).clone();
        let cond = scf::If(op).condition(ctx);
        let head = ctx.parent_block(op).expect("in a block");
        let (then_r, else_r) = (ctx.region(op, 0), ctx.region(op, 1));
        let cont = continuation(rw, op);
        let mut to_cont = |rw: &mut Rewriter<'_>, b: BlockId, vals: Vec<Value>, l: &Location| br(rw, b, cont, &vals, l);
        let then_blocks = move_before(rw, then_r, cont);
        replace_terminators(rw, &then_blocks, scf::YIELD, &mut to_cont);
        let else_blocks = move_before(rw, else_r, cont);
        replace_terminators(rw, &else_blocks, scf::YIELD, &mut to_cont);
        let t = then_blocks.first().copied().unwrap_or(cont);
        let f = else_blocks.first().copied().unwrap_or(cont);
        rw.erase_op(op);
        cond_br(rw, head, cond, (t, &[]), (f, &[]), &loc);
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
        let ctx = rw.ctx();
        if !can_split(ctx, op) {
            return false;
        }
        let loc = ctx.op_loc(op).clone();
        let inits = ctx.operands(op).to_vec();
        let head = ctx.parent_block(op).expect("in a block");
        let (before_r, after_r) = (ctx.region(op, 0), ctx.region(op, 1));
        let (Some(before), Some(after)) = (ctx.entry_block(before_r), ctx.entry_block(after_r)) else { return false };
        // The values the condition forwards dominate the exit: they are the
        // results, as in MLIR's lowering.
        let Some(cond) = ctx.last_op(before).filter(|c| ctx.isa(*c, scf::CONDITION)) else { return false };
        let forwarded = scf::Condition(cond).args(ctx).to_vec();
        let next = ctx.next_op(op).expect("an scf op is never a terminator");
        for (r, v) in ctx.results(op).to_vec().into_iter().zip(forwarded) {
            rw.replace_all_uses_with(r, v);
        }
        let cont = rw.split_block(next);
        let before_blocks = move_before(rw, before_r, cont);
        let after_blocks = move_before(rw, after_r, cont);
        replace_terminators(rw, &before_blocks, scf::CONDITION, &mut |rw, b, vals, l| {
            cond_br(rw, b, vals[0], (after, &vals[1..]), (cont, &[]), l);
        });
        replace_terminators(rw, &after_blocks, scf::YIELD, &mut |rw, b, vals, l| br(rw, b, before, &vals, l));
        rw.erase_op(op);
        br(rw, head, before, &inits, &loc);
        true
    }
}

struct LowerExecuteRegion;

impl RewritePattern for LowerExecuteRegion {
    fn name(&self) -> &'static str {
        "lower-scf-execute-region"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(scf::EXECUTE_REGION)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        if !can_split(rw.ctx(), op) {
            return false;
        }
        strata_std::scf_execute::inline_blocks(rw, op);
        true
    }
}

/// `scf.index_switch`: a `cf.switch` on the index (as `i64`) to the case
/// regions and the default, each branching to a join block whose
/// arguments are the results.
struct LowerIndexSwitch;

impl RewritePattern for LowerIndexSwitch {
    fn name(&self) -> &'static str {
        "lower-scf-index-switch"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(scf::INDEX_SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(cases) = strata_std::scf_switch::case_values(ctx, op) else { return false };
        if !can_split(ctx, op) {
            return false;
        }
        let loc = ctx.op_loc(op).clone();
        let arg = scf::IndexSwitch(op).arg(ctx);
        let head = ctx.parent_block(op).expect("in a block");
        let regions = ctx.regions(op).to_vec();
        let cont = continuation(rw, op);
        let mut to_cont = |rw: &mut Rewriter<'_>, b: BlockId, vals: Vec<Value>, l: &Location| br(rw, b, cont, &vals, l);
        let mut entries = Vec::new();
        for r in regions {
            let blocks = move_before(rw, r, cont);
            replace_terminators(rw, &blocks, scf::YIELD, &mut to_cont);
            entries.push(blocks.first().copied().unwrap_or(cont));
        }
        rw.erase_op(op);
        let flag_ty = Type::i64();
        let cast = OperationState::new(arith::INDEX_CAST, loc.clone())
            .operands(&[arg])
            .results(std::slice::from_ref(&flag_ty));
        let flag = rw.create_at_end(head, cast);
        let flag = rw.ctx().result(flag, 0);
        let targets: Vec<(i128, BlockId)> =
            cases.iter().map(|c| i128::from(*c)).zip(entries[1..].iter().copied()).collect();
        rw.create_at_end(head, strata_std::cf::switch_to_blocks(loc, flag, &flag_ty, entries[0], &targets));
        true
    }
}

/// `scf.parallel`: a nest of `scf.for` carrying the reduced values, the
/// iterations in order (then lowered as loops are).
struct LowerParallel;

impl RewritePattern for LowerParallel {
    fn name(&self) -> &'static str {
        "lower-scf-parallel"
    }
    fn root(&self) -> Option<strata_ir::OpName> {
        Some(scf::PARALLEL)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        strata_std::scf_parallel::lower_to_for(rw, op)
    }
}
