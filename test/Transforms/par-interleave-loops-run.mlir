// Work-sharing loops run by each thread several iterations at a time give
// what the loops gave, for trip counts 0 to 13 (every remainder of every
// factor and team size here), lower bounds and steps other than 0 and 1,
// a loop that reads and writes the same elements (an iteration past the
// end runs the group's first again: it must read before that one writes,
// and write the same), atomic updates under a branch and a ticket whose
// number places a write (which an iteration past the end must skip, taking
// the first's ticket), and a gather into an iteration's own storage, on
// the interpreter, simulated grids and the CPU with teams of 1 to 3.
// RUN: graph-run %s --entry loops > %t.ref
// RUN: FileCheck %s --check-prefix=REF < %t.ref
// The sums of out, odd, acc, gath and list over all trip counts, the odd
// values' count and sum, and the tickets (0 + 1 + ... + 13).
// REF: # result 1 of 8
// REF-NEXT: 160243
// REF-NEXT: # result 2 of 8
// REF-NEXT: 708
// REF-NEXT: # result 3 of 8
// REF-NEXT: 80860
// REF-NEXT: # result 4 of 8
// REF-NEXT: 23046
// REF-NEXT: # result 5 of 8
// REF-NEXT: 1183
// REF-NEXT: # result 6 of 8
// REF-NEXT: 49
// REF-NEXT: # result 7 of 8
// REF-NEXT: 1253
// REF-NEXT: # result 8 of 8
// REF-NEXT: 91
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=3}))' -o %t.3.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.3.mlir
// IR-COUNT-5: par.thread_id
// IR-NOT: par.for
// RUN: graph-run %t.3.mlir --entry loops | diff %t.ref -
// RUN: graph-run %t.3.mlir --entry loops --simulate-grid 2x3x4 --shuffle 7 | diff %t.ref -
// RUN: graph-run %t.3.mlir --entry loops --simulate-grid 1x1x5 | diff %t.ref -
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=4}))' -o %t.4.mlir
// RUN: graph-run %t.4.mlir --entry loops --simulate-grid 3x2x2 --shuffle 3 | diff %t.ref -
// RUN: for t in 1 2 3; do graph-run %t.4.mlir --entry loops --backend cpu --threads $t | diff %t.ref - || exit 1; done
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=5}))' -o %t.5.mlir
// RUN: graph-run %t.5.mlir --entry loops --backend cpu --threads 3 | diff %t.ref -
// RUN: graph-run %t.5.mlir --entry loops --simulate-grid 2x1x3 | diff %t.ref -
// The CPU pipeline's form (work-sharing=true): the loops stay work-sharing,
// over groups of iterations the number of groups apart, which their
// distributions deal (blocks, chunks, guided).
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=3 work-sharing=true}))' -o %t.s3.mlir
// RUN: FileCheck %s --check-prefix=SHARED < %t.s3.mlir
// RUN: grep -c ' par.for ' %t.s3.mlir | FileCheck %s --check-prefix=LOOPS
// SHARED-NOT: par.thread_id
// LOOPS: {{^9$}}
// RUN: graph-run %t.s3.mlir --entry loops | diff %t.ref -
// RUN: graph-run %t.s3.mlir --entry loops --simulate-grid 2x3x4 --shuffle 7 | diff %t.ref -
// RUN: for t in 1 2 3; do graph-run %t.s3.mlir --entry loops --backend cpu --threads $t | diff %t.ref - || exit 1; done
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=5 work-sharing=true}))' -o %t.s5.mlir
// RUN: graph-run %t.s5.mlir --entry loops --simulate-grid 1x2x3 --shuffle 5 | diff %t.ref -
// RUN: for t in 2 3; do graph-run %t.s5.mlir --entry loops --backend cpu --threads $t | diff %t.ref - || exit 1; done

