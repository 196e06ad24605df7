// RUN: not graph-opt %s --convert-sched-to-par --split-input-file 2>&1 | FileCheck %s

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: 'graph.foreach' has no schedule: run convert-graph-to-sched first
func.func @unscheduled(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  }
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: 'graph.single' in a function called from a parallel loop cannot reach the round's locks; inline the call
func.func private @lock(%g: !graph.graph, %v: !graph.node) {
  graph.single %g[%v] : !graph.node {
  }
  return
}
func.func @caller(%g: !graph.graph) {
  sched.foreach %v in nodes(%g) {
    func.call @lock(%g, %v) : (!graph.graph, !graph.node) -> ()
  } attributes {schedule = {chunk = 64 : i64, direction = "push", dist = "dynamic", frontier = "sparse", mapping = "thread", pushes = "buffered", reduction = "atomic"}}
  return
}
