// A loop over a range the interpreter cannot hold (see ../graph-run.mlir).
func.func @huge(%g: !graph.graph, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %s = graph.new_scalar %z : !graph.scalar<i64>
  graph.foreach %i in range(%c0, %n) {
    graph.reduce add %one, %s : !graph.scalar<i64>
  }
  %r = graph.load %s : !graph.scalar<i64>
  return %r : i64
}
