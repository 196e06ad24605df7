// Code can only be emitted at the par level; anything else is an error at
// the operation, and no output file is written.
// RUN: rm -f %t.o
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --emit=obj -o %t.o 2>&1 | FileCheck %s --check-prefix=LEVEL
// RUN: not test -e %t.o
// LEVEL: bfs.mlir:3:1: error: cannot emit a value of type !graph.node as LLVM IR (lower the program to the par level first, e.g. with --target=cpu)

// An operation of another dialect, at its location.
// RUN: not graph-opt %S/Inputs/graph-op.mlir --emit=llvm 2>&1 | FileCheck %s --check-prefix=OP
// OP: graph-op.mlir:4:8: error: cannot emit 'graph.num_nodes' as LLVM IR: only the par, arith, cf and func dialects are (lower the program first, e.g. with --target=cpu; structured control flow with convert-scf-to-cf)

// RUN: not graph-opt %s --emit=llvm 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: invalid.mlir:[[@LINE+1]]:1: error: cannot emit a value of type f16 as LLVM IR
func.func @half(%x: f16) -> f16 {
  return %x : f16
}

// RUN: not graph-opt %s --emit=llvm --split-input-file 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: error: --emit=llvm cannot be combined with --split-input-file

// RUN: not graph-opt %s --emit=llvm --opt-level=4 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: invalid value '4' for '--opt-level <N>'

// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=cpu --emit=obj --cpu=nonsense -o %t.o 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: invalid value 'nonsense' for '--cpu <NAME>'
