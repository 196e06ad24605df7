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
      case 3 {
        %m = graph.count_common %g, %u, %v, %below {intersect = "bitmap"}
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

func.func @bitmap(%g: !graph.graph, %below: index) -> !graph.nprop<i64> {
  %how = arith.constant 3 : index
  %r = func.call @sums(%g, %below, %how) : (!graph.graph, index, index) -> !graph.nprop<i64>
  return %r : !graph.nprop<i64>
}

// Per edge u -> v, in edge order (u's edges one after the other, so a
// thread's flags keep u's list from one to the next, and hubs meet
// leaves), the common out-neighbours below `below` by bitmap.
func.func @per_edge(%g: !graph.graph, %below: index) -> !graph.eprop<i64> {
  %c0 = arith.constant 0 : i64
  %n = graph.new_edge_prop %g, %c0 : !graph.eprop<i64>
  graph.foreach %e in edges(%g) {
    %u = graph.src %g, %e
    %v = graph.dst %g, %e
    %m = graph.count_common %g, %u, %v, %below {intersect = "bitmap"}
    %m64 = arith.index_cast %m : index to i64
    graph.store %m64, %n[%e] : !graph.eprop<i64>
  }
  return %n : !graph.eprop<i64>
}

// The same by merge, for reference.
func.func @per_edge_merge(%g: !graph.graph, %below: index) -> !graph.eprop<i64> {
  %c0 = arith.constant 0 : i64
  %n = graph.new_edge_prop %g, %c0 : !graph.eprop<i64>
  graph.foreach %e in edges(%g) {
    %u = graph.src %g, %e
    %v = graph.dst %g, %e
    %m = graph.count_common %g, %u, %v, %below {intersect = "merge"}
    %m64 = arith.index_cast %m : index to i64
    graph.store %m64, %n[%e] : !graph.eprop<i64>
  }
  return %n : !graph.eprop<i64>
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

// As @merge, counting the iterations of a loop over the common
// out-neighbours instead of calling graph.count_common.
func.func @listed(%g: !graph.graph, %below: index) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %sum = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %u in nodes(%g) {
    graph.foreach %v, %e in out_nbrs(%g, %u) {
      graph.foreach %w in common_nbrs(%g, %u, %v, %below) {
        graph.reduce add %c1, %sum[%u] : !graph.nprop<i64>
      }
    }
  }
  return %sum : !graph.nprop<i64>
}

// Per node u: over u's out-edges u -> v, the sum of 3w + 1 for each common
// out-neighbour w below `below`, which tells which nodes the loop visits.
func.func @weighted(%g: !graph.graph, %below: index) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %sum = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %u in nodes(%g) {
    graph.foreach %v, %e in out_nbrs(%g, %u) {
      graph.foreach %w in common_nbrs(%g, %u, %v, %below) {
        %id = graph.node_id %w
        %i = arith.index_cast %id : index to i64
        %t = arith.muli %i, %c3 : i64
        %x = arith.addi %t, %c1 : i64
        graph.reduce add %x, %sum[%u] : !graph.nprop<i64>
      }
    }
  }
  return %sum : !graph.nprop<i64>
}

// The common out-neighbours of nodes `a` and `b` below `below` marked 1,
// by a loop of its own (a parallel one).
func.func @marked(%g: !graph.graph, %a: index, %b: index, %below: index) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %mark = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %u = graph.node %g, %a
  %v = graph.node %g, %b
  graph.foreach %w in common_nbrs(%g, %u, %v, %below) {
    graph.store %c1, %mark[%w] : !graph.nprop<i64>
  }
  return %mark : !graph.nprop<i64>
}
