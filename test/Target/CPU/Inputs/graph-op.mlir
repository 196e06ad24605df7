// A graph-level operation in a function whose signature the emitter accepts.
func.func @size(%g: !graph.graph) -> index {
  %c1 = arith.constant 1 : index
  %n = graph.num_nodes %g
  %m = arith.addi %n, %c1 : index
  return %m : index
}
