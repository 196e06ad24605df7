//! Work queues (`!par.queue<index>`) in upstream dialects: private
//! functions of `memref`, `arith` and `scf` operations that the converted
//! `par.queue_*` operations call, added to the module once each.
//!
//! A queue is a `memref<5xmemref<?xi64>>`: the current round's items, the
//! next round's, seven counters, the round stamps of a unique queue (one per
//! item, the last round that pushed it; empty for a plain queue) and the
//! spill area of a plain queue. A push reserves a place in the next round
//! with an atomic add; places beyond the capacity go to the spill area under
//! a spin lock, and the next advance (run by one thread, between teams)
//! replaces both buffers by ones large enough for the round. A unique queue
//! pushes an item once a round (its stamp is claimed by an atomic exchange)
//! and so never spills.
//!
//! An ordered queue (`par.ordered_queue_new`) is a plain one with its keys,
//! its delta and the bucket each item is held in (-1: none): an advance
//! turns the pushes into the current round as a plain queue does, lowers
//! each pushed item's bucket to `key / delta`, then takes every item held in
//! the lowest bucket not below the last round's (a lower one counts as
//! that) as the new round, in the order of the items. The run time keeps
//! windows of buckets; this form scans the items, which is slower and takes
//! the same items each round.

use strata_abi::support;
use strata_ir::builder::Builder;
use strata_ir::func::build::{function, ret};
use strata_ir::{Type, Value};
use strata_std::arith::op as arith;
use strata_std::arith::CmpiPredicate;
use strata_std::build::arith::{binary, boolean, cmpi, index, int};
use strata_std::build::cf::assert;
use strata_std::build::scf::{for_loop, if_else, when, while_loop};

use super::ops::{alloc, atomic_rmw, dealloc, dim, load, memref_type, store, vector_of, RmwKind};

/// The places of a queue's memrefs.
const CURRENT: i128 = 0;
const NEXT: i128 = 1;
const COUNTERS: i128 = 2;
const STAMPS: i128 = 3;
const SPILL: i128 = 4;
/// An ordered queue's keys (the program's buffer), and the bucket each
/// item is held in; both empty for other queues.
const KEY: i128 = 5;
const HELD: i128 = 6;
const SLOTS: i64 = 7;

/// The counters (`i64`).
const CURRENT_LENGTH: i128 = 0;
const NEXT_LENGTH: i128 = 1;
const ROUND: i128 = 2;
const CAPACITY: i128 = 3;
const SPILL_LENGTH: i128 = 4;
const SPILL_LOCK: i128 = 5;
const UNIQUE: i128 = 6;
/// Of an ordered queue: the delta, whether it is one, the last round's
/// bucket, and two places the advance counts in.
const DELTA: i128 = 7;
const ORDERED: i128 = 8;
const BUCKET: i128 = 9;
const LOWEST: i128 = 10;
const TAKEN: i128 = 11;
const COUNTER_COUNT: i128 = 12;

/// What an ordered queue's run-time checks say, as the run time says it.
const OUT_OF_RANGE: &str = "error: an item pushed to an ordered queue is out of range";
const NEGATIVE_KEY: &str = "error: a node pushed to an ordered worklist has a negative key";
const DELTA_NOT_POSITIVE: &str = "error: the delta of an ordered worklist must be positive";

/// The type a queue becomes.
pub fn queue_type() -> Type {
    memref_type(SLOTS, items_type())
}

/// The type of a round's items.
fn items_type() -> Type {
    vector_of(Type::i64())
}

/// A queue operation, as a function of the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QueueFn {
    /// `(capacity: index, unique: i1) -> queue`.
    New,
    /// `(capacity: index, key: memref<?xi64>, delta: i64) -> queue`.
    OrderedNew,
    /// `(queue, item: index)`.
    Push,
    /// `(queue, item: index) -> i1`: whether the item may be added.
    Claim,
    /// `(queue, count: index) -> index`: the first of `count` places
    /// reserved in the next round.
    Reserve,
    /// `(queue, place: index, item: index)`: writes a reserved place.
    Put,
    /// `(queue) -> index`: the current round's length.
    Size,
    /// `(queue) -> memref<?xi64>`: the current round's items.
    Items,
    /// `(queue) -> i1`: the pushes become the current round; whether there
    /// are any.
    Advance,
    /// `(queue)`: releases it.
    Free,
}

