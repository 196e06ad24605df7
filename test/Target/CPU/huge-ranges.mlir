// A work-shared loop counts its iterations without overflow whatever its
// 64-bit bounds and step: compiled code runs as many iterations as the
// interpreter (here where `hi - lo + step` would wrap), and a step that is
// not positive stops the run with the interpreter's message.
// RUN: graph-run %s --entry count --backend interp 9223372036854775807 4611686018427387904 | FileCheck %s --check-prefix=TWO
// RUN: graph-run %s --entry count --backend cpu --threads 1 9223372036854775807 4611686018427387904 | FileCheck %s --check-prefix=TWO
// RUN: graph-run %s --entry count --backend cpu --threads 2 9223372036854775807 4611686018427387904 | FileCheck %s --check-prefix=TWO
// TWO: {{^}}2{{$}}
// RUN: graph-run %s --entry count --backend cpu --threads 2 9223372036854775807 3074457345618258602 | FileCheck %s --check-prefix=FOUR
// RUN: graph-run %s --entry count --backend interp 9223372036854775807 3074457345618258602 | FileCheck %s --check-prefix=FOUR
// FOUR: {{^}}4{{$}}
// RUN: graph-run %s --entry count --backend cpu --threads 2 -- -5 1 | FileCheck %s --check-prefix=NONE
// NONE: {{^}}0{{$}}
// RUN: not graph-run %s --entry count --backend cpu --threads 2 10 0 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: not graph-run %s --entry count --backend interp 10 0 2>&1 | FileCheck %s --check-prefix=STEP
// STEP: huge-ranges.mlir:[[# @LINE + 9]]:5: error: step must be positive, got 0
func.func @count(%hi: index, %step: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %zero = arith.constant 0 : i64
  %b = "par.alloc"(%c1) : (index) -> !par.buf<i64>
  "par.store"(%zero, %b, %c0) : (i64, !par.buf<i64>, index) -> ()
  "par.parallel"() ({
    "par.for"(%c0, %hi, %step) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %o = "par.atomic_rmw"(%one, %b, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  %x = "par.load"(%b, %c0) : (!par.buf<i64>, index) -> i64
  return %x : i64
}

// The same for scf.for: a step that would carry the loop variable past the
// largest value ends the loop (it looped forever).
// RUN: graph-run %s --entry count_seq --backend cpu 9223372036854775807 4611686018427387904 | FileCheck %s --check-prefix=TWO
// RUN: graph-run %s --entry count_seq --backend interp 9223372036854775807 4611686018427387904 | FileCheck %s --check-prefix=TWO
// RUN: graph-run %s --entry count_seq --backend cpu 10 3 | FileCheck %s --check-prefix=FOUR
func.func @count_seq(%hi: index, %step: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %hi step %step iter_args(%acc = %c0) -> (index) {
    %n = arith.addi %acc, %c1 : index
    scf.yield %n : index
  }
  return %r : index
}
