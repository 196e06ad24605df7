//! The bodies of `@__par_count_common_{merge,gallop,auto}(out_offsets,
//! out_targets, u, v, below) -> count`, which `graph.count_common` lowers
//! to: how many distinct nodes numbered below `below` are out-neighbours
//! of both `u` and `v`, from their sorted out-lists. Every method walks the
//! shorter list until its values reach `below` and seeks each value in the
//! longer one from where the last seek ended: step by step (`merge`), or by
//! steps of 1, 2, 4, ... then halving (`gallop`); `auto` gallops when one
//! list is more than [`GALLOP_RATIO`] times the other's length. Duplicates
//! (parallel edges) count once. `bitmap` instead keeps `u`'s list marked in
//! a flag per node of the calling thread from call to call (remarked when
//! `u` changes) and probes `v`'s list: the flags and the node they hold
//! come from the parallel loop around the count (see `loops.rs`).
//!
//! A `graph.foreach` over `common_nbrs` walks the shorter list's slice
//! below `below` as its space (`@__par_common_slices`) and runs its body for
//! a position whose value is not a repeat and is found in the other list by
//! halving (`@__par_common_at`): no state passes between iterations, so
//! they may run in any order and in parallel.

use strata_graph_dialect::view::Intersect;
use strata_ir::builder::Builder;
use strata_ir::func::build::{function, ret};
use strata_ir::{Type, Value};
use strata_par_dialect::build::{load, store};
use strata_par_dialect::types::buf;
use strata_std::arith::op as arith;
use strata_std::arith::CmpiPredicate;
use strata_std::build::arith::{binary, boolean, cmpi, index};
use strata_std::build::scf::{if_else, when, while_loop};

/// Under `auto`, one list is more than this many times the other's length
/// before the seeks gallop.
pub const GALLOP_RATIO: i128 = 16;

/// The helper's name for an intersection method.
pub fn name(how: Intersect) -> String {
    format!("__par_count_common_{}", how.name())
}

/// Builds the helper for `how`.
pub fn build(b: &mut Builder<'_>, how: Intersect) {
    if how == Intersect::Bitmap {
        return build_bitmap(b);
    }
    let inputs = [buf(&Type::Index), buf(&Type::i32()), Type::Index, Type::Index, Type::Index];
    let (_, entry, args) = function(b, &name(how), true, &inputs, &[Type::Index]);
    let (off, tgt, u, v, below) = (args[0], args[1], args[2], args[3], args[4]);
    b.at_end_of(entry, |b| {
        let (short, long) = shorter_first(b, off, u, v);
        let n = match how {
            Intersect::Merge => walk(b, tgt, short, long, below, false),
            Intersect::Gallop => walk(b, tgt, short, long, below, true),
            Intersect::Auto => {
                // Two loops, each with its own seek, rather than a choice
                // inside one.
                let ratio = index(b, GALLOP_RATIO);
                let shorter = binary(b, arith::SUBI, short.1, short.0);
                let longer = binary(b, arith::SUBI, long.1, long.0);
                let scaled = binary(b, arith::MULI, shorter, ratio);
                let skewed = cmpi(b, CmpiPredicate::Ult, scaled, longer);
                let walk_by = |gallops| move |b: &mut Builder<'_>| vec![walk(b, tgt, short, long, below, gallops)];
                let mut otherwise = walk_by(false);
                if_else(b, skewed, &[Type::Index], walk_by(true), Some(&mut otherwise))[0]
            }
            Intersect::Bitmap => unreachable!("built by build_bitmap"),
        };
        ret(b, &[n]);
    });
}

