// RUN: graph-opt %s --allow-unregistered-dialect | FileCheck %s --strict-whitespace
// RUN: %if mlir-opt %{ %mlir-opt %s --allow-unregistered-dialect | FileCheck %s --strict-whitespace %}

// Blanks and terminators as upstream's printer writes them: two blanks
// before the type of a loop over integers; an index_switch prints each
// case's terminator, the default region's only when the switch has results.

// CHECK-LABEL: func.func @typed_for
// CHECK: scf.for %{{.*}} = %arg0 to %arg1 step %arg2  : i32 {
// CHECK: scf.for %{{.*}} = %arg0 to %arg1 step %arg2 iter_args(%{{.*}} = %arg3) -> (f32)  : i32 {
func.func @typed_for(%lb: i32, %ub: i32, %st: i32, %x: f32) -> f32 {
  scf.for %i = %lb to %ub step %st : i32 {
  }
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (f32) : i32 {
    scf.yield %acc : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @switch_terminators
// CHECK:      case 1 {
// CHECK-NEXT:   "xyz.e"() : () -> ()
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK:      case 2 {
// CHECK-NEXT:   scf.yield %{{.*}} : i32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT:   scf.yield %{{.*}} : i32
// CHECK-NEXT: }
func.func @switch_terminators(%i: index, %x: i32) -> i32 {
  scf.index_switch %i
  case 1 {
    "xyz.e"() : () -> ()
    scf.yield
  }
  default {
  }
  %r = scf.index_switch %i -> i32
  case 2 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  return %r : i32
}