// For each trip count len in 0..14, in one team:
// - out[16 len + i] = 31 * vals[i] + vals[7 i mod 64] + len, i in 0..len;
// - odd[16 len + i] = vals[i] - i for i = 2, 5, 8, ... below len;
// - acc[i] = 2 * acc[i] + vals[i] for i in 0..len (read and written);
// - the odd vals[i] counted and summed by atomic updates under a branch,
//   and each i given a ticket by an atomic update, list[ticket] = i + len;
// - gath[16 len + i] = the sum of vals[(3 i + e) mod 64] for e below
//   vals[i] mod 5, gathered in the iteration's own storage.
// Returns the sums of out, odd, acc, gath and list, the odd values'
// count and sum, and the tickets handed out.
func.func @loops() -> (i64, i64, i64, i64, i64, i64, i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
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
  %cnt = "par.alloc"(%c4) : (index) -> !par.buf<i64>
  %gath = "par.alloc"(%c256) : (index) -> !par.buf<i64>
  %list = "par.alloc"(%c256) : (index) -> !par.buf<i64>
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
      "par.store"(%z, %gath, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.store"(%z, %list, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.for"(%c0, %c4, %c1) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%z, %cnt, %i) : (i64, !par.buf<i64>, index) -> ()
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
      // Updates, which an iteration past the end must not repeat: the odd
      // values counted (cnt[0]) and summed (cnt[1]) under a branch, and a
      // ticket (cnt[2]) whose number places the iteration in the list.
      "par.for"(%c0, %len, %c1) <{chunk = 1 : i64, dist = "dynamic"}> ({
      ^bb0(%i: index):
        %a = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
        %bit = arith.andi %a, %one : i64
        %isodd = arith.cmpi ne, %bit, %z : i64
        scf.if %isodd {
          %o1 = "par.atomic_rmw"(%one, %cnt, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
          %o2 = "par.atomic_rmw"(%a, %cnt, %c1) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
        }
        %ticket = "par.atomic_rmw"(%one, %cnt, %c2) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
        %place = arith.index_cast %ticket : i64 to index
        %i64 = arith.index_cast %i : index to i64
        %tag = arith.addi %i64, %len64 : i64
        "par.store"(%tag, %list, %place) : (i64, !par.buf<i64>, index) -> ()
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      // A gather into the iteration's own storage, then its sum written.
      "par.for"(%c0, %len, %c1) <{chunk = 2 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        %own = "par.local"() : () -> !par.buf<i64>
        "par.store"(%z, %own, %c0) : (i64, !par.buf<i64>, index) -> ()
        %v = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
        %vi = arith.index_cast %v : i64 to index
        %k = arith.remui %vi, %c5 : index
        %i3 = arith.muli %i, %c3 : index
        scf.for %e = %c0 to %k step %c1 {
          %p = arith.addi %i3, %e : index
          %q = arith.remui %p, %c64 : index
          %x = "par.load"(%vals, %q) : (!par.buf<i64>, index) -> i64
          %y = "par.load"(%own, %c0) : (!par.buf<i64>, index) -> i64
          %w = arith.addi %x, %y : i64
          "par.store"(%w, %own, %c0) : (i64, !par.buf<i64>, index) -> ()
        }
        %r = "par.load"(%own, %c0) : (!par.buf<i64>, index) -> i64
        %at = arith.addi %base, %i : index
        "par.store"(%r, %gath, %at) : (i64, !par.buf<i64>, index) -> ()
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.yield"() : () -> ()
    }) : () -> ()
  }
  %sums:5 = scf.for %i = %c0 to %c256 step %c1 iter_args(%so = %z, %sd = %z, %sa = %z, %sg = %z, %sl = %z) -> (i64, i64, i64, i64, i64) {
    %g = "par.load"(%gath, %i) : (!par.buf<i64>, index) -> i64
    %l = "par.load"(%list, %i) : (!par.buf<i64>, index) -> i64
    %sg2 = arith.addi %sg, %g : i64
    %sl2 = arith.addi %sl, %l : i64
    %o = "par.load"(%out, %i) : (!par.buf<i64>, index) -> i64
    %d = "par.load"(%odd, %i) : (!par.buf<i64>, index) -> i64
    %in = arith.cmpi ult, %i, %c16 : index
    %k = arith.select %in, %i, %c0 : index
    %h = "par.load"(%acc, %k) : (!par.buf<i64>, index) -> i64
    %a = arith.select %in, %h, %z : i64
    %so2 = arith.addi %so, %o : i64
    %sd2 = arith.addi %sd, %d : i64
    %sa2 = arith.addi %sa, %a : i64
    scf.yield %so2, %sd2, %sa2, %sg2, %sl2 : i64, i64, i64, i64, i64
  }
  %odds = "par.load"(%cnt, %c0) : (!par.buf<i64>, index) -> i64
  %oddsum = "par.load"(%cnt, %c1) : (!par.buf<i64>, index) -> i64
  %tickets = "par.load"(%cnt, %c2) : (!par.buf<i64>, index) -> i64
  return %sums#0, %sums#1, %sums#2, %sums#3, %sums#4, %odds, %oddsum, %tickets : i64, i64, i64, i64, i64, i64, i64, i64
}
