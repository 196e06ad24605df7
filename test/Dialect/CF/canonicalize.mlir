// RUN: graph-opt %s -split-input-file --canonicalize | FileCheck %s

// A constant condition picks its successor; the block the branch then
// reaches alone is merged into it, the other one, unreachable, erased.
// CHECK-LABEL: func.func @constant_branch
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @constant_branch(%x: i32) -> i32 {
  %t = arith.constant true
  cf.assert %t, "always"
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  return %x : i32
^bb2:
  %y = arith.addi %x, %x : i32
  return %y : i32
}

// A switch on a constant goes to the matching case (compared at the flag's
// width: 255 is -1 in i8), or to the default; a switch with only a default
// is a branch; cases that go where the default goes, with the same values,
// are dropped.
// CHECK-LABEL: func.func @switch_constant
// CHECK-NEXT: return %arg0 : i8
func.func @switch_constant(%x: i8) -> i8 {
  %c = arith.constant -1 : i8
  cf.switch %c : i8, [default: ^bb1(%x : i8), 3: ^bb1(%c : i8), 255: ^bb2(%x : i8)]
^bb1(%a: i8):
  %d = arith.addi %a, %a : i8
  return %d : i8
^bb2(%b: i8):
  return %b : i8
}

// CHECK-LABEL: func.func @switch_constant_default
// CHECK-NEXT: %[[D:.*]] = arith.addi %arg0, %arg0 : i8
// CHECK-NEXT: return %[[D]] : i8
func.func @switch_constant_default(%x: i8) -> i8 {
  %c = arith.constant 7 : i8
  cf.switch %c : i8, [default: ^bb1(%x : i8), 3: ^bb2(%c : i8)]
^bb1(%a: i8):
  %d = arith.addi %a, %a : i8
  return %d : i8
^bb2(%b: i8):
  return %b : i8
}

// CHECK-LABEL: func.func @switch_only_default
// CHECK-NEXT: return
func.func @switch_only_default(%x: i32) {
  cf.switch %x : i32, [default: ^bb1]
^bb1:
  return
}

// CHECK-LABEL: func.func @switch_cases_like_default
// CHECK: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1(%arg1 : i32),
// CHECK-NEXT: 2: ^bb1(%arg0 : i32)
// CHECK-NEXT: ]
func.func @switch_cases_like_default(%x: i32, %y: i32) -> i32 {
  cf.switch %x : i32, [default: ^bb1(%y : i32), 1: ^bb1(%y : i32), 2: ^bb1(%x : i32)]
^bb1(%a: i32):
  return %a : i32
}

// Without region simplification unreachable blocks stay.
// RUN: graph-opt %s -split-input-file --canonicalize=region-simplify=disabled | FileCheck %s --check-prefix=KEEP
// KEEP-LABEL: func.func @constant_branch
// KEEP-NEXT: return %arg0 : i32
// KEEP-NEXT: ^bb1:  // no predecessors
// KEEP-NEXT: arith.addi %arg0, %arg0 : i32

// -----

// In a destination only the cf.cond_br reaches, its condition is known;
// where another branch also arrives, it is not.
// CHECK-LABEL: func.func @cond_br_truth
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: cf.cond_br %arg0, ^[[A:bb[0-9]+]], ^[[B:bb[0-9]+]]
// CHECK: ^[[A]]:
// CHECK-NEXT: call @use(%[[T]])
// CHECK: ^[[B]]:
// CHECK-NEXT: call @use(%[[F]])
// CHECK: cf.cond_br %arg1, ^[[C:bb[0-9]+]], ^[[D:bb[0-9]+]]
// CHECK: ^[[C]]:
// CHECK-NEXT: call @use(%arg1)
func.func private @use(i1)
func.func @cond_br_truth(%a: i1, %b: i1) {
  cf.cond_br %a, ^t, ^f
^t:
  func.call @use(%a) : (i1) -> ()
  cf.br ^next
^f:
  func.call @use(%a) : (i1) -> ()
  cf.br ^next
^next:
  cf.cond_br %b, ^shared, ^other
^other:
  func.call @use(%a) : (i1) -> ()
  cf.br ^shared
^shared:
  func.call @use(%b) : (i1) -> ()
  return
}

// -----

// A branch to a block that only branches on goes to its destination, the
// block's arguments replaced by the branch's operands; a cf.cond_br whose
// destinations became one is a cf.br, the operands that differ selected.
// CHECK-LABEL: func.func @pass_through
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : i32
// CHECK-NEXT: call @sink(%[[S]])
// CHECK-NEXT: return
func.func private @sink(i32)
func.func @pass_through(%c: i1, %x: i32, %y: i32) {
  cf.cond_br %c, ^a(%x : i32), ^b
^a(%v: i32):
  cf.br ^join(%v : i32)
^b:
  cf.br ^join(%y : i32)
^join(%r: i32):
  func.call @sink(%r) : (i32) -> ()
  return
}

// -----

// A cf.cond_br that only a cf.cond_br on the same condition reaches goes
// the same way.
// CHECK-LABEL: func.func @cond_br_same_condition
// CHECK: cf.cond_br %arg0, ^[[T:bb[0-9]+]], ^[[F:bb[0-9]+]]
// CHECK: ^[[T]]:
// CHECK-NEXT: call @use(%{{.*}})
// CHECK-NEXT: call @mark(%c1_i32)
// CHECK: ^[[F]]:
// CHECK-NEXT: call @mark(%c4_i32)
func.func private @use(i1)
func.func private @mark(i32)
func.func @cond_br_same_condition(%c: i1) {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %four = arith.constant 4 : i32
  cf.cond_br %c, ^t, ^f
^t:
  func.call @use(%c) : (i1) -> ()
  cf.cond_br %c, ^tt, ^tf
^tt:
  func.call @mark(%one) : (i32) -> ()
  return
^tf:
  func.call @mark(%two) : (i32) -> ()
  return
^f:
  cf.cond_br %c, ^ft, ^ff
^ft:
  func.call @mark(%three) : (i32) -> ()
  return
^ff:
  func.call @mark(%four) : (i32) -> ()
  return
}

// -----

// A cf.switch that only a cf.switch on the same flag reaches: through a
// case, the flag is known; through the default, the cases the first switch
// took are gone. A destination that only branches on is skipped.
// CHECK-LABEL: func.func @switch_same_flag
// CHECK: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^[[D:bb[0-9]+]],
// CHECK-NEXT: 1: ^[[ONE:bb[0-9]+]]
// CHECK-NEXT: ]
// CHECK: ^[[D]]:
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^{{bb[0-9]+}},
// CHECK-NEXT: 2: ^{{bb[0-9]+}}
// CHECK-NEXT: ]
// CHECK: ^[[ONE]]:
// CHECK-NEXT: call @mark(%c10_i32)
func.func private @mark(i32)
func.func @switch_same_flag(%f: i32) {
  %ten = arith.constant 10 : i32
  %twenty = arith.constant 20 : i32
  %thirty = arith.constant 30 : i32
  cf.switch %f : i32, [
    default: ^dflt,
    1: ^one
  ]
^one:
  cf.switch %f : i32, [
    default: ^other,
    1: ^a,
    2: ^b
  ]
^dflt:
  cf.switch %f : i32, [
    default: ^other,
    1: ^a,
    2: ^pass
  ]
^pass:
  cf.br ^b
^a:
  func.call @mark(%ten) : (i32) -> ()
  return
^b:
  func.call @mark(%twenty) : (i32) -> ()
  return
^other:
  func.call @mark(%thirty) : (i32) -> ()
  return
}
