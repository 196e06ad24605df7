// An addi, subi or muli whose overflow flags rule a wrap out stops with the
// same located message in the interpreter and in compiled code, with both
// operands, and exit status 1; without flags it wraps, as MLIR defines.
// RUN: not graph-run %s --entry add_nsw --backend interp 4611686018427387904 4611686018427387904 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: not graph-run %s --entry add_nsw --backend cpu 4611686018427387904 4611686018427387904 2>&1 | FileCheck %s --check-prefix=ADD
// ADD: overflow.mlir:[[# @LINE + 27]]:8: error: arith.addi has undefined behaviour on 4611686018427387904 and 4611686018427387904 (a signed overflow, which overflow<nsw> rules out)
// RUN: not graph-run %s --entry sub_nsw --backend cpu -- -9223372036854775808 1 2>&1 | FileCheck %s --check-prefix=SUB
// RUN: not graph-run %s --entry sub_nsw --backend interp -- -9223372036854775808 1 2>&1 | FileCheck %s --check-prefix=SUB
// SUB: error: arith.subi has undefined behaviour on -9223372036854775808 and 1 (a signed overflow, which overflow<nsw> rules out)
// Unsigned operands are shown unsigned.
// RUN: not graph-run %s --entry mul_nuw --backend cpu -- -1 2 2>&1 | FileCheck %s --check-prefix=MUL
// RUN: not graph-run %s --entry mul_nuw --backend interp -- -1 2 2>&1 | FileCheck %s --check-prefix=MUL
// MUL: error: arith.muli has undefined behaviour on 4294967295 and 2 (an unsigned overflow, which overflow<nuw> rules out)
// In range, and without flags, the backends agree.
// RUN: graph-run %s --entry add_nsw --backend cpu 40 2 | FileCheck %s --check-prefix=FITS
// RUN: graph-run %s --entry add_nsw --backend interp 40 2 | FileCheck %s --check-prefix=FITS
// FITS: {{^}}42{{$}}
// RUN: graph-run %s --entry add_wraps --backend cpu 9223372036854775807 1 | FileCheck %s --check-prefix=WRAP
// RUN: graph-run %s --entry add_wraps --backend interp 9223372036854775807 1 | FileCheck %s --check-prefix=WRAP
// WRAP: {{^}}-9223372036854775808{{$}}
// Folding keeps a forbidden wrap of constants for the run to report, and
// egraph-simplify leaves flagged operations alone.
// RUN: graph-opt %s --pass-pipeline='builtin.module(canonicalize, func.func(egraph-simplify))' | FileCheck %s --check-prefix=KEPT
// KEPT-LABEL: func.func @constants
// KEPT: arith.addi %{{.*}}, %{{.*}} overflow<nsw> : i64
// The corpus: SSSP reports a path too long to hold, MST refuses a graph
// whose forest could weigh too much; no wrapped result is printed.
// RUN: not graph-run %S/../../algorithms/sssp.mlir --graph %S/Inputs/heavy.wel --symmetrize --entry sssp --backend cpu 0 2>&1 | FileCheck %s --check-prefix=SSSP
// SSSP: sssp.mlir:{{[0-9]+}}:{{[0-9]+}}: error: arith.addi has undefined behaviour on 4611686018427387904 and 4611686018427387904
// RUN: not graph-run %S/../../algorithms/mst.mlir --graph %S/Inputs/heavy.wel --symmetrize --entry mst --backend interp 2>&1 | FileCheck %s --check-prefix=MST
// MST: mst.mlir:{{[0-9]+}}:3: error: the forest's weight may not fit a 64-bit integer
func.func @add_nsw(%a: i64, %b: i64) -> i64 {
  %r = arith.addi %a, %b overflow<nsw> : i64
  return %r : i64
}

func.func @sub_nsw(%a: i64, %b: i64) -> i64 {
  %r = arith.subi %a, %b overflow<nsw> : i64
  return %r : i64
}

func.func @mul_nuw(%a: i32, %b: i32) -> i32 {
  %r = arith.muli %a, %b overflow<nuw> : i32
  return %r : i32
}

func.func @add_wraps(%a: i64, %b: i64) -> i64 {
  %r = arith.addi %a, %b : i64
  return %r : i64
}

func.func @constants() -> i64 {
  %a = arith.constant 4611686018427387904 : i64
  %r = arith.addi %a, %a overflow<nsw> : i64
  return %r : i64
}
