// Triangle counting on the graph taken as undirected and simple, as `tc`
// counts, by merging sorted lists: nodes are ranked by degree (out plus
// in), then number; each node's neighbours ranked above it are gathered
// once, in increasing node number, into one array (`above`, a slice per
// node, node numbers in 32 bits: graphs of fewer than 2^31 nodes); a
// triangle v < u < w (by rank) is then found at v, for each u in v's
// slice, as a w in both v's and u's slices, walking the two sorted slices
// side by side. A slice holds at most about the square root of
// twice the edges, so no node's walk is long, hubs' included. Parallel
// edges and self-loops are ignored (`tc` counts a parallel edge's triangles
// again: on a graph loaded with --simplify the two agree).
func.func @tc_merge(%g: !graph.graph) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %false = arith.constant false
  %true = arith.constant true
  %nodes = graph.num_nodes %g
  %limit = arith.constant 2147483648 : index
  %fits = arith.cmpi ult, %nodes, %limit : index
  cf.assert %fits, "tc_merge: the graph has 2^31 nodes or more"
  %rank = graph.new_node_prop %g, %z : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %r = func.call @rank(%g, %v) : (!graph.graph, !graph.node) -> i64
    graph.store %r, %rank[%v] : !graph.nprop<i64>
  }
  // Slice sizes, then their starts (a running sum), then their contents.
  %size = graph.new_node_prop %g, %z : !graph.nprop<i64>
  %start = graph.new_node_prop %g, %z : !graph.nprop<i64>
  %z32 = arith.constant 0 : i32
  %above = graph.new_edge_prop %g, %z32 : !graph.eprop<i32>
  graph.foreach %v in nodes(%g) {
    %n = func.call @neighbours_above(%g, %rank, %v, %above, %c0, %false) : (!graph.graph, !graph.nprop<i64>, !graph.node, !graph.eprop<i32>, index, i1) -> index
    %n64 = arith.index_cast %n : index to i64
    graph.store %n64, %size[%v] : !graph.nprop<i64>
  }
  %total_size = scf.for %k = %c0 to %nodes step %c1 iter_args(%at = %z) -> (i64) {
    %v = graph.node %g, %k
    graph.store %at, %start[%v] : !graph.nprop<i64>
    %s = graph.load %size[%v] : !graph.nprop<i64>
    %next = arith.addi %at, %s : i64
    scf.yield %next : i64
  }
  graph.foreach %v in nodes(%g) {
    %b = graph.load %start[%v] : !graph.nprop<i64>
    %bi = arith.index_cast %b : i64 to index
    %n = func.call @neighbours_above(%g, %rank, %v, %above, %bi, %true) : (!graph.graph, !graph.nprop<i64>, !graph.node, !graph.eprop<i32>, index, i1) -> index
  }
  // At each v, for each u in its slice: the common part of both slices.
  %count = graph.new_scalar %z : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    %bv = graph.load %start[%v] : !graph.nprop<i64>
    %nv = graph.load %size[%v] : !graph.nprop<i64>
    %ev = arith.addi %bv, %nv : i64
    %bvi = arith.index_cast %bv : i64 to index
    %evi = arith.index_cast %ev : i64 to index
    %found = scf.for %k = %bvi to %evi step %c1 iter_args(%sum = %z) -> (i64) {
      %e = graph.edge %g, %k
      %uid = graph.load %above[%e] : !graph.eprop<i32>
      %uidx = arith.index_castui %uid : i32 to index
      %u = graph.node %g, %uidx
      %bu = graph.load %start[%u] : !graph.nprop<i64>
      %nu = graph.load %size[%u] : !graph.nprop<i64>
      %eu = arith.addi %bu, %nu : i64
      %c = func.call @common(%g, %above, %bv, %ev, %bu, %eu) : (!graph.graph, !graph.eprop<i32>, i64, i64, i64, i64) -> i64
      %s2 = arith.addi %sum, %c : i64
      scf.yield %s2 : i64
    }
    graph.reduce add %found, %count : !graph.scalar<i64>
  }
  %r = graph.load %count : !graph.scalar<i64>
  return %r : i64
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

