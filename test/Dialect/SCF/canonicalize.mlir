// RUN: graph-opt %s -split-input-file --allow-unregistered-dialect --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @if_true
// CHECK-NOT: scf.if
// CHECK: "test.then"
// CHECK-NOT: "test.else"
func.func @if_true() {
  %t = arith.constant true
  scf.if %t {
    "test.then"() : () -> ()
  } else {
    "test.else"() : () -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @if_false_value
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: return %[[Y]]
func.func @if_false_value(%x: i32, %y: i32) -> i32 {
  %f = arith.constant false
  %r = scf.if %f -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @zero_trips
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-NOT: scf.for
// CHECK: return %[[X]]
func.func @zero_trips(%x: i32) -> i32 {
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c1 step %c1 iter_args(%a = %x) -> (i32) {
    "test.body"() : () -> ()
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @one_trip
// CHECK-NOT: scf.for
// CHECK: %[[C:.*]] = arith.constant 2 : index
// CHECK: "test.use"(%[[C]])
func.func @one_trip() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c2 to %c3 step %c8 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// A loop whose body has side effects stays.
// CHECK-LABEL: func.func @keeps_loop
// CHECK: scf.for
func.func @keeps_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// A loop without effects and unused results is removed.
// CHECK-LABEL: func.func @dead_loop
// CHECK-NOT: scf.for
func.func @dead_loop(%n: index, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  return
}

// -----

// Unused results leave scf.if and its yields; effects stay.
// CHECK-LABEL: func.func @if_unused_results
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (index) {
// CHECK-NEXT: "test.effect"
// CHECK-NEXT: "test.a"
// CHECK-NEXT: %[[B:.*]] = "test.b"
// CHECK-NEXT: scf.yield %[[B]] : index
// CHECK: } else {
// CHECK: %[[Y:.*]] = "test.y"
// CHECK-NEXT: scf.yield %[[Y]] : index
// CHECK: return %[[R]] : index
func.func @if_unused_results(%c: i1) -> index {
  %0, %1 = scf.if %c -> (index, index) {
    "test.effect"() : () -> ()
    %a = "test.a"() : () -> index
    %b = "test.b"() : () -> index
    scf.yield %a, %b : index, index
  } else {
    %x = "test.x"() : () -> index
    %y = "test.y"() : () -> index
    scf.yield %x, %y : index, index
  }
  return %1 : index
}

// -----

// Results yielded from outside become selects (or the value, when both
// branches yield it); a result made inside stays with the scf.if.
// CHECK-LABEL: func.func @if_to_select
// CHECK-SAME: (%[[C:.*]]: i1, %[[P:.*]]: i32, %[[Q:.*]]: i32)
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[P]], %[[Q]] : i32
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT: %[[V:.*]] = "test.v"
// CHECK-NEXT: scf.yield %[[V]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[P]] : i32
// CHECK: return %[[S]], %[[R]], %[[Q]]
func.func @if_to_select(%c: i1, %p: i32, %q: i32) -> (i32, i32, i32) {
  %0, %1, %2 = scf.if %c -> (i32, i32, i32) {
    %v = "test.v"() : () -> i32
    scf.yield %p, %v, %q : i32, i32, i32
  } else {
    scf.yield %q, %p, %q : i32, i32, i32
  }
  return %0, %1, %2 : i32, i32, i32
}

// -----

// Inside the branches the condition is known.
// CHECK-LABEL: func.func @if_condition_known
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: scf.if
// CHECK-NEXT: "test.use"(%[[T]])
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.use"(%[[F]])
func.func @if_condition_known(%c: i1) {
  scf.if %c {
    "test.use"(%c) : (i1) -> ()
  } else {
    "test.use"(%c) : (i1) -> ()
  }
  return
}

// -----

// An i1 result yielding true/false is the condition, false/true its
// negation.
// CHECK-LABEL: func.func @if_yields_condition
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK: %[[N:.*]] = arith.xori %[[C]], %{{.*}} : i1
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (i32)
// CHECK: return %[[C]], %[[N]], %[[R]] : i1, i1, i32
func.func @if_yields_condition(%c: i1) -> (i1, i1, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %0, %1, %2 = scf.if %c -> (i1, i1, i32) {
    %v = "test.v"() : () -> i32
    scf.yield %t, %f, %v : i1, i1, i32
  } else {
    %w = "test.w"() : () -> i32
    scf.yield %f, %t, %w : i1, i1, i32
  }
  return %0, %1, %2 : i1, i1, i32
}

// -----

// Two scf.if on one condition become one; inside, the second reads what
// the first's branch yielded.
// CHECK-LABEL: func.func @if_combine
// CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (i32, i32) {
// CHECK-NEXT: %[[A:.*]] = "test.a"
// CHECK-NEXT: %[[C:.*]] = "test.c"(%[[A]])
// CHECK-NEXT: scf.yield %[[A]], %[[C]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[B:.*]] = "test.b"
// CHECK-NEXT: %[[D:.*]] = "test.d"(%[[B]])
// CHECK-NEXT: scf.yield %[[B]], %[[D]]
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @if_combine(%c: i1) -> (i32, i32) {
  %0 = scf.if %c -> i32 {
    %v = "test.a"() : () -> i32
    scf.yield %v : i32
  } else {
    %v = "test.b"() : () -> i32
    scf.yield %v : i32
  }
  %1 = scf.if %c -> i32 {
    %v = "test.c"(%0) : (i32) -> i32
    scf.yield %v : i32
  } else {
    %v = "test.d"(%0) : (i32) -> i32
    scf.yield %v : i32
  }
  return %0, %1 : i32, i32
}

// -----

// On a condition and its negation: one scf.if with an else branch.
// CHECK-LABEL: func.func @if_combine_negated
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: "test.a"
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.b"
// CHECK-NOT: scf.if
func.func @if_combine_negated(%c: i1) {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  scf.if %c {
    "test.a"() : () -> ()
  }
  scf.if %n {
    "test.b"() : () -> ()
  }
  return
}

// -----

// Different conditions: both stay.
// CHECK-LABEL: func.func @if_no_combine
// CHECK: scf.if %arg0
// CHECK: scf.if %arg1
func.func @if_no_combine(%c: i1, %d: i1) {
  scf.if %c {
    "test.a"() : () -> ()
  }
  scf.if %d {
    "test.b"() : () -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @if_nested
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1)
// CHECK-NEXT: %[[AB:.*]] = arith.andi %[[A]], %[[B]] : i1
// CHECK-NEXT: scf.if %[[AB]] {
// CHECK-NEXT: "test.op"
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @if_nested(%a: i1, %b: i1) {
  scf.if %a {
    scf.if %b {
      "test.op"() : () -> ()
    }
  }
  return
}

// -----

// The outer scf.if has an else branch: nothing to merge.
// CHECK-LABEL: func.func @if_nested_with_else
// CHECK-NOT: arith.andi
func.func @if_nested_with_else(%a: i1, %b: i1) {
  scf.if %a {
    scf.if %b {
      "test.op"() : () -> ()
    }
  } else {
    "test.other"() : () -> ()
  }
  return
}

// -----

// A negated condition swaps the branches.
// CHECK-LABEL: func.func @if_negated
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK-NEXT: scf.if %[[C]] -> (index) {
// CHECK-NEXT: "test.f"
// CHECK: } else {
// CHECK-NEXT: "test.t"
func.func @if_negated(%c: i1) -> index {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %0 = scf.if %n -> index {
    %1 = "test.t"() : () -> index
    scf.yield %1 : index
  } else {
    %1 = "test.f"() : () -> index
    scf.yield %1 : index
  }
  return %0 : index
}

// -----

// Carried values that need no carrying leave the loop: yielded unchanged
// (%y), yielded as their initial value (%w), a duplicate (%z of %x); %u
// is carried and changed, so it stays.
// CHECK-LABEL: func.func @for_iter_args
// CHECK-SAME: (%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[C7:.*]] = arith.constant 7 : i32
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%[[X:.*]] = %[[A]], %[[U:.*]] = %[[B]]) -> (i32, i32) {
// CHECK-NEXT: %[[N:.*]] = arith.addi %[[X]], %[[C7]]
// CHECK-NEXT: "test.use"(%[[B]])
// CHECK-NEXT: %[[M:.*]] = "test.m"(%[[U]])
// CHECK-NEXT: scf.yield %[[N]], %[[M]]
// CHECK-NEXT: } {tag}
// CHECK-NEXT: return %[[R]]#0, %[[B]], %[[R]]#0, %[[C7]], %[[C7]]
func.func @for_iter_args(%lb: index, %ub: index, %s: index, %a: i32, %b: i32) -> (i32, i32, i32, i32, i32) {
  %c7 = arith.constant 7 : i32
  %r:5 = scf.for %i = %lb to %ub step %s iter_args(%x = %a, %y = %b, %z = %a, %w = %c7, %u = %b) -> (i32, i32, i32, i32, i32) {
    %n = arith.addi %x, %w : i32
    "test.use"(%y) : (i32) -> ()
    %m = "test.m"(%u) : (i32) -> i32
    scf.yield %n, %y, %n, %c7, %m : i32, i32, i32, i32, i32
  } {tag}
  return %r#0, %r#1, %r#2, %r#3, %r#3 : i32, i32, i32, i32, i32
}

// -----

// A carried value no one reads, inside or after the loop, leaves it.
// CHECK-LABEL: func.func @for_unused_iter_arg
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %arg0) -> (i32)
func.func @for_unused_iter_arg(%a: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %a) -> (i32, i32) {
    %v = "test.next"(%x) : (i32) -> i32
    scf.yield %v, %v : i32, i32
  }
  return %r#0 : i32
}

// -----

// `lb + 1 overflow<nsw>` as the upper bound with step 1: one trip; `lb + 3`:
// kept; without `nsw` the bound may wrap, so the loop stays.
// CHECK-LABEL: func.func @for_bound_difference
// CHECK: scf.for {{.*}} -> (i32) {
// CHECK-NEXT: "test.op"
// CHECK-NOT: scf.for
// CHECK: "test.op2"(%arg0,
// CHECK: scf.for
// CHECK-NEXT: "test.op3"
func.func @for_bound_difference(%lb: index, %x: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %ub = arith.addi %lb, %c3 overflow<nsw> : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x) -> i32 {
    %b = "test.op"(%i, %a) : (index, i32) -> i32
    scf.yield %b : i32
  }
  %ub2 = arith.addi %lb, %c1 overflow<nsw> : index
  %r2 = scf.for %i = %lb to %ub2 step %c1 iter_args(%a = %r) -> i32 {
    %b = "test.op2"(%i, %a) : (index, i32) -> i32
    scf.yield %b : i32
  }
  %ub3 = arith.addi %lb, %c1 : index
  %r3 = scf.for %i = %lb to %ub3 step %c1 iter_args(%a = %r2) -> i32 {
    %b = "test.op3"(%i, %a) : (index, i32) -> i32
    scf.yield %b : i32
  }
  return %r3 : i32
}

// -----

// A loop that runs and only yields a value from outside is that value.
// CHECK-LABEL: func.func @for_empty_body
// CHECK-SAME: (%{{.*}}: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: return %[[Y]]
func.func @for_empty_body(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%a = %x) -> i32 {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// Unsigned bounds are not differences: the loop stays.
// CHECK-LABEL: func.func @for_unsigned
// CHECK: scf.for unsigned
func.func @for_unsigned(%x: i32) -> i32 {
  %lb = arith.constant 0 : i32
  %ub = arith.constant -100 : i32
  %s = arith.constant 2147483647 : i32
  %r = scf.for unsigned %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) : i32 {
    %b = "test.op"(%i, %a) : (i32, i32) -> i32
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

// A condition false on entry: the before region runs once.
// CHECK-LABEL: func.func @while_false
// CHECK-NEXT: %[[B:.*]] = "test.before"(%arg0)
// CHECK-NEXT: return %[[B]]
func.func @while_false(%x: i32) -> i64 {
  %f = arith.constant false
  %0 = scf.while (%a = %x) : (i32) -> i64 {
    %b = "test.before"(%a) : (i32) -> i64
    scf.condition(%f) %b : i64
  } do {
  ^bb0(%c: i64):
    %d = "test.after"(%c) : (i64) -> i32
    scf.yield %d : i32
  }
  return %0 : i64
}

// -----

// The condition, forwarded to the body, is true there.
// CHECK-LABEL: func.func @while_condition_true
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: } do {
// CHECK: "test.use"(%[[T]])
func.func @while_condition_true() -> i1 {
  %0 = scf.while : () -> i1 {
    %c = "test.cond"() : () -> i1
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%a: i1):
    "test.use"(%a) : (i1) -> ()
    scf.yield
  }
  return %0 : i1
}

// -----

// The body repeats the condition's comparison: true; its inverse: false;
// another predicate stays.
// CHECK-LABEL: func.func @while_compare
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: } do {
// CHECK: %[[O:.*]] = arith.cmpi sgt
// CHECK: "test.use"(%[[T]], %[[F]], %[[O]])
func.func @while_compare(%n: i32) {
  %0 = scf.while : () -> i32 {
    %v = "test.val"() : () -> i32
    %c = arith.cmpi slt, %v, %n : i32
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%a: i32):
    %same = arith.cmpi slt, %a, %n : i32
    %inv = arith.cmpi sge, %a, %n : i32
    %other = arith.cmpi sgt, %a, %n : i32
    "test.use"(%same, %inv, %other) : (i1, i1, i1) -> ()
    scf.yield
  }
  return
}

// -----

// A value forwarded twice is forwarded once; one no one reads, not at all.
// CHECK-LABEL: func.func @while_results
// CHECK: %[[R:.*]] = scf.while : () -> i32 {
// CHECK: scf.condition(%{{.*}}) %{{.*}} : i32
// CHECK: ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT: "test.use"(%[[A]], %[[A]])
// CHECK: return %[[R]], %[[R]]
func.func @while_results() -> (i32, i32) {
  %0:3 = scf.while : () -> (i32, i32, i64) {
    %v = "test.val"() : () -> i32
    %w = "test.w"() : () -> i64
    %c = "test.cond"() : () -> i1
    scf.condition(%c) %v, %v, %w : i32, i32, i64
  } do {
  ^bb0(%a: i32, %b: i32, %d: i64):
    "test.use"(%a, %b) : (i32, i32) -> ()
    scf.yield
  }
  return %0#0, %0#1 : i32, i32
}

// -----

// A loop argument no one reads leaves the loop with its initial value and
// the value the body yields for it.
// CHECK-LABEL: func.func @while_unused_arg
// CHECK: scf.while (%[[A:.*]] = %arg0) : (i32) -> i32 {
// CHECK: ^bb0(%[[B:.*]]: i32):
// CHECK-NEXT: %[[N:.*]] = "test.next"(%[[B]])
// CHECK-NEXT: scf.yield %[[N]] : i32
func.func @while_unused_arg(%x: i32, %y: f64) -> i32 {
  %0 = scf.while (%a = %x, %b = %y) : (i32, f64) -> i32 {
    %c = "test.cond"(%a) : (i32) -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%a: i32):
    %n = "test.next"(%a) : (i32) -> i32
    scf.yield %n, %y : i32, f64
  }
  return %0 : i32
}

// -----

// A one-block region is inlined; one of several blocks joins a function's
// body; `no_inline` keeps it.
// CHECK-LABEL: func.func @execute_region_inline
// CHECK-NOT: scf.execute_region
// CHECK: %[[V:.*]] = "test.val"() : () -> i64
// CHECK: "test.cmp"
// CHECK: cf.cond_br %{{.*}}, ^[[A:.*]], ^[[B:.*]]
// CHECK: ^[[A]]:
// CHECK: cf.br ^[[J:.*]](%{{.*}} : i64)
// CHECK: ^[[J]](%[[Z:.*]]: i64):
// CHECK: scf.execute_region -> i64 no_inline
// CHECK: "test.bar"(%[[V]], %[[Z]], %{{.*}})
func.func @execute_region_inline() {
  %v = scf.execute_region -> i64 {
    %x = "test.val"() : () -> i64
    scf.yield %x : i64
  }
  %w = scf.execute_region -> i64 {
    %c = "test.cmp"() : () -> i1
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = "test.val1"() : () -> i64
    scf.yield %a : i64
  ^bb2:
    %b = "test.val2"() : () -> i64
    scf.yield %b : i64
  }
  %u = scf.execute_region -> i64 no_inline {
    %x = "test.kept"() : () -> i64
    scf.yield %x : i64
  }
  "test.bar"(%v, %w, %u) : (i64, i64, i64) -> ()
  return
}

// -----

// A switch on a constant runs the region it picks.
// CHECK-LABEL: func.func @switch_constant
// CHECK-NOT: scf.index_switch
// CHECK: %[[A:.*]] = "test.seven"
// CHECK: %[[B:.*]] = "test.default"
// CHECK: return %[[A]], %[[B]]
func.func @switch_constant() -> (i32, i32) {
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %0 = scf.index_switch %c7 -> i32
  case 7 {
    %a = "test.seven"() : () -> i32
    scf.yield %a : i32
  }
  default {
    %b = "test.other"() : () -> i32
    scf.yield %b : i32
  }
  %1 = scf.index_switch %c8 -> i32
  case 7 {
    %a = "test.seven2"() : () -> i32
    scf.yield %a : i32
  }
  default {
    %b = "test.default"() : () -> i32
    scf.yield %b : i32
  }
  return %0, %1 : i32, i32
}

// -----

// Loops of one iteration leave the nest; with none left, the body runs
// once and its reductions combine the initial values.
// CHECK-LABEL: func.func @parallel_single_trips
// CHECK-SAME: (%[[N:.*]]: index, %[[A:.*]]: i64)
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.parallel (%[[J:.*]]) = (%[[C3]]) to (%[[N]]) step (%{{.*}}) {
// CHECK-NEXT: "test.use"(%[[C0]], %[[J]], %[[C7]])
// CHECK-NOT: scf.parallel
// CHECK: %[[V:.*]] = "test.value"(%[[C0]])
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %[[V]] : i64
// CHECK-NEXT: return %[[S]]
func.func @parallel_single_trips(%n: index, %a: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  scf.parallel (%i, %j, %k) = (%c0, %c3, %c7) to (%c1, %n, %c9) step (%c1, %c1, %c3) {
    "test.use"(%i, %j, %k) : (index, index, index) -> ()
    scf.reduce
  }
  %r = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%a) -> i64 {
    %v = "test.value"(%i) : (index) -> i64
    scf.reduce(%v : i64) {
    ^bb0(%l: i64, %x: i64):
      %s = arith.addi %l, %x : i64
      scf.reduce.return %s : i64
    }
  }
  return %r : i64
}

// -----

// A loop of no iteration (equal bounds) gives the initial values.
// CHECK-LABEL: func.func @parallel_no_trips
// CHECK-SAME: (%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[A:.*]]: i64)
// CHECK-NEXT: return %[[A]]
func.func @parallel_no_trips(%lb: index, %ub: index, %s: index, %a: i64) -> i64 {
  %r = scf.parallel (%i, %j) = (%lb, %ub) to (%ub, %ub) step (%s, %s) init (%a) -> i64 {
    %v = "test.value"(%i) : (index) -> i64
    scf.reduce(%v : i64) {
    ^bb0(%l: i64, %x: i64):
      %m = arith.maxsi %l, %x : i64
      scf.reduce.return %m : i64
    }
  }
  return %r : i64
}

// -----

// A condition forwarding the loop's arguments in another order: results and
// body arguments take the arguments' order.
// CHECK-LABEL: func.func @while_align_args
// CHECK: %[[R:.*]]:3 = scf.while (%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}, %[[C:.*]] = %{{.*}}) : (f32, i32, i64) -> (f32, i32, i64) {
// CHECK: scf.condition(%{{.*}}) %[[A]], %[[B]], %[[C]] : f32, i32, i64
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: i32, %[[Z:.*]]: i64):
// CHECK-NEXT: "test.use"(%[[Z]], %[[X]], %[[Y]])
// CHECK: return %[[R]]#2, %[[R]]#0, %[[R]]#1
func.func @while_align_args(%f: f32, %i: i32, %l: i64) -> (i64, f32, i32) {
  %0:3 = scf.while (%a = %f, %b = %i, %c = %l) : (f32, i32, i64) -> (i64, f32, i32) {
    %cond = "test.cond"() : () -> i1
    scf.condition(%cond) %c, %a, %b : i64, f32, i32
  } do {
  ^bb0(%x: i64, %y: f32, %z: i32):
    "test.use"(%x, %y, %z) : (i64, f32, i32) -> ()
    %p = "test.next"(%y) : (f32) -> f32
    %q = "test.next"(%z) : (i32) -> i32
    %r = "test.next"(%x) : (i64) -> i64
    scf.yield %p, %q, %r : f32, i32, i64
  }
  return %0#0, %0#1, %0#2 : i64, f32, i32
}

// -----

// Nested scf.if with results merge when the values the inner one yields
// fall back, on its else branch, to what the outer else yields; a value
// from outside becomes a select on the outer condition.
// CHECK-LABEL: func.func @if_nested_results
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[AB:.*]] = arith.andi %[[A]], %[[B]] : i1
// CHECK: %[[S:.*]] = arith.select %[[A]], %[[X]], %[[Y]] : i32
// CHECK: %[[R:.*]] = scf.if %[[AB]] -> (i32) {
// CHECK-NEXT: %[[V:.*]] = "test.inner"
// CHECK-NEXT: scf.yield %[[V]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[Y]] : i32
// CHECK: return %[[R]], %[[S]]
func.func @if_nested_results(%a: i1, %b: i1, %x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.if %a -> (i32, i32) {
    %i = scf.if %b -> (i32) {
      %v = "test.inner"() : () -> i32
      scf.yield %v : i32
    } else {
      scf.yield %y : i32
    }
    scf.yield %i, %x : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// The inner else yields another value: no merge.
// CHECK-LABEL: func.func @if_nested_results_differ
// CHECK-NOT: arith.andi
func.func @if_nested_results_differ(%a: i1, %b: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.if %a -> (i32) {
    %i = scf.if %b -> (i32) {
      %v = "test.inner"() : () -> i32
      scf.yield %v : i32
    } else {
      scf.yield %x : i32
    }
    scf.yield %i : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// A condition made by an operation without operands (a call) is left as
// it is.
// CHECK-LABEL: func.func @if_condition_from_call
// CHECK: %[[C:.*]] = call @cond() : () -> i1
// CHECK: scf.if %[[C]] -> (i32)
func.func private @cond() -> i1
func.func @if_condition_from_call(%x: i32, %y: i32) -> i32 {
  %c = func.call @cond() : () -> i1
  %r = scf.if %c -> (i32) {
    %v = "test.v"() : () -> i32
    scf.yield %v : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// A step that is not positive stops the loop at run time with an error:
// the loop is kept, though its body only yields a value from outside.
// CHECK-LABEL: func.func @for_step_not_positive
// CHECK: scf.for
// CHECK: scf.for
func.func @for_step_not_positive(%x: i32, %y: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %m = arith.constant -128 : index
  %r = scf.for %i = %c0 to %c5 step %c0 iter_args(%a = %x) -> i32 {
    scf.yield %y : i32
  }
  %s = scf.for %i = %c0 to %c5 step %m iter_args(%a = %x) -> i32 {
    scf.yield %y : i32
  }
  return %r, %s : i32, i32
}

// -----

// Every region only yields the same value from outside: the switch is it.
// CHECK-LABEL: func.func @switch_same_everywhere
// CHECK-NEXT: return %arg1
func.func @switch_same_everywhere(%i: index, %x: i32) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 2 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  return %0 : i32
}
