//! `scf.execute_region`: a region of any number of blocks, run once, whose
//! `scf.yield`s give its results. Syntax, verifier and canonicalization as
//! upstream MLIR's; [`inline_blocks`] also serves `convert-scf-to-cf`.

use crate::scf::op as scf;
use crate::scf::op::ExecuteRegion;
use crate::scf::{check_edge, types_of};
use strata_ir::context::{BlockId, Context, OpId, OperationState};
use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::rewrite::{RewritePattern, Rewriter};
use strata_ir::verifier::op_error;
use strata_ir::{Attribute, Diagnostic, OpName};

pub(crate) fn parse(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.consume_if(Tok::Arrow) {
        st.result_types = p.parse_function_result_types()?;
    }
    if p.consume_keyword("no_inline") {
        st.properties.push(("no_inline".into(), Attribute::Unit));
    }
    st.regions.push(p.parse_region(&[])?);
    st.attributes = p.parse_optional_attr_dict()?;
    Ok(())
}

pub(crate) fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let types = types_of(ctx, ctx.results(op));
    if !types.is_empty() {
        p.w(" -> ");
        p.result_types(&types);
    }
    p.w(" ");
    if ctx.prop(op, "no_inline").is_some() {
        p.w("no_inline ");
    }
    p.region(ctx.region(op, 0), false, true);
    p.attr_dict(op, &["no_inline"]);
}

/// As upstream checks it: no block arguments on entry, then each
/// `scf.yield` against the results (the region-branch edge to the parent).
pub(crate) fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "requires one region"));
    }
    let r = ctx.region(op, 0);
    let Some(entry) = ctx.entry_block(r) else {
        return Err(op_error(ctx, op, "region needs to have at least one block"));
    };
    if !ctx.block_args(entry).is_empty() {
        return Err(op_error(ctx, op, "region cannot have any arguments"));
    }
    let results = types_of(ctx, ctx.results(op));
    for b in ctx.region_blocks(r) {
        if let Some(y) = ctx.last_op(*b).filter(|t| ctx.isa(*t, scf::YIELD)) {
            check_edge(ctx, op, y, "parent", &types_of(ctx, ctx.operands(y)), &results)?;
        }
    }
    Ok(())
}

/// Replaces `op` with its region's blocks, spliced into the block holding
/// it: the block is split after `op`, the region's blocks go in between,
/// each `scf.yield` becomes a branch to the rest of the block, whose
/// arguments replace the results. The caller checks that the parent region
/// may have several blocks.
pub fn inline_blocks(rw: &mut Rewriter<'_>, op: OpId) {
    let ctx = rw.ctx();
    let loc = ctx.op_loc(op).clone();
    let head = ctx.parent_block(op).expect("in a block");
    let next = ctx.next_op(op).expect("scf.execute_region is not a terminator");
    let region = ctx.region(op, 0);
    let cont = rw.split_block(next);
    for r in rw.ctx().results(op).to_vec() {
        let ty = rw.ctx().value_type(r).clone();
        let a = rw.add_block_arg(cont, ty, loc.clone());
        rw.replace_all_uses_with(r, a);
    }
    let blocks: Vec<BlockId> = rw.ctx().region_blocks(region).to_vec();
    let parent = rw.ctx().block_parent(cont).expect("block in a region");
    let pos = rw.ctx().region_blocks(parent).iter().position(|b| *b == cont).expect("block in its region");
    rw.move_region_blocks(region, parent, pos);
    for b in &blocks {
        let Some(y) = rw.ctx().last_op(*b).filter(|t| rw.ctx().isa(*t, scf::YIELD)) else { continue };
        let (vals, yloc) = (rw.ctx().operands(y).to_vec(), rw.ctx().op_loc(y).clone());
        rw.erase_op(y);
        rw.create_at_end(*b, OperationState::new(crate::cf::op::BR, yloc).operands(&vals).successor(cont));
    }
    rw.erase_op(op);
    rw.create_at_end(head, OperationState::new(crate::cf::op::BR, loc).successor(blocks[0]));
}

/// A region of one block, not marked `no_inline`: its operations take its
/// place.
struct InlineSingleBlock;

impl RewritePattern for InlineSingleBlock {
    fn name(&self) -> &'static str {
        "scf-execute-region-inline"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::EXECUTE_REGION)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let view = ExecuteRegion::of(ctx, op);
        let r = ctx.region(op, 0);
        if view.is_none_or(|v| v.no_inline(ctx)) || ctx.region_blocks(r).len() != 1 {
            return false;
        }
        let vals = rw.inline_region_before(r, op, &[]);
        rw.replace_op(op, &vals);
        true
    }
}

/// A region of several blocks, not marked `no_inline`, directly in a
/// function (or another `scf.execute_region`): its blocks join the
/// enclosing region.
struct InlineBlocks;

impl RewritePattern for InlineBlocks {
    fn name(&self) -> &'static str {
        "scf-execute-region-inline-blocks"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::EXECUTE_REGION)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let view = ExecuteRegion::of(ctx, op);
        let inside =
            ctx.parent_op(op).is_some_and(|p| ctx.isa(p, strata_ir::func::op::FUNC) || ctx.isa(p, scf::EXECUTE_REGION));
        if view.is_none_or(|v| v.no_inline(ctx)) || ctx.region_blocks(ctx.region(op, 0)).len() < 2 || !inside {
            return false;
        }
        inline_blocks(rw, op);
        true
    }
}

pub(crate) fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(InlineSingleBlock));
    v.push(Box::new(InlineBlocks));
}
