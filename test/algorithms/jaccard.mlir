// Jaccard similarity along every edge: for an edge u -> v, the number of
// nodes that are out-neighbours of both u and v divided by the number that
// are out-neighbours of either, each node counted once (parallel edges
// add nothing). u has an out-neighbour, v, so the divisor is never 0.
// Run on a graph loaded with --symmetrize for the usual undirected
// neighbourhoods.
func.func @jaccard(%g: !graph.graph) -> !graph.eprop<f64> {
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %n = graph.num_nodes %g
  // Each node's distinct out-neighbours: its list met with itself.
  %size = graph.new_node_prop %g, %c0 : !graph.nprop<index>
  graph.foreach %v in nodes(%g) {
    %d = graph.count_common %g, %v, %v, %n {intersect = "merge"}
    graph.store %d, %size[%v] : !graph.nprop<index>
  }
  %sim = graph.new_edge_prop %g, %zero : !graph.eprop<f64>
  // Edges come in order of their sources: by bitmap, a thread's flags keep
  // u's list from one edge to the next, and only v's is walked (compiled
  // for the CPU; on the GPU, auto). A schedule file may say otherwise.
  graph.foreach %e in edges(%g) {
    %u = graph.src %g, %e
    %v = graph.dst %g, %e
    %both = graph.count_common %g, %u, %v, %n
    %du = graph.load %size[%u] : !graph.nprop<index>
    %dv = graph.load %size[%v] : !graph.nprop<index>
    %sum = arith.addi %du, %dv : index
    %either = arith.subi %sum, %both : index
    %b64 = arith.index_cast %both : index to i64
    %e64 = arith.index_cast %either : index to i64
    %bf = arith.sitofp %b64 : i64 to f64
    %ef = arith.sitofp %e64 : i64 to f64
    %j = arith.divf %bf, %ef : f64
    graph.store %j, %sim[%e] : !graph.eprop<f64>
  } attributes {schedule = {intersect = "bitmap"}}
  return %sim : !graph.eprop<f64>
}
