// scf.parallel runs the same in the interpreter and in compiled code: its
// iterations in order, each reduction combining the values into the
// initial one; no iteration gives the initial values.
// RUN: graph-run %s --entry sum --backend interp 4 7 > %t.interp
// RUN: graph-run %s --entry sum --backend cpu 4 7 > %t.cpu
// RUN: graph-run %s --entry sum --backend interp 0 7 >> %t.interp
// RUN: graph-run %s --entry sum --backend cpu 0 7 >> %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: FileCheck %s --input-file=%t.cpu

// i in 0..4, j in 1, 3, 5: the sum of i * j is 6 * 9, the largest i + 1 is
// 4, the product of (i + 1) over the 12 iterations is 24^3.
// CHECK: # result 1 of 3
// CHECK-NEXT: 54
// CHECK-NEXT: # result 2 of 3
// CHECK-NEXT: 4
// CHECK-NEXT: # result 3 of 3
// CHECK-NEXT: 13824.0
// CHECK-NEXT: # result 1 of 3
// CHECK-NEXT: 0
// CHECK-NEXT: # result 2 of 3
// CHECK-NEXT: 1
// CHECK-NEXT: # result 3 of 3
// CHECK-NEXT: 1.0
func.func @sum(%n: index, %m: index) -> (i64, i64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %fone = arith.constant 1.0 : f64
  %0:3 = scf.parallel (%i, %j) = (%c0, %c1) to (%n, %m) step (%c1, %c2) init (%zero, %one, %fone) -> (i64, i64, f64) {
    %a = arith.index_cast %i : index to i64
    %b = arith.index_cast %j : index to i64
    %p = arith.muli %a, %b : i64
    %q = arith.addi %a, %one : i64
    %f = arith.sitofp %q : i64 to f64
    scf.reduce(%p, %q, %f : i64, i64, f64) {
    ^bb0(%l: i64, %r: i64):
      %s = arith.addi %l, %r : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%l: i64, %r: i64):
      %s = arith.maxsi %l, %r : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%l: f64, %r: f64):
      %s = arith.mulf %l, %r : f64
      scf.reduce.return %s : f64
    }
  }
  return %0#0, %0#1, %0#2 : i64, i64, f64
}
