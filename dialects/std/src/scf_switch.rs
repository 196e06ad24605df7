//! `scf.index_switch %arg case N {...} ... default {...}`: runs the region
//! of the first case equal to `%arg` (an `index`), else the default
//! region; their `scf.yield`s give its results. Syntax, verifier and
//! canonicalization as upstream MLIR's.

use std::collections::HashSet;
use std::sync::Arc;

use crate::scf::op as scf;
use crate::scf::types_of;
use strata_ir::attributes::DenseValues;
use strata_ir::context::{Context, OpId, OperationState, RegionId, Value};
use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::rewrite::{constant_int, RewritePattern, Rewriter};
use strata_ir::verifier::op_error;
use strata_ir::{Attribute, Diagnostic, OpName, Type};

/// The case values of an `scf.index_switch`, when its `cases` property is
/// an `array<i64: ...>`.
pub fn case_values(ctx: &Context, op: OpId) -> Option<Vec<i64>> {
    match ctx.prop(op, "cases")? {
        Attribute::DenseArray { element, values } if *element == Type::i64() => match &**values {
            DenseValues::Int(v) => v.iter().map(|x| i64::try_from(*x).ok()).collect(),
            _ => None,
        },
        _ => None,
    }
}

/// The region an `scf.index_switch` runs for the value `arg`: the first
/// case equal to it, else the default (region 0).
pub fn region_for(ctx: &Context, op: OpId, arg: i128) -> RegionId {
    let cases = case_values(ctx, op).unwrap_or_default();
    let i = cases.iter().position(|c| i128::from(*c) == arg).map_or(0, |i| i + 1);
    ctx.region(op, i)
}

pub(crate) fn parse(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let arg = p.parse_operand()?;
    st.attributes = p.parse_optional_attr_dict()?;
    if p.consume_if(Tok::Arrow) {
        st.result_types = p.parse_function_result_types()?;
    }
    let (mut cases, mut regions) = (Vec::new(), Vec::new());
    while p.consume_keyword("case") {
        let vloc = p.loc();
        let Some(value) = p.parse_signed_integer()?.and_then(|v| i64::try_from(v).ok()) else {
            return p.err_at(vloc, "integer value too large");
        };
        // A case is read as written: upstream adds no terminator to it.
        let r = p.parse_region(&[])?;
        cases.push(i128::from(value));
        regions.push(r);
    }
    p.expect_keyword("default")?;
    let default = p.parse_region(&[])?;
    p.ensure_terminator(default, scf::YIELD, &st.loc);
    st.operands = vec![p.resolve_operand(&arg, &Type::Index)?];
    st.properties.push(("cases".into(), cases_attr(cases)));
    st.regions = std::iter::once(default).chain(regions).collect();
    Ok(())
}

fn cases_attr(values: Vec<i128>) -> Attribute {
    Attribute::DenseArray { element: Type::i64(), values: Arc::new(DenseValues::Int(values)) }
}

pub(crate) fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.w(" ");
    p.operand(ctx.operand(op, 0));
    p.attr_dict(op, &["cases"]);
    let types = types_of(ctx, ctx.results(op));
    if !types.is_empty() {
        p.w(" -> ");
        p.result_types(&types);
    }
    // Upstream ends the line with a blank before each case.
    p.w(" ");
    // As upstream prints them: a case's terminator always (the parser
    // adds none to a case), the default region's only with results.
    let cases = case_values(ctx, op).unwrap_or_default();
    for (v, r) in cases.iter().zip(&ctx.regions(op)[1..]) {
        p.newline(0);
        p.w(&format!("case {v} "));
        p.region(*r, false, true);
    }
    p.newline(0);
    p.w("default ");
    p.region(ctx.region(op, 0), false, !types.is_empty());
}

