// A node or an edge made from a number is checked where it is made, in
// compiled code as in the interpreter: the same message, exit status 1,
// nothing printed, no write past a property's end.
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry mark_node --backend cpu 16 > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=NODE < %t.err
// RUN: count 0 < %t.out
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry mark_node --backend interp 16 2>&1 | FileCheck %s --check-prefix=NODE
// NODE: node-range.mlir:[[# @LINE + 19]]:8: error: node 16 is out of range (the graph has 16 nodes)
// A negative number is out of range too, and so is one in a parallel loop.
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry mark_node --backend cpu -- -1 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: node -1 is out of range (the graph has 16 nodes)
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry shift_nodes --backend cpu --threads 2 1 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry shift_nodes --backend interp 1 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: node-range.mlir:[[# @LINE + 27]]:10: error: node 16 is out of range (the graph has 16 nodes)
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry mark_edge --backend cpu 48 2>&1 | FileCheck %s --check-prefix=EDGE
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry mark_edge --backend interp 48 2>&1 | FileCheck %s --check-prefix=EDGE
// EDGE: error: edge 48 is out of range (the graph has 48 edges)
// In range, the backends agree.
// RUN: graph-run %s --graph gen:grid:rows=4,cols=4 --entry shift_nodes --backend cpu --threads 2 0 | FileCheck %s --check-prefix=IN
// RUN: graph-run %s --graph gen:grid:rows=4,cols=4 --entry shift_nodes --backend interp 0 | FileCheck %s --check-prefix=IN
// IN-COUNT-16: {{^}}1{{$}}

func.func @mark_node(%g: !graph.graph, %i: index) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %p = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %v = graph.node %g, %i
  graph.store %c1, %p[%v] : !graph.nprop<i64>
  return %p : !graph.nprop<i64>
}

// Every node `i` marks node `i + k`.
func.func @shift_nodes(%g: !graph.graph, %k: index) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %i0 = arith.constant 0 : index
  %n = graph.num_nodes %g
  %p = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %i in range(%i0, %n) {
    %j = arith.addi %i, %k : index
    %v = graph.node %g, %j
    graph.reduce add %c1, %p[%v] : !graph.nprop<i64>
  }
  return %p : !graph.nprop<i64>
}

func.func @mark_edge(%g: !graph.graph, %i: index) -> !graph.eprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %p = graph.new_edge_prop %g, %c0 : !graph.eprop<i64>
  %e = graph.edge %g, %i
  graph.store %c1, %p[%e] : !graph.eprop<i64>
  return %p : !graph.eprop<i64>
}

// A node's out-edge by position: its degree is the bound.
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry nth_out_edge --backend cpu 2 2>&1 | FileCheck %s --check-prefix=NTH
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry nth_out_edge --backend interp 2 2>&1 | FileCheck %s --check-prefix=NTH
// NTH: node-range.mlir:[[# @LINE + 11]]:8: error: out-edge 2 is out of range (the node has 2 out-edges)
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry nth_out_edge --backend cpu -- -1 2>&1 | FileCheck %s --check-prefix=NTH-NEG
// NTH-NEG: error: out-edge -1 is out of range (the node has 2 out-edges)
// RUN: graph-run %s --graph gen:grid:rows=4,cols=4 --entry nth_out_edge --backend cpu 1 | FileCheck %s --check-prefix=NTH-OK
// RUN: graph-run %s --graph gen:grid:rows=4,cols=4 --entry nth_out_edge --backend interp 1 | FileCheck %s --check-prefix=NTH-OK
// NTH-OK: {{^}}1{{$}}

// The weight of node 0's out-edge at position `i` (grid weights are 1).
func.func @nth_out_edge(%g: !graph.graph, %i: index) -> i64 {
  %c0 = arith.constant 0 : index
  %v = graph.node %g, %c0
  %e = graph.out_edge %g, %v, %i
  %w = graph.weight %g, %e
  return %w : i64
}

// And by in-edge: node 5 of the 4x4 grid has 4 in-edges, from 1, 4, 6 and 9.
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry nth_in_edge --backend cpu 4 2>&1 | FileCheck %s --check-prefix=NTH-IN
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry nth_in_edge --backend interp 4 2>&1 | FileCheck %s --check-prefix=NTH-IN
// NTH-IN: node-range.mlir:[[# @LINE + 9]]:8: error: in-edge 4 is out of range (the node has 4 in-edges)
// RUN: graph-run %s --graph gen:grid:rows=4,cols=4 --entry nth_in_edge --backend cpu 2 | FileCheck %s --check-prefix=NTH-IN-OK
// RUN: graph-run %s --graph gen:grid:rows=4,cols=4 --entry nth_in_edge --backend interp 2 | FileCheck %s --check-prefix=NTH-IN-OK
// NTH-IN-OK: {{^}}6{{$}}

// The source of node 5's in-edge at position `i`.
func.func @nth_in_edge(%g: !graph.graph, %i: index) -> index {
  %c5 = arith.constant 5 : index
  %v = graph.node %g, %c5
  %e = graph.in_edge %g, %v, %i
  %s = graph.src %g, %e
  %n = graph.node_id %s
  return %n : index
}
