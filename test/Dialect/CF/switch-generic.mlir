// RUN: graph-opt %s --mlir-print-op-generic | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s --mlir-print-op-generic | FileCheck %s %}

// Case values equal in the flag's type print once, as MLIR prints a dense
// attribute of equal elements (255 is -1 as an i8).
// CHECK: case_values = dense<-1> : vector<2xi8>
// CHECK: case_values = dense<[1, 2]> : vector<2xi32>
func.func @equal_cases(%x: i8) {
  cf.switch %x : i8, [default: ^bb1, -1: ^bb1, 255: ^bb2]
^bb1:
  return
^bb2:
  return
}

func.func @different_cases(%x: i32) {
  cf.switch %x : i32, [default: ^bb1, 1: ^bb1, 2: ^bb1]
^bb1:
  return
}
