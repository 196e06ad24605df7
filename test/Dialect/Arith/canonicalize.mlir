// RUN: graph-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s

// CHECK-LABEL: func.func @fold_constants
// CHECK-NEXT: %[[C:.*]] = arith.constant 42 : i32
// CHECK-NEXT: return %[[C]] : i32
func.func @fold_constants() -> i32 {
  %a = arith.constant 6 : i32
  %b = arith.constant 7 : i32
  %c = arith.muli %a, %b : i32
  %d = arith.constant 0 : i32
  %e = arith.addi %c, %d : i32
  return %e : i32
}

// -----

// Integer folds wrap at the type's width.
// CHECK-LABEL: func.func @wrapping
// CHECK: arith.constant -128 : i8
func.func @wrapping() -> i8 {
  %a = arith.constant 127 : i8
  %b = arith.constant 1 : i8
  %c = arith.addi %a, %b : i8
  return %c : i8
}

// -----

// Division by zero and INT_MIN / -1 are poison: never folded.
// CHECK-LABEL: func.func @no_poison_folds
// CHECK: arith.divsi
// CHECK: arith.divui
// CHECK: arith.shli
func.func @no_poison_folds() -> (i8, i8, i8) {
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  %z = arith.constant 0 : i8
  %w = arith.constant 8 : i8
  %a = arith.divsi %min, %m1 : i8
  %b = arith.divui %min, %z : i8
  %c = arith.shli %m1, %w : i8
  return %a, %b, %c : i8, i8, i8
}

// -----

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NOT: arith.
// CHECK: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %a = arith.addi %x, %zero : i32
  %b = arith.muli %one, %x : i32
  %c = arith.andi %x, %x : i32
  %s = arith.addi %x, %y : i32
  %d = arith.subi %s, %y : i32
  %e = arith.ori %x, %zero : i32
  return %a, %b, %c, %d, %e : i32, i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @self_compare
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: return %[[T]], %[[F]]
func.func @self_compare(%x: i32) -> (i1, i1) {
  %a = arith.cmpi sle, %x, %x : i32
  %b = arith.cmpi ult, %x, %x : i32
  return %a, %b : i1, i1
}

// -----

// x + 0.0 is not x (for x = -0.0), but x + -0.0 is.
// CHECK-LABEL: func.func @float_identities
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[A:.*]] = arith.addf %[[X]], %{{.*}} : f32
// CHECK: return %[[A]], %[[X]], %[[X]]
func.func @float_identities(%x: f32) -> (f32, f32, f32) {
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %one = arith.constant 1.0 : f32
  %a = arith.addf %x, %pz : f32
  %b = arith.addf %x, %nz : f32
  %c = arith.mulf %x, %one : f32
  return %a, %b, %c : f32, f32, f32
}

// -----

// Fast-math flags allow more: x + 0.0 under nsz, x - x under nnan and
// ninf, x * 0.0 under nnan and nsz (fast has them all). Each needs its
// flags: with one missing the operation stays.
// CHECK-LABEL: func.func @float_fastmath
// CHECK-SAME: (%[[X:.*]]: f64)
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG: %[[A:.*]] = arith.addf %[[X]], %[[Z]] fastmath<nnan> : f64
// CHECK-DAG: %[[B:.*]] = arith.subf %[[X]], %[[X]] fastmath<nnan> : f64
// CHECK-DAG: %[[C:.*]] = arith.mulf %[[X]], %[[Z]] fastmath<nnan,ninf> : f64
// CHECK: return %[[X]], %[[X]], %[[Z]], %[[Z]], %[[A]], %[[B]], %[[C]]
func.func @float_fastmath(%x: f64) -> (f64, f64, f64, f64, f64, f64, f64) {
  %pz = arith.constant 0.0 : f64
  %nz = arith.constant -0.0 : f64
  %a = arith.addf %x, %pz fastmath<nsz> : f64
  %b = arith.subf %x, %nz fastmath<fast> : f64
  %c = arith.subf %x, %x fastmath<nnan,ninf> : f64
  %d = arith.mulf %x, %pz fastmath<nnan,nsz> : f64
  %e = arith.addf %x, %pz fastmath<nnan> : f64
  %f = arith.subf %x, %x fastmath<nnan> : f64
  %g = arith.mulf %x, %pz fastmath<nnan,ninf> : f64
  return %a, %b, %c, %d, %e, %f, %g : f64, f64, f64, f64, f64, f64, f64
}

// -----

