//! `scf.parallel`: a nest of loops whose iterations may run in any order,
//! ending in `scf.reduce`, which combines one value per iteration into each
//! result through its regions (`scf.reduce.return`). Syntax, verifiers and
//! canonicalization as upstream MLIR's; [`lower_to_for`] gives the
//! sequential loop nest that `convert-scf-to-cf` and the interpreter's
//! order follow.

use crate::cf::segment_sizes;
use crate::scf::op as scf;
use crate::scf::types_of;
use strata_ir::context::{BlockId, Context, OpId, OperationState, RegionId, Value};
use strata_ir::lexer::Tok;
use strata_ir::parser::{Argument, PResult, Parser, UnresolvedOperand};
use strata_ir::printer::OpPrinter;
use strata_ir::rewrite::{constant_int, RewritePattern, Rewriter};
use strata_ir::verifier::op_error;
use strata_ir::{Diagnostic, Location, OpName, Type};

/// The bounds of an `scf.parallel`: lower bounds, upper bounds, steps and
/// initial values, as its segments split its operands.
pub struct Bounds {
    /// One per loop.
    pub lower: Vec<Value>,
    /// One per loop.
    pub upper: Vec<Value>,
    /// One per loop.
    pub step: Vec<Value>,
    /// One per result.
    pub inits: Vec<Value>,
}

/// The operands of `op` split by its `operandSegmentSizes`, when they
/// describe four groups (the first three of one size) covering them all.
pub fn bounds(ctx: &Context, op: OpId) -> Option<Bounds> {
    let sizes = ctx.prop(op, "operandSegmentSizes")?.as_dense_ints()?.to_vec();
    let [n, u, s, k] = sizes[..] else { return None };
    let ops = ctx.operands(op);
    let sizes: Vec<usize> = [n, u, s, k].iter().map(|x| usize::try_from(*x).ok()).collect::<Option<_>>()?;
    if sizes[0] != sizes[1] || sizes[0] != sizes[2] || sizes.iter().sum::<usize>() != ops.len() {
        return None;
    }
    let n = sizes[0];
    Some(Bounds {
        lower: ops[..n].to_vec(),
        upper: ops[n..2 * n].to_vec(),
        step: ops[2 * n..3 * n].to_vec(),
        inits: ops[3 * n..].to_vec(),
    })
}

/// The `scf.reduce` ending the body of `op`, if there is one.
pub fn reduce_of(ctx: &Context, op: OpId) -> Option<OpId> {
    let b = ctx.entry_block(ctx.region(op, 0))?;
    ctx.last_op(b).filter(|t| ctx.isa(*t, scf::REDUCE))
}

fn parse_values(p: &mut Parser<'_>, what: &str) -> PResult<Vec<UnresolvedOperand>> {
    let mut v = Vec::new();
    p.parse_list(Tok::LParen, Tok::RParen, what, |p| {
        v.push(p.parse_operand()?);
        Ok(())
    })?;
    Ok(v)
}

pub(crate) fn parse_parallel(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let ivs = parse_values(p, "to end induction variable list")?;
    p.expect(Tok::Equal, "'='")?;
    let lower = parse_values(p, "to end operand list")?;
    p.expect_keyword("to")?;
    let upper = parse_values(p, "to end operand list")?;
    p.expect_keyword("step")?;
    let step = parse_values(p, "to end operand list")?;
    let inits = if p.consume_keyword("init") { parse_values(p, "to end operand list")? } else { Vec::new() };
    if p.consume_if(Tok::Arrow) {
        st.result_types = p.parse_function_result_types()?;
    }
    let tloc = p.loc();
    let index = |n: usize| vec![Type::Index; n];
    let mut operands = Vec::new();
    for group in [&lower, &upper, &step] {
        if group.len() != ivs.len() {
            return p.err_at(
                tloc.clone(),
                format!("expected {} operands, one per induction variable, but found {}", ivs.len(), group.len()),
            );
        }
        operands.extend(p.resolve_operands(group, &index(group.len()), &tloc)?);
    }
    let result_types = st.result_types.clone();
    operands.extend(p.resolve_operands(&inits, &result_types, &tloc)?);
    let args: Vec<Argument> =
        ivs.into_iter().map(|name| Argument { loc: name.loc.clone(), name, ty: Type::Index, attrs: vec![] }).collect();
    let body = p.parse_region(&args)?;
    p.ensure_terminator(body, scf::REDUCE, &st.loc);
    st.attributes = p.parse_optional_attr_dict()?;
    let n = lower.len();
    st.properties.push(("operandSegmentSizes".into(), segment_sizes(&[n, n, n, inits.len()])));
    st.operands = operands;
    st.regions.push(body);
    Ok(())
}

