// REQUIRES: ptxas
// A long block compiles to PTX in bounded time: past 1,000 instructions in
// a block LLVM's NVPTX code generator runs without its optimizations (its
// straight-line strength reduction is quadratic in a block's length: a
// block of 30,000 took over a quarter of an hour before), and ptxas takes
// the result (checked on 3,000: ptxas itself takes a minute on 30,000).
// RUN: python3 %S/../../Transforms/Inputs/long-block.py 30000 > %t.mlir
// RUN: timeout 120 graph-opt %t.mlir --target=gpu --emit=ptx -o %t.ptx
// RUN: python3 %S/../../Transforms/Inputs/long-block.py 3000 > %t.3000.mlir
// RUN: graph-opt %t.3000.mlir --target=gpu --emit=ptx -o %t.3000.ptx
// RUN: %ptxas -arch=sm_80 %t.3000.ptx -o /dev/null
