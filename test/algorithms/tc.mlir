// Triangle counting on the graph taken as undirected and simple: the
// neighbours of v are its out- and in-neighbours, without v itself and
// counted once. Nodes are ranked by degree, then number, and each triangle
// is counted once, at its lowest-ranked node v, from its neighbours
// u < w above v; ranking by degree keeps hubs from doing most of the work.
// Parallel edges are not merged here: run it on a graph loaded with
// --simplify, or each copy of an edge counts its triangles again.
func.func private @adjacent(%g: !graph.graph, %a: !graph.node, %b: !graph.node) -> i1 {
  %ab = graph.has_edge %g, %a, %b
  %ba = graph.has_edge %g, %b, %a
  %r = arith.ori %ab, %ba : i1
  return %r : i1
}

// The rank of a node: its degree (out plus in), then its number.
func.func private @rank(%g: !graph.graph, %x: !graph.node) -> i64 {
  %c32 = arith.constant 32 : i64
  %od = graph.out_degree %g, %x
  %id = graph.in_degree %g, %x
  %d = arith.addi %od, %id : index
  %d64 = arith.index_cast %d : index to i64
  %hi = arith.shli %d64, %c32 : i64
  %xi = graph.node_id %x
  %x64 = arith.index_cast %xi : index to i64
  %r = arith.ori %hi, %x64 : i64
  return %r : i64
}

// Whether `u`, reached from v through an edge of the given direction, is a
// neighbour of v ranked above `above`, seen for the first time: an in-edge
// whose reverse is also an out-edge was already seen as an out-edge.
func.func private @first_above(%g: !graph.graph, %rank: !graph.nprop<i64>, %v: !graph.node, %u: !graph.node, %incoming: i1, %above: !graph.node) -> i1 {
  %ru = graph.load %rank[%u] : !graph.nprop<i64>
  %ra = graph.load %rank[%above] : !graph.nprop<i64>
  %gt = arith.cmpi ugt, %ru, %ra : i64
  %r = scf.if %gt -> (i1) {
    %dup = graph.has_edge %g, %v, %u
    %seen = arith.andi %incoming, %dup : i1
    %true = arith.constant true
    %fresh = arith.xori %seen, %true : i1
    scf.yield %fresh : i1
  } else {
    scf.yield %gt : i1
  }
  return %r : i1
}

func.func @tc(%g: !graph.graph) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %false = arith.constant false
  %true = arith.constant true
  %count = graph.new_scalar %c0 : !graph.scalar<i64>
  %rank = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %r = func.call @rank(%g, %v) : (!graph.graph, !graph.node) -> i64
    graph.store %r, %rank[%v] : !graph.nprop<i64>
  }
  graph.foreach %v in nodes(%g) {
    // u ranges over out- then in-neighbours of v.
    graph.foreach %u, %e1 in out_nbrs(%g, %v) where {
      %ok = func.call @first_above(%g, %rank, %v, %u, %false, %v) : (!graph.graph, !graph.nprop<i64>, !graph.node, !graph.node, i1, !graph.node) -> i1
      graph.yield %ok : i1
    } do {
      func.call @count_third(%g, %rank, %v, %u, %count) : (!graph.graph, !graph.nprop<i64>, !graph.node, !graph.node, !graph.scalar<i64>) -> ()
    }
    graph.foreach %u, %e1 in in_nbrs(%g, %v) where {
      %ok = func.call @first_above(%g, %rank, %v, %u, %true, %v) : (!graph.graph, !graph.nprop<i64>, !graph.node, !graph.node, i1, !graph.node) -> i1
      graph.yield %ok : i1
    } do {
      func.call @count_third(%g, %rank, %v, %u, %count) : (!graph.graph, !graph.nprop<i64>, !graph.node, !graph.node, !graph.scalar<i64>) -> ()
    }
  }
  %r = graph.load %count : !graph.scalar<i64>
  return %r : i64
}

// Adds the triangles v < u < w (by rank) where w is a neighbour of v above u adjacent to u.
func.func private @count_third(%g: !graph.graph, %rank: !graph.nprop<i64>, %v: !graph.node, %u: !graph.node, %count: !graph.scalar<i64>) {
  %c1 = arith.constant 1 : i64
  %false = arith.constant false
  %true = arith.constant true
  graph.foreach %w, %e2 in out_nbrs(%g, %v) where {
    %ok = func.call @first_above(%g, %rank, %v, %w, %false, %u) : (!graph.graph, !graph.nprop<i64>, !graph.node, !graph.node, i1, !graph.node) -> i1
    graph.yield %ok : i1
  } do {
    %adj = func.call @adjacent(%g, %u, %w) : (!graph.graph, !graph.node, !graph.node) -> i1
    scf.if %adj {
      graph.reduce add %c1, %count : !graph.scalar<i64>
    }
  }
  graph.foreach %w, %e2 in in_nbrs(%g, %v) where {
    %ok = func.call @first_above(%g, %rank, %v, %w, %true, %u) : (!graph.graph, !graph.nprop<i64>, !graph.node, !graph.node, i1, !graph.node) -> i1
    graph.yield %ok : i1
  } do {
    %adj = func.call @adjacent(%g, %u, %w) : (!graph.graph, !graph.node, !graph.node) -> i1
    scf.if %adj {
      graph.reduce add %c1, %count : !graph.scalar<i64>
    }
  }
  return
}
