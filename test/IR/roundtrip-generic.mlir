// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect --mlir-print-op-generic | graph-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s

// An affine map prints as an alias defined above the module, as MLIR prints it.
// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK: "builtin.module"() ({
"builtin.module"() ({
  // CHECK: %[[A:.*]]:2 = "test.multi"() <{p = 1 : i64}> {d = #test.x<[1, {a}]>, s = @a::@b, t = !test<"opaque">, u} : () -> (i32, !test.t<1, "x">)
  %0:2 = "test.multi"() <{p = 1}> {u, s = @a::@b, t = !test<"opaque">, d = #test.x<[1, {a}]>} : () -> (i32, !test.t<1, "x">)
  // CHECK: "test.regions"(%[[A]]#0, %[[A]]#1) ({
  // CHECK-NEXT: ^bb0(%[[ARG:.*]]: i32):
  // CHECK-NEXT: "test.br"(%[[ARG]])[^bb1] : (i32) -> ()
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT: "test.end"() : () -> ()
  // CHECK-NEXT: }, {
  // CHECK-NEXT: }) : (i32, !test.t<1, "x">) -> ()
  "test.regions"(%0#0, %0#1) ({
  ^bb0(%x: i32):
    "test.br"(%x) [^bb1] : (i32) -> ()
  ^bb1:
    "test.end"() : () -> ()
  }, {
  }) : (i32, !test.t<1, "x">) -> ()
  // CHECK: "test.attrs"() {a = array<i32: 1, -2>, b = array<f64: 1.500000e+00>, c = dense<[1, 2]> : tensor<2xi32>, d = [i32, index, f16, bf16, tuple<i1, none>, complex<f32>], e = #map, f = "esc\22\0A", g = 0x7FF0000000000000 : f64, h = -3 : si8, i = 7 : ui16, j = vector<4x[8]xf32>, k = tensor<?x4xf32>, l = memref<2x?xi8, 1>, m = (i32) -> (i32, i1), n = true} : () -> ()
  "test.attrs"() {a = array<i32: 1, -2>, b = array<f64: 1.5>, c = dense<[1, 2]> : tensor<2xi32>, d = [i32, index, f16, bf16, tuple<i1, none>, complex<f32>], e = affine_map<(d0) -> (d0)>, f = "esc\"\n", g = 0x7FF0000000000000 : f64, h = -3 : si8, i = 7 : ui16, j = vector<4x[8]xf32>, k = tensor<?x4xf32>, l = memref<2x?xi8, 1>, m = (i32) -> (i32, i1), n = 1 : i1} : () -> ()
}) : () -> ()
