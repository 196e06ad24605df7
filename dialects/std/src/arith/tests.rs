//! One test per invariant of the `arith` dialect's declarations, verifiers and
//! custom syntax: IR that breaks it and what the reader or the verifier
//! says.

strata_ir::invalid_ir! {
    registry: crate::test_registry();
    addi_requires_the_same_type_for_all_operands_and:
        r#"func.func @operand_types_differ(%a: i32, %b: i64) {
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}
"#
        => r#"'arith.addi' op requires the same type for all operands and results"#;
    addi_operand_0_must_be_signless_integer_like_but:
        r#"func.func @float_operands_to_integer_op(%a: f32) {
  %0 = arith.addi %a, %a : f32
  return
}
"#
        => r#"'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"#;
    addf_operand_0_must_be_floating_point_like_but:
        r#"func.func @integer_operands_to_float_op(%a: i32) {
  %0 = arith.addf %a, %a : i32
  return
}
"#
        => r#"'arith.addf' op operand #0 must be floating-point-like, but got 'i32'"#;
    negf_operand_0_must_be_floating_point_like:
        r#"func.func @negf_on_integer(%a: i32) {
  %0 = arith.negf %a : i32
  return
}
"#
        => r#"'arith.negf' op operand #0 must be floating-point-like"#;
    muli_expected_2_operands_but_found_1:
        r#"func.func @binary_arity(%a: i32) {
  %0 = "arith.muli"(%a) : (i32) -> i32
  return
}
"#
        => r#"'arith.muli' op expected 2 operands, but found 1"#;
    constant_failed_to_verify_that_all_of_value_result:
        r#"func.func @constant_type_mismatch() {
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i64
  return
}
"#
        => r#"'arith.constant' op failed to verify that all of {value, result} have same type"#;
    constant_requires_attribute_value:
        r#"func.func @constant_missing_value() {
  %0 = "arith.constant"() : () -> i64
  return
}
"#
        => r#"'arith.constant' op requires attribute 'value'"#;
    constant_failed_to_verify_that_all_of_value_result_2:
        r#"func.func @constant_not_a_number() {
  %0 = "arith.constant"() <{value = "x"}> : () -> i64
  return
}
"#
        => r#"'arith.constant' op failed to verify that all of {value, result} have same type"#;
    constant_integer_return_type_must_be_signless:
        r#"func.func @constant_signed_type() {
  %0 = "arith.constant"() <{value = 1 : si32}> : () -> si32
  return
}
"#
        => r#"'arith.constant' op integer return type must be signless"#;
    integer_constant_out_of_range_for_attribute:
        r#"func.func @constant_out_of_range() {
  %0 = arith.constant 256 : i8
  return
}
"#
        => r#"integer constant out of range for attribute"#;
    expected_string_or_keyword_containing_one_of_the_following:
        r#"func.func @cmpi_predicate(%a: i32) {
  %0 = arith.cmpi olt, %a, %a : i32
  return
}
"#
        => r#"expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"#;
    cmpi_attribute_predicate_failed_to_satisfy_constraint_allowed_64:
        r#"func.func @cmpi_predicate_range(%a: i32) {
  %0 = "arith.cmpi"(%a, %a) <{predicate = 12 : i64}> : (i32, i32) -> i1
  return
}
"#
        => r#"'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"#;
    cmpi_requires_all_operands_to_have_the_same_type:
        r#"func.func @cmpi_operand_types(%a: i32, %b: i64) {
  %0 = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i64) -> i1
  return
}
"#
        => r#"'arith.cmpi' op requires all operands to have the same type"#;
    cmpi_operand_0_must_be_signless_integer_like_but:
        r#"func.func @cmpi_on_floats(%a: f32) {
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (f32, f32) -> i1
  return
}
"#
        => r#"'arith.cmpi' op operand #0 must be signless-integer-like, but got 'f32'"#;
    cmpf_result_0_must_be_bool_like_but_got:
        r#"func.func @cmpf_result(%a: f32) {
  %0 = "arith.cmpf"(%a, %a) <{predicate = 1 : i64}> : (f32, f32) -> i32
  return
}
"#
        => r#"'arith.cmpf' op result #0 must be bool-like, but got 'i32'"#;
    cmpf_expected_2_operands_but_found_1:
        r#"func.func @cmp_arity(%a: f32) {
  %0 = "arith.cmpf"(%a) <{predicate = 1 : i64}> : (f32) -> i1
  return
}
"#
        => r#"'arith.cmpf' op expected 2 operands, but found 1"#;
    select_failed_to_verify_that_all_of_true_value:
        r#"func.func @select_types(%c: i1, %a: i32, %b: i64) {
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}
"#
        => r#"'arith.select' op failed to verify that all of {true_value, false_value, result} have same type"#;
    select_operand_0_must_be_bool_like_but_got:
        r#"func.func @select_condition(%c: i32, %a: i32) {
  %0 = "arith.select"(%c, %a, %a) : (i32, i32, i32) -> i32
  return
}
"#
        => r#"'arith.select' op operand #0 must be bool-like, but got 'i32'"#;
    select_expected_3_operands_but_found_1:
        r#"func.func @select_arity(%c: i1) {
  %0 = "arith.select"(%c) : (i1) -> i32
  return
}
"#
        => r#"'arith.select' op expected 3 operands, but found 1"#;
    extsi_operand_type_i32_and_result_type_i16_are:
        r#"func.func @extsi_must_widen(%a: i32) {
  %0 = arith.extsi %a : i32 to i16
  return
}
"#
        => r#"'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible"#;
    trunci_operand_type_i32_and_result_type_i64_are:
        r#"func.func @trunci_must_narrow(%a: i32) {
  %0 = arith.trunci %a : i32 to i64
  return
}
"#
        => r#"'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible"#;
    sitofp_operand_0_must_be_signless_fixed_width_integer:
        r#"func.func @sitofp_kinds(%a: f32) {
  %0 = arith.sitofp %a : f32 to f64
  return
}
"#
        => r#"'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'"#;
    index_cast_operand_type_i32_and_result_type_i64:
        r#"func.func @index_cast_needs_index(%a: i32) {
  %0 = arith.index_cast %a : i32 to i64
  return
}
"#
        => r#"'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible"#;
    bitcast_operand_type_i32_and_result_type_f64_are:
        r#"func.func @bitcast_width(%a: i32) {
  %0 = arith.bitcast %a : i32 to f64
  return
}
"#
        => r#"'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible"#;
    extsi_requires_the_same_shape_for_all_operands_and:
        r#"func.func @cast_shape(%a: vector<4xi32>) {
  %0 = arith.extsi %a : vector<4xi32> to i64
  return
}
"#
        => r#"'arith.extsi' op requires the same shape for all operands and results"#;
    extui_requires_a_single_operand:
        r#"func.func @cast_arity(%a: i32) {
  %0 = "arith.extui"(%a, %a) : (i32, i32) -> i64
  return
}
"#
        => r#"'arith.extui' op requires a single operand"#;
    unknown_overflow_flag_nsx:
        r#"func.func @unknown_overflow_flag(%a: i32) {
  %0 = arith.addi %a, %a overflow<nsx> : i32
  return
}
"#
        => r#"unknown overflow flag 'nsx'"#;
    unknown_fastmath_flag_quick:
        r#"func.func @unknown_fastmath_attr(%a: f32) {
  %0 = "arith.addf"(%a, %a) <{fastmath = #arith.fastmath<quick>}> : (f32, f32) -> f32
  return
}
"#
        => r#"unknown fastmath flag 'quick'"#;
    addi_requires_one_result:
        r#"func.func @one_result_required(%a: i32) {
  %0:2 = "arith.addi"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}