/// Builds `@__par_count_common_bitmap(out_offsets, out_targets, u, v,
/// below, flags, marked) -> count`: `flags` (one per node, this thread's)
/// hold the out-list of the node in `marked[0]` (-1: none); unless that is
/// `u`, its flags are cleared and `u`'s set. Then `v`'s values below
/// `below` are counted where flagged, each once (the list is sorted).
fn build_bitmap(b: &mut Builder<'_>) {
    let inputs = [
        buf(&Type::Index),
        buf(&Type::i32()),
        Type::Index,
        Type::Index,
        Type::Index,
        buf(&Type::i1()),
        buf(&Type::Index),
    ];
    let (_, entry, args) = function(b, &name(Intersect::Bitmap), true, &inputs, &[Type::Index]);
    let (off, tgt, u, v, below, flags, marked) = (args[0], args[1], args[2], args[3], args[4], args[5], args[6]);
    b.at_end_of(entry, |b| {
        let zero = index(b, 0);
        let was = load(b, marked, zero, false);
        let other = cmpi(b, CmpiPredicate::Ne, was, u);
        when(b, other, |b| {
            let none = index(b, -1);
            let some = cmpi(b, CmpiPredicate::Ne, was, none);
            when(b, some, |b| {
                let no = boolean(b, false);
                each_target(b, off, tgt, was, |b, w| store(b, no, flags, w, false));
            });
            let yes = boolean(b, true);
            each_target(b, off, tgt, u, |b, w| store(b, yes, flags, w, false));
            store(b, u, marked, zero, false);
        });
        let (q, qe) = list(b, off, v);
        // (position, count, the value seen last: `below` before the first)
        let r = while_loop(
            b,
            &[q, zero, below],
            |b, s| {
                let inside = before(b, tgt, s[0], qe, below);
                (inside, s.to_vec())
            },
            |b, s| {
                let one = index(b, 1);
                let w = target(b, tgt, s[0]);
                let flagged = load(b, flags, w, false);
                let fresh = cmpi(b, CmpiPredicate::Ne, w, s[2]);
                let hit = binary(b, arith::ANDI, flagged, fresh);
                let inc = b.op1(arith::INDEX_CASTUI, &[hit], Type::Index);
                vec![binary(b, arith::ADDI, s[0], one), binary(b, arith::ADDI, s[1], inc), w]
            },
        );
        ret(b, &[r[1]]);
    });
}

/// Runs `f` on each out-target of `x`.
fn each_target<T>(b: &mut Builder<'_>, off: Value, tgt: Value, x: Value, f: impl Fn(&mut Builder<'_>, Value) -> T) {
    let (lo, hi) = list(b, off, x);
    while_loop(
        b,
        &[lo],
        |b, s| (cmpi(b, CmpiPredicate::Ult, s[0], hi), s.to_vec()),
        |b, s| {
            let w = target(b, tgt, s[0]);
            f(b, w);
            let one = index(b, 1);
            vec![binary(b, arith::ADDI, s[0], one)]
        },
    );
}

/// Builds `@name(out_offsets, out_targets, u, v, below) -> (lo, hi,
/// other_lo, other_hi)` ([`crate::sched_to_par::helpers::Helper::CommonSlices`]).
pub fn build_slices(b: &mut Builder<'_>, name: &str) {
    let inputs = [buf(&Type::Index), buf(&Type::i32()), Type::Index, Type::Index, Type::Index];
    let (_, entry, args) = function(b, name, true, &inputs, &[Type::Index, Type::Index, Type::Index, Type::Index]);
    let (off, tgt, u, v, below) = (args[0], args[1], args[2], args[3], args[4]);
    b.at_end_of(entry, |b| {
        let ((lo, end), (olo, ohi)) = shorter_first(b, off, u, v);
        let hi = lower_bound(b, tgt, lo, end, below);
        ret(b, &[lo, hi, olo, ohi]);
    });
}

