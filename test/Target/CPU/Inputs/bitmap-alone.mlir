// A count by bitmap in no loop: no loop keeps flags for it.
func.func @pair(%g: !graph.graph, %a: index, %b: index) -> index {
  %n = graph.num_nodes %g
  %u = graph.node %g, %a
  %v = graph.node %g, %b
  %c = graph.count_common %g, %u, %v, %n {intersect = "bitmap"}
  return %c : index
}
