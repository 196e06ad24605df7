//! Run-time helpers that `convert-sched-to-par` adds to a module as private
//! functions, built in the par dialect: union-find, edge lookup, common
//! neighbours ([`intersect`]), try-locks,
//! argmin/argmax (under a lock or not) and multiplication by
//! compare-and-swap. Each is instantiated once per element type it is
//! needed for; LLVM inlines them.

use std::sync::Arc;
use strata_std::arith::{CmpfPredicate, CmpiPredicate};

use super::intersect;
use strata_graph_dialect::view::Intersect;

use strata_ir::builder::{Builder, InsertPoint};
use strata_ir::func::build::{call, function, ret};
use strata_ir::{Context, Location, OpId, Type, Value};
use strata_par_dialect::build::{atomic_rmw, cmpxchg, load, store};
use strata_par_dialect::types::buf;
use strata_par_dialect::view::RmwKind;
use strata_std::arith::op as arith;
use strata_std::build::arith::{binary, boolean, cmpf, cmpi, index, int};
use strata_std::build::scf::{if_else, when, while_loop};

/// Stripe locks of `graph.reduce_arg` into shared data: element `i` takes
/// lock `i & STRIPE_MASK`.
const STRIPE_MASK: i128 = 4095;

/// A run-time helper function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Helper {
    /// `@__par_uf_find(parents, x) -> root`, halving paths.
    UfFind,
    /// `@__par_uf_union(parents, a, b) -> i1`: joins two sets; true if they
    /// were apart.
    UfUnion,
    /// `@__par_has_edge(out_offsets, out_targets, u, v) -> i1`: binary search
    /// in the sorted neighbours of `u`.
    HasEdge,
    /// `@__par_try_lock(locks, i) -> i1`: takes lock `i` if it is free.
    TryLock,
    /// `@__par_count_common_M(out_offsets, out_targets, u, v, below) ->
    /// count`: the common out-neighbours of `u` and `v` below `below`,
    /// intersected by method `M` ([`intersect`]); `bitmap` takes the
    /// thread's flags and marked node too.
    CountCommon(Intersect),
    /// `@__par_common_slices(out_offsets, out_targets, u, v, below) -> (lo,
    /// hi, other_lo, other_hi)`: the slice of the shorter of the two
    /// out-lists, cut before its first value not below `below`, and the
    /// other list's slice: a `common_nbrs` loop walks the first.
    CommonSlices,
    /// `@__par_common_at(out_targets, k, lo, other_lo, other_hi) -> i1`:
    /// whether the value at position `k` of the walked slice (from `lo`) is
    /// new there (not a parallel edge's repeat) and held by the other slice.
    CommonAt,
    /// `@__par_reduce_arg_{min,max}[_plain]_K_P(key, payload, keys,
    /// payloads, i[, locks]) -> i1`: stores (`key`, `payload`) at `i` if the
    /// key is better, or equal with a smaller payload. `plain` is for data
    /// no other thread touches: no lock.
    ReduceArg {
        /// Keep the largest key (else the smallest).
        max: bool,
        /// Without a lock.
        plain: bool,
        /// The key type.
        key: Type,
        /// The payload type.
        payload: Type,
    },
}

impl Helper {
    /// The function's name.
    pub fn name(&self) -> String {
        match self {
            Helper::UfFind => "__par_uf_find".into(),
            Helper::UfUnion => "__par_uf_union".into(),
            Helper::HasEdge => "__par_has_edge".into(),
            Helper::TryLock => "__par_try_lock".into(),
            Helper::CountCommon(how) => intersect::name(*how),
            Helper::CommonSlices => "__par_common_slices".into(),
            Helper::CommonAt => "__par_common_at".into(),
            Helper::ReduceArg { max, plain, key, payload } => format!(
                "__par_reduce_arg_{}{}_{key}_{payload}",
                if *max { "max" } else { "min" },
                if *plain { "_plain" } else { "" }
            ),
        }
    }

    /// The helpers this one calls, which must be in the module too.
    pub fn callees(&self) -> Vec<Helper> {
        match self {
            Helper::UfUnion => vec![Helper::UfFind],
            _ => Vec::new(),
        }
    }

    /// Builds the function at the end of `module`.
    pub fn insert(&self, ctx: &mut Context, module: OpId) {
        let body = ctx.entry_block(ctx.region(module, 0)).expect("module body");
        // Named after the helper, in the user's file (at the module), so
        // that a diagnostic about it is located.
        let loc = Location::Name { name: Arc::from(self.name()), child: Some(Box::new(ctx.op_loc(module).clone())) };
        let mut b = Builder::new(ctx, InsertPoint::End(body), loc);
        let name = self.name();
        match self {
            Helper::UfFind => uf_find(&mut b, &name),
            Helper::UfUnion => uf_union(&mut b, &name),
            Helper::HasEdge => has_edge(&mut b, &name),
            Helper::TryLock => try_lock(&mut b, &name),
            Helper::CountCommon(how) => intersect::build(&mut b, *how),
            Helper::CommonSlices => intersect::build_slices(&mut b, &name),
            Helper::CommonAt => intersect::build_at(&mut b, &name),
            Helper::ReduceArg { max, plain, key, payload } => reduce_arg(&mut b, &name, *max, *plain, key, payload),
        }
    }
}

