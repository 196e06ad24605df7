// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=1}))' 2>/dev/null | FileCheck %s

// One sweep of the greedy driver already removes what a fold leaves dead:
// the select folds to its arm, then the comparison, the constants only it
// used and the `andi` go in the same sweep, as in MLIR's driver.
// CHECK-LABEL: func.func @dead_after_fold
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : i8
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i8
// CHECK-NEXT: return %[[C16]], %[[C7]] : i8, i8
func.func @dead_after_fold(%a: i8, %b: i8) -> (i8, i8) {
  %v0 = arith.constant -128 : i8
  %v1 = arith.andi %b, %v0 : i8
  %v4 = arith.constant -1 : i8
  %v8 = arith.cmpi ult, %v0, %v4 : i8
  %v12 = arith.constant -1 : i8
  %v13 = arith.constant 7 : i8
  %v15 = arith.select %v8, %v13, %v1 : i8
  %v23 = arith.constant 16 : i8
  return %v23, %v15 : i8, i8
}
