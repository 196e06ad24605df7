// RUN: graph-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-op-generic | graph-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: module @named attributes {xyz.flag}
module @named attributes {xyz.flag} {
}

// CHECK-LABEL: func.func @casts
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to !xyz.t
// CHECK: %[[B:.*]]:2 = builtin.unrealized_conversion_cast %[[A]], %arg0 : !xyz.t, i32 to i64, f32
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast to i8
// CHECK: return %[[B]]#0, %[[C]]
func.func @casts(%x: i32) -> (i64, i8) {
  %a = builtin.unrealized_conversion_cast %x : i32 to !xyz.t
  %b:2 = builtin.unrealized_conversion_cast %a, %x : !xyz.t, i32 to i64, f32
  %c = builtin.unrealized_conversion_cast to i8
  return %b#0, %c : i64, i8
}
