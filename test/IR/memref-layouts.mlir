// Memref layouts and memory spaces print as MLIR prints them: a zero
// offset and an identity affine map are the defaults and are left out.
// RUN: graph-opt %s | FileCheck %s
// RUN: graph-opt %s | graph-opt | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s | FileCheck %s %}

// CHECK: func.func private @layouts(memref<4x4xf32, strided<[4, 1]>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<2xf32, 3>)
func.func private @layouts(memref<4x4xf32, strided<[4, 1], offset: 0>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<2xf32, affine_map<(d0) -> (d0)>, 3>)
