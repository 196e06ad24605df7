//! The `scf` dialect: structured control flow (`for`, `if`, `while`) with
//! region-carried values, in MLIR's syntax.

/// The `scf` dialect's operations, each declared once: name, summary,
/// traits, signature and hooks (see [`strata_ir::dialect_ops!`]).
pub mod op {
    use super::*;

    strata_ir::dialect_ops! {
        /// Every scf operation, for exhaustive matches: a consumer without a
        /// wildcard arm stops compiling when an operation is added.
        dialect "scf" => pub enum ScfOp,
        /// Which scf operation: the key of tables by operation.
        pub enum ScfKind;

        /// `scf.execute_region -> (types) { ... }`: a region run once, of any
        /// number of blocks.
        view ExecuteRegion {
            ops {
                ExecuteRegion = EXECUTE_REGION "execute_region" (
                    "a region of any number of blocks, run once",
                    Traits::RECURSIVE_EFFECTS
                ) {
                verify: Some(crate::scf_execute::verify),
                patterns: Some(crate::scf_execute::patterns),
                parse: Some(crate::scf_execute::parse),
                print: Some(crate::scf_execute::print),
                };
            }
            operands {}
            results {}
            variadic_results {
                /// The values the region yields.
                results: Any,
            }
            properties {
                /// Keep the region: canonicalization does not inline it.
                no_inline("no_inline"): bool,
            }
        }

        /// `scf.index_switch %arg case N {...} ... default {...}`.
        view IndexSwitch {
            ops {
                IndexSwitch = INDEX_SWITCH "index_switch" (
                    "runs the region of the case equal to an index, else the default",
                    Traits::RECURSIVE_EFFECTS | Traits::SINGLE_BLOCK
                ) {
                verify: Some(crate::scf_switch::verify),
                patterns: Some(crate::scf_switch::patterns),
                parse: Some(crate::scf_switch::parse),
                print: Some(crate::scf_switch::print),
                };
            }
            operands {
                /// The value the cases are compared with.
                arg: Index,
            }
            results {}
            variadic_results {
                /// The values the region taken yields.
                results: Any,
            }
            properties {
                /// The case values, `array<i64: ...>`, one per case region.
                cases: strata_ir::Attribute,
            }
        }

        /// `scf.for %iv = %lb to %ub step %step iter_args(...)`.
        view For {
            ops {
                For = FOR "for" (
                    "a counted loop with loop-carried values",
                    Traits::RECURSIVE_EFFECTS | Traits::SINGLE_BLOCK
                ) {
                verify: Some(verify_for),
                patterns: Some(crate::scf_canonicalize::patterns),
                parse: Some(parse_for),
                print: Some(print_for),
                };
            }
            operands {
                /// The first value of the induction variable.
                lower: IntOrIndex,
                /// The bound it stays below.
                upper: IntOrIndex,
                /// The step.
                step: IntOrIndex,
            }
            variadic {
                /// The loop-carried values' first values.
                inits: Any,
            }
            results {}
            variadic_results {
                /// The loop-carried values' last values.
                results: Any,
            }
            properties {
                /// Compare the bounds unsigned.
                unsigned_cmp("unsignedCmp"): bool,
            }
        }

        /// `scf.if %condition`.
        view If {
            ops {
                If = IF "if" (
                    "a conditional with optional results",
                    Traits::RECURSIVE_EFFECTS | Traits::SINGLE_BLOCK
                ) {
                verify: Some(verify_if),
                patterns: Some(crate::scf_canonicalize::patterns),
                parse: Some(parse_if),
                print: Some(print_if),
                };
            }
            operands {
                /// The condition.
                condition: Int(1),
            }
            results {}
            variadic_results {
                /// The values the taken branch yields.
                results: Any,
            }
            properties {}
        }

        /// `scf.while (%args = %inits) : ... { before } do { after }`.
        view While {
            ops {
                While = WHILE "while" (
                    "a general loop: a condition region and a body region",
                    Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS
                ) {
                verify: Some(verify_while),
                patterns: Some(crate::scf_canonicalize::patterns),
                parse: Some(parse_while),
                print: Some(print_while),
                };
            }
            operands {}
            variadic {
                /// The first values of the before region's arguments.
                inits: Any,
            }
            results {}
            variadic_results {
                /// The values `scf.condition` forwards when it stops.
                results: Any,
            }
            properties {}
        }

        /// `scf.yield %values...`.
        view Yield {
            ops {
                Yield = YIELD "yield" (
                    "yields values to the parent scf operation",
                    Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE
                ) {
                verify: Some(verify_yield),
                parse: Some(strata_ir::func::parse_return_like),
                print: Some(strata_ir::func::print_return_like),
                };
            }
            operands {}
            variadic {
                /// The values passed to the parent.
                values: Any,
            }
            results {}
            properties {}
        }

        /// `scf.condition(%c) %args...`.
        view Condition {
            ops {
                Condition = CONDITION "condition" (
                    "ends the condition region of scf.while",
                    Traits::TERMINATOR | Traits::PURE
                ) {
                verify: Some(verify_condition),
                parse: Some(parse_condition),
                print: Some(print_condition),
                };
            }
            operands {
                /// Whether to run the body again.
                condition: Int(1),
            }
            variadic {
                /// The values forwarded to the body or the results.
                args: Any,
            }
            results {}
            properties {}
        }

        /// `scf.parallel (%ivs) = (%lbs) to (%ubs) step (%steps) init (%inits)`:
        /// four operand groups, sized by `operandSegmentSizes` (the verifier
        /// checks the groups: bounds and steps of type index).
        view Parallel {
            ops {
                Parallel = PARALLEL "parallel" (
                    "a nest of loops whose iterations may run in any order, with reductions",
                    Traits::RECURSIVE_EFFECTS | Traits::SINGLE_BLOCK
                ) {
                inherent: &["operandSegmentSizes"],
                verify: Some(crate::scf_parallel::verify_parallel),
                patterns: Some(crate::scf_parallel::patterns),
                parse: Some(crate::scf_parallel::parse_parallel),
                print: Some(crate::scf_parallel::print_parallel),
                };
            }
            operands {}
            variadic {
                /// The lower bounds, upper bounds, steps and initial values.
                operands: Any,
            }
            results {}
            variadic_results {
                /// The reduced values.
                results: Any,
            }
            properties {}
        }

        /// `scf.reduce(%values)`: ends an `scf.parallel` body with one region
        /// per value, which combines it.
        view Reduce {
            ops {
                Reduce = REDUCE "reduce" (
                    "ends an scf.parallel body: the values to combine, and how",
                    Traits::TERMINATOR | Traits::RECURSIVE_EFFECTS
                ) {
                verify: Some(crate::scf_parallel::verify_reduce),
                parse: Some(crate::scf_parallel::parse_reduce),
                print: Some(crate::scf_parallel::print_reduce),
                };
            }
            operands {}
            variadic {
                /// The values to combine.
                values: Any,
            }
            results {}
            properties {}
        }

        /// `scf.reduce.return %combined`.
        view ReduceReturn {
            ops {
                ReduceReturn = REDUCE_RETURN "reduce.return" (
                    "ends a reduction region of scf.reduce with the combined value",
                    Traits::TERMINATOR | Traits::PURE
                ) {
                verify: Some(crate::scf_parallel::verify_reduce_return),
                parse: Some(crate::scf_parallel::parse_reduce_return),
                print: Some(crate::scf_parallel::print_reduce_return),
                };
            }
            operands {
                /// The combined value.
                result: Any,
            }
            results {}
            properties {}
        }
    }
}

