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

// A switch prints as MLIR prints it: one destination per line, case values
// unsigned; `case_values` is a dense vector of the flag's type.
// CHECK-LABEL: func.func @switch
// CHECK: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1(%arg1 : i32),
// CHECK-NEXT: 4294967295: ^bb2,
// CHECK-NEXT: 42: ^bb1(%arg0 : i32)
// CHECK-NEXT: ]
// CHECK-LABEL: func.func @switch_default_only
// CHECK: cf.switch %arg0 : i8, [
// CHECK-NEXT: default: ^bb1]
func.func @switch(%flag: i32, %a: i32) {
  cf.switch %flag : i32, [default: ^bb1(%a : i32), -1: ^bb2, 42: ^bb1(%flag : i32)]
^bb1(%x: i32):
  return
^bb2:
  return
}

func.func @switch_default_only(%flag: i8) {
  cf.switch %flag : i8, [
    default: ^bb1
  ]
^bb1:
  return
}
