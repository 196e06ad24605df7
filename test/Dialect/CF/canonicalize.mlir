// RUN: graph-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @constant_branch
// CHECK: cf.br ^bb1
// CHECK-NOT: cf.cond_br
// CHECK-NOT: cf.assert
func.func @constant_branch(%x: i32) -> i32 {
  %t = arith.constant true
  cf.assert %t, "always"
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  return %x : i32
^bb2:
  return %x : i32
}
