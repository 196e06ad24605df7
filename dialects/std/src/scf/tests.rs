//! One test per invariant of the `scf` dialect's declarations, verifiers and
//! custom syntax: IR that breaks it and what the reader or the verifier
//! says.

strata_ir::invalid_ir! {
    registry: crate::test_registry();
    for_failed_to_verify_that_all_of_lowerbound_upperbound:
        r#"func.func @for_bound_types(%a: index, %b: i32) {
  "scf.for"(%a, %b, %a) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, i32, index) -> ()
  return
}
"#
        => r#"'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type"#;
    for_expected_3_or_more_operands_but_found_1:
        r#"func.func @for_too_few_operands(%a: index) {
  "scf.for"(%a) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index) -> ()
  return
}
"#
        => r#"'scf.for' op expected 3 or more operands, but found 1"#;
    for_mismatch_in_number_of_loop_carried_values_and:
        r#"func.func @for_results(%a: index, %x: i32) {
  %r:2 = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: i32):
    scf.yield %v : i32
  }) : (index, index, index, i32) -> (i32, i32)
  return
}
"#
        => r#"'scf.for' op mismatch in number of loop-carried values and defined values"#;
    for_0_th_region_iter_arg_and_0_th:
        r#"func.func @for_result_types(%a: index, %x: i32) {
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: i32):
    scf.yield %v : i32
  }) : (index, index, index, i32) -> i64
  return
}
"#
        => r#"'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'i64'"#;
    for_expects_region_0_to_have_0_or_1:
        r#"func.func @for_blocks(%a: index) {
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: index):
    scf.yield
  ^bb1:
    scf.yield
  }) : (index, index, index) -> ()
  return
}
"#
        => r#"'scf.for' op expects region #0 to have 0 or 1 blocks"#;
    for_region_0_region_failed_to_verify_constraint_region:
        r#"func.func @for_no_body(%a: index) {
  "scf.for"(%a, %a, %a) ({
  }) : (index, index, index) -> ()
  return
}
"#
        => r#"'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks"#;
    for_requires_one_region:
        r#"func.func @for_regions(%a: index) {
  "scf.for"(%a, %a, %a) : (index, index, index) -> ()
  return
}
"#
        => r#"'scf.for' op requires one region"#;
    for_expects_the_body_to_take_the_induction_variable:
        r#"func.func @for_body_args(%a: index) {
  "scf.for"(%a, %a, %a) ({
    scf.yield
  }) : (index, index, index) -> ()
  return
}
"#
        => r#"'scf.for' op expects the body to take the induction variable and one argument per loop-carried value"#;
    for_expected_induction_variable_to_be_same_type_as:
        r#"func.func @for_iv_type(%a: index) {
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}
"#
        => r#"'scf.for' op expected induction variable to be same type as bounds"#;
    for_0_th_init_and_0_th_region_iter:
        r#"func.func @for_iter_arg_type(%a: index, %x: i32) {
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: i64):
    scf.yield %x : i32
  }) : (index, index, index, i32) -> i32
  return
}
"#
        => r#"'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'i64'"#;
    for_0_th_region_iter_arg_and_0_th_2:
        r#"func.func @yield_types(%a: index, %x: i32) {
  %r = scf.for %i = %a to %a step %a iter_args(%v = %x) -> (i32) {
    %w = arith.extsi %v : i32 to i64
    scf.yield %w : i64
  }
  return
}
"#
        => r#"'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'i64'"#;
    yield_expects_parent_op_to_be_one_of_scf:
        r#"func.func @yield_parent() {
  scf.yield
}
"#
        => r#"'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'"#;
    if_operand_0_must_be_1_bit_signless_integer:
        r#"func.func @if_condition(%c: i32) {
  "scf.if"(%c) ({
    scf.yield
  }, {
  }) : (i32) -> ()
  return
}
"#
        => r#"'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'"#;
    if_expected_2_regions:
        r#"func.func @if_regions(%c: i1) {
  "scf.if"(%c) ({
    scf.yield
  }) : (i1) -> ()
  return
}
"#
        => r#"'scf.if' op expected 2 regions"#;
    if_must_have_an_else_block_if_defining_values:
        r#"func.func @if_needs_else(%c: i1, %x: i32) {
  %r = "scf.if"(%c) ({
    scf.yield %x : i32
  }, {
  }) : (i1) -> i32
  return
}
"#
        => r#"'scf.if' op must have an else block if defining values"#;
    if_expects_region_0_to_have_0_or_1:
        r#"func.func @if_blocks(%c: i1) {
  "scf.if"(%c) ({
    scf.yield
  ^bb1:
    scf.yield
  }, {
  }) : (i1) -> ()
  return
}
"#
        => r#"'scf.if' op expects region #0 to have 0 or 1 blocks"#;
    if_region_0_thenregion_failed_to_verify_constraint_region:
        r#"func.func @if_empty_then(%c: i1) {
  "scf.if"(%c) ({
  }, {
  }) : (i1) -> ()
  return
}
"#
        => r#"'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks"#;
    while_expected_2_regions:
        r#"func.func @while_regions(%x: i32) {
  "scf.while"(%x) ({
  ^bb0(%a: i32):
    %t = arith.constant true
    scf.condition(%t) %a : i32
  }) : (i32) -> i32
  return
}
"#
        => r#"'scf.while' op expected 2 regions"#;
    while_region_0_before_failed_to_verify_constraint_region:
        r#"func.func @while_before_empty(%x: i32) {
  "scf.while"(%x) ({
  }, {
  ^bb0(%a: i32):
    scf.yield %a : i32
  }) : (i32) -> i32
  return
}
"#
        => r#"'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks"#;
    while_region_1_after_failed_to_verify_constraint_region:
        r#"func.func @while_after_empty(%x: i32) {
  "scf.while"(%x) ({
  ^bb0(%a: i32):
    %t = arith.constant true
    scf.condition(%t) %a : i32
  }, {
  }) : (i32) -> i32
  return
}
"#
        => r#"'scf.while' op region #1 ('after') failed to verify constraint: region with 1 blocks"#;
    condition_expects_parent_op_scf_while:
        r#"func.func @condition_parent(%c: i1) {
  scf.condition(%c)
}
"#
        => r#"'scf.condition' op expects parent op 'scf.while'"#;
    condition_operand_0_must_be_1_bit_signless_integer:
        r#"func.func @condition_type(%x: i32) {
  %r = "scf.while"(%x) ({
  ^bb0(%a: i32):
    "scf.condition"(%a, %a) : (i32, i32) -> ()
  }, {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }) : (i32) -> i32
  return
}
"#
        => r#"'scf.condition' op operand #0 must be 1-bit signless integer, but got 'i32'"#;
    for_different_number_of_inits_and_region_iter_args:
        r#"func.func @for_iter_arg_count(%a: index, %x: i32) {
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: i32, %w: i32):
    scf.yield %v, %w : i32, i32
  }) : (index, index, index, i32) -> i32
  return
}
"#
        => r#"'scf.for' op different number of inits and region iter_args: 1 != 2"#;
    mismatch_in_number_of_loop_carried_values_and_defined:
        r#"func.func @for_custom_result_count(%a: index, %x: i32) {
  %r:2 = scf.for %i = %a to %a step %a iter_args(%v = %x) -> (i32, i32) {
    scf.yield %v : i32
  }
  return
}
"#
        => r#"mismatch in number of loop-carried values and defined values"#;
    while_expects_a_non_empty_block:
        r#"func.func @while_empty_block(%x: i32) {
  "scf.while"() ({
  ^bb0:
  }, {
  ^bb0:
  }) : () -> ()
  return
}
"#
        => r#"'scf.while' op expects a non-empty block"#;
    execute_region_region_cannot_have_any_arguments:
        r#"func.func @execute_region_arguments() {
  scf.execute_region {
  ^bb0(%x: i32):
    scf.yield
  }
  return
}
"#
        => r#"'scf.execute_region' op region cannot have any arguments"#;
    index_switch_has_duplicate_case_value_1:
        r#"func.func @switch_duplicate_case(%i: index) {
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
    scf.yield
  }
  return
}
"#
        => r#"'scf.index_switch' op has duplicate case value: 1"#;
    index_switch_has_1_case_regions_but_2_case:
        r#"func.func @switch_case_count(%i: index) {
  "scf.index_switch"(%i) <{cases = array<i64: 1, 2>}> ({
    scf.yield
  }, {
    scf.yield
  }) : (index) -> ()
  return
}
"#
        => r#"'scf.index_switch' op has 1 case regions but 2 case values"#;
    expected_default:
        r#"func.func @switch_no_default(%i: index) {
  scf.index_switch %i
  case 1 {
    scf.yield
  }
}
"#
        => r#"expected 'default'"#;
    parallel_constant_step_operand_must_be_positive:
        r#"func.func @parallel_step(%lb: index, %ub: index) {
  %c0 = arith.constant 0 : index
  scf.parallel (%i) = (%lb) to (%ub) step (%c0) {
    scf.reduce
  }
  return
}
"#
        => r#"'scf.parallel' op constant step operand must be positive"#;
    parallel_expects_number_of_results_1_to_be_the:
        r#"func.func @parallel_reductions(%lb: index, %ub: index, %s: index, %x: i32) {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    scf.reduce
  }
  return
}
"#
        => r#"'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0"#;
    reduce_expects_type_of_0_th_reduction_operand_f32:
        r#"func.func @reduce_operand_type(%lb: index, %ub: index, %s: index, %x: i32, %f: f32) {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}
