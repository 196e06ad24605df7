// Outermost loops over all nodes or edges take guided blocks (a share of
// what is left, at least 1,024), except where a fixpoint's rounds get
// further when the blocks run in order: a loop repeated until a fixpoint
// whose iterations read what others update in the same round takes fixed
// blocks of 1,024, one at a time, and says why.
// RUN: graph-opt %s --convert-graph-to-sched | FileCheck %s
// RUN: graph-opt %s --convert-graph-to-sched='remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: graph-opt %S/../../algorithms/cc.mlir --convert-graph-to-sched='remarks=true' 2>&1 | FileCheck %s --check-prefix=CC
// RUN: graph-opt %S/../../algorithms/pr.mlir --convert-graph-to-sched='remarks=true' 2>&1 | FileCheck %s --check-prefix=PR
// A dist given as a pass option or on the loop is kept.
// RUN: graph-opt %S/../../algorithms/cc.mlir --convert-graph-to-sched='dist=guided remarks=true' 2>&1 | FileCheck %s --check-prefix=GIVEN
// RUN: sed '26s/^    }$/    } attributes {schedule = {dist = "static"}}/' %S/../../algorithms/cc.mlir | graph-opt --convert-graph-to-sched | FileCheck %s --check-prefix=STATIC

// CC: cc.mlir:17:5: remark: blocks of 1024 iterations taken one at a time, not guided: it runs once a round until a fixpoint and its iterations read what others update in the round (the reduce at {{.*}}cc.mlir:22:13 and the load at {{.*}}cc.mlir:20:13), so each block starts from the updates of those before it
// CC-NOT: remark: blocks
// CC: dist = "guided"
// CC: dist = "dynamic"
// CC-NOT: dist =

// PR-NOT: remark: blocks
// PR-COUNT-2: chunk = 1024 : i64, direction = "push", dist = "guided"

// GIVEN-NOT: remark: blocks
// GIVEN-COUNT-2: dist = "guided"
// STATIC: dist = "guided"
// STATIC: dist = "static"

// REMARK-NOT: remark: blocks
// REMARK: guided.mlir:73:5: remark: blocks of 1024 iterations taken one at a time, not guided: it runs once a round until a fixpoint and its iterations read what others update in the round (the reduce at {{.*}}guided.mlir:76:14 and the load at {{.*}}guided.mlir:74:12)
// REMARK-NOT: remark: blocks

// CHECK-LABEL: func.func @spread_once
// Updates a neighbour's element, but runs once: guided.
// CHECK: dist = "guided"
func.func @spread_once(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    %x = graph.load %p[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %c = graph.reduce min %x, %p[%u] : !graph.nprop<i64> -> i1
    }
  }
  return
}

// CHECK-LABEL: func.func @own_rounds
// Each iteration reads and updates only its own element: guided.
// CHECK: dist = "guided"
func.func @own_rounds(%g: !graph.graph, %p: !graph.nprop<i64>) {
  %false = arith.constant false
  %one = arith.constant 1 : i64
  %changed = graph.new_scalar %false : !graph.scalar<i1>
  graph.fixpoint {
    graph.store %false, %changed : !graph.scalar<i1>
    graph.foreach %v in nodes(%g) {
      %x = graph.load %p[%v] : !graph.nprop<i64>
      %y = arith.shrsi %x, %one : i64
      %c = graph.reduce min %y, %p[%v] : !graph.nprop<i64> -> i1
      graph.reduce or %c, %changed : !graph.scalar<i1>
    }
    %again = graph.load %changed : !graph.scalar<i1>
    graph.yield %again : i1
  }
  return
}

// CHECK-LABEL: func.func @spread_rounds
// CHECK: dist = "dynamic"
func.func @spread_rounds(%g: !graph.graph, %p: !graph.nprop<i64>) {
  %false = arith.constant false
  %changed = graph.new_scalar %false : !graph.scalar<i1>
  graph.fixpoint {
    graph.store %false, %changed : !graph.scalar<i1>
    graph.foreach %v in nodes(%g) {
      %x = graph.load %p[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %c = graph.reduce min %x, %p[%u] : !graph.nprop<i64> -> i1
        graph.reduce or %c, %changed : !graph.scalar<i1>
      }
    }
    %again = graph.load %changed : !graph.scalar<i1>
    graph.yield %again : i1
  }
  return
}
