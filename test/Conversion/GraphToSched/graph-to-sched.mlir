// RUN: graph-opt %s --convert-graph-to-sched --split-input-file | FileCheck %s
// RUN: graph-opt %s --convert-graph-to-sched='dist=static chunk=8' --split-input-file | FileCheck %s --check-prefix=OPT

// Outermost loops run on threads with dynamic chunks; nested loops run on
// the enclosing thread.
// CHECK-LABEL: func.func @nested
// CHECK: sched.foreach %{{.*}} in nodes(
// CHECK:   sched.foreach %{{.*}}, %{{.*}} in out_nbrs(
// CHECK:   } attributes {schedule = {chunk = 1 : i64, dist = "static", mapping = "sequential", reduction = "atomic"}}
// CHECK: } attributes {schedule = {chunk = 64 : i64, dist = "dynamic", mapping = "thread", reduction = "atomic"}}
// OPT-LABEL: func.func @nested
// OPT: } attributes {schedule = {chunk = 1 : i64, dist = "static", mapping = "sequential", reduction = "atomic"}}
// OPT: } attributes {schedule = {chunk = 8 : i64, dist = "static", mapping = "thread", reduction = "atomic"}}
func.func @nested(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %x = graph.load %p[%u] : !graph.nprop<i64>
      graph.reduce min %x, %p[%v] : !graph.nprop<i64>
    }
  }
  return
}

// -----

// A scalar only reduced in the loop is privatized; one that is also read is not.
// CHECK-LABEL: func.func @reductions
// CHECK: reduction = "privatize"
// CHECK: reduction = "atomic"
func.func @reductions(%g: !graph.graph) -> i64 {
  %c1 = arith.constant 1 : i64
  %s = graph.new_scalar %c1 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    graph.reduce add %c1, %s : !graph.scalar<i64>
  }
  graph.foreach %v in nodes(%g) {
    %changed = graph.reduce max %c1, %s : !graph.scalar<i64> -> i1
  }
  %r = graph.load %s : !graph.scalar<i64>
  return %r : i64
}

// -----

// A schedule written on the loop wins over the defaults and the options;
// attributes other than the schedule stay.
// CHECK-LABEL: func.func @user_schedule
// CHECK: } attributes {note = "kept", schedule = {chunk = 1024 : i64, dist = "dynamic", mapping = "edge", reduction = "atomic"}}
// OPT-LABEL: func.func @user_schedule
// OPT: schedule = {chunk = 1024 : i64, dist = "static", mapping = "edge", reduction = "atomic"}
func.func @user_schedule(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %one = arith.constant 1 : i64
      graph.reduce add %one, %p[%u] : !graph.nprop<i64>
    }
  } attributes {note = "kept", schedule = {mapping = "edge", chunk = 1024}}
  return
}

// -----

// Loops in a function called from a parallel loop run sequentially.
// CHECK-LABEL: func.func private @helper
// CHECK: mapping = "sequential"
func.func private @helper(%g: !graph.graph, %v: !graph.node, %p: !graph.nprop<i64>) {
  graph.foreach %u, %e in out_nbrs(%g, %v) {
    %one = arith.constant 1 : i64
    graph.reduce add %one, %p[%u] : !graph.nprop<i64>
  }
  return
}
func.func @caller(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    func.call @helper(%g, %v, %p) : (!graph.graph, !graph.node, !graph.nprop<i64>) -> ()
  }
  return
}
