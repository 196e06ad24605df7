// RUN: graph-opt %s --allow-unregistered-dialect --cse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s --allow-unregistered-dialect --cse | FileCheck %s %}

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
// CHECK: "test.use"(%[[C]])
func.func @nested(%c: i1) {
  %a = arith.constant 1 : i32
  scf.if %c {
    %b = arith.constant 1 : i32
    "test.use"(%b) : (i32) -> ()
  }
  "test.use"(%a) : (i32) -> ()
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

// An operation without effects whose results are unused is erased.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: return %arg0
func.func @dead(%x: i32) -> i32 {
  %a = arith.muli %x, %x : i32
  %b = arith.constant 3 : i32
  return %x : i32
}

// Operations with regions merge when their regions are the same operation
// by operation (values defined inside matched by position), ...
// CHECK-LABEL: func.func @regions
// CHECK: %[[IF:.*]] = scf.if
// CHECK: scf.if
// CHECK-NOT: scf.if
// CHECK: return %[[IF]], %[[IF]], %{{.*}}
func.func @regions(%c: i1, %x: i32) -> (i32, i32, i32) {
  %0 = scf.if %c -> (i32) {
    %y = arith.muli %x, %x : i32
    scf.yield %y : i32
  } else {
    scf.yield %x : i32
  }
  %1 = scf.if %c -> (i32) {
    %z = arith.muli %x, %x : i32
    scf.yield %z : i32
  } else {
    scf.yield %x : i32
  }
  %2 = scf.if %c -> (i32) {
    %z = arith.muli %x, %x : i32
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  return %0, %1, %2 : i32, i32, i32
}

// ... but not when a region holds an effect, or when their block
// arguments differ.
// CHECK-LABEL: func.func @regions_kept
// CHECK-COUNT-2: scf.if
// CHECK-COUNT-2: scf.for
func.func @regions_kept(%c: i1, %x: i32, %n: index) -> (i32, i32, i32, i32) {
  %0 = scf.if %c -> (i32) {
    "test.effect"() : () -> ()
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  %1 = scf.if %c -> (i32) {
    "test.effect"() : () -> ()
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %s = arith.addi %a, %x : i32
    scf.yield %s : i32
  }
  %3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %s = arith.addi %x, %x : i32
    scf.yield %s : i32
  }
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// The regions of an unregistered operation (which may be isolated from
// above) start a scope of their own.
// CHECK-LABEL: func.func @unregistered_region
// CHECK: "test.region"() ({
// CHECK-NEXT: arith.constant 5
func.func @unregistered_region() -> i32 {
  %a = arith.constant 5 : i32
  "test.region"() ({
    %b = arith.constant 5 : i32
    "test.use"(%b) : (i32) -> ()
  }) : () -> ()
  return %a : i32
}
