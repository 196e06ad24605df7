// RUN: graph-opt %s -split-input-file --allow-unregistered-dialect --canonicalize | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s -split-input-file --allow-unregistered-dialect --canonicalize | FileCheck %s %}

// Constants go to the front of the function's entry block, one per value
// and type, out of loops and branches: what MLIR's canonicalizer does.
// CHECK-LABEL: func.func @hoist_and_merge
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: "test.first"
// CHECK-NEXT: scf.for %{{.*}} = %[[C0]] to %arg0 step %[[C1]] {
// CHECK-NEXT: "test.use"(%[[C2]], %[[C2]])
// CHECK-NEXT: }
// CHECK-NEXT: "test.use"(%[[C2]], %[[C1]])
func.func @hoist_and_merge(%n: index) {
  "test.first"() : () -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.constant 2 : i32
    %b = arith.constant 2 : i32
    "test.use"(%a, %b) : (i32, i32) -> ()
  }
  %c = arith.constant 2 : i32
  %one = arith.constant 1 : index
  "test.use"(%c, %one) : (i32, index) -> ()
  return
}

// -----

// Constants already leading the block keep their order; equal values of
// different types stay apart.
// CHECK-LABEL: func.func @leading_constants
// CHECK-NEXT: %[[A:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[B:.*]] = arith.constant 1 : i64
// CHECK-NEXT: "test.use"(%[[A]], %[[B]], %[[A]])
func.func @leading_constants() {
  %a = arith.constant 1 : i32
  %b = arith.constant 1 : i64
  %c = arith.constant 1 : i32
  "test.use"(%a, %b, %c) : (i32, i64, i32) -> ()
  return
}

// -----

// A region of an operation isolated from above keeps its own constants.
// CHECK-LABEL: func.func @outer
// CHECK-NEXT: %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT: "test.use"(%[[C]])
// CHECK-LABEL: func.func @inner
// CHECK-NEXT: %[[D:.*]] = arith.constant 5 : i32
// CHECK-NEXT: "test.use"(%[[D]])
func.func @outer() {
  %c = arith.constant 5 : i32
  "test.use"(%c) : (i32) -> ()
  return
}
func.func @inner() {
  %c = arith.constant 5 : i32
  "test.use"(%c) : (i32) -> ()
  return
}

// -----

// An unregistered operation might be isolated from above: the constants of
// its region stay in its region, as MLIR's folder keeps them.
// CHECK-LABEL: func.func @unregistered_region
// CHECK-NEXT: "xyz.region"() ({
// CHECK-NEXT: arith.constant 2 : i32
func.func @unregistered_region(%a: i32) -> i32 {
  %0 = "xyz.region"() ({
    %one = arith.constant 1 : i32
    %two = arith.addi %one, %one : i32
    "xyz.yield"(%two) : (i32) -> ()
  }) : () -> (i32)
  return %0 : i32
}
