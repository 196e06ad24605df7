// A loop that never ends (see ../graph-run.mlir: --time-limit).
func.func @forever(%g: !graph.graph) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %true = arith.constant true
  %r = scf.while (%i = %c0) : (i64) -> i64 {
    scf.condition(%true) %i : i64
  } do {
  ^bb0(%j: i64):
    %k = arith.addi %j, %c1 : i64
    scf.yield %k : i64
  }
  return %r : i64
}
