// graph-run --backend cpu compiles the program for this machine and prints
// exactly what the interpreter prints, on 1 and 2 threads.
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=8,degree=4,seed=5,weighted --symmetrize --simplify --entry sssp 3 > %t.interp
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=8,degree=4,seed=5,weighted --symmetrize --simplify --entry sssp 3 --backend cpu --threads 1 > %t.cpu1
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=8,degree=4,seed=5,weighted --symmetrize --simplify --entry sssp 3 --backend cpu --threads 2 > %t.cpu2
// RUN: diff %t.interp %t.cpu1
// RUN: diff %t.interp %t.cpu2
// sssp_delta, bucket by bucket, agrees with sssp whatever the buckets'
// width, and refuses a width that is not positive.
// RUN: graph-run %S/../../algorithms/sssp_delta.mlir --graph gen:kron:scale=8,degree=4,seed=5,weighted --symmetrize --simplify --entry sssp_delta 3 1 --backend cpu --threads 2 > %t.delta1
// RUN: graph-run %S/../../algorithms/sssp_delta.mlir --graph gen:kron:scale=8,degree=4,seed=5,weighted --symmetrize --simplify --entry sssp_delta 3 40 --backend cpu --threads 2 > %t.delta40
// RUN: graph-run %S/../../algorithms/sssp_delta.mlir --graph gen:kron:scale=8,degree=4,seed=5,weighted --symmetrize --simplify --entry sssp_delta 3 9223372036854775807 > %t.deltamax
// RUN: diff %t.interp %t.delta1
// RUN: diff %t.interp %t.delta40
// RUN: diff %t.interp %t.deltamax
// RUN: not graph-run %S/../../algorithms/sssp_delta.mlir --graph gen:grid:rows=3,cols=3 --entry sssp_delta 0 0 --backend cpu 2>&1 | FileCheck %s --check-prefix=DELTA
// RUN: not graph-run %S/../../algorithms/sssp_delta.mlir --graph gen:grid:rows=3,cols=3 --entry sssp_delta 0 -- -5 2>&1 | FileCheck %s --check-prefix=DELTA
// DELTA: sssp_delta.mlir:{{[0-9]+}}:3: error: sssp_delta: delta must be positive
// RUN: OMP_NUM_THREADS=2 graph-run %S/../../algorithms/cc.mlir --graph gen:grid:rows=9,cols=7 --entry cc --backend cpu | FileCheck %s --check-prefix=CC
// CC-COUNT-63: {{^}}0{{$}}

// --repeat N --time reports the median, min and max kernel time on standard error.
// RUN: graph-run %S/../../algorithms/tc.mlir --graph gen:grid:rows=4,cols=4 --entry tc --backend cpu --repeat 3 --time 2>&1 >/dev/null | FileCheck %s --check-prefix=TIME
// TIME: time: {{[0-9]+\.[0-9]+$}}
// TIME-NEXT: time-min: {{[0-9]+\.[0-9]+$}}
// TIME-NEXT: time-max: {{[0-9]+\.[0-9]+$}}
// TIME-NEXT: runs: 3

// RUN: not graph-run %S/../../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs 0 --shuffle 3 --backend cpu 2>&1 | FileCheck %s --check-prefix=SHUFFLE
// SHUFFLE: error: --shuffle applies to the interpreter only (--backend interp)
// RUN: not graph-run %S/../../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs 0 --threads 2 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: error: --threads applies to the CPU backend only (--backend cpu)
// RUN: not graph-run %S/../../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs 0 --backend cpu --threads 0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: invalid value '0' for '--threads <N>'
