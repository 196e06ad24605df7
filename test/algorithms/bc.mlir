// Betweenness centrality from one source (Brandes), unweighted and
// unnormalized: per node v the dependency of the source on v,
// delta(v) = sum over out-edges v->w on shortest paths of
// sigma(v)/sigma(w) * (1 + delta(w)), where sigma counts shortest paths from
// the source. The source and nodes it does not reach get 0.
func.func @bc(%g: !graph.graph, %source: !graph.node) -> !graph.nprop<f64> {
  %unreached = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %dist = graph.new_node_prop %g, %unreached : !graph.nprop<i64>
  %sigma = graph.new_node_prop %g, %zero : !graph.nprop<f64>
  %delta = graph.new_node_prop %g, %zero : !graph.nprop<f64>
  graph.store %c0, %dist[%source] : !graph.nprop<i64>
  graph.store %one, %sigma[%source] : !graph.nprop<f64>

  // Forward: level by level, the frontier holds the nodes at `level`, whose
  // path counts are final; they discover the next level and pass their
  // counts on to it.
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
    graph.foreach %v in items(%frontier : !graph.worklist<!graph.node>) {
      %sv = graph.load %sigma[%v] : !graph.nprop<f64>
      graph.foreach %w, %e in out_nbrs(%g, %v) where {
        %dw = graph.load %dist[%w] : !graph.nprop<i64>
        %below = arith.cmpi eq, %dw, %next : i64
        graph.yield %below : i1
      } do {
        graph.reduce add %sv, %sigma[%w] : !graph.nprop<f64>
      }
    }
    graph.yield %next : i64
  }

  // Backward, one of two ways to the same sums: level by level, each level
  // found by a scan of every node, when the levels are few; else through
  // the shortest-path DAG, each node taken once (see below). A scan per
  // level costs nodes x depth; the DAG walk a few passes over the edges
  // and a round per level.
  %nodes = graph.num_nodes %g
  %nodes64 = arith.index_cast %nodes : index to i64
  %edges = graph.num_edges %g
  %edges64 = arith.index_cast %edges : index to i64
  %c4 = arith.constant 4 : i64
  %scans = arith.muli %depth, %nodes64 : i64
  %walk = arith.muli %edges64, %c4 : i64
  %deep = arith.cmpi sgt, %scans, %walk : i64
  scf.if %deep {
    // Through the DAG: a node gathers its dependency from its successors
    // (out-neighbours one level down) once all of them have theirs, which
    // `pending` counts down; the nodes without successors start. Each node
    // is done once, after its successors, whatever its level: Brandes'
    // order, without a scan of every node per level. A node adds to its own
    // dependency once (not once per successor), and the last successor to
    // finish makes a predecessor ready in the same pass.
    %pending = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
    %ready = graph.new_worklist %g unique : !graph.worklist<!graph.node>
    graph.foreach %v in nodes(%g) {
      %dv = graph.load %dist[%v] : !graph.nprop<i64>
      %reached = arith.cmpi ne, %dv, %unreached : i64
      scf.if %reached {
        %below = arith.addi %dv, %c1 : i64
        graph.foreach %w, %e in out_nbrs(%g, %v) {
          %dw = graph.load %dist[%w] : !graph.nprop<i64>
          %succ = arith.cmpi eq, %dw, %below : i64
          scf.if %succ {
            graph.reduce add %c1, %pending[%v] : !graph.nprop<i64>
          }
        }
        %p = graph.load %pending[%v] : !graph.nprop<i64>
        %leaf = arith.cmpi eq, %p, %c0 : i64
        scf.if %leaf {
          graph.push %v, %ready : !graph.worklist<!graph.node>
        }
      }
    }
    %minus1 = arith.constant -1 : i64
    graph.iterate %ready : !graph.worklist<!graph.node> {
      graph.foreach %v in items(%ready : !graph.worklist<!graph.node>) {
        %dv = graph.load %dist[%v] : !graph.nprop<i64>
        %below = arith.addi %dv, %c1 : i64
        %above = arith.subi %dv, %c1 : i64
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
        // One addition into the node's own element, which starts at 0
        // (a reduction: other iterations read the elements of theirs).
        %dep = graph.load %sum : !graph.scalar<f64>
        graph.reduce add %dep, %delta[%v] : !graph.nprop<f64>
        // The predecessors this node was the last to wait for are next
        // (the source is not: its dependency is 0).
        %inner = arith.cmpi sgt, %above, %c0 : i64
        scf.if %inner {
          graph.foreach %u, %e in in_nbrs(%g, %v) where {
            %du = graph.load %dist[%u] : !graph.nprop<i64>
            %pred = arith.cmpi eq, %du, %above : i64
            graph.yield %pred : i1
          } do {
            graph.reduce add %minus1, %pending[%u] : !graph.nprop<i64>
            %p = graph.load %pending[%u] : !graph.nprop<i64>
            %done = arith.cmpi eq, %p, %c0 : i64
            scf.if %done {
              graph.push %u, %ready : !graph.worklist<!graph.node>
            }
          }
        }
      }
      graph.yield
    }
    graph.store %zero, %delta[%source] : !graph.nprop<f64>
  } else {
    // Level by level: from the deepest level up, nodes at level+1 pass
    // their share to their in-neighbours at `level`; the source (level 0)
    // is left out.
    %c1i = arith.constant 1 : index
    %depthi = arith.index_cast %depth : i64 to index
    scf.for %k = %c1i to %depthi step %c1i {
      %ki = arith.index_cast %k : index to i64
      %level = arith.subi %depth, %ki : i64
      %next = arith.addi %level, %c1 : i64
      graph.foreach %w in nodes(%g) where {
        %dw = graph.load %dist[%w] : !graph.nprop<i64>
        %at = arith.cmpi eq, %dw, %next : i64
        graph.yield %at : i1
      } do {
        %sw = graph.load %sigma[%w] : !graph.nprop<f64>
        %dlw = graph.load %delta[%w] : !graph.nprop<f64>
        %share = arith.addf %one, %dlw : f64
        %per_path = arith.divf %share, %sw : f64
        graph.foreach %v, %e in in_nbrs(%g, %w) where {
          %dv = graph.load %dist[%v] : !graph.nprop<i64>
          %above = arith.cmpi eq, %dv, %level : i64
          %nonzero = arith.cmpi ne, %level, %c0 : i64
          %ok = arith.andi %above, %nonzero : i1
          graph.yield %ok : i1
        } do {
          %sv = graph.load %sigma[%v] : !graph.nprop<f64>
          %d = arith.mulf %sv, %per_path : f64
          graph.reduce add %d, %delta[%v] : !graph.nprop<f64>
        }
      }
    }
  }
  return %delta : !graph.nprop<f64>
}
