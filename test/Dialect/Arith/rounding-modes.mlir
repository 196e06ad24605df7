// arith.truncf takes one of MLIR's rounding modes: the interpreter rounds
// in it; the compiled targets take the default only and say so otherwise.
// RUN: graph-opt %s | FileCheck %s --check-prefix=PRINT
// RUN: graph-opt %s --mlir-print-op-generic | graph-opt | FileCheck %s --check-prefix=PRINT
// RUN: graph-run %s --entry rounding --backend interp -- 0.1 | FileCheck %s --check-prefix=POS
// RUN: graph-run %s --entry rounding --backend interp -- -1.00000005960464477539 | FileCheck %s --check-prefix=TIE
// RUN: graph-run %s --entry rounding --backend interp -- 1e300 | FileCheck %s --check-prefix=HUGE
// RUN: graph-run %s --entry rounding --backend interp -- 1e-50 | FileCheck %s --check-prefix=TINY
// RUN: not graph-run %s --entry rounding --backend cpu -- 0.1 2>&1 | FileCheck %s --check-prefix=NOCPU
// RUN: not graph-opt %s --target=gpu --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCPU

// PRINT: arith.truncf %arg0 to_nearest_even : f64 to f32
// PRINT: arith.truncf %arg0 downward : f64 to f32
// PRINT: arith.truncf %arg0 upward : f64 to f32
// PRINT: arith.truncf %arg0 toward_zero : f64 to f32
// PRINT: arith.truncf %arg0 to_nearest_away fastmath<fast> : f64 to f32
func.func @rounding(%x: f64) -> (f32, f32, f32, f32, f32) {
  %0 = arith.truncf %x to_nearest_even : f64 to f32
  %1 = arith.truncf %x downward : f64 to f32
  %2 = arith.truncf %x upward : f64 to f32
  %3 = arith.truncf %x toward_zero : f64 to f32
  %4 = arith.truncf %x to_nearest_away fastmath<fast> : f64 to f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

// POS: # result 1 of 5
// POS-NEXT: 0.10000000149011612
// POS-NEXT: # result 2 of 5
// POS-NEXT: 0.09999999403953552
// POS-NEXT: # result 3 of 5
// POS-NEXT: 0.10000000149011612
// POS-NEXT: # result 4 of 5
// POS-NEXT: 0.09999999403953552
// POS-NEXT: # result 5 of 5
// POS-NEXT: 0.10000000149011612

// -(1 + 2^-24) lies halfway between -1 and -(1 + 2^-23).
// TIE: # result 1 of 5
// TIE-NEXT: -1.0
// TIE-NEXT: # result 2 of 5
// TIE-NEXT: -1.0000001192092896
// TIE-NEXT: # result 3 of 5
// TIE-NEXT: -1.0
// TIE-NEXT: # result 4 of 5
// TIE-NEXT: -1.0
// TIE-NEXT: # result 5 of 5
// TIE-NEXT: -1.0000001192092896

// HUGE: # result 1 of 5
// HUGE-NEXT: inf
// HUGE-NEXT: # result 2 of 5
// HUGE-NEXT: 3.4028234663852886e38
// HUGE-NEXT: # result 3 of 5
// HUGE-NEXT: inf
// HUGE-NEXT: # result 4 of 5
// HUGE-NEXT: 3.4028234663852886e38
// HUGE-NEXT: # result 5 of 5
// HUGE-NEXT: inf

// TINY: # result 1 of 5
// TINY-NEXT: 0.0
// TINY-NEXT: # result 2 of 5
// TINY-NEXT: 0.0
// TINY-NEXT: # result 3 of 5
// TINY-NEXT: 1.401298464324817e-45
// TINY-NEXT: # result 4 of 5
// TINY-NEXT: 0.0
// TINY-NEXT: # result 5 of 5
// TINY-NEXT: 0.0

// NOCPU: rounding-modes.mlir:19:8: error: 'arith.truncf' with rounding mode 'downward' is not supported by this target (only to_nearest_even)