/// Upstream's checks, in its order and words.
pub(crate) fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(cases) = case_values(ctx, op) else {
        return Err(op_error(ctx, op, "property 'cases' failed to satisfy constraint: i64 dense array attribute"));
    };
    let regions = ctx.regions(op);
    if regions.is_empty() {
        return Err(op_error(ctx, op, "requires at least 1 region"));
    }
    if cases.len() != regions.len() - 1 {
        return Err(op_error(
            ctx,
            op,
            format!("has {} case regions but {} case values", regions.len() - 1, cases.len()),
        ));
    }
    let mut seen = HashSet::new();
    for c in &cases {
        if !seen.insert(*c) {
            return Err(op_error(ctx, op, format!("has duplicate case value: {c}")));
        }
    }
    let results = types_of(ctx, ctx.results(op));
    for (i, r) in regions.iter().enumerate() {
        let name = if i == 0 { "default region".to_string() } else { format!("case region #{}", i - 1) };
        let declared = if i == 0 { "defaultRegion" } else { "caseRegions" };
        let Some(last) = ctx.entry_block(*r).and_then(|b| ctx.last_op(b)) else {
            return Err(op_error(
                ctx,
                op,
                format!("region #{i} ('{declared}') failed to verify constraint: region with 1 blocks"),
            ));
        };
        if !ctx.isa(last, scf::YIELD) {
            return Err(op_error(
                ctx,
                op,
                format!("expected region to end with scf.yield, but got {}", ctx.op_name(last)),
            ));
        }
        let yielded = types_of(ctx, ctx.operands(last));
        if yielded.len() != results.len() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expected each region to return {} values, but {name} returns {}",
                    results.len(),
                    yielded.len()
                ),
            )
            .note(ctx.op_loc(last).clone(), "see yield operation here"));
        }
        for (k, (want, got)) in results.iter().zip(&yielded).enumerate() {
            if want != got {
                return Err(op_error(ctx, op, format!("expected result #{k} of each region to be '{want}'"))
                    .note(ctx.op_loc(last).clone(), format!("{name} returns '{got}' here")));
            }
        }
    }
    Ok(())
}

/// A switch on a constant runs the region it picks, inlined.
struct ConstantArgument;

impl RewritePattern for ConstantArgument {
    fn name(&self) -> &'static str {
        "scf-index-switch-constant"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::INDEX_SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let Some(arg) = constant_int(ctx, ctx.operand(op, 0)) else { return false };
        if case_values(ctx, op).is_none() {
            return false;
        }
        let r = region_for(ctx, op, arg);
        let vals = rw.inline_region_before(r, op, &[]);
        rw.replace_op(op, &vals);
        true
    }
}

/// A switch whose regions all only yield the same values from outside it:
/// its results are those values.
struct SameInEveryRegion;

impl RewritePattern for SameInEveryRegion {
    fn name(&self) -> &'static str {
        "scf-index-switch-same-values"
    }
    fn root(&self) -> Option<OpName> {
        Some(scf::INDEX_SWITCH)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let ctx = rw.ctx();
        let yielded = |r: RegionId| -> Option<Vec<Value>> {
            let b = ctx.entry_block(r)?;
            let y = ctx.first_op(b).filter(|y| ctx.last_op(b) == Some(*y) && ctx.isa(*y, scf::YIELD))?;
            Some(ctx.operands(y).to_vec())
        };
        let mut regions = ctx.regions(op).iter().map(|r| yielded(*r));
        let Some(Some(first)) = regions.next() else { return false };
        let outside = first.iter().all(|v| crate::scf_canonicalize::defined_outside(ctx, *v, op));
        if first.is_empty() || !outside || !regions.all(|r| r.as_ref() == Some(&first)) {
            return false;
        }
        rw.replace_op(op, &first);
        true
    }
}

pub(crate) fn patterns(v: &mut Vec<Box<dyn RewritePattern>>) {
    v.push(Box::new(ConstantArgument));
    v.push(Box::new(SameInEveryRegion));
}