// CHECK-LABEL: func.func @float_constants
// CHECK: arith.constant 7.500000e-01 : f64
// CHECK: arith.constant true
func.func @float_constants() -> (f64, i1) {
  %a = arith.constant 0.5 : f64
  %b = arith.constant 0.25 : f64
  %c = arith.addf %a, %b : f64
  %n = arith.constant 0x7FF8000000000000 : f64
  %d = arith.cmpf uno, %n, %a : f64
  return %c, %d : f64, i1
}

// -----

// Constants move to the right; constant chains combine.
// CHECK-LABEL: func.func @reassociate
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[C:.*]] = arith.constant 5 : i32
// CHECK: %[[R:.*]] = arith.addi %[[X]], %[[C]] : i32
// CHECK: return %[[R]]
func.func @reassociate(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %a = arith.addi %c2, %x : i32
  %b = arith.addi %a, %c3 : i32
  return %b : i32
}

// -----

// CHECK-LABEL: func.func @casts
// CHECK-DAG: arith.constant -1 : i64
// CHECK-DAG: arith.constant 255 : i64
// CHECK-DAG: arith.constant 3.000000e+00 : f32
func.func @casts() -> (i64, i64, f32) {
  %c = arith.constant -1 : i8
  %a = arith.extsi %c : i8 to i64
  %b = arith.extui %c : i8 to i64
  %t = arith.constant 3 : i32
  %f = arith.sitofp %t : i32 to f32
  return %a, %b, %f : i64, i64, f32
}

// -----

// CHECK-LABEL: func.func @select
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: return %[[X]], %[[Y]]
func.func @select(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  %t = arith.constant true
  %a = arith.select %t, %x, %y : i32
  %b = arith.select %c, %y, %y : i32
  return %a, %b : i32, i32
}

// -----

// Unused pure operations are removed.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: return
func.func @dead(%x: i32) {
  %a = arith.muli %x, %x : i32
  return
}

// -----

// The extended operations fold on constants, by 0 (and an unsigned product
// by 1), and become addi/muli when their second result is unused.
// CHECK-LABEL: func.func @extended_folds
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[MINUS2:.*]] = arith.constant -2 : i8
// CHECK-NEXT: %[[SIX:.*]] = arith.constant 6 : i8
// CHECK-NEXT: %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT: return %[[ZERO]], %[[TRUE]], %[[MINUS2]], %[[ZERO]], %[[SIX]], %[[ZERO]], %arg0, %[[FALSE]], %[[ZERO]], %[[ZERO]], %arg0, %[[ZERO]]
func.func @extended_folds(%x: i8) -> (i8, i1, i8, i8, i8, i8, i8, i1, i8, i8, i8, i8) {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c255 = arith.constant 255 : i8
  %c1b = arith.constant 1 : i8
  %c127 = arith.constant 127 : i8
  %c2 = arith.constant 2 : i8
  %c3 = arith.constant 3 : i8
  %s, %c = arith.addui_extended %c255, %c1b : i8, i1
  %l, %h = arith.mulsi_extended %c127, %c2 : i8
  %ul, %uh = arith.mului_extended %c2, %c3 : i8
  %a, %ac = arith.addui_extended %x, %c0 : i8, i1
  %z, %zh = arith.mulsi_extended %x, %c0 : i8
  %o, %oh = arith.mului_extended %x, %c1 : i8
  return %s, %c, %l, %h, %ul, %uh, %a, %ac, %z, %zh, %o, %oh : i8, i1, i8, i8, i8, i8, i8, i1, i8, i8, i8, i8
}

// CHECK-LABEL: func.func @extended_to_plain
// CHECK-NEXT: %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[P:.*]] = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: return %[[S]], %[[P]] : i32, i32
func.func @extended_to_plain(%a: i32, %b: i32) -> (i32, i32) {
  %s, %c = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mulsi_extended %a, %b : i32
  return %s, %l : i32, i32
}

// -----

// Selects of boolean constants are the condition, negated or extended.
// CHECK-LABEL: func.func @select_of_bools
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[N:.*]] = arith.xori %[[C]], %[[T]] : i1
// CHECK-DAG: %[[E:.*]] = arith.extui %[[C]] : i1 to i32
// CHECK-DAG: %[[EN:.*]] = arith.extui %[[N]] : i1 to i32
// CHECK: return %[[N]], %[[E]], %[[EN]]
func.func @select_of_bools(%c: i1) -> (i1, i32, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %0 = arith.select %c, %f, %t : i1
  %1 = arith.select %c, %one, %zero : i32
  %2 = arith.select %c, %zero, %one : i32
  return %0, %1, %2 : i1, i32, i32
}

