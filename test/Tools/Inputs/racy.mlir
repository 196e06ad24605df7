// Every node stores into its out-neighbours: a data race.
func.func @racy(%g: !graph.graph) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %p = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %id = graph.node_id %v
    %x = arith.index_cast %id : index to i64
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.store %x, %p[%u] : !graph.nprop<i64>
    }
  }
  return %p : !graph.nprop<i64>
}
