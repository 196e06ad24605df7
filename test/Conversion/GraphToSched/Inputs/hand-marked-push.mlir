// Pushes marked 'sched.once_per_round' by hand (see ../hand-marked-push.mlir).
// The mark holds: the push runs only when the 'min' at its item changes.
func.func @holds(%g: !graph.graph, %source: !graph.node) -> !graph.nprop<i64> {
  %unreached = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %dist = graph.new_node_prop %g, %unreached : !graph.nprop<i64>
  graph.store %c0, %dist[%source] : !graph.nprop<i64>
  %frontier = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %source, %frontier : !graph.worklist<!graph.node>
  %last = graph.iterate %frontier : !graph.worklist<!graph.node> iter_args(%level = %c0) -> (i64) {
    %next = arith.addi %level, %c1 : i64
    graph.foreach %v in items(%frontier : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %changed = graph.reduce min %next, %dist[%u] : !graph.nprop<i64> -> i1
        scf.if %changed {
          graph.push %u, %frontier {sched.once_per_round} : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield %next : i64
  }
  return %dist : !graph.nprop<i64>
}

// -----

// The mark does not hold: every neighbour is pushed, and a node with two
// neighbours in the round would come twice.
func.func @fails(%g: !graph.graph, %source: !graph.node) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %frontier = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %source, %frontier : !graph.worklist<!graph.node>
  %rounds = graph.iterate %frontier : !graph.worklist<!graph.node> iter_args(%r = %c0) -> (i64) {
    %next = arith.addi %r, %c1 : i64
    %stop = arith.cmpi sge, %r, %c1 : i64
    graph.foreach %v in items(%frontier : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        scf.if %stop {
        } else {
          // expected-error@+1 {{'sched.once_per_round' does not hold for this push: it neither pushes the own item of a loop that runs once a round, nor runs only when a 'min', 'max', 'and' or 'or' reduction into its item's element reports a change or when a 'fetch_add' of a constant into it returns a value compared for equality; without it the push claims each item}}
          graph.push %u, %frontier {sched.once_per_round} : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield %next : i64
  }
  return %rounds : i64
}