impl QueueFn {
    /// The function's name: the support function of the same operation
    /// ([`strata_abi::support`]).
    pub fn name(self) -> &'static str {
        match self {
            QueueFn::New => support::QUEUE_NEW.name,
            QueueFn::OrderedNew => support::ORDERED_QUEUE_NEW.name,
            QueueFn::Push => support::QUEUE_PUSH.name,
            QueueFn::Claim => support::QUEUE_CLAIM.name,
            QueueFn::Reserve => support::QUEUE_RESERVE.name,
            QueueFn::Put => support::QUEUE_PUT.name,
            QueueFn::Size => support::QUEUE_SIZE.name,
            QueueFn::Items => support::QUEUE_ITEMS.name,
            QueueFn::Advance => support::QUEUE_ADVANCE.name,
            QueueFn::Free => support::QUEUE_FREE.name,
        }
    }

    /// The function's argument and result types.
    pub fn signature(self) -> (Vec<Type>, Vec<Type>) {
        let q = queue_type();
        match self {
            QueueFn::New => (vec![Type::Index, Type::i1()], vec![q]),
            QueueFn::OrderedNew => (vec![Type::Index, items_type(), Type::i64()], vec![q]),
            QueueFn::Push => (vec![q, Type::Index], vec![]),
            QueueFn::Claim => (vec![q, Type::Index], vec![Type::i1()]),
            QueueFn::Reserve => (vec![q, Type::Index], vec![Type::Index]),
            QueueFn::Put => (vec![q, Type::Index, Type::Index], vec![]),
            QueueFn::Size => (vec![q], vec![Type::Index]),
            QueueFn::Items => (vec![q], vec![items_type()]),
            QueueFn::Advance => (vec![q], vec![Type::i1()]),
            QueueFn::Free => (vec![q], vec![]),
        }
    }

    /// Builds the function at the builder's insertion point.
    pub fn build(self, b: &mut Builder<'_>) {
        let (inputs, results) = self.signature();
        let (_, entry, args) = function(b, self.name(), true, &inputs, &results);
        b.at_end_of(entry, |b| {
            let out = match self {
                QueueFn::New => vec![new(b, args[0], args[1])],
                QueueFn::OrderedNew => vec![ordered_new(b, args[0], args[1], args[2])],
                QueueFn::Push => push(b, args[0], args[1]),
                QueueFn::Claim => vec![claim(b, args[0], args[1])],
                QueueFn::Reserve => vec![reserve(b, args[0], args[1])],
                QueueFn::Put => {
                    put(b, args[0], args[1], args[2]);
                    Vec::new()
                }
                QueueFn::Size => {
                    let c = element(b, args[0], COUNTERS);
                    let n = element(b, c, CURRENT_LENGTH);
                    vec![to_index(b, n)]
                }
                QueueFn::Items => vec![element(b, args[0], CURRENT)],
                QueueFn::Advance => advance(b, args[0]),
                QueueFn::Free => {
                    // The keys of an ordered queue are the program's.
                    let c = element(b, args[0], COUNTERS);
                    let ordered = is_ordered(b, c);
                    let plain = boolean(b, true);
                    let plain = binary(b, arith::XORI, ordered, plain);
                    when(b, plain, |b| {
                        let key = element(b, args[0], KEY);
                        dealloc(b, key);
                    });
                    for s in [CURRENT, NEXT, COUNTERS, STAMPS, SPILL, HELD] {
                        let m = element(b, args[0], s);
                        dealloc(b, m);
                    }
                    dealloc(b, args[0]);
                    Vec::new()
                }
            };
            ret(b, &out);
        });
    }
}

/// Element `k` of `m` (a queue's memref, or a counter).
fn element(b: &mut Builder<'_>, m: Value, k: i128) -> Value {
    let i = index(b, k);
    load(b, m, i)
}

/// Stores `v` as element `k` of `m`.
fn set_element(b: &mut Builder<'_>, m: Value, k: i128, v: Value) {
    let i = index(b, k);
    store(b, v, m, i);
}

fn i64_const(b: &mut Builder<'_>, v: i128) -> Value {
    int(b, v, &Type::i64())
}

fn to_index(b: &mut Builder<'_>, v: Value) -> Value {
    b.op1(arith::INDEX_CAST, &[v], Type::Index)
}

