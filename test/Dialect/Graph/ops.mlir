// RUN: graph-opt %s | FileCheck %s
// RUN: graph-opt %s --mlir-print-op-generic | graph-opt | FileCheck %s
// RUN: graph-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @accessors
// CHECK-SAME: (%[[G:.*]]: !graph.graph, %[[V:.*]]: !graph.node, %[[E:.*]]: !graph.edge)
func.func @accessors(%g: !graph.graph, %v: !graph.node, %e: !graph.edge) -> (index, index, index, index, !graph.node, !graph.node, i64, i1, index, index, !graph.node, !graph.edge, !graph.edge, !graph.edge, i1) {
  // CHECK-NEXT: %{{.*}} = graph.num_nodes %[[G]]
  // CHECK-NEXT: %{{.*}} = graph.num_edges %[[G]]
  // CHECK-NEXT: %{{.*}} = graph.is_symmetric %[[G]]
  // CHECK-NEXT: %{{.*}} = graph.out_degree %[[G]], %[[V]]
  // CHECK-NEXT: %{{.*}} = graph.in_degree %[[G]], %[[V]]
  // CHECK-NEXT: %{{.*}} = graph.src %[[G]], %[[E]]
  // CHECK-NEXT: %{{.*}} = graph.dst %[[G]], %[[E]]
  // CHECK-NEXT: %{{.*}} = graph.weight %[[G]], %[[E]]
  // CHECK-NEXT: %{{.*}} = graph.has_edge %[[G]], %[[V]], %{{.*}}
  // CHECK-NEXT: %[[VI:.*]] = graph.node_id %[[V]]
  // CHECK-NEXT: %[[EI:.*]] = graph.edge_id %[[E]]
  // CHECK-NEXT: %{{.*}} = graph.node %[[G]], %[[VI]]
  // CHECK-NEXT: %{{.*}} = graph.edge %[[G]], %[[EI]] {note = "kept"}
  // CHECK-NEXT: %{{.*}} = graph.out_edge %[[G]], %[[V]], %[[EI]]
  // CHECK-NEXT: %{{.*}} = graph.in_edge %[[G]], %[[V]], %[[VI]]
  // GENERIC: "graph.is_symmetric"(%{{.*}}) : (!graph.graph) -> i1
  // GENERIC: "graph.out_degree"(%{{.*}}, %{{.*}}) : (!graph.graph, !graph.node) -> index
  // GENERIC: "graph.weight"(%{{.*}}, %{{.*}}) : (!graph.graph, !graph.edge) -> i64
  // GENERIC: "graph.out_edge"(%{{.*}}, %{{.*}}, %{{.*}}) : (!graph.graph, !graph.node, index) -> !graph.edge
  %n = graph.num_nodes %g
  %m = graph.num_edges %g
  %sym = graph.is_symmetric %g
  %od = graph.out_degree %g, %v
  %id = graph.in_degree %g, %v
  %s = graph.src %g, %e
  %d = graph.dst %g, %e
  %w = graph.weight %g, %e
  %h = graph.has_edge %g, %v, %d
  %vi = graph.node_id %v
  %ei = graph.edge_id %e
  %v2 = graph.node %g, %vi
  %e2 = graph.edge %g, %ei {note = "kept"}
  %e3 = graph.out_edge %g, %v, %ei
  %e4 = graph.in_edge %g, %v, %vi
  return %n, %m, %od, %id, %s, %d, %w, %h, %vi, %ei, %v2, %e2, %e3, %e4, %sym : index, index, index, index, !graph.node, !graph.node, i64, i1, index, index, !graph.node, !graph.edge, !graph.edge, !graph.edge, i1
}

