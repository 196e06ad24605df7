// RUN: graph-opt %s | FileCheck %s
// RUN: graph-opt %s --mlir-print-op-generic | graph-opt | FileCheck %s

// CHECK-LABEL: func.func @branches
func.func @branches(%c: i1, %x: i32) -> i32 {
  // CHECK: cf.br ^bb1(%{{.*}} : i32)
  cf.br ^bb1(%x : i32)
// CHECK: ^bb1(%[[A:.*]]: i32):
^bb1(%a: i32):
  // CHECK: cf.cond_br %{{.*}}, ^bb1(%[[A]] : i32), ^bb2
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
// CHECK: ^bb2:
^bb2:
  // CHECK: cf.assert %{{.*}}, "must hold"
  cf.assert %c, "must hold"
  return %a : i32
}

// Branch weights: how likely each successor is.
// CHECK-LABEL: func.func @weighted
// CHECK: cf.cond_br %arg0 weights([30, 70]), ^bb1, ^bb2
func.func @weighted(%c: i1) {
  cf.cond_br %c weights([30, 70]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}