fn to_i64(b: &mut Builder<'_>, v: Value) -> Value {
    b.op1(arith::INDEX_CAST, &[v], Type::i64())
}

/// Copies `n` elements of `from` to `to`, from position `at` on.
fn copy(b: &mut Builder<'_>, from: Value, to: Value, n: Value, at: Value) {
    let (zero, one) = (index(b, 0), index(b, 1));
    for_loop(b, [zero, n, one], |b, i| {
        let v = load(b, from, i);
        let j = binary(b, arith::ADDI, i, at);
        store(b, v, to, j);
    });
}

/// Whether the queue of the counters `c` is ordered.
fn is_ordered(b: &mut Builder<'_>, c: Value) -> Value {
    let flag = element(b, c, ORDERED);
    let zero = i64_const(b, 0);
    cmpi(b, CmpiPredicate::Ne, flag, zero)
}

fn new(b: &mut Builder<'_>, capacity: Value, unique: Value) -> Value {
    let q = alloc(b, &queue_type(), None);
    let items = items_type();
    let current = alloc(b, &items, Some(capacity));
    let next = alloc(b, &items, Some(capacity));
    let count = index(b, COUNTER_COUNT);
    let c = alloc(b, &items, Some(count));
    let zero = i64_const(b, 0);
    for k in 0..COUNTER_COUNT {
        set_element(b, c, k, zero);
    }
    let cap = to_i64(b, capacity);
    set_element(b, c, CAPACITY, cap);
    let flag = b.op1(arith::EXTUI, &[unique], Type::i64());
    set_element(b, c, UNIQUE, flag);
    let none = index(b, 0);
    let stamp_count = b.op1(arith::SELECT, &[unique, capacity, none], Type::Index);
    let stamps = alloc(b, &items, Some(stamp_count));
    let never = i64_const(b, -1);
    let one = index(b, 1);
    for_loop(b, [none, stamp_count, one], |b, i| store(b, never, stamps, i));
    let spill = alloc(b, &items, Some(none));
    let (key, held) = (alloc(b, &items, Some(none)), alloc(b, &items, Some(none)));
    let slots =
        [(CURRENT, current), (NEXT, next), (COUNTERS, c), (STAMPS, stamps), (SPILL, spill), (KEY, key), (HELD, held)];
    for (s, m) in slots {
        set_element(b, q, s, m);
    }
    q
}

/// A plain queue of `capacity` with the keys `key`, the width `delta` of a
/// bucket, and no item held in one.
fn ordered_new(b: &mut Builder<'_>, capacity: Value, key: Value, delta: Value) -> Value {
    let zero = i64_const(b, 0);
    let positive = cmpi(b, CmpiPredicate::Sgt, delta, zero);
    assert(b, positive, DELTA_NOT_POSITIVE);
    let f = boolean(b, false);
    let q = new(b, capacity, f);
    for s in [KEY, HELD] {
        let empty = element(b, q, s);
        dealloc(b, empty);
    }
    set_element(b, q, KEY, key);
    let held = alloc(b, &items_type(), Some(capacity));
    let (none, start, one) = (i64_const(b, -1), index(b, 0), index(b, 1));
    for_loop(b, [start, capacity, one], |b, i| store(b, none, held, i));
    set_element(b, q, HELD, held);
    let c = element(b, q, COUNTERS);
    set_element(b, c, DELTA, delta);
    let yes = i64_const(b, 1);
    set_element(b, c, ORDERED, yes);
    q
}

fn push(b: &mut Builder<'_>, q: Value, item: Value) -> Vec<Value> {
    let claimed = claim(b, q, item);
    when(b, claimed, |b| {
        let one = index(b, 1);
        let at = reserve(b, q, one);
        put(b, q, at, item);
    });
    Vec::new()
}