// CHECK-LABEL: func.func @union_find
func.func @union_find(%g: !graph.graph, %a: !graph.node, %b: !graph.node) -> (!graph.node, i1) {
  // CHECK-NEXT: %[[U:.*]] = graph.new_uf %{{.*}}
  // CHECK-NEXT: %{{.*}} = graph.uf_find %[[U]], %{{.*}}
  // CHECK-NEXT: %{{.*}} = graph.uf_union %[[U]], %{{.*}}, %{{.*}}
  // GENERIC: "graph.uf_union"(%{{.*}}, %{{.*}}, %{{.*}}) : (!graph.uf, !graph.node, !graph.node) -> i1
  %u = graph.new_uf %g
  %r = graph.uf_find %u, %a
  %j = graph.uf_union %u, %a, %b
  return %r, %j : !graph.node, i1
}

// CHECK-LABEL: func.func @common
func.func @common(%g: !graph.graph, %u: !graph.node, %v: !graph.node, %b: index) -> (index, index, index) {
  // CHECK-NEXT: %{{.*}} = graph.count_common %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}{{$}}
  // CHECK-NEXT: %{{.*}} = graph.count_common %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {intersect = "merge"}
  // CHECK-NEXT: %{{.*}} = graph.count_common %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {intersect = "gallop"}
  // GENERIC: "graph.count_common"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{intersect = "merge"}> : (!graph.graph, !graph.node, !graph.node, index) -> index
  %a = graph.count_common %g, %u, %v, %b
  %m = graph.count_common %g, %u, %v, %b {intersect = "merge"}
  %x = graph.count_common %g, %u, %v, %b {intersect = "gallop"}
  return %a, %m, %x : index, index, index
}

