// sparse<INDICES, VALUES> literals print as MLIR prints them: each part as
// a dense literal of its own shape (one element where all are the same),
// values in their element type's form; parts this reader does not take
// (strings) stay as written.
// RUN: graph-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect | graph-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s --allow-unregistered-dialect | FileCheck %s %}

// CHECK-LABEL: func.func @sparse
// CHECK: "a"() {bar = sparse<0, -2> : tensor<1x1x1xi8>} : () -> ()
// CHECK: "b"() {bar = sparse<{{\[\[}}1, 1, 0], [0, 1, 0], [0, 0, 1]], [2, -1, 5]> : tensor<2x2x2xi16>} : () -> ()
// CHECK: "c"() {bar = sparse<0, -1> : tensor<1xi64>} : () -> ()
// CHECK: "d"() {bar = sparse<> : tensor<i32>} : () -> ()
// CHECK: "e"() {bar = sparse<0, -1.000000e+00> : tensor<1xf64>} : () -> ()
// CHECK: "f"() {bar = sparse<{{\[\[}}1, 1, 0], [0, 1, 1]], [0xFFFFFFFF, 0x7F800001]> : tensor<2x2x2xf32>} : () -> ()
// CHECK: "g"() {bar = sparse<0, "foo"> : tensor<1x1x1x!unknown<>>} : () -> ()
// CHECK: "h"() {bar = sparse<0, -1.000000e+00> : vector<1xf64>} : () -> ()
func.func @sparse() {
  "a"(){bar = sparse<0, -2> : tensor<1x1x1xi8>} : () -> ()
  "b"(){bar = sparse<[[1, 1, 0], [0, 1, 0], [0, 0, 1]], [2, -1, 5]> : tensor<2x2x2xi16>} : () -> ()
  "c"(){bar = sparse<[0], [-1]> : tensor<1xi64>} : () -> ()
  "d"(){bar = sparse<> : tensor<i32>} : () -> ()
  "e"(){bar = sparse<[[0]], [-1.0]> : tensor<1xf64>} : () -> ()
  "f"(){bar = sparse<[[1,1,0],[0,1,1]], [0xFFFFFFFF, 0x7F800001]> : tensor<2x2x2xf32>} : () -> ()
  "g"(){bar = sparse<0, "foo"> : tensor<1x1x1x!unknown<>>} : () -> ()
  "h"(){bar = sparse<0, [-1.0]> : vector<1xf64>} : () -> ()
  return
}
