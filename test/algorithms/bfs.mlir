// Breadth-first search: per node the number of hops from the source along
// out-edges; -1 where the source does not reach.
func.func @bfs(%g: !graph.graph, %source: !graph.node) -> !graph.nprop<i64> {
  %unreached = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %minus1 = arith.constant -1 : i64
  %dist = graph.new_node_prop %g, %unreached : !graph.nprop<i64>
  graph.store %c0, %dist[%source] : !graph.nprop<i64>
  %frontier = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %source, %frontier : !graph.worklist<!graph.node>
  %last = graph.iterate %frontier : !graph.worklist<!graph.node> iter_args(%level = %c0) -> (i64) {
    %next = arith.addi %level, %c1 : i64
    graph.foreach %v in items(%frontier : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %changed = graph.reduce min %next, %dist[%u] : !graph.nprop<i64> -> i1
        scf.if %changed {
          graph.push %u, %frontier : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield %next : i64
  }
  graph.foreach %v in nodes(%g) {
    %d = graph.load %dist[%v] : !graph.nprop<i64>
    %far = arith.cmpi eq, %d, %unreached : i64
    scf.if %far {
      graph.store %minus1, %dist[%v] : !graph.nprop<i64>
    }
  }
  return %dist : !graph.nprop<i64>
}
