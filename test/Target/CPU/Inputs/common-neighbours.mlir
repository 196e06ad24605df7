// Per node u: the sum, over u's out-edges u -> v, of the common
// out-neighbours of u and v numbered below `below` (each out-edge counts,
// parallel ones again), by each intersection method; and the number of
// distinct out-neighbours of u (u's list intersected with itself).
func.func private @sums(%g: !graph.graph, %below: index, %how: index) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %sum = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %u in nodes(%g) {
    graph.foreach %v, %e in out_nbrs(%g, %u) {
      %n = scf.index_switch %how -> index
      case 1 {
        %m = graph.count_common %g, %u, %v, %below {intersect = "merge"}
        scf.yield %m : index
      }
      case 2 {
        %m = graph.count_common %g, %u, %v, %below {intersect = "gallop"}
        scf.yield %m : index
      }
      default {
        %m = graph.count_common %g, %u, %v, %below
        scf.yield %m : index
      }
      %n64 = arith.index_cast %n : index to i64
      graph.reduce add %n64, %sum[%u] : !graph.nprop<i64>
    }
  }
  return %sum : !graph.nprop<i64>
}

func.func @merge(%g: !graph.graph, %below: index) -> !graph.nprop<i64> {
  %how = arith.constant 1 : index
  %r = func.call @sums(%g, %below, %how) : (!graph.graph, index, index) -> !graph.nprop<i64>
  return %r : !graph.nprop<i64>
}

func.func @gallop(%g: !graph.graph, %below: index) -> !graph.nprop<i64> {
  %how = arith.constant 2 : index
  %r = func.call @sums(%g, %below, %how) : (!graph.graph, index, index) -> !graph.nprop<i64>
  return %r : !graph.nprop<i64>
}

func.func @auto(%g: !graph.graph, %below: index) -> !graph.nprop<i64> {
  %how = arith.constant 0 : index
  %r = func.call @sums(%g, %below, %how) : (!graph.graph, index, index) -> !graph.nprop<i64>
  return %r : !graph.nprop<i64>
}

func.func @distinct(%g: !graph.graph) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %n = graph.num_nodes %g
  %d = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %u in nodes(%g) {
    %m = graph.count_common %g, %u, %u, %n {intersect = "gallop"}
    %m64 = arith.index_cast %m : index to i64
    graph.store %m64, %d[%u] : !graph.nprop<i64>
  }
  return %d : !graph.nprop<i64>
}
