// A dialect type or attribute written in angle brackets whose body is a
// plain name (letters, digits, '.', '_', then perhaps '<...>') is the same
// symbol as its dotted form, and prints dotted, as MLIR prints it; other
// bodies keep their brackets. An unshaped '*' may have blanks around its 'x'.
// RUN: graph-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect | graph-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s --allow-unregistered-dialect | FileCheck %s %}

// CHECK-LABEL: func.func @symbols
// CHECK: "foo"() : () -> (!bar.baz, !bar<>, !bar.baz<i32>, !bar.baz<1>, !bar<"x y">, !bar.a.b)
// CHECK: "foo"() {a = #bar.baz, b = #bar.x.y, c = #bar<>, d = #bar<"q r">} : () -> ()
// CHECK: "same"(%{{.*}}, %{{.*}}) : (!bar.baz, !bar.baz) -> ()
func.func @symbols() {
  %0:6 = "foo"() : () -> (!bar<baz>, !bar<>, !bar<baz<i32>>, !bar.baz<1>, !bar<"x y">, !bar<a.b>)
  "foo"() {a = #bar<baz>, b = #bar<x.y>, c = #bar<>, d = #bar<"q r">} : () -> ()
  %1 = "make"() : () -> !bar.baz
  "same"(%0#0, %1) : (!bar<baz>, !bar.baz) -> ()
  return
}

// CHECK-LABEL: func.func private @unranked(tensor<*xf32>, tensor<*xvector<2x4xf32>>, memref<*xi8>)
func.func private @unranked(tensor<* x f32>, tensor<* x vector<2x4xf32>>, memref<*  x i8>)
