//! Run-time helpers that `convert-sched-to-par` adds to a module as private
//! functions, written in the par dialect: union-find, edge lookup, try-locks,
//! argmin/argmax under a lock and multiplication by compare-and-swap. Each is
//! instantiated once per element type it is needed for; LLVM inlines them.

use strata_ir::parser::parse_source;
use strata_ir::{Context, OpId};

/// `@name` and its text, for the helper `which` at element types `tys`.
pub fn helper(which: &str, tys: &[String]) -> (String, String) {
    match which {
        "uf_find" => ("__par_uf_find".into(), UF_FIND.into()),
        "uf_union" => ("__par_uf_union".into(), UF_UNION.into()),
        "has_edge" => ("__par_has_edge".into(), HAS_EDGE.into()),
        "try_lock" => ("__par_try_lock".into(), TRY_LOCK.into()),
        "atomic_mul" => {
            let t = &tys[0];
            let name = format!("__par_atomic_mul_{t}");
            (name.clone(), ATOMIC_MUL.replace("NAME", &name).replace("T", t))
        }
        _ => {
            // reduce_arg_{min,max}[_plain]: keys of tys[0], payloads of tys[1];
            // the plain variant, for data nobody else touches, takes no lock.
            let (k, p) = (&tys[0], &tys[1]);
            let plain = which.ends_with("_plain");
            let max = which.trim_end_matches("_plain").ends_with("max");
            let name = format!("__par_{which}_{k}_{p}");
            let float = k.starts_with('f');
            let (better, cmp) = match (float, max) {
                (true, false) => ("olt", "arith.cmpf"),
                (true, true) => ("ogt", "arith.cmpf"),
                (false, false) => ("slt", "arith.cmpi"),
                (false, true) => ("sgt", "arith.cmpi"),
            };
            let eq = if float { "arith.cmpf oeq" } else { "arith.cmpi eq" };
            let text = if plain {
                REDUCE_ARG_PLAIN.to_string()
            } else {
                REDUCE_ARG_LOCKED
                    .replace("TAKE_LOCK\n", TAKE_STRIPE_LOCK)
                    .replace("RELEASE_LOCK\n", RELEASE_STRIPE_LOCK)
            };
            let text = text
                .replace("COMPARE_AND_STORE\n", COMPARE_AND_STORE)
                .replace("NAME", &name)
                .replace("BETTER", &format!("{cmp} {better}"))
                .replace("EQUAL", eq)
                .replace("KT", k)
                .replace("PT", p);
            (name, text)
        }
    }
}

/// Parses helper text and moves its functions to the end of `module`.
pub fn insert(ctx: &mut Context, module: OpId, text: &str) {
    let m = parse_source(ctx, "<par-helpers>", text, 0, text.len()).expect("helper IR parses");
    let src = ctx.entry_block(ctx.region(m, 0)).expect("module body");
    let dst = ctx.entry_block(ctx.region(module, 0)).expect("module body");
    ctx.splice_block(src, dst, None);
    ctx.erase_op(m);
}

const UF_FIND: &str = r#"
func.func private @__par_uf_find(%p: !par.buf<index>, %x: index) -> index {
  %r = scf.while (%v = %x) : (index) -> index {
    %parent = "par.load"(%p, %v) {atomic} : (!par.buf<index>, index) -> index
    %more = arith.cmpi ne, %parent, %v : index
    scf.condition(%more) %v : index
  } do {
  ^bb0(%v: index):
    %parent = "par.load"(%p, %v) {atomic} : (!par.buf<index>, index) -> index
    %grand = "par.load"(%p, %parent) {atomic} : (!par.buf<index>, index) -> index
    // Halve the path only where it shortens it: writing a root's child
    // again would contend for the cache line for nothing.
    %shorter = arith.cmpi ne, %grand, %parent : index
    scf.if %shorter {
      %old, %ok = "par.cmpxchg"(%p, %v, %parent, %grand) : (!par.buf<index>, index, index, index) -> (index, i1)
    }
    scf.yield %grand : index
  }
  return %r : index
}
"#;

const UF_UNION: &str = r#"
func.func private @__par_uf_union(%p: !par.buf<index>, %a: index, %b: index) -> i1 {
  %true = arith.constant true
  %r:3 = scf.while (%x = %a, %y = %b, %done = %true) : (index, index, i1) -> (index, index, i1) {
    %ra = func.call @__par_uf_find(%p, %x) : (!par.buf<index>, index) -> index
    %rb = func.call @__par_uf_find(%p, %y) : (!par.buf<index>, index) -> index
    %apart = arith.cmpi ne, %ra, %rb : index
    %lo = arith.minui %ra, %rb : index
    %hi = arith.maxui %ra, %rb : index
    // Roots already equal need no write (and no contention on the root).
    %linked = scf.if %apart -> (i1) {
      %old, %ok = "par.cmpxchg"(%p, %hi, %hi, %lo) : (!par.buf<index>, index, index, index) -> (index, i1)
      scf.yield %ok : i1
    } else {
      scf.yield %true : i1
    }
    %failed = arith.xori %linked, %true : i1
    %again = arith.andi %apart, %failed : i1
    scf.condition(%again) %ra, %rb, %apart : index, index, i1
  } do {
  ^bb0(%x: index, %y: index, %d: i1):
    scf.yield %x, %y, %d : index, index, i1
  }
  return %r#2 : i1
}
"#;

