// The GPU's work-shared loops count iterations the same overflow-free way
// (test/Target/CPU/huge-ranges.mlir runs them on the CPU); the PTX passes ptxas.
// REQUIRES: ptxas
// RUN: graph-opt %S/../CPU/huge-ranges.mlir --target=gpu --emit=ptx -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: graph-opt %S/../CPU/huge-ranges.mlir --target=gpu --emit=llvm | FileCheck %s
// CHECK-DAG: udiv i64
// CHECK-DAG: error: step must be positive, got %lld
