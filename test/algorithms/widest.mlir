// Widest paths (the bottleneck problem), data-driven: the width of a path
// is its narrowest edge's weight; per node the largest width of a path
// from the source. The source's own width is 2^63-1 (no edge narrows the
// empty path); a node the source does not reach has -2^63, and a path of
// that width (an edge of weight -2^63) is an error, never taken for none.
// A node whose width grew in one round widens its out-neighbours in the
// next.
func.func @widest(%g: !graph.graph, %source: !graph.node) -> !graph.nprop<i64> {
  %wide = arith.constant 9223372036854775807 : i64
  %none = arith.constant -9223372036854775808 : i64
  %width = graph.new_node_prop %g, %none : !graph.nprop<i64>
  graph.store %wide, %width[%source] : !graph.nprop<i64>
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %source, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %wv = graph.load %width[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %w = graph.weight %g, %e
        %through = arith.minsi %wv, %w : i64
        // -2^63 stands for "unreached": a path that narrow is refused
        // rather than taken for no path.
        %reached = arith.cmpi ne, %through, %none : i64
        cf.assert %reached, "widest: a path of width -2^63 would read as unreached"
        %changed = graph.reduce max %through, %width[%u] : !graph.nprop<i64> -> i1
        scf.if %changed {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return %width : !graph.nprop<i64>
}