use crate::scf::op as scf;
use strata_ir::context::{Context, OpId, OperationState, RegionId, Value};
use strata_ir::lexer::Tok;
use strata_ir::parser::{Argument, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::registry::Dialect;
use strata_ir::types::{join_types, Type};
use strata_ir::verifier::op_error;
use strata_ir::{Attribute, Diagnostic};

/// The terminator of a region's entry block.
pub(crate) fn region_terminator(ctx: &Context, r: RegionId) -> Option<OpId> {
    ctx.entry_block(r).and_then(|b| ctx.last_op(b))
}

pub(crate) fn types_of(ctx: &Context, vs: &[Value]) -> Vec<Type> {
    vs.iter().map(|v| ctx.value_type(*v).clone()).collect()
}

// ----- scf.for -----

fn parse_for(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.consume_keyword("unsigned") {
        st.properties.push(("unsignedCmp".into(), Attribute::Unit));
    }
    let iv = p.parse_operand()?;
    p.expect(Tok::Equal, "'='")?;
    let lb = p.parse_operand()?;
    p.expect_keyword("to")?;
    let ub = p.parse_operand()?;
    p.expect_keyword("step")?;
    let step = p.parse_operand()?;
    let mut iter_names = Vec::new();
    let mut inits = Vec::new();
    let mut result_types = Vec::new();
    if p.consume_keyword("iter_args") {
        p.parse_list(Tok::LParen, Tok::RParen, "in iter_args", |p| {
            iter_names.push(p.parse_operand()?);
            p.expect(Tok::Equal, "'='")?;
            inits.push(p.parse_operand()?);
            Ok(())
        })?;
        p.expect(Tok::Arrow, "'->'")?;
        result_types = p.parse_function_result_types()?;
        if result_types.len() != inits.len() {
            // At the operation, as upstream reports it.
            return p.err_at(st.loc.clone(), "mismatch in number of loop-carried values and defined values");
        }
    }
    let iv_ty = if p.consume_if(Tok::Colon) { p.parse_type()? } else { Type::Index };
    let mut operands =
        vec![p.resolve_operand(&lb, &iv_ty)?, p.resolve_operand(&ub, &iv_ty)?, p.resolve_operand(&step, &iv_ty)?];
    for (i, t) in inits.iter().zip(&result_types) {
        operands.push(p.resolve_operand(i, t)?);
    }
    let mut args = vec![Argument { loc: iv.loc.clone(), name: iv, ty: iv_ty, attrs: vec![] }];
    for (n, t) in iter_names.into_iter().zip(&result_types) {
        args.push(Argument { loc: n.loc.clone(), name: n, ty: t.clone(), attrs: vec![] });
    }
    let r = p.parse_region(&args)?;
    p.ensure_terminator(r, scf::YIELD, &st.loc);
    st.attributes = p.parse_optional_attr_dict()?;
    st.operands = operands;
    st.result_types = result_types;
    st.regions.push(r);
    Ok(())
}

fn print_for(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let body = ctx.region(op, 0);
    let Some(entry) = ctx.entry_block(body) else { return };
    let args = ctx.block_args(entry).to_vec();
    let ops = ctx.operands(op).to_vec();
    if ctx.prop(op, "unsignedCmp").is_some() {
        p.w(" unsigned");
    }
    p.w(" ");
    p.operand(args[0]);
    p.w(" = ");
    p.operand(ops[0]);
    p.w(" to ");
    p.operand(ops[1]);
    p.w(" step ");
    p.operand(ops[2]);
    if ops.len() > 3 {
        p.w(" iter_args(");
        p.bindings(&args[1..], &ops[3..]);
        p.w(") -> (");
        let ts = types_of(ctx, &ops[3..]);
        p.types(&ts);
        p.w(")");
    }
    let ivt = ctx.value_type(args[0]).clone();
    if ivt != Type::Index {
        // Upstream's printer leaves two blanks before the type.
        p.w("  : ");
        p.ty(&ivt);
    }
    p.w(" ");
    p.region(body, false, ops.len() > 3);
    p.attr_dict(op, &["unsignedCmp"]);
}

fn verify_for(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let ops = ctx.operands(op);
    let t = ctx.value_type(ops[0]);
    if ctx.value_type(ops[1]) != t || ctx.value_type(ops[2]) != t {
        return Err(op_error(ctx, op, "failed to verify that all of {lowerBound, upperBound, step} have same type"));
    }
    // A step that is not positive is accepted, as MLIR 22 does; running
    // such a loop is an error (the interpreter, and convert-scf-to-cf's
    // check-steps in compiled code).
    let inits = &ops[3..];
    let results = ctx.results(op);
    if results.len() != inits.len() {
        return Err(op_error(ctx, op, "mismatch in number of loop-carried values and defined values"));
    }
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "requires one region"));
    }
    let Some(entry) = ctx.entry_block(ctx.region(op, 0)) else {
        return Err(op_error(ctx, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    };
    let args = ctx.block_args(entry);
    if args.is_empty() {
        return Err(op_error(
            ctx,
            op,
            "expects the body to take the induction variable and one argument per loop-carried value",
        ));
    }
    if ctx.value_type(args[0]) != t {
        return Err(op_error(ctx, op, "expected induction variable to be same type as bounds"));
    }
    let iter_args = &args[1..];
    if iter_args.len() != inits.len() {
        return Err(op_error(
            ctx,
            op,
            format!("different number of inits and region iter_args: {} != {}", inits.len(), iter_args.len()),
        ));
    }
    // Upstream's order: each iter_arg against its init, then its result.
    let ty = |v: &Value| ctx.value_type(*v);
    for (i, (a, v)) in iter_args.iter().zip(inits).enumerate() {
        if ty(a) != ty(v) {
            return Err(op_error(
                ctx,
                op,
                format!("{i}-th init and {i}-th region iter_arg have different type: '{}' != '{}'", ty(v), ty(a)),
            ));
        }
    }
    for (i, (a, r)) in iter_args.iter().zip(results).enumerate() {
        if ty(a) != ty(r) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "{i}-th region iter_arg and {i}-th loop result have different type: '{}' != '{}'",
                    ty(a),
                    ty(r)
                ),
            ));
        }
    }
    // The body's yield forwards one value per iter_arg, of its type.
    // Reported as mlir-opt-22 reports them: a yield of nothing by the
    // region-branch check, other counts and the types by the loop's own.
    if let Some(y) = region_terminator(ctx, ctx.region(op, 0)).filter(|y| ctx.op_kind(*y) == scf::YIELD) {
        let (yielded, carried) = (types_of(ctx, ctx.operands(y)), types_of(ctx, iter_args));
        if yielded.is_empty() && !carried.is_empty() {
            check_edge(ctx, op, y, "Region #0", &yielded, &carried)?;
        }
        if yielded.len() != carried.len() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "different number of region iter_args and yielded values: {} != {}",
                    carried.len(),
                    yielded.len()
                ),
            ));
        }
        for (i, (c, v)) in carried.iter().zip(&yielded).enumerate() {
            if c != v {
                return Err(op_error(
                    ctx,
                    op,
                    format!("{i}-th region iter_arg and {i}-th yielded value have different type: '{c}' != '{v}'"),
                ));
            }
        }
    }
    Ok(())
}

