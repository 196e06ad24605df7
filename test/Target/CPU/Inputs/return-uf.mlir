// A function that returns a union-find.
func.func @f(%g: !graph.graph) -> !graph.uf {
  %u = graph.new_uf %g
  return %u : !graph.uf
}
