// Work-sharing loops run by each thread several iterations at a time give
// what the loops gave, for trip counts 0 to 13 (every remainder of every
// factor and team size here), lower bounds and steps other than 0 and 1,
// and a loop that reads and writes the same elements (an iteration past
// the end runs the group's first again: it must read before that one
// writes, and write the same), on the interpreter, simulated grids and the
// CPU with teams of 1 to 3.
// RUN: graph-run %s --entry loops > %t.ref
// RUN: FileCheck %s --check-prefix=REF < %t.ref
// The sums of the three outputs over all trip counts.
// REF: 160243
// REF-NEXT: 708
// REF-NEXT: 80860
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=3}))' -o %t.3.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.3.mlir
// IR-COUNT-3: "par.thread_id"
// IR-NOT: "par.for"
// RUN: graph-run %t.3.mlir --entry loops | diff %t.ref -
// RUN: graph-run %t.3.mlir --entry loops --simulate-grid 2x3x4 --shuffle 7 | diff %t.ref -
// RUN: graph-run %t.3.mlir --entry loops --simulate-grid 1x1x5 | diff %t.ref -
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=4}))' -o %t.4.mlir
// RUN: graph-run %t.4.mlir --entry loops --simulate-grid 3x2x2 --shuffle 3 | diff %t.ref -
// RUN: for t in 1 2 3; do graph-run %t.4.mlir --entry loops --backend cpu --threads $t | diff %t.ref - || exit 1; done
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=5}))' -o %t.5.mlir
// RUN: graph-run %t.5.mlir --entry loops --backend cpu --threads 3 | diff %t.ref -
// RUN: graph-run %t.5.mlir --entry loops --simulate-grid 2x1x3 | diff %t.ref -

// For each trip count len in 0..14, in one team:
// - out[16 len + i] = 31 * vals[i] + vals[7 i mod 64] + len, i in 0..len;
// - odd[16 len + i] = vals[i] - i for i = 2, 5, 8, ... below len;
// - acc[i] = 2 * acc[i] + vals[i] for i in 0..len (read and written).
// Returns the sums of out, odd and acc.
func.func @loops() -> (i64, i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c14 = arith.constant 14 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %k31 = arith.constant 31 : i64
  %vals = "par.alloc"(%c64) : (index) -> !par.buf<i64>
  %out = "par.alloc"(%c256) : (index) -> !par.buf<i64>
  %odd = "par.alloc"(%c256) : (index) -> !par.buf<i64>
  %acc = "par.alloc"(%c16) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %c64, %c1) <{chunk = 4 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %i64 = arith.index_cast %i : index to i64
      %sq = arith.muli %i64, %i64 : i64
      %v = arith.addi %sq, %one : i64
      "par.store"(%v, %vals, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.for"(%c0, %c256, %c1) <{chunk = 4 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%z, %out, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.store"(%z, %odd, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.for"(%c0, %c16, %c1) <{chunk = 4 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%one, %acc, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  scf.for %len = %c0 to %c14 step %c1 {
    %base = arith.muli %len, %c16 : index
    %len64 = arith.index_cast %len : index to i64
    "par.parallel"() ({
      "par.for"(%c0, %len, %c1) <{chunk = 2 : i64, dist = "dynamic"}> ({
      ^bb0(%i: index):
        %a = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
        %m = arith.muli %i, %c7 : index
        %j = arith.remui %m, %c64 : index
        %b = "par.load"(%vals, %j) : (!par.buf<i64>, index) -> i64
        %a31 = arith.muli %a, %k31 : i64
        %s = arith.addi %a31, %b : i64
        %t = arith.addi %s, %len64 : i64
        %at = arith.addi %base, %i : index
        "par.store"(%t, %out, %at) : (i64, !par.buf<i64>, index) -> ()
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.for"(%c2, %len, %c3) <{chunk = 1 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        %a = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
        %i64 = arith.index_cast %i : index to i64
        %d = arith.subi %a, %i64 : i64
        %at = arith.addi %base, %i : index
        "par.store"(%d, %odd, %at) : (i64, !par.buf<i64>, index) -> ()
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.for"(%c0, %len, %c1) <{chunk = 3 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        %h = "par.load"(%acc, %i) : (!par.buf<i64>, index) -> i64
        %a = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
        %h2 = arith.muli %h, %two : i64
        %n = arith.addi %h2, %a : i64
        "par.store"(%n, %acc, %i) : (i64, !par.buf<i64>, index) -> ()
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.yield"() : () -> ()
    }) : () -> ()
  }
  %sums:3 = scf.for %i = %c0 to %c256 step %c1 iter_args(%so = %z, %sd = %z, %sa = %z) -> (i64, i64, i64) {
    %o = "par.load"(%out, %i) : (!par.buf<i64>, index) -> i64
    %d = "par.load"(%odd, %i) : (!par.buf<i64>, index) -> i64
    %in = arith.cmpi ult, %i, %c16 : index
    %k = arith.select %in, %i, %c0 : index
    %h = "par.load"(%acc, %k) : (!par.buf<i64>, index) -> i64
    %a = arith.select %in, %h, %z : i64
    %so2 = arith.addi %so, %o : i64
    %sd2 = arith.addi %sd, %d : i64
    %sa2 = arith.addi %sa, %a : i64
    scf.yield %so2, %sd2, %sa2 : i64, i64, i64
  }
  return %sums#0, %sums#1, %sums#2 : i64, i64, i64
}
