// A block of 30,000 integer operations in a chain is simplified in bounded
// time: the e-graph works a window of 512 operations at a time, and the
// time limit is the block's (before, one block of 16,000 took 13-26 s with
// time-limit-ms=10 and 33,000 over 100 s with the default). The result is
// the same, and the CPU's whole pipeline, which runs the pass, compiles it
// (past 10,000 instructions in a block LLVM's x86 code generator runs
// without its optimizations: its two-address pass is quadratic in a
// block's length).
// RUN: python3 %S/Inputs/long-block.py 30000 > %t.mlir
// RUN: timeout 60 graph-opt %t.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse,egraph-simplify{time-limit-ms=10}))' --mlir-pass-statistics -o %t.limited.mlir 2>&1 | FileCheck %s --check-prefix=LIMITED
// LIMITED: e-graphs stopped at a limit
// RUN: timeout 120 graph-opt %t.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse,egraph-simplify))' -o %t.simplified.mlir
// RUN: graph-run %t.mlir --entry long 3 5 > %t.before
// RUN: graph-run %t.limited.mlir --entry long 3 5 > %t.after-limited
// RUN: graph-run %t.simplified.mlir --entry long 3 5 > %t.after
// RUN: diff %t.before %t.after-limited
// RUN: diff %t.before %t.after
// RUN: timeout 120 graph-opt %t.mlir --target=cpu --emit=obj -o %t.o
// RUN: timeout 120 graph-run %t.mlir --entry long 3 5 --backend cpu > %t.cpu
// RUN: diff %t.before %t.cpu
