//! Small constructors the lowering uses: where new operations go (`At`), constants, comparisons, buffer accesses, CSR slices, guarded blocks.

use super::*;

/// Where new operations go.
#[derive(Clone, Copy)]
pub(super) enum At {
    Before(OpId),
    End(BlockId),
}

/// The operations after `o` in its block, but the block's last (its
/// terminator).
pub(super) fn ops_after(ctx: &Context, o: OpId) -> Vec<OpId> {
    let mut ops = Vec::new();
    let mut cur = o;
    while let Some(next) = ctx.next_op(cur) {
        ops.push(next);
        cur = next;
    }
    ops.pop();
    ops
}

pub(super) fn mk(rw: &mut Rewriter<'_>, at: At, st: OperationState) -> OpId {
    match at {
        At::Before(a) => rw.create_before(a, st),
        At::End(b) => rw.create_at_end(b, st),
    }
}

pub(super) fn op1(ctx: &mut Rewriter<'_>, at: At, name: OpName, operands: &[Value], ty: Type, loc: &Location) -> Value {
    let o = mk(ctx, at, OperationState::new(name, loc.clone()).operands(operands).results(&[ty]));
    ctx.result(o, 0)
}

pub(super) fn op0(ctx: &mut Rewriter<'_>, at: At, name: OpName, operands: &[Value], loc: &Location) -> OpId {
    mk(ctx, at, OperationState::new(name, loc.clone()).operands(operands))
}

pub(super) fn constant(ctx: &mut Rewriter<'_>, at: At, value: Attribute, ty: Type, loc: &Location) -> Value {
    let st = strata_std::arith::constant_state(&value, &ty, loc.clone()).expect("a constant of its type");
    let o = mk(ctx, at, st);
    ctx.result(o, 0)
}

/// The position of a container's element: `index`, or 0 for a scalar.
pub(super) fn element_index(ctx: &mut Rewriter<'_>, at: At, index: Option<Value>, loc: &Location) -> Value {
    index.unwrap_or_else(|| index_const(ctx, at, 0, loc))
}

pub(super) fn index_const(ctx: &mut Rewriter<'_>, at: At, v: i128, loc: &Location) -> Value {
    constant(ctx, at, Attribute::int(v, Type::Index), Type::Index, loc)
}

pub(super) fn cmpi(ctx: &mut Rewriter<'_>, at: At, pred: CmpiPredicate, a: Value, b: Value, loc: &Location) -> Value {
    let o = mk(
        ctx,
        at,
        OperationState::new(arith::CMPI, loc.clone())
            .operands(&[a, b])
            .prop("predicate", pred.attr())
            .results(&[Type::i1()]),
    );
    ctx.result(o, 0)
}

pub(super) fn load(ctx: &mut Rewriter<'_>, at: At, b: Value, i: Value, atomic: bool, loc: &Location) -> Value {
    let ty = strata_par_dialect::types::buf_element(&conv(ctx.value_type(b))).expect("buffer");
    let st = OperationState::new(par::LOAD, loc.clone())
        .operands(&[b, i])
        .results(&[ty])
        .props(strata_par_dialect::op::Load::props(atomic));
    let o = mk(ctx, at, st);
    ctx.result(o, 0)
}

/// Loads element `i` of a graph array as an `index` (node ids are stored
/// as unsigned 32-bit numbers).
pub(super) fn load_index(ctx: &mut Rewriter<'_>, at: At, b: Value, i: Value, loc: &Location) -> Value {
    let v = load(ctx, at, b, i, false, loc);
    if *ctx.value_type(v) == Type::Index {
        return v;
    }
    op1(ctx, at, arith::INDEX_CASTUI, &[v], Type::Index, loc)
}

pub(super) fn store(ctx: &mut Rewriter<'_>, at: At, v: Value, b: Value, i: Value, loc: &Location) {
    store_atomic(ctx, at, v, b, i, false, loc);
}

/// `par.store v, b[i]`, a relaxed atomic write where `atomic`.
pub(super) fn store_atomic(ctx: &mut Rewriter<'_>, at: At, v: Value, b: Value, i: Value, atomic: bool, loc: &Location) {
    let st = OperationState::new(par::STORE, loc.clone())
        .operands(&[v, b, i])
        .props(strata_par_dialect::op::Store::props(atomic));
    mk(ctx, at, st);
}

/// The CSR (or CSC) slice of node `v`: `off[v]` and `off[v + 1]`.
pub(super) fn slice(ctx: &mut Rewriter<'_>, at: At, off: Value, v: Value, loc: &Location) -> (Value, Value) {
    let one = index_const(ctx, at, 1, loc);
    let v1 = op1(ctx, at, arith::ADDI, &[v, one], Type::Index, loc);
    (load(ctx, at, off, v, false, loc), load(ctx, at, off, v1, false, loc))
}

/// A new region holding one new block with arguments of `args`; returns (region, block).
pub(super) fn new_body(ctx: &mut Rewriter<'_>, args: &[Type], loc: &Location) -> (RegionId, BlockId) {
    let r = ctx.new_region();
    let b = ctx.create_block(r, 0, &args.iter().map(|t| (t.clone(), loc.clone())).collect::<Vec<_>>());
    (r, b)
}

/// An `scf.if` on `cond` at `at`, without an else branch; returns its body
/// block, which the caller fills and ends.
pub(super) fn if_then(ctx: &mut Rewriter<'_>, at: At, cond: Value, loc: &Location) -> BlockId {
    let (r, b) = new_body(ctx, &[], loc);
    let empty = ctx.new_region();
    mk(ctx, at, OperationState::new(scf::IF, loc.clone()).operands(&[cond]).region(r).region(empty));
    b
}

/// At `at`: `fast`'s value where `cond` holds, else `slow`'s, each made in
/// its branch of an `scf.if` (so that only one runs).
pub(super) fn choose(
    ctx: &mut Rewriter<'_>,
    at: At,
    cond: Value,
    fast: impl FnOnce(&mut Rewriter<'_>, At) -> Value,
    slow: impl FnOnce(&mut Rewriter<'_>, At) -> Value,
    loc: &Location,
) -> Value {
    let (tr, tb) = new_body(ctx, &[], loc);
    let v = fast(ctx, At::End(tb));
    op0(ctx, At::End(tb), scf::YIELD, &[v], loc);
    let (er, eb) = new_body(ctx, &[], loc);
    let v = slow(ctx, At::End(eb));
    op0(ctx, At::End(eb), scf::YIELD, &[v], loc);
    let st = OperationState::new(scf::IF, loc.clone()).operands(&[cond]).results(&[Type::Index]);
    let o = mk(ctx, at, st.region(tr).region(er));
    ctx.result(o, 0)
}

/// An `scf.if` at `at` on flag `i` of `bits`; returns its body block, which
/// the caller ends.
pub(super) fn guarded(ctx: &mut Rewriter<'_>, at: At, bits: Value, i: Value, loc: &Location) -> BlockId {
    let c = load(ctx, at, bits, i, false, loc);
    if_then(ctx, at, c, loc)
}
