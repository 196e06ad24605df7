// Single-source shortest paths in distance order (Δ-stepping): the nodes
// whose distance dropped wait in an ordered worklist, in the bucket of
// their distance divided by `delta`; each round relaxes the out-edges of
// the nodes of the lowest bucket, and a node whose distance drops into
// that bucket comes back in the next round. Nodes then relax their edges
// about once each, where `sssp` (relax whatever changed, every round) may
// relax a node again for every shorter path it finds. The same result as
// `sssp`: per node the length of a shortest path from the source, -1 where
// the source does not reach; a path longer than a 64-bit integer holds is
// an error where it is found. `delta` trades the two: small, few
// relaxations and many buckets (each a few rounds); large, the other way
// round. It must be positive.
func.func @sssp_delta(%g: !graph.graph, %source: !graph.node, %delta: i64) -> !graph.nprop<i64> {
  %inf = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %minus1 = arith.constant -1 : i64
  %positive = arith.cmpi sgt, %delta, %c0 : i64
  cf.assert %positive, "sssp_delta: delta must be positive"
  %dist = graph.new_node_prop %g, %inf : !graph.nprop<i64>
  graph.store %c0, %dist[%source] : !graph.nprop<i64>
  %buckets = graph.new_ordered_worklist %g, %dist, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  graph.push %source, %buckets : !graph.worklist<!graph.node>
  graph.iterate %buckets : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%buckets : !graph.worklist<!graph.node>) {
      %dv = graph.load %dist[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %w = graph.weight %g, %e
        %nd = arith.addi %dv, %w overflow<nsw> : i64
        // 2^63-1 stands for "unreached": a path of that length is refused
        // as a longer one is, never taken for no path.
        %fits = arith.cmpi ne, %nd, %inf : i64
        cf.assert %fits, "sssp_delta: a path of 2^63-1 does not fit a 64-bit distance (that value stands for unreached)"
        %changed = graph.reduce min %nd, %dist[%u] : !graph.nprop<i64> -> i1
        scf.if %changed {
          graph.push %u, %buckets : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  graph.foreach %v in nodes(%g) {
    %d = graph.load %dist[%v] : !graph.nprop<i64>
    %unreached = arith.cmpi eq, %d, %inf : i64
    scf.if %unreached {
      graph.store %minus1, %dist[%v] : !graph.nprop<i64>
    }
  }
  return %dist : !graph.nprop<i64>
}
