// A team that checks its subgroup and block collectives against closed
// forms and counts the threads whose results differ: 0 on every backend
// and every shape of team (see ../collectives.mlir).
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
    "par.yield"() : () -> ()
  }) : () -> ()
  %e = "par.load"(%errors, %c0) : (!par.buf<i64>, index) -> i64
  return %e : i64
}
