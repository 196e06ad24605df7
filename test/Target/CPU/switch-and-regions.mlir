// scf.index_switch and scf.execute_region run the same in the interpreter
// and in compiled code: the first case equal to the index, else the
// default; a region of several blocks, run once, yielding from either
// branch. `no_inline` keeps the region through canonicalization; inside an
// scf.for it is lowered with the loop.
// RUN: graph-run %s --entry pick --backend interp -- -3 > %t.interp
// RUN: graph-run %s --entry pick --backend cpu -- -3 > %t.cpu
// RUN: graph-run %s --entry pick --backend interp 5 >> %t.interp
// RUN: graph-run %s --entry pick --backend cpu 5 >> %t.cpu
// RUN: graph-run %s --entry pick --backend interp 4 >> %t.interp
// RUN: graph-run %s --entry pick --backend cpu 4 >> %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: FileCheck %s --input-file=%t.cpu

// -3: case -3 (30), the region's odd branch (1), the loop sums 0+1+2 for
// cases 0..2 of its switch (10 + 11 + 0 for the default on 2).
// CHECK: # result 1 of 3
// CHECK-NEXT: 30
// CHECK-NEXT: # result 2 of 3
// CHECK-NEXT: 1
// CHECK-NEXT: # result 3 of 3
// CHECK-NEXT: 21
// 5: case 5 (50), odd branch.
// CHECK-NEXT: # result 1 of 3
// CHECK-NEXT: 50
// CHECK-NEXT: # result 2 of 3
// CHECK-NEXT: 1
// CHECK-NEXT: # result 3 of 3
// CHECK-NEXT: 21
// 4: the default (-1), even branch (2).
// CHECK-NEXT: # result 1 of 3
// CHECK-NEXT: -1
// CHECK-NEXT: # result 2 of 3
// CHECK-NEXT: 2
// CHECK-NEXT: # result 3 of 3
// CHECK-NEXT: 21
func.func @pick(%x: index) -> (i64, i64, i64) {
  %a = scf.index_switch %x -> i64
  case -3 {
    %c = arith.constant 30 : i64
    scf.yield %c : i64
  }
  case 5 {
    %c = arith.constant 50 : i64
    scf.yield %c : i64
  }
  default {
    %c = arith.constant -1 : i64
    scf.yield %c : i64
  }
  %b = scf.execute_region -> i64 no_inline {
    %c2 = arith.constant 2 : index
    %r = arith.remsi %x, %c2 : index
    %c0 = arith.constant 0 : index
    %even = arith.cmpi eq, %r, %c0 : index
    cf.cond_br %even, ^bb1, ^bb2
  ^bb1:
    %two = arith.constant 2 : i64
    scf.yield %two : i64
  ^bb2:
    %one = arith.constant 1 : i64
    scf.yield %one : i64
  }
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %st = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %lb to %ub step %st iter_args(%acc = %zero) -> (i64) {
    %v = scf.index_switch %i -> i64
    case 0 {
      %c = arith.constant 10 : i64
      scf.yield %c : i64
    }
    case 1 {
      %w = scf.execute_region -> i64 {
        %c = arith.constant 11 : i64
        cf.br ^bb1(%c : i64)
      ^bb1(%y: i64):
        scf.yield %y : i64
      }
      scf.yield %w : i64
    }
    default {
      %c = arith.constant 0 : i64
      scf.yield %c : i64
    }
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  return %a, %b, %s : i64, i64, i64
}
