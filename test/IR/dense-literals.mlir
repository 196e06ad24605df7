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

// Raw bytes in hex are read as MLIR lays elements out (little-endian,
// bits for i1; one element's worth is a splat), and over a hundred
// elements print that way.
// CHECK: "xyz.hex"() {a = dense<[1, 2]> : tensor<2xi8>, b = dense<513> : tensor<2xi16>, c = dense<1.000000e+00> : tensor<1xf32>, d = dense<[true, false, false]> : tensor<3xi1>, e = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>} : () -> ()
"xyz.hex"() {a = dense<"0x0102"> : tensor<2xi8>, b = dense<"0x0102"> : tensor<2xi16>, c = dense<"0x0000803F"> : tensor<1xf32>, d = dense<"0x01"> : tensor<3xi1>, e = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>} : () -> ()
