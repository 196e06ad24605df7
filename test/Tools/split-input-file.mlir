// RUN: not graph-opt %s --split-input-file 2>/dev/null | FileCheck %s

// Each chunk prints its module; a chunk that fails prints nothing but keeps
// its separator, as mlir-opt's output does, so chunk N's output follows the
// N-1th separator.
// CHECK: func.func @first
// CHECK-NEXT: return
// CHECK: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @third
func.func @first() {
  return
}

// -----

func.func @second() {
  %0 = arith.constant 1 : f32
  return
}

// -----

func.func @third() {
  return
}
