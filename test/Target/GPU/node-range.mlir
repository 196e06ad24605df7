// Nodes and edges made from numbers are checked in GPU code too: the check
// prints the interpreter's message with both numbers (vprintf) and stops
// the kernel; every other message is printed as a string, never read as a
// format. The PTX passes ptxas.
// REQUIRES: ptxas
// RUN: graph-opt %S/../CPU/node-range.mlir --target=gpu --emit=ptx -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX
// PTX-DAG: vprintf
// PTX-DAG: trap
// RUN: graph-opt %S/../CPU/node-range.mlir --target=gpu --emit=llvm | FileCheck %s
// CHECK-DAG: c"%s\00"
// CHECK-DAG: node-range.mlir:27:8: error: node %lld is out of range (the graph has %lld nodes)\0A\00"
// CHECK-DAG: node-range.mlir:51:8: error: edge %lld is out of range (the graph has %lld edges)\0A\00"
