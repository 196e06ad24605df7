// RUN: graph-opt %s --canonicalize | FileCheck %s
// A call through a func.constant is a call of that function; the constant
// goes with its last use.

// CHECK-LABEL: func.func @known_callee
// CHECK-NEXT: %[[R:.*]] = call @twice(%arg0) : (i32) -> i32
// CHECK-NEXT: return %[[R]] : i32
func.func private @twice(i32) -> i32
func.func @known_callee(%a: i32) -> i32 {
  %f = func.constant @twice : (i32) -> i32
  %r = func.call_indirect %f(%a) : (i32) -> i32
  return %r : i32
}

// CHECK-LABEL: func.func @unknown_callee
// CHECK-NEXT: %[[R:.*]] = call_indirect %arg0(%arg1) : (i32) -> i32
func.func @unknown_callee(%f: (i32) -> i32, %a: i32) -> i32 {
  %r = func.call_indirect %f(%a) : (i32) -> i32
  return %r : i32
}
