// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | graph-opt --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=ROUND

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32 loc(callsite("g" at fused["a.c":1:2, unknown]))
}

// A line without a column (column 0), and ranges: on one line (`to :col`)
// and across lines, printed as MLIR prints them.
"test.line"() : () -> () loc("l.c":10)
"test.range"() : () -> () loc("r.c":10:2 to :5)
"test.lines"() : () -> () loc("r.c":10:2 to 11:3)

// Aliases defined after their use, as mlir-opt prints them.
"test.aliased"() : () -> () loc(#loc9)
#loc9 = loc("alias.c":3:4)

// CHECK: ^bb0(%{{.*}}: i32 loc("{{.*}}locations.mlir":4:14)):
// CHECK: "arith.addi"{{.*}} loc("{{.*}}locations.mlir":5:8)
// CHECK: "func.return"{{.*}} loc(callsite("g" at "a.c":1:2))
// CHECK: }) : () -> () loc("{{.*}}locations.mlir":4:1)
// CHECK: "test.line"() : () -> () loc("l.c":10:0)
// CHECK: "test.range"() : () -> () loc("r.c":10:2 to :5)
// CHECK: "test.lines"() : () -> () loc("r.c":10:2 to 11:3)
// CHECK: "test.aliased"() : () -> () loc("alias.c":3:4)
// The implicit module is at line 0, column 0, as in MLIR.
// CHECK: }) : () -> () loc("{{.*}}locations.mlir":0:0)
// ROUND: func.func @f(%arg0: i32 loc("{{.*}}locations.mlir":4:14))
// ROUND: arith.addi {{.*}} loc("{{.*}}locations.mlir":5:8)
// ROUND: return {{.*}} loc(callsite("g" at "a.c":1:2))
// ROUND: "test.range"() : () -> () loc("r.c":10:2 to :5)
// ROUND: "test.lines"() : () -> () loc("r.c":10:2 to 11:3)

// A diagnostic at a call site whose callee has no position points at the
// first position inside the caller.
// RUN: not graph-opt %S/Inputs/callsite-error.mlir 2>&1 | FileCheck %s --check-prefix=CALLSITE
// CALLSITE: {{^}}a.c:1:2: error: type of return operand 0 ('i32') doesn't match function result type ('i64')
