// Node and edge numbers are 64-bit values until they index the graph's
// arrays: a number past 2^32 is not cut to 32 bits (which would make
// 4294967296 node 0), it is out of range, on every backend. Offsets and
// edge numbers are loaded as 64-bit words, node ids as 32-bit ones widened
// without sign, so graphs past 2^31 edges (or nodes) index correctly.
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry edge_at --backend cpu 4294967296 2>&1 | FileCheck %s --check-prefix=EDGE
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry edge_at --backend interp 4294967296 2>&1 | FileCheck %s --check-prefix=EDGE
// EDGE: error: edge 4294967296 is out of range (the graph has 48 edges)
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry node_at --backend cpu 4294967297 2>&1 | FileCheck %s --check-prefix=NODE
// RUN: not graph-run %s --graph gen:grid:rows=4,cols=4 --entry node_at --backend interp 4294967297 2>&1 | FileCheck %s --check-prefix=NODE
// NODE: error: node 4294967297 is out of range (the graph has 16 nodes)
// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=cpu --emit=llvm | FileCheck %s --check-prefix=LLVM
// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=llvm | FileCheck %s --check-prefix=LLVM
// LLVM-DAG: load i64, ptr
// LLVM-DAG: zext i32
// LLVM-NOT: sext i32 {{.*}} to i64
func.func @edge_at(%g: !graph.graph, %i: index) -> index {
  %e = graph.edge %g, %i
  %s = graph.src %g, %e
  %n = graph.node_id %s
  return %n : index
}

func.func @node_at(%g: !graph.graph, %i: index) -> index {
  %v = graph.node %g, %i
  %d = graph.out_degree %g, %v
  return %d : index
}
