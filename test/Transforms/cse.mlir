// RUN: graph-opt %s --allow-unregistered-dialect --cse | FileCheck %s

// CHECK-LABEL: func.func @simple
// CHECK: %[[A:.*]] = arith.addi
// CHECK-NOT: arith.addi
// CHECK: return %[[A]], %[[A]]
func.func @simple(%x: i32) -> (i32, i32) {
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  return %a, %b : i32, i32
}

// Side effects are never merged.
// CHECK-LABEL: func.func @effects
// CHECK: "test.read"
// CHECK: "test.read"
func.func @effects() -> (i32, i32) {
  %a = "test.read"() : () -> i32
  %b = "test.read"() : () -> i32
  return %a, %b : i32, i32
}

// Nested regions see the enclosing expressions.
// CHECK-LABEL: func.func @nested
// CHECK: %[[C:.*]] = arith.constant 1 : i32
// CHECK: scf.if
// CHECK-NOT: arith.constant
// CHECK: "test.use"(%[[C]])
func.func @nested(%c: i1) {
  %a = arith.constant 1 : i32
  scf.if %c {
    %b = arith.constant 1 : i32
    "test.use"(%b) : (i32) -> ()
  }
  return
}

// Only dominating blocks provide replacements.
// CHECK-LABEL: func.func @cfg
// CHECK: ^bb1:
// CHECK-NEXT: arith.constant 7
// CHECK: ^bb2:
// CHECK-NEXT: arith.constant 7
func.func @cfg(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = arith.constant 7 : i32
  return %a : i32
^bb2:
  %b = arith.constant 7 : i32
  return %b : i32
}

// A commutative operation is the same with its operands swapped.
// CHECK-LABEL: func.func @commutative
// CHECK: %[[A:.*]] = arith.andi %arg0, %arg1 : i32
// CHECK-NOT: arith.andi
// CHECK: %[[S:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK: %[[T:.*]] = arith.subi %arg1, %arg0 : i32
// CHECK: return %[[A]], %[[A]], %[[S]], %[[T]]
func.func @commutative(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.andi %a, %b : i32
  %1 = arith.andi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}
