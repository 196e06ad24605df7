// A team that checks its subgroup and block collectives against closed
// forms and counts the threads whose results differ, and its grouped
// integer adds' places by their sums: 0 on every backend and every shape
// of team (see ../collectives.mlir).
func.func @collectives() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %lowest = arith.constant -9223372036854775808 : i64
  %half = arith.constant 0.5 : f64
  %false = arith.constant false
  %errors = "par.alloc"(%c1) : (index) -> !par.buf<i64>
  "par.store"(%z, %errors, %c0) : (i64, !par.buf<i64>, index) -> ()
  // Grouped adds: places[0] counts the threads by ones, places32[0] by
  // threes and places32[1] by lane + 1; sums[0..3] add up the places taken
  // by ones, their squares, the places taken by threes and the lanes + 1.
  %c2i = arith.constant 2 : index
  %c3i = arith.constant 3 : index
  %z32 = arith.constant 0 : i32
  %places = "par.alloc"(%c1) : (index) -> !par.buf<i64>
  "par.store"(%z, %places, %c0) : (i64, !par.buf<i64>, index) -> ()
  %places32 = "par.alloc"(%c2i) : (index) -> !par.buf<i32>
  "par.store"(%z32, %places32, %c0) : (i32, !par.buf<i32>, index) -> ()
  "par.store"(%z32, %places32, %c1) : (i32, !par.buf<i32>, index) -> ()
  %c4i = arith.constant 4 : index
  %sums = "par.alloc"(%c4i) : (index) -> !par.buf<i64>
  scf.for %i = %c0 to %c4i step %c1 {
    "par.store"(%z, %sums, %i) : (i64, !par.buf<i64>, index) -> ()
  }
  "par.parallel"() ({
    %shared = "par.shared"() <{size = 256 : i64}> : () -> !par.buf<i64>
    %bt = "par.block_thread_id"() : () -> index
    %bs = "par.block_size"() : () -> index
    %l = "par.lane_id"() : () -> index
    %ws = "par.subgroup_size"() : () -> index
    %b = arith.index_cast %bt : index to i64
    %li = arith.index_cast %l : index to i64
    // The block's thread numbers before this one: b (b - 1) / 2.
    %s = "par.block_scan"(%b) <{kind = "add"}> : (i64) -> i64
    %bm = arith.subi %b, %one : i64
    %bb = arith.muli %b, %bm : i64
    %w1 = arith.divsi %bb, %two : i64
    %e1 = arith.cmpi ne, %s, %w1 : i64
    // The largest lane number before this one: lane - 1, or the lowest i64.
    %m = "par.subgroup_scan"(%li) <{kind = "max"}> : (i64) -> i64
    %first = arith.cmpi eq, %li, %z : i64
    %lm = arith.subi %li, %one : i64
    %w2 = arith.select %first, %lowest, %lm : i64
    %e2 = arith.cmpi ne, %m, %w2 : i64
    // Halves before this lane: lane / 2 exactly.
    %f = "par.subgroup_scan"(%half) <{kind = "add"}> : (f64) -> f64
    %lf = arith.sitofp %li : i64 to f64
    %w3 = arith.mulf %lf, %half : f64
    %e3 = arith.cmpf one, %f, %w3 : f64
    // The block's and the subgroup's sizes, by reductions.
    %n = "par.block_reduce"(%one) <{kind = "add"}> : (i64) -> i64
    %bsi = arith.index_cast %bs : index to i64
    %e4 = arith.cmpi ne, %n, %bsi : i64
    %k = "par.subgroup_reduce"(%one) <{kind = "add"}> : (i64) -> i64
    %wsi = arith.index_cast %ws : index to i64
    %e5 = arith.cmpi ne, %k, %wsi : i64
    // The votes of the odd lanes: the odd bits below the subgroup's size.
    %two_i = arith.constant 2 : i64
    %odd_bits = arith.constant -6148914691236517206 : i64
    %lodd = arith.remui %li, %two_i : i64
    %odd = arith.cmpi ne, %lodd, %z : i64
    %votes = "par.subgroup_ballot"(%odd) : (i1) -> i64
    %wbit = arith.shli %one, %wsi : i64
    %low = arith.subi %wbit, %one : i64
    %w6 = arith.andi %odd_bits, %low : i64
    %e6 = arith.cmpi ne, %votes, %w6 : i64
    // The next lane's number times 3, round the subgroup; lane 0's half.
    %next = arith.addi %l, %c1 : index
    %from = arith.remui %next, %ws : index
    %three = arith.constant 3 : i64
    %l3 = arith.muli %li, %three : i64
    %got = "par.subgroup_shuffle"(%l3, %from) : (i64, index) -> i64
    %fromi = arith.index_cast %from : index to i64
    %w7 = arith.muli %fromi, %three : i64
    %e7 = arith.cmpi ne, %got, %w7 : i64
    %h = "par.subgroup_shuffle"(%w3, %c0) : (f64, index) -> f64
    %zf = arith.constant 0.0 : f64
    %e8 = arith.cmpf one, %h, %zf : f64
    // Through the block's shared buffer, twice: each thread writes its
    // turn and number, waits for the block, reads the next thread's.
    %c2 = arith.constant 2 : index
    %c1000 = arith.constant 1000 : i64
    %nb = arith.addi %bt, %c1 : index
    %next_t = arith.remui %nb, %bs : index
    %next_i = arith.index_cast %next_t : index to i64
    %e9 = scf.for %turn = %c0 to %c2 step %c1 iter_args(%wrong = %false) -> (i1) {
      %ti = arith.index_cast %turn : index to i64
      %tk = arith.muli %ti, %c1000 : i64
      %mine = arith.addi %tk, %b : i64
      "par.store"(%mine, %shared, %bt) : (i64, !par.buf<i64>, index) -> ()
      "par.block_barrier"() : () -> ()
      %theirs = "par.load"(%shared, %next_t) : (!par.buf<i64>, index) -> i64
      %want = arith.addi %tk, %next_i : i64
      %off = arith.cmpi ne, %theirs, %want : i64
      "par.block_barrier"() : () -> ()
      %w = arith.ori %wrong, %off : i1
      scf.yield %w : i1
    }
    %e12 = arith.ori %e1, %e2 : i1
    %e123 = arith.ori %e12, %e3 : i1
    %e1234 = arith.ori %e123, %e4 : i1
    %e12345 = arith.ori %e1234, %e5 : i1
    %e6to8 = arith.ori %e6, %e7 : i1
    %e68 = arith.ori %e6to8, %e8 : i1
    %e69 = arith.ori %e68, %e9 : i1
    %bad = arith.ori %e12345, %e69 : i1
    %badi = arith.extui %bad : i1 to i64
    %old = "par.atomic_rmw"(%badi, %errors, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
    // Places taken by grouped adds: by ones (alike on every lane), by
    // threes in 32 bits, and by each lane's own amount.
    %p = "par.atomic_rmw"(%one, %places, %c0) <{grouped, kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
    %p2 = arith.muli %p, %p : i64
    %a0 = "par.atomic_rmw"(%p, %sums, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
    %a1 = "par.atomic_rmw"(%p2, %sums, %c1) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
    %three32 = arith.constant 3 : i32
    %q = "par.atomic_rmw"(%three32, %places32, %c0) <{grouped, kind = "add"}> : (i32, !par.buf<i32>, index) -> i32
    %q64 = arith.extsi %q : i32 to i64
    %a2 = "par.atomic_rmw"(%q64, %sums, %c2i) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
    %own = arith.addi %li, %one : i64
    %own32 = arith.trunci %own : i64 to i32
    %r = "par.atomic_rmw"(%own32, %places32, %c1) <{grouped, kind = "add"}> : (i32, !par.buf<i32>, index) -> i32
    %a3 = "par.atomic_rmw"(%own, %sums, %c3i) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
    "par.yield"() : () -> ()
  }) : () -> ()
  %e = "par.load"(%errors, %c0) : (!par.buf<i64>, index) -> i64
  // With t threads, the places by ones are 0 .. t - 1 once each: they sum to
  // t (t - 1) / 2 and their squares to (t - 1) t (2t - 1) / 6; the places
  // by threes sum to three times the first; the adds of lane + 1 to theirs.
  %t = "par.load"(%places, %c0) : (!par.buf<i64>, index) -> i64
  %tm = arith.subi %t, %one : i64
  %ttm = arith.muli %t, %tm : i64
  %want0 = arith.divsi %ttm, %two : i64
  %t2 = arith.muli %t, %two : i64
  %t2m = arith.subi %t2, %one : i64
  %ttt = arith.muli %ttm, %t2m : i64
  %six = arith.constant 6 : i64
  %want1 = arith.divsi %ttt, %six : i64
  %three64 = arith.constant 3 : i64
  %want2 = arith.muli %want0, %three64 : i64
  %t3 = arith.muli %t, %three64 : i64
  %got0 = "par.load"(%sums, %c0) : (!par.buf<i64>, index) -> i64
  %got1 = "par.load"(%sums, %c1) : (!par.buf<i64>, index) -> i64
  %got2 = "par.load"(%sums, %c2i) : (!par.buf<i64>, index) -> i64
  %want3 = "par.load"(%sums, %c3i) : (!par.buf<i64>, index) -> i64
  %n32 = "par.load"(%places32, %c0) : (!par.buf<i32>, index) -> i32
  %n64 = arith.extsi %n32 : i32 to i64
  %o32 = "par.load"(%places32, %c1) : (!par.buf<i32>, index) -> i32
  %o64 = arith.extsi %o32 : i32 to i64
  %f0 = arith.cmpi ne, %got0, %want0 : i64
  %f1 = arith.cmpi ne, %got1, %want1 : i64
  %f2 = arith.cmpi ne, %got2, %want2 : i64
  %f3 = arith.cmpi ne, %n64, %t3 : i64
  %f4 = arith.cmpi ne, %o64, %want3 : i64
  %f01 = arith.ori %f0, %f1 : i1
  %f23 = arith.ori %f2, %f3 : i1
  %f03 = arith.ori %f01, %f23 : i1
  %f04 = arith.ori %f03, %f4 : i1
  %fi = arith.extui %f04 : i1 to i64
  %all = arith.addi %e, %fi : i64
  return %all : i64
}
