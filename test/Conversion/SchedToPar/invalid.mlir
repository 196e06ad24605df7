// RUN: not graph-opt %s --convert-sched-to-par --split-input-file 2>&1 | FileCheck %s

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: 'graph.foreach' has no schedule: run convert-graph-to-sched first
func.func @unscheduled(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  }
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:9: error: the parallel lowering needs a 'unique' worklist
func.func @duplicates(%g: !graph.graph) {
  %wl = graph.new_worklist %g : !graph.worklist<!graph.node>
  return
}
