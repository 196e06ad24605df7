// Float-to-integer conversions whose operand does not fit the result.
func.func @f(%x: f64) -> i32 {
  %r = arith.fptosi %x : f64 to i32
  return %r : i32
}
func.func @g(%x: f64) -> i64 {
  %r = arith.fptoui %x : f64 to i64
  return %r : i64
}
