// RUN: graph-opt %s -split-input-file -verify-diagnostics

func.func @undefined(%a: i32) {
  // expected-error@+1 {{use of undeclared SSA value name}}
  %0 = arith.addi %a, %b : i32
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @type_mismatch(%a: i32) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = arith.addi %a, %a : i64
  return
}

// -----

func.func @redefinition() {
  // expected-note@+1 {{previously defined here}}
  %0 = arith.constant 1 : i32
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = arith.constant 2 : i32
  return
}

// -----

// expected-error@+1 {{operation being parsed with an unregistered dialect}}
"foo.bar"() : () -> ()

// -----

// expected-error@+1 {{unregistered operation 'arith.frobnicate' found in dialect ('arith') that does not allow unknown operations}}
"arith.frobnicate"() : () -> ()

// -----

// expected-error@+1 {{custom op 'frobnicate' is unknown (tried 'builtin.frobnicate' as well)}}
frobnicate

// -----

func.func @f() {
  // expected-error@+1 {{expected ')' to end operand list}}
  "arith.addi"(%a %b) : () -> ()
}

// -----

func.func @results_count() {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = arith.constant 1 : i32
  return
}

// -----

func.func @result_number(%a: i32) {
  %0 = arith.constant 1 : i32
  // expected-error@+1 {{invalid result number '#1' for value '%0' with 1 results}}
  %1 = arith.addi %0#1, %a : i32
  return
}

// -----

// expected-error@+1 {{expected non-function type}}
func.func @bad_type(%a: notatype) {
  return
}

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
func.func @wide(%a: i99999999) {
  return
}

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"func.func"() <{function_type = () -> (), sym_name = "f", x = 999999999999999999999999999999999999999999 : i64}> ({
  func.return
}) : () -> ()

// -----

// The verifier stops at the first error, as MLIR's does, and words it as
// MLIR does.
func.func @missing_terminator() {
  // expected-error@+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32}}
  %0 = arith.constant 1 : i32
}

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
^bb0:
}) : () -> ()

// -----

func.func @terminator_in_middle() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  return
}

// -----

func.func @dominance(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note@+1 {{operand defined here}}
  %x = arith.constant 1.0 : f32
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %y = arith.negf %x : f32
  return
}

// -----

func.func @use_before_def() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %y = arith.negf %x : f32
  // expected-note@+1 {{operand defined here}}
  %x = arith.constant 1.0 : f32
  return
}

// -----

// Values from outside an isolated region are not even visible to the parser.
func.func @isolation(%a: i32) {
  func.func @inner() {
    // expected-error@+1 {{use of undeclared SSA value name}}
    %0 = arith.addi %a, %a : i32
    return
  }
  return
}

// -----

// expected-error@+1 {{expected non-function type}}
func.func @unterminated( {

// -----

func.func @f() {
  // expected-error@+1 {{expected '}' to end the region}}
  scf.if %c {

// -----

func.func @dense_scalar() {
  // expected-error @+1 {{elements literal must be a shaped type}}
  %0 = arith.constant dense<[4]> : i32
  return
}

// -----

// `i0` holds only 0.
func.func @i0_literal() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 2 : i0
  return
}

// -----

// A boolean literal takes no type: `true : f64` is not the float 1.0 (it used
// to be read as the integer 1 typed f64, printed as `1 : f64`, and read back
// as a float).
func.func @typed_bool() -> f64 {
  // expected-error@+1 {{expected operation name in quotes}}
  %b = arith.constant true : f64
  return %b : f64
}

// -----

// A missing token is reported where MLIR reports it: at the end of what was
// read, above blank lines and comments, not at the next token.
func.func @wrong_token_on_next_line(%a: i32) -> i32 {
  // expected-error@+1 {{expected ':' followed by operation type}}
  %b = "arith.addi"(%a, %a)

  // The type is missing.
  return %b : i32
}

// -----

func.func @branch_in_the_middle() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  %0 = arith.constant 1 : i32
^bb1:
  return
}

// -----

// Each function is verified on its own and reports its first error, as
// MLIR's verifier (which verifies them in parallel) does.
func.func @first(%a: i32) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  %1 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return
}
func.func @second(%a: i32) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return
}


