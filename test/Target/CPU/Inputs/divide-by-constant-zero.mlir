// A division by a constant zero in a loop.
func.func @f(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %seven = arith.constant 7 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %q = arith.remui %seven, %z : i64
    %s = arith.addi %acc, %q : i64
    scf.yield %s : i64
  }
  return %r : i64
}