/// A region-branch edge carries values of the types its destination takes,
/// in the words of upstream's `RegionBranchOpInterface` check: the error at
/// `op`, a note at the branch point `from` (`op` itself for an edge from
/// the parent).
pub(crate) fn check_edge(
    ctx: &Context,
    op: OpId,
    from: OpId,
    to: &str,
    got: &[Type],
    want: &[Type],
) -> Result<(), Diagnostic> {
    let source = if from == op { "parent".to_string() } else { format!("Operation {}", ctx.op_name(from)) };
    let edge = format!("along control flow edge from {source} to {to}");
    let fail = |what: String| {
        Err(op_error(ctx, op, format!("{edge}: {what}")).note(ctx.op_loc(from).clone(), "region branch point"))
    };
    if got.len() != want.len() {
        return fail(format!(
            "region branch point has {} operands, but region successor needs {} inputs",
            got.len(),
            want.len()
        ));
    }
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        if g != w {
            return fail(format!("successor operand type #{i} '{g}' should match successor input type #{i} '{w}'"));
        }
    }
    Ok(())
}

// ----- scf.if -----

fn parse_if(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let c = p.parse_operand()?;
    if p.consume_if(Tok::Arrow) {
        st.result_types = p.parse_function_result_types()?;
    }
    let then_r = p.parse_region(&[])?;
    p.ensure_terminator(then_r, scf::YIELD, &st.loc);
    let else_r = if p.consume_keyword("else") {
        let r = p.parse_region(&[])?;
        p.ensure_terminator(r, scf::YIELD, &st.loc);
        r
    } else {
        p.ctx.create_region()
    };
    st.attributes = p.parse_optional_attr_dict()?;
    st.operands = vec![p.resolve_operand(&c, &Type::i1())?];
    st.regions = vec![then_r, else_r];
    Ok(())
}

