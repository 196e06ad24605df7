// Local clustering coefficients: per node v with d distinct out-neighbours
// other than itself, the fraction of the d(d - 1) ordered pairs (u, w) of
// them, u != w, with an edge u -> w; 0 where d < 2. Parallel edges and
// self-loops add nothing. On a graph loaded with --symmetrize, the usual
// undirected coefficient.
func.func @lcc(%g: !graph.graph) -> !graph.nprop<f64> {
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = graph.num_nodes %g
  %coefficient = graph.new_node_prop %g, %zero : !graph.nprop<f64>
  graph.foreach %v in nodes(%g) {
    %loop_v = graph.has_edge %g, %v, %v
    %all = graph.count_common %g, %v, %v, %n
    %self_v = arith.select %loop_v, %c1, %c0 : index
    %d = arith.subi %all, %self_v : index
    %pairs = graph.new_scalar %c0 : !graph.scalar<index>
    // Each distinct out-neighbour u: the distinct w in both lists, but u
    // itself (a self-loop of u) and v (a self-loop of v).
    graph.foreach %u in common_nbrs(%g, %v, %v, %n) {
      %vi = graph.node_id %v
      %ui = graph.node_id %u
      %other = arith.cmpi ne, %ui, %vi : index
      scf.if %other {
        %both = graph.count_common %g, %v, %u, %n
        %loop_u = graph.has_edge %g, %u, %u
        %self_u = arith.select %loop_u, %c1, %c0 : index
        %back = graph.has_edge %g, %u, %v
        %v_in_both = arith.andi %loop_v, %back : i1
        %self_vu = arith.select %v_in_both, %c1, %c0 : index
        %less = arith.subi %both, %self_u : index
        %closed = arith.subi %less, %self_vu : index
        graph.reduce add %closed, %pairs : !graph.scalar<index>
      }
    }
    %p = graph.load %pairs : !graph.scalar<index>
    %enough = arith.cmpi uge, %d, %c2 : index
    scf.if %enough {
      %d1 = arith.subi %d, %c1 : index
      %all_pairs = arith.muli %d, %d1 : index
      %p64 = arith.index_cast %p : index to i64
      %a64 = arith.index_cast %all_pairs : index to i64
      %pf = arith.sitofp %p64 : i64 to f64
      %af = arith.sitofp %a64 : i64 to f64
      %c = arith.divf %pf, %af : f64
      graph.store %c, %coefficient[%v] : !graph.nprop<f64>
    }
  }
  return %coefficient : !graph.nprop<f64>
}