fn uf_find(b: &mut Builder<'_>, name: &str) {
    let (_, entry, args) = function(b, name, true, &[buf(&Type::Index), Type::Index], &[Type::Index]);
    let (p, x) = (args[0], args[1]);
    b.at_end_of(entry, |b| {
        let r = while_loop(
            b,
            &[x],
            |b, v| {
                let parent = load(b, p, v[0], true);
                let more = cmpi(b, CmpiPredicate::Ne, parent, v[0]);
                (more, vec![v[0]])
            },
            |b, v| {
                let parent = load(b, p, v[0], true);
                let grand = load(b, p, parent, true);
                // Halve the path only where it shortens it: writing a root's
                // child again would contend for the cache line for nothing.
                // A plain (atomic) store does: `x` is no root, so no union
                // writes its parent, and a halving by another thread puts
                // another ancestor of `x` there; either way the parent stays
                // an ancestor and the roots stay the roots.
                let shorter = cmpi(b, CmpiPredicate::Ne, grand, parent);
                when(b, shorter, |b| {
                    store(b, grand, p, v[0], true);
                });
                vec![grand]
            },
        );
        ret(b, &r);
    });
}

fn uf_union(b: &mut Builder<'_>, name: &str) {
    let index_buf = buf(&Type::Index);
    let (_, entry, args) = function(b, name, true, &[index_buf.clone(), Type::Index, Type::Index], &[Type::i1()]);
    let (p, a, c) = (args[0], args[1], args[2]);
    b.at_end_of(entry, |b| {
        let yes = boolean(b, true);
        let r = while_loop(
            b,
            &[a, c, yes],
            |b, v| {
                let find = Helper::UfFind.name();
                let ra = call(b, &find, &[p, v[0]], &[Type::Index])[0];
                let rb = call(b, &find, &[p, v[1]], &[Type::Index])[0];
                let apart = cmpi(b, CmpiPredicate::Ne, ra, rb);
                let lo = binary(b, arith::MINUI, ra, rb);
                let hi = binary(b, arith::MAXUI, ra, rb);
                // Roots already equal need no write (and no contention on the root).
                let linked = if_else(
                    b,
                    apart,
                    &[Type::i1()],
                    |b| vec![cmpxchg(b, p, hi, hi, lo).1],
                    Some(&mut |_: &mut Builder<'_>| vec![yes]),
                )[0];
                let failed = binary(b, arith::XORI, linked, yes);
                let again = binary(b, arith::ANDI, apart, failed);
                (again, vec![ra, rb, apart])
            },
            |_, v| v.to_vec(),
        );
        ret(b, &[r[2]]);
    });
}

fn has_edge(b: &mut Builder<'_>, name: &str) {
    let inputs = [buf(&Type::Index), buf(&Type::i32()), Type::Index, Type::Index];
    let (_, entry, args) = function(b, name, true, &inputs, &[Type::i1()]);
    let (off, tgt, u, v) = (args[0], args[1], args[2], args[3]);
    b.at_end_of(entry, |b| {
        let (lo, hi) = intersect::list(b, off, u);
        let at = intersect::lower_bound(b, tgt, lo, hi, v);
        let found = intersect::holds(b, tgt, at, hi, v);
        ret(b, &[found]);
    });
}

fn try_lock(b: &mut Builder<'_>, name: &str) {
    let (_, entry, args) = function(b, name, true, &[buf(&Type::i32()), Type::Index], &[Type::i1()]);
    b.at_end_of(entry, |b| {
        let zero = int(b, 0, &Type::i32());
        let one = int(b, 1, &Type::i32());
        let (_, ok) = cmpxchg(b, args[0], args[1], zero, one);
        ret(b, &[ok]);
    });
}

/// A comparison of keys, of floats or of integers.
#[derive(Clone, Copy)]
enum KeyPredicate {
    Float(CmpfPredicate),
    Int(CmpiPredicate),
}

/// Compares `lhs` with `rhs` by `pred`.
fn compare(b: &mut Builder<'_>, pred: KeyPredicate, lhs: Value, rhs: Value) -> Value {
    match pred {
        KeyPredicate::Float(p) => cmpf(b, p, lhs, rhs),
        KeyPredicate::Int(p) => cmpi(b, p, lhs, rhs),
    }
}

fn reduce_arg(b: &mut Builder<'_>, name: &str, max: bool, plain: bool, key: &Type, payload: &Type) {
    let float = key.is_float();
    let (better, equal) = match (float, max) {
        (true, false) => (KeyPredicate::Float(CmpfPredicate::Olt), KeyPredicate::Float(CmpfPredicate::Oeq)),
        (true, true) => (KeyPredicate::Float(CmpfPredicate::Ogt), KeyPredicate::Float(CmpfPredicate::Oeq)),
        (false, false) => (KeyPredicate::Int(CmpiPredicate::Slt), KeyPredicate::Int(CmpiPredicate::Eq)),
        (false, true) => (KeyPredicate::Int(CmpiPredicate::Sgt), KeyPredicate::Int(CmpiPredicate::Eq)),
    };
    let mut inputs = vec![key.clone(), payload.clone(), buf(key), buf(payload), Type::Index];
    if !plain {
        inputs.push(buf(&Type::i32()));
    }
    let (_, entry, args) = function(b, name, true, &inputs, &[Type::i1()]);
    let (k, p, kb, pb, i) = (args[0], args[1], args[2], args[3], args[4]);
    // Compares (k, p) with element i and stores it if it wins: a better
    // key, or an equal key with a smaller payload. The key is stored
    // atomically: the locked variant reads it without the lock first.
    let compare_and_store = |b: &mut Builder<'_>| {
        let old_key = load(b, kb, i, false);
        let old_pay = load(b, pb, i, false);
        let better = compare(b, better, k, old_key);
        let tie = compare(b, equal, k, old_key);
        let smaller = cmpi(b, CmpiPredicate::Slt, p, old_pay);
        let tie_wins = binary(b, arith::ANDI, tie, smaller);
        let wins = binary(b, arith::ORI, better, tie_wins);
        when(b, wins, |b| {
            store(b, k, kb, i, true);
            store(b, p, pb, i, false);
        });
        wins
    };
    b.at_end_of(entry, |b| {
        if plain {
            let wins = compare_and_store(b);
            ret(b, &[wins]);
            return;
        }
        // Keys only get better while the reduction runs, so a key worse
        // than one read without the lock (atomically: writers store it
        // atomically) is worse than the current one too and cannot win: it
        // returns without taking the lock, which most candidates do once
        // the best is near.
        let locks = args[5];
        let seen = load(b, kb, i, true);
        let may_better = compare(b, better, k, seen);
        let may_tie = compare(b, equal, k, seen);
        let may = binary(b, arith::ORI, may_better, may_tie);
        let r = if_else(
            b,
            may,
            &[Type::i1()],
            |b| {
                let (s, free) = take_stripe_lock(b, locks, i);
                let wins = compare_and_store(b);
                atomic_rmw(b, RmwKind::Xchg, free, locks, s);
                vec![wins]
            },
            Some(&mut |b: &mut Builder<'_>| vec![boolean(b, false)]),
        );
        ret(b, &r);
    });
}

/// Spins until the stripe lock of element `i` is taken; returns the stripe
/// and the `i32` zero that releases it.
fn take_stripe_lock(b: &mut Builder<'_>, locks: Value, i: Value) -> (Value, Value) {
    let zero = int(b, 0, &Type::i32());
    let one = int(b, 1, &Type::i32());
    let mask = index(b, STRIPE_MASK);
    let yes = boolean(b, true);
    let s = binary(b, arith::ANDI, i, mask);
    while_loop(
        b,
        &[yes],
        |b, d| {
            let (_, ok) = cmpxchg(b, locks, s, zero, one);
            let spin = binary(b, arith::XORI, ok, yes);
            (spin, d.to_vec())
        },
        |_, x| x.to_vec(),
    );
    (s, zero)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use strata_ir::verifier::verify;

    /// Every helper, at the types the lowering asks for, builds into a
    /// module that verifies.
    #[test]
    fn every_helper_builds_verified_ir() {
        let mut r = strata_std::standard_registry();
        strata_graph_dialect::register(&mut r);
        strata_par_dialect::register(&mut r);
        let mut ctx = Context::new(Arc::new(r));
        let text = "module {\n}\n";
        let m = strata_ir::parser::parse_source(&mut ctx, "h.mlir", text, 0, text.len()).expect("parses");
        let mut all = vec![
            Helper::UfFind,
            Helper::UfUnion,
            Helper::HasEdge,
            Helper::TryLock,
            Helper::CommonSlices,
            Helper::CommonAt,
        ];
        all.extend([Intersect::Merge, Intersect::Gallop, Intersect::Auto, Intersect::Bitmap].map(Helper::CountCommon));
        for (key, payload) in [(Type::i64(), Type::Index), (Type::f64(), Type::i32()), (Type::f32(), Type::Index)] {
            for (max, plain) in [(false, false), (true, false), (false, true), (true, true)] {
                all.push(Helper::ReduceArg { max, plain, key: key.clone(), payload: payload.clone() });
            }
        }
        for h in &all {
            h.insert(&mut ctx, m);
        }
        let errors = verify(&ctx, m);
        assert!(errors.is_empty(), "{:?}", errors.iter().map(|d| &d.message).collect::<Vec<_>>());
        let body = ctx.entry_block(ctx.region(m, 0)).expect("body");
        assert_eq!(ctx.block_ops(body).len(), all.len());
    }
}