const HAS_EDGE: &str = r#"
func.func private @__par_has_edge(%off: !par.buf<index>, %tgt: !par.buf<i32>, %u: index, %v: index) -> i1 {
  %c1 = arith.constant 1 : index
  %lo0 = "par.load"(%off, %u) : (!par.buf<index>, index) -> index
  %u1 = arith.addi %u, %c1 : index
  %hi0 = "par.load"(%off, %u1) : (!par.buf<index>, index) -> index
  %r:2 = scf.while (%lo = %lo0, %hi = %hi0) : (index, index) -> (index, index) {
    %more = arith.cmpi ult, %lo, %hi : index
    scf.condition(%more) %lo, %hi : index, index
  } do {
  ^bb0(%lo: index, %hi: index):
    %span = arith.subi %hi, %lo : index
    %half = arith.shrui %span, %c1 : index
    %mid = arith.addi %lo, %half : index
    %w32 = "par.load"(%tgt, %mid) : (!par.buf<i32>, index) -> i32
    %w = arith.index_castui %w32 : i32 to index
    %below = arith.cmpi ult, %w, %v : index
    %mid1 = arith.addi %mid, %c1 : index
    %nlo = arith.select %below, %mid1, %lo : index
    %nhi = arith.select %below, %hi, %mid : index
    scf.yield %nlo, %nhi : index, index
  }
  %inside = arith.cmpi ult, %r#0, %hi0 : index
  %found = scf.if %inside -> (i1) {
    %w32 = "par.load"(%tgt, %r#0) : (!par.buf<i32>, index) -> i32
    %w = arith.index_castui %w32 : i32 to index
    %eq = arith.cmpi eq, %w, %v : index
    scf.yield %eq : i1
  } else {
    %false = arith.constant false
    scf.yield %false : i1
  }
  return %found : i1
}
"#;

const TRY_LOCK: &str = r#"
func.func private @__par_try_lock(%locks: !par.buf<i32>, %i: index) -> i1 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %old, %ok = "par.cmpxchg"(%locks, %i, %c0, %c1) : (!par.buf<i32>, index, i32, i32) -> (i32, i1)
  return %ok : i1
}
"#;

const ATOMIC_MUL: &str = r#"
func.func private @NAME(%x: T, %b: !par.buf<T>, %i: index) -> T {
  %first = "par.load"(%b, %i) {atomic} : (!par.buf<T>, index) -> T
  %r = scf.while (%old = %first) : (T) -> T {
    %new = arith.muli %old, %x : T
    %seen, %ok = "par.cmpxchg"(%b, %i, %old, %new) : (!par.buf<T>, index, T, T) -> (T, i1)
    %true = arith.constant true
    %again = arith.xori %ok, %true : i1
    scf.condition(%again) %seen : T
  } do {
  ^bb0(%seen: T):
    scf.yield %seen : T
  }
  return %r : T
}
"#;

/// Spins until the stripe lock of element `%i` (of 4096) is taken.
const TAKE_STRIPE_LOCK: &str = r#"  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %mask = arith.constant 4095 : index
  %true = arith.constant true
  %s = arith.andi %i, %mask : index
  %spun = scf.while (%d = %true) : (i1) -> i1 {
    %old, %ok = "par.cmpxchg"(%locks, %s, %c0, %c1) : (!par.buf<i32>, index, i32, i32) -> (i32, i1)
    %spin = arith.xori %ok, %true : i1
    scf.condition(%spin) %d : i1
  } do {
  ^bb0(%x: i1):
    scf.yield %x : i1
  }
"#;

const RELEASE_STRIPE_LOCK: &str = r#"  %prev = "par.atomic_rmw"(%c0, %locks, %s) {kind = "xchg"} : (i32, !par.buf<i32>, index) -> i32
"#;

/// Compares (`%key`, `%pay`) with element `%i` and stores it if it wins: a
/// better key, or an equal key with a smaller payload. The key is stored
/// atomically: the locked variant reads it without the lock first.
const COMPARE_AND_STORE: &str = r#"  %ok = "par.load"(%kb, %i) : (!par.buf<KT>, index) -> KT
  %op = "par.load"(%pb, %i) : (!par.buf<PT>, index) -> PT
  %better = BETTER, %key, %ok : KT
  %tie = EQUAL, %key, %ok : KT
  %smaller = arith.cmpi slt, %pay, %op : PT
  %tiewin = arith.andi %tie, %smaller : i1
  %wins = arith.ori %better, %tiewin : i1
  scf.if %wins {
    "par.store"(%key, %kb, %i) {atomic} : (KT, !par.buf<KT>, index) -> ()
    "par.store"(%pay, %pb, %i) : (PT, !par.buf<PT>, index) -> ()
  }
"#;

/// Argmin/argmax into data no other thread touches.
const REDUCE_ARG_PLAIN: &str = r#"
func.func private @NAME(%key: KT, %pay: PT, %kb: !par.buf<KT>, %pb: !par.buf<PT>, %i: index) -> i1 {
COMPARE_AND_STORE
  return %wins : i1
}
"#;

/// Argmin/argmax into shared data, under the element's stripe lock. Keys
/// only get better while the reduction runs, so a key that is worse than
/// one read without the lock (atomically: writers store it atomically) is
/// worse than the current one too and cannot win: it returns without
/// taking the lock, which most candidates do once the best is near.
const REDUCE_ARG_LOCKED: &str = r#"
func.func private @NAME(%key: KT, %pay: PT, %kb: !par.buf<KT>, %pb: !par.buf<PT>, %i: index, %locks: !par.buf<i32>) -> i1 {
  %seen = "par.load"(%kb, %i) {atomic} : (!par.buf<KT>, index) -> KT
  %may_better = BETTER, %key, %seen : KT
  %may_tie = EQUAL, %key, %seen : KT
  %may = arith.ori %may_better, %may_tie : i1
  %r = scf.if %may -> (i1) {
TAKE_LOCK
COMPARE_AND_STORE
RELEASE_LOCK
    scf.yield %wins : i1
  } else {
    %lost = arith.constant false
    scf.yield %lost : i1
  }
  return %r : i1
}
"#;
