// RUN: graph-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-op-generic | graph-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @loops
func.func @loops(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i32) {
  // CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %{{.*}} : i32
  // CHECK-NEXT: scf.yield %[[S]] : i32
  // CHECK-NEXT: }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %s = arith.addi %a, %x : i32
    scf.yield %s : i32
  }
  // The empty yield is implicit.
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
  // CHECK-NEXT: }
  scf.for %i = %c0 to %n step %c1 {
  }
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
  %l = arith.constant 0 : i32
  %u = arith.constant 4 : i32
  %s = arith.constant 1 : i32
  scf.for %j = %l to %u step %s : i32 {
  }
  // CHECK: scf.while (%{{.*}} = %[[R]]) : (i32) -> i32 {
  // CHECK: scf.condition(%{{.*}}) %{{.*}} : i32
  // CHECK: } do {
  // CHECK: ^bb0(%{{.*}}: i32):
  %w = scf.while (%v = %r) : (i32) -> i32 {
    %c = arith.cmpi slt, %v, %x : i32
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%v2: i32):
    %n2 = arith.addi %v2, %x : i32
    scf.yield %n2 : i32
  }
  return %w : i32
}

// CHECK-LABEL: func.func @conditionals
func.func @conditionals(%c: i1, %x: i32) -> i32 {
  // CHECK: scf.if %{{.*}} {
  // CHECK-NOT: else
  scf.if %c {
    "test.side_effect"() : () -> ()
  }
  // CHECK: %{{.*}} = scf.if %{{.*}} -> (i32) {
  // CHECK: } else {
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @yield_attrs
// CHECK: scf.yield {test.note} %{{.*}} : i32
func.func @yield_attrs(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield {test.note} %x : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}
