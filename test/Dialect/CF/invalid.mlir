// RUN: graph-opt %s -split-input-file -verify-diagnostics

func.func @br_arg_types(%x: i64) {
  // expected-error@+1 {{'cf.br' op type mismatch for bb argument #0 of successor #0: 'i64' passed, 'i32' expected}}
  cf.br ^bb1(%x : i64)
^bb1(%a: i32):
  return
}

// -----

func.func @br_arg_count(%x: i32) {
  // expected-error@+1 {{'cf.br' op branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%a: i32):
  return
}

// -----

func.func @br_successors() {
  // expected-error@+1 {{'cf.br' op requires exactly one successor}}
  "cf.br"() [^bb1, ^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @cond_br_successors(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op requires exactly two successors}}
  "cf.cond_br"(%c) [^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_segments(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op requires 'operandSegmentSizes' with three entries}}
  "cf.cond_br"(%c) [^bb1, ^bb1] : (i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_segment_sum(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op operand count does not match 'operandSegmentSizes'}}
  "cf.cond_br"(%c) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1) -> ()
^bb1:
  return
}

// -----

// A negative segment size is reported, not followed (an operand range
// past the operands).
func.func @cond_br_negative_segment(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op operand count does not match 'operandSegmentSizes'}}
  "cf.cond_br"(%c, %c) [^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, -1, 2>}> : (i1, i1) -> ()
^bb1:
  return
^bb2(%x: i1):
  return
}

// -----

func.func @cond_br_condition(%c: i32) {
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @assert_operand(%c: i32) {
  // expected-error@+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%c) <{msg = "x"}> : (i32) -> ()
  return
}

// -----

func.func @assert_message(%c: i1) {
  // expected-error@+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%c) : (i1) -> ()
  return
}

// -----

func.func @branch_to_entry() {
^bb0:
  // expected-error@+1 {{'cf.br' op successor #0 is the entry block of its region, which may not have predecessors}}
  cf.br ^bb0
}

// -----

func.func @undefined_block() {
  // expected-error@+1 {{reference to an undefined block '^bb7'}}
  cf.br ^bb7
}

// -----

func.func @weights_count(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op expects number of branch weights to match number of successors: 1 vs 2}}
  cf.cond_br %c weights([100]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @weights_zero(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op branch weights cannot all be zero}}
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}