/// Whether `item` may be added to the next round: always for a plain
/// queue; for a unique one, if no claim took it this round before.
fn claim(b: &mut Builder<'_>, q: Value, item: Value) -> Value {
    let c = element(b, q, COUNTERS);
    // An ordered queue holds a bucket for each item below its capacity.
    let ordered = is_ordered(b, c);
    when(b, ordered, |b| {
        let held = element(b, q, HELD);
        let n = dim(b, held);
        let inside = cmpi(b, CmpiPredicate::Ult, item, n);
        assert(b, inside, OUT_OF_RANGE);
    });
    let item = to_i64(b, item);
    let flag = element(b, c, UNIQUE);
    let zero = i64_const(b, 0);
    let unique = cmpi(b, CmpiPredicate::Ne, flag, zero);
    if_else(
        b,
        unique,
        &[Type::i1()],
        |b| {
            // The stamp says which round last pushed the item.
            let stamps = element(b, q, STAMPS);
            let round = element(b, c, ROUND);
            let at = to_index(b, item);
            let last = atomic_rmw(b, RmwKind::Assign, round, stamps, at);
            vec![cmpi(b, CmpiPredicate::Ne, last, round)]
        },
        Some(&mut |b: &mut Builder<'_>| vec![boolean(b, true)]),
    )[0]
}

/// Reserves `n` places in the next round; the first.
fn reserve(b: &mut Builder<'_>, q: Value, n: Value) -> Value {
    let c = element(b, q, COUNTERS);
    let n = to_i64(b, n);
    let next_length = index(b, NEXT_LENGTH);
    let at = atomic_rmw(b, RmwKind::AddI, n, c, next_length);
    to_index(b, at)
}

/// Writes `item` into the reserved place `at`: in place below the
/// capacity, else to the spill area.
fn put(b: &mut Builder<'_>, q: Value, at: Value, item: Value) {
    let c = element(b, q, COUNTERS);
    let item = to_i64(b, item);
    let cap = element(b, c, CAPACITY);
    let at64 = to_i64(b, at);
    let fits = cmpi(b, CmpiPredicate::Slt, at64, cap);
    if_else(
        b,
        fits,
        &[],
        |b| {
            let next = element(b, q, NEXT);
            store(b, item, next, at);
            Vec::new()
        },
        Some(&mut |b: &mut Builder<'_>| {
            spill(b, q, c, item);
            Vec::new()
        }),
    );
}

/// Appends `item` to the spill area under its lock, doubling the area when
/// it is full.
fn spill(b: &mut Builder<'_>, q: Value, c: Value, item: Value) {
    let lock = index(b, SPILL_LOCK);
    let (zero, one) = (i64_const(b, 0), i64_const(b, 1));
    while_loop(
        b,
        &[],
        |b, _| {
            let held = atomic_rmw(b, RmwKind::Assign, one, c, lock);
            (cmpi(b, CmpiPredicate::Ne, held, zero), Vec::new())
        },
        |_, _| Vec::new(),
    );
    let area = element(b, q, SPILL);
    let length = element(b, c, SPILL_LENGTH);
    let size = dim(b, area);
    let size = to_i64(b, size);
    let full = cmpi(b, CmpiPredicate::Eq, length, size);
    when(b, full, |b| {
        let two = i64_const(b, 2);
        let doubled = binary(b, arith::MULI, size, two);
        let least = i64_const(b, 64);
        let larger = binary(b, arith::MAXSI, doubled, least);
        let larger = to_index(b, larger);
        let grown = alloc(b, &items_type(), Some(larger));
        let (n, start) = (to_index(b, length), index(b, 0));
        copy(b, area, grown, n, start);
        dealloc(b, area);
        set_element(b, q, SPILL, grown);
    });
    let area = element(b, q, SPILL);
    let at = to_index(b, length);
    store(b, item, area, at);
    let length = binary(b, arith::ADDI, length, one);
    set_element(b, c, SPILL_LENGTH, length);
    atomic_rmw(b, RmwKind::Assign, zero, c, lock);
}

