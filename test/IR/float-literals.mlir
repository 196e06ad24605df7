// Floats print as MLIR prints them: six digits after the point when that
// reads back to the same value; else the value's natural precision in
// LLVM's form (uppercase E, no padded exponent, no exponent where a few
// zeros do); else, where that form has no point, the bits in hexadecimal.
// RUN: graph-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect | graph-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s --allow-unregistered-dialect | FileCheck %s %}

// CHECK-LABEL: func.func @literals
// CHECK: arith.constant 1.000000e-01 : f64
// CHECK: arith.constant 1.2345678 : f64
// CHECK: arith.constant 1.23456776 : f32
// CHECK: arith.constant 4.2949673E+9 : f32
// CHECK: arith.constant 1.23456789E-4 : f64
// CHECK: arith.constant 9.9999999999999995E-8 : f64
// CHECK: arith.constant 1.000980e+00 : f16
// CHECK: arith.constant 3.140630e+00 : bf16
// CHECK: arith.constant 0x4996B438 : f32
// CHECK: arith.constant 0x419D6F3454000000 : f64
// CHECK: arith.constant -0.000000e+00 : f64
// CHECK: arith.constant 9.999940e-41 : f32
// CHECK: arith.constant 0x7F800000 : f32
func.func @literals() {
  %0 = arith.constant 0.1 : f64
  %1 = arith.constant 1.2345678 : f64
  %2 = arith.constant 1.2345678 : f32
  %3 = arith.constant 4294967296.0 : f32
  %4 = arith.constant 0.000123456789 : f64
  %5 = arith.constant 1.0e-7 : f64
  %6 = arith.constant 1.001 : f16
  %7 = arith.constant 3.14 : bf16
  %8 = arith.constant 1234567.0 : f32
  %9 = arith.constant 123456789.0 : f64
  %10 = arith.constant -0.0 : f64
  %11 = arith.constant 1.0e-40 : f32
  %12 = arith.constant 0x7F800000 : f32
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12) : (f64, f64, f32, f32, f64, f64, f16, bf16, f32, f64, f64, f32, f32) -> ()
  return
}
