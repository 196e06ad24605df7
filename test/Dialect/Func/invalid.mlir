// RUN: graph-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl(i32)

// -----

// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "f"}> ({
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i64):
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'arg_attrs' failed to satisfy constraint: Array of dictionary attributes}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f", arg_attrs = [1]}> ({
^bb0(%a: i32):
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"]}}
"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "hidden"}> ({
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires one region}}
"func.func"() <{function_type = () -> (), sym_name = "f"}> : () -> ()

// -----

func.func @return_count() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@return_count) returns 1}}
  return
}

// -----

func.func @return_type(%a: i64) -> i32 {
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @return_type}}
  return %a : i64
}

// -----

func.func @return_parent(%c: i1) {
  scf.if %c {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

func.func @call_unknown() {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  call @nope() : () -> ()
  return
}

// -----

func.func private @f(i32) -> i32
func.func @call_arity() {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  call @f() : () -> i32
  return
}

// -----

func.func private @f(i32) -> i32
func.func @call_operand_type(%a: i64) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  call @f(%a) : (i64) -> i32
  return
}

// -----

func.func private @f(i32) -> i32
func.func @call_results(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  call @f(%a) : (i32) -> ()
  return
}

// -----

func.func private @f(i32) -> (i32, i64)
func.func @call_result_type(%a: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{op result types: 'i64', 'i64'}}
  // expected-note@+1 {{function result types: 'i32', 'i64'}}
  %r:2 = call @f(%a) : (i32) -> (i64, i64)
  return
}

// -----

func.func @call_callee_missing() {
  // expected-error@+1 {{'func.call' op requires attribute 'callee'}}
  "func.call"() : () -> ()
  return
}

// -----

func.func @call_nested_ref() {
  // expected-error@+1 {{'func.call' op requires 'callee' to be a flat symbol reference}}
  "func.call"() <{callee = @a::@b}> : () -> ()
  return
}

// -----

func.func @dup() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'dup'}}
func.func @dup() {
  return
}
// expected-note@-7 {{see existing symbol definition here}}

// -----

// Argument types only, and an entry block that does not name them.
// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
func.func @types_only(f32) {
  return
}

// -----

// expected-error@+1 {{'func.func' op requires zero results}}
%0 = "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "func.return"() : () -> ()
}) : () -> index

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func private @plain_argument_attribute(i32 {size = 4})

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @plain_result_attribute() -> (i32 {size = 4})

// -----

func.func @empty_body() {} // expected-error {{expected non-empty function body}}

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
func.func private @.hidden()

// -----

func.func @types_then_names(i32,
                            %b: i32) { // expected-error {{expected type instead of SSA identifier}}
  return
}

// -----

// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f", arg_attrs = [{}, {}]}> ({
^bb0(%a: i32):
  func.return
}) : () -> ()

// -----

func.func @constant_of_nothing() {
  %f = constant @nowhere : () -> () // expected-error {{'func.constant' op reference to undefined function 'nowhere'}}
  return
}

// -----

func.func private @takes_i32(i32)
func.func @constant_type() {
  %f = constant @takes_i32 : (i64) -> () // expected-error {{'func.constant' op reference to function with mismatched type}}
  return
}

// -----

func.func @constant_not_a_symbol() {
  %f = constant "g" : () -> () // expected-error {{invalid kind of attribute specified}}
  return
}

// -----

func.func @call_indirect_arguments(%f: (i32) -> (), %a: i64) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  "func.call_indirect"(%f, %a) : ((i32) -> (), i64) -> ()
  return
}

// -----

// What the signature gives may not be written again in the dictionary.
// expected-error@+1 {{'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @visibility_in_dict() attributes {sym_visibility = "private"}

// -----

// expected-error@+1 {{'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @name_in_dict() attributes {sym_name = "g"}

// -----

// expected-error@+1 {{'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @type_in_dict() attributes {function_type = () -> ()}
