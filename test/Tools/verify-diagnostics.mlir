// An expectation that is not met, or a diagnostic that was not expected, fails the run.
// RUN: not graph-opt %s -split-input-file -verify-diagnostics 2>&1 | FileCheck %s

// CHECK: error: expected error "never produced" was not produced
func.func @f() {
  // expected-error@+1 {{never produced}}
  return
}

// -----

// CHECK: error: unexpected error: use of undeclared SSA value name
func.func @g() {
  "func.return"(%nope) : (i32) -> ()
}
