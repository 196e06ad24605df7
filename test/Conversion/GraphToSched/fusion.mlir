// Bucket fusion: convert-graph-to-sched gives a loop over an ordered
// worklist's round `fusion = 1000` where its rounds can be fused (the
// round is only that loop, which writes only the key, by `reduce min`
// whose change pushes the node), marks the worklist `sched.fused_rounds`,
// and says why not elsewhere; convert-sched-to-par makes the queue
// `eager` and runs the items a thread takes for itself after its share.
// RUN: graph-opt %s --convert-graph-to-sched --split-input-file | FileCheck %s
// RUN: graph-opt %s --convert-graph-to-sched='remarks=true' --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: graph-opt %s --convert-graph-to-sched --convert-sched-to-par --split-input-file | FileCheck %s --check-prefix=PAR
// The pass option sets the threshold of the loops that can fuse (0: none).
// RUN: graph-opt %s --convert-graph-to-sched='fusion=0' --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: graph-opt %s --convert-graph-to-sched='fusion=8' --split-input-file | FileCheck %s --check-prefix=EIGHT
// OFF-NOT: fusion =
// OFF-NOT: sched.fused_rounds
// EIGHT: fusion = 8 : i64
// Run: the same distances as without fusion and as the interpreter.
// RUN: sed -n '1,/^\/\/ -----/p' %s > %t.paths.mlir
// RUN: graph-run %t.paths.mlir --entry paths --graph gen:grid:rows=2,cols=500,seed=2,weighted 0 300 > %t.interp
// RUN: graph-run %t.paths.mlir --entry paths --graph gen:grid:rows=2,cols=500,seed=2,weighted 0 300 --backend cpu --threads 2 | diff %t.interp -
// RUN: graph-run %t.paths.mlir --entry paths --graph gen:grid:rows=2,cols=500,seed=2,weighted 0 300 --backend cpu --threads 2 --schedule fusion=0 | diff %t.interp -
// RUN: graph-run %t.paths.mlir --entry paths --graph gen:grid:rows=2,cols=500,seed=2,weighted 0 300 --backend cpu --threads 1 | diff %t.interp -
// A fusion the loop cannot take is an error that says why.
// RUN: printf 'paths:0 fusion=10,pushes=direct\n' > %t.direct
// RUN: not graph-opt %t.paths.mlir --target=cpu --schedule-file %t.direct 2>&1 | FileCheck %s --check-prefix=DIRECT
// DIRECT: error: illegal schedule: bucket fusion needs pushes 'buffered': a thread places the pushes it buffered

// CHECK-LABEL: func.func @paths
// CHECK: graph.new_ordered_worklist {{.*}} {sched.fused_rounds}
// CHECK: fusion = 1000 : i64
// REMARK: fusion.mlir:[[@LINE+15]]:5: remark: bucket fusion: a thread runs the items it pushed into the round's bucket in the same round while they are fewer than 1000
// PAR-LABEL: func.func @paths
// PAR: par.ordered_queue_new {{.*}} {eager}
// PAR: par.for
// PAR: par.queue_take_own %{{.*}}, %{{.*}}
// PAR: par.queue_own_items
// PAR: par.queue_push %{{.*}}, %{{.*}} {buffered}
func.func @paths(%g: !graph.graph, %s: !graph.node, %delta: i64) -> !graph.nprop<i64> {
  %max = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %d = graph.new_node_prop %g, %max : !graph.nprop<i64>
  graph.store %c0, %d[%s] : !graph.nprop<i64>
  %wl = graph.new_ordered_worklist %g, %d, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %dv = graph.load %d[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %w = graph.weight %g, %e
        %nd = arith.addi %dv, %w : i64
        %changed = graph.reduce min %nd, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %changed {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return %d : !graph.nprop<i64>
}

// -----

// The round does more than the loop: rounds are not fused.
// CHECK-LABEL: func.func @counted
// CHECK-NOT: sched.fused_rounds
// CHECK-NOT: fusion =
// REMARK: fusion.mlir:[[@LINE+12]]:5: remark: rounds not fused: bucket fusion needs the loop to be its round's only work: 'graph.reduce' at {{.*}}fusion.mlir:[[@LINE+22]]:5 runs between rounds
func.func @counted(%g: !graph.graph, %s: !graph.node) -> i64 {
  %max = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %delta = arith.constant 4 : i64
  %d = graph.new_node_prop %g, %max : !graph.nprop<i64>
  %rounds = graph.new_scalar %c0 : !graph.scalar<i64>
  graph.store %c0, %d[%s] : !graph.nprop<i64>
  %wl = graph.new_ordered_worklist %g, %d, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %dv = graph.load %d[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %nd = arith.addi %dv, %c1 : i64
        %changed = graph.reduce min %nd, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %changed {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.reduce add %c1, %rounds : !graph.scalar<i64>
    graph.yield
  }
  %r = graph.load %rounds : !graph.scalar<i64>
  return %r : i64
}

// -----

// The loop writes another property, and a key falls without a push.
// CHECK-LABEL: func.func @marks
// CHECK-NOT: fusion =
// REMARK: fusion.mlir:[[@LINE+12]]:5: remark: rounds not fused: bucket fusion is illegal: 'graph.store' at {{.*}}fusion.mlir:[[@LINE+13]]:7 may write memory
// REMARK: fusion.mlir:[[@LINE+27]]:5: remark: rounds not fused: bucket fusion is illegal: the key falls at {{.*}}fusion.mlir:[[@LINE+31]]:20 without a push of its node
func.func @marks(%g: !graph.graph, %s: !graph.node, %seen: !graph.nprop<i64>) -> !graph.nprop<i64> {
  %max = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %delta = arith.constant 4 : i64
  %d = graph.new_node_prop %g, %max : !graph.nprop<i64>
  graph.store %c0, %d[%s] : !graph.nprop<i64>
  %wl = graph.new_ordered_worklist %g, %d, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.store %c1, %seen[%v] : !graph.nprop<i64>
      %dv = graph.load %d[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %nd = arith.addi %dv, %c1 : i64
        %changed = graph.reduce min %nd, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %changed {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  %wl2 = graph.new_ordered_worklist %g, %d, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  graph.push %s, %wl2 : !graph.worklist<!graph.node>
  graph.iterate %wl2 : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl2 : !graph.worklist<!graph.node>) {
      %dv = graph.load %d[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %nd = arith.addi %dv, %c1 : i64
        %changed = graph.reduce min %nd, %d[%u] : !graph.nprop<i64> -> i1
      }
    }
    graph.yield
  }
  return %d : !graph.nprop<i64>
}

// -----

// Every node is pushed by a parallel loop, whose threads would place the
// pushes by their keys then.
// CHECK-LABEL: func.func @seeded
// CHECK-NOT: fusion =
// REMARK: fusion.mlir:[[@LINE+14]]:5: remark: rounds not fused: bucket fusion is illegal: the push at {{.*}}fusion.mlir:[[@LINE+11]]:5 is in another loop, whose threads would place it
func.func @seeded(%g: !graph.graph) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %delta = arith.constant 4 : i64
  %d = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %wl = graph.new_ordered_worklist %g, %d, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  graph.foreach %v in nodes(%g) {
    %id = graph.node_id %v
    %i = arith.index_cast %id : index to i64
    graph.store %i, %d[%v] : !graph.nprop<i64>
    graph.push %v, %wl : !graph.worklist<!graph.node>
  }
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %dv = graph.load %d[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %nd = arith.addi %dv, %c1 : i64
        %changed = graph.reduce min %nd, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %changed {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return %d : !graph.nprop<i64>
}
