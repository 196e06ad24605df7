// The interpreter runs the GPU pipeline's par-level program on a simulated
// grid (graph-run --simulate-grid [BLOCKSx]SUBGROUPSxLANES): teams of subgroups whose
// lanes run the warp tier's strided walks and par.subgroup_reduce in step,
// split hubs dealt out in blocks over the team. It prints what the program
// as written prints, whatever the grid's shape, in order or shuffled.
// RUN: graph-opt %S/../../algorithms/sssp.mlir --target=gpu --schedule split=16,warp=2 -o %t.sssp.mlir
// RUN: FileCheck %s --check-prefix=TIERS < %t.sssp.mlir
// TIERS: par.subgroup_reduce
// TIERS: par.thread_id
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=8,degree=8,seed=5,weighted --symmetrize --simplify --entry sssp 3 > %t.written
// RUN: graph-run %t.sssp.mlir --graph gen:kron:scale=8,degree=8,seed=5,weighted --symmetrize --simplify --entry sssp 3 --simulate-grid 2x32 > %t.warps
// RUN: graph-run %t.sssp.mlir --graph gen:kron:scale=8,degree=8,seed=5,weighted --symmetrize --simplify --entry sssp 3 --simulate-grid 2x3x4 --shuffle 11 > %t.small
// RUN: diff %t.written %t.warps
// RUN: diff %t.written %t.small
// The same with every iteration on a warp (mapping=warp).
// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=gpu --schedule mapping=warp,direction=push -o %t.bfs.mlir
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=8,degree=8,seed=5 --symmetrize --simplify --entry bfs 0 > %t.bfs.written
// RUN: graph-run %t.bfs.mlir --graph gen:kron:scale=8,degree=8,seed=5 --symmetrize --simplify --entry bfs 0 --simulate-grid 4x8 --shuffle 2 > %t.bfs.grid
// RUN: diff %t.bfs.written %t.bfs.grid
// A team larger than memory can hold is an error at the team, not an abort.
// RUN: (ulimit -v 8000000; not graph-run %t.bfs.mlir --graph gen:grid:rows=3,cols=3 --entry bfs 0 --simulate-grid 32x1024x1024 2>&1) | FileCheck %s --check-prefix=MEMORY
// MEMORY: error: out of memory: the interpreter cannot hold a simulated team of 33554432 threads ({{[0-9]+}} values each, about {{[0-9.]+}} GB); simulate a smaller grid

// Bad shapes, and other backends.
// RUN: not graph-run %t.bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs 0 --simulate-grid 0x32 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: invalid value '0x32' for '--simulate-grid <[BLOCKSx]SUBGROUPSxLANES>': expected [BLOCKSx]SUBGROUPSxLANES, each 1 to 1024, e.g. 2x32 or 2x4x32; got '0x32'
// RUN: not graph-run %t.bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs 0 --simulate-grid 32 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: expected [BLOCKSx]SUBGROUPSxLANES, each 1 to 1024, e.g. 2x32 or 2x4x32; got '32'
// RUN: not graph-run %t.bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs 0 --simulate-grid 1x2x3x4 2>&1 | FileCheck %s --check-prefix=FOUR
// FOUR: got '1x2x3x4'
// RUN: not graph-run %S/../../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs 0 --backend cpu --simulate-grid 2x32 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: --simulate-grid applies to the interpreter only (--backend interp)
