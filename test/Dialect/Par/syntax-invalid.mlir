// RUN: graph-opt %s -split-input-file -verify-diagnostics
// The declared format's errors: each names what the declaration expects.

func.func @f(%b: !par.buf<i64>, %i: index) -> i64 {
  // expected-error@+1 {{custom op 'par.load' expected 1 result type, but found 0}}
  %v = par.load %b, %i : !par.buf<i64>
  return %v : i64
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index) -> i64 {
  // expected-error@+1 {{custom op 'par.load' expected 2 operands, but found 1}}
  %v = par.load %b : !par.buf<i64> -> i64
  return %v : i64
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index) -> i64 {
  // expected-error@+1 {{custom op 'par.load' expected 1 operand type, but found 2}}
  %v = par.load %b, %i : !par.buf<i64>, i64 -> i64
  return %v : i64
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index) -> i64 {
  // expected-error@+1 {{custom op 'par.load' expected 1 result type, but found 2}}
  %v = par.load %b, %i : !par.buf<i64> -> i64, i64
  return %v : i64
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index) {
  // expected-error@+1 {{custom op 'par.barrier' expected 0 operands, but found more}}
  par.barrier %i
  return
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index) {
  // An operation without operands does not take the next line's result.
  par.parallel {
    %t = par.thread_id
    %n = par.num_threads
    par.yield
  }
  // expected-error@+1 {{custom op 'par.store' expected 3 operands, but found 2}}
  par.store %i, %b
  return
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index) -> i32 {
  // The declared types still meet the verifier's relations.
  // expected-error@+1 {{'par.load' op result must be i64, got i32}}
  %v = par.load %b, %i : !par.buf<i64> -> i32
  return %v : i32
}
