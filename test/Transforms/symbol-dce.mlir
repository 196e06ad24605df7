// RUN: graph-opt %s --symbol-dce | FileCheck %s

// CHECK: func.func @public
// CHECK: func.func private @used
// CHECK-NOT: @unused
// CHECK-NOT: @only_from_unused
func.func @public() {
  func.call @used() : () -> ()
  return
}
func.func private @used() {
  return
}
func.func private @unused() {
  func.call @only_from_unused() : () -> ()
  return
}
func.func private @only_from_unused() {
  return
}
