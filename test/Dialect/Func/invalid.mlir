// RUN: graph-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl(i32)

// -----

// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires attribute 'function_type' to be a function type}}
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

// expected-error@+1 {{'func.func' op expects 'arg_attrs' to be an array of 1 dictionaries}}
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
  // expected-error@+1 {{'func.return' op type of return operand 0 ('i64') doesn't match function result type ('i32') in function @return_type}}
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

// expected-note@+1 {{function result types: 'i32'}}
func.func private @f(i32) -> i32
func.func @call_result_type(%a: i32) {
  // expected-error@+2 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+1 {{op result types: 'i64'}}
  %r = call @f(%a) : (i32) -> i64
  return
}

// -----

func.func @call_callee_missing() {
  // expected-error@+1 {{'func.call' op requires a 'callee' symbol reference attribute}}
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
