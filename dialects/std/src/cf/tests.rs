//! One test per invariant of the `cf` dialect's declarations, verifiers and
//! custom syntax: IR that breaks it and what the reader or the verifier
//! says.

strata_ir::invalid_ir! {
    registry: crate::test_registry();
    type_mismatch_for_bb_argument_0_of_successor_0:
        r#"func.func @br_arg_types(%x: i64) {
  cf.br ^bb1(%x : i64)
^bb1(%a: i32):
  return
}
"#
        => r#"type mismatch for bb argument #0 of successor #0"#;
    branch_has_0_operands_for_successor_0_but_target:
        r#"func.func @br_arg_count(%x: i32) {
  cf.br ^bb1
^bb1(%a: i32):
  return
}
"#
        => r#"branch has 0 operands for successor #0, but target block has 1"#;
    br_requires_1_successor_but_found_2:
        r#"func.func @br_successors() {
  "cf.br"() [^bb1, ^bb1] : () -> ()
^bb1:
  return
}
"#
        => r#"'cf.br' op requires 1 successor but found 2"#;
    cond_br_requires_2_successors_but_found_1:
        r#"func.func @cond_br_successors(%c: i1) {
  "cf.cond_br"(%c) [^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  return
}
"#
        => r#"'cf.cond_br' op requires 2 successors but found 1"#;
    cond_br_operand_count_1_does_not_match_with:
        r#"func.func @cond_br_segments(%c: i1) {
  "cf.cond_br"(%c) [^bb1, ^bb1] : (i1) -> ()
^bb1:
  return
}
"#
        => r#"'cf.cond_br' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'"#;
    cond_br_operand_count_1_does_not_match_with_2:
        r#"func.func @cond_br_segment_sum(%c: i1) {
  "cf.cond_br"(%c) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1) -> ()
^bb1:
  return
}
"#
        => r#"'cf.cond_br' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'"#;
    cond_br_operandsegmentsizes_attribute_cannot_have_negative_elements:
        r#"func.func @cond_br_negative_segment(%c: i1) {
  "cf.cond_br"(%c, %c) [^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, -1, 2>}> : (i1, i1) -> ()
^bb1:
  return
^bb2(%x: i1):
  return
}
"#
        => r#"'cf.cond_br' op 'operandSegmentSizes' attribute cannot have negative elements"#;
    cond_br_operand_0_must_be_1_bit_signless:
        r#"func.func @cond_br_condition(%c: i32) {
  "cf.cond_br"(%c) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
"#
        => r#"'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'"#;
    assert_operand_0_must_be_1_bit_signless_integer:
        r#"func.func @assert_operand(%c: i32) {
  "cf.assert"(%c) <{msg = "x"}> : (i32) -> ()
  return
}
"#
        => r#"'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'"#;
    assert_requires_attribute_msg:
        r#"func.func @assert_message(%c: i1) {
  "cf.assert"(%c) : (i1) -> ()
  return
}
"#
        => r#"'cf.assert' op requires attribute 'msg'"#;
    entry_block_of_region_may_not_have_predecessors:
        r#"func.func @branch_to_entry() {
^bb0:
  cf.br ^bb0
}
"#
        => r#"entry block of region may not have predecessors"#;
    reference_to_an_undefined_block:
        r#"func.func @undefined_block() {
  cf.br ^bb7
}
"#
        => r#"reference to an undefined block"#;
    expects_number_of_branch_weights_to_match_number_of:
        r#"func.func @weights_count(%c: i1) {
  cf.cond_br %c weights([100]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}
"#
        => r#"expects number of branch weights to match number of successors: 1 vs 2"#;
    branch_weights_cannot_all_be_zero:
        r#"func.func @weights_zero(%c: i1) {
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}
"#
        => r#"branch weights cannot all be zero"#;
    expected_integer_value:
        r#"func.func @switch_case_not_integer(%flag: i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    "one": ^bb1
  ]
^bb1:
  return
}
"#
        => r#"expected integer value"#;
    expected:
        r#"func.func @switch_missing_comma(%flag: i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    1: ^bb1
    2: ^bb1
  ]
^bb1:
  return
}
"#
        => r#"expected ']'"#;
    expected_default:
        r#"func.func @switch_without_default(%flag: i32) {
  cf.switch %flag : i32, [
    1: ^bb1
  ]
^bb1:
  return
}
"#
        => r#"expected 'default'"#;
    case_value_is_out_of_range_for_i8:
        r#"func.func @switch_case_out_of_range(%flag: i8) {
  cf.switch %flag : i8, [
    default: ^bb1,
    255: ^bb1,
    -128: ^bb1,
    -129: ^bb1
  ]
^bb1:
  return
}
"#
        => r#"case value is out of range for 'i8'"#;
    switch_flag_type_i32_should_match_case_value_type:
        r#"func.func @switch_case_type(%flag: i32) {
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
"#
        => r#"'cf.switch' op 'flag' type ('i32') should match case value type ('i64')"#;
    switch_number_of_case_values_2_should_match_number:
        r#"func.func @switch_case_count(%flag: i32) {
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
"#
        => r#"'cf.switch' op number of case values (2) should match number of case destinations (1)"#;
    switch_caseoperands_count_1_does_not_match_with_the:
        r#"func.func @switch_segments(%flag: i32) {
  "cf.switch"(%flag, %flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb1:
  return
}
"#
        => r#"'cf.switch' op caseOperands count (1) does not match with the total size (0) specified in attribute 'case_operand_segments'"#;
    switch_number_of_case_values_0_should_match_number:
        r#"func.func @switch_destinations_without_values(%flag: i32) {
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
"#
        => r#"'cf.switch' op number of case values (0) should match number of case destinations (1)"#;
    switch_number_of_case_values_4294967296_should_match_number:
        r#"func.func @switch_huge_splat(%flag: i32) {
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<4294967296xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
"#
        => r#"'cf.switch' op number of case values (4294967296) should match number of case destinations (1)"#;
    expected_2:
        r#"func.func @empty_successor_operands() {
  cf.br ^bb1() // expected-error {{expected ':'}}
^bb1:
  return
}
"#
        => r#"expected ':'"#;
}

strata_ir::canonicalizes! {
    registry: crate::test_registry();
    assert_of_true_is_erased:
        r#"func.func @f() {
  %t = arith.constant true
  cf.assert %t, "never"
  return
}
"#
        => r#"module {
  func.func @f() {
    return
  }
}
"#;
}
