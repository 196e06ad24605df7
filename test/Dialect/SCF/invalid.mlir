// RUN: graph-opt %s -split-input-file -verify-diagnostics

func.func @for_bound_types(%a: index, %b: i32) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%a, %b, %a) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @for_too_few_operands(%a: index) {
  // expected-error@+1 {{'scf.for' op expected 3 or more operands, but found 1}}
  "scf.for"(%a) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index) -> ()
  return
}

// -----

func.func @for_results(%a: index, %x: i32) {
  // expected-error@+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  %r:2 = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: i32):
    scf.yield %v : i32
  }) : (index, index, index, i32) -> (i32, i32)
  return
}

// -----

func.func @for_result_types(%a: index, %x: i32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'i64'}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: i32):
    scf.yield %v : i32
  }) : (index, index, index, i32) -> i64
  return
}

// -----

func.func @for_blocks(%a: index) {
  // expected-error@+1 {{'scf.for' op expects region #0 to have 0 or 1 blocks}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: index):
    scf.yield
  ^bb1:
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_no_body(%a: index) {
  // expected-error@+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%a, %a, %a) ({
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_regions(%a: index) {
  // expected-error@+1 {{'scf.for' op requires one region}}
  "scf.for"(%a, %a, %a) : (index, index, index) -> ()
  return
}

// -----

func.func @for_body_args(%a: index) {
  // expected-error@+1 {{'scf.for' op expects the body to take the induction variable and one argument per loop-carried value}}
  "scf.for"(%a, %a, %a) ({
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_iv_type(%a: index) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_iter_arg_type(%a: index, %x: i32) {
  // expected-error@+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'i64'}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: i64):
    scf.yield %x : i32
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @yield_types(%a: index, %x: i32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'i64'}}
  %r = scf.for %i = %a to %a step %a iter_args(%v = %x) -> (i32) {
    %w = arith.extsi %v : i32 to i64
    scf.yield %w : i64
  }
  return
}

// -----

func.func @yield_parent() {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @if_condition(%c: i32) {
  // expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @if_regions(%c: i1) {
  // expected-error@+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({
    scf.yield
  }) : (i1) -> ()
  return
}

// -----

func.func @if_needs_else(%c: i1, %x: i32) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = "scf.if"(%c) ({
    scf.yield %x : i32
  }, {
  }) : (i1) -> i32
  return
}

// -----

func.func @if_blocks(%c: i1) {
  // expected-error@+1 {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
  "scf.if"(%c) ({
    scf.yield
  ^bb1:
    scf.yield
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @if_empty_then(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  "scf.if"(%c) ({
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @while_regions(%x: i32) {
  // expected-error@+1 {{'scf.while' op expected 2 regions}}
  "scf.while"(%x) ({
  ^bb0(%a: i32):
    %t = arith.constant true
    scf.condition(%t) %a : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_before_empty(%x: i32) {
  // expected-error@+1 {{'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks}}
  "scf.while"(%x) ({
  }, {
  ^bb0(%a: i32):
    scf.yield %a : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_after_empty(%x: i32) {
  // expected-error@+1 {{'scf.while' op region #1 ('after') failed to verify constraint: region with 1 blocks}}
  "scf.while"(%x) ({
  ^bb0(%a: i32):
    %t = arith.constant true
    scf.condition(%t) %a : i32
  }, {
  }) : (i32) -> i32
  return
}

// -----

func.func @while_before_args(%x: i32) {
  // expected-error@+2 {{'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  // expected-note@+1 {{region branch point}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: i64):
    %t = arith.constant true
    scf.condition(%t) %x : i32
  }, {
  ^bb0(%b: i32):
    scf.yield %x : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_after_args(%x: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %t = arith.constant true
    // expected-note@+1 {{region branch point}}
    scf.condition(%t) %a : i32
  } do {
  ^bb0(%b: i64):
    scf.yield %x : i32
  }
  return
}

// -----

func.func @while_condition_values(%x: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: i32):
    %t = arith.constant true
    // expected-note@+1 {{region branch point}}
    scf.condition(%t) %a, %a : i32, i32
  }, {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_terminator(%x: i32) {
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: i32):
    // expected-note@+1 {{terminator here}}
    scf.yield %a : i32
  }, {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @condition_parent(%c: i1) {
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
}

// -----

func.func @condition_type(%x: i32) {
  %r = "scf.while"(%x) ({
  ^bb0(%a: i32):
    // expected-error@+1 {{'scf.condition' op operand #0 must be 1-bit signless integer, but got 'i32'}}
    "scf.condition"(%a, %a) : (i32, i32) -> ()
  }, {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @for_iter_arg_count(%a: index, %x: i32) {
  // expected-error @below {{'scf.for' op different number of inits and region iter_args: 1 != 2}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: i32, %w: i32):
    scf.yield %v, %w : i32, i32
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @for_yield_count(%a: index, %x: i32) {
  // expected-error @below {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %v: i32):
    // expected-note@+1 {{region branch point}}
    scf.yield
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @for_custom_result_count(%a: index, %x: i32) {
  // expected-error@+1 {{mismatch in number of loop-carried values and defined values}}
  %r:2 = scf.for %i = %a to %a step %a iter_args(%v = %x) -> (i32, i32) {
    scf.yield %v : i32
  }
  return
}

// -----

func.func @while_empty_block(%x: i32) {
  // expected-error@+1 {{'scf.while' op expects a non-empty block}}
  "scf.while"() ({
  ^bb0:
  }, {
  ^bb0:
  }) : () -> ()
  return
}

// -----

func.func @while_after_terminator(%c: i1) {
  // expected-error@+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  "scf.while"() ({
    scf.condition(%c)
  }, {
    // expected-note@+1 {{terminator here}}
    "scf.condition"(%c) : (i1) -> ()
  }) : () -> ()
  return
}

// -----

func.func @execute_region_yield_type() {
  // expected-error @+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %0 = scf.execute_region -> i32 {
    %c = arith.constant 1 : i64
    // expected-note @+1 {{region branch point}}
    scf.yield %c : i64
  }
  return
}

// -----

func.func @execute_region_arguments() {
  // expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
  scf.execute_region {
  ^bb0(%x: i32):
    scf.yield
  }
  return
}

// -----

func.func @switch_result_type(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %0 = scf.index_switch %i -> i32
  case 1 {
    %c = arith.constant 1 : i64
    // expected-note @+1 {{case region #0 returns 'i64' here}}
    scf.yield %c : i64
  }
  default {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  return
}

// -----

func.func @switch_duplicate_case(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 1}}
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

// -----

func.func @switch_result_count(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 0}}
  %0 = scf.index_switch %i -> i32
  case 1 {
    // expected-note @+1 {{see yield operation here}}
    scf.yield
  }
  default {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  return
}

// -----

func.func @switch_case_count(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has 1 case regions but 2 case values}}
  "scf.index_switch"(%i) <{cases = array<i64: 1, 2>}> ({
    scf.yield
  }, {
    scf.yield
  }) : (index) -> ()
  return
}

// -----

func.func @switch_no_default(%i: index) {
  scf.index_switch %i
  case 1 {
    scf.yield
  }
// expected-error @+1 {{expected 'default'}}
}

// -----

func.func @parallel_step(%lb: index, %ub: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%lb) to (%ub) step (%c0) {
    scf.reduce
  }
  return
}

// -----

func.func @parallel_reductions(%lb: index, %ub: index, %s: index, %x: i32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    scf.reduce
  }
  return
}

// -----

func.func @reduce_operand_type(%lb: index, %ub: index, %s: index, %x: i32, %f: f32) {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    // expected-error @+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'f32' to be the same as the 0-th result type: 'i32'}}
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @reduce_arguments(%lb: index, %ub: index, %s: index, %x: i32) {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    // expected-error @+1 {{'scf.reduce' op expected two block arguments with type 'i32' in the 0-th reduction region}}
    scf.reduce(%x : i32) {
    ^bb0(%l: i32):
      scf.reduce.return %l : i32
    }
  }
  return
}

// -----

func.func @reduce_return_type(%lb: index, %ub: index, %s: index, %x: i32, %f: f32) {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    scf.reduce(%x : i32) {
    ^bb0(%l: i32, %r: i32):
      // expected-error @+1 {{'scf.reduce.return' op must have type 'i32' (the type of the reduction inputs)}}
      scf.reduce.return %f : f32
    }
  }
  return
}

// -----

func.func @reduce_return_two_values(%lb: index, %ub: index, %s: index, %x: i32) {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    scf.reduce(%x : i32) {
    ^bb0(%l: i32, %r: i32):
      // expected-error @+1 {{'scf.reduce.return' op requires a single operand}}
      "scf.reduce.return"(%l, %r) : (i32, i32) -> ()
    }
  }
  return
}

// -----

func.func @reduce_with_result(%lb: index, %ub: index, %s: index) {
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    // expected-error @+1 {{'scf.reduce' op requires zero results}}
    %r = "scf.reduce"() : () -> i32
  }
  return
}

// -----

func.func @parallel_induction_variables(%lb: index, %ub: index, %s: index) {
  // expected-error @+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%lb, %ub, %s) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_no_loops() {
  // expected-error @+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    scf.reduce
  }) : () -> ()
  return
}

// -----

// A case region gets no implicit terminator.
func.func @switch_case_without_yield(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op expected region to end with scf.yield, but got arith.constant}}
  scf.index_switch %i
  case 1 {
    %c = arith.constant 1 : i32
  }
  default {
  }
  return
}

// -----

func.func @switch_empty_case(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks}}
  scf.index_switch %i
  case 1 {
  }
  default {
  }
  return
}
