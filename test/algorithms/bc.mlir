// Betweenness centrality from one source (Brandes), unweighted and
// unnormalized: per node v the dependency of the source on v,
// delta(v) = sum over out-edges v->w on shortest paths of
// sigma(v)/sigma(w) * (1 + delta(w)), where sigma counts shortest paths from
// the source. The source and nodes it does not reach get 0.
//
// Three sweeps over the levels of a breadth-first search: the search finds
// each node's distance; a parallel counting sort lists the reached nodes
// level by level (`order`, each level a range of it); then, level by level, each
// node gathers its path count from its in-neighbours one level up (from
// the source down), and its dependency from its out-neighbours one level
// down (from the deepest level up). No sweep scans nodes outside its
// level, and each node writes only its own counts.
func.func @bc(%g: !graph.graph, %source: !graph.node) -> !graph.nprop<f64> {
  %unreached = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %dist = graph.new_node_prop %g, %unreached : !graph.nprop<i64>
  %sigma = graph.new_node_prop %g, %zero : !graph.nprop<f64>
  %delta = graph.new_node_prop %g, %zero : !graph.nprop<f64>
  graph.store %c0, %dist[%source] : !graph.nprop<i64>
  graph.store %one, %sigma[%source] : !graph.nprop<f64>

  // Distances: the frontier holds the nodes at `level`.
  %frontier = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %source, %frontier : !graph.worklist<!graph.node>
  %depth = graph.iterate %frontier : !graph.worklist<!graph.node> iter_args(%level = %c0) -> (i64) {
    %next = arith.addi %level, %c1 : i64
    graph.foreach %v in items(%frontier : !graph.worklist<!graph.node>) {
      graph.foreach %w, %e in out_nbrs(%g, %v) {
        %found = graph.reduce min %next, %dist[%w] : !graph.nprop<i64> -> i1
        scf.if %found {
          graph.push %w, %frontier : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield %next : i64
  }

  // The reached nodes in order of their distance (node properties double
  // as arrays indexed by level and by place): `size` and `first` give
  // each level's range of `order`. `depth` levels, 0 to depth - 1. A
  // counting sort on all threads: the levels' sizes are summed, and each
  // node takes the next free place of its level's range (`graph.fetch_add`
  // gives every node another one; which node gets which place of its level
  // changes nothing below, where each node's sums run over its own lists).
  // On the CPU both loops run on one thread: two threads adding to the
  // same few counters (a level's) for every node take longer than one
  // thread alone; on the GPU one thread would take far longer.
  %size = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %dv = graph.load %dist[%v] : !graph.nprop<i64>
    %reached = arith.cmpi ne, %dv, %unreached : i64
    scf.if %reached {
      %l = func.call @at(%g, %dv) : (!graph.graph, i64) -> !graph.node
      graph.reduce add %c1, %size[%l] : !graph.nprop<i64>
    }
  } attributes {cpu_schedule = {mapping = "sequential"}}
  %first = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %fill = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %depthi = arith.index_cast %depth : i64 to index
  %placed = scf.for %k = %i0 to %depthi step %i1 iter_args(%at = %c0) -> (i64) {
    %l = graph.node %g, %k
    graph.store %at, %first[%l] : !graph.nprop<i64>
    graph.store %at, %fill[%l] : !graph.nprop<i64>
    %n = graph.load %size[%l] : !graph.nprop<i64>
    %next = arith.addi %at, %n : i64
    scf.yield %next : i64
  }
  // A place holds one node: its one addition to 0 is the node's number.
  %order = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %dv = graph.load %dist[%v] : !graph.nprop<i64>
    %reached = arith.cmpi ne, %dv, %unreached : i64
    scf.if %reached {
      %l = func.call @at(%g, %dv) : (!graph.graph, i64) -> !graph.node
      %p = graph.fetch_add %c1, %fill[%l] : !graph.nprop<i64>
      %slot = func.call @at(%g, %p) : (!graph.graph, i64) -> !graph.node
      %id = graph.node_id %v
      %k64 = arith.index_cast %id : index to i64
      graph.reduce add %k64, %order[%slot] : !graph.nprop<i64>
    }
  } attributes {cpu_schedule = {mapping = "sequential"}}

  // Path counts, from level 1 down: the sum over in-neighbours one level
  // up. Each node is at one place of `order`, so one iteration adds to its
  // count, which a reduction says to the race check.
  scf.for %k = %i1 to %depthi step %i1 {
    %level = arith.index_cast %k : index to i64
    %up = arith.subi %level, %c1 : i64
    %lo, %hi = func.call @level_range(%g, %first, %size, %level) : (!graph.graph, !graph.nprop<i64>, !graph.nprop<i64>, i64) -> (index, index)
    graph.foreach %i in range(%lo, %hi) {
      %v = func.call @placed(%g, %order, %i) : (!graph.graph, !graph.nprop<i64>, index) -> !graph.node
      %sum = graph.new_scalar %zero : !graph.scalar<f64>
      graph.foreach %u, %e in in_nbrs(%g, %v) where {
        %du = graph.load %dist[%u] : !graph.nprop<i64>
        %pred = arith.cmpi eq, %du, %up : i64
        graph.yield %pred : i1
      } do {
        %su = graph.load %sigma[%u] : !graph.nprop<f64>
        graph.reduce add %su, %sum : !graph.scalar<f64>
      }
      %s = graph.load %sum : !graph.scalar<f64>
      graph.reduce add %s, %sigma[%v] : !graph.nprop<f64>
    }
  }

  // Dependencies, from the level above the deepest up to level 1: the sum
  // over out-neighbours one level down.
  %top = arith.subi %depthi, %i1 : index
  scf.for %k = %i1 to %top step %i1 {
    %ki = arith.index_cast %k : index to i64
    %below = arith.subi %depth, %ki : i64
    %level = arith.subi %below, %c1 : i64
    %lo, %hi = func.call @level_range(%g, %first, %size, %level) : (!graph.graph, !graph.nprop<i64>, !graph.nprop<i64>, i64) -> (index, index)
    graph.foreach %i in range(%lo, %hi) {
      %v = func.call @placed(%g, %order, %i) : (!graph.graph, !graph.nprop<i64>, index) -> !graph.node
      %sv = graph.load %sigma[%v] : !graph.nprop<f64>
      %sum = graph.new_scalar %zero : !graph.scalar<f64>
      graph.foreach %w, %e in out_nbrs(%g, %v) where {
        %dw = graph.load %dist[%w] : !graph.nprop<i64>
        %succ = arith.cmpi eq, %dw, %below : i64
        graph.yield %succ : i1
      } do {
        %sw = graph.load %sigma[%w] : !graph.nprop<f64>
        %dlw = graph.load %delta[%w] : !graph.nprop<f64>
        %share = arith.addf %one, %dlw : f64
        %per_path = arith.divf %share, %sw : f64
        %d = arith.mulf %sv, %per_path : f64
        graph.reduce add %d, %sum : !graph.scalar<f64>
      }
      %dep = graph.load %sum : !graph.scalar<f64>
      graph.reduce add %dep, %delta[%v] : !graph.nprop<f64>
    }
  }
  return %delta : !graph.nprop<f64>
}

// The node property's element numbered x (an index into a property used as an array).
func.func private @at(%g: !graph.graph, %x: i64) -> !graph.node {
  %xi = arith.index_cast %x : i64 to index
  %n = graph.node %g, %xi
  return %n : !graph.node
}

// The range of `order` holding the nodes at `level`.
func.func private @level_range(%g: !graph.graph, %first: !graph.nprop<i64>, %size: !graph.nprop<i64>, %level: i64) -> (index, index) {
  %l = func.call @at(%g, %level) : (!graph.graph, i64) -> !graph.node
  %lo = graph.load %first[%l] : !graph.nprop<i64>
  %n = graph.load %size[%l] : !graph.nprop<i64>
  %hi = arith.addi %lo, %n : i64
  %loi = arith.index_cast %lo : i64 to index
  %hii = arith.index_cast %hi : i64 to index
  return %loi, %hii : index, index
}

// The node at place i of `order`.
func.func private @placed(%g: !graph.graph, %order: !graph.nprop<i64>, %i: index) -> !graph.node {
  %slot = graph.node %g, %i
  %id = graph.load %order[%slot] : !graph.nprop<i64>
  %v = func.call @at(%g, %id) : (!graph.graph, i64) -> !graph.node
  return %v : !graph.node
}
