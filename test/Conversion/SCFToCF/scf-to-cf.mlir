// RUN: graph-opt %s --convert-scf-to-cf --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @for_loop
// CHECK-SAME: (%[[N:.*]]: index, %[[X:.*]]: i32)
// CHECK:   %[[C0:.*]] = arith.constant 0 : index
// CHECK:   %[[C1:.*]] = arith.constant 1 : index
// CHECK:   cf.br ^[[HEAD:bb[0-9]+]](%[[C0]], %[[X]] : index, i32)
// CHECK: ^[[HEAD]](%[[IV:.*]]: index, %[[ACC:.*]]: i32):
// CHECK:   %[[C:.*]] = arith.cmpi slt, %[[IV]], %[[N]] : index
// CHECK:   cf.cond_br %[[C]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// CHECK: ^[[BODY]]:
// CHECK:   %[[S:.*]] = arith.addi %[[ACC]], %[[X]] : i32
// CHECK:   %[[NEXT:.*]] = arith.addi %[[IV]], %[[C1]] : index
// CHECK:   cf.br ^[[HEAD]](%[[NEXT]], %[[S]] : index, i32)
// CHECK: ^[[EXIT]]:
// CHECK:   return %[[ACC]] : i32
func.func @for_loop(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %s = arith.addi %acc, %x : i32
    scf.yield %s : i32
  }
  return %r : i32
}

// -----

// Unsigned loops compare with ult.
// CHECK-LABEL: func.func @unsigned_for
// CHECK: arith.cmpi ult
func.func @unsigned_for(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for unsigned %i = %c0 to %n step %c1 : i32 {
  }
  return
}

// -----

// CHECK-LABEL: func.func @if_else
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK:   cf.cond_br %[[C]], ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]
// CHECK: ^[[THEN]]:
// CHECK:   %[[S:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK:   cf.br ^[[JOIN:bb[0-9]+]](%[[S]] : i32)
// CHECK: ^[[ELSE]]:
// CHECK:   cf.br ^[[JOIN]](%[[B]] : i32)
// CHECK: ^[[JOIN]](%[[R:.*]]: i32):
// CHECK:   return %[[R]] : i32
func.func @if_else(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

// Without an else region the false edge goes straight to the join block.
// CHECK-LABEL: func.func @if_then
// CHECK:   cf.cond_br %{{.*}}, ^[[THEN:bb[0-9]+]], ^[[JOIN:bb[0-9]+]]
// CHECK: ^[[THEN]]:
// CHECK:   call @f()
// CHECK:   cf.br ^[[JOIN]]
// CHECK: ^[[JOIN]]:
// CHECK:   return
func.func private @f()
func.func @if_then(%c: i1) {
  scf.if %c {
    func.call @f() : () -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @while_loop
// CHECK-SAME: (%[[X:.*]]: i32, %[[N:.*]]: i32)
// CHECK:   cf.br ^[[BEFORE:bb[0-9]+]](%[[X]] : i32)
// CHECK: ^[[BEFORE]](%[[A:.*]]: i32):
// CHECK:   %[[C:.*]] = arith.cmpi slt, %[[A]], %[[N]] : i32
// CHECK:   cf.cond_br %[[C]], ^[[AFTER:bb[0-9]+]](%[[A]] : i32), ^[[EXIT:bb[0-9]+]]
// CHECK: ^[[AFTER]](%[[B:.*]]: i32):
// CHECK:   %[[D:.*]] = arith.addi %[[B]], %[[B]] : i32
// CHECK:   cf.br ^[[BEFORE]](%[[D]] : i32)
// CHECK: ^[[EXIT]]:
// CHECK:   return %[[A]] : i32
func.func @while_loop(%x: i32, %n: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %n : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %d = arith.addi %b, %b : i32
    scf.yield %d : i32
  }
  return %r : i32
}

// -----

// Nested loops: the inner loop is lowered inside the outer body.
// CHECK-LABEL: func.func @nested
// CHECK-COUNT-2: arith.cmpi slt
// CHECK-NOT: scf.
// CHECK: return
func.func @nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %i step %c1 {
      func.call @g(%i, %j) : (index, index) -> ()
    }
  }
  return
}
func.func private @g(index, index)

// -----

// scf.index_switch: a cf.switch on the index as i64 (cases print unsigned,
// as cf.switch prints them); each region branches to the join block with
// its value.
// CHECK-LABEL: func.func @index_switch
// CHECK: %[[F:.*]] = arith.index_cast %arg0 : index to i64
// CHECK: cf.switch %[[F]] : i64, [
// CHECK-NEXT: default: ^[[D:bb[0-9]+]],
// CHECK-NEXT: 2: ^[[C2:bb[0-9]+]],
// CHECK-NEXT: 18446744073709551611: ^[[C5:bb[0-9]+]]
// CHECK-NEXT: ]
// CHECK: ^[[D]]:
// CHECK: cf.br ^[[J:bb[0-9]+]](%{{.*}} : i32)
// CHECK: ^[[C2]]:
// CHECK: cf.br ^[[J]](
// CHECK: ^[[C5]]:
// CHECK: cf.br ^[[J]](
// CHECK: ^[[J]](%[[R:.*]]: i32):
// CHECK: return %[[R]]
func.func @index_switch(%i: index) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 2 {
    %a = arith.constant 20 : i32
    scf.yield %a : i32
  }
  case -5 {
    %b = arith.constant 50 : i32
    scf.yield %b : i32
  }
  default {
    %c = arith.constant 0 : i32
    scf.yield %c : i32
  }
  return %0 : i32
}

