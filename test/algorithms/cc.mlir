// Connected components, edges taken as undirected: every node starts with
// its own number as label and labels flow along edges in both directions,
// keeping the minimum, until nothing changes. Two nodes share a label iff
// they are connected; the label is the smallest node number of the component.
func.func @cc(%g: !graph.graph) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %false = arith.constant false
  %label = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %id = graph.node_id %v
    %l = arith.index_cast %id : index to i64
    graph.store %l, %label[%v] : !graph.nprop<i64>
  }
  %changed = graph.new_scalar %false : !graph.scalar<i1>
  graph.fixpoint {
    graph.store %false, %changed : !graph.scalar<i1>
    graph.foreach %e in edges(%g) {
      %s = graph.src %g, %e
      %d = graph.dst %g, %e
      %ls = graph.load %label[%s] : !graph.nprop<i64>
      %ld = graph.load %label[%d] : !graph.nprop<i64>
      %c1 = graph.reduce min %ls, %label[%d] : !graph.nprop<i64> -> i1
      %c2 = graph.reduce min %ld, %label[%s] : !graph.nprop<i64> -> i1
      %c = arith.ori %c1, %c2 : i1
      graph.reduce or %c, %changed : !graph.scalar<i1>
    }
    %again = graph.load %changed : !graph.scalar<i1>
    graph.yield %again : i1
  }
  return %label : !graph.nprop<i64>
}
