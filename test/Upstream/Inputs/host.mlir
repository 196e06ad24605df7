// A host for programs exported with --emit=upstream-mlir
// (test/Upstream/emit-upstream-mlir.mlir): the graph of small.wel as memrefs
// in the order the export gives a graph's arguments (node count, edge count,
// whether it is symmetric, out_offsets, out_targets, in_offsets, in_sources, in_edges, edge_sources,
// weights, nodes_by_out_degree, nodes_by_in_degree); BFS and SSSP from node 0, CC, MIS, MST, TC, the test's own
// @kinds(10), then BC from node 0 and PR (10 iterations, damping 0.85), one
// value a line, as graph-run prints them (floats with printF64's six digits).
memref.global "private" constant @out_offsets : memref<7xi64> = dense<[0, 2, 3, 4, 5, 5, 6]>
memref.global "private" constant @out_targets : memref<6xi32> = dense<[1, 2, 3, 3, 4, 0]>
memref.global "private" constant @in_offsets : memref<7xi64> = dense<[0, 1, 2, 3, 5, 6, 6]>
memref.global "private" constant @in_sources : memref<6xi32> = dense<[5, 0, 0, 1, 2, 3]>
memref.global "private" constant @in_edges : memref<6xi64> = dense<[5, 0, 1, 2, 3, 4]>
memref.global "private" constant @edge_sources : memref<6xi32> = dense<[0, 0, 1, 2, 3, 5]>
memref.global "private" constant @weights : memref<6xi64> = dense<[4, 1, 1, 5, 2, 3]>
memref.global "private" constant @nodes_by_out_degree : memref<6xi32> = dense<[4, 1, 2, 3, 5, 0]>
memref.global "private" constant @nodes_by_in_degree : memref<6xi32> = dense<[5, 0, 1, 2, 4, 3]>
func.func private @bfs(index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>, index) -> memref<?xi64>
func.func private @sssp(index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>, index) -> memref<?xi64>
func.func private @cc(index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>) -> memref<?xi64>
func.func private @bc(index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>, index) -> memref<?xf64>
func.func private @pr(index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>, i64, f64) -> memref<?xf64>
func.func private @mis(index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>) -> memref<?xi64>
func.func private @mst(index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>) -> i64
func.func private @tc(index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>) -> i64
func.func private @kinds(index) -> memref<?xi64>
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @print(%values: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %values, %c0 : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %values[%i] : memref<?xi64>
    func.call @printI64(%v) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %values : memref<?xi64>
  return
}

func.func private @print_floats(%values: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %values, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %values[%i] : memref<?xf64>
    func.call @printF64(%v) : (f64) -> ()
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %values : memref<?xf64>
  return
}

func.func private @print_one(%value: i64) {
  func.call @printI64(%value) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %nodes = arith.constant 6 : index
  %edges = arith.constant 6 : index
  %symmetric = arith.constant false
  %0 = memref.get_global @out_offsets : memref<7xi64>
  %out_offsets = memref.cast %0 : memref<7xi64> to memref<?xi64>
  %1 = memref.get_global @out_targets : memref<6xi32>
  %out_targets = memref.cast %1 : memref<6xi32> to memref<?xi32>
  %2 = memref.get_global @in_offsets : memref<7xi64>
  %in_offsets = memref.cast %2 : memref<7xi64> to memref<?xi64>
  %3 = memref.get_global @in_sources : memref<6xi32>
  %in_sources = memref.cast %3 : memref<6xi32> to memref<?xi32>
  %4 = memref.get_global @in_edges : memref<6xi64>
  %in_edges = memref.cast %4 : memref<6xi64> to memref<?xi64>
  %5 = memref.get_global @edge_sources : memref<6xi32>
  %edge_sources = memref.cast %5 : memref<6xi32> to memref<?xi32>
  %6 = memref.get_global @weights : memref<6xi64>
  %weights = memref.cast %6 : memref<6xi64> to memref<?xi64>
  %7 = memref.get_global @nodes_by_out_degree : memref<6xi32>
  %by_out = memref.cast %7 : memref<6xi32> to memref<?xi32>
  %8 = memref.get_global @nodes_by_in_degree : memref<6xi32>
  %by_in = memref.cast %8 : memref<6xi32> to memref<?xi32>
  %levels = func.call @bfs(%nodes, %edges, %symmetric, %out_offsets, %out_targets, %in_offsets, %in_sources, %in_edges, %edge_sources, %weights, %by_out, %by_in, %c0)
      : (index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>, index) -> memref<?xi64>
  func.call @print(%levels) : (memref<?xi64>) -> ()
  %distances = func.call @sssp(%nodes, %edges, %symmetric, %out_offsets, %out_targets, %in_offsets, %in_sources, %in_edges, %edge_sources, %weights, %by_out, %by_in, %c0)
      : (index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>, index) -> memref<?xi64>
  func.call @print(%distances) : (memref<?xi64>) -> ()
  %components = func.call @cc(%nodes, %edges, %symmetric, %out_offsets, %out_targets, %in_offsets, %in_sources, %in_edges, %edge_sources, %weights, %by_out, %by_in)
      : (index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>) -> memref<?xi64>
  func.call @print(%components) : (memref<?xi64>) -> ()
  %independent = func.call @mis(%nodes, %edges, %symmetric, %out_offsets, %out_targets, %in_offsets, %in_sources, %in_edges, %edge_sources, %weights, %by_out, %by_in) : (index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>) -> memref<?xi64>
  func.call @print(%independent) : (memref<?xi64>) -> ()
  %forest = func.call @mst(%nodes, %edges, %symmetric, %out_offsets, %out_targets, %in_offsets, %in_sources, %in_edges, %edge_sources, %weights, %by_out, %by_in) : (index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>) -> i64
  func.call @print_one(%forest) : (i64) -> ()
  %triangles = func.call @tc(%nodes, %edges, %symmetric, %out_offsets, %out_targets, %in_offsets, %in_sources, %in_edges, %edge_sources, %weights, %by_out, %by_in) : (index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>) -> i64
  func.call @print_one(%triangles) : (i64) -> ()
  %c10 = arith.constant 10 : index
  %kinds = func.call @kinds(%c10) : (index) -> memref<?xi64>
  func.call @print(%kinds) : (memref<?xi64>) -> ()
  %centrality = func.call @bc(%nodes, %edges, %symmetric, %out_offsets, %out_targets, %in_offsets, %in_sources, %in_edges, %edge_sources, %weights, %by_out, %by_in, %c0) : (index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>, index) -> memref<?xf64>
  func.call @print_floats(%centrality) : (memref<?xf64>) -> ()
  %iterations = arith.constant 10 : i64
  %damping = arith.constant 0.85 : f64
  %ranks = func.call @pr(%nodes, %edges, %symmetric, %out_offsets, %out_targets, %in_offsets, %in_sources, %in_edges, %edge_sources, %weights, %by_out, %by_in, %iterations, %damping) : (index, index, i1, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>, i64, f64) -> memref<?xf64>
  func.call @print_floats(%ranks) : (memref<?xf64>) -> ()
  // lli's exit status is what main returns.
  %status = arith.constant 0 : i32
  return %status : i32
}