fn print_if(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.w(" ");
    p.operand(ctx.operand(op, 0));
    let rs = types_of(ctx, ctx.results(op));
    if !rs.is_empty() {
        p.w(" -> (");
        p.types(&rs);
        p.w(")");
    }
    p.w(" ");
    let print_term = !rs.is_empty();
    p.region(ctx.region(op, 0), false, print_term);
    let else_r = ctx.region(op, 1);
    let else_empty = ctx.region_blocks(else_r).is_empty()
        || (ctx.region_blocks(else_r).len() == 1 && rs.is_empty() && {
            let b = ctx.region_blocks(else_r)[0];
            ctx.first_op(b) == ctx.last_op(b)
                && ctx.last_op(b).is_some_and(|t| ctx.operands(t).is_empty() && ctx.op_name(t) == scf::YIELD)
        });
    if !else_empty {
        p.w(" else ");
        p.region(else_r, false, print_term);
    }
    p.attr_dict(op, &[]);
}

fn verify_if(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.regions(op).len() != 2 {
        return Err(op_error(ctx, op, "expected 2 regions"));
    }
    for i in 0..2 {
        if ctx.entry_block(ctx.region(op, i)).is_some_and(|b| !ctx.block_args(b).is_empty()) {
            return Err(op_error(ctx, op, format!("region #{i} should have no arguments")));
        }
    }
    if !ctx.results(op).is_empty() && ctx.region_blocks(ctx.region(op, 1)).is_empty() {
        return Err(op_error(ctx, op, "must have an else block if defining values"));
    }
    if ctx.region_blocks(ctx.region(op, 0)).is_empty() {
        return Err(op_error(ctx, op, "region #0 ('thenRegion') failed to verify constraint: region with 1 blocks"));
    }
    Ok(())
}

