// RUN: graph-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Errors on programs with unregistered operations, in MLIR's words (the
// same file passes mlir-opt-22 -verify-diagnostics).

// The parser's and the verifier's words are MLIR's.
func.func @lonely_dot(.) // expected-error {{expected three consecutive dots for an ellipsis}}

// -----

func.func @bad_value_name() {
  "test.x"(% ) : (i32) -> () // expected-error {{invalid SSA name}}
}

// -----

func.func @successors_need_a_terminator(%a: i32) {
  %0 = "arith.addi"(%a, %a)[^bb1] : (i32, i32) -> i32 // expected-error {{successors in non-terminator}}
^bb1:
  return
}

// -----

func.func @operand_type_count() {
  "test.x"() : (i32, i32) -> () // expected-error {{expected 0 operand types but had 2}}
  return
}

// -----

func.func @naming_nothing() {
  %0 = "test.x"() : () -> () // expected-error {{cannot name an operation with no results}}
  return
}

// -----

func.func @unknown_inside_a_function() {
  // expected-error@+1 {{custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)}}
  frobnicate
}

// -----

func.func @unclosed_regions() {
  // expected-error@+1 {{expected ')' to end region list}}
  "test.x"() ({}, {} : () -> ()
}

// -----

!no_equals i32 // expected-error {{expected '=' in type alias definition}}

// -----

func.func @forward_use_type() -> i8 {
  cf.br ^bb2
^bb1:
  // expected-note@+1 {{previously used here with type 'i8'}}
  return %v : i8
^bb2:
  // expected-error@+1 {{definition of SSA value '%v#0' has type 'i16'}}
  %v = "test.x"() : () -> i16
  cf.br ^bb1
}

// -----

func.func @used_before_defined() {
  "test.x"(%v) : (i32) -> () // expected-error {{operand #0 does not dominate this use}}
  %v = "test.y"() : () -> i32 // expected-note {{operand defined here (op in the same block)}}
  return
}

// -----

func.func @argument_of_a_later_block() { // expected-note {{operand defined as a block argument (block #1 in the same region)}}
  "test.x"(%a) : (i32) -> () // expected-error {{operand #0 does not dominate this use}}
  cf.br ^bb1(%a : i32)
^bb1(%a: i32):
  return
}

// -----

func.func @sparse_shape() {
  // expected-error@+1 {{expected shape ([2, 2, 2]); inferred shape of indices literal ([2, 3]); inferred shape of values literal ([3])}}
  "f"() {bar = sparse<[[1, 1, 0], [0, 1, 0]], [2, -1, 5]> : tensor<2x2x2xi16>} : () -> ()
  return
}

// -----

func.func @sparse_index() {
  // expected-error@+1 {{sparse index #1 is not contained within the value shape, with index=[0, 18446744073709551615, 0], and type='tensor<2x2x2xi16>'}}
  "f"() {bar = sparse<[[1, 1, 0], [0, -1, 0]], [2, -1]> : tensor<2x2x2xi16>} : () -> ()
  return
}
