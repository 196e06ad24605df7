// RUN: graph-opt %s --canonicalize --split-input-file | FileCheck %s

// A range loop with no iteration goes away; one with iterations stays.
// CHECK-LABEL: func.func @empty_range
// CHECK-NEXT: %[[C:.*]] = arith.constant 4 : index
// CHECK-NEXT: arith.constant 1 : i64
// CHECK-NEXT: graph.foreach %{{.*}} in range(%{{.*}}, %[[C]]) {
// CHECK-NEXT: graph.reduce add
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @empty_range(%s: !graph.scalar<i64>, %lo: index) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant 1 : i64
  graph.foreach %i in range(%c4, %c2) {
    graph.reduce add %x, %s : !graph.scalar<i64>
  }
  graph.foreach %i in range(%c4, %c4) {
    graph.reduce add %x, %s : !graph.scalar<i64>
  }
  graph.foreach %i in range(%lo, %c4) {
    graph.reduce add %x, %s : !graph.scalar<i64>
  }
  return
}

// -----

// A filter that always holds is dropped; one that never holds erases the loop.
// CHECK-LABEL: func.func @constant_filter
// CHECK-NEXT: %{{.*}} = arith.constant 1 : i64
// CHECK-NEXT: graph.foreach %{{.*}} in nodes(%{{.*}}) {
// CHECK-NEXT: graph.reduce add
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @constant_filter(%g: !graph.graph, %s: !graph.scalar<i64>) {
  %x = arith.constant 1 : i64
  graph.foreach %v in nodes(%g) where {
    %t = arith.constant true
    graph.yield %t : i1
  } do {
    graph.reduce add %x, %s : !graph.scalar<i64>
  }
  graph.foreach %v in nodes(%g) where {
    %f = arith.constant false
    graph.yield %f : i1
  } do {
    graph.reduce add %x, %s : !graph.scalar<i64>
  }
  return
}

// -----

// A filter with side effects stays even when its result is constant.
// CHECK-LABEL: func.func @effectful_filter
// CHECK: where {
// CHECK: graph.reduce add
// CHECK: } do {
func.func @effectful_filter(%g: !graph.graph, %s: !graph.scalar<i64>) {
  %x = arith.constant 1 : i64
  graph.foreach %v in nodes(%g) where {
    graph.reduce add %x, %s : !graph.scalar<i64>
    %f = arith.constant false
    graph.yield %f : i1
  } do {
    graph.reduce add %x, %s : !graph.scalar<i64>
  }
  return
}

// -----

// An unused changed result is dropped; a used one is kept.
// CHECK-LABEL: func.func @unused_changed
// CHECK-NEXT: graph.reduce min %{{.*}}, %{{.*}}[%{{.*}}] : !graph.nprop<i64>{{$}}
// CHECK-NEXT: graph.reduce_arg max %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}[%{{.*}}] : !graph.nprop<i64>, !graph.nprop<i64>{{$}}
// CHECK-NEXT: %[[C:.*]] = graph.reduce min %{{.*}}, %{{.*}}[%{{.*}}] : !graph.nprop<i64> -> i1
// CHECK-NEXT: return %[[C]] : i1
func.func @unused_changed(%p: !graph.nprop<i64>, %q: !graph.nprop<i64>, %v: !graph.node, %x: i64) -> i1 {
  %a = graph.reduce min %x, %p[%v] : !graph.nprop<i64> -> i1
  %b = graph.reduce_arg max %x, %x, %p, %q[%v] : !graph.nprop<i64>, !graph.nprop<i64> -> i1
  %c = graph.reduce min %x, %p[%v] : !graph.nprop<i64> -> i1
  return %c : i1
}

// -----

// A fixpoint that reports no change runs once.
// CHECK-LABEL: func.func @fixpoint_once
// CHECK-NEXT: %[[S:.*]] = graph.new_scalar
// CHECK-NEXT: %[[A:.*]] = arith.addi %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: graph.reduce add %[[A]], %[[S]] : !graph.scalar<i64>
// CHECK-NEXT: return %[[A]], %[[S]] : i64, !graph.scalar<i64>
func.func @fixpoint_once(%x: i64) -> (i64, !graph.scalar<i64>) {
  %s = graph.new_scalar %x : !graph.scalar<i64>
  %r = graph.fixpoint iter_args(%a = %x) -> (i64) {
    %n = arith.addi %a, %a : i64
    graph.reduce add %n, %s : !graph.scalar<i64>
    %f = arith.constant false
    graph.yield %f, %n : i1, i64
  }
  return %r, %s : i64, !graph.scalar<i64>
}

// -----

// Containers that are written but never read go away with their writes;
// one that is read stays.
// CHECK-LABEL: func.func @write_only
// CHECK-NEXT: %[[R:.*]] = graph.new_node_prop
// CHECK-NEXT: graph.foreach %[[V:.*]] in nodes(%{{.*}}) {
// CHECK-NEXT: graph.store %{{.*}}, %[[R]][%[[V]]] : !graph.nprop<i64>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @write_only(%g: !graph.graph, %x: i64) -> !graph.nprop<i64> {
  %dead = graph.new_node_prop %g, %x : !graph.nprop<i64>
  %count = graph.new_scalar %x : !graph.scalar<i64>
  %wl = graph.new_worklist %g : !graph.worklist<!graph.node>
  %kept = graph.new_node_prop %g, %x : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    graph.store %x, %dead[%v] : !graph.nprop<i64>
    graph.reduce add %x, %count : !graph.scalar<i64>
    graph.push %v, %wl : !graph.worklist<!graph.node>
    graph.store %x, %kept[%v] : !graph.nprop<i64>
  }
  return %kept : !graph.nprop<i64>
}
