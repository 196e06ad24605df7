// A small program with foldable arithmetic, redundant expressions and an
// unused private helper: canonicalize, cse and symbol-dce clean it up.
func.func @sum_of_squares(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %six = arith.muli %two, %three : i64
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %x = arith.index_cast %i : index to i64
    %sq = arith.muli %x, %x : i64
    %sq2 = arith.muli %x, %x : i64
    %t = arith.addi %sq, %sq2 : i64
    %u = arith.subi %t, %sq2 : i64
    %next = arith.addi %acc, %u : i64
    scf.yield %next : i64
  }
  %r = arith.muli %sum, %six : i64
  %s = arith.divsi %r, %six : i64
  return %s : i64
}

func.func private @unused_helper(%x: i64) -> i64 {
  return %x : i64
}
