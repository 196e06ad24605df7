// A compiled program's undefined behaviour (MLIR's: an index out of a
// buffer) is no crash of graph-run: it says what stopped the program,
// points at the interpreter, which says where, and exits with status 1.
// An integer division by zero or a signed MIN / -1 stops compiled code at
// the division with the interpreter's message, constant divisors too (LLVM
// folded a constant zero divisor to some value, silently).
// RUN: not graph-run %s --entry div --backend cpu 7 0 2>&1 | FileCheck %s --check-prefix=DIV-INTERP
// RUN: not graph-run %s --entry div --backend interp 7 0 2>&1 | FileCheck %s --check-prefix=DIV-INTERP
// DIV-INTERP: faults.mlir:{{[0-9]+}}:8: error: arith.divsi has undefined behaviour on 7 and 0 (division by zero or overflow)
// RUN: not graph-run %s --entry div --backend cpu -- -9223372036854775808 -1 2>&1 | FileCheck %s --check-prefix=DIV-MIN
// DIV-MIN: error: arith.divsi has undefined behaviour on -9223372036854775808 and -1 (division by zero or overflow)
// A union-find (or a worklist) is no result, on any backend (compiled
// code once printed the buffer it lowers to).
// RUN: not graph-run %S/Inputs/return-uf.mlir --graph gen:grid:rows=2,cols=2 --entry f --backend cpu 2>&1 | FileCheck %s --check-prefix=UF
// RUN: not graph-run %S/Inputs/return-uf.mlir --graph gen:grid:rows=2,cols=2 --entry f --backend interp 2>&1 | FileCheck %s --check-prefix=UF
// UF: error: a value of type !graph.uf cannot be returned to the host
// RUN: not graph-run %S/Inputs/divide-by-constant-zero.mlir --entry f --backend cpu 3 2>&1 | FileCheck %s --check-prefix=CONST-ZERO
// RUN: not graph-run %S/Inputs/divide-by-constant-zero.mlir --entry f --backend interp 3 2>&1 | FileCheck %s --check-prefix=CONST-ZERO
// CONST-ZERO: divide-by-constant-zero.mlir:8:10: error: arith.remui has undefined behaviour on 7 and 0 (division by zero or overflow)
// RUN: not graph-run %s --entry shl --backend interp 1 64 2>&1 | FileCheck %s --check-prefix=SHL-INTERP
// A shift by the width or more stops compiled code at the shift with the
// same message (the machine's shift would give some value silently).
// RUN: not graph-run %s --entry shl --backend cpu 1 64 2>&1 | FileCheck %s --check-prefix=SHL-INTERP
// RUN: not graph-run %s --entry shl --backend cpu 1 -1 2>&1 | FileCheck %s --check-prefix=SHL-NEG
// SHL-INTERP: faults.mlir:{{[0-9]+}}:8: error: arith.shli has undefined behaviour on 1 and 64 (a shift by the bit width or more)
// SHL-NEG: error: arith.shli has undefined behaviour on 1 and -1 (a shift by the bit width or more)
// RUN: graph-run %s --entry shl --backend cpu 1 63 | FileCheck %s --check-prefix=SHL-OK
// SHL-OK: {{^}}-9223372036854775808{{$}}

// The fault is on a thread of the team, not the caller's.
// RUN: not graph-run %s --entry out_of_range --backend cpu --threads 2 4000000000000 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: error: the compiled program made an invalid memory access (an index out of a buffer's range?) or overflowed its stack (recursion too deep?); --backend interp reports where
// RUN: not graph-run %s --entry out_of_range --backend interp 4000000000000 2>&1 | FileCheck %s --check-prefix=RANGE-INTERP
// RANGE-INTERP: error: index 4000000000000 is out of range for a buffer of 8 elements

// In range, every backend agrees.
// RUN: graph-run %s --entry out_of_range --backend cpu --threads 2 0 | FileCheck %s --check-prefix=IN-RANGE
// IN-RANGE-COUNT-8: {{^}}1{{$}}
// RUN: graph-run %s --entry div --backend cpu 7 2 | FileCheck %s --check-prefix=QUOTIENT
// QUOTIENT: {{^}}3{{$}}

func.func @div(%a: i64, %b: i64) -> i64 {
  %r = arith.divsi %a, %b : i64
  return %r : i64
}

func.func @shl(%a: i64, %b: i64) -> i64 {
  %r = arith.shli %a, %b : i64
  return %r : i64
}

// Every iteration reads element `i + k` of an 8-element buffer.
func.func @out_of_range(%k: index) -> !par.buf<i64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1 : i64
  %src = "par.alloc"(%c8) : (index) -> !par.buf<i64>
  %dst = "par.alloc"(%c8) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %c8, %c1) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%one, %src, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.for"(%c0, %c8, %c1) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %j = arith.addi %i, %k : index
      %v = "par.load"(%src, %j) : (!par.buf<i64>, index) -> i64
      "par.store"(%v, %dst, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return %dst : !par.buf<i64>
}

