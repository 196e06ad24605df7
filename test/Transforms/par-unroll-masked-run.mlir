// Unrolled loops with masked tails give what the loops gave, for slices of
// every length from 0 to 10 (each remainder of every factor), with sums in
// an order that tells iterations apart, on the interpreter and the CPU.
// RUN: graph-run %s --entry slices 300 > %t.ref
// RUN: FileCheck %s --check-prefix=REF < %t.ref
// REF: 0
// REF-NEXT: 383
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-unroll-masked{factor=3}))' -o %t.3.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.3.mlir
// IR: %[[C3:.*]] = arith.constant 3 : index
// IR: scf.for %{{.*}} step %[[C3]] {
// IR: %[[C6:.*]] = arith.constant 6 : index
// IR: scf.for %{{.*}} step %[[C6]] iter_args
// RUN: graph-run %t.3.mlir --entry slices 300 | diff %t.ref -
// RUN: graph-run %t.3.mlir --entry slices --simulate-grid 2x3x4 --shuffle 7 300 | diff %t.ref -
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-unroll-masked{factor=4}))' -o %t.4.mlir
// RUN: graph-run %t.4.mlir --entry slices 300 | diff %t.ref -
// RUN: graph-run %t.4.mlir --entry slices --backend cpu --threads 2 300 | diff %t.ref -
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-unroll-masked{factor=8}))' -o %t.8.mlir
// RUN: graph-run %t.8.mlir --entry slices 300 | diff %t.ref -
// RUN: graph-run %s --entry slices --backend cpu --schedule unroll=5 300 | diff %t.ref -

// out[v] = 7 * acc + h, where acc folds vals[idx[e]] for e in v..v+len
// (acc * 3 + x) and h folds vals[e] for every second e (h * 31 + x) from v,
// with len = v mod 11, cut at n.
func.func @slices(%n64: i64) -> !par.buf<i64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %seven = arith.constant 7 : i64
  %k31 = arith.constant 31 : i64
  %n = arith.index_cast %n64 : i64 to index
  %vals = "par.alloc"(%n) : (index) -> !par.buf<i64>
  %idx = "par.alloc"(%n) : (index) -> !par.buf<i32>
  %out = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 16 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %i64 = arith.index_cast %i : index to i64
      %sq = arith.muli %i64, %i64 : i64
      %v = arith.addi %sq, %one : i64
      "par.store"(%v, %vals, %i) : (i64, !par.buf<i64>, index) -> ()
      %m = arith.muli %i, %c7 : index
      %j = arith.remui %m, %n : index
      %j32 = arith.index_cast %j : index to i32
      "par.store"(%j32, %idx, %i) : (i32, !par.buf<i32>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 4 : i64, dist = "dynamic"}> ({
    ^bb0(%v: index):
      %len = arith.remui %v, %c11 : index
      %end = arith.addi %v, %len : index
      %hi = arith.minui %end, %n : index
      %acc = "par.local"() : () -> !par.buf<i64>
      "par.store"(%z, %acc, %c0) : (i64, !par.buf<i64>, index) -> ()
      scf.for %e = %v to %hi step %c1 {
        %s = "par.load"(%idx, %e) : (!par.buf<i32>, index) -> i32
        %u = arith.index_castui %s : i32 to index
        %x = "par.load"(%vals, %u) : (!par.buf<i64>, index) -> i64
        %a = "par.load"(%acc, %c0) : (!par.buf<i64>, index) -> i64
        %a3 = arith.muli %a, %three : i64
        %b = arith.addi %a3, %x : i64
        "par.store"(%b, %acc, %c0) : (i64, !par.buf<i64>, index) -> ()
      }
      %v64 = arith.index_cast %v : index to i64
      %h = scf.for %e = %v to %hi step %c2 iter_args(%a = %v64) -> (i64) {
        %x = "par.load"(%vals, %e) : (!par.buf<i64>, index) -> i64
        %a31 = arith.muli %a, %k31 : i64
        %y = arith.addi %a31, %x : i64
        scf.yield %y : i64
      }
      %r = "par.load"(%acc, %c0) : (!par.buf<i64>, index) -> i64
      %r7 = arith.muli %r, %seven : i64
      %o = arith.addi %r7, %h : i64
      "par.store"(%o, %out, %v) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  "par.free"(%vals) : (!par.buf<i64>) -> ()
  "par.free"(%idx) : (!par.buf<i32>) -> ()
  return %out : !par.buf<i64>
}
