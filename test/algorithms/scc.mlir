// Strongly connected components, by colouring (forward-backward in rounds):
// per node the largest node number of its component. In a round, every
// node not yet placed takes the largest number of the unplaced nodes that
// reach it (a max propagated forward along out-edges among them); a node
// whose own number that is roots a component: the unplaced nodes of its
// colour that reach it (propagated backward, each node pulling from its
// out-neighbours) are its component. Every round places at least the
// largest unplaced node; on a graph whose components form long chains of
// decreasing numbers, rounds are many.
func.func @scc(%g: !graph.graph) -> !graph.nprop<i64> {
  %none = arith.constant -1 : i64
  %true = arith.constant true
  %false = arith.constant false
  %label = graph.new_node_prop %g, %none : !graph.nprop<i64>
  %colour = graph.new_node_prop %g, %none : !graph.nprop<i64>
  %changed = graph.new_scalar %false : !graph.scalar<i1>
  %left = graph.new_scalar %false : !graph.scalar<i1>
  graph.fixpoint {
    graph.foreach %v in nodes(%g) {
      %lv = graph.load %label[%v] : !graph.nprop<i64>
      %open = arith.cmpi eq, %lv, %none : i64
      scf.if %open {
        %vi = graph.node_id %v
        %id = arith.index_cast %vi : index to i64
        graph.store %id, %colour[%v] : !graph.nprop<i64>
      }
    }
    // Forward: the largest number that reaches each unplaced node.
    graph.fixpoint {
      graph.store %false, %changed : !graph.scalar<i1>
      graph.foreach %v in nodes(%g) {
        %lv = graph.load %label[%v] : !graph.nprop<i64>
        %open = arith.cmpi eq, %lv, %none : i64
        scf.if %open {
          %cv = graph.load %colour[%v] : !graph.nprop<i64>
          graph.foreach %u, %e in out_nbrs(%g, %v) {
            %lu = graph.load %label[%u] : !graph.nprop<i64>
            %open_u = arith.cmpi eq, %lu, %none : i64
            scf.if %open_u {
              %grew = graph.reduce max %cv, %colour[%u] : !graph.nprop<i64> -> i1
              graph.reduce or %grew, %changed : !graph.scalar<i1>
            }
          }
        }
      }
      %again = graph.load %changed : !graph.scalar<i1>
      graph.yield %again : i1
    }
    // Roots: the unplaced nodes their own colour reached.
    graph.foreach %v in nodes(%g) {
      %lv = graph.load %label[%v] : !graph.nprop<i64>
      %open = arith.cmpi eq, %lv, %none : i64
      %cv = graph.load %colour[%v] : !graph.nprop<i64>
      %vi = graph.node_id %v
      %id = arith.index_cast %vi : index to i64
      %own = arith.cmpi eq, %cv, %id : i64
      %root = arith.andi %open, %own : i1
      scf.if %root {
        graph.reduce max %id, %label[%v] : !graph.nprop<i64>
      }
    }
    // Backward: an unplaced node with an out-neighbour placed in its
    // colour's component belongs to it.
    graph.fixpoint {
      graph.store %false, %changed : !graph.scalar<i1>
      graph.foreach %v in nodes(%g) {
        %lv = graph.load %label[%v] : !graph.nprop<i64>
        %open = arith.cmpi eq, %lv, %none : i64
        scf.if %open {
          %cv = graph.load %colour[%v] : !graph.nprop<i64>
          graph.foreach %u, %e in out_nbrs(%g, %v) {
            %lu = graph.load %label[%u] : !graph.nprop<i64>
            %same = arith.cmpi eq, %lu, %cv : i64
            scf.if %same {
              %joined = graph.reduce max %cv, %label[%v] : !graph.nprop<i64> -> i1
              graph.reduce or %joined, %changed : !graph.scalar<i1>
            }
          }
        }
      }
      %again = graph.load %changed : !graph.scalar<i1>
      graph.yield %again : i1
    }
    graph.store %false, %left : !graph.scalar<i1>
    graph.foreach %v in nodes(%g) {
      %lv = graph.load %label[%v] : !graph.nprop<i64>
      %open = arith.cmpi eq, %lv, %none : i64
      graph.reduce or %open, %left : !graph.scalar<i1>
    }
    %more = graph.load %left : !graph.scalar<i1>
    graph.yield %more : i1
  }
  return %label : !graph.nprop<i64>
}