pub(crate) fn print_parallel(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let body = ctx.region(op, 0);
    let ivs = ctx.entry_block(body).map(|b| ctx.block_args(b).to_vec()).unwrap_or_default();
    let Some(b) = bounds(ctx, op) else { return };
    p.w(" (");
    p.operands(&ivs);
    p.w(") = (");
    p.operands(&b.lower);
    p.w(") to (");
    p.operands(&b.upper);
    p.w(") step (");
    p.operands(&b.step);
    p.w(")");
    if !b.inits.is_empty() {
        p.w(" init (");
        p.operands(&b.inits);
        p.w(")");
    }
    let types = types_of(ctx, ctx.results(op));
    if !types.is_empty() {
        p.w(" -> ");
        p.result_types(&types);
    }
    p.w(" ");
    p.region(body, false, true);
    p.attr_dict(op, &["operandSegmentSizes"]);
}

/// Upstream's checks, in its order and words.
pub(crate) fn verify_parallel(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(b) = bounds(ctx, op) else {
        return Err(op_error(ctx, op, "operand count does not match the 'operandSegmentSizes' property"));
    };
    if b.step.is_empty() {
        return Err(op_error(ctx, op, "needs at least one tuple element for lowerBound, upperBound and step"));
    }
    for (i, v) in b.lower.iter().chain(&b.upper).chain(&b.step).enumerate() {
        if *ctx.value_type(*v) != Type::Index {
            return Err(op_error(
                ctx,
                op,
                format!("operand #{i} must be variadic of index, but got '{}'", ctx.value_type(*v)),
            ));
        }
    }
    if b.step.iter().any(|s| constant_int(ctx, *s).is_some_and(|c| c <= 0)) {
        return Err(op_error(ctx, op, "constant step operand must be positive"));
    }
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "requires one region"));
    }
    let Some(entry) = ctx.entry_block(ctx.region(op, 0)) else {
        return Err(op_error(ctx, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    };
    let ivs = ctx.block_args(entry);
    if ivs.len() != b.step.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects the same number of induction variables: {} as bound and step values: {}",
                ivs.len(),
                b.step.len()
            ),
        ));
    }
    if ivs.iter().any(|v| *ctx.value_type(*v) != Type::Index) {
        return Err(op_error(ctx, op, "expects arguments for the induction variable to be of index type"));
    }
    let Some(reduce) = reduce_of(ctx, op) else {
        return Err(op_error(ctx, op, "expects its body to end with 'scf.reduce'"));
    };
    let reductions = ctx.operands(reduce).len();
    if reductions != ctx.results(op).len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects number of results: {} to be the same as number of reductions: {reductions}",
                ctx.results(op).len()
            ),
        ));
    }
    let results = types_of(ctx, ctx.results(op));
    for (i, (v, t)) in b.inits.iter().zip(&results).enumerate() {
        if ctx.value_type(*v) != t {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects type of {i}-th init value: '{}' to be the same as the {i}-th result type: '{t}'",
                    ctx.value_type(*v)
                ),
            ));
        }
    }
    if b.inits.len() != results.len() {
        return Err(op_error(
            ctx,
            op,
            format!("expects {} init values, one per result, but found {}", results.len(), b.inits.len()),
        ));
    }
    Ok(())
}

pub(crate) fn parse_reduce(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.consume_if(Tok::LParen) {
        let ops = p.parse_operand_list()?;
        p.expect(Tok::Colon, "':'")?;
        let loc = p.loc();
        let types = p.parse_type_list_no_parens()?;
        p.expect(Tok::RParen, "')'")?;
        st.operands = p.resolve_operands(&ops, &types, &loc)?;
        loop {
            if !p.at(Tok::LBrace) {
                break;
            }
            st.regions.push(p.parse_region(&[])?);
            if !p.consume_if(Tok::Comma) {
                break;
            }
        }
    }
    st.attributes = p.parse_optional_attr_dict()?;
    Ok(())
}

