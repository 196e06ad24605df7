// RUN: graph-opt %s -split-input-file -verify-diagnostics

func.func @operand_types_differ(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @float_operands_to_integer_op(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @integer_operands_to_float_op(%a: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @negf_on_integer(%a: i32) {
  // expected-error@+1 {{'arith.negf' op operand #0 must be floating-point-like}}
  %0 = arith.negf %a : i32
  return
}

// -----

func.func @binary_arity(%a: i32) {
  // expected-error@+1 {{'arith.muli' op expected 2 operands, but found 1}}
  %0 = "arith.muli"(%a) : (i32) -> i32
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i64
  return
}

// -----

func.func @constant_missing_value() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i64
  return
}

// -----

func.func @constant_not_a_number() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = "x"}> : () -> i64
  return
}

// -----

func.func @constant_signed_type() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = "arith.constant"() <{value = 1 : si32}> : () -> si32
  return
}

// -----

func.func @constant_out_of_range() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 256 : i8
  return
}

// -----

func.func @cmpi_predicate(%a: i32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi olt, %a, %a : i32
  return
}

// -----

func.func @cmpi_predicate_range(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 12 : i64}> : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_operand_types(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i64) -> i1
  return
}

// -----

func.func @cmpi_on_floats(%a: f32) {
  // expected-error@+1 {{'arith.cmpi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (f32, f32) -> i1
  return
}

// -----

func.func @cmpf_result(%a: f32) {
  // expected-error@+1 {{'arith.cmpf' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpf"(%a, %a) <{predicate = 1 : i64}> : (f32, f32) -> i32
  return
}

// -----

func.func @cmp_arity(%a: f32) {
  // expected-error@+1 {{'arith.cmpf' op expected 2 operands, but found 1}}
  %0 = "arith.cmpf"(%a) <{predicate = 1 : i64}> : (f32) -> i1
  return
}

// -----

