// Function names PTX does not accept are mangled before they reach LLVM
// (which otherwise aborts: "Symbol name with unsupported characters").
// REQUIRES: ptxas
// RUN: graph-opt %S/../CPU/symbol-names.mlir --target=gpu --emit=ptx -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: FileCheck %s --input-file=%t.ptx
// CHECK-DAG: .visible .entry _strata_entry_reassoci$7ba$20$3d$201$7date(
// CHECK-DAG: .visible .entry _strata_entry_$30$2etwice$24(
