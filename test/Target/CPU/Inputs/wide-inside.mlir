// i128 inside the program, 64-bit values at the interface.
func.func private @square(%a: i128) -> i128 {
  %r = arith.muli %a, %a : i128
  return %r : i128
}
func.func @high_word(%x: i64) -> i64 {
  %w = arith.extsi %x : i64 to i128
  %s = func.call @square(%w) : (i128) -> i128
  %c64 = arith.constant 64 : i128
  %h = arith.shrui %s, %c64 : i128
  %r = arith.trunci %h : i128 to i64
  return %r : i64
}
