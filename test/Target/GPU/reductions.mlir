// Every reduction kind and element type compiles to PTX that ptxas
// accepts (floats and mul as compare-and-swap loops).
// REQUIRES: ptxas
// RUN: graph-opt %S/../CPU/reductions.mlir --target=gpu --emit=ptx -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: FileCheck %s --input-file=%t.ptx
// CHECK-DAG: atom.{{.*}}cas.b32
// CHECK-DAG: atom.{{.*}}cas.b64
