// A block's shared buffer beyond what par.shared may take on the GPU.
func.func @big() {
  "par.parallel"() ({
    %s = "par.shared"() <{size = 4096 : i64}> : () -> !par.buf<i64>
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