"#
        => r#"'arith.addi' op requires one result"#;
    bitcast_result_0_must_be_signless_integer_or_float:
        r#"func.func @bitcast_to_index(%a: i64) {
  %0 = arith.bitcast %a : i64 to index
  return
}
"#
        => r#"'arith.bitcast' op result #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'"#;
    bitcast_operand_0_must_be_signless_integer_or_float:
        r#"func.func @bitcast_from_index(%a: index) {
  %0 = arith.bitcast %a : index to i64
  return
}
"#
        => r#"'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'"#;
    extui_operand_0_must_be_signless_fixed_width_integer:
        r#"func.func @cast_operand_kind(%a: index) {
  %0 = arith.extui %a : index to i64
  return
}
"#
        => r#"'arith.extui' op operand #0 must be signless-fixed-width-integer-like, but got 'index'"#;
    truncf_result_0_must_be_floating_point_like_but:
        r#"func.func @cast_result_kind(%a: f64) {
  %0 = arith.truncf %a : f64 to i32
  return
}
"#
        => r#"'arith.truncf' op result #0 must be floating-point-like, but got 'i32'"#;
    extsi_failed_to_verify_that_input_and_output_have:
        r#"func.func @cast_tensor_sizes(%a: tensor<3xi8>) {
  %0 = arith.extsi %a : tensor<3xi8> to tensor<?xi16>
  return
}
"#
        => r#"'arith.extsi' op failed to verify that input and output have the same tensor dimensions"#;
    extsi_failed_to_verify_that_input_and_output_have_2:
        r#"func.func @cast_unranked(%a: tensor<*xi8>) {
  %0 = arith.extsi %a : tensor<*xi8> to tensor<*xi16>
  return
}
"#
        => r#"'arith.extsi' op failed to verify that input and output have the same tensor dimensions"#;
    extsi_failed_to_verify_that_input_and_output_have_3:
        r#"func.func @cast_tensor_to_vector(%a: tensor<4xi8>) {
  %0 = arith.extsi %a : tensor<4xi8> to vector<4xi16>
  return
}
"#
        => r#"'arith.extsi' op failed to verify that input and output have the same tensor dimensions"#;
    fptosi_requires_the_same_shape_for_all_operands_and:
        r#"func.func @cast_scalable_shape(%a: vector<[2]xf32>) {
  %0 = arith.fptosi %a : vector<[2]xf32> to vector<2xi32>
  return
}
"#
        => r#"'arith.fptosi' op requires the same shape for all operands and results"#;
    extf_operand_type_vector_4xf32_and_result_type_vector:
        r#"func.func @cast_same_width(%a: vector<4 x f32>) {
  %0 = arith.extf %a : vector<4 x f32> to vector<4 x f32>
  return
}
"#
        => r#"'arith.extf' op operand type 'vector<4xf32>' and result type 'vector<4xf32>' are cast incompatible"#;
    bitcast_operand_0_must_be_signless_integer_or_float_2:
        r#"func.func @bitcast_index(%a: index) {
  %0 = arith.bitcast %a : index to i64
  return
}
"#
        => r#"'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'"#;
    lhs_must_be_floating_point_like_but_got_i8:
        r#"func.func @cmpf_on_integers(%a: i8) {
  %0 = arith.cmpf olt, %a, %a : i8
  return
}
"#
        => r#"'lhs' must be floating-point-like, but got 'i8'"#;
    cmpi_failed_to_verify_that_result_type_has_i1:
        r#"func.func @cmpi_result_shape(%a: vector<3xi8>) {
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (vector<3xi8>, vector<3xi8>) -> vector<4xi1>
  return
}
"#
        => r#"'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands"#;
    select_failed_to_verify_that_condition_is_signless_i1:
        r#"func.func @select_condition_shape(%c: vector<2xi1>, %a: vector<3xi8>) {
  %0 = arith.select %c, %a, %a : vector<2xi1>, vector<3xi8>
  return
}
"#
        => r#"'arith.select' op failed to verify that condition is signless i1 or has matching shape"#;
    constant_intializing_scalable_vectors_with_elements_attribute_is_not:
        r#"func.func @scalable_constant() {
  %0 = arith.constant dense<[1, 2, 3, 4]> : vector<[4]xi16>
  return
}
"#
        => r#"'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat"#;
    expected_attribute_value:
        r#"func.func @missing_constant_value() {
  %0 = arith.constant // expected-error {{expected attribute value}}

  return
}
"#
        => r#"expected attribute value"#;
    mului_extended_operand_0_must_be_signless_integer_like:
        r#"func.func @extended_on_floats(%a: f64) {
  %l, %h = arith.mului_extended %a, %a : f64
  return
}
"#
        => r#"'arith.mului_extended' op operand #0 must be signless-integer-like, but got 'f64'"#;
    addui_extended_result_1_must_be_bool_like_but:
        r#"func.func @extended_carry(%a: i16) {
  %s, %c = arith.addui_extended %a, %a : i16, i16
  return
}
"#
        => r#"'arith.addui_extended' op result #1 must be bool-like, but got 'i16'"#;
    addui_extended_if_an_operand_is_non_scalar_then:
        r#"func.func @extended_scalar_carry(%a: vector<2xi16>) {
  %s, %c = arith.addui_extended %a, %a : vector<2xi16>, i1
  return
}
"#
        => r#"'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar"#;
    addui_extended_all_non_scalar_operands_results_must_have:
        r#"func.func @extended_carry_shape(%a: vector<2xi16>) {
  %s, %c = arith.addui_extended %a, %a : vector<2xi16>, vector<3xi1>
  return
}
"#
        => r#"'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type"#;
    mulsi_extended_failed_to_verify_that_all_of_lhs:
        r#"func.func @extended_types(%a: i16, %b: i32) {
  %l, %h = "arith.mulsi_extended"(%a, %b) : (i16, i32) -> (i16, i16)
  return
}
"#
        => r#"'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type"#;
    truncf_invalid_properties_roundingmode_7_i32_for_op_arith:
        r#"func.func @unknown_rounding_mode(%a: f32) -> bf16 {
  %0 = "arith.truncf"(%a) <{roundingmode = 7 : i32}> : (f32) -> bf16
  return %0 : bf16
}
"#
        => r#"'arith.truncf' op invalid properties {roundingmode = 7 : i32} for op arith.truncf: Invalid attribute `roundingmode` in property conversion: 7 : i32"#;
    invalid_attribute_roundingmode_in_property_conversion_1_i64:
        r#"func.func @rounding_mode_not_i32(%a: f32) -> bf16 {
  %0 = "arith.truncf"(%a) <{roundingmode = 1 : i64}> : (f32) -> bf16
  return %0 : bf16
}
"#
        => r#"Invalid attribute `roundingmode` in property conversion: 1 : i64"#;
    expected:
        r#"func.func @unknown_rounding_keyword(%a: f32) -> bf16 {
  %0 = arith.truncf %a sideways : f32 to bf16
  return %0 : bf16
}
"#
        => r#"expected ':'"#;
    custom_op_arith_cmpi_lhs_must_be_signless_integer:
        r#"func.func @cmpi_custom_float(%a: f32) {
  %0 = arith.cmpi eq, %a, %a : f32
  return
}
"#
        => r#"custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'"#;
    custom_op_arith_cmpf_expected_string_or_keyword_containing:
        r#"func.func @cmpf_predicate(%a: f32) {
  %0 = arith.cmpf nope, %a, %a : f32
  return
}
"#
        => r#"custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate'"#;
    custom_op_arith_cmpf_invalid_predicate_attribute_specification_nope:
        r#"func.func @cmpf_predicate_string(%a: f32) {
  %0 = arith.cmpf "nope", %a, %a : f32
  return
}
"#
        => r#"custom op 'arith.cmpf' invalid predicate attribute specification: "nope""#;
    select_all_non_scalar_operands_results_must_have_the:
        r#"func.func @select_container(%c: tensor<4xi1>, %a: vector<4xi32>) {
  %0 = arith.select %c, %a, %a : tensor<4xi1>, vector<4xi32>
  return
}
"#
        => r#"'arith.select' op all non-scalar operands/results must have the same shape and base type"#;
    select_all_non_scalar_operands_results_must_have_the_2:
        r#"func.func @select_scalable(%c: vector<[4]xi1>, %a: vector<4xi32>) {
  %0 = arith.select %c, %a, %a : vector<[4]xi1>, vector<4xi32>
  return
}
"#
        => r#"'arith.select' op all non-scalar operands/results must have the same shape and base type"#;
    select_expected_condition_type_to_have_the_same_shape:
        r#"func.func @select_encoding(%c: tensor<8xi1, "bar">, %a: tensor<8xi32, "foo">) {
  %0 = arith.select %c, %a, %a : tensor<8xi1, "bar">, tensor<8xi32, "foo">
  return
}
"#
        => r#"'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<8xi1, "foo">', but got 'tensor<8xi1, "bar">'"#;
    custom_op_arith_addf_expected_valid_keyword_or_string:
        r#"func.func @empty_fastmath(%a: f32) {
  %0 = arith.addf %a, %a fastmath<> : f32
  return
}
"#
        => r#"custom op 'arith.addf' expected valid keyword or string"#;
    custom_op_arith_addi_expected_valid_keyword_or_string:
        r#"func.func @empty_overflow(%a: i32) {
  %0 = arith.addi %a, %a overflow<> : i32
  return
}
"#
        => r#"custom op 'arith.addi' expected valid keyword or string"#;
}
