// func.constant and func.call_indirect: a function chosen at run time is
// called through its value, the same in the interpreter and compiled code.
// RUN: graph-run %s --entry apply --backend interp 1 20 > %t.interp
// RUN: graph-run %s --entry apply --backend cpu 1 20 > %t.cpu
// RUN: graph-run %s --entry apply --backend interp 0 20 >> %t.interp
// RUN: graph-run %s --entry apply --backend cpu 0 20 >> %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: FileCheck %s --input-file=%t.cpu
// CHECK: # result 1 of 2
// CHECK-NEXT: 40
// CHECK-NEXT: # result 2 of 2
// CHECK-NEXT: 21
// CHECK-NEXT: # result 1 of 2
// CHECK-NEXT: 400
// CHECK-NEXT: # result 2 of 2
// CHECK-NEXT: 19
// Unoptimized, the call goes through the address (on the GPU too).
// RUN: graph-opt %s --target=gpu --emit=llvm --opt-level=0 | FileCheck %s --check-prefix=LLVM
// LLVM: call { i64, i64 } %{{[0-9]+}}(i64 %{{[0-9]+}})

func.func private @double(%x: i64) -> (i64, i64) {
  %c1 = arith.constant 1 : i64
  %d = arith.addi %x, %x : i64
  %n = arith.addi %x, %c1 : i64
  return %d, %n : i64, i64
}

func.func private @square(%x: i64) -> (i64, i64) {
  %c1 = arith.constant 1 : i64
  %s = arith.muli %x, %x : i64
  %p = arith.subi %x, %c1 : i64
  return %s, %p : i64, i64
}

func.func @apply(%which: i1, %x: i64) -> (i64, i64) {
  %d = func.constant @double : (i64) -> (i64, i64)
  %s = func.constant @square : (i64) -> (i64, i64)
  %f = arith.select %which, %d, %s : (i64) -> (i64, i64)
  %a, %b = func.call_indirect %f(%x) : (i64) -> (i64, i64)
  return %a, %b : i64, i64
}
