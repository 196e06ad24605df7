// RUN: graph-opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s

// A cast to the same types is its input.
// CHECK-LABEL: func.func @identity
// CHECK-NEXT: return %arg0
func.func @identity(%x: i32) -> i32 {
  %a = builtin.unrealized_conversion_cast %x : i32 to i32
  return %a : i32
}

// -----

// A cast that undoes another cast is the original value; the dead casts go.
// CHECK-LABEL: func.func @round_trip
// CHECK-NEXT: return %arg0, %arg1
func.func @round_trip(%x: i32, %y: f32) -> (i32, f32) {
  %a:2 = builtin.unrealized_conversion_cast %x, %y : i32, f32 to !xyz.t, !xyz.u
  %b:2 = builtin.unrealized_conversion_cast %a#0, %a#1 : !xyz.t, !xyz.u to i32, f32
  return %b#0, %b#1 : i32, f32
}

// -----

// Casting to other types, or only part of a cast's results, stays.
// CHECK-LABEL: func.func @kept
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to !xyz.t
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %[[A]] : !xyz.t to i64
// CHECK: %[[C:.*]]:2 = builtin.unrealized_conversion_cast
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %[[C]]#0 : !xyz.t to i32
// CHECK: return %[[B]], %[[D]]
func.func @kept(%x: i32) -> (i64, i32) {
  %a = builtin.unrealized_conversion_cast %x : i32 to !xyz.t
  %b = builtin.unrealized_conversion_cast %a : !xyz.t to i64
  %c:2 = builtin.unrealized_conversion_cast %x : i32 to !xyz.t, !xyz.t
  %d = builtin.unrealized_conversion_cast %c#0 : !xyz.t to i32
  return %b, %d : i64, i32
}

// -----

// In a graph region a cast may forward its own results (or a cast that
// forwards them): folding would replace a result by itself, so it stays.
// CHECK-LABEL: func.func @graph_region_forwards
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %[[S]] : i32 to i32
// CHECK: %[[C:.*]]:2 = builtin.unrealized_conversion_cast %[[C]]#1, %arg0 : i32, i32 to i32, i32
// CHECK: %[[Y:.*]]:2 = builtin.unrealized_conversion_cast %[[Y]]#1, %[[Y]]#0 : i32, i32 to i32, i32
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %[[B:.*]] : i32 to i64
// CHECK: %[[B]] = builtin.unrealized_conversion_cast %[[A]] : i64 to i32
func.func @graph_region_forwards(%x: i32) {
  "xyz.graph_region"() ({
    %s = builtin.unrealized_conversion_cast %s : i32 to i32
    %c:2 = builtin.unrealized_conversion_cast %c#1, %x : i32, i32 to i32, i32
    %y:2 = builtin.unrealized_conversion_cast %y#1, %y#0 : i32, i32 to i32, i32
    %a = builtin.unrealized_conversion_cast %b : i32 to i64
    %b = builtin.unrealized_conversion_cast %a : i64 to i32
    "xyz.use"(%s, %c#0, %y#0, %b) : (i32, i32, i32, i32) -> ()
  }) : () -> ()
  return
}