pub(crate) fn print_reduce(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op).to_vec();
    if ops.is_empty() {
        // Upstream leaves a blank after the name.
        p.w(" ");
    } else {
        p.w("(");
        p.operands(&ops);
        p.w(" : ");
        p.value_types(&ops);
        p.w(") ");
        for (i, r) in ctx.regions(op).iter().enumerate() {
            if i > 0 {
                p.w(", ");
            }
            p.region(*r, true, true);
        }
    }
    p.attr_dict(op, &[]);
}

pub(crate) fn verify_reduce(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(parallel) = ctx.parent_op(op).filter(|p| ctx.isa(*p, scf::PARALLEL)) else {
        return Err(op_error(ctx, op, "expects parent op 'scf.parallel'"));
    };
    let ops = ctx.operands(op);
    if ctx.regions(op).len() != ops.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects one reduction region per operand: {} regions for {} operands",
                ctx.regions(op).len(),
                ops.len()
            ),
        ));
    }
    let results = types_of(ctx, ctx.results(parallel));
    for (i, v) in ops.iter().enumerate() {
        let t = ctx.value_type(*v);
        if let Some(r) = results.get(i).filter(|r| *r != t) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects type of {i}-th reduction operand: '{t}' to be the same as the {i}-th result type: '{r}'"
                ),
            ));
        }
        let region = ctx.region(op, i);
        let args = ctx.entry_block(region).map(|b| ctx.block_args(b).to_vec()).unwrap_or_default();
        if args.len() != 2 || args.iter().any(|a| ctx.value_type(*a) != t) {
            return Err(op_error(
                ctx,
                op,
                format!("expected two block arguments with type '{t}' in the {i}-th reduction region"),
            ));
        }
        let ends =
            ctx.region_blocks(region).iter().all(|b| ctx.last_op(*b).is_some_and(|t| ctx.isa(t, scf::REDUCE_RETURN)));
        if !ends {
            return Err(op_error(ctx, op, "reduction bodies must be terminated with an 'scf.reduce.return' op"));
        }
    }
    Ok(())
}

pub(crate) fn parse_reduce_return(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let v = p.parse_operand()?;
    st.attributes = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    st.operands = vec![p.resolve_operand(&v, &ty)?];
    Ok(())
}

pub(crate) fn print_reduce_return(p: &mut OpPrinter<'_>, op: OpId) {
    let v = p.ctx.operand(op, 0);
    p.w(" ");
    p.operand(v);
    p.attr_dict(op, &[]);
    p.w(" : ");
    p.value_types(&[v]);
}

pub(crate) fn verify_reduce_return(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(reduce) = ctx.parent_op(op).filter(|p| ctx.isa(*p, scf::REDUCE)) else {
        return Err(op_error(ctx, op, "expects parent op 'scf.reduce'"));
    };
    let region = ctx.parent_block(op).and_then(|b| ctx.block_parent(b));
    let i = ctx.regions(reduce).iter().position(|r| Some(*r) == region);
    if let Some(want) = i.and_then(|i| ctx.operands(reduce).get(i)).map(|v| ctx.value_type(*v)) {
        if ctx.value_type(ctx.operand(op, 0)) != want {
            return Err(op_error(ctx, op, format!("must have type '{want}' (the type of the reduction inputs)")));
        }
    }
    Ok(())
}

/// The trip count of one loop of the nest, when its bounds are constants
/// (or one value: no trip).
fn constant_trips(ctx: &Context, lb: Value, ub: Value, step: Value) -> Option<i128> {
    if lb == ub {
        return Some(0);
    }
    let c = |v| constant_int(ctx, v);
    let (l, u, s) = (c(lb)?, c(ub)?, c(step)?);
    (s > 0).then(|| if u <= l { 0 } else { (u - l + s - 1) / s })
}

/// Runs the reductions of `reduce` before `anchor`: each region combines
/// `accs[i]` with the value reduced; returns the combined values.
fn combine(rw: &mut Rewriter<'_>, reduce: OpId, accs: &[Value], anchor: OpId) -> Vec<Value> {
    let vals = rw.ctx().operands(reduce).to_vec();
    let regions: Vec<RegionId> = rw.ctx().regions(reduce).to_vec();
    let mut out = Vec::new();
    for ((r, acc), v) in regions.into_iter().zip(accs).zip(vals) {
        out.extend(rw.inline_region_before(r, anchor, &[*acc, v]).into_iter().take(1));
    }
    out
}

/// Loops that run no iteration give the initial values; loops of one
/// iteration leave the nest (their induction variable is the lower bound);
/// a nest left with none is its body, its reductions applied to the
/// initial values.
struct SingleOrZeroTrips;

