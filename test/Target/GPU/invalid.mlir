// Bad GPU flags are errors before anything is compiled; nothing is written
// to -o.
// RUN: rm -f %t.ptx
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=ptx --gpu-arch=sm_60 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=OLD
// OLD: error: unknown GPU architecture 'sm_60'; expected one of: sm_70, sm_72, sm_75, sm_80
// RUN: not test -e %t.ptx
// RUN: not graph-opt %S/Inputs/shared-too-large.mlir --target=gpu --emit=ptx -o %t.ptx 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: shared-too-large.mlir:4:10: error: 4096 elements of i64 exceed the 16384 bytes of a block's shared memory this backend gives 'par.shared'
// RUN: not test -e %t.ptx
// RUN: graph-opt %S/Inputs/shared-too-large.mlir --target=cpu --emit=obj -o /dev/null
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=ptx --ptx-version=7.9 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: error: unknown PTX version '7.9'; expected one of: 6.0, 6.1,
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=ptx --ptx-version=eight -o %t.ptx 2>&1 | FileCheck %s --check-prefix=WORD
// WORD: error: unknown PTX version 'eight'
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=ptx --gpu-arch=sm_90 --ptx-version=7.0 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=PAIR
// PAIR: error: PTX 7.0 cannot target sm_90: it needs PTX 7.8 or later
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=ptx --gpu-arch=sm_90a --ptx-version=7.8 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=PAIR-A
// PAIR-A: error: PTX 7.8 cannot target sm_90a: it needs PTX 8.0 or later
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=ptx --gpu-arch=sm_70 --ptx-version=6.0 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=WARP
// WARP: error: PTX 6.0 cannot target sm_70: it needs PTX 6.2 or later
// RUN: not test -e %t.ptx

// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=obj -o %t.o 2>&1 | FileCheck %s --check-prefix=OBJ
// OBJ: error: --target=gpu writes PTX (--emit=ptx) or LLVM IR (--emit=llvm), not objects
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=cpu --emit=ptx 2>&1 | FileCheck %s --check-prefix=PTX-CPU
// PTX-CPU: error: --emit=ptx needs --target=gpu
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --emit=ptx 2>&1 | FileCheck %s --check-prefix=PTX-CPU
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=cpu --emit=asm --gpu-arch=sm_90 2>&1 | FileCheck %s --check-prefix=ARCH-CPU
// ARCH-CPU: error: --gpu-arch, --ptx-version and --gpu-min-blocks apply to --target=gpu
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=ptx --cpu=native 2>&1 | FileCheck %s --check-prefix=CPU-GPU
// CPU-GPU: error: --cpu applies to --target=cpu; use --gpu-arch for the GPU

// Code is emitted at the par level only, as for the CPU.
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --pass-pipeline='builtin.module(canonicalize)' --target=gpu --emit=ptx 2>&1 | FileCheck %s --check-prefix=LEVEL
// LEVEL: bfs.mlir:3:1: error: cannot emit a value of type !graph.node as LLVM IR

// graph-run: flags of other backends.
// RUN: not graph-run %S/../../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs --backend gpu --threads 2 0 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: error: --threads applies to the CPU backend only (--backend cpu)
// RUN: not graph-run %S/../../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs --backend gpu --shuffle 1 0 2>&1 | FileCheck %s --check-prefix=SHUFFLE
// SHUFFLE: error: --shuffle applies to the interpreter only (--backend interp)
// RUN: not graph-run %S/../../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs --backend cpu --gpu-min-blocks 2 0 2>&1 | FileCheck %s --check-prefix=MIN-BLOCKS
// MIN-BLOCKS: error: --gpu-min-blocks applies to the GPU backend only (--backend gpu)
// RUN: not graph-bench --graphs gen:grid:rows=2,cols=2 --algorithms bfs --gpu-min-blocks 2 2>&1 | FileCheck %s --check-prefix=BENCH-MIN-BLOCKS
// BENCH-MIN-BLOCKS: error: --gpu-min-blocks applies to the GPU's figures only (--backend gpu)
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=ptx --gpu-min-blocks=33 2>&1 | FileCheck %s --check-prefix=MIN-BLOCKS-RANGE
// MIN-BLOCKS-RANGE: error: invalid value '33' for '--gpu-min-blocks <N>': 33 is not in 0..=32
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --gpu-min-blocks=2 2>&1 | FileCheck %s --check-prefix=MIN-BLOCKS-CPU
// MIN-BLOCKS-CPU: error: --gpu-arch, --ptx-version and --gpu-min-blocks apply to --target=gpu

// A PTX module is loaded alone, so a call to a function without a body is an
// error where it is made, and nothing is written; the CPU links it.
// RUN: rm -f %t.ptx
// RUN: not graph-opt %S/Inputs/extern-call.mlir --target=gpu --emit=ptx -o %t.ptx 2>&1 | FileCheck %s --check-prefix=EXTERN
// EXTERN: extern-call.mlir:4:8: error: call to '@ext', which has no body: GPU code can only call functions defined in the program
// RUN: not test -e %t.ptx
// RUN: graph-opt %S/Inputs/extern-call.mlir --target=cpu --emit=obj -o %t.o
