// Every node pushes each out-neighbour once a round, duplicates kept; the
// queue of round r holds all paths of r edges from the source.
func.func @paths(%g: !graph.graph, %source: !graph.node, %rounds: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %count = graph.new_scalar %c0 : !graph.scalar<i64>
  %wl = graph.new_worklist %g : !graph.worklist<!graph.node>
  graph.push %source, %wl : !graph.worklist<!graph.node>
  %last = graph.iterate %wl : !graph.worklist<!graph.node> iter_args(%r = %c0) -> (i64) {
    %next = arith.addi %r, %c1 : i64
    %more = arith.cmpi slt, %next, %rounds : i64
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.reduce add %c1, %count : !graph.scalar<i64>
      scf.if %more {
        graph.foreach %u, %e in out_nbrs(%g, %v) {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield %next : i64
  }
  %n = graph.load %count : !graph.scalar<i64>
  return %n, %last : i64, i64
}
