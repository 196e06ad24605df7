// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | graph-opt --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=ROUND

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32 loc(callsite("g" at fused["a.c":1:2, unknown]))
}

// Aliases defined after their use, as mlir-opt prints them.
"test.aliased"() : () -> () loc(#loc9)
#loc9 = loc("alias.c":3:4)

// CHECK: ^bb0(%{{.*}}: i32 loc("{{.*}}locations.mlir":4:14)):
// CHECK: "arith.addi"{{.*}} loc("{{.*}}locations.mlir":5:8)
// CHECK: "func.return"{{.*}} loc(callsite("g" at fused["a.c":1:2, unknown]))
// CHECK: }) : () -> () loc("{{.*}}locations.mlir":4:1)
// CHECK: "test.aliased"() : () -> () loc("alias.c":3:4)
// ROUND: func.func @f(%arg0: i32 loc("{{.*}}locations.mlir":4:14))
// ROUND: arith.addi {{.*}} loc("{{.*}}locations.mlir":5:8)
// ROUND: return {{.*}} loc(callsite("g" at fused["a.c":1:2, unknown]))