// -----

// Inside the custom form of scf.if, names without a dialect are not
// looked up in func's, as in MLIR.
func.func private @g()
func.func @unqualified_call_in_scf(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{custom op 'call' is unknown (tried '.call' as well)}}
    call @g() : () -> ()
  }
  return
}

// -----

// Dense literals are read against their type: shape, element kind, range.
func.func @dense_shape() {
  // expected-error@+1 {{inferred shape of elements literal ([2, 3]) does not match type ([2, 2])}}
  %0 = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x2xi32>
  return
}

// -----

func.func @dense_ragged() {
  // expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  %0 = arith.constant dense<[[1, 2], [3]]> : tensor<2x2xi32>
  return
}

// -----

func.func @dense_range() {
  // expected-error@+1 {{integer constant out of range for type}}
  %0 = arith.constant dense<[300, 2]> : tensor<2xi8>
  return
}

// -----

func.func @dense_float_in_int() {
  // expected-error@+1 {{expected integer elements, but parsed floating-point}}
  %0 = arith.constant dense<[1.5, 2]> : tensor<2xi32>
  return
}

// -----

func.func @dense_int_in_float() {
  // expected-error@below {{unexpected decimal integer literal for a floating point value}}
  // expected-note@below {{add a trailing dot to make the literal a float}}
  %0 = arith.constant dense<[1, 2.0]> : tensor<2xf32>
  return
}

// -----

// expected-error@+1 {{elements literal type must have static shape}}
func.func private @dense_dynamic_shape() attributes {a = dense<[4]> : tensor<?xi32>}

// -----

// expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
func.func private @dense_unsigned_negative() attributes {a = dense<[5, -5]> : vector<2xui32>}

// -----

// expected-error@+1 {{expected ',' between complex elements}}
func.func private @dense_complex() attributes {a = dense<[(10)]> : tensor<1xcomplex<i64>>}

// -----

