// cf.switch runs the same in the interpreter and in compiled code: the first
// case equal to the flag (at the flag's width) is taken, with its values;
// no case, the default.
// RUN: graph-run %s --entry classify --backend interp 7 > %t.interp
// RUN: graph-run %s --entry classify --backend cpu 7 > %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: graph-run %s --entry classify --backend interp -- -1 >> %t.interp
// RUN: graph-run %s --entry classify --backend cpu -- -1 >> %t.cpu
// RUN: graph-run %s --entry classify --backend interp 3 >> %t.interp
// RUN: graph-run %s --entry classify --backend cpu 3 >> %t.cpu
// RUN: graph-run %s --entry classify --backend interp 255 >> %t.interp
// RUN: graph-run %s --entry classify --backend cpu 255 >> %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: FileCheck %s --input-file=%t.cpu
// CHECK: 700
// CHECK-NEXT: 2
// CHECK-NEXT: 30
// CHECK-NEXT: 2

// The flag is truncated to i8: 255 is -1 there, so it takes the `-1` case.
func.func @classify(%x: i64) -> i64 {
  %f = arith.trunci %x : i64 to i8
  %hundred = arith.constant 100 : i64
  %ten = arith.constant 10 : i64
  %two = arith.constant 2 : i64
  cf.switch %f : i8, [
    default: ^scale(%hundred : i64),
    3: ^scale(%ten : i64),
    -1: ^done(%two : i64),
    3: ^done(%x : i64)
  ]
^scale(%k: i64):
  %r = arith.muli %x, %k : i64
  return %r : i64
^done(%v: i64):
  return %v : i64
}