func.func @select_types(%c: i1, %a: i32, %b: i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @select_condition(%c: i32, %a: i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%c, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @select_arity(%c: i1) {
  // expected-error@+1 {{'arith.select' op expected 3 operands, but found 1}}
  %0 = "arith.select"(%c) : (i1) -> i32
  return
}

// -----

func.func @extsi_must_widen(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extsi %a : i32 to i16
  return
}

// -----

func.func @trunci_must_narrow(%a: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

func.func @sitofp_kinds(%a: f32) {
  // expected-error@+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %a : f32 to f64
  return
}

// -----

func.func @index_cast_needs_index(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @bitcast_width(%a: i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f64
  return
}

// -----

func.func @cast_shape(%a: vector<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : vector<4xi32> to i64
  return
}

// -----

func.func @cast_arity(%a: i32) {
  // expected-error@+1 {{'arith.extui' op requires a single operand}}
  %0 = "arith.extui"(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func.func @unknown_overflow_flag(%a: i32) {
  // expected-error@+1 {{unknown overflow flag 'nsx'}}
  %0 = arith.addi %a, %a overflow<nsx> : i32
  return
}

// -----

func.func @unknown_fastmath_attr(%a: f32) {
  // expected-error@+1 {{unknown fastmath flag 'quick'}}
  %0 = "arith.addf"(%a, %a) <{fastmath = #arith.fastmath<quick>}> : (f32, f32) -> f32
  return
}

// -----

func.func @one_result_required(%a: i32) {
  // expected-error@+1 {{'arith.addi' op requires one result}}
  %0:2 = "arith.addi"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

// `index` has no fixed width to reinterpret (the directive with a space
// before its target, as upstream writes it).
func.func @bitcast_to_index(%a: i64) {
  // expected-error @+1 {{'arith.bitcast' op result #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = arith.bitcast %a : i64 to index
  return
}

// -----

func.func @bitcast_from_index(%a: index) {
  // expected-error @+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = arith.bitcast %a : index to i64
  return
}

// -----

// Casts are checked in upstream's order: the operand's and the result's
// kinds, equal tensor sizes, the same shape, then whether the types cast.
func.func @cast_operand_kind(%a: index) {
  // expected-error@+1 {{'arith.extui' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extui %a : index to i64
  return
}

// -----

func.func @cast_result_kind(%a: f64) {
  // expected-error@+1 {{'arith.truncf' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.truncf %a : f64 to i32
  return
}

// -----

func.func @cast_tensor_sizes(%a: tensor<3xi8>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : tensor<3xi8> to tensor<?xi16>
  return
}

// -----

// Unranked tensors have no dimensions to compare: refused as upstream does.
func.func @cast_unranked(%a: tensor<*xi8>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : tensor<*xi8> to tensor<*xi16>
  return
}

// -----

func.func @cast_tensor_to_vector(%a: tensor<4xi8>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : tensor<4xi8> to vector<4xi16>
  return
}

// -----

func.func @cast_scalable_shape(%a: vector<[2]xf32>) {
  // expected-error@+1 {{'arith.fptosi' op requires the same shape for all operands and results}}
  %0 = arith.fptosi %a : vector<[2]xf32> to vector<2xi32>
  return
}

// -----

func.func @cast_same_width(%a: vector<4 x f32>) {
  // expected-error@+1 {{'arith.extf' op operand type 'vector<4xf32>' and result type 'vector<4xf32>' are cast incompatible}}
  %0 = arith.extf %a : vector<4 x f32> to vector<4 x f32>
  return
}

// -----

func.func @bitcast_index(%a: index) {
  // expected-error@+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = arith.bitcast %a : index to i64
  return
}

// -----

func.func @cmpf_on_integers(%a: i8) {
  // expected-error@+1 {{'lhs' must be floating-point-like, but got 'i8'}}
  %0 = arith.cmpf olt, %a, %a : i8
  return
}

// -----

func.func @cmpi_result_shape(%a: vector<3xi8>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (vector<3xi8>, vector<3xi8>) -> vector<4xi1>
  return
}

// -----

func.func @select_condition_shape(%c: vector<2xi1>, %a: vector<3xi8>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %a, %a : vector<2xi1>, vector<3xi8>
  return
}

// -----

func.func @scalable_constant() {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1, 2, 3, 4]> : vector<[4]xi16>
  return
}

// -----

// A splat, written out or not, initializes a scalable vector.
func.func @scalable_splats() {
  %0 = arith.constant dense<7> : vector<[4]xi16>
  %1 = arith.constant dense<[7, 7, 7, 7]> : vector<[4]xi16>
  return
}

// -----

func.func @missing_constant_value() {
  %0 = arith.constant // expected-error {{expected attribute value}}

  return
}

// -----

func.func @extended_on_floats(%a: f64) {
  // expected-error@+1 {{'arith.mului_extended' op operand #0 must be signless-integer-like, but got 'f64'}}
  %l, %h = arith.mului_extended %a, %a : f64
  return
}

// -----

func.func @extended_carry(%a: i16) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i16'}}
  %s, %c = arith.addui_extended %a, %a : i16, i16
  return
}

// -----

func.func @extended_scalar_carry(%a: vector<2xi16>) {
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %s, %c = arith.addui_extended %a, %a : vector<2xi16>, i1
  return
}

// -----

func.func @extended_carry_shape(%a: vector<2xi16>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %s, %c = arith.addui_extended %a, %a : vector<2xi16>, vector<3xi1>
  return
}

// -----

func.func @extended_types(%a: i16, %b: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %l, %h = "arith.mulsi_extended"(%a, %b) : (i16, i32) -> (i16, i16)
  return
}

// -----

func.func @unknown_rounding_mode(%a: f32) -> bf16 {
  // expected-error@+1 {{'arith.truncf' op invalid properties {roundingmode = 7 : i32} for op arith.truncf: Invalid attribute `roundingmode` in property conversion: 7 : i32}}
  %0 = "arith.truncf"(%a) <{roundingmode = 7 : i32}> : (f32) -> bf16
  return %0 : bf16
}

// -----

func.func @rounding_mode_not_i32(%a: f32) -> bf16 {
  // expected-error@+1 {{Invalid attribute `roundingmode` in property conversion: 1 : i64}}
  %0 = "arith.truncf"(%a) <{roundingmode = 1 : i64}> : (f32) -> bf16
  return %0 : bf16
}

// -----

func.func @unknown_rounding_keyword(%a: f32) -> bf16 {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.truncf %a sideways : f32 to bf16
  return %0 : bf16
}

// -----

// The custom form's type is checked while reading, and reported at the
// operation as upstream's generated parser reports it.
func.func @cmpi_custom_float(%a: f32) {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi eq, %a, %a : f32
  return
}

// -----

func.func @cmpf_predicate(%a: f32) {
  // expected-error@+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate'}}
  %0 = arith.cmpf nope, %a, %a : f32
  return
}

// -----

func.func @cmpf_predicate_string(%a: f32) {
  // expected-error@+1 {{custom op 'arith.cmpf' invalid predicate attribute specification: "nope"}}
  %0 = arith.cmpf "nope", %a, %a : f32
  return
}

// -----

// A condition of the right dimensions in another kind of container.
func.func @select_container(%c: tensor<4xi1>, %a: vector<4xi32>) {
  // expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.select %c, %a, %a : tensor<4xi1>, vector<4xi32>
  return
}

// -----

func.func @select_scalable(%c: vector<[4]xi1>, %a: vector<4xi32>) {
  // expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.select %c, %a, %a : vector<[4]xi1>, vector<4xi32>
  return
}

// -----

func.func @select_encoding(%c: tensor<8xi1, "bar">, %a: tensor<8xi32, "foo">) {
  // expected-error@+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<8xi1, "foo">', but got 'tensor<8xi1, "bar">'}}
  %0 = arith.select %c, %a, %a : tensor<8xi1, "bar">, tensor<8xi32, "foo">
  return
}

// -----

// Flags are at least one keyword (`none` for none).
func.func @empty_fastmath(%a: f32) {
  // expected-error@+1 {{custom op 'arith.addf' expected valid keyword or string}}
  %0 = arith.addf %a, %a fastmath<> : f32
  return
}

// -----

func.func @empty_overflow(%a: i32) {
  // expected-error@+1 {{custom op 'arith.addi' expected valid keyword or string}}
  %0 = arith.addi %a, %a overflow<> : i32
  return
}
