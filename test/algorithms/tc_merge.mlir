// Triangle counting on the graph taken as undirected and simple, as `tc`
// counts, by merging sorted lists (neighbour lists are sorted by node
// number). Two ways, chosen as GAPBS chooses them:
//
// - On a symmetric graph (graph.is_symmetric: each node's out-list is all
//   its neighbours) whose degrees are not skewed, directly in node order: a
//   triangle w < v < u is found at u, for each neighbour v below u, as a
//   neighbour w of both below v (graph.count_common, merging the two
//   sorted lists: their lengths are alike here). No memory but the count.
// - Otherwise on degree-ordered slices: nodes are placed in the order of
//   their degrees (out plus in, capped below the node count), then
//   numbers (a counting sort); each node's neighbours placed after it are
//   gathered, as positions in increasing order, into one array (`above`,
//   a slice per position, in 32 bits: graphs of fewer than 2^31 nodes),
//   by one walk over the nodes in that order. A triangle v < u < w (by
//   position) is then found at v, for each u in v's slice, as a w both in
//   u's slice and after u in v's: both lists start above u. A slice holds
//   at most about the square root of twice the edges, so no node's walk
//   is long, hubs' included. The neighbours are the out-list merged with
//   the in-list, or the out-list alone on a symmetric graph.
//
// Degrees are skewed when the average degree is 10 or more and, over a
// sample of up to 1,000 nodes, more than half have a degree below the
// sample's mean divided by 1.3 (the median is below it). Parallel edges
// and self-loops are ignored (`tc` counts a parallel edge's triangles
// again: on a graph loaded with --simplify the two agree).
func.func @tc_merge(%g: !graph.graph) -> i64 {
  %sym = graph.is_symmetric %g
  %skewed = func.call @skewed(%g) : (!graph.graph) -> i1
  %true = arith.constant true
  %even = arith.xori %skewed, %true : i1
  %direct = arith.andi %sym, %even : i1
  %r = scf.if %direct -> (i64) {
    %n = func.call @count_in_node_order(%g) : (!graph.graph) -> i64
    scf.yield %n : i64
  } else {
    %n = func.call @count_on_slices(%g, %sym) : (!graph.graph, i1) -> i64
    scf.yield %n : i64
  }
  return %r : i64
}

// Whether the degrees are skewed (see above): the average degree (half
// the edges per node, each undirected edge being two) is 10 or more, and
// more than half of a sample of nodes spread evenly over the numbers have
// a degree d with 1.3 * d below the sample's mean.
func.func private @skewed(%g: !graph.graph) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %c13 = arith.constant 13 : index
  %c1000 = arith.constant 1000 : index
  %false = arith.constant false
  %nodes = graph.num_nodes %g
  %edges = graph.num_edges %g
  %half = arith.divui %edges, %c2 : index
  %floor = arith.muli %nodes, %c10 : index
  %dense = arith.cmpi uge, %half, %floor : index
  %some = arith.cmpi ugt, %nodes, %c0 : index
  %worth = arith.andi %dense, %some : i1
  %r = scf.if %worth -> (i1) {
    %k = arith.minui %nodes, %c1000 : index
    // The k-th node of the sample is number k * nodes / size.
    %sum = scf.for %i = %c0 to %k step %c1 iter_args(%s = %c0) -> (index) {
      %v = func.call @sampled(%g, %i, %k) : (!graph.graph, index, index) -> !graph.node
      %d = graph.out_degree %g, %v
      %s2 = arith.addi %s, %d : index
      scf.yield %s2 : index
    }
    // 1.3 * d < sum / k, as 13 * d * k < 10 * sum.
    %bound = arith.muli %sum, %c10 : index
    %low = scf.for %i = %c0 to %k step %c1 iter_args(%c = %c0) -> (index) {
      %v = func.call @sampled(%g, %i, %k) : (!graph.graph, index, index) -> !graph.node
      %d = graph.out_degree %g, %v
      %d13 = arith.muli %d, %c13 : index
      %dk = arith.muli %d13, %k : index
      %below = arith.cmpi ult, %dk, %bound : index
      %one = arith.index_castui %below : i1 to index
      %c2n = arith.addi %c, %one : index
      scf.yield %c2n : index
    }
    %twice = arith.muli %low, %c2 : index
    %most = arith.cmpi ugt, %twice, %k : index
    scf.yield %most : i1
  } else {
    scf.yield %false : i1
  }
  return %r : i1
}

