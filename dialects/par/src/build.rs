//! Typed constructors of `par` operations on a
//! [`Builder`](strata_ir::builder::Builder).

use strata_ir::builder::Builder;
use strata_ir::{OpId, Type, Value};

use crate::op as par;
use crate::types::buf_element;
use crate::view::RmwKind;

/// The element type of the buffer `buf`.
fn element(b: &Builder<'_>, buf: Value) -> Type {
    buf_element(b.ctx().value_type(buf)).expect("a !par.buf")
}

/// `par.load buf[i]` (`atomic`: a relaxed atomic read).
pub fn load(b: &mut Builder<'_>, buf: Value, i: Value, atomic: bool) -> Value {
    let st = b.state(par::LOAD).operands(&[buf, i]).results(&[element(b, buf)]).props(crate::op::Load::props(atomic));
    let op = b.create(st);
    b.ctx().result(op, 0)
}

/// `par.store v, buf[i]` (`atomic`: a relaxed atomic write).
pub fn store(b: &mut Builder<'_>, v: Value, buf: Value, i: Value, atomic: bool) -> OpId {
    b.create(b.state(par::STORE).operands(&[v, buf, i]).props(crate::op::Store::props(atomic)))
}

/// `par.cmpxchg buf[i], expected, new`: the old value and whether the
/// exchange happened.
pub fn cmpxchg(b: &mut Builder<'_>, buf: Value, i: Value, expected: Value, new: Value) -> (Value, Value) {
    let st = b.state(par::CMPXCHG).operands(&[buf, i, expected, new]).results(&[element(b, buf), Type::i1()]);
    let op = b.create(st);
    (b.ctx().result(op, 0), b.ctx().result(op, 1))
}

/// `par.atomic_rmw kind v, buf[i]`: the old value.
pub fn atomic_rmw(b: &mut Builder<'_>, kind: RmwKind, v: Value, buf: Value, i: Value) -> Value {
    let st = b
        .state(par::ATOMIC_RMW)
        .operands(&[v, buf, i])
        .props(crate::op::AtomicRmw::props(kind, false))
        .results(&[element(b, buf)]);
    let op = b.create(st);
    b.ctx().result(op, 0)
}
