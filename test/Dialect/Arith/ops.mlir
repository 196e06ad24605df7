// RUN: graph-opt %s | FileCheck %s
// RUN: graph-opt %s --mlir-print-op-generic | graph-opt | FileCheck %s
// RUN: graph-opt %s | graph-opt | FileCheck %s

// CHECK-LABEL: func.func @integer_ops
func.func @integer_ops(%a: i32, %b: i32, %i: index) -> i32 {
  // CHECK: %[[C:.*]] = arith.constant 7 : i32
  %c = arith.constant 7 : i32
  // CHECK: arith.addi %{{.*}}, %[[C]] overflow<nsw, nuw> : i32
  %0 = arith.addi %a, %c overflow<nsw, nuw> : i32
  // CHECK: arith.subi %{{.*}}, %{{.*}} : i32
  %1 = arith.subi %0, %b : i32
  // CHECK: arith.muli
  %2 = arith.muli %1, %b : i32
  // CHECK: arith.divsi
  %3 = arith.divsi %2, %b : i32
  // CHECK: arith.divui
  %4 = arith.divui %3, %b : i32
  // CHECK: arith.ceildivsi
  %5 = arith.ceildivsi %4, %b : i32
  // CHECK: arith.floordivsi
  %6 = arith.floordivsi %5, %b : i32
  // CHECK: arith.remsi
  %7 = arith.remsi %6, %b : i32
  // CHECK: arith.remui
  %8 = arith.remui %7, %b : i32
  // CHECK: arith.andi
  %9 = arith.andi %8, %b : i32
  // CHECK: arith.ori
  %10 = arith.ori %9, %b : i32
  // CHECK: arith.xori
  %11 = arith.xori %10, %b : i32
  // CHECK: arith.shli
  %12 = arith.shli %11, %b : i32
  // CHECK: arith.shrsi
  %13 = arith.shrsi %12, %b : i32
  // CHECK: arith.shrui
  %14 = arith.shrui %13, %b : i32
  // CHECK: arith.maxsi
  %15 = arith.maxsi %14, %b : i32
  // CHECK: arith.minui
  %16 = arith.minui %15, %b : i32
  // CHECK: arith.index_cast %{{.*}} : index to i32
  %17 = arith.index_cast %i : index to i32
  // CHECK: arith.addi %{{.*}}, %{{.*}} : i32
  %18 = arith.addi %16, %17 : i32
  return %18 : i32
}

// CHECK-LABEL: func.func @compare_and_select
func.func @compare_and_select(%a: i64, %b: i64, %x: f64, %y: f64) -> (i64, i1) {
  // CHECK: arith.cmpi eq,
  %0 = arith.cmpi eq, %a, %b : i64
  // CHECK: arith.cmpi uge,
  %1 = arith.cmpi uge, %a, %b : i64
  // CHECK: arith.cmpf ueq,
  %2 = arith.cmpf ueq, %x, %y : f64
  // CHECK: arith.cmpf one, %{{.*}}, %{{.*}} fastmath<nnan> : f64
  %3 = arith.cmpf one, %x, %y fastmath<nnan> : f64
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : i64
  %4 = arith.select %0, %a, %b : i64
  %5 = arith.andi %1, %2 : i1
  %6 = arith.ori %5, %3 : i1
  return %4, %6 : i64, i1
}

