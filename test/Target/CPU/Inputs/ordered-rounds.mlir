// Records the round in which an ordered worklist hands out each node of a
// graph of at least 5 nodes. Node i's key is scale * (n - 1 - i), so the
// last nodes come first; every node is pushed before the first round.
// After round 1, node 0's key drops to 0 and it is pushed again: below
// the current bucket, it joins it (taken in round 2). In round 0, node 4's
// key rises and it is pushed again: it stays in its lower bucket.
func.func @rounds(%g: !graph.graph, %scale: i64, %delta: i64) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %minus1 = arith.constant -1 : i64
  %big = arith.constant 1000000 : i64
  %i0 = arith.constant 0 : index
  %i4 = arith.constant 4 : index
  %key = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %taken = graph.new_node_prop %g, %minus1 : !graph.nprop<i64>
  %n = graph.num_nodes %g
  %q = graph.new_ordered_worklist %g, %key, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  graph.foreach %v in nodes(%g) {
    %id = graph.node_id %v
    %rest = arith.subi %n, %id : index
    %back = arith.index_cast %rest : index to i64
    %place = arith.subi %back, %c1 : i64
    %k = arith.muli %place, %scale : i64
    graph.store %k, %key[%v] : !graph.nprop<i64>
    graph.push %v, %q : !graph.worklist<!graph.node>
  }
  %first = graph.node %g, %i0
  %fifth = graph.node %g, %i4
  %count = graph.iterate %q : !graph.worklist<!graph.node> iter_args(%r = %c0) -> (i64) {
    graph.foreach %v in items(%q : !graph.worklist<!graph.node>) {
      graph.store %r, %taken[%v] : !graph.nprop<i64>
    }
    %is0 = arith.cmpi eq, %r, %c0 : i64
    scf.if %is0 {
      graph.store %big, %key[%fifth] : !graph.nprop<i64>
      graph.push %fifth, %q : !graph.worklist<!graph.node>
    }
    %is1 = arith.cmpi eq, %r, %c1 : i64
    scf.if %is1 {
      graph.store %c0, %key[%first] : !graph.nprop<i64>
      graph.push %first, %q : !graph.worklist<!graph.node>
    }
    %next = arith.addi %r, %c1 : i64
    graph.yield %next : i64
  }
  return %taken : !graph.nprop<i64>
}
