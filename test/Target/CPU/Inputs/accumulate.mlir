// Node loops that sum over a neighbour list into scalars of their own and
// then write the node's element (the shape `split` shares with the team
// through accumulators): integer sums, so every schedule must agree
// exactly. An add from a non-neutral start, a min, a scalar never reduced,
// a tail that also reduces into a shared scalar, and a worklist loop.
func.func @accumulate(%g: !graph.graph) -> (!graph.nprop<i64>, !graph.nprop<i64>, !graph.nprop<i64>, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %big = arith.constant 1000000 : i64
  %sums = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %mins = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %total = graph.new_scalar %c0 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    %id = graph.node_id %v
    %sum = graph.new_scalar %c5 : !graph.scalar<i64>
    %least = graph.new_scalar %big : !graph.scalar<i64>
    %kept = graph.new_scalar %c1 : !graph.scalar<i64>
    graph.foreach %u, %e in in_nbrs(%g, %v) {
      %uid = graph.node_id %u
      %x = arith.index_cast %uid : index to i64
      graph.reduce add %x, %sum : !graph.scalar<i64>
      graph.reduce min %x, %least : !graph.scalar<i64>
    }
    %s = graph.load %sum : !graph.scalar<i64>
    %m = graph.load %least : !graph.scalar<i64>
    %k = graph.load %kept : !graph.scalar<i64>
    %sk = arith.addi %s, %k : i64
    graph.store %sk, %sums[%v] : !graph.nprop<i64>
    graph.store %m, %mins[%v] : !graph.nprop<i64>
    graph.reduce add %s, %total : !graph.scalar<i64>
  }
  // Out-degrees of the nodes a worklist holds, counted edge by edge.
  %counted = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.foreach %v in nodes(%g) {
    graph.push %v, %wl : !graph.worklist<!graph.node>
  }
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %n = graph.new_scalar %c0 : !graph.scalar<i64>
      graph.foreach %w, %e in out_nbrs(%g, %v) {
        graph.reduce add %c1, %n : !graph.scalar<i64>
      }
      %d = graph.load %n : !graph.scalar<i64>
      graph.store %d, %counted[%v] : !graph.nprop<i64>
    }
  }
  %t = graph.load %total : !graph.scalar<i64>
  return %sums, %mins, %counted, %t : !graph.nprop<i64>, !graph.nprop<i64>, !graph.nprop<i64>, i64
}

// A worklist that holds each node five times: on a star (Inputs/star.el)
// split at the centre's degree, the centre tries five times for a list of
// three places (80 edges / 40 + 1) and the last two walk its list
// themselves. Every node's visits: five times its degree.
func.func @repeats(%g: !graph.graph) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %visits = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %wl = graph.new_worklist %g : !graph.worklist<!graph.node>
  graph.foreach %v in nodes(%g) {
    graph.push %v, %wl : !graph.worklist<!graph.node>
    graph.push %v, %wl : !graph.worklist<!graph.node>
    graph.push %v, %wl : !graph.worklist<!graph.node>
    graph.push %v, %wl : !graph.worklist<!graph.node>
    graph.push %v, %wl : !graph.worklist<!graph.node>
  }
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %n = graph.new_scalar %c0 : !graph.scalar<i64>
      graph.foreach %w, %e in out_nbrs(%g, %v) {
        graph.reduce add %c1, %n : !graph.scalar<i64>
      }
      %d = graph.load %n : !graph.scalar<i64>
      graph.reduce add %d, %visits[%v] : !graph.nprop<i64>
    }
  }
  return %visits : !graph.nprop<i64>
}
