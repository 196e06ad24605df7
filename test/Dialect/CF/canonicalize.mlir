// RUN: graph-opt %s --canonicalize | FileCheck %s

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
// RUN: graph-opt %s --canonicalize=region-simplify=disabled | FileCheck %s --check-prefix=KEEP
// KEEP-LABEL: func.func @constant_branch
// KEEP-NEXT: return %arg0 : i32
// KEEP-NEXT: ^bb1:  // no predecessors
// KEEP-NEXT: arith.addi %arg0, %arg0 : i32