// -----

// A negated condition swaps the arms.
// CHECK-LABEL: func.func @select_negated
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[Y]], %[[X]] : i32
// CHECK-NEXT: return %[[S]]
func.func @select_negated(%c: i1, %x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %0 = arith.select %n, %x, %y : i32
  return %0 : i32
}

// -----

// A select on the same condition inside an arm gives way to its arm;
// on another condition it stays.
// CHECK-LABEL: func.func @select_nested
// CHECK-SAME: (%[[C:.*]]: i1, %[[D:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32, %[[Z:.*]]: i32)
// CHECK-DAG: %[[A:.*]] = arith.select %[[C]], %[[X]], %[[Z]] : i32
// CHECK-DAG: %[[B:.*]] = arith.select %[[C]], %[[Z]], %[[Y]] : i32
// CHECK-DAG: %[[I:.*]] = arith.select %[[D]], %[[X]], %[[Y]] : i32
// CHECK-DAG: %[[O:.*]] = arith.select %[[C]], %[[I]], %[[Y]] : i32
// CHECK: return %[[A]], %[[B]], %[[O]]
func.func @select_nested(%c: i1, %d: i1, %x: i32, %y: i32, %z: i32) -> (i32, i32, i32) {
  %0 = arith.select %c, %x, %y : i32
  %1 = arith.select %c, %0, %z : i32
  %2 = arith.select %c, %z, %0 : i32
  %3 = arith.select %d, %x, %y : i32
  %4 = arith.select %c, %3, %y : i32
  return %1, %2, %4 : i32, i32, i32
}

// -----

// select(x == y, x, y) is y; select(x != y, x, y) is x.
// CHECK-LABEL: func.func @select_of_compare
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: return %[[Y]], %[[X]]
func.func @select_of_compare(%x: i32, %y: i32) -> (i32, i32) {
  %c = arith.cmpi eq, %x, %y : i32
  %0 = arith.select %c, %x, %y : i32
  %d = arith.cmpi ne, %x, %y : i32
  %1 = arith.select %d, %x, %y : i32
  return %0, %1 : i32, i32
}

// -----

// Arms other than 1 and 0 are not a boolean's extension.
// CHECK-LABEL: func.func @select_of_other_ints
// CHECK: arith.select %arg0, %{{.*}}, %{{.*}} : i64
// CHECK-NOT: extui
func.func @select_of_other_ints(%c: i1) -> i64 {
  %zero = arith.constant 0 : i64
  %eight = arith.constant 8 : i64
  %0 = arith.select %c, %zero, %eight : i64
  return %0 : i64
}

// -----

// A bound of the type decides a min or max.
// CHECK-LABEL: func.func @min_max_bounds
// CHECK-SAME: (%[[X:.*]]: i8)
// CHECK-DAG: %[[SMAX:.*]] = arith.constant 127 : i8
// CHECK-DAG: %[[SMIN:.*]] = arith.constant -128 : i8
// CHECK-DAG: %[[UMAX:.*]] = arith.constant -1 : i8
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: return %[[SMAX]], %[[X]], %[[SMIN]], %[[X]], %[[UMAX]], %[[X]], %[[ZERO]], %[[X]]
func.func @min_max_bounds(%x: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8) {
  %smax = arith.constant 127 : i8
  %smin = arith.constant -128 : i8
  %umax = arith.constant 255 : i8
  %zero = arith.constant 0 : i8
  %0 = arith.maxsi %x, %smax : i8
  %1 = arith.maxsi %x, %smin : i8
  %2 = arith.minsi %smin, %x : i8
  %3 = arith.minsi %x, %smax : i8
  %4 = arith.maxui %x, %umax : i8
  %5 = arith.maxui %zero, %x : i8
  %6 = arith.minui %x, %zero : i8
  %7 = arith.minui %x, %umax : i8
  return %0, %1, %2, %3, %4, %5, %6, %7 : i8, i8, i8, i8, i8, i8, i8, i8
}

// -----

// A constant on the left of a comparison moves right, the predicate
// mirrored.
// CHECK-LABEL: func.func @compare_constant_left
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: arith.cmpi sgt, %[[X]], %{{.*}} : i32
// CHECK: arith.cmpi ule, %[[X]], %{{.*}} : i32
// CHECK: arith.cmpi eq, %[[X]], %{{.*}} : i32
func.func @compare_constant_left(%x: i32) -> (i1, i1, i1) {
  %c = arith.constant 5 : i32
  %0 = arith.cmpi slt, %c, %x : i32
  %1 = arith.cmpi uge, %c, %x : i32
  %2 = arith.cmpi eq, %c, %x : i32
  return %0, %1, %2 : i1, i1, i1
}