impl RewritePattern for SingleOrZeroTrips {
    fn name(&self) -> &'static str {
        "scf-parallel-single-or-zero-trips"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::PARALLEL)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let (Some(b), Some(reduce)) = (bounds(ctx, op), reduce_of(ctx, op)) else { return false };
        let trips: Vec<Option<i128>> =
            (0..b.step.len()).map(|i| constant_trips(ctx, b.lower[i], b.upper[i], b.step[i])).collect();
        if trips.contains(&Some(0)) {
            rw.replace_op(op, &b.inits);
            return true;
        }
        let single: Vec<bool> = trips.iter().map(|t| *t == Some(1)).collect();
        if !single.contains(&true) {
            return false;
        }
        let body = ctx.entry_block(ctx.region(op, 0)).expect("checked by the verifier");
        let ivs = ctx.block_args(body).to_vec();
        if single.iter().all(|s| *s) {
            let region = rw.ctx().region(op, 0);
            rw.inline_region_before(region, op, &b.lower);
            let combined = combine(rw, reduce, &b.inits, op);
            rw.replace_op(op, &combined);
            return true;
        }
        // Keep the loops of several iterations.
        for (i, iv) in ivs.iter().enumerate() {
            if single[i] {
                rw.replace_all_uses_with(*iv, b.lower[i]);
            }
        }
        for i in (0..ivs.len()).rev() {
            if single[i] {
                rw.erase_block_arg(body, i);
            }
        }
        let keep =
            |v: &[Value]| -> Vec<Value> { v.iter().zip(&single).filter(|(_, s)| !**s).map(|(x, _)| *x).collect() };
        let (l, u, s) = (keep(&b.lower), keep(&b.upper), keep(&b.step));
        let n = l.len();
        let operands: Vec<Value> = l.into_iter().chain(u).chain(s).chain(b.inits.iter().copied()).collect();
        rw.modify_in_place(op, |ctx| {
            ctx.set_operands(op, &operands);
            ctx.set_prop(op, "operandSegmentSizes", segment_sizes(&[n, n, n, b.inits.len()]));
        });
        true
    }
}

/// Replaces `op` with a nest of `scf.for`, outermost first, carrying the
/// reduced values: the body runs in the innermost loop, then each
/// reduction combines the carried value with the iteration's.
pub fn lower_to_for(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = rw.ctx();
    let (Some(b), Some(reduce)) = (bounds(ctx, op), reduce_of(ctx, op)) else { return false };
    let loc: Location = ctx.op_loc(op).clone();
    let types = types_of(ctx, ctx.results(op));
    let mut accs = b.inits.clone();
    let mut ivs = Vec::new();
    let mut outer: Option<OpId> = None;
    let mut enclosing: Option<BlockId> = None;
    for d in 0..b.step.len() {
        let region = rw.new_region();
        let mut args = vec![(Type::Index, loc.clone())];
        args.extend(types.iter().map(|t| (t.clone(), loc.clone())));
        let block = rw.create_block(region, 0, &args);
        let mut st = OperationState::new(scf::FOR, loc.clone())
            .operands(&[b.lower[d], b.upper[d], b.step[d]])
            .operands(&accs)
            .results(&types);
        st.regions.push(region);
        let f = match enclosing {
            None => rw.create_before(op, st),
            Some(e) => rw.create_at_end(e, st),
        };
        if let Some(e) = enclosing {
            let results = rw.ctx().results(f).to_vec();
            rw.create_at_end(e, OperationState::new(scf::YIELD, loc.clone()).operands(&results));
        }
        outer.get_or_insert(f);
        let block_args = rw.ctx().block_args(block).to_vec();
        ivs.push(block_args[0]);
        accs = block_args[1..].to_vec();
        enclosing = Some(block);
    }
    let innermost = enclosing.expect("at least one loop");
    let end = rw.create_at_end(innermost, OperationState::new(scf::YIELD, loc.clone()));
    let region = rw.ctx().region(op, 0);
    rw.inline_region_before(region, end, &ivs);
    let combined = combine(rw, reduce, &accs, end);
    rw.modify_in_place(end, |ctx| ctx.set_operands(end, &combined));
    let results = rw.ctx().results(outer.expect("at least one loop")).to_vec();
    rw.replace_op(op, &results);
    true
}

pub(crate) fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(SingleOrZeroTrips));
}