/// Builds `@name(out_targets, k, lo, other_lo, other_hi) -> i1`
/// ([`crate::sched_to_par::helpers::Helper::CommonAt`]): the value at `k`
/// differs from the one before it (if `k` is past `lo`), and a halving
/// search finds it in the other slice.
pub fn build_at(b: &mut Builder<'_>, name: &str) {
    let inputs = [buf(&Type::i32()), Type::Index, Type::Index, Type::Index, Type::Index];
    let (_, entry, args) = function(b, name, true, &inputs, &[Type::i1()]);
    let (tgt, k, lo, olo, ohi) = (args[0], args[1], args[2], args[3], args[4]);
    b.at_end_of(entry, |b| {
        let x = target(b, tgt, k);
        let later = cmpi(b, CmpiPredicate::Ugt, k, lo);
        let repeat = if_else(
            b,
            later,
            &[Type::i1()],
            |b| {
                let one = index(b, 1);
                let k0 = binary(b, arith::SUBI, k, one);
                let before = target(b, tgt, k0);
                vec![cmpi(b, CmpiPredicate::Eq, before, x)]
            },
            Some(&mut |b: &mut Builder<'_>| vec![boolean(b, false)]),
        )[0];
        let found = if_else(
            b,
            repeat,
            &[Type::i1()],
            |b| vec![boolean(b, false)],
            Some(&mut |b: &mut Builder<'_>| {
                let at = lower_bound(b, tgt, olo, ohi, x);
                vec![holds(b, tgt, at, ohi, x)]
            }),
        )[0];
        ret(b, &[found]);
    });
}

/// The slices (start, end) of `u`'s and `v`'s out-lists, the shorter first
/// (`u`'s when they are as long).
fn shorter_first(b: &mut Builder<'_>, off: Value, u: Value, v: Value) -> ((Value, Value), (Value, Value)) {
    let ((p, pe), (q, qe)) = (list(b, off, u), list(b, off, v));
    let lp = binary(b, arith::SUBI, pe, p);
    let lq = binary(b, arith::SUBI, qe, q);
    let first_shorter = cmpi(b, CmpiPredicate::Ule, lp, lq);
    let pick = |b: &mut Builder<'_>, x: Value, y: Value| b.op1(arith::SELECT, &[first_shorter, x, y], Type::Index);
    ((pick(b, p, q), pick(b, pe, qe)), (pick(b, q, p), pick(b, qe, pe)))
}

/// The positions of `v`'s out-targets: the start and end of its slice.
pub fn list(b: &mut Builder<'_>, off: Value, v: Value) -> (Value, Value) {
    let one = index(b, 1);
    let lo = load(b, off, v, false);
    let v1 = binary(b, arith::ADDI, v, one);
    (lo, load(b, off, v1, false))
}

/// The out-target at position `i`, as an index.
fn target(b: &mut Builder<'_>, tgt: Value, i: Value) -> Value {
    let w32 = load(b, tgt, i, false);
    b.op1(arith::INDEX_CASTUI, &[w32], Type::Index)
}

/// The first position in `lo..hi` of the sorted `tgt` holding `x` or more
/// (`hi` if none does), by halving.
pub fn lower_bound(b: &mut Builder<'_>, tgt: Value, lo: Value, hi: Value, x: Value) -> Value {
    let r = while_loop(
        b,
        &[lo, hi],
        |b, s| (cmpi(b, CmpiPredicate::Ult, s[0], s[1]), s.to_vec()),
        |b, s| {
            let (lo, hi) = (s[0], s[1]);
            let one = index(b, 1);
            let span = binary(b, arith::SUBI, hi, lo);
            let half = binary(b, arith::SHRUI, span, one);
            let mid = binary(b, arith::ADDI, lo, half);
            let w = target(b, tgt, mid);
            let below = cmpi(b, CmpiPredicate::Ult, w, x);
            let mid1 = binary(b, arith::ADDI, mid, one);
            let nlo = b.op1(arith::SELECT, &[below, mid1, lo], Type::Index);
            let nhi = b.op1(arith::SELECT, &[below, hi, mid], Type::Index);
            vec![nlo, nhi]
        },
    );
    r[0]
}

/// Whether position `i` (checked against `end`) holds `x`.
pub fn holds(b: &mut Builder<'_>, tgt: Value, i: Value, end: Value, x: Value) -> Value {
    compare_at(b, tgt, i, end, CmpiPredicate::Eq, x)
}

/// Whether position `i` (checked against `end`) holds a value below `x`.
fn before(b: &mut Builder<'_>, tgt: Value, i: Value, end: Value, x: Value) -> Value {
    compare_at(b, tgt, i, end, CmpiPredicate::Ult, x)
}