// CHECK-LABEL: func.func @properties
func.func @properties(%g: !graph.graph, %v: !graph.node, %e: !graph.edge) -> (f64, i1, i1) {
  %c0 = arith.constant 0 : i64
  %f = arith.constant 1.5 : f64
  %t = arith.constant true
  // CHECK: %[[P:.*]] = graph.new_node_prop %[[G:.*]], %{{.*}} : !graph.nprop<f64>
  // CHECK-NEXT: %[[Q:.*]] = graph.new_edge_prop %[[G]], %{{.*}} : !graph.eprop<i64>
  // CHECK-NEXT: %[[S:.*]] = graph.new_scalar %{{.*}} : !graph.scalar<i1>
  // CHECK-NEXT: %[[X:.*]] = graph.new_node_prop %[[G]], %{{.*}} : !graph.nprop<!graph.node>
  %p = graph.new_node_prop %g, %f : !graph.nprop<f64>
  %q = graph.new_edge_prop %g, %c0 : !graph.eprop<i64>
  %s = graph.new_scalar %t : !graph.scalar<i1>
  %x = graph.new_node_prop %g, %v : !graph.nprop<!graph.node>
  // CHECK-NEXT: graph.store %{{.*}}, %[[P]][%{{.*}}] : !graph.nprop<f64>
  // CHECK-NEXT: graph.store %{{.*}}, %[[S]] : !graph.scalar<i1>
  // CHECK-NEXT: %{{.*}} = graph.load %[[P]][%{{.*}}] : !graph.nprop<f64>
  // CHECK-NEXT: %{{.*}} = graph.load %[[Q]][%{{.*}}] : !graph.eprop<i64>
  // CHECK-NEXT: %{{.*}} = graph.load %[[X]][%{{.*}}] : !graph.nprop<!graph.node>
  // CHECK-NEXT: graph.store relaxed %{{.*}}, %[[P]][%{{.*}}] {note = 2 : i64} : !graph.nprop<f64>
  // CHECK-NEXT: %{{.*}} = graph.load relaxed %[[S]] : !graph.scalar<i1>
  // GENERIC: "graph.load"(%{{.*}}, %{{.*}}) : (!graph.eprop<i64>, !graph.edge) -> i64
  // GENERIC: "graph.store"(%{{.*}}, %{{.*}}, %{{.*}}) <{relaxed}> {note = 2 : i64} : (f64, !graph.nprop<f64>, !graph.node) -> ()
  // GENERIC: "graph.load"(%{{.*}}) <{relaxed}> : (!graph.scalar<i1>) -> i1
  graph.store %f, %p[%v] : !graph.nprop<f64>
  graph.store %t, %s : !graph.scalar<i1>
  %l = graph.load %p[%v] : !graph.nprop<f64>
  %k = graph.load %q[%e] : !graph.eprop<i64>
  %y = graph.load %x[%v] : !graph.nprop<!graph.node>
  graph.store relaxed %f, %p[%v] {note = 2} : !graph.nprop<f64>
  %r = graph.load relaxed %s : !graph.scalar<i1>
  // CHECK-NEXT: graph.reduce add %{{.*}}, %[[P]][%{{.*}}] : !graph.nprop<f64>
  // CHECK-NEXT: graph.reduce mul %{{.*}}, %[[P]][%{{.*}}] : !graph.nprop<f64>
  // CHECK-NEXT: graph.reduce min %{{.*}}, %[[Q]][%{{.*}}] : !graph.eprop<i64>
  // CHECK-NEXT: %{{.*}} = graph.reduce max %{{.*}}, %[[Q]][%{{.*}}] : !graph.eprop<i64> -> i1
  // CHECK-NEXT: graph.reduce and %{{.*}}, %[[S]] : !graph.scalar<i1>
  // CHECK-NEXT: %{{.*}} = graph.reduce or %{{.*}}, %[[S]] {note = 1 : i64} : !graph.scalar<i1> -> i1
  // GENERIC: "graph.reduce"(%{{.*}}, %{{.*}}, %{{.*}}) <{kind = "max"}> : (i64, !graph.eprop<i64>, !graph.edge) -> i1
  graph.reduce add %l, %p[%v] : !graph.nprop<f64>
  graph.reduce mul %l, %p[%v] : !graph.nprop<f64>
  graph.reduce min %k, %q[%e] : !graph.eprop<i64>
  %c1 = graph.reduce max %k, %q[%e] : !graph.eprop<i64> -> i1
  graph.reduce and %t, %s : !graph.scalar<i1>
  %c2 = graph.reduce or %t, %s {note = 1} : !graph.scalar<i1> -> i1
  // CHECK-NEXT: %{{.*}} = graph.fetch_add %{{.*}}, %[[Q]][%{{.*}}] : !graph.eprop<i64>
  // GENERIC: "graph.fetch_add"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, !graph.eprop<i64>, !graph.edge) -> i64
  %ticket = graph.fetch_add %k, %q[%e] : !graph.eprop<i64>
  // CHECK-NEXT: %[[BW:.*]] = graph.new_node_prop %[[G]], %{{.*}} : !graph.nprop<i64>
  // CHECK-NEXT: %[[BE:.*]] = graph.new_node_prop %[[G]], %{{.*}} : !graph.nprop<!graph.edge>
  // CHECK-NEXT: graph.reduce_arg min %{{.*}}, %{{.*}}, %[[BW]], %[[BE]][%{{.*}}] : !graph.nprop<i64>, !graph.nprop<!graph.edge>
  // CHECK-NEXT: %{{.*}} = graph.reduce_arg max %{{.*}}, %{{.*}}, %[[BW]], %[[BE]][%{{.*}}] : !graph.nprop<i64>, !graph.nprop<!graph.edge> -> i1
  // GENERIC: "graph.reduce_arg"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{kind = "min"}> : (i64, !graph.edge, !graph.nprop<i64>, !graph.nprop<!graph.edge>, !graph.node) -> ()
  %bw = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %be = graph.new_node_prop %g, %e : !graph.nprop<!graph.edge>
  graph.reduce_arg min %k, %e, %bw, %be[%v] : !graph.nprop<i64>, !graph.nprop<!graph.edge>
  %c3 = graph.reduce_arg max %k, %e, %bw, %be[%v] : !graph.nprop<i64>, !graph.nprop<!graph.edge> -> i1
  return %l, %c1, %c3 : f64, i1, i1
}

