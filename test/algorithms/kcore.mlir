// k-core: the nodes of the largest subgraph in which every node has at
// least k out-edges: 1 for a node of the k-core, 0 for the others. Nodes of
// fewer than k out-edges are peeled, a round at a time; peeling a node takes
// an edge from each of its in-neighbours, and one whose count falls below k
// is peeled in the next round. (On a symmetric graph: at least k
// neighbours.)
func.func @kcore(%g: !graph.graph, %k: i64) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %minus1 = arith.constant -1 : i64
  %degree = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %in_core = graph.new_node_prop %g, %c1 : !graph.nprop<i64>
  %peel = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.foreach %v in nodes(%g) {
    %d = graph.out_degree %g, %v
    %count = arith.index_cast %d : index to i64
    graph.store %count, %degree[%v] : !graph.nprop<i64>
    %few = arith.cmpi slt, %count, %k : i64
    scf.if %few {
      graph.store %c0, %in_core[%v] : !graph.nprop<i64>
      graph.push %v, %peel : !graph.worklist<!graph.node>
    }
  }
  %rounds = graph.iterate %peel : !graph.worklist<!graph.node> iter_args(%round = %c0) -> (i64) {
    graph.foreach %v in items(%peel : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in in_nbrs(%g, %v) {
        // The one removal that takes %u from k edges to k - 1 peels it.
        %before = graph.fetch_add %minus1, %degree[%u] : !graph.nprop<i64>
        %falls = arith.cmpi eq, %before, %k : i64
        scf.if %falls {
          graph.reduce min %c0, %in_core[%u] : !graph.nprop<i64>
          graph.push %u, %peel : !graph.worklist<!graph.node>
        }
      }
    }
    %next = arith.addi %round, %c1 : i64
    graph.yield %next : i64
  }
  return %in_core : !graph.nprop<i64>
}