// ----- scf.while -----

fn parse_while(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let mut names = Vec::new();
    let mut inits = Vec::new();
    // `(%arg = %init, ...)`, left out when there are none.
    if !p.at(Tok::Colon) {
        p.parse_list(Tok::LParen, Tok::RParen, "in while arguments", |p| {
            names.push(p.parse_operand()?);
            p.expect(Tok::Equal, "'='")?;
            inits.push(p.parse_operand()?);
            Ok(())
        })?;
    }
    p.expect(Tok::Colon, "':'")?;
    let loc = p.loc();
    let ft = p.parse_type()?;
    let Type::Function(ft) = ft else { return p.err_at(loc, "expected function type") };
    if ft.inputs.len() != inits.len() {
        return p.err_at(
            loc,
            format!("expected as many input types as operands (expected {} got {})", inits.len(), ft.inputs.len()),
        );
    }
    let mut operands = Vec::new();
    for (i, t) in inits.iter().zip(&ft.inputs) {
        operands.push(p.resolve_operand(i, t)?);
    }
    let args: Vec<Argument> = names
        .into_iter()
        .zip(&ft.inputs)
        .map(|(n, t)| Argument { loc: n.loc.clone(), name: n, ty: t.clone(), attrs: vec![] })
        .collect();
    let before = p.parse_region(&args)?;
    p.expect_keyword("do")?;
    let after = p.parse_region(&[])?;
    st.attributes = p.parse_optional_attr_dict_with_keyword()?;
    st.operands = operands;
    st.result_types = ft.results.clone();
    st.regions = vec![before, after];
    Ok(())
}

fn print_while(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let before = ctx.region(op, 0);
    let args = ctx.entry_block(before).map(|b| ctx.block_args(b).to_vec()).unwrap_or_default();
    let inits = ctx.operands(op).to_vec();
    if !inits.is_empty() {
        p.w(" (");
        p.bindings(&args, &inits);
        p.w(")");
    }
    p.w(" : ");
    p.functional_type(op);
    p.w(" ");
    p.region(before, false, true);
    p.w(" do ");
    p.region(ctx.region(op, 1), true, true);
    p.attr_dict_with_keyword(op, &[]);
}