// expected-error@+1 {{expected ')' after complex elements}}
func.func private @dense_complex_open() attributes {a = dense<[(10,10]> : tensor<1xcomplex<i64>>}

// -----

// expected-error@+1 {{parsed zero elements, but type ('tensor<i64>') expected at least 1}}
func.func private @dense_empty() attributes {a = dense<> : tensor<i64>}

// -----

// `@below` names the next line without an expectation of its own, as
// upstream's verifier reads it.
func.func @integer_literal_for_float() {
  // expected-error@below {{unexpected decimal integer literal for a floating point value}}
  // expected-note@below {{add a trailing dot to make the literal a float}}
  %0 = arith.constant 42 : f32
  return
}

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
func.func private @negative_unsigned() attributes {a = -5 : ui32}

// -----

// expected-error@below {{element type bitwidth must be a multiple of 8}}
#a = array<i7>

// -----

// expected-error@below {{expected ':' after dense array type}}
#a = array<i8)

// -----

// expected-error@below {{expected '>' to close distinct attribute}}
#a = distinct[8]<@foo]

// -----

#a = distinct[0]<42 : i32>
// expected-error@below {{referenced attribute does not match previous definition: 42 : i32}}
#b = distinct[0]<43 : i32>

// -----

// expected-error@+1 {{expected ':'}}
#a = dense_resource<blob>

// -----

// expected-error@+1 {{`dense_resource` expected a shaped type}}
#a = dense_resource<blob> : i32

// -----

// expected-error@+1 {{expected ',' or ']'}}
func.func private @list() attributes {a = [1 2]}

// -----

// expected-error@+1 {{invalid tensor element type}}
func.func private @nested_tensor(tensor<tensor<i8>>)

// -----

// expected-error@+1 {{invalid memref element type}}
func.func private @memref_of_tensor(memref<?xtensor<i8>>)

// -----

// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func private @vector_of_vector(vector<1 x vector<1xi32>>)

// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 1, 0}}
func.func private @zero_in_vector() -> vector<1x0xi32>

// -----

// expected-error@+1 {{expected list element}}
func.func private @empty_layout(memref<2x4xi8, >)

// -----

// expected-error@+1 {{unsupported memory space Attribute}}
func.func private @type_memory_space(memref<2x4xi8, i8>)

// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
func.func private @two_memory_spaces(memref<2x4xi8, 1, 2>)

// -----

// expected-error@+1 {{expected memory space to be last in memref type}}
func.func private @layout_after_space(memref<2x4xi8, 1, affine_map<(d0, d1) -> (d0, d1)>>)

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func private @layout_rank(memref<42xi8, affine_map<(d0, d1) -> (d0, d1)>>)

// -----

// expected-error@below {{expected a 64-bit signed integer or '?'}}
func.func private @strided_list() -> memref<?x?xf32, strided<[>>

// -----

// expected-error@below {{expected the number of strides to match the rank}}
func.func private @strided_rank() -> memref<?x?xf32, strided<[1]>>

// -----

// expected-error@+1 {{invalid integer width}}
func.func private @wide(i21312312323120)

// -----

// A named symbol lives in a symbol table (or in an unregistered operation,
// which might be one).
func.func @outer() {
  // expected-error@+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func private @inner()
  return
}

// -----

// expected-error@+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'plain'}}
module attributes {plain = 1, xyz.fine} {
}

// -----

// expected-error@+1 {{unknown escape in string literal}}
func.func private @escape() attributes {s = "ab\qc"}

// -----

// Elements need their type.
func.func private @dense_without_type() attributes {
  // expected-error@+1 {{expected ':'}}
  v = dense<[1, 2]>}

// -----

func.func private @dense_trailing_text() attributes {
  // expected-error@+1 {{expected '>'}}
  v = dense<[1, 2] junk> : tensor<2xi32>}

// -----

// Affine maps and sets are checked as MLIR reads them.
// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
func.func private @map_product() attributes {m = affine_map<(d0, d1) -> (d0 * d1)>}

// -----

// expected-error@+1 {{use of undeclared identifier}}
func.func private @map_undeclared() attributes {m = affine_map<(d0) -> (d1)>}

// -----

// expected-error@+1 {{constant too large for index}}
func.func private @map_constant() attributes {m = affine_map<(d0) -> (d0 + 18446744073709551616)>}

// -----

// expected-error@+1 {{expected ')' in dimensional identifier list}}
func.func private @map_dims(memref<4xi8, affine_map<(d0 d1) -> (d0)>>)

// -----

// expected-error@+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
func.func private @set_constraint() attributes {s = affine_set<(d0) : (d0)>}

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<2xi8>'}}
func.func private @hex_size() attributes {v = dense<"0x010203"> : tensor<2xi8>}

// -----

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
func.func private @hex_digits() attributes {v = dense<"12"> : tensor<1xi8>}

// -----

// expected-error@+1 {{integer constant out of range for type}}
func.func private @string_element() attributes {v = dense<[1, "a"]> : tensor<2xi32>}

// -----

// The least 64-bit value stands for `?`: it cannot be written as a stride.
// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
func.func private @stride_sentinel(memref<?x?xf32, strided<[?, -9223372036854775808], offset: ?>>)

// -----

// An attribute of an unknown dialect in angle brackets is refused as the
// dotted form is, without --allow-unregistered-dialect.
// expected-error@+1 {{dialect 'bar' is unknown; pass --allow-unregistered-dialect to accept its attributes}}
func.func @unknown_attribute() attributes {a = #bar<baz>} {
  return
}