"#
        => r#"'scf.reduce' op expects type of 0-th reduction operand: 'f32' to be the same as the 0-th result type: 'i32'"#;
    reduce_expected_two_block_arguments_with_type_i32_in:
        r#"func.func @reduce_arguments(%lb: index, %ub: index, %s: index, %x: i32) {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    scf.reduce(%x : i32) {
    ^bb0(%l: i32):
      scf.reduce.return %l : i32
    }
  }
  return
}
"#
        => r#"'scf.reduce' op expected two block arguments with type 'i32' in the 0-th reduction region"#;
    scf_reduce_return_op_must_have_type_i32_the:
        r#"func.func @reduce_return_type(%lb: index, %ub: index, %s: index, %x: i32, %f: f32) {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    scf.reduce(%x : i32) {
    ^bb0(%l: i32, %r: i32):
      scf.reduce.return %f : f32
    }
  }
  return
}
"#
        => r#"'scf.reduce.return' op must have type 'i32' (the type of the reduction inputs)"#;
    scf_reduce_return_op_requires_a_single_operand:
        r#"func.func @reduce_return_two_values(%lb: index, %ub: index, %s: index, %x: i32) {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    scf.reduce(%x : i32) {
    ^bb0(%l: i32, %r: i32):
      "scf.reduce.return"(%l, %r) : (i32, i32) -> ()
    }
  }
  return
}
"#
        => r#"'scf.reduce.return' op requires a single operand"#;
    reduce_requires_zero_results:
        r#"func.func @reduce_with_result(%lb: index, %ub: index, %s: index) {
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    %r = "scf.reduce"() : () -> i32
  }
  return
}
"#
        => r#"'scf.reduce' op requires zero results"#;
    parallel_expects_the_same_number_of_induction_variables_2:
        r#"func.func @parallel_induction_variables(%lb: index, %ub: index, %s: index) {
  "scf.parallel"(%lb, %ub, %s) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}
"#
        => r#"'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1"#;
    parallel_needs_at_least_one_tuple_element_for_lowerbound:
        r#"func.func @parallel_no_loops() {
  "scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    scf.reduce
  }) : () -> ()
  return
}
"#
        => r#"'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step"#;
    index_switch_expected_region_to_end_with_scf_yield:
        r#"func.func @switch_case_without_yield(%i: index) {
  scf.index_switch %i
  case 1 {
    %c = arith.constant 1 : i32
  }
  default {
  }
  return
}
"#
        => r#"'scf.index_switch' op expected region to end with scf.yield, but got arith.constant"#;
    index_switch_region_1_caseregions_failed_to_verify_constraint:
        r#"func.func @switch_empty_case(%i: index) {
  scf.index_switch %i
  case 1 {
  }
  default {
  }
  return
}
"#
        => r#"'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks"#;
}