// The neighbours of v (out and in, each once, v itself left out) ranked
// above it, in increasing node number: their count, and with `write` they
// are stored into `above` from position `base` on. Out- and in-neighbours
// are each sorted by number; the walk merges the two lists.
func.func private @neighbours_above(%g: !graph.graph, %rank: !graph.nprop<i64>, %v: !graph.node, %above: !graph.eprop<i32>, %base: index, %write: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = arith.constant -1 : index
  %dout = graph.out_degree %g, %v
  %din = graph.in_degree %g, %v
  %rv = graph.load %rank[%v] : !graph.nprop<i64>
  %vid = graph.node_id %v
  %res:4 = scf.while (%i = %c0, %j = %c0, %n = %c0, %last = %none) : (index, index, index, index) -> (index, index, index, index) {
    %mi = arith.cmpi ult, %i, %dout : index
    %mj = arith.cmpi ult, %j, %din : index
    %more = arith.ori %mi, %mj : i1
    scf.condition(%more) %i, %j, %n, %last : index, index, index, index
  } do {
  ^bb0(%i: index, %j: index, %n: index, %last: index):
    %mi = arith.cmpi ult, %i, %dout : index
    %mj = arith.cmpi ult, %j, %din : index
    // The next number of each list; an exhausted list has none.
    %a = scf.if %mi -> (index) {
      %e = graph.out_edge %g, %v, %i
      %w = graph.dst %g, %e
      %wi = graph.node_id %w
      scf.yield %wi : index
    } else {
      scf.yield %none : index
    }
    %b = scf.if %mj -> (index) {
      %e = graph.in_edge %g, %v, %j
      %w = graph.src %g, %e
      %wi = graph.node_id %w
      scf.yield %wi : index
    } else {
      scf.yield %none : index
    }
    %x = arith.minui %a, %b : index
    %from_out = arith.cmpi eq, %a, %x : index
    %from_in = arith.cmpi eq, %b, %x : index
    %i1 = arith.addi %i, %c1 : index
    %j1 = arith.addi %j, %c1 : index
    %i2 = arith.select %from_out, %i1, %i : index
    %j2 = arith.select %from_in, %j1, %j : index
    %u = graph.node %g, %x
    %ru = graph.load %rank[%u] : !graph.nprop<i64>
    %up = arith.cmpi sgt, %ru, %rv : i64
    %other = arith.cmpi ne, %x, %vid : index
    %fresh = arith.cmpi ne, %x, %last : index
    %ok = arith.andi %up, %other : i1
    %take = arith.andi %ok, %fresh : i1
    %n2 = scf.if %take -> (index) {
      scf.if %write {
        %pos = arith.addi %base, %n : index
        %slot = graph.edge %g, %pos
        %x64 = arith.index_castui %x : index to i32
        // Each slot is written once, by v's iteration: a reduction says so
        // to the race check (the slices do not overlap), at the price of
        // one atomic maximum per slot.
        graph.reduce max %x64, %above[%slot] : !graph.eprop<i32>
      }
      %n1 = arith.addi %n, %c1 : index
      scf.yield %n1 : index
    } else {
      scf.yield %n : index
    }
    scf.yield %i2, %j2, %n2, %x : index, index, index, index
  }
  return %res#2 : index
}

// How many numbers the sorted slices above[p..pe] and above[q..qe] share.
func.func private @common(%g: !graph.graph, %above: !graph.eprop<i32>, %p0: i64, %pe: i64, %q0: i64, %qe: i64) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %res:3 = scf.while (%p = %p0, %q = %q0, %n = %z) : (i64, i64, i64) -> (i64, i64, i64) {
    %mp = arith.cmpi slt, %p, %pe : i64
    %mq = arith.cmpi slt, %q, %qe : i64
    %more = arith.andi %mp, %mq : i1
    scf.condition(%more) %p, %q, %n : i64, i64, i64
  } do {
  ^bb0(%p: i64, %q: i64, %n: i64):
    %pi = arith.index_cast %p : i64 to index
    %qi = arith.index_cast %q : i64 to index
    %ep = graph.edge %g, %pi
    %eq = graph.edge %g, %qi
    %x = graph.load %above[%ep] : !graph.eprop<i32>
    %y = graph.load %above[%eq] : !graph.eprop<i32>
    %le = arith.cmpi ule, %x, %y : i32
    %ge = arith.cmpi uge, %x, %y : i32
    %same = arith.andi %le, %ge : i1
    %p1 = arith.addi %p, %one : i64
    %q1 = arith.addi %q, %one : i64
    %p2 = arith.select %le, %p1, %p : i64
    %q2 = arith.select %ge, %q1, %q : i64
    %inc = arith.extui %same : i1 to i64
    %n2 = arith.addi %n, %inc : i64
    scf.yield %p2, %q2, %n2 : i64, i64, i64
  }
  return %res#2 : i64
}