// -----

// x ^ (x ^ y) is y; not (a < b) is a >= b.
// CHECK-LABEL: func.func @xor_and_not
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: %[[C:.*]] = arith.cmpi sge, %[[X]], %[[Y]] : i32
// CHECK-NEXT: return %[[Y]], %[[Y]], %[[C]]
func.func @xor_and_not(%x: i32, %y: i32) -> (i32, i32, i1) {
  %0 = arith.xori %x, %y : i32
  %1 = arith.xori %x, %0 : i32
  %2 = arith.xori %0, %x : i32
  %t = arith.constant true
  %c = arith.cmpi slt, %x, %y : i32
  %n = arith.xori %c, %t : i1
  return %1, %2, %n : i32, i32, i1
}

// -----

// Extensions of extensions are one extension; comparing for equality two
// values extended alike compares the values; on i1, x == true and
// x != false are x, and so is (ext x) != 0.
// CHECK-LABEL: func.func @extensions
// CHECK-SAME: (%[[B:.*]]: i1, %[[X:.*]]: i8, %[[Y:.*]]: i8)
// CHECK-DAG: %[[U:.*]] = arith.extui %[[B]] : i1 to i64
// CHECK-DAG: %[[S:.*]] = arith.extsi %[[B]] : i1 to i64
// CHECK-DAG: %[[E:.*]] = arith.cmpi ne, %[[X]], %[[Y]] : i8
// CHECK-DAG: %[[M:.*]] = arith.cmpi slt,
// CHECK: return %[[U]], %[[U]], %[[S]], %[[E]], %[[M]], %[[B]], %[[B]], %[[B]]
func.func @extensions(%b: i1, %x: i8, %y: i8) -> (i64, i64, i64, i1, i1, i1, i1, i1) {
  %u8 = arith.extui %b : i1 to i8
  %uu = arith.extui %u8 : i8 to i64
  %su = arith.extsi %u8 : i8 to i64
  %s8 = arith.extsi %b : i1 to i8
  %ss = arith.extsi %s8 : i8 to i64
  %ex = arith.extsi %x : i8 to i64
  %ey = arith.extsi %y : i8 to i64
  %ne = arith.cmpi ne, %ex, %ey : i64
  %lt = arith.cmpi slt, %ex, %ey : i64
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : i64
  %eqt = arith.cmpi eq, %b, %t : i1
  %nef = arith.cmpi ne, %f, %b : i1
  %nz = arith.cmpi ne, %uu, %c0 : i64
  return %uu, %su, %ss, %ne, %lt, %eqt, %nef, %nz : i64, i64, i64, i1, i1, i1, i1, i1
}

// -----

// andi/ori of values extended alike extend the andi/ori; an index cast of
// an extension of its signedness, and truncations of extensions and of
// truncations, cast once; truncf of extf back to the type is the value.
// CHECK-LABEL: func.func @casts_of_casts
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8, %[[W:.*]]: i32, %[[F:.*]]: f32)
// CHECK-DAG: %[[AND:.*]] = arith.andi %[[A]], %[[B]] : i8
// CHECK-DAG: %[[AE:.*]] = arith.extsi %[[AND]] : i8 to i64
// CHECK-DAG: %[[OR:.*]] = arith.ori %[[A]], %[[B]] : i8
// CHECK-DAG: %[[OE:.*]] = arith.extui %[[OR]] : i8 to i64
// CHECK-DAG: %[[IX:.*]] = arith.index_cast %[[A]] : i8 to index
// CHECK-DAG: %[[T16:.*]] = arith.trunci %[[W]] : i32 to i16
// CHECK-DAG: %[[E16:.*]] = arith.extsi %[[A]] : i8 to i16
// CHECK-DAG: %[[T8:.*]] = arith.trunci %[[W]] : i32 to i8
// CHECK: return %[[AE]], %[[OE]], %[[IX]], %[[T16]], %[[E16]], %[[T8]], %[[F]]
func.func @casts_of_casts(%a: i8, %b: i8, %w: i32, %f: f32) -> (i64, i64, index, i16, i16, i8, f32) {
  %sa = arith.extsi %a : i8 to i64
  %sb = arith.extsi %b : i8 to i64
  %and = arith.andi %sa, %sb : i64
  %ua = arith.extui %a : i8 to i64
  %ub = arith.extui %b : i8 to i64
  %or = arith.ori %ua, %ub : i64
  %s16 = arith.extsi %a : i8 to i16
  %ix = arith.index_cast %s16 : i16 to index
  %w64 = arith.extui %w : i32 to i64
  %t16 = arith.trunci %w64 : i64 to i16
  %a32 = arith.extsi %a : i8 to i32
  %e16 = arith.trunci %a32 : i32 to i16
  %w16 = arith.trunci %w : i32 to i16
  %t8 = arith.trunci %w16 : i16 to i8
  %fd = arith.extf %f : f32 to f64
  %ff = arith.truncf %fd : f64 to f32
  return %and, %or, %ix, %t16, %e16, %t8, %ff : i64, i64, index, i16, i16, i8, f32
}