/// Whether position `i` is below `end` and its value compares to `x` by `pred`.
fn compare_at(b: &mut Builder<'_>, tgt: Value, i: Value, end: Value, pred: CmpiPredicate, x: Value) -> Value {
    let inside = cmpi(b, CmpiPredicate::Ult, i, end);
    if_else(
        b,
        inside,
        &[Type::i1()],
        |b| {
            let w = target(b, tgt, i);
            vec![cmpi(b, pred, w, x)]
        },
        Some(&mut |b: &mut Builder<'_>| vec![boolean(b, false)]),
    )[0]
}

/// The value at position `i`, or `none` at `end`.
fn value_or(b: &mut Builder<'_>, tgt: Value, i: Value, end: Value, none: Value) -> Value {
    let inside = cmpi(b, CmpiPredicate::Ult, i, end);
    if_else(b, inside, &[Type::Index], |b| vec![target(b, tgt, i)], Some(&mut |_: &mut Builder<'_>| vec![none]))[0]
}

/// Counts the values below `below` of `short` (its first and end
/// positions) that `long` holds, each once (`last`, the value seen last,
/// starts at `below`, which no counted value reaches), seeking each in
/// `long` from where the last seek ended, galloping or not.
fn walk(
    b: &mut Builder<'_>,
    tgt: Value,
    short: (Value, Value),
    long: (Value, Value),
    below: Value,
    gallops: bool,
) -> Value {
    let ((a, ae), (c, ce)) = (short, long);
    let zero = index(b, 0);
    let x0 = value_or(b, tgt, a, ae, below);
    let r = while_loop(
        b,
        &[a, x0, c, zero, below],
        |b, s| {
            let low = cmpi(b, CmpiPredicate::Ult, s[1], below);
            let left = cmpi(b, CmpiPredicate::Ult, s[2], ce);
            (binary(b, arith::ANDI, low, left), s.to_vec())
        },
        |b, s| {
            let (a, x, c, n, last) = (s[0], s[1], s[2], s[3], s[4]);
            let one = index(b, 1);
            let at = if gallops { gallop(b, tgt, c, ce, x) } else { step(b, tgt, c, ce, x) };
            let found = holds(b, tgt, at, ce, x);
            let fresh = cmpi(b, CmpiPredicate::Ne, x, last);
            let hit = binary(b, arith::ANDI, found, fresh);
            let inc = b.op1(arith::INDEX_CASTUI, &[hit], Type::Index);
            let n1 = binary(b, arith::ADDI, n, inc);
            let a1 = binary(b, arith::ADDI, a, one);
            let x1 = value_or(b, tgt, a1, ae, below);
            vec![a1, x1, at, n1, x]
        },
    );
    r[3]
}

/// The first position from `c` on, before `end`, holding `x` or more
/// (`end` if none does), one step at a time.
fn step(b: &mut Builder<'_>, tgt: Value, c: Value, end: Value, x: Value) -> Value {
    while_loop(
        b,
        &[c],
        |b, s| (before(b, tgt, s[0], end, x), s.to_vec()),
        |b, s| {
            let one = index(b, 1);
            vec![binary(b, arith::ADDI, s[0], one)]
        },
    )[0]
}

/// The same as [`step`], by steps of 1, 2, 4, ... past values below `x`,
/// then halving between the last two.
fn gallop(b: &mut Builder<'_>, tgt: Value, c: Value, end: Value, x: Value) -> Value {
    let one = index(b, 1);
    // Everything before `lo` is below x; `hi` holds x or more, or is past
    // the end.
    let stepped = while_loop(
        b,
        &[c, c, one],
        |b, s| (before(b, tgt, s[1], end, x), s.to_vec()),
        |b, s| {
            let (hi, step) = (s[1], s[2]);
            let one = index(b, 1);
            let lo = binary(b, arith::ADDI, hi, one);
            let hi1 = binary(b, arith::ADDI, hi, step);
            let step2 = binary(b, arith::ADDI, step, step);
            vec![lo, hi1, step2]
        },
    );
    let hi = binary(b, arith::MINUI, stepped[1], end);
    lower_bound(b, tgt, stepped[0], hi, x)
}
