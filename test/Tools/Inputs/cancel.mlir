// Float sums whose result depends on the order of the additions (1e16, ones, -1e16: see ../graph-tune.mlir).
func.func @cancel(%g: !graph.graph) -> f64 {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %big = arith.constant 1.0e16 : f64
  %nbig = arith.constant -1.0e16 : f64
  %sum = graph.new_scalar %zero : !graph.scalar<f64>
  graph.foreach %v in nodes(%g) {
    %c0 = arith.constant 0 : index
    %i = graph.node_id %v
    %first = arith.cmpi eq, %i, %c0 : index
    %x = arith.select %first, %big, %one : f64
    graph.reduce add %x, %sum : !graph.scalar<f64>
  }
  graph.foreach %v in nodes(%g) {
    %i = graph.node_id %v
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      graph.reduce add %nbig, %sum : !graph.scalar<f64>
    }
  }
  %r = graph.load %sum : !graph.scalar<f64>
  return %r : f64
}
