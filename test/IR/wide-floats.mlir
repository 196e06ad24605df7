// f80 and f128 constants keep their own bits: hexadecimal literals of any
// value, NaN payloads and infinities read and print exactly. A value an f64
// holds prints in decimal as MLIR prints it; another prints in hexadecimal
// (MLIR prints all its digits), which reads back to the same bits. A
// decimal literal is read in the format's own precision and range: MLIR's
// many digits read back exactly (MLIR itself reads them as an f64 first).
// RUN: graph-opt %s | FileCheck %s
// RUN: graph-opt %s | graph-opt | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s | FileCheck %s %}
// RUN: graph-opt %s | FileCheck %s --check-prefix=HEX
// RUN: graph-opt %s | graph-opt | FileCheck %s --check-prefix=HEX

// CHECK-LABEL: func.func @f80
// CHECK: arith.constant 0x7FFFE000000000000001 : f80
// CHECK: arith.constant 0x7FFFC000000000100000 : f80
// CHECK: arith.constant 0x7FFF8000000000000000 : f80
// CHECK: arith.constant 0xFFFF8000000000000000 : f80
// CHECK: arith.constant 1.500000e+00 : f80
// CHECK: arith.constant -2.000000e+00 : f80
// HEX: arith.constant 0x3FFF8000000000000001 : f80
func.func @f80() -> (f80, f80, f80, f80, f80, f80, f80) {
  %0 = arith.constant 0x7FFFE000000000000001 : f80
  %1 = arith.constant 0x7FFFC000000000100000 : f80
  %2 = arith.constant 0x7FFF8000000000000000 : f80
  %3 = arith.constant 0xFFFF8000000000000000 : f80
  %4 = arith.constant 1.5 : f80
  %5 = arith.constant 0xC0008000000000000000 : f80
  %6 = arith.constant 0x3FFF8000000000000001 : f80
  return %0, %1, %2, %3, %4, %5, %6 : f80, f80, f80, f80, f80, f80, f80
}

// CHECK-LABEL: func.func @f128
// CHECK: arith.constant 0x7FFF0000000000000000000000000000 : f128
// CHECK: arith.constant 0x7FFF8000000000000000000000000001 : f128
// CHECK: arith.constant -5.000000e-01 : f128
// CHECK: arith.constant 1.000000e+00 : f128
// HEX: arith.constant 0x3FFF0000000000000000000000000001 : f128
func.func @f128() -> (f128, f128, f128, f128, f128) {
  %0 = arith.constant 0x7FFF0000000000000000000000000000 : f128
  %1 = arith.constant 0x7FFF8000000000000000000000000001 : f128
  %2 = arith.constant -0.5 : f128
  %3 = arith.constant 0x3FFF0000000000000000000000000000 : f128
  %4 = arith.constant 0x3FFF0000000000000000000000000001 : f128
  return %0, %1, %2, %3, %4 : f128, f128, f128, f128, f128
}

// HEX-LABEL: func.func @decimals
// HEX: arith.constant 0x3FFF8000000000000001 : f80
// HEX: arith.constant 0x3FFF0000000000000000000000000001 : f128
// HEX: arith.constant 0x452FDA763FC8CB9FF9E6 : f80
// HEX: arith.constant 0x3FFBCCCCCCCCCCCCCCCD : f80
func.func @decimals() -> (f80, f128, f80, f80) {
  %0 = arith.constant 1.00000000000000000011 : f80
  %1 = arith.constant 1.00000000000000000000000000000000019 : f128
  %2 = arith.constant 1.0e400 : f80
  %3 = arith.constant 0.1 : f80
  return %0, %1, %2, %3 : f80, f128, f80, f80
}

