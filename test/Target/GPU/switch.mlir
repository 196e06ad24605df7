// cf.switch in GPU code: an LLVM switch over per-destination edge blocks;
// the PTX passes ptxas.
// REQUIRES: ptxas
// RUN: graph-opt %S/../CPU/switch.mlir --target=gpu --emit=ptx -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: graph-opt %S/../CPU/switch.mlir --target=gpu --emit=llvm | FileCheck %s
// The second `3` case is never taken: LLVM gets each value once.
// CHECK: switch i8 %{{.*}}, label %{{.*}} [
// CHECK-NEXT: i8 3, label
// CHECK-NEXT: i8 -1, label
// CHECK-NEXT: ]
