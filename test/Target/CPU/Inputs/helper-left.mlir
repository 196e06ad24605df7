// A program lowered with a helper function (argmin) and an operation of an
// unregistered dialect left over.
"t.w"() ({
}) : () -> ()
func.func @shared_argmin(%g: !graph.graph, %w: !graph.nprop<i64>, %best: !graph.nprop<!graph.edge>, %root: !graph.node) {
  graph.foreach %e in edges(%g) {
    %k = graph.weight %g, %e
    graph.reduce_arg min %k, %e, %w, %best[%root] : !graph.nprop<i64>, !graph.nprop<!graph.edge>
  }
  return
}