// -----

// scf.execute_region: its blocks in place, its yields branches to the join.
// CHECK-LABEL: func.func @execute_region
// CHECK-NEXT: cf.br ^[[E:bb[0-9]+]]
// CHECK: ^[[E]]:
// CHECK-NEXT: cf.cond_br %arg0, ^[[A:bb[0-9]+]], ^[[B:bb[0-9]+]]
// CHECK: ^[[A]]:
// CHECK: cf.br ^[[J:bb[0-9]+]](%{{.*}} : i32)
// CHECK: ^[[B]]:
// CHECK: cf.br ^[[J]](%{{.*}} : i32)
// CHECK: ^[[J]](%[[R:.*]]: i32):
// CHECK-NEXT: return %[[R]]
func.func @execute_region(%c: i1) -> i32 {
  %0 = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = arith.constant 1 : i32
    scf.yield %a : i32
  ^bb2:
    %b = arith.constant 2 : i32
    scf.yield %b : i32
  }
  return %0 : i32
}

// -----

// scf.parallel: a loop nest in order, the innermost running the body and
// combining each reduced value with the one carried.
// CHECK-LABEL: func.func @parallel
// CHECK: cf.br ^[[H1:bb[0-9]+]](%arg0, %arg3, %{{.*}} : index, i64, index)
// CHECK: ^[[H1]](%[[I:.*]]: index, %[[A1:.*]]: i64, %{{.*}}: index):
// CHECK: cf.br ^[[H2:bb[0-9]+]](%arg0, %[[A1]], %{{.*}} : index, i64, index)
// CHECK: ^[[H2]](%[[J:.*]]: index, %[[A2:.*]]: i64, %{{.*}}: index):
// CHECK: %[[V:.*]] = arith.muli %[[I]], %[[J]] : index
// CHECK-NEXT: %[[W:.*]] = arith.index_cast %[[V]] : index to i64
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A2]], %[[W]] : i64
// CHECK-NOT: scf.
func.func @parallel(%lb: index, %ub: index, %s: index, %a: i64) -> i64 {
  %r = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) init (%a) -> i64 {
    %p = arith.muli %i, %j : index
    %v = arith.index_cast %p : index to i64
    scf.reduce(%v : i64) {
    ^bb0(%l: i64, %x: i64):
      %t = arith.addi %l, %x : i64
      scf.reduce.return %t : i64
    }
  }
  return %r : i64
}

// -----

// A step other than 1 (here 3, or one known only at run time) counts the
// trips before the loop, (ub - lb - 1) / step + 1 where lb < ub, else none,
// and the header compares a counter with them: iv + step may wrap past the
// largest value, the counter cannot. A step not known positive divides as 1
// at least.
// CHECK-LABEL: func.func @strided
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[S:.*]]: index)
// CHECK:   %[[C3:.*]] = arith.constant 3 : index
// CHECK:   %[[ANY:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : index
// CHECK:   %[[ONE:.*]] = arith.constant 1 : index
// CHECK:   %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:   %[[SPAN:.*]] = arith.subi %[[UB]], %[[LB]] : index
// CHECK:   %[[LAST:.*]] = arith.subi %[[SPAN]], %[[ONE]] : index
// CHECK:   %[[WHOLE:.*]] = arith.divui %[[LAST]], %[[C3]] : index
// CHECK:   %[[SOME:.*]] = arith.addi %[[WHOLE]], %[[ONE]] : index
// CHECK:   %[[TRIPS:.*]] = arith.select %[[ANY]], %[[SOME]], %[[ZERO]] : index
// CHECK:   cf.br ^[[HEAD:bb[0-9]+]](%[[LB]], %[[ZERO]] : index, index)
// CHECK: ^[[HEAD]](%[[IV:.*]]: index, %[[K:.*]]: index):
// CHECK:   %[[MORE:.*]] = arith.cmpi ult, %[[K]], %[[TRIPS]] : index
// CHECK:   cf.cond_br %[[MORE]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// CHECK: ^[[BODY]]:
// CHECK:   call @use(%[[IV]])
// CHECK:   %[[NEXT:.*]] = arith.addi %[[IV]], %[[C3]] : index
// CHECK:   %[[K1:.*]] = arith.addi %[[K]], %[[ONE]] : index
// CHECK:   cf.br ^[[HEAD]](%[[NEXT]], %[[K1]] : index, index)
// CHECK: ^[[EXIT]]:
// CHECK:   arith.cmpi ult, %[[S]], %{{.*}} : index
// CHECK:   arith.maxui %[[S]], %{{.*}} : index
// CHECK-NOT: scf.
func.func private @use(index)
func.func @strided(%lb: index, %ub: index, %s: index) {
  %c3 = arith.constant 3 : index
  scf.for %i = %lb to %ub step %c3 {
    func.call @use(%i) : (index) -> ()
  }
  scf.for unsigned %i = %s to %ub step %s {
    func.call @use(%i) : (index) -> ()
  }
  return
}