// -----

// Additions and subtractions with constants regroup into one operation on
// the value; (a - b) - a is 0 - b; x + y * -1 is x - y. With overflow
// flags nothing regroups (a forbidden wrap would be lost).
// CHECK-LABEL: func.func @add_sub_constants
// CHECK-SAME: (%[[X:.*]]: index, %[[Y:.*]]: index)
// CHECK-DAG: %[[C59:.*]] = arith.constant 59 : index
// CHECK-DAG: %[[C25:.*]] = arith.constant 25 : index
// CHECK-DAG: %[[CM25:.*]] = arith.constant -25 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[A:.*]] = arith.subi %[[C59]], %[[X]] : index
// CHECK-DAG: %[[B:.*]] = arith.addi %[[X]], %[[CM25]] : index
// CHECK-DAG: %[[C:.*]] = arith.subi %[[X]], %[[C59]] : index
// CHECK-DAG: %[[D:.*]] = arith.addi %[[X]], %[[C25]] : index
// CHECK-DAG: %[[E:.*]] = arith.subi %[[C0]], %[[Y]] : index
// CHECK-DAG: %[[F:.*]] = arith.subi %[[X]], %[[Y]] : index
// CHECK-DAG: %[[G1:.*]] = arith.addi %[[X]], %{{.*}} overflow<nsw> : index
// CHECK-DAG: %[[G:.*]] = arith.addi %[[G1]], %{{.*}} overflow<nsw> : index
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]], %[[G]]
func.func @add_sub_constants(%x: index, %y: index) -> (index, index, index, index, index, index, index) {
  %c17 = arith.constant 17 : index
  %c42 = arith.constant 42 : index
  %m1 = arith.constant -1 : index
  %s0 = arith.subi %c17, %x : index
  %a = arith.addi %c42, %s0 : index
  %a1 = arith.addi %c17, %x : index
  %b = arith.subi %a1, %c42 : index
  %s1 = arith.subi %x, %c17 : index
  %c = arith.subi %s1, %c42 : index
  %s2 = arith.subi %c17, %x : index
  %d = arith.subi %c42, %s2 : index
  %s3 = arith.subi %x, %y : index
  %e = arith.subi %s3, %x : index
  %n = arith.muli %y, %m1 : index
  %f = arith.addi %x, %n : index
  %g1 = arith.addi %x, %c17 overflow<nsw> : index
  %g = arith.addi %g1, %c42 overflow<nsw> : index
  return %a, %b, %c, %d, %e, %f, %g : index, index, index, index, index, index, index
}

// -----

// Vectors and tensors fold elementwise: splat operands act as their element
// and a constant result is a splat of the result's shape.
// CHECK-LABEL: func.func @splat_folds
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK-DAG: %[[S:.*]] = arith.constant dense<7> : tensor<2x3xi64>
// CHECK-DAG: %[[T:.*]] = arith.constant dense<true> : vector<4xi1>
// CHECK-DAG: %[[F:.*]] = arith.constant dense<2.500000e+00> : vector<2xf32>
// CHECK: return %arg0, %arg0, %[[Z]], %[[Z]], %[[S]], %[[T]], %[[F]], %arg1
func.func @splat_folds(%v: vector<4xi32>, %w: vector<4xi1>) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, tensor<2x3xi64>, vector<4xi1>, vector<2xf32>, vector<4xi1>) {
  %zero = arith.constant dense<0> : vector<4xi32>
  %one = arith.constant dense<[1, 1, 1, 1]> : vector<4xi32>
  %a = arith.addi %v, %zero : vector<4xi32>
  %b = arith.divsi %v, %one : vector<4xi32>
  %c = arith.muli %zero, %v : vector<4xi32>
  %d = arith.xori %v, %v : vector<4xi32>
  %three = arith.constant dense<3> : tensor<2x3xi64>
  %four = arith.constant dense<4> : tensor<2x3xi64>
  %e = arith.addi %three, %four : tensor<2x3xi64>
  %f = arith.cmpi eq, %v, %v : vector<4xi32>
  %x = arith.constant dense<1.0> : vector<2xf32>
  %y = arith.constant dense<1.5> : vector<2xf32>
  %g = arith.addf %x, %y : vector<2xf32>
  %ext = arith.extui %w : vector<4xi1> to vector<4xi8>
  %h = arith.trunci %ext : vector<4xi8> to vector<4xi1>
  return %a, %b, %c, %d, %e, %f, %g, %h : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, tensor<2x3xi64>, vector<4xi1>, vector<2xf32>, vector<4xi1>
}

