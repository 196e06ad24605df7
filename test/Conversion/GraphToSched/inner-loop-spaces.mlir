// A node loop whose inner loop walks no node's list (the edges, a range) is
// not split, collapsed or mapped to edges: 'split' and the collapse say why
// in a remark, mapping 'edge' leaves it thread-mapped as any loop that
// cannot take it. Empty bodies included: every pass holds on any verified
// input, not only on what canonicalization leaves.
// RUN: graph-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-sched)' | FileCheck %s
// RUN: graph-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-sched{split=2 remarks=true})' 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: graph-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-sched{mapping=edge remarks=true})' 2>&1 | FileCheck %s --check-prefix=EDGE
// RUN: graph-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-sched{dist=static chunk=1 reduction=privatize direction=pull},func.func(sched-collapse-loops{remarks=true}))' 2>&1 | FileCheck %s --check-prefix=COLLAPSE

// CHECK-LABEL: func.func @edges
// CHECK: sched.foreach %{{.*}} in nodes(
// CHECK:   sched.foreach %{{.*}} in edges(
// SPLIT: remark: not split: schedule entry 'split' needs the inner loop at {{.*}}:[[@LINE+7]]:5 to run over out_nbrs or out_edges or in_nbrs or in_edges of the outer node
// EDGE-LABEL: func.func @edges
// EDGE: } attributes {schedule = {{{.*}}mapping = "sequential"
// EDGE: } attributes {schedule = {{{.*}}mapping = "thread"
// COLLAPSE: remark: loop not collapsed: it needs the inner loop at {{.*}}:[[@LINE+3]]:5 to run over out_nbrs or out_edges or in_nbrs or in_edges of the outer node
func.func @edges(%g: !graph.graph) {
  graph.foreach %a in nodes(%g) {
    graph.foreach %b in edges(%g) {
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @range
// CHECK: sched.foreach %{{.*}} in range(
// SPLIT: remark: not split: schedule entry 'split' needs the inner loop at {{.*}}:[[@LINE+5]]:5 to run over
// COLLAPSE: remark: loop not collapsed: it needs the inner loop at {{.*}}:[[@LINE+4]]:5 to run over
func.func @range(%g: !graph.graph, %n: index) {
  %c0 = arith.constant 0 : index
  graph.foreach %a in nodes(%g) {
    graph.foreach %i in range(%c0, %n) {
    }
  }
  return
}
