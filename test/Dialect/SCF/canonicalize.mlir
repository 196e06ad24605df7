// RUN: graph-opt %s -split-input-file --allow-unregistered-dialect --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @if_true
// CHECK-NOT: scf.if
// CHECK: "test.then"
// CHECK-NOT: "test.else"
func.func @if_true() {
  %t = arith.constant true
  scf.if %t {
    "test.then"() : () -> ()
  } else {
    "test.else"() : () -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @if_false_value
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: return %[[Y]]
func.func @if_false_value(%x: i32, %y: i32) -> i32 {
  %f = arith.constant false
  %r = scf.if %f -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @zero_trips
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-NOT: scf.for
// CHECK: return %[[X]]
func.func @zero_trips(%x: i32) -> i32 {
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c1 step %c1 iter_args(%a = %x) -> (i32) {
    "test.body"() : () -> ()
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @one_trip
// CHECK-NOT: scf.for
// CHECK: %[[C:.*]] = arith.constant 2 : index
// CHECK: "test.use"(%[[C]])
func.func @one_trip() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c2 to %c3 step %c8 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// A loop whose body has side effects stays.
// CHECK-LABEL: func.func @keeps_loop
// CHECK: scf.for
func.func @keeps_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// A loop without effects and unused results is removed.
// CHECK-LABEL: func.func @dead_loop
// CHECK-NOT: scf.for
func.func @dead_loop(%n: index, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  return
}
