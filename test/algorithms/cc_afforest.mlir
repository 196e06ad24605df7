// Connected components by union-find with neighbour sampling (Sutton et
// al.'s Afforest), edges taken as undirected: every node is first linked
// with its first two out-neighbours, which on most graphs already gathers
// nearly all of the largest component; a sample of nodes tells which
// component that is; only the nodes outside it then link with all their
// neighbours. Per node the label is the smallest node number of its
// component, as `cc` (label propagation) computes it: a union hangs the
// larger representative under the smaller.
func.func @cc_afforest(%g: !graph.graph) -> !graph.nprop<i64> {
  %c0i = arith.constant 0 : i64
  %c1i = arith.constant 1 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rounds = arith.constant 2 : index
  %samples = arith.constant 1024 : index
  %mix = arith.constant -7046029254386353131 : index
  %sets = graph.new_uf %g
  // Every node with its out-neighbours at positions 0 and 1, a round each.
  scf.for %r = %c0 to %rounds step %c1 {
    graph.foreach %v in nodes(%g) {
      %d = graph.out_degree %g, %v
      %has = arith.cmpi ult, %r, %d : index
      scf.if %has {
        %e = graph.out_edge %g, %v, %r
        %u = graph.dst %g, %e
        %joined = graph.uf_union %sets, %v, %u
      }
    }
  }
  // The representative most of a sample of nodes have: the largest
  // component's, most likely (nodes picked by a multiplicative hash).
  %n = graph.num_nodes %g
  %count = graph.new_node_prop %g, %c0i : !graph.nprop<i64>
  %none = arith.cmpi eq, %n, %c0 : index
  %big = scf.if %none -> (index) {
    scf.yield %n : index
  } else {
    %best:2 = scf.for %i = %c0 to %samples step %c1 iter_args(%top = %c0, %most = %c0i) -> (index, i64) {
      %h = arith.muli %i, %mix : index
      %x = arith.remui %h, %n : index
      %v = graph.node %g, %x
      %root = graph.uf_find %sets, %v
      graph.reduce add %c1i, %count[%root] : !graph.nprop<i64>
      %c = graph.load %count[%root] : !graph.nprop<i64>
      %more = arith.cmpi sgt, %c, %most : i64
      %id = graph.node_id %root
      %t = arith.select %more, %id, %top : index
      %m = arith.select %more, %c, %most : i64
      scf.yield %t, %m : index, i64
    }
    scf.yield %best#0 : index
  }
  // Nodes outside it link with every neighbour, out and in.
  graph.foreach %v in nodes(%g) {
    %root = graph.uf_find %sets, %v
    %id = graph.node_id %root
    %outside = arith.cmpi ne, %id, %big : index
    scf.if %outside {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %joined = graph.uf_union %sets, %v, %u
      }
      graph.foreach %u, %e in in_nbrs(%g, %v) {
        %joined = graph.uf_union %sets, %v, %u
      }
    }
  }
  %label = graph.new_node_prop %g, %c0i : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %root = graph.uf_find %sets, %v
    %id = graph.node_id %root
    %l = arith.index_cast %id : index to i64
    graph.store %l, %label[%v] : !graph.nprop<i64>
  }
  return %label : !graph.nprop<i64>
}
