// The direction of worklist loops: `hybrid` (chosen per round) by default
// where a pulled node's scan can stop at the first in-edge that settles it,
// `push` otherwise; remarks say which and why.
// RUN: graph-opt %s --convert-graph-to-sched --split-input-file | FileCheck %s
// RUN: graph-opt %s --convert-graph-to-sched='remarks=true' --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: graph-opt %s --convert-graph-to-sched='alpha=5 beta=3' --split-input-file | FileCheck %s --check-prefix=PARAMS
// RUN: graph-opt %s --convert-graph-to-sched='direction=push' --split-input-file | FileCheck %s --check-prefix=PUSH

// CHECK-LABEL: func.func @levels
// REMARK: hybrid.mlir:[[@LINE+13]]:5: remark: direction 'hybrid': a round is pulled when its items exceed the nodes / 144 and they and their out-edges the edges / 20; a pulled node stops scanning its in-edges once the reductions at {{.*}}hybrid.mlir:[[@LINE+16]]:15 cannot change its element
// CHECK: } attributes {schedule = {alpha = 20 : i64, beta = 144 : i64, chunk = 64 : i64, direction = "hybrid", dist = "dynamic", frontier = "sparse", mapping = "thread", pushes = "buffered", reduction = "atomic"}}
// PARAMS-LABEL: func.func @levels
// PARAMS: schedule = {alpha = 5 : i64, beta = 3 : i64, chunk = 64 : i64, direction = "hybrid"
// PUSH-LABEL: func.func @levels
// PUSH: schedule = {chunk = 64 : i64, direction = "push"
func.func @levels(%g: !graph.graph, %s: !graph.node) -> !graph.nprop<i64> {
  %max = arith.constant 9223372036854775807 : i64
  %c1 = arith.constant 1 : i64
  %d = graph.new_node_prop %g, %max : !graph.nprop<i64>
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %x = graph.load %d[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %ch = graph.reduce min %c1, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %ch {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return %d : !graph.nprop<i64>
}

// -----

// CHECK-LABEL: func.func @varying
// REMARK: remark: direction 'push' in every round: the value of the reduction at {{.*}}hybrid.mlir:[[@LINE+9]]:15 may differ from one in-edge to the next
// CHECK: direction = "push"
func.func @varying(%g: !graph.graph, %d: !graph.nprop<i64>) {
  %c1 = arith.constant 1 : i64
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %x = graph.load %d[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %ch = graph.reduce min %x, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %ch {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return
}

// -----

// CHECK-LABEL: func.func @counts
// REMARK: remark: direction 'push' in every round: the 'add' reduction at {{.*}}hybrid.mlir:[[@LINE+7]]:9 is not idempotent
func.func @counts(%g: !graph.graph, %n: !graph.nprop<i64>) {
  %c1 = arith.constant 1 : i64
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        graph.reduce add %c1, %n[%u] : !graph.nprop<i64>
      }
    }
    graph.yield
  }
  return
}

// -----

// A push that does not depend on the reduction having changed the element
// would be skipped by a scan that stops early.
// CHECK-LABEL: func.func @unguarded
// REMARK: remark: direction 'push' in every round: 'graph.push' at {{.*}}hybrid.mlir:[[@LINE+10]]:11 has an effect that does not depend on a settling reduction having changed its element
func.func @unguarded(%g: !graph.graph, %d: !graph.nprop<i64>) {
  %c1 = arith.constant 1 : i64
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %ch = graph.reduce min %c1, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %ch {
        } else {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return
}

// -----

// CHECK-LABEL: func.func @edges
// REMARK: remark: direction 'push' in every round: the neighbour loop at {{.*}}hybrid.mlir:[[@LINE+6]]:7 walks edges, not out_nbrs: the node each scan settles is not named
func.func @edges(%g: !graph.graph, %d: !graph.eprop<i64>) {
  %c1 = arith.constant 1 : i64
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %e in out_edges(%g, %v) {
        graph.reduce min %c1, %d[%e] : !graph.eprop<i64>
      }
    }
    graph.yield
  }
  return
}

// -----

// CHECK-LABEL: func.func @duplicates
// REMARK: remark: direction 'push' in every round: direction 'hybrid' pulls over a bitmap: frontier 'bitmap' needs a worklist made by 'graph.new_worklist ... unique' in the same function
func.func @duplicates(%g: !graph.graph, %d: !graph.nprop<i64>) {
  %c1 = arith.constant 1 : i64
  %wl = graph.new_worklist %g : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %ch = graph.reduce min %c1, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %ch {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return
}
