// An error at a call-site location whose callee has no position.
func.func @f(%a: i32) -> i64 {
  return %a : i32 loc(callsite("g" at fused["a.c":1:2, unknown]))
}