// A constant that is not a splat is kept as written.
// CHECK-LABEL: func.func @non_splat_kept
// CHECK: arith.addi
func.func @non_splat_kept(%v: vector<2xi32>) -> vector<2xi32> {
  %c = arith.constant dense<[0, 1]> : vector<2xi32>
  %a = arith.addi %v, %c : vector<2xi32>
  return %a : vector<2xi32>
}

// -----

// Division rounding down or up by one is the dividend.
// CHECK-LABEL: func.func @div_by_one
// CHECK-NEXT: return %arg0, %arg0, %arg0
func.func @div_by_one(%x: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %a = arith.floordivsi %x, %c1 : i32
  %b = arith.ceildivsi %x, %c1 : i32
  %c = arith.ceildivui %x, %c1 : i32
  return %a, %b, %c : i32, i32, i32
}

// -----

// Lists of constants fold position by position, as splats do; an extended
// operation folds both of its results; no constant of a dynamic shape is
// made.
// CHECK-LABEL: func.func @list_folds
// CHECK-DAG: %[[A:.*]] = arith.constant dense<[11, 22, 33]> : vector<3xi32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[true, false, true]> : vector<3xi1>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<{{\[\[}}1, 6], [3, 8]]> : tensor<2x2xi32>
// CHECK-DAG: %[[S:.*]] = arith.constant dense<[1, 6, 2, 14]> : vector<4xi32>
// CHECK-DAG: %[[O:.*]] = arith.constant dense<[false, false, true, false]> : vector<4xi1>
// CHECK-DAG: %[[E:.*]] = arith.constant dense<[1, 3, -1]> : vector<3xi16>
// CHECK-DAG: %[[T:.*]] = arith.constant dense<[0.000000e+00, 1.000000e+00]> : vector<2xbf16>
// CHECK: %[[D:.*]] = arith.subi %arg0, %arg0 : tensor<?xi32>
// CHECK: return %[[A]], %[[B]], %[[C]], %[[S]], %[[O]], %[[E]], %[[T]], %[[D]]
func.func @list_folds(%t: tensor<?xi32>) -> (vector<3xi32>, vector<3xi1>, tensor<2x2xi32>, vector<4xi32>, vector<4xi1>, vector<3xi16>, vector<2xbf16>, tensor<?xi32>) {
  %x = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %y = arith.constant dense<[10, 20, 30]> : vector<3xi32>
  %a = arith.addi %x, %y : vector<3xi32>
  %two = arith.constant dense<2> : vector<3xi32>
  %b = arith.cmpi ne, %x, %two : vector<3xi32>
  %cond = arith.constant dense<[[true, false], [true, false]]> : tensor<2x2xi1>
  %p = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %q = arith.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %c = arith.select %cond, %p, %q : tensor<2x2xi1>, tensor<2x2xi32>
  %v1 = arith.constant dense<[1, 3, 3, 7]> : vector<4xi32>
  %v2 = arith.constant dense<[0, 3, 4294967295, 7]> : vector<4xi32>
  %s, %o = arith.addui_extended %v1, %v2 : vector<4xi32>, vector<4xi1>
  %i8 = arith.constant dense<[1, 3, -1]> : vector<3xi8>
  %e = arith.extsi %i8 : vector<3xi8> to vector<3xi16>
  %f = arith.constant dense<[0.0, 1.0]> : vector<2xf32>
  %g = arith.truncf %f : vector<2xf32> to vector<2xbf16>
  %d = arith.subi %t, %t : tensor<?xi32>
  return %a, %b, %c, %s, %o, %e, %g, %d : vector<3xi32>, vector<3xi1>, tensor<2x2xi32>, vector<4xi32>, vector<4xi1>, vector<3xi16>, vector<2xbf16>, tensor<?xi32>
}

