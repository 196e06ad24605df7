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

// scf.index_switch: cases in order, then the default; without results the
// yields are implicit. scf.execute_region: any number of blocks, optional
// results, `no_inline`.
// CHECK-LABEL: func.func @switch_and_region
// CHECK: %[[S:.*]] = scf.index_switch %arg0 {tag} -> i32 {{$}}
// CHECK-NEXT: case -3 {
// CHECK-NEXT: %[[A:.*]] = "test.a"() : () -> i32
// CHECK-NEXT: scf.yield %[[A]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: case 7 {
// CHECK: default {
// CHECK: scf.index_switch %arg0 {{$}}
// CHECK-NEXT: default {
// CHECK-NEXT: "test.d"() : () -> ()
// CHECK-NEXT: }
// CHECK: %[[E:.*]]:2 = scf.execute_region -> (i32, i64) no_inline {
// CHECK-NEXT: cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i64
// CHECK: } {note}
// CHECK: scf.execute_region {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
func.func @switch_and_region(%i: index, %c: i1) -> (i32, i32, i64) {
  %0 = scf.index_switch %i {tag} -> i32
  case -3 {
    %a = "test.a"() : () -> i32
    scf.yield %a : i32
  }
  case 7 {
    %b = "test.b"() : () -> i32
    scf.yield %b : i32
  }
  default {
    %d = "test.c"() : () -> i32
    scf.yield %d : i32
  }
  scf.index_switch %i
  default {
    "test.d"() : () -> ()
  }
  %1:2 = scf.execute_region -> (i32, i64) no_inline {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = "test.x"() : () -> i32
    %y = "test.y"() : () -> i64
    scf.yield %x, %y : i32, i64
  ^bb2:
    %z = "test.z"() : () -> i32
    %w = "test.w"() : () -> i64
    scf.yield %z, %w : i32, i64
  } {note}
  scf.execute_region {
    scf.yield
  }
  return %0, %1#0, %1#1 : i32, i32, i64
}

// scf.parallel with reductions, and without.
// CHECK-LABEL: func.func @parallel
// CHECK: %[[R:.*]]:2 = scf.parallel (%[[I:.*]], %[[J:.*]]) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) init (%arg3, %arg4) -> (i32, f32) {
// CHECK-NEXT: %[[X:.*]] = "test.x"(%[[I]], %[[J]])
// CHECK-NEXT: %[[Y:.*]] = "test.y"
// CHECK-NEXT: scf.reduce(%[[X]], %[[Y]] : i32, f32) {
// CHECK-NEXT: ^bb0(%[[L:.*]]: i32, %[[R2:.*]]: i32):
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[L]], %[[R2]] : i32
// CHECK-NEXT: scf.reduce.return %[[S]] : i32
// CHECK-NEXT: }, {
// CHECK: scf.reduce.return %{{.*}} : f32
// CHECK-NEXT: }
// CHECK-NEXT: } {tag}
// CHECK: scf.parallel (%{{.*}}) = (%arg0) to (%arg1) step (%arg2) {
// CHECK-NEXT: "test.z"
// CHECK-NEXT: scf.reduce {{$}}
// CHECK-NEXT: }
func.func @parallel(%lb: index, %ub: index, %s: index, %a: i32, %f: f32) -> (i32, f32) {
  %0:2 = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) init (%a, %f) -> (i32, f32) {
    %x = "test.x"(%i, %j) : (index, index) -> i32
    %y = "test.y"() : () -> f32
    scf.reduce(%x, %y : i32, f32) {
    ^bb0(%l: i32, %r: i32):
      %z = arith.addi %l, %r : i32
      scf.reduce.return %z : i32
    }, {
    ^bb0(%l: f32, %r: f32):
      %z = arith.mulf %l, %r : f32
      scf.reduce.return %z : f32
    }
  } {tag}
  scf.parallel (%k) = (%lb) to (%ub) step (%s) {
    "test.z"(%k) : (index) -> ()
  }
  return %0#0, %0#1 : i32, f32
}