// The i-th of k nodes spread evenly over the numbers: i * nodes / k
// (computed in two parts so that the product cannot wrap).
func.func private @sampled(%g: !graph.graph, %i: index, %k: index) -> !graph.node {
  %nodes = graph.num_nodes %g
  %q = arith.divui %nodes, %k : index
  %rem = arith.remui %nodes, %k : index
  %a = arith.muli %i, %q : index
  %b = arith.muli %i, %rem : index
  %c = arith.divui %b, %k : index
  %id = arith.addi %a, %c : index
  %v = graph.node %g, %id
  return %v : !graph.node
}

// The triangles of a symmetric graph, each found once at its largest node
// u: for each neighbour v < u, the neighbours w < v that u has too.
func.func private @count_in_node_order(%g: !graph.graph) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %count = graph.new_scalar %z : !graph.scalar<i64>
  graph.foreach %u in nodes(%g) {
    %du = graph.out_degree %g, %u
    %uid = graph.node_id %u
    %res:2 = scf.while (%i = %c0, %sum = %z) : (index, i64) -> (index, i64) {
      %more = arith.cmpi ult, %i, %du : index
      %below = scf.if %more -> (i1) {
        %v = func.call @neighbour(%g, %u, %i) : (!graph.graph, !graph.node, index) -> index
        %b = arith.cmpi ult, %v, %uid : index
        scf.yield %b : i1
      } else {
        scf.yield %more : i1
      }
      scf.condition(%below) %i, %sum : index, i64
    } do {
    ^bb0(%i: index, %sum: i64):
      %vid = func.call @neighbour(%g, %u, %i) : (!graph.graph, !graph.node, index) -> index
      %v = graph.node %g, %vid
      %c = graph.count_common %g, %u, %v, %vid {intersect = "merge"}
      %c64 = arith.index_cast %c : index to i64
      %s2 = arith.addi %sum, %c64 : i64
      %i1 = arith.addi %i, %c1 : index
      scf.yield %i1, %s2 : index, i64
    }
    graph.reduce add %res#1, %count : !graph.scalar<i64>
  }
  %r = graph.load %count : !graph.scalar<i64>
  return %r : i64
}

// The number of the neighbour of v at position i of its out-list.
func.func private @neighbour(%g: !graph.graph, %v: !graph.node, %i: index) -> index {
  %e = graph.out_edge %g, %v, %i
  %w = graph.dst %g, %e
  %wi = graph.node_id %w
  return %wi : index
}

