// A function declared without a body: the CPU links it, the GPU cannot.
func.func private @ext(i64) -> i64
func.func @f(%a: i64) -> i64 {
  %r = func.call @ext(%a) : (i64) -> i64
  return %r : i64
}
