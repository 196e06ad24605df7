// i0 values are all 0: arithmetic on them, folding and argument checks.
func.func @f(%a: i0, %b: i0) -> i0 {
  %s = arith.addi %a, %b : i0
  %m = arith.muli %s, %b overflow<nsw> : i0
  %c = arith.constant 0 : i0
  %d = arith.addi %m, %c : i0
  return %d : i0
}
