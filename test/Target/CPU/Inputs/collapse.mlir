// Node loops with one neighbour loop each, the shapes loop collapsing
// takes: gathering over in-neighbours into the node's own element (one
// writer per node, a writer per edge once collapsed), over in-edges, a loop
// whose reads run once per edge once collapsed, and a filtered loop over
// out-edges collapsed because its schedule says so (the filter runs per
// edge). The last loop has two neighbour loops and keeps one thread per
// node.
func.func @collapse(%g: !graph.graph) -> (!graph.nprop<i64>, !graph.nprop<i64>, !graph.nprop<i64>, !graph.nprop<i64>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %wdeg = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in in_nbrs(%g, %v) {
      %w = graph.weight %g, %e
      graph.reduce add %w, %wdeg[%v] : !graph.nprop<i64>
    }
  }
  %srcmin = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    graph.foreach %e in in_edges(%g, %v) {
      %s = graph.src %g, %e
      %id = graph.node_id %s
      %x = arith.index_cast %id : index to i64
      %y = arith.addi %x, %c1 : i64
      graph.reduce max %y, %srcmin[%v] : !graph.nprop<i64>
    }
  }
  %reach = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %d = graph.load %wdeg[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce max %d, %reach[%u] : !graph.nprop<i64>
    }
  }
  graph.foreach %v in nodes(%g) where {
    %d = graph.load %wdeg[%v] : !graph.nprop<i64>
    %odd = arith.remsi %d, %c3 : i64
    %keep = arith.cmpi ne, %odd, %c0 : i64
    graph.yield %keep : i1
  } do {
    %d = graph.load %wdeg[%v] : !graph.nprop<i64>
    graph.foreach %e in out_edges(%g, %v) {
      %t = graph.dst %g, %e
      graph.reduce add %d, %reach[%t] : !graph.nprop<i64>
    }
  } attributes {schedule = {mapping = "edge"}}
  %deg = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce add %c1, %deg[%v] : !graph.nprop<i64>
    }
    graph.foreach %u, %e in in_nbrs(%g, %v) {
      graph.reduce add %c1, %deg[%v] : !graph.nprop<i64>
    }
  }
  return %wdeg, %srcmin, %reach, %deg : !graph.nprop<i64>, !graph.nprop<i64>, !graph.nprop<i64>, !graph.nprop<i64>
}