// A narrowing that rounds is left for the run, whatever its rounding mode;
// an exact one folds.
// CHECK-LABEL: func.func @truncf_constants
// CHECK-DAG: arith.constant 1.000000e+00 : bf16
// CHECK-DAG: arith.constant 1.444000e+25 : f32
// CHECK: arith.truncf
// CHECK-NOT: arith.truncf
func.func @truncf_constants() -> (bf16, bf16, bf16) {
  %one = arith.constant 1.0 : f32
  %a = arith.truncf %one downward : f32 to bf16
  %b = arith.truncf %one : f32 to bf16
  %big = arith.constant 1.444000e+25 : f32
  %c = arith.truncf %big : f32 to bf16
  return %a, %b, %c : bf16, bf16, bf16
}

// mulsi_extended by one is the value and its sign; x + y * -1 is x - y,
// on vectors too.
// CHECK-LABEL: func.func @extended_by_one
// CHECK: %[[Z:.*]] = arith.constant dense<0> : vector<3xi32>
// CHECK: %[[N:.*]] = arith.cmpi slt, %arg0, %[[Z]] : vector<3xi32>
// CHECK: %[[H:.*]] = arith.extsi %[[N]] : vector<3xi1> to vector<3xi32>
// CHECK: %[[D:.*]] = arith.subi %arg1, %arg0 : vector<3xi32>
// CHECK: return %arg0, %[[H]], %[[D]]
func.func @extended_by_one(%x: vector<3xi32>, %y: vector<3xi32>) -> (vector<3xi32>, vector<3xi32>, vector<3xi32>) {
  %one = arith.constant dense<1> : vector<3xi32>
  %lo, %hi = arith.mulsi_extended %x, %one : vector<3xi32>
  %m1 = arith.constant dense<-1> : vector<3xi32>
  %n = arith.muli %x, %m1 : vector<3xi32>
  %d = arith.addi %y, %n : vector<3xi32>
  return %lo, %hi, %d : vector<3xi32>, vector<3xi32>, vector<3xi32>
}

// -----

// A bitcast of a constant is the constant with the same bits, elementwise
// too; a bitcast of a bitcast casts the first one's operand.
// CHECK-LABEL: func.func @bitcasts
// CHECK-DAG: %[[I:.*]] = arith.constant 1065353216 : i32
// CHECK-DAG: %[[F:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[V:.*]] = arith.constant dense<[1.000000e+00, 0.000000e+00]> : vector<2xf32>
// CHECK-DAG: %[[H:.*]] = arith.constant 7.812500e-03 : bf16
// CHECK: %[[C:.*]] = arith.bitcast %arg1 : i16 to f16
// CHECK: return %[[I]], %[[F]], %[[V]], %[[H]], %arg0, %[[C]]
func.func @bitcasts(%x: i32, %y: i16) -> (i32, f32, vector<2xf32>, bf16, i32, f16) {
  %one = arith.constant 1.0 : f32
  %a = arith.bitcast %one : f32 to i32
  %bits = arith.constant 1065353216 : i32
  %b = arith.bitcast %bits : i32 to f32
  %vb = arith.constant dense<[1065353216, 0]> : vector<2xi32>
  %c = arith.bitcast %vb : vector<2xi32> to vector<2xf32>
  %h = arith.constant 1.0 : f16
  %d = arith.bitcast %h : f16 to bf16
  %f = arith.bitcast %x : i32 to f32
  %e = arith.bitcast %f : f32 to i32
  %g0 = arith.bitcast %y : i16 to bf16
  %g = arith.bitcast %g0 : bf16 to f16
  return %a, %b, %c, %d, %e, %g : i32, f32, vector<2xf32>, bf16, i32, f16
}

