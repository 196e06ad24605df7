// RUN: graph-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: graph-opt %s --allow-unregistered-dialect | graph-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %if mlir-opt %{ %mlir-opt %s --allow-unregistered-dialect | FileCheck %s %}

// Array elements print without their type where it is the default one
// (i64 integers, f64 floats), as MLIR prints them; elsewhere, and for
// other types, the type stays.
// CHECK: "xyz.op"() <{p = [2, 3 : i32, [4]]}> {a = [1, "two", 3.000000e+00, 4.000000e+00 : f32, true, {k = 1 : i64}], b = 5 : i64} : () -> ()
"xyz.op"() <{p = [2, 3 : i32, [4 : i64]]}> {a = [1 : i64, "two", 3.0 : f64, 4.0 : f32, true, {k = 1}], b = 5} : () -> ()

// A float written in hexadecimal keeps its type: without it, it would read
// back as an integer.
// CHECK: "xyz.hex"() {a = [0x41F0000000000000 : f64, 0xFFF0000000000000 : f64, 2.500000e-01]} : () -> ()
"xyz.hex"() {a = [4294967296.0 : f64, 0xFFF0000000000000 : f64, 0.25]} : () -> ()
