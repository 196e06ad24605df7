// RUN: graph-opt %s --pass-pipeline='builtin.module(convert-graph-to-sched,func.func(sched-collapse-loops))' | FileCheck %s
// RUN: graph-opt %s --pass-pipeline='builtin.module(convert-graph-to-sched,func.func(sched-collapse-loops{remarks=true}))' --verify-diagnostics > /dev/null
// RUN: graph-opt %s --pass-pipeline='builtin.module(convert-graph-to-sched,func.func(sched-collapse-loops))' --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS: 'sched-collapse-loops'
// STATS-NEXT: (3) loops collapsed
// STATS-NEXT: (6) loops kept
// Collapsing twice changes nothing more.
// RUN: graph-opt %s --pass-pipeline='builtin.module(convert-graph-to-sched,func.func(sched-collapse-loops))' > %t.once
// RUN: graph-opt %t.once --pass-pipeline='builtin.module(func.func(sched-collapse-loops))' | diff %t.once -
// Lowered: the node's own element is reduced without atomics while one
// thread runs the node, with atomics once every edge is an iteration.
// RUN: graph-opt %s --pass-pipeline='builtin.module(convert-graph-to-sched,convert-sched-to-par)' | FileCheck %s --check-prefix=THREAD
// RUN: graph-opt %s --pass-pipeline='builtin.module(convert-graph-to-sched,func.func(sched-collapse-loops),convert-sched-to-par)' | FileCheck %s --check-prefix=EDGE
// RUN: not graph-opt %s --pass-pipeline='builtin.module(func.func(sched-collapse-loops{remarks=maybe}))' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: invalid value for option 'remarks' of pass 'sched-collapse-loops': expected 'true' or 'false', got 'maybe'

// CHECK-LABEL: func.func @in_degree
// CHECK: mapping = "edge"
// THREAD-LABEL: func.func @in_degree
// THREAD: par.graph_size %arg0 {of = "nodes"}
// THREAD-NOT: par.atomic_rmw
// THREAD: par.store %{{.*}}, %arg1, %{{.*}} {atomic}
// THREAD: return
// EDGE-LABEL: func.func @in_degree
// EDGE: %[[TGT:.*]] = par.graph_array %arg0 {array = "out_targets"}
// EDGE: par.graph_size %arg0 {of = "edges"}
// EDGE: %[[T:.*]] = par.load %[[TGT]], %arg2
// EDGE: %[[V:.*]] = arith.index_castui %[[T]]
// EDGE: par.atomic_rmw %{{.*}}, %arg1, %[[V]] {kind = "add"}
// EDGE: return
func.func @in_degree(%g: !graph.graph, %deg: !graph.nprop<i64>) {
  %c1 = arith.constant 1 : i64
  // expected-remark@+1 {{loop collapsed into one loop over the edges; the reductions into the node's element at}}
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in in_nbrs(%g, %v) {
      graph.reduce add %c1, %deg[%v] : !graph.nprop<i64>
    }
  }
  return
}

// Reads run once per edge; reductions at the neighbour were atomic
// already.
// CHECK-LABEL: func.func @relax
// CHECK: mapping = "edge"
// EDGE-LABEL: func.func @relax
// EDGE: par.graph_array %arg0 {array = "edge_sources"}
// EDGE: par.graph_size %arg0 {of = "edges"}
// EDGE: par.atomic_rmw %{{.*}}, %arg1, %{{.*}} {kind = "min"}
// EDGE: return
func.func @relax(%g: !graph.graph, %dist: !graph.nprop<i64>, %w: !graph.eprop<i64>) {
  // expected-remark@+1 {{loop collapsed into one loop over the edges}}
  graph.foreach %v in nodes(%g) {
    %dv = graph.load %dist[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %we = graph.load %w[%e] : !graph.eprop<i64>
      %nd = arith.addi %dv, %we : i64
      graph.reduce min %nd, %dist[%u] : !graph.nprop<i64>
    }
  }
  return
}

// CHECK-LABEL: func.func @explicit_edge
// CHECK: mapping = "edge"
func.func @explicit_edge(%g: !graph.graph, %n: !graph.nprop<i64>) {
  %c1 = arith.constant 1 : i64
  // expected-remark@+1 {{loop collapsed}}
  graph.foreach %v in nodes(%g) {
    graph.foreach %e in out_edges(%g, %v) {
      %t = graph.dst %g, %e
      graph.reduce add %c1, %n[%t] : !graph.nprop<i64>
    }
  } attributes {schedule = {dist = "static"}}
  return
}

// Loops that stay one thread per node.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: mapping = "edge"
// CHECK: return
func.func @kept(%g: !graph.graph, %deg: !graph.nprop<i64>, %wl: !graph.worklist<!graph.node>, %s: !graph.scalar<i64>) {
  %c1 = arith.constant 1 : i64
  // expected-remark@+1 {{loop not collapsed: it needs one neighbour loop in the body; the loop at}}
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce add %c1, %deg[%v] : !graph.nprop<i64>
    }
    graph.foreach %u, %e in in_nbrs(%g, %v) {
      graph.reduce add %c1, %deg[%v] : !graph.nprop<i64>
    }
  }
  // expected-remark@+1 {{loop not collapsed: it needs a loop over nodes(...)}}
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce add %c1, %deg[%u] : !graph.nprop<i64>
    }
  }
  // expected-remark@+1 {{loop not collapsed: it needs a body of operations that only read and one neighbour loop; 'graph.new_scalar' at}}
  graph.foreach %v in nodes(%g) {
    %sum = graph.new_scalar %c1 : !graph.scalar<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce add %c1, %sum : !graph.scalar<i64>
    }
  }
  // expected-remark@+1 {{loop not collapsed: it needs a neighbour loop in the body}}
  graph.foreach %v in nodes(%g) {
    graph.reduce add %c1, %deg[%v] : !graph.nprop<i64>
  }
  // A filter would be tested per edge (a traversal's level selects few nodes).
  // expected-remark@+1 {{loop not collapsed: it has a filter, which would run once per edge instead of once per node}}
  graph.foreach %v in nodes(%g) where {
    %d = graph.load %deg[%v] : !graph.nprop<i64>
    %big = arith.cmpi sgt, %d, %c1 : i64
    graph.yield %big : i1
  } do {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce add %c1, %deg[%u] : !graph.nprop<i64>
    }
  }
  // expected-remark@+1 {{loop not collapsed: it would give the outer node's element several writers: the store at}}
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.store %c1, %deg[%v] : !graph.nprop<i64>
    }
  }
  return
}