// The triangles on degree-ordered slices; `sym`: the out-lists alone hold
// every neighbour.
func.func private @count_on_slices(%g: !graph.graph, %sym: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %nodes = graph.num_nodes %g
  %limit = arith.constant 2147483648 : index
  %fits = arith.cmpi ult, %nodes, %limit : index
  cf.assert %fits, "tc_merge: the graph has 2^31 nodes or more"
  // Each node's position in the order of the ranks: a counting sort of the
  // degrees (capped below the node count), in node order within a degree.
  // `at` is the inverse: the number of the node at each position. Node
  // properties double as arrays indexed by degree or position.
  %key = graph.new_node_prop %g, %z : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %k = func.call @key(%g, %v) : (!graph.graph, !graph.node) -> i64
    graph.store %k, %key[%v] : !graph.nprop<i64>
  }
  %first = graph.new_node_prop %g, %z : !graph.nprop<i64>
  scf.for %i = %c0 to %nodes step %c1 {
    %b = func.call @slot_of(%g, %key, %i) : (!graph.graph, !graph.nprop<i64>, index) -> !graph.node
    %n = graph.load %first[%b] : !graph.nprop<i64>
    %n1 = arith.addi %n, %one : i64
    graph.store %n1, %first[%b] : !graph.nprop<i64>
  }
  %ignored = scf.for %i = %c0 to %nodes step %c1 iter_args(%at = %z) -> (i64) {
    %b = graph.node %g, %i
    %n = graph.load %first[%b] : !graph.nprop<i64>
    graph.store %at, %first[%b] : !graph.nprop<i64>
    %next = arith.addi %at, %n : i64
    scf.yield %next : i64
  }
  %pos = graph.new_node_prop %g, %z : !graph.nprop<i64>
  %at = graph.new_node_prop %g, %z : !graph.nprop<i64>
  scf.for %i = %c0 to %nodes step %c1 {
    %v = graph.node %g, %i
    %b = func.call @slot_of(%g, %key, %i) : (!graph.graph, !graph.nprop<i64>, index) -> !graph.node
    %p = graph.load %first[%b] : !graph.nprop<i64>
    %p1 = arith.addi %p, %one : i64
    graph.store %p1, %first[%b] : !graph.nprop<i64>
    graph.store %p, %pos[%v] : !graph.nprop<i64>
    %pi = arith.index_cast %p : i64 to index
    %slot = graph.node %g, %pi
    %i64 = arith.index_cast %i : index to i64
    graph.store %i64, %at[%slot] : !graph.nprop<i64>
  }
  // Slice sizes and starts, indexed by position; the slices' contents are
  // positions, appended in increasing order by one walk over the nodes in
  // the order of their positions, so each slice comes out sorted.
  %size = graph.new_node_prop %g, %z : !graph.nprop<i64>
  %start = graph.new_node_prop %g, %z : !graph.nprop<i64>
  %z32 = arith.constant 0 : i32
  %above = graph.new_edge_prop %g, %z32 : !graph.eprop<i32>
  graph.foreach %v in nodes(%g) {
    %n = func.call @neighbours_above(%g, %pos, %v, %sym) : (!graph.graph, !graph.nprop<i64>, !graph.node, i1) -> index
    %n64 = arith.index_cast %n : index to i64
    %x = graph.load %pos[%v] : !graph.nprop<i64>
    %xi = arith.index_cast %x : i64 to index
    %slot = graph.node %g, %xi
    // Positions are distinct, so no two iterations meet here; a reduction
    // says so to the race check.
    graph.reduce add %n64, %size[%slot] : !graph.nprop<i64>
  }
  %fill = graph.new_node_prop %g, %z : !graph.nprop<i64>
  %total_size = scf.for %k = %c0 to %nodes step %c1 iter_args(%acc = %z) -> (i64) {
    %x = graph.node %g, %k
    graph.store %acc, %start[%x] : !graph.nprop<i64>
    graph.store %acc, %fill[%x] : !graph.nprop<i64>
    %s = graph.load %size[%x] : !graph.nprop<i64>
    %next = arith.addi %acc, %s : i64
    scf.yield %next : i64
  }
  scf.for %k = %c0 to %nodes step %c1 {
    %x = graph.node %g, %k
    %yid = graph.load %at[%x] : !graph.nprop<i64>
    %yi = arith.index_cast %yid : i64 to index
    %y = graph.node %g, %yi
    %k64 = arith.index_cast %k : index to i64
    func.call @append_to_slices(%g, %pos, %start, %fill, %above, %y, %k64, %sym) : (!graph.graph, !graph.nprop<i64>, !graph.nprop<i64>, !graph.nprop<i64>, !graph.eprop<i32>, !graph.node, i64, i1) -> ()
  }
  // At each position x, for each u in its slice: the common part of u's
  // slice and of the rest of x's after u (both hold positions above u's).
  %count = graph.new_scalar %z : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    %xv = graph.load %pos[%v] : !graph.nprop<i64>
    %xvi = arith.index_cast %xv : i64 to index
    %sv = graph.node %g, %xvi
    %bv = graph.load %start[%sv] : !graph.nprop<i64>
    %nv = graph.load %size[%sv] : !graph.nprop<i64>
    %ev = arith.addi %bv, %nv : i64
    %bvi = arith.index_cast %bv : i64 to index
    %evi = arith.index_cast %ev : i64 to index
    %found = scf.for %k = %bvi to %evi step %c1 iter_args(%sum = %z) -> (i64) {
      %e = graph.edge %g, %k
      %xu = graph.load %above[%e] : !graph.eprop<i32>
      %xui = arith.index_castui %xu : i32 to index
      %su = graph.node %g, %xui
      %bu = graph.load %start[%su] : !graph.nprop<i64>
      %nu = graph.load %size[%su] : !graph.nprop<i64>
      %eu = arith.addi %bu, %nu : i64
      %k64 = arith.index_cast %k : index to i64
      %rest = arith.addi %k64, %one : i64
      %c = func.call @common(%g, %above, %rest, %ev, %bu, %eu) : (!graph.graph, !graph.eprop<i32>, i64, i64, i64, i64) -> i64
      %s2 = arith.addi %sum, %c : i64
      scf.yield %s2 : i64
    }
    graph.reduce add %found, %count : !graph.scalar<i64>
  }
  %r = graph.load %count : !graph.scalar<i64>
  return %r : i64
}

