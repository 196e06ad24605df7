// RUN: graph-opt %s -split-input-file -verify-diagnostics

func.func @br_arg_types(%x: i64) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%x : i64)
^bb1(%a: i32):
  return
}

// -----

func.func @br_arg_count(%x: i32) {
  // expected-error@+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%a: i32):
  return
}

// -----

func.func @br_successors() {
  // expected-error@+1 {{'cf.br' op requires 1 successor but found 2}}
  "cf.br"() [^bb1, ^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @cond_br_successors(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op requires 2 successors but found 1}}
  "cf.cond_br"(%c) [^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_segments(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c) [^bb1, ^bb1] : (i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_segment_sum(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1) -> ()
^bb1:
  return
}

// -----

// A negative segment size is reported, not followed (an operand range
// past the operands).
func.func @cond_br_negative_segment(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op 'operandSegmentSizes' attribute cannot have negative elements}}
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

// expected-error@+1 {{entry block of region may not have predecessors}}
func.func @branch_to_entry() {
^bb0:
  cf.br ^bb0
}

// -----

func.func @undefined_block() {
  // expected-error@+1 {{reference to an undefined block}}
  cf.br ^bb7
}

// -----

func.func @weights_count(%c: i1) {
  // expected-error @+1 {{expects number of branch weights to match number of successors: 1 vs 2}}
  cf.cond_br %c weights([100]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @weights_zero(%c: i1) {
  // expected-error @+1 {{branch weights cannot all be zero}}
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @switch_case_not_integer(%flag: i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    // expected-error@+1 {{expected integer value}}
    "one": ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_missing_comma(%flag: i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    // expected-error@+1 {{expected ']'}}
    1: ^bb1
    2: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_without_default(%flag: i32) {
  cf.switch %flag : i32, [
    // expected-error@+1 {{expected 'default'}}
    1: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_case_out_of_range(%flag: i8) {
  cf.switch %flag : i8, [
    default: ^bb1,
    255: ^bb1,
    -128: ^bb1,
    // MLIR 22 takes it (and wraps it); later versions reject it, as here.
    // expected-error@+1 {{case value is out of range for 'i8'}}
    -129: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_case_type(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_count(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_segments(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op caseOperands count (1) does not match with the total size (0) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%flag, %flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb1:
  return
}

// -----

// Case destinations without case values (found by the fuzzer: the custom
// form dropped the destination).
func.func @switch_destinations_without_values(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (0) should match number of case destinations (1)}}
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// A splat claiming 2^32 values is not expanded (found by the fuzzer: it
// exhausted memory).
func.func @switch_huge_splat(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (4294967296) should match number of case destinations (1)}}
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<4294967296xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @empty_successor_operands() {
  cf.br ^bb1() // expected-error {{expected ':'}}
^bb1:
  return
}
