// A misspelt name gets the closest known one: an operation, a pass, a
// pass's option, a schedule entry, an entry function. A name close to none
// gets the list instead.
// RUN: not graph-opt %s 2>&1 | FileCheck %s --check-prefix=OP
// OP: did-you-mean.mlir:[[@LINE+14]]:8: error: custom op 'arith.mulli' is unknown
// OP: did-you-mean.mlir:[[@LINE+13]]:8: note: did you mean 'arith.muli'?
// RUN: not graph-opt %S/../algorithms/bfs.mlir --pass-pipeline='builtin.module(func.func(ces))' 2>&1 | FileCheck %s --check-prefix=PASS
// PASS: note: did you mean 'cse'?
// RUN: not graph-opt %S/../algorithms/bfs.mlir --pass-pipeline='builtin.module(canonicalize{max-iteration=2})' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: pass 'canonicalize' has no option 'max-iteration' (known options: max-iterations, top-down, test-convergence, region-simplify); did you mean 'max-iterations'?
// RUN: not graph-opt %S/../algorithms/bfs.mlir --target=cpu --schedule frontiers=bitmap 2>&1 | FileCheck %s --check-prefix=SCHEDULE
// SCHEDULE: error: unknown schedule entry 'frontiers', expected one of: {{.*}}; did you mean 'frontier'?
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bsf 0 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: error: {{.*}}bfs.mlir has no function named 'bsf'; did you mean 'bfs'?
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry main 0 2>&1 | FileCheck %s --check-prefix=LIST
// LIST: error: {{.*}}bfs.mlir has no function named 'main' (functions: bfs)

func.func @f(%a: i64) -> i64 {
  %b = arith.mulli %a, %a : i64
  return %b : i64
}
