// An ordered worklist hands out its nodes bucket by bucket, lowest first,
// the same on the interpreter, the par-level program in the interpreter
// (in order and shuffled) and compiled for the CPU on 1 and 2 threads.
// RUN: graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=3,cols=3 --entry rounds 3 5 | FileCheck %s
// Node:   0  1  2  3  4  5  6  7  8
// Key:   24 21 18 15 12  9  6  3  0   (scale 3, delta 5: buckets 4 4 3 3 2 1 1 0 0)
// Round:  2  5  4  4  3  1  1  0  0   (node 0 moved down after round 1, node 4 not up)
// CHECK-COUNT-1: {{^}}2{{$}}
// CHECK-NEXT: {{^}}5{{$}}
// CHECK-NEXT: {{^}}4{{$}}
// CHECK-NEXT: {{^}}4{{$}}
// CHECK-NEXT: {{^}}3{{$}}
// CHECK-NEXT: {{^}}1{{$}}
// CHECK-NEXT: {{^}}1{{$}}
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: {{^}}0{{$}}
// RUN: graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=3,cols=3 --entry rounds 3 5 --backend cpu --threads 2 | FileCheck %s
//
// Buckets far apart (beyond the CPU's window of 1,024 buckets, so the
// window moves along the overflow) and buckets shared by many nodes.
// RUN: graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=8,cols=8 --entry rounds 3000 2 > %t.far
// RUN: graph-opt %S/Inputs/ordered-rounds.mlir --target=cpu -o %t.par.mlir
// RUN: graph-run %t.par.mlir --graph gen:grid:rows=8,cols=8 --entry rounds 3000 2 > %t.far.par
// RUN: graph-run %t.par.mlir --graph gen:grid:rows=8,cols=8 --entry rounds 3000 2 --shuffle 5 > %t.far.shuffled
// RUN: graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=8,cols=8 --entry rounds 3000 2 --backend cpu --threads 1 > %t.far.cpu1
// RUN: graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=8,cols=8 --entry rounds 3000 2 --backend cpu --threads 2 > %t.far.cpu2
// RUN: diff %t.far %t.far.par
// RUN: diff %t.far %t.far.shuffled
// RUN: diff %t.far %t.far.cpu1
// RUN: diff %t.far %t.far.cpu2
// RUN: graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=8,cols=8 --entry rounds 1 7 > %t.near
// RUN: graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=8,cols=8 --entry rounds 1 7 --backend cpu --threads 2 > %t.near.cpu
// RUN: diff %t.near %t.near.cpu
//
// sssp_delta on a grid whose distances span thousands of buckets.
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:grid:rows=24,cols=24,seed=3,weighted --entry sssp 0 > %t.sssp
// RUN: graph-run %S/../../algorithms/sssp_delta.mlir --graph gen:grid:rows=24,cols=24,seed=3,weighted --entry sssp_delta 0 1 --backend cpu --threads 2 > %t.delta1
// RUN: diff %t.sssp %t.delta1
//
// A negative key when the round ends, and a width that is not positive.
// RUN: not graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=3,cols=3 --entry rounds -- -3 5 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: ordered-rounds.mlir:[[#]]:12: error: node 0 has a negative key (-24): an ordered worklist needs keys of at least 0
// RUN: not graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=3,cols=3 --entry rounds --backend cpu -- -3 5 2>&1 | FileCheck %s --check-prefix=NEG-CPU
// NEG-CPU: error: a node pushed to an ordered worklist has a negative key
// RUN: not graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=3,cols=3 --entry rounds 3 0 2>&1 | FileCheck %s --check-prefix=DELTA
// DELTA: ordered-rounds.mlir:[[#]]:8: error: the delta of an ordered worklist must be positive, got 0
// RUN: not graph-run %S/Inputs/ordered-rounds.mlir --graph gen:grid:rows=3,cols=3 --entry rounds 3 0 --backend cpu 2>&1 | FileCheck %s --check-prefix=DELTA-CPU
// DELTA-CPU: error: the delta of an ordered worklist must be positive
