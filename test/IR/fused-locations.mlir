// Fused locations are built as MLIR builds them: unknown parts dropped,
// repeats kept once, nested fused locations with the same metadata
// flattened, a single location without metadata is itself.
// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s

func.func @f() {
  // CHECK: "t.a"() : () -> () loc("a.c":1:2)
  "t.a"() : () -> () loc(fused["a.c":1:2, unknown])
  // CHECK: "t.b"() : () -> () loc(unknown)
  "t.b"() : () -> () loc(fused[unknown])
  // CHECK: "t.c"() : () -> () loc(fused<"m">[unknown])
  "t.c"() : () -> () loc(fused<"m">[unknown])
  // CHECK: "t.d"() : () -> () loc(fused["a":1:1, "b":2:2, fused<"x">["c":1:1]])
  "t.d"() : () -> () loc(fused["a":1:1, fused["b":2:2, "a":1:1], fused<"x">["c":1:1]])
  // CHECK: "t.e"() : () -> () loc(fused<"x">["a":1:1, "b":2:2])
  "t.e"() : () -> () loc(fused<"x">["a":1:1, fused<"x">["b":2:2]])
  return
}
