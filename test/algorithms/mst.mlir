// Minimum spanning forest, Borůvka-style, on the graph taken as undirected:
// the total weight of a minimum spanning forest. Edges are ordered by weight,
// then by number, so every component has one lightest edge leaving it, and
// these edges never close a cycle. In a round each component finds that edge
// and, holding the lock on its own representative, joins the component
// across it in the union-find set; when two components chose the same edge
// only the first join counts it. Rounds go on while components join.
// A graph whose forest could weigh more than a 64-bit integer holds (the
// largest weight's magnitude times nodes - 1) is refused before the rounds.
func.func @mst(%g: !graph.graph) -> i64 {
  %c0 = arith.constant 0 : i64
  %none = arith.constant -1 : i64
  %false = arith.constant false
  %heaviest = arith.constant 9223372036854775807 : i64
  %lightest = arith.constant -9223372036854775807 : i64
  %max_w = graph.new_scalar %lightest : !graph.scalar<i64>
  %min_w = graph.new_scalar %heaviest : !graph.scalar<i64>
  graph.foreach %e in edges(%g) {
    %w = graph.weight %g, %e
    graph.reduce max %w, %max_w : !graph.scalar<i64>
    graph.reduce min %w, %min_w : !graph.scalar<i64>
  }
  %hi = graph.load %max_w : !graph.scalar<i64>
  %lo = graph.load %min_w : !graph.scalar<i64>
  %n = graph.num_nodes %g
  %n64 = arith.index_cast %n : index to i64
  %c1 = arith.constant 1 : i64
  %links = arith.subi %n64, %c1 : i64
  %div = arith.maxsi %links, %c1 : i64
  %limit = arith.divsi %heaviest, %div : i64
  %neg_limit = arith.subi %c0, %limit : i64
  %hi_ok = arith.cmpi sle, %hi, %limit : i64
  %lo_ok = arith.cmpi sge, %lo, %neg_limit : i64
  %fits = arith.andi %hi_ok, %lo_ok : i1
  cf.assert %fits, "the forest's weight may not fit a 64-bit integer: a weight's magnitude times (nodes - 1) exceeds 2^63 - 1"
  %total = graph.new_scalar %c0 : !graph.scalar<i64>
  %sets = graph.new_uf %g
  %best_w = graph.new_node_prop %g, %heaviest : !graph.nprop<i64>
  %best_e = graph.new_node_prop %g, %none : !graph.nprop<i64>
  graph.fixpoint {
    graph.foreach %v in nodes(%g) {
      graph.store %heaviest, %best_w[%v] : !graph.nprop<i64>
      graph.store %none, %best_e[%v] : !graph.nprop<i64>
    }
    // The lightest edge leaving each component, kept at its representative.
    graph.foreach %e in edges(%g) {
      %a = graph.src %g, %e
      %b = graph.dst %g, %e
      %ra = graph.uf_find %sets, %a
      %rb = graph.uf_find %sets, %b
      %ia = graph.node_id %ra
      %ib = graph.node_id %rb
      %apart = arith.cmpi ne, %ia, %ib : index
      scf.if %apart {
        %w = graph.weight %g, %e
        %ei = graph.edge_id %e
        %id = arith.index_cast %ei : index to i64
        graph.reduce_arg min %w, %id, %best_w, %best_e[%ra] : !graph.nprop<i64>, !graph.nprop<i64>
        graph.reduce_arg min %w, %id, %best_w, %best_e[%rb] : !graph.nprop<i64>, !graph.nprop<i64>
      }
    }
    // Each component (its representative %r) joins the one across its lightest edge.
    %joined = graph.new_scalar %false : !graph.scalar<i1>
    graph.foreach %r in nodes(%g) {
      %id = graph.load %best_e[%r] : !graph.nprop<i64>
      %has = arith.cmpi ne, %id, %none : i64
      scf.if %has {
        %ei = arith.index_cast %id : i64 to index
        %e = graph.edge %g, %ei
        %a = graph.src %g, %e
        %b = graph.dst %g, %e
        %ra = graph.uf_find %sets, %a
        %rb = graph.uf_find %sets, %b
        graph.single %g[%r] : !graph.node {
          %merged = graph.uf_union %sets, %ra, %rb
          scf.if %merged {
            %w = graph.weight %g, %e
            graph.reduce add %w, %total : !graph.scalar<i64>
          }
          graph.reduce or %merged, %joined : !graph.scalar<i1>
        }
      }
    }
    %again = graph.load %joined : !graph.scalar<i1>
    graph.yield %again : i1
  }
  %r = graph.load %total : !graph.scalar<i64>
  return %r : i64
}
