// 4-clique counting: the number of sets of four nodes in which each node
// has an out-edge to each node numbered below it; on a symmetric graph,
// the 4-cliques of the graph taken as undirected (parallel edges and
// self-loops change nothing). Each set d < c < b < a is found once, at a:
// b among a's distinct out-neighbours below a, then c and d among the
// common out-neighbours of a and b, d below c, joined by an edge c -> d.
// The loops over common neighbours (graph.foreach ... in common_nbrs)
// visit each node once, the shorter list walked and searched in the other.
func.func @kclique4(%g: !graph.graph) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %count = graph.new_scalar %c0 : !graph.scalar<i64>
  graph.foreach %a in nodes(%g) {
    %aid = graph.node_id %a
    // a's list met with itself: its distinct out-neighbours, below a.
    graph.foreach %b in common_nbrs(%g, %a, %a, %aid) {
      %bid = graph.node_id %b
      graph.foreach %c in common_nbrs(%g, %a, %b, %bid) {
        %cid = graph.node_id %c
        graph.foreach %d in common_nbrs(%g, %a, %b, %cid) {
          %joined = graph.has_edge %g, %c, %d
          scf.if %joined {
            graph.reduce add %c1, %count : !graph.scalar<i64>
          }
        }
      }
    }
  }
  %r = graph.load %count : !graph.scalar<i64>
  return %r : i64
}
