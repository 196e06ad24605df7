// PageRank pushed: the corpus's PageRank (test/algorithms/pr.mlir) with the
// gather turned around, each node adding its contribution to its
// out-neighbours' sums. The scatter is a loop over nodes whose body is one
// neighbour loop, the shape loop collapsing takes (`--schedule
// mapping=edge`); docs/performance.md measures it on the GPU. Run it as
// the corpus's `pr`: `graph-bench --corpus examples/pr-push --algorithms pr`.
func.func @pr(%g: !graph.graph, %iterations: i64, %damping: f64) -> !graph.nprop<f64> {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %nidx = graph.num_nodes %g
  %ni = arith.index_cast %nidx : index to i64
  %n = arith.sitofp %ni : i64 to f64
  %init = arith.divf %one, %n : f64
  %oneminus = arith.subf %one, %damping : f64
  %base = arith.divf %oneminus, %n : f64
  %rank = graph.new_node_prop %g, %init : !graph.nprop<f64>
  %contrib = graph.new_node_prop %g, %zero : !graph.nprop<f64>
  %sums = graph.new_node_prop %g, %zero : !graph.nprop<f64>
  %lo = arith.index_cast %c0 : i64 to index
  %hi = arith.index_cast %iterations : i64 to index
  %step = arith.constant 1 : index
  scf.for %k = %lo to %hi step %step {
    graph.foreach %u in nodes(%g) {
      %r = graph.load %rank[%u] : !graph.nprop<f64>
      %deg = graph.out_degree %g, %u
      %degi = arith.index_cast %deg : index to i64
      %degf = arith.sitofp %degi : i64 to f64
      %c = arith.divf %r, %degf : f64
      graph.store %c, %contrib[%u] : !graph.nprop<f64>
      graph.store %zero, %sums[%u] : !graph.nprop<f64>
    }
    graph.foreach %u in nodes(%g) {
      graph.foreach %v, %e in out_nbrs(%g, %u) {
        %c = graph.load %contrib[%u] : !graph.nprop<f64>
        graph.reduce add %c, %sums[%v] : !graph.nprop<f64>
      }
    }
    graph.foreach %v in nodes(%g) {
      %s = graph.load %sums[%v] : !graph.nprop<f64>
      %ds = arith.mulf %damping, %s : f64
      %nr = arith.addf %base, %ds : f64
      graph.store %nr, %rank[%v] : !graph.nprop<f64>
    }
  }
  return %rank : !graph.nprop<f64>
}