// CHECK-LABEL: func.func @loops
func.func @loops(%g: !graph.graph, %v: !graph.node, %lo: index, %hi: index) {
  %c1 = arith.constant 1 : i64
  %sum = graph.new_scalar %c1 : !graph.scalar<i64>
  // CHECK: graph.foreach %[[A:.*]] in nodes(%[[G:.*]]) {
  // CHECK-NEXT: graph.foreach %{{.*}} in edges(%[[G]]) {
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // GENERIC: "graph.foreach"(%{{.*}}) <{space = "nodes"}> ({
  graph.foreach %a in nodes(%g) {
    graph.foreach %b in edges(%g) {
    }
  }
  // CHECK-NEXT: graph.foreach %{{.*}} in out_edges(%[[G]], %{{.*}}) {
  // CHECK: graph.foreach %{{.*}} in in_edges(%[[G]], %{{.*}}) {
  // CHECK: graph.foreach %{{.*}}, %{{.*}} in out_nbrs(%[[G]], %{{.*}}) {
  // CHECK: graph.foreach %{{.*}}, %{{.*}} in in_nbrs(%[[G]], %{{.*}}) {
  // CHECK: graph.foreach %{{.*}} in range(%{{.*}}, %{{.*}}) {
  // CHECK: graph.foreach %{{.*}} in common_nbrs(%[[G]], %{{.*}}, %{{.*}}, %{{.*}}) {
  // GENERIC: "graph.foreach"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{space = "common_nbrs"}> ({
  // GENERIC-NEXT: ^bb0(%{{.*}}: !graph.node):
  graph.foreach %e in out_edges(%g, %v) {
  }
  graph.foreach %e in in_edges(%g, %v) {
  }
  graph.foreach %u, %e in out_nbrs(%g, %v) {
  }
  graph.foreach %u, %e in in_nbrs(%g, %v) {
  }
  graph.foreach %i in range(%lo, %hi) {
  }
  graph.foreach %w in common_nbrs(%g, %v, %v, %hi) {
  }
  // A filter region comes before `do`.
  // CHECK: graph.foreach %[[U:.*]], %{{.*}} in out_nbrs(%[[G]], %{{.*}}) where {
  // CHECK-NEXT: %[[ID:.*]] = graph.node_id %[[U]]
  // CHECK-NEXT: %[[C:.*]] = arith.cmpi ult, %[[ID]], %{{.*}} : index
  // CHECK-NEXT: graph.yield %[[C]] : i1
  // CHECK-NEXT: } do {
  // CHECK-NEXT: graph.reduce add %{{.*}}, %{{.*}} : !graph.scalar<i64>
  // CHECK-NEXT: } attributes {unroll = false}
  graph.foreach %u, %e in out_nbrs(%g, %v) where {
    %id = graph.node_id %u
    %lt = arith.cmpi ult, %id, %hi : index
    graph.yield %lt : i1
  } do {
    graph.reduce add %c1, %sum : !graph.scalar<i64>
  } attributes {unroll = false}
  return
}

