// arith.addui_extended, arith.mului_extended and arith.mulsi_extended give
// the same results in the interpreter and in compiled code.
// RUN: graph-run %s --entry extended --backend interp -- -1 2 > %t.interp
// RUN: graph-run %s --entry extended --backend cpu -- -1 2 > %t.cpu
// RUN: graph-run %s --entry extended --backend interp 4294967295 4294967295 >> %t.interp
// RUN: graph-run %s --entry extended --backend cpu 4294967295 4294967295 >> %t.cpu
// RUN: graph-run %s --entry extended --backend interp -- -9223372036854775808 -1 >> %t.interp
// RUN: graph-run %s --entry extended --backend cpu -- -9223372036854775808 -1 >> %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: FileCheck %s --input-file=%t.cpu

// -1 + 2 on 64 bits: 1, carried; -1 * 2: low -2 with high 1 unsigned and
// -1 signed; on 32 bits, the halves of -1 * 2 (low -2, high 1) add to -1.
// CHECK: # result 1 of 8
// CHECK-NEXT: 1
// CHECK-NEXT: # result 2 of 8
// CHECK-NEXT: 1
// CHECK-NEXT: # result 3 of 8
// CHECK-NEXT: -2
// CHECK-NEXT: # result 4 of 8
// CHECK-NEXT: 1
// CHECK-NEXT: # result 5 of 8
// CHECK-NEXT: -2
// CHECK-NEXT: # result 6 of 8
// CHECK-NEXT: -1
// CHECK-NEXT: # result 7 of 8
// CHECK-NEXT: -1
// CHECK-NEXT: # result 8 of 8
// CHECK-NEXT: 0
// (2^32 - 1)^2 = 2^64 - 2^33 + 1: low 1 - 2^33, high 0; on 32 bits the
// halves of -1 * -1 unsigned are 1 and -2.
// CHECK-NEXT: # result 1 of 8
// CHECK-NEXT: 8589934590
// CHECK-NEXT: # result 2 of 8
// CHECK-NEXT: 0
// CHECK-NEXT: # result 3 of 8
// CHECK-NEXT: -8589934591
// CHECK-NEXT: # result 4 of 8
// CHECK-NEXT: 0
// CHECK-NEXT: # result 5 of 8
// CHECK-NEXT: -8589934591
// CHECK-NEXT: # result 6 of 8
// CHECK-NEXT: 0
// CHECK-NEXT: # result 7 of 8
// CHECK-NEXT: -1
// CHECK-NEXT: # result 8 of 8
// CHECK-NEXT: 0
// -2^63 + -1 carries; -2^63 * -1 is 2^127 - 2^63 unsigned, 2^63 signed.
// CHECK-NEXT: # result 1 of 8
// CHECK-NEXT: 9223372036854775807
// CHECK-NEXT: # result 2 of 8
// CHECK-NEXT: 1
// CHECK-NEXT: # result 3 of 8
// CHECK-NEXT: -9223372036854775808
// CHECK-NEXT: # result 4 of 8
// CHECK-NEXT: 9223372036854775807
// CHECK-NEXT: # result 5 of 8
// CHECK-NEXT: -9223372036854775808
// CHECK-NEXT: # result 6 of 8
// CHECK-NEXT: 0
// CHECK-NEXT: # result 7 of 8
// CHECK-NEXT: 0
// CHECK-NEXT: # result 8 of 8
// CHECK-NEXT: 0
func.func @extended(%a: i64, %b: i64) -> (i64, i1, i64, i64, i64, i64, i64, i1) {
  %s, %c = arith.addui_extended %a, %b : i64, i1
  %ul, %uh = arith.mului_extended %a, %b : i64
  %sl, %sh = arith.mulsi_extended %a, %b : i64
  %a32 = arith.trunci %a : i64 to i32
  %b32 = arith.trunci %b : i64 to i32
  %l32, %h32 = arith.mului_extended %a32, %b32 : i32
  %hs, %hc = arith.addui_extended %h32, %l32 : i32, i1
  %h64 = arith.extsi %hs : i32 to i64
  return %s, %c, %ul, %uh, %sl, %sh, %h64, %hc : i64, i1, i64, i64, i64, i64, i64, i1
}
