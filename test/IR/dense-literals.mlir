// RUN: graph-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect | graph-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s --allow-unregistered-dialect | FileCheck %s %}

// Dense literals print as MLIR prints them: equal elements as one, booleans
// as words, floats in MLIR's form, and no elements as `dense<>`.
// CHECK: a = dense<7> : tensor<2x2xi32>
// CHECK-SAME: b = dense<[true, false]> : vector<2xi1>
// CHECK-SAME: c = dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf64>
// CHECK-SAME: d = dense<> : tensor<0xi32>
// CHECK-SAME: e = dense<> : tensor<2x0xf32>
// CHECK-SAME: f = dense<> : tensor<0x3xi8>
// CHECK-SAME: g = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xindex>
"xyz.attrs"() {a = dense<[[7, 7], [7, 7]]> : tensor<2x2xi32>, b = dense<[1, 0]> : vector<2xi1>, c = dense<[1.5, -2.0]> : tensor<2xf64>, d = dense<[]> : tensor<0xi32>, e = dense<[[], []]> : tensor<2x0xf32>, f = dense<> : tensor<0x3xi8>, g = dense<[[1, 2], [3, 4]]> : tensor<2x2xindex>} : () -> ()
