// Triangle counting on the graph taken as undirected and simple: the
// neighbours of v are its out- and in-neighbours, without v itself and
// counted once. Each triangle v < u < w is counted at its smallest node.
// Parallel edges are not merged here: run it on a graph loaded with
// --simplify, or each copy of an edge counts its triangles again.
func.func private @adjacent(%g: !graph.graph, %a: !graph.node, %b: !graph.node) -> i1 {
  %ab = graph.has_edge %g, %a, %b
  %ba = graph.has_edge %g, %b, %a
  %r = arith.ori %ab, %ba : i1
  return %r : i1
}

// Whether `u`, reached from v through edge `e` of the given direction, is a
// neighbour of v greater than `above` seen for the first time: an in-edge
// whose reverse is also an out-edge was already seen as an out-edge.
func.func private @first_above(%g: !graph.graph, %v: !graph.node, %u: !graph.node, %incoming: i1, %above: !graph.node) -> i1 {
  %ui = graph.node_id %u
  %ai = graph.node_id %above
  %gt = arith.cmpi ugt, %ui, %ai : index
  %dup = graph.has_edge %g, %v, %u
  %seen = arith.andi %incoming, %dup : i1
  %true = arith.constant true
  %fresh = arith.xori %seen, %true : i1
  %r = arith.andi %gt, %fresh : i1
  return %r : i1
}

func.func @tc(%g: !graph.graph) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %false = arith.constant false
  %true = arith.constant true
  %count = graph.new_scalar %c0 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    // u ranges over out- then in-neighbours of v.
    graph.foreach %u, %e1 in out_nbrs(%g, %v) where {
      %ok = func.call @first_above(%g, %v, %u, %false, %v) : (!graph.graph, !graph.node, !graph.node, i1, !graph.node) -> i1
      graph.yield %ok : i1
    } do {
      func.call @count_third(%g, %v, %u, %count) : (!graph.graph, !graph.node, !graph.node, !graph.scalar<i64>) -> ()
    }
    graph.foreach %u, %e1 in in_nbrs(%g, %v) where {
      %ok = func.call @first_above(%g, %v, %u, %true, %v) : (!graph.graph, !graph.node, !graph.node, i1, !graph.node) -> i1
      graph.yield %ok : i1
    } do {
      func.call @count_third(%g, %v, %u, %count) : (!graph.graph, !graph.node, !graph.node, !graph.scalar<i64>) -> ()
    }
  }
  %r = graph.load %count : !graph.scalar<i64>
  return %r : i64
}

// Adds the triangles v < u < w where w is a neighbour of v above u adjacent to u.
func.func private @count_third(%g: !graph.graph, %v: !graph.node, %u: !graph.node, %count: !graph.scalar<i64>) {
  %c1 = arith.constant 1 : i64
  %false = arith.constant false
  %true = arith.constant true
  graph.foreach %w, %e2 in out_nbrs(%g, %v) where {
    %ok = func.call @first_above(%g, %v, %w, %false, %u) : (!graph.graph, !graph.node, !graph.node, i1, !graph.node) -> i1
    graph.yield %ok : i1
  } do {
    %adj = func.call @adjacent(%g, %u, %w) : (!graph.graph, !graph.node, !graph.node) -> i1
    scf.if %adj {
      graph.reduce add %c1, %count : !graph.scalar<i64>
    }
  }
  graph.foreach %w, %e2 in in_nbrs(%g, %v) where {
    %ok = func.call @first_above(%g, %v, %w, %true, %u) : (!graph.graph, !graph.node, !graph.node, i1, !graph.node) -> i1
    graph.yield %ok : i1
  } do {
    %adj = func.call @adjacent(%g, %u, %w) : (!graph.graph, !graph.node, !graph.node) -> i1
    scf.if %adj {
      graph.reduce add %c1, %count : !graph.scalar<i64>
    }
  }
  return
}
