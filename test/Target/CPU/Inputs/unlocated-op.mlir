// An operation whose location names no place in a file.
func.func @f() {
  "t.c"() : () -> () loc(fused<"m">[unknown])
  return
}
