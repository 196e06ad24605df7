// A misspelt name gets the closest known one: an operation, a pass, a
// pass's option, a schedule entry, an entry function, a graph generator or
// its parameter. A name close to none
// gets the list instead.
// RUN: not graph-opt %s 2>&1 | FileCheck %s --check-prefix=OP
// OP: did-you-mean.mlir:[[@LINE+25]]:8: error: custom op 'arith.mulli' is unknown
// OP: did-you-mean.mlir:[[@LINE+24]]:8: note: did you mean 'arith.muli'?
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
// A generator's parameter, its 'weighted', and the generator itself, in
// graph-run, graph-convert and graph-bench.
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rws=2 --entry bfs 0 2>&1 | FileCheck %s --check-prefix=PARAM
// PARAM: gen:grid:rws=2: error: unknown parameter 'rws' for generator 'grid' (it takes rows, cols, drop, seed and weighted); did you mean 'rows'?
// RUN: not graph-convert gen:kron:scale=3,wieghted %t.el 2>&1 | FileCheck %s --check-prefix=WEIGHTED
// WEIGHTED: error: bad generator parameter 'wieghted', expected NAME=VALUE or 'weighted'; did you mean 'weighted'?
// RUN: not graph-bench --corpus %S/../algorithms --algorithms bfs --graphs gird 2>&1 | FileCheck %s --check-prefix=GENERATOR
// GENERATOR-NOT: algorithm
// GENERATOR: error: gird: unknown generator 'gird', expected kron, uniform or grid; did you mean 'grid'?
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:kron:depth=2 --entry bfs 0 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: unknown parameter 'depth' for generator 'kron' (it takes scale, degree, seed and weighted){{$}}

func.func @f(%a: i64) -> i64 {
  %b = arith.mulli %a, %a : i64
  return %b : i64
}