/// As upstream checks it: one block per region (the regions' constraint),
/// non-empty blocks (the region-branch interface), the terminators (with a
/// note at the wrong one), then the types carried around the loop.
fn verify_while(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.regions(op).len() != 2 {
        return Err(op_error(ctx, op, "expected 2 regions"));
    }
    let (before, after) = (ctx.region(op, 0), ctx.region(op, 1));
    for (i, (r, name)) in [(before, "before"), (after, "after")].into_iter().enumerate() {
        if ctx.region_blocks(r).len() != 1 {
            return Err(op_error(
                ctx,
                op,
                format!("region #{i} ('{name}') failed to verify constraint: region with 1 blocks"),
            ));
        }
    }
    let (Some(cond), Some(_)) = (region_terminator(ctx, before), region_terminator(ctx, after)) else {
        return Err(op_error(ctx, op, "expects a non-empty block"));
    };
    for (r, name, want) in [(before, "before", scf::CONDITION), (after, "after", scf::YIELD)] {
        let t = region_terminator(ctx, r).expect("checked non-empty above");
        if !ctx.isa(t, want) {
            return Err(op_error(ctx, op, format!("expects the '{name}' region to terminate with '{want}'"))
                .note(ctx.op_loc(t).clone(), "terminator here"));
        }
    }
    let (bb, ab) = (ctx.entry_block(before).expect("one block"), ctx.entry_block(after).expect("one block"));
    let (inits, results) = (types_of(ctx, ctx.operands(op)), types_of(ctx, ctx.results(op)));
    check_edge(ctx, op, op, "Region #0", &inits, &types_of(ctx, ctx.block_args(bb)))?;
    let forwarded = types_of(ctx, &ctx.operands(cond)[1..]);
    check_edge(ctx, op, cond, "parent", &forwarded, &results)?;
    check_edge(ctx, op, cond, "Region #1", &forwarded, &types_of(ctx, ctx.block_args(ab)))?;
    let body_end = region_terminator(ctx, after).expect("checked non-empty above");
    check_edge(
        ctx,
        op,
        body_end,
        "Region #0",
        &types_of(ctx, ctx.operands(body_end)),
        &types_of(ctx, ctx.block_args(bb)),
    )
}

// ----- terminators -----

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(parent) = ctx.parent_op(op) else { return Err(op_error(ctx, op, "expects a parent operation")) };
    let pname = ctx.op_kind(parent);
    let got = types_of(ctx, ctx.operands(op));
    let want = match pname {
        // scf.for checks its yield against its iter_args, as upstream does.
        scf::FOR => return Ok(()),
        scf::IF => types_of(ctx, ctx.results(parent)),
        // These check their yields themselves, as upstream does.
        scf::EXECUTE_REGION | scf::INDEX_SWITCH => return Ok(()),
        scf::WHILE => types_of(ctx, ctx.operands(parent)),
        _ => {
            return Err(op_error(
                ctx,
                op,
                "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
            ))
        }
    };
    if got != want {
        return Err(op_error(
            ctx,
            op,
            format!(
                "types mismatch between yield op ({}) and its parent '{pname}' ({})",
                join_types(&got),
                join_types(&want)
            ),
        ));
    }
    Ok(())
}

fn parse_condition(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.expect(Tok::LParen, "'('")?;
    let c = p.parse_operand()?;
    p.expect(Tok::RParen, "')'")?;
    let ops = p.parse_operand_list()?;
    st.attributes = p.parse_optional_attr_dict()?;
    let mut vals = vec![p.resolve_operand(&c, &Type::i1())?];
    if !ops.is_empty() {
        p.expect(Tok::Colon, "':'")?;
        let loc = p.loc();
        let ts = p.parse_type_list_no_parens()?;
        vals.extend(p.resolve_operands(&ops, &ts, &loc)?);
    }
    st.operands = vals;
    Ok(())
}

fn print_condition(p: &mut OpPrinter<'_>, op: OpId) {
    let vs = p.ctx.operands(op).to_vec();
    p.w("(");
    p.operand(vs[0]);
    p.w(")");
    p.attr_dict(op, &[]);
    if vs.len() > 1 {
        p.w(" ");
        p.operands(&vs[1..]);
        p.w(" : ");
        p.value_types(&vs[1..]);
    }
}

fn verify_condition(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.parent_op(op).map(|p| ctx.op_kind(p)) != Some(scf::WHILE) {
        return Err(op_error(ctx, op, "expects parent op 'scf.while'"));
    }
    Ok(())
}

/// The scf dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "scf",
        summary: "structured control flow",
        ops: op::op_defs(),
        materialize_constant: Some(crate::arith::materialize),
        verify_type: None,
        verify_attr: None,
    }
}

#[cfg(test)]
mod tests;