// Recursion deeper than the stack is reported the same way (the handler
// runs on the thread's alternate stack).
// RUN: not graph-run %s --entry deep --backend cpu 1000000000 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: graph-run %s --entry deep --backend cpu 3 | FileCheck %s --check-prefix=SHALLOW
// SHALLOW: {{^}}896{{$}}
// The interpreter follows recursion as deep as the compiled code does (up to
// a million calls), so it stays the oracle.
// RUN: graph-run %s --entry deep 100000 > %t.interp
// RUN: graph-run %s --entry deep --backend cpu 100000 > %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: not graph-run %s --entry deep 2000000 2>&1 | FileCheck %s --check-prefix=DEPTH
// DEPTH: error: call depth exceeds 1000000

// down(n) = down(n - 1) * 31 xor n, down(0) = 0: a recursion LLVM cannot
// turn into a loop.
func.func private @down(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c31 = arith.constant 31 : i64
  %z = arith.cmpi eq, %n, %c0 : i64
  %r = scf.if %z -> (i64) {
    scf.yield %c0 : i64
  } else {
    %m = arith.subi %n, %c1 : i64
    %x = func.call @down(%m) : (i64) -> i64
    %t = arith.muli %x, %c31 : i64
    %y = arith.xori %t, %n : i64
    scf.yield %y : i64
  }
  return %r : i64
}

func.func @deep(%n: i64) -> i64 {
  %r = func.call @down(%n) : (i64) -> i64
  return %r : i64
}

// A loop step that is not a constant is checked at run time in compiled
// code as in the interpreter: zero (or less) stops the program at the loop
// instead of looping forever.
// RUN: not graph-run %s --entry count --backend cpu 10 0 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: not graph-run %s --entry count 10 0 2>&1 | FileCheck %s --check-prefix=STEP
// STEP: faults.mlir:[[# @LINE + 5]]:8: error: scf.for step must be positive
// RUN: graph-run %s --entry count --backend cpu 10 3 | FileCheck %s --check-prefix=STEP3
// STEP3: {{^}}4{{$}}
func.func @count(%n: index, %step: index) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %c0 to %n step %step iter_args(%acc = %c0) -> (index) {
    %c1 = arith.constant 1 : index
    %next = arith.addi %acc, %c1 : index
    scf.yield %next : index
  }
  return %r : index
}

// A constant step that is not positive verifies, as in MLIR 22, and stops
// the run at the loop the same way.
// RUN: not graph-run %s --entry count_back --backend cpu 10 2>&1 | FileCheck %s --check-prefix=BACK
// RUN: not graph-run %s --entry count_back 10 2>&1 | FileCheck %s --check-prefix=BACK
// BACK: faults.mlir:[[# @LINE + 4]]:8: error: scf.for step must be positive
func.func @count_back(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %back = arith.constant -1 : index
  %r = scf.for %i = %c0 to %n step %back iter_args(%acc = %c0) -> (index) {
    %c1 = arith.constant 1 : index
    %next = arith.addi %acc, %c1 : index
    scf.yield %next : index
  }
  return %r : index
}

// A buffer whose bytes do not fit 64 bits (2^61 elements of 8 bytes, or a
// negative count) is out of memory in compiled code, as it cannot be
// allocated in the interpreter; never a wrapped, too small block.
// RUN: not graph-run %s --entry huge_buffer --backend cpu 2305843009213693952 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not graph-run %s --entry huge_buffer --backend cpu -- -1 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: error: out of memory allocating a buffer
// RUN: not graph-run %s --entry huge_buffer --backend interp 2305843009213693952 2>&1 | FileCheck %s --check-prefix=HUGE-INTERP
// HUGE-INTERP: error: cannot allocate 2305843009213693952 elements
func.func @huge_buffer(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7 : i64
  %b = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.store"(%v, %b, %c0) : (i64, !par.buf<i64>, index) -> ()
  %x = "par.load"(%b, %c0) : (!par.buf<i64>, index) -> i64
  return %x : i64
}

// A float-to-integer conversion of NaN or of a value out of range stops
// compiled code with the interpreter's message (the machine would give some
// value silently).
// RUN: not graph-run %S/Inputs/float-to-int.mlir --entry f --backend cpu 1e10 2>&1 | FileCheck %s --check-prefix=FPTOSI
// RUN: not graph-run %S/Inputs/float-to-int.mlir --entry f --backend interp nan 2>&1 | FileCheck %s --check-prefix=FPTOSI
// RUN: not graph-run %S/Inputs/float-to-int.mlir --entry f --backend cpu nan 2>&1 | FileCheck %s --check-prefix=FPTOSI
// FPTOSI: float-to-int.mlir:3:8: error: arith.fptosi has undefined behaviour: its operand is NaN or out of the range of i32
// RUN: not graph-run %S/Inputs/float-to-int.mlir --entry g --backend cpu -- -1.5 2>&1 | FileCheck %s --check-prefix=FPTOUI
// FPTOUI: error: arith.fptoui has undefined behaviour: its operand is NaN or out of the range of i64
// RUN: graph-run %S/Inputs/float-to-int.mlir --entry f --backend cpu -- -2147483648.5 | FileCheck %s --check-prefix=FITS
// FITS: {{^}}-2147483648{{$}}
