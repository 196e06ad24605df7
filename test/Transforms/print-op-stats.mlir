// RUN: graph-opt %s --pass-pipeline='builtin.module(print-op-stats)' 2>&1 >/dev/null | FileCheck %s
// RUN: graph-opt %s --pass-pipeline='builtin.module(canonicalize,print-op-stats)' 2>&1 >/dev/null | FileCheck %s --check-prefix=FOLDED
// The IR is unchanged.
// RUN: graph-opt %s --pass-pipeline='builtin.module(print-op-stats)' 2>/dev/null > %t.after
// RUN: graph-opt %s > %t.before
// RUN: diff %t.before %t.after

// CHECK: Operations encountered:
// CHECK-NEXT: -----------------------
// CHECK-NEXT: arith.addi , 2
// CHECK-NEXT: arith.constant , 1
// CHECK-NEXT: func.func , 1
// CHECK-NEXT: func.return , 1
// CHECK-NEXT: total , 5
// FOLDED: arith.addi , 1
// FOLDED: total , 3
func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %a = arith.addi %x, %c0 : i32
  %b = arith.addi %a, %a : i32
  return %b : i32
}
