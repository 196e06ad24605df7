// A worklist whose rounds double until memory is spent (see ../graph-run.mlir).
func.func @explode(%g: !graph.graph, %source: !graph.node) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %frontier = graph.new_worklist %g : !graph.worklist<!graph.node>
  graph.push %source, %frontier : !graph.worklist<!graph.node>
  %rounds = graph.iterate %frontier : !graph.worklist<!graph.node> iter_args(%round = %c0) -> (i64) {
    %next = arith.addi %round, %c1 : i64
    graph.foreach %v in items(%frontier : !graph.worklist<!graph.node>) {
      graph.push %v, %frontier : !graph.worklist<!graph.node>
      graph.push %v, %frontier : !graph.worklist<!graph.node>
    }
    graph.yield %next : i64
  }
  return %rounds : i64
}
