// An operation of an unregistered dialect beside the functions.
"t.global"() {sym_name = "g"} : () -> ()
func.func @f(%x: i64) -> i64 {
  return %x : i64
}