// A node's degree (out plus in), capped below the node count.
func.func private @key(%g: !graph.graph, %x: !graph.node) -> i64 {
  %od = graph.out_degree %g, %x
  %id = graph.in_degree %g, %x
  %d = arith.addi %od, %id : index
  %n = graph.num_nodes %g
  %c1 = arith.constant 1 : index
  %top = arith.subi %n, %c1 : index
  %k = arith.minui %d, %top : index
  %k64 = arith.index_cast %k : index to i64
  return %k64 : i64
}

// The node numbered by the key of node i (an index into a property).
func.func private @slot_of(%g: !graph.graph, %key: !graph.nprop<i64>, %i: index) -> !graph.node {
  %v = graph.node %g, %i
  %k = graph.load %key[%v] : !graph.nprop<i64>
  %ki = arith.index_cast %k : i64 to index
  %b = graph.node %g, %ki
  return %b : !graph.node
}

// Appends position x, y's, to the slice of each neighbour of y placed
// below it, once per neighbour (out-list, then in-list unless `sym`; a
// neighbour in both, or over parallel edges, already ends with x).
func.func private @append_to_slices(%g: !graph.graph, %pos: !graph.nprop<i64>, %start: !graph.nprop<i64>, %fill: !graph.nprop<i64>, %above: !graph.eprop<i32>, %y: !graph.node, %x: i64, %sym: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %x32 = arith.trunci %x : i64 to i32
  %dout = graph.out_degree %g, %y
  %in = graph.in_degree %g, %y
  %din = arith.select %sym, %c0, %in : index
  %total = arith.addi %dout, %din : index
  scf.for %i = %c0 to %total step %c1 {
    %is_out = arith.cmpi ult, %i, %dout : index
    %w = scf.if %is_out -> (!graph.node) {
      %e = graph.out_edge %g, %y, %i
      %d = graph.dst %g, %e
      scf.yield %d : !graph.node
    } else {
      %j = arith.subi %i, %dout : index
      %e = graph.in_edge %g, %y, %j
      %s = graph.src %g, %e
      scf.yield %s : !graph.node
    }
    %pw = graph.load %pos[%w] : !graph.nprop<i64>
    %below = arith.cmpi slt, %pw, %x : i64
    scf.if %below {
      %pwi = arith.index_cast %pw : i64 to index
      %sw = graph.node %g, %pwi
      %f = graph.load %fill[%sw] : !graph.nprop<i64>
      %b = graph.load %start[%sw] : !graph.nprop<i64>
      %some = arith.cmpi sgt, %f, %b : i64
      %again = scf.if %some -> (i1) {
        %l = arith.subi %f, %one : i64
        %li = arith.index_cast %l : i64 to index
        %le = graph.edge %g, %li
        %last = graph.load %above[%le] : !graph.eprop<i32>
        %same = arith.cmpi eq, %last, %x32 : i32
        scf.yield %same : i1
      } else {
        scf.yield %some : i1
      }
      %true = arith.constant true
      %fresh = arith.xori %again, %true : i1
      scf.if %fresh {
        %fi = arith.index_cast %f : i64 to index
        %fe = graph.edge %g, %fi
        graph.store %x32, %above[%fe] : !graph.eprop<i32>
        %f1 = arith.addi %f, %one : i64
        graph.store %f1, %fill[%sw] : !graph.nprop<i64>
      }
    }
  }
  return
}

// How many neighbours v has (out and in, each once, v itself left out)
// placed after it. Out- and in-neighbours are each sorted by number; the
// walk merges the two lists (with `sym`, the out-list alone: the in-list
// holds the same).
func.func private @neighbours_above(%g: !graph.graph, %pos: !graph.nprop<i64>, %v: !graph.node, %sym: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = arith.constant -1 : index
  %dout = graph.out_degree %g, %v
  %in = graph.in_degree %g, %v
  %din = arith.select %sym, %c0, %in : index
  %rv = graph.load %pos[%v] : !graph.nprop<i64>
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
    %ru = graph.load %pos[%u] : !graph.nprop<i64>
    %up = arith.cmpi sgt, %ru, %rv : i64
    %other = arith.cmpi ne, %x, %vid : index
    %fresh = arith.cmpi ne, %x, %last : index
    %ok = arith.andi %up, %other : i1
    %take = arith.andi %ok, %fresh : i1
    %inc = arith.index_castui %take : i1 to index
    %n2 = arith.addi %n, %inc : index
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
