// Without a CUDA driver, --backend gpu says so and exits with status 1.
// UNSUPPORTED: cuda-driver
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs --backend gpu 0 > %t.out 2> %t.err; test $? = 1
// RUN: FileCheck %s --input-file=%t.err
// RUN: not test -s %t.out
// CHECK: error: no CUDA driver found (libcuda.so); the GPU backend needs an NVIDIA GPU and its driver
// The GPU's bandwidth probe needs the driver too.
// RUN: not graph-bench --corpus %S/../../algorithms --backend gpu --bandwidth --algorithms pr --graphs 'kron:scale=6,degree=4' 2>&1 | FileCheck %s --check-prefix=BW
// BW: error: no CUDA driver found (libcuda.so)
