//! Typed constructors of `arith`, `cf` and `scf` operations on a
//! [`Builder`](strata_ir::builder::Builder).

/// `arith` operations.
pub mod arith {
    use strata_ir::builder::Builder;
    use strata_ir::{Attribute, OpName, Type, Value};

    use crate::arith::op as arith;
    use crate::arith::{CmpfPredicate, CmpiPredicate};

    /// `arith.constant value : ty`.
    pub fn constant(b: &mut Builder<'_>, value: Attribute, ty: &Type) -> Value {
        let loc = b.loc().clone();
        let op = crate::arith::materialize(b.ctx_mut(), &value, ty, loc).expect("a constant of its type");
        b.insert_op(op);
        b.ctx().result(op, 0)
    }

    /// An `index` constant.
    pub fn index(b: &mut Builder<'_>, v: i128) -> Value {
        constant(b, Attribute::int(v, Type::Index), &Type::Index)
    }

    /// An integer constant of type `ty`.
    pub fn int(b: &mut Builder<'_>, v: i128, ty: &Type) -> Value {
        constant(b, Attribute::int(v, ty.clone()), ty)
    }

    /// An `i1` constant.
    pub fn boolean(b: &mut Builder<'_>, v: bool) -> Value {
        constant(b, Attribute::Bool(v), &Type::i1())
    }

    /// A binary operation `name` (`arith.addi`, `arith.muli`, ...) whose
    /// result has the type of `lhs`.
    pub fn binary(b: &mut Builder<'_>, name: OpName, lhs: Value, rhs: Value) -> Value {
        let ty = b.ctx().value_type(lhs).clone();
        b.op1(name, &[lhs, rhs], ty)
    }

    fn compare(b: &mut Builder<'_>, name: OpName, predicate: Attribute, lhs: Value, rhs: Value) -> Value {
        let st = b.state(name).operands(&[lhs, rhs]).prop("predicate", predicate).results(&[Type::i1()]);
        let op = b.create(st);
        b.ctx().result(op, 0)
    }

    /// `arith.cmpi pred, lhs, rhs`.
    pub fn cmpi(b: &mut Builder<'_>, pred: CmpiPredicate, lhs: Value, rhs: Value) -> Value {
        compare(b, arith::CMPI, pred.attr(), lhs, rhs)
    }

    /// `arith.cmpf pred, lhs, rhs`.
    pub fn cmpf(b: &mut Builder<'_>, pred: CmpfPredicate, lhs: Value, rhs: Value) -> Value {
        compare(b, arith::CMPF, pred.attr(), lhs, rhs)
    }
}

/// `cf` operations.
pub mod cf {
    use strata_ir::builder::Builder;
    use strata_ir::{Attribute, Value};

    use crate::cf::op as cf;

    /// `cf.assert ok, message`: stops the program with `message` unless `ok`.
    pub fn assert(b: &mut Builder<'_>, ok: Value, message: &str) {
        let st = b.state(cf::ASSERT).operands(&[ok]).prop("msg", Attribute::string(message));
        b.create(st);
    }
}

/// `scf` operations.
pub mod scf {
    use strata_ir::builder::Builder;
    use strata_ir::{Type, Value};

    use crate::scf::op as scf;

    /// `scf.while (inits)`: `before` gets the loop-carried values and gives
    /// the condition and the values forwarded to `after` (and out, as the
    /// results); `after` gets those and gives the next loop-carried values.
    /// Returns the results.
    pub fn while_loop(
        b: &mut Builder<'_>,
        inits: &[Value],
        before: impl FnOnce(&mut Builder<'_>, &[Value]) -> (Value, Vec<Value>),
        after: impl FnOnce(&mut Builder<'_>, &[Value]) -> Vec<Value>,
    ) -> Vec<Value> {
        let carried: Vec<Type> = inits.iter().map(|v| b.ctx().value_type(*v).clone()).collect();
        let (before_r, before_b, before_args) = b.region(&carried);
        let (cond, forwarded) = b.at_end_of(before_b, |b| before(b, &before_args));
        let results: Vec<Type> = forwarded.iter().map(|v| b.ctx().value_type(*v).clone()).collect();
        b.at_end_of(before_b, |b| {
            let mut operands = vec![cond];
            operands.extend(&forwarded);
            b.op0(scf::CONDITION, &operands)
        });
        let (after_r, after_b, after_args) = b.region(&results);
        b.at_end_of(after_b, |b| {
            let next = after(b, &after_args);
            b.op0(scf::YIELD, &next)
        });
        let st = b.state(scf::WHILE).operands(inits).results(&results).region(before_r).region(after_r);
        let op = b.create(st);
        b.ctx().results(op).to_vec()
    }

    /// `scf.if cond { then }` without results or an else branch.
    pub fn when(b: &mut Builder<'_>, cond: Value, then: impl FnOnce(&mut Builder<'_>)) {
        if_else(
            b,
            cond,
            &[],
            |b| {
                then(b);
                Vec::new()
            },
            None,
        );
    }

    /// `scf.for %i = lo to hi step step` without loop-carried values; `body`
    /// gets the induction variable.
    pub fn for_loop(b: &mut Builder<'_>, bounds: [Value; 3], body: impl FnOnce(&mut Builder<'_>, Value)) {
        let (region, block, args) = b.region(&[Type::Index]);
        b.at_end_of(block, |b| {
            body(b, args[0]);
            b.op0(scf::YIELD, &[])
        });
        let st = b.state(scf::FOR).operands(&bounds).region(region);
        b.create(st);
    }

    /// Builds a branch of an `scf.if`; gives the values it yields.
    pub type Branch<'f> = dyn FnMut(&mut Builder<'_>) -> Vec<Value> + 'f;

    /// `scf.if cond -> (results)` with a `then` branch and, where given, an
    /// `else` branch; each gives the values it yields. Returns the results.
    pub fn if_else(
        b: &mut Builder<'_>,
        cond: Value,
        results: &[Type],
        then: impl FnOnce(&mut Builder<'_>) -> Vec<Value>,
        otherwise: Option<&mut Branch>,
    ) -> Vec<Value> {
        let (then_r, then_b, _) = b.region(&[]);
        b.at_end_of(then_b, |b| {
            let vals = then(b);
            b.op0(scf::YIELD, &vals)
        });
        let else_r = match otherwise {
            Some(f) => {
                let (r, blk, _) = b.region(&[]);
                b.at_end_of(blk, |b| {
                    let vals = f(b);
                    b.op0(scf::YIELD, &vals)
                });
                r
            }
            None => b.ctx_mut().create_region(),
        };
        let st = b.state(scf::IF).operands(&[cond]).results(results).region(then_r).region(else_r);
        let op = b.create(st);
        b.ctx().results(op).to_vec()
    }
}
