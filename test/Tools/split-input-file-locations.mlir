// RUN: graph-opt %s --split-input-file --mlir-print-debuginfo | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s --split-input-file --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s %}

// A chunk starts right after its split marker, wherever the marker stands
// (even within a line), and its implicit module is located there (the
// first at line 0, column 0), as mlir-opt reads and prints them. Implicit
// terminators are left out with locations as without.

// CHECK:      func.func @first(%arg0: index loc({{.*}}), %arg1: index loc({{.*}})) {
// CHECK-NEXT:   scf.for
// CHECK-NEXT:   } loc(
// CHECK-NEXT:   return loc(
// CHECK-NEXT: } loc("{{.*}}split-input-file-locations.mlir":[[# @LINE + 4]]:1)
// CHECK-NEXT: } loc("{{.*}}split-input-file-locations.mlir":0:0)
// CHECK-NEXT: // {{-----}}
// CHECK-NEXT: module {
func.func @first(%lb: index, %ub: index) {
  scf.for %i = %lb to %ub step %lb {
  }
  return
}

  // -----
// CHECK: func.func @second
// CHECK: } loc("{{.*}}split-input-file-locations.mlir":[[# @LINE - 2]]:11)
func.func @second() {
  return
}
