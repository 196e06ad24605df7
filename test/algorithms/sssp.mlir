// Single-source shortest paths, data-driven: a node whose distance dropped
// in one round relaxes its out-edges in the next. Per node the length of a
// shortest path from the source with the edges' integer weights; -1 where
// the source does not reach. A path longer than a 64-bit integer holds is an
// error where it is found (overflow<nsw>), never a wrapped distance.
func.func @sssp(%g: !graph.graph, %source: !graph.node) -> !graph.nprop<i64> {
  %inf = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %minus1 = arith.constant -1 : i64
  %dist = graph.new_node_prop %g, %inf : !graph.nprop<i64>
  graph.store %c0, %dist[%source] : !graph.nprop<i64>
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %source, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %dv = graph.load %dist[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %w = graph.weight %g, %e
        %nd = arith.addi %dv, %w overflow<nsw> : i64
        // 2^63-1 stands for "unreached": a path of that length is refused
        // as a longer one is, never taken for no path.
        %fits = arith.cmpi ne, %nd, %inf : i64
        cf.assert %fits, "sssp: a path of 2^63-1 does not fit a 64-bit distance (that value stands for unreached)"
        %changed = graph.reduce min %nd, %dist[%u] : !graph.nprop<i64> -> i1
        scf.if %changed {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  graph.foreach %v in nodes(%g) {
    %d = graph.load %dist[%v] : !graph.nprop<i64>
    // -1 is printed for "unreached": a real distance of -1 (negative
    // weights) is refused rather than taken for no path.
    %clear = arith.cmpi ne, %d, %minus1 : i64
    cf.assert %clear, "sssp: a distance of -1 would read as unreached"
    %far = arith.cmpi eq, %d, %inf : i64
    scf.if %far {
      graph.store %minus1, %dist[%v] : !graph.nprop<i64>
    }
  }
  return %dist : !graph.nprop<i64>
}