// CHECK-LABEL: func.func @float_ops_and_casts
func.func @float_ops_and_casts(%x: f32, %n: i32) -> f64 {
  // CHECK: %[[H:.*]] = arith.constant 5.000000e-01 : f32
  %h = arith.constant 0.5 : f32
  // CHECK: arith.addf %{{.*}}, %[[H]] fastmath<fast> : f32
  %0 = arith.addf %x, %h fastmath<fast> : f32
  // CHECK: arith.subf
  %1 = arith.subf %0, %x : f32
  // CHECK: arith.mulf
  %2 = arith.mulf %1, %x : f32
  // CHECK: arith.divf
  %3 = arith.divf %2, %x : f32
  // CHECK: arith.maximumf
  %4 = arith.maximumf %3, %x : f32
  // CHECK: arith.minnumf
  %5 = arith.minnumf %4, %x : f32
  // CHECK: arith.negf %{{.*}} : f32
  %6 = arith.negf %5 : f32
  // CHECK: arith.sitofp %{{.*}} : i32 to f32
  %7 = arith.sitofp %n : i32 to f32
  %8 = arith.addf %6, %7 : f32
  // CHECK: arith.extf %{{.*}} : f32 to f64
  %9 = arith.extf %8 : f32 to f64
  // CHECK: arith.bitcast %{{.*}} : f32 to i32
  %10 = arith.bitcast %8 : f32 to i32
  // CHECK: arith.extsi %{{.*}} : i32 to i64
  %11 = arith.extsi %10 : i32 to i64
  // CHECK: arith.trunci %{{.*}} : i64 to i16
  %12 = arith.trunci %11 : i64 to i16
  // CHECK: arith.constant 0x7FC00000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  // CHECK: arith.constant -1.250000e+00 : f64
  %m = arith.constant -1.25 : f64
  // CHECK: arith.constant true
  %t = arith.constant true
  return %9 : f64
}

// Flags print as MLIR prints them, whatever order and spelling they were
// written in: declaration order, `fast` for every fastmath flag, fastmath
// joined by `,` and overflow by `, `; the generic form's attributes too.
// CHECK-LABEL: func.func @flag_order
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<nnan,ninf> : f32
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<nnan,ninf> : f32
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<fast> : f32
// CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
func.func @flag_order(%a: f32, %b: i32) -> (f32, f32, f32, i32) {
  %0 = arith.mulf %a, %a fastmath<ninf, nnan> : f32
  %1 = "arith.mulf"(%a, %a) <{fastmath = #arith.fastmath<ninf,  nnan>}> : (f32, f32) -> f32
  %2 = arith.mulf %a, %a fastmath<reassoc, nnan, ninf, nsz, arcp, contract, afn> : f32
  %3 = arith.addi %b, %b overflow<nuw, nsw> : i32
  return %0, %1, %2, %3 : f32, f32, f32, i32
}

// CHECK-LABEL: func.func @extended
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT: %low, %high = arith.mului_extended %arg0, %arg1 : i32
// CHECK-NEXT: %low_0, %high_1 = arith.mulsi_extended %arg2, %arg2 : vector<4xi8>
// CHECK-NEXT: %sum_2, %overflow_3 = arith.addui_extended %arg2, %arg2 : vector<4xi8>, vector<4xi1>
// CHECK-NEXT: return %sum, %overflow, %low, %high : i32, i1, i32, i32
func.func @extended(%a: i32, %b: i32, %v: vector<4xi8>) -> (i32, i1, i32, i32) {
  %s, %c = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mului_extended %a, %b : i32
  %vl, %vh = arith.mulsi_extended %v, %v : vector<4xi8>
  %vs, %vc = arith.addui_extended %v, %v : vector<4xi8>, vector<4xi1>
  return %s, %c, %l, %h : i32, i1, i32, i32
}

// 128-bit constants take the whole unsigned range (2^128 - 1 is -1) and
// the most negative value.
// CHECK-LABEL: func.func @wide_constants
// CHECK-NEXT: %c-1_i128 = arith.constant -1 : i128
// CHECK-NEXT: %c-170141183460469231731687303715884105728_i128 = arith.constant -170141183460469231731687303715884105728 : i128
// CHECK-NEXT: %c85070591730234615865843651857942052864_i128 = arith.constant 85070591730234615865843651857942052864 : i128
func.func @wide_constants() -> (i128, i128, i128) {
  %0 = arith.constant 340282366920938463463374607431768211455 : i128
  %1 = arith.constant -170141183460469231731687303715884105728 : i128
  %2 = arith.constant 85070591730234615865843651857942052864 : i128
  return %0, %1, %2 : i128, i128, i128
}
