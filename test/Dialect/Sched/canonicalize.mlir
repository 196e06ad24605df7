// RUN: graph-opt %s --convert-graph-to-sched --canonicalize | FileCheck %s

// sched.foreach has the loop patterns of graph.foreach: a range loop with
// no iteration goes, a filter that always holds is dropped, one that never
// holds erases the loop; a loop with work stays with its schedule.
// CHECK-LABEL: func.func @loops
// CHECK-NOT: sched.foreach %{{.*}} in range
// CHECK: sched.foreach %{{.*}} in nodes(%{{.*}}) {
// CHECK-NEXT: graph.reduce add
// CHECK-NEXT: } attributes {schedule =
// CHECK-NOT: sched.foreach
// CHECK: return
func.func @loops(%g: !graph.graph, %s: !graph.scalar<i64>) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant 1 : i64
  graph.foreach %i in range(%c4, %c2) {
    graph.reduce add %x, %s : !graph.scalar<i64>
  }
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
