// PageRank in single precision (`pr` in double): half the bytes per rank
// and contribution, the precision of GAPBS's and most GPU PageRanks; with
// synchronous (Jacobi) updates: PR_0 = 1/N and
// PR_{k+1}(v) = (1-d)/N + d * sum over in-edges u->v of PR_k(u)/outdeg(u),
// exactly `iterations` rounds; dangling nodes' rank is not redistributed.
// Each round first takes every node's contribution PR_k(u)/outdeg(u), so
// the gather may write PR_{k+1} over PR_k in place.
func.func @pr_f32(%g: !graph.graph, %iterations: i64, %damping: f32) -> !graph.nprop<f32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %nidx = graph.num_nodes %g
  %ni = arith.index_cast %nidx : index to i64
  %n = arith.sitofp %ni : i64 to f32
  %init = arith.divf %one, %n : f32
  %oneminus = arith.subf %one, %damping : f32
  %base = arith.divf %oneminus, %n : f32
  %rank = graph.new_node_prop %g, %init : !graph.nprop<f32>
  %contrib = graph.new_node_prop %g, %zero : !graph.nprop<f32>
  %lo = arith.index_cast %c0 : i64 to index
  %hi = arith.index_cast %iterations : i64 to index
  %step = arith.constant 1 : index
  scf.for %k = %lo to %hi step %step {
    graph.foreach %u in nodes(%g) {
      %r = graph.load %rank[%u] : !graph.nprop<f32>
      %deg = graph.out_degree %g, %u
      %degi = arith.index_cast %deg : index to i64
      %degf = arith.sitofp %degi : i64 to f32
      %c = arith.divf %r, %degf : f32
      graph.store %c, %contrib[%u] : !graph.nprop<f32>
    }
    graph.foreach %v in nodes(%g) {
      %sum = graph.new_scalar %zero : !graph.scalar<f32>
      graph.foreach %u, %e in in_nbrs(%g, %v) {
        %c = graph.load %contrib[%u] : !graph.nprop<f32>
        graph.reduce add %c, %sum : !graph.scalar<f32>
      }
      %s = graph.load %sum : !graph.scalar<f32>
      %ds = arith.mulf %damping, %s : f32
      %nr = arith.addf %base, %ds : f32
      graph.store %nr, %rank[%v] : !graph.nprop<f32>
    }
  }
  return %rank : !graph.nprop<f32>
}
