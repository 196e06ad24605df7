// Single-source shortest paths in distance order, bucket by bucket (a
// near-far variant of Δ-stepping): the nodes whose distance dropped wait in
// `far` until their distance is below the current bucket's bound, the
// smallest waiting distance plus `delta`; the bucket's nodes relax their
// out-edges round after round in `near` until none is left below the
// bound. Nodes then relax their edges about once each, where `sssp`
// (relax whatever changed, every round) may relax a node again for every
// shorter path it finds. The same result as `sssp`: per node the length of
// a shortest path from the source, -1 where the source does not reach; a
// path longer than a 64-bit integer holds is an error where it is found.
// `delta` trades the two: small, few relaxations and many buckets (each a
// few rounds); large, the other way round. It must be positive.
func.func @sssp_delta(%g: !graph.graph, %source: !graph.node, %delta: i64) -> !graph.nprop<i64> {
  %inf = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %minus1 = arith.constant -1 : i64
  %positive = arith.cmpi sgt, %delta, %c0 : i64
  cf.assert %positive, "sssp_delta: delta must be positive"
  %dist = graph.new_node_prop %g, %inf : !graph.nprop<i64>
  graph.store %c0, %dist[%source] : !graph.nprop<i64>
  %near = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  %far = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  %lowest = graph.new_scalar %inf : !graph.scalar<i64>
  graph.push %source, %far : !graph.worklist<!graph.node>
  graph.iterate %far : !graph.worklist<!graph.node> {
    // The bucket: below the smallest waiting distance plus delta.
    graph.store %inf, %lowest : !graph.scalar<i64>
    graph.foreach %v in items(%far : !graph.worklist<!graph.node>) {
      %dv = graph.load %dist[%v] : !graph.nprop<i64>
      graph.reduce min %dv, %lowest : !graph.scalar<i64>
    }
    %low = graph.load %lowest : !graph.scalar<i64>
    %room = arith.subi %inf, %delta : i64
    %fits = arith.cmpi sle, %low, %room : i64
    %sum = arith.addi %low, %delta : i64
    %bound = arith.select %fits, %sum, %inf : i64
    graph.foreach %v in items(%far : !graph.worklist<!graph.node>) {
      %dv = graph.load %dist[%v] : !graph.nprop<i64>
      %in = arith.cmpi slt, %dv, %bound : i64
      scf.if %in {
        graph.push %v, %near : !graph.worklist<!graph.node>
      } else {
        graph.push %v, %far : !graph.worklist<!graph.node>
      }
    }
    graph.iterate %near : !graph.worklist<!graph.node> {
      graph.foreach %v in items(%near : !graph.worklist<!graph.node>) {
        %dv = graph.load %dist[%v] : !graph.nprop<i64>
        graph.foreach %u, %e in out_nbrs(%g, %v) {
          %w = graph.weight %g, %e
          %nd = arith.addi %dv, %w overflow<nsw> : i64
          %changed = graph.reduce min %nd, %dist[%u] : !graph.nprop<i64> -> i1
          scf.if %changed {
            %in = arith.cmpi slt, %nd, %bound : i64
            scf.if %in {
              graph.push %u, %near : !graph.worklist<!graph.node>
            } else {
              graph.push %u, %far : !graph.worklist<!graph.node>
            }
          }
        }
      }
      graph.yield
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