// Float folds: against NaN an ordered predicate is false and an unordered
// one true; minimumf with +inf and maximumf with -inf are the value, as
// are minnumf and maxnumf with NaN; f16 arithmetic folds (rounded once);
// negations of both factors cancel.
// CHECK-LABEL: func.func @float_folds
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK-DAG: %[[H:.*]] = arith.constant 1.000980e+00 : f16
// CHECK: %[[M:.*]] = arith.mulf %arg0, %arg1 : f32
// CHECK: %[[D:.*]] = arith.divf %arg0, %arg1 : f32
// CHECK: return %[[F]], %[[T]], %arg0, %arg0, %arg0, %arg0, %[[H]], %[[M]], %[[D]]
func.func @float_folds(%x: f32, %y: f32) -> (i1, i1, f32, f32, f32, f32, f16, f32, f32) {
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %a = arith.cmpf olt, %x, %nan : f32
  %b = arith.cmpf ugt, %nan, %x : f32
  %c = arith.minimumf %x, %inf : f32
  %d = arith.maximumf %ninf, %x : f32
  %e = arith.minnumf %x, %nan : f32
  %f = arith.maxnumf %x, %nan : f32
  %one = arith.constant 1.0 : f16
  %tiny = arith.constant 9.765625e-04 : f16
  %g = arith.addf %one, %tiny : f16
  %nx = arith.negf %x : f32
  %ny = arith.negf %y : f32
  %m = arith.mulf %nx, %ny : f32
  %q = arith.divf %nx, %ny : f32
  return %a, %b, %c, %d, %e, %f, %g, %m, %q : i1, i1, f32, f32, f32, f32, f16, f32, f32
}

// (a * b) / a is b when the product cannot wrap (nuw for divui, nsw for
// divsi), and stays otherwise; xori of values extended alike is the
// extension of their xori.
// CHECK-LABEL: func.func @division_of_product
// CHECK: %[[P:.*]] = arith.muli %arg0, %arg1 : index
// CHECK: %[[Q:.*]] = arith.divui %[[P]], %arg0 : index
// CHECK: %[[X:.*]] = arith.xori %arg2, %arg3 : i8
// CHECK: %[[E:.*]] = arith.extsi %[[X]] : i8 to i64
// CHECK: return %arg1, %arg0, %[[Q]], %[[E]]
func.func @division_of_product(%a: index, %b: index, %p: i8, %q: i8) -> (index, index, index, i64) {
  %0 = arith.muli %a, %b overflow<nuw> : index
  %1 = arith.divui %0, %a : index
  %2 = arith.muli %a, %b overflow<nsw> : index
  %3 = arith.divsi %2, %b : index
  %4 = arith.muli %a, %b : index
  %5 = arith.divui %4, %a : index
  %e0 = arith.extsi %p : i8 to i64
  %e1 = arith.extsi %q : i8 to i64
  %x = arith.xori %e0, %e1 : i64
  return %1, %3, %5, %x : index, index, index, i64
}

// A comparison of a converted integer with a float constant compares the
// integer, or is decided, where the conversion is exact.
// CHECK-LABEL: func.func @int_to_float_compare
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[CM4:.*]] = arith.constant -4 : i32
// CHECK: %[[A:.*]] = arith.cmpi ugt, %arg0, %[[C3]] : i32
// CHECK: %[[B:.*]] = arith.cmpi sge, %arg0, %[[CM4]] : i32
// CHECK: %[[C:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK: return %[[A]], %[[T]], %[[F]], %[[B]], %[[C]]
func.func @int_to_float_compare(%x: i32) -> (i1, i1, i1, i1, i1) {
  %u = arith.uitofp %x : i32 to f64
  %s = arith.sitofp %x : i32 to f64
  %c32 = arith.constant 3.2 : f64
  %m44 = arith.constant -4.4 : f64
  %a = arith.cmpf oge, %u, %c32 : f64
  %b = arith.cmpf ogt, %u, %m44 : f64
  %c = arith.cmpf oeq, %s, %c32 : f64
  %d = arith.cmpf ogt, %s, %m44 : f64
  // i32 in f32 rounds: near 2^30 the comparison stays.
  %r = arith.sitofp %x : i32 to f32
  %big = arith.constant 1.0e9 : f32
  %e = arith.cmpf olt, %r, %big : f32
  return %a, %b, %c, %d, %e : i1, i1, i1, i1, i1
}

// -----

// For i1, one is `true`: unsigned division and multiplication by it fold;
// signed division by it (-1) stays, since true / true overflows.
// CHECK-LABEL: func.func @i1_by_true
// CHECK-DAG: %[[S:.*]] = arith.divsi %arg0, %true : i1
// CHECK: return %arg0, %arg0, %[[S]]
func.func @i1_by_true(%x: i1) -> (i1, i1, i1) {
  %t = arith.constant true
  %0 = arith.divui %x, %t : i1
  %1 = arith.muli %x, %t : i1
  %2 = arith.divsi %x, %t : i1
  return %0, %1, %2 : i1, i1, i1
}
