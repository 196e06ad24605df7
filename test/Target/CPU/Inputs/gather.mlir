// Two loops that can be pulled: the weighted in-degree of every node, and
// per node the largest number of a node that reaches it (labels flow along
// out-edges, keeping the maximum, until nothing changes).
func.func @gather(%g: !graph.graph) -> (!graph.nprop<i64>, !graph.nprop<i64>) {
  %c0 = arith.constant 0 : i64
  %false = arith.constant false
  %deg = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %w = graph.weight %g, %e
      graph.reduce add %w, %deg[%u] : !graph.nprop<i64>
    }
  }
  %label = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %id = graph.node_id %v
    %l = arith.index_cast %id : index to i64
    graph.store %l, %label[%v] : !graph.nprop<i64>
  }
  %changed = graph.new_scalar %false : !graph.scalar<i1>
  graph.fixpoint {
    graph.store %false, %changed : !graph.scalar<i1>
    graph.foreach %v in nodes(%g) {
      %x = graph.load %label[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %c = graph.reduce max %x, %label[%u] : !graph.nprop<i64> -> i1
        graph.reduce or %c, %changed : !graph.scalar<i1>
      }
    }
    %again = graph.load %changed : !graph.scalar<i1>
    graph.yield %again : i1
  }
  return %deg, %label : !graph.nprop<i64>, !graph.nprop<i64>
}