// CHECK-LABEL: func.func @worklists
func.func @worklists(%g: !graph.graph, %v: !graph.node) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  // CHECK: %[[WL:.*]] = graph.new_worklist %{{.*}} unique : !graph.worklist<!graph.node>
  // CHECK-NEXT: %[[WI:.*]] = graph.new_worklist %{{.*}} : !graph.worklist<i64>
  // CHECK-NEXT: graph.push %{{.*}}, %[[WL]] : !graph.worklist<!graph.node>
  // CHECK-NEXT: graph.push %{{.*}}, %[[WI]] : !graph.worklist<i64>
  // GENERIC: "graph.new_worklist"(%{{.*}}) <{unique}> : (!graph.graph) -> !graph.worklist<!graph.node>
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  %wi = graph.new_worklist %g : !graph.worklist<i64>
  graph.push %v, %wl : !graph.worklist<!graph.node>
  graph.push %c1, %wi : !graph.worklist<i64>
  // CHECK-NEXT: %[[R:.*]]:2 = graph.iterate %[[WL]] : !graph.worklist<!graph.node> iter_args(%[[X:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}) -> (i64, i64) {
  // CHECK-NEXT: graph.foreach %{{.*}} in items(%[[WL]] : !graph.worklist<!graph.node>) {
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[N:.*]] = arith.addi %[[X]], %{{.*}} : i64
  // CHECK-NEXT: graph.yield %[[N]], %[[Y]] : i64, i64
  // CHECK-NEXT: }
  %r:2 = graph.iterate %wl : !graph.worklist<!graph.node> iter_args(%x = %c0, %y = %c1) -> (i64, i64) {
    graph.foreach %u in items(%wl : !graph.worklist<!graph.node>) {
    }
    %n = arith.addi %x, %c1 : i64
    graph.yield %n, %y : i64, i64
  }
  // The empty yield is implicit.
  // CHECK: graph.iterate %[[WI]] : !graph.worklist<i64> {
  // CHECK-NEXT: }
  graph.iterate %wi : !graph.worklist<i64> {
  }
  return %r#0 : i64
}

// CHECK-LABEL: func.func @fixpoints
func.func @fixpoints(%b: i1, %x: f32) -> f32 {
  // CHECK: graph.fixpoint {
  // CHECK-NEXT: graph.yield %{{.*}} : i1
  // CHECK-NEXT: }
  // CHECK-NEXT: %{{.*}} = graph.fixpoint iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
  // CHECK-NEXT: graph.yield %{{.*}}, %[[A]] : i1, f32
  // CHECK-NEXT: }
  graph.fixpoint {
    graph.yield %b : i1
  }
  %r = graph.fixpoint iter_args(%a = %x) -> (f32) {
    graph.yield %b, %a : i1, f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @locks
func.func @locks(%g: !graph.graph, %a: !graph.node, %b: !graph.node, %e: !graph.edge) {
  // CHECK: graph.single %{{.*}}[%{{.*}}, %{{.*}}] : !graph.node {
  // CHECK-NEXT: %{{.*}} = graph.out_degree
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %{{.*}} = graph.in_degree
  // CHECK-NEXT: }
  // CHECK-NEXT: graph.single %{{.*}}[%{{.*}}] : !graph.edge {
  // CHECK-NEXT: }
  // CHECK-NOT: else
  // GENERIC: "graph.single"(%{{.*}}, %{{.*}}, %{{.*}}) ({
  graph.single %g[%a, %b] : !graph.node {
    %d = graph.out_degree %g, %a
  } else {
    %d = graph.in_degree %g, %a
  }
  graph.single %g[%e] : !graph.edge {
  }
  return
}

// CHECK-LABEL: func.func @ordered_worklist
func.func @ordered_worklist(%g: !graph.graph, %v: !graph.node, %delta: i64) {
  %c0 = arith.constant 0 : i64
  %key = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  // CHECK: %[[Q:.*]] = graph.new_ordered_worklist %{{.*}}, %{{.*}}, %{{.*}} : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  // CHECK-NEXT: graph.push %{{.*}}, %[[Q]] : !graph.worklist<!graph.node>
  // GENERIC: "graph.new_ordered_worklist"(%{{.*}}, %{{.*}}, %{{.*}}) : (!graph.graph, !graph.nprop<i64>, i64) -> !graph.worklist<!graph.node>
  %q = graph.new_ordered_worklist %g, %key, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  graph.push %v, %q : !graph.worklist<!graph.node>
  graph.iterate %q : !graph.worklist<!graph.node> {
    graph.yield
  }
  return
}
