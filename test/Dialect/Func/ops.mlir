// RUN: graph-opt %s | FileCheck %s
// RUN: graph-opt %s --mlir-print-op-generic | graph-opt | FileCheck %s

// CHECK-LABEL: func.func @callee(%arg0: i32 {test.attr}, %arg1: f32) -> (i32, f32)
func.func @callee(%a: i32 {test.attr}, %b: f32) -> (i32, f32) {
  // CHECK-NEXT: return %arg0, %arg1 : i32, f32
  return %a, %b : i32, f32
}

// CHECK-LABEL: func.func @caller
func.func @caller(%a: i32, %b: f32) -> i32 attributes {test.unit} {
  // CHECK: %{{.*}}:2 = call @callee(%{{.*}}, %{{.*}}) : (i32, f32) -> (i32, f32)
  %r:2 = func.call @callee(%a, %b) : (i32, f32) -> (i32, f32)
  // CHECK: call @decl(%{{.*}}#0)
  %s = call @decl(%r#0) : (i32) -> i32
  return %s : i32
}

// CHECK: func.func private @decl(i32) -> i32
func.func private @decl(i32) -> i32

// CHECK: func.func nested @nested_vis()
func.func nested @nested_vis() {
  return
}

// The attribute dictionary of a return comes before its operands, as in MLIR.
// CHECK-LABEL: func.func @return_attrs
// CHECK: return {test.note} %arg0 : i32
func.func @return_attrs(%x: i32) -> i32 {
  return {test.note} %x : i32
}

// Argument types only in the signature: the body's entry block names them.
// CHECK-LABEL: func.func @types_only(%arg0: f32) -> f32
// CHECK-NEXT: return %arg0 : f32
func.func @types_only(f32) -> f32 {
^bb0(%a: f32):
  return %a : f32
}

// A function as a value, called through it.
// CHECK-LABEL: func.func @indirect
// CHECK-NEXT: %f = constant @negate : (i32) -> i32
// CHECK-NEXT: %0 = call_indirect %f(%arg0) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
func.func private @negate(i32) -> i32
func.func @indirect(%a: i32) -> i32 {
  %f = func.constant @negate : (i32) -> i32
  %r = func.call_indirect %f(%a) : (i32) -> i32
  return %r : i32
}