fn advance(b: &mut Builder<'_>, q: Value) -> Vec<Value> {
    let c = element(b, q, COUNTERS);
    let n = element(b, c, NEXT_LENGTH);
    let cap = element(b, c, CAPACITY);
    let spilled = cmpi(b, CmpiPredicate::Sgt, n, cap);
    if_else(
        b,
        spilled,
        &[],
        |b| {
            let two = i64_const(b, 2);
            let doubled = binary(b, arith::MULI, cap, two);
            let larger = binary(b, arith::MAXSI, doubled, n);
            let size = to_index(b, larger);
            let current = alloc(b, &items_type(), Some(size));
            let next = alloc(b, &items_type(), Some(size));
            let (old_current, old_next, area) = (element(b, q, CURRENT), element(b, q, NEXT), element(b, q, SPILL));
            let (kept, start) = (to_index(b, cap), index(b, 0));
            copy(b, old_next, current, kept, start);
            let rest = binary(b, arith::SUBI, n, cap);
            let rest = to_index(b, rest);
            copy(b, area, current, rest, kept);
            dealloc(b, old_current);
            dealloc(b, old_next);
            set_element(b, q, CURRENT, current);
            set_element(b, q, NEXT, next);
            set_element(b, c, CAPACITY, larger);
            let zero = i64_const(b, 0);
            set_element(b, c, SPILL_LENGTH, zero);
            Vec::new()
        },
        Some(&mut |b: &mut Builder<'_>| {
            let (current, next) = (element(b, q, CURRENT), element(b, q, NEXT));
            set_element(b, q, CURRENT, next);
            set_element(b, q, NEXT, current);
            Vec::new()
        }),
    );
    set_element(b, c, CURRENT_LENGTH, n);
    let zero = i64_const(b, 0);
    set_element(b, c, NEXT_LENGTH, zero);
    let round = element(b, c, ROUND);
    let one = i64_const(b, 1);
    let round = binary(b, arith::ADDI, round, one);
    set_element(b, c, ROUND, round);
    let ordered = is_ordered(b, c);
    if_else(
        b,
        ordered,
        &[Type::i1()],
        |b| vec![take_bucket(b, q, c)],
        Some(&mut |b: &mut Builder<'_>| vec![cmpi(b, CmpiPredicate::Sgt, n, zero)]),
    )
}

/// An ordered queue's advance after its pushes became the current round:
/// each pushed item held lower (`key / delta`, an error for a negative
/// key), then the items of the lowest bucket held, not below the last
/// round's, made the current round; whether there are any.
fn take_bucket(b: &mut Builder<'_>, q: Value, c: Value) -> Value {
    let (items, key, held) = (element(b, q, CURRENT), element(b, q, KEY), element(b, q, HELD));
    let (delta, last) = (element(b, c, DELTA), element(b, c, BUCKET));
    let pushed = element(b, c, CURRENT_LENGTH);
    let pushed = to_index(b, pushed);
    let (start, one) = (index(b, 0), index(b, 1));
    for_loop(b, [start, pushed, one], |b, i| {
        let item = load(b, items, i);
        let item = to_index(b, item);
        let k = load(b, key, item);
        let zero = i64_const(b, 0);
        let non_negative = cmpi(b, CmpiPredicate::Sge, k, zero);
        assert(b, non_negative, NEGATIVE_KEY);
        let bucket = binary(b, arith::DIVUI, k, delta);
        let old = load(b, held, item);
        let lower = cmpi(b, CmpiPredicate::Ult, bucket, old);
        when(b, lower, |b| store(b, bucket, held, item));
    });
    let none = i64_const(b, -1);
    set_element(b, c, LOWEST, none);
    let n = dim(b, held);
    for_loop(b, [start, n, one], |b, j| {
        let h = load(b, held, j);
        let at = binary(b, arith::MAXUI, h, last);
        let m = element(b, c, LOWEST);
        let m = binary(b, arith::MINUI, m, at);
        set_element(b, c, LOWEST, m);
    });
    let zero = i64_const(b, 0);
    set_element(b, c, TAKEN, zero);
    let lowest = element(b, c, LOWEST);
    let some = cmpi(b, CmpiPredicate::Ne, lowest, none);
    when(b, some, |b| {
        for_loop(b, [start, n, one], |b, j| {
            let h = load(b, held, j);
            let due = cmpi(b, CmpiPredicate::Ule, h, lowest);
            when(b, due, |b| {
                let k = element(b, c, TAKEN);
                let at = to_index(b, k);
                let item = to_i64(b, j);
                store(b, item, items, at);
                let one = i64_const(b, 1);
                let k = binary(b, arith::ADDI, k, one);
                set_element(b, c, TAKEN, k);
                store(b, none, held, j);
            });
        });
        set_element(b, c, BUCKET, lowest);
    });
    let taken = element(b, c, TAKEN);
    set_element(b, c, CURRENT_LENGTH, taken);
    cmpi(b, CmpiPredicate::Sgt, taken, zero)
}
