// RUN: graph-opt %s --split-input-file --verify-diagnostics
// RUN: %if mlir-opt %{ %mlir-opt %s --split-input-file --verify-diagnostics %}

func.func @name_child_not_closed() {
  return loc("f"("g"]) // expected-error {{expected ')' after child location of NameLoc}}
}

// -----

func.func @callsite_without_at() {
  return loc(callsite("a" "b")) // expected-error {{expected 'at' in callsite location}}
}

// -----

func.func @callsite_not_closed() {
  return loc(callsite("a" at "b"  // expected-error {{expected ')' in callsite location}}
}

// -----

func.func @fused_metadata_not_closed() {
  return loc(fused<"m" ["a"]) // expected-error {{expected '>' after fused location metadata}}
}

// -----

// An alias that names no location says what it names instead.
func.func @alias_not_a_location() {
  // expected-error@+1 {{expected location, but found '42 : i64'}}
  return loc(#not_a_location)
}

#not_a_location = 42

// -----

#flag = unit
func.func @alias_defined_before() {
  // expected-error@+1 {{expected location, but found 'unit'}}
  return loc(#flag)
}

// -----

func.func @undefined_alias() {
  // expected-error@+1 {{operation location alias was never defined}}
  return loc(#nowhere)
}

// -----

func.func @undefined_alias_inside() {
  // expected-error@+1 {{undefined symbol alias id 'nowhere'}}
  return loc(fused[#nowhere])
}
