// A block no path reaches is not checked for dominance, as in MLIR: an
// operation there may even use its own result; canonicalize erases it.
// RUN: graph-opt %s | graph-opt | FileCheck %s --check-prefix=KEPT
// RUN: graph-opt %s --canonicalize | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s --canonicalize | FileCheck %s %}

// KEPT: ^bb1:
// KEPT: %[[A:.*]] = arith.addi %[[A]], %{{.*}} : i64
// CHECK-LABEL: func.func @unreachable
// CHECK-NEXT: return
// CHECK-NOT: arith
func.func @unreachable() {
  return
^unreachable:
  %c1_i64 = arith.constant 1 : i64
  %add = arith.addi %add, %c1_i64 : i64
  cf.br ^unreachable
}
