// RUN: graph-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect | graph-opt --allow-unregistered-dialect | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Values are numbered as MLIR numbers them: a region's own values first,
// then each nested region from where its parent region ended, so sibling
// regions reuse numbers and names. Inside the custom form of an operation
// without a default dialect, `func` operations print qualified.
// CHECK-LABEL: func.func @f(%arg0: i1) -> i32 {
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %3 = func.call @g(%c0_i32) : (i32) -> i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %3 = "t.b"() : () -> i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = "t.r"() ({
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: %3 = "t.c"(%arg1) : (i32) -> i32
// CHECK-NEXT: }) : () -> i32
// CHECK-NEXT: %2 = call @g(%1) : (i32) -> i32
// CHECK-NEXT: return %2 : i32
func.func private @g(i32) -> i32
func.func @f(%c: i1) -> i32 {
  %x = scf.if %c -> (i32) {
    %z = arith.constant 0 : i32
    %a = func.call @g(%z) : (i32) -> i32
    scf.yield %a : i32
  } else {
    %z = arith.constant 0 : i32
    %b = "t.b"() : () -> i32
    scf.yield %b : i32
  }
  %r = "t.r"() ({
  ^bb0(%v: i32):
    %w = "t.c"(%v) : (i32) -> i32
  }) : () -> i32
  %y = call @g(%r) : (i32) -> i32
  return %y : i32
}

// In the generic form every number is used once: the function's values,
// then its nested regions, last first, as MLIR prints them.
// GENERIC-LABEL: sym_name = "f"
// GENERIC: %0 = "scf.if"(%arg0) ({
// GENERIC-NEXT: %6 = "arith.constant"()
// GENERIC-NEXT: %7 = "func.call"(%6)
// GENERIC: %4 = "arith.constant"()
// GENERIC-NEXT: %5 = "t.b"()
// GENERIC: %1 = "t.r"() ({
// GENERIC-NEXT: ^bb0(%arg1: i32):
// GENERIC-NEXT: %3 = "t.c"(%arg1)
