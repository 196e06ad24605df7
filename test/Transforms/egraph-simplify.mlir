// RUN: graph-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(egraph-simplify))' --split-input-file | FileCheck %s
// Convergence: a second run changes nothing.
// RUN: graph-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(egraph-simplify))' --split-input-file > %t.once
// RUN: graph-opt %t.once --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(egraph-simplify))' --split-input-file > %t.twice
// RUN: diff %t.once %t.twice
// Limits: a run cut short still gives correct IR and is counted.
// RUN: graph-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(egraph-simplify{max-iterations=1 max-nodes=40}))' --split-input-file --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=LIMIT
// LIMIT: (1) e-graphs stopped at a limit
// RUN: not graph-opt %s --pass-pipeline='builtin.module(func.func(egraph-simplify{max-nodes=0}))' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: invalid value for option 'max-nodes' of pass 'egraph-simplify': expected a positive integer, got '0'

// Neutral and absorbing elements.
// CHECK-LABEL: func.func @neutral
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %arg0, %arg0, %arg0, %[[Z]], %arg0, %arg0, %arg0 :
func.func @neutral(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ones = arith.constant -1 : i32
  %a = arith.addi %x, %c0 : i32
  %b = arith.muli %c1, %x : i32
  %c = arith.ori %x, %c0 : i32
  %d = arith.andi %x, %c0 : i32
  %e = arith.andi %ones, %x : i32
  %f = arith.shli %x, %c0 : i32
  %g = arith.divui %x, %c1 : i32
  return %a, %b, %c, %d, %e, %f, %g : i32, i32, i32, i32, i32, i32, i32
}

// -----

// Cancellation and self-operations, on index too.
// CHECK-LABEL: func.func @cancel
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: return %arg0, %arg1, %[[Z]], %[[Z]], %[[T]], %[[F]], %arg0 :
func.func @cancel(%x: index, %y: index) -> (index, index, index, index, i1, i1, index) {
  %s = arith.addi %x, %y : index
  %a = arith.subi %s, %y : index
  %d = arith.subi %x, %y : index
  %b = arith.subi %x, %d : index
  %c = arith.subi %y, %y : index
  %e = arith.xori %x, %x : index
  %le = arith.cmpi ule, %x, %x : index
  %lt = arith.cmpi slt, %y, %y : index
  %m = arith.maxui %x, %x : index
  return %a, %b, %c, %e, %le, %lt, %m : index, index, index, index, i1, i1, index
}

// -----

// Factoring saves a multiplication; constant chains fold through
// associativity; comparisons of swapped operands are one comparison.
// CHECK-LABEL: func.func @factor
// CHECK-DAG: %[[S:.*]] = arith.addi %arg1, %arg2 : i64
// CHECK-DAG: %[[M:.*]] = arith.muli %arg0, %[[S]] : i64
// CHECK-DAG: %[[C:.*]] = arith.constant 10 : i64
// CHECK-DAG: %[[K:.*]] = arith.addi %arg0, %[[C]] : i64
// CHECK-NOT: arith.muli
// CHECK: return %[[M]], %[[K]]
func.func @factor(%x: i64, %y: i64, %z: i64) -> (i64, i64, i1) {
  %p = arith.muli %x, %y : i64
  %q = arith.muli %z, %x : i64
  %f = arith.addi %p, %q : i64
  %c3 = arith.constant 3 : i64
  %c7 = arith.constant 7 : i64
  %k1 = arith.addi %c3, %x : i64
  %k2 = arith.addi %k1, %c7 : i64
  %lt = arith.cmpi slt, %x, %y : i64
  %gt = arith.cmpi sgt, %y, %x : i64
  %both = arith.andi %lt, %gt : i1
  return %f, %k2, %both : i64, i64, i1
}

// -----

// Chains of constants through subtraction: ((x + 5) - 3) - x is 2,
// (x - 4) + 9 is x + 5, (x - 2) - 6 is x + -8 (as cheap as x - 8). With
// two unknowns nothing is regrouped.
// CHECK-LABEL: func.func @sub_chains
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : i8
// CHECK-DAG: %[[FIVE:.*]] = arith.constant 5 : i8
// CHECK-DAG: %[[B:.*]] = arith.addi %arg0, %[[FIVE]] : i8
// CHECK-DAG: %[[M8:.*]] = arith.constant -8 : i8
// CHECK-DAG: %[[C:.*]] = arith.addi %arg0, %[[M8]] : i8
// CHECK-DAG: %[[D0:.*]] = arith.addi %arg0, %arg1 : i8
// CHECK-DAG: %[[D:.*]] = arith.subi %[[D0]], %arg2 : i8
// CHECK: return %[[TWO]], %[[B]], %[[C]], %[[D]]
func.func @sub_chains(%x: i8, %y: i8, %z: i8) -> (i8, i8, i8, i8) {
  %c2 = arith.constant 2 : i8
  %c3 = arith.constant 3 : i8
  %c4 = arith.constant 4 : i8
  %c5 = arith.constant 5 : i8
  %c6 = arith.constant 6 : i8
  %c9 = arith.constant 9 : i8
  %a0 = arith.addi %x, %c5 : i8
  %a1 = arith.subi %a0, %c3 : i8
  %a = arith.subi %a1, %x : i8
  %b0 = arith.subi %x, %c4 : i8
  %b = arith.addi %b0, %c9 : i8
  %e0 = arith.subi %x, %c2 : i8
  %e = arith.subi %e0, %c6 : i8
  %d0 = arith.addi %x, %y : i8
  %d = arith.subi %d0, %z : i8
  return %a, %b, %e, %d : i8, i8, i8, i8
}

// -----

// Selects and negated comparisons.
// CHECK-LABEL: func.func @select
// CHECK: %[[LT:.*]] = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK: %[[GE:.*]] = arith.cmpi {{sge, %arg0, %arg1|sle, %arg1, %arg0}} : i32
// CHECK: return %arg0, %arg1, %[[LT]], %[[GE]], %arg0 :
func.func @select(%x: i32, %y: i32) -> (i32, i32, i1, i1, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %a = arith.select %t, %x, %y : i32
  %b = arith.select %f, %x, %y : i32
  %lt = arith.cmpi slt, %x, %y : i32
  %c = arith.select %lt, %t, %f : i1
  %n = arith.xori %lt, %t : i1
  %s = arith.select %lt, %x, %x : i32
  return %a, %b, %c, %n, %s : i32, i32, i1, i1, i32
}

// -----

// Must not fire: x + 1 > x is false on overflow; x / x is undefined at 0;
// (x * 2) / 2 loses the top bit; in i1 the constant 1 is -1, so x / 1
// overflows; a shift by the width is poison, so it is not folded; floats
// (x + 0.0 is -0.0 for x = -0.0, y - y is NaN for infinities) are not
// touched.
// CHECK-LABEL: func.func @unsound
// CHECK: arith.cmpi sgt
// CHECK: arith.divsi %arg0, %arg0 : i32
// CHECK: arith.muli
// CHECK: arith.divsi
// CHECK: arith.divsi %arg1, %true : i1
// CHECK: arith.shli %{{.*}}, %{{.*}} : i32
// CHECK: arith.addf %arg2, %{{.*}} : f64
// CHECK: arith.subf %arg2, %arg2 : f64
func.func @unsound(%x: i32, %b: i1, %r: f64) -> (i1, i32, i32, i1, i32, f64, f64) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c32 = arith.constant 32 : i32
  %t = arith.constant true
  %x1 = arith.addi %x, %c1 : i32
  %gt = arith.cmpi sgt, %x1, %x : i32
  %dd = arith.divsi %x, %x : i32
  %m = arith.muli %x, %c2 : i32
  %h = arith.divsi %m, %c2 : i32
  %bd = arith.divsi %b, %t : i1
  %sh = arith.shli %c1, %c32 : i32
  %z = arith.constant 0.0 : f64
  %fa = arith.addf %r, %z : f64
  %fs = arith.subf %r, %r : f64
  return %gt, %dd, %h, %bd, %sh, %fa, %fs : i1, i32, i32, i1, i32, f64, f64
}

// -----

// Operations with effects stay, in order and in place; expressions they
// use are rebuilt in front of them.
// CHECK-LABEL: func.func @effects
// CHECK: "test.write"(%arg0)
// CHECK-NEXT: %[[R:.*]] = "test.read"()
// CHECK-NEXT: "test.write"(%[[R]])
// CHECK-NEXT: return
func.func @effects(%x: i32) {
  %c0 = arith.constant 0 : i32
  %a = arith.addi %x, %c0 : i32
  "test.write"(%a) : (i32) -> ()
  %r = "test.read"() : () -> i32
  %b = arith.subi %r, %c0 : i32
  "test.write"(%b) : (i32) -> ()
  return
}

// -----

// Nested regions are simplified block by block; values from outside are leaves.
// CHECK-LABEL: func.func @nested
// CHECK: scf.if
// CHECK-NEXT: scf.yield %arg0 : i32
func.func @nested(%x: i32, %c: i1) -> i32 {
  %r = scf.if %c -> (i32) {
    %z = arith.constant 0 : i32
    %a = arith.addi %x, %z : i32
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

// Whether a minimum or maximum moved away from an operand is one comparison
// of the matching signedness; the earlier sum is reused, not rebuilt after
// the operation with effects. Unrelated operands are left alone.
// CHECK-LABEL: func.func @min_max_changed
// CHECK-NEXT: %[[S:.*]] = arith.addi %arg0, %arg1 : i64
// CHECK-NEXT: %[[OLD:.*]] = "test.rmw"(%[[S]])
// CHECK-NEXT: %[[A:.*]] = arith.cmpi slt, %[[S]], %[[OLD]] : i64
// CHECK-NEXT: %[[B:.*]] = arith.cmpi ule, %arg0, %arg1 : i64
// CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %arg0, %arg1 : i64
// CHECK-NEXT: %[[D:.*]] = arith.cmpi ule, %arg1, %arg0 : i64
// CHECK-NEXT: %[[M:.*]] = arith.minsi %arg0, %arg1 : i64
// CHECK-NEXT: %[[E:.*]] = arith.cmpi ne, %[[M]], %arg2 : i64
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]] :
func.func @min_max_changed(%x: i64, %y: i64, %z: i64) -> (i1, i1, i1, i1, i1) {
  %s = arith.addi %x, %y : i64
  %old = "test.rmw"(%s) : (i64) -> i64
  %s2 = arith.addi %x, %y : i64
  %m = arith.minsi %old, %s2 : i64
  %a = arith.cmpi ne, %m, %old : i64
  %mu = arith.minui %x, %y : i64
  %b = arith.cmpi eq, %x, %mu : i64
  %mx = arith.maxsi %x, %y : i64
  %c = arith.cmpi ne, %mx, %x : i64
  %mxu = arith.maxui %y, %x : i64
  %d = arith.cmpi eq, %mxu, %x : i64
  %m2 = arith.minsi %x, %y : i64
  %e = arith.cmpi ne, %m2, %z : i64
  return %a, %b, %c, %d, %e : i1, i1, i1, i1, i1
}

// -----

// Two comparisons of the same operands combine into one (operands in either
// order, signed and unsigned); comparisons of other operands, or a
// combination that is not one comparison (< or >=, which is true, is left
// to the other rules), stay.
// CHECK-LABEL: func.func @combined_comparisons
// CHECK-DAG: %[[A:.*]] = arith.cmpi sle, %arg0, %arg1 : i32
// CHECK-DAG: %[[B:.*]] = arith.cmpi ule, %arg1, %arg0 : i32
// CHECK-DAG: %[[C:.*]] = arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-DAG: %[[D:.*]] = arith.cmpi eq, %arg1, %arg0 : i32
// CHECK-DAG: %[[E:.*]] = arith.cmpi ult, %arg0, %arg1 : i32
// CHECK-DAG: %[[F1:.*]] = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-DAG: %[[F2:.*]] = arith.cmpi eq, %arg0, %arg2 : i32
// CHECK-DAG: %[[F:.*]] = arith.ori %[[F1]], %[[F2]] : i1
// CHECK-DAG: %[[G1:.*]] = arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-DAG: %[[G:.*]] = arith.ori %{{.*}}, %[[G1]] : i1
// CHECK-NOT: arith.andi
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]], %[[G]] :
func.func @combined_comparisons(%x: i32, %y: i32, %z: i32) -> (i1, i1, i1, i1, i1, i1, i1) {
  %lt = arith.cmpi slt, %x, %y : i32
  %eq = arith.cmpi eq, %y, %x : i32
  %a = arith.ori %eq, %lt : i1
  %ugt = arith.cmpi ugt, %x, %y : i32
  %eq2 = arith.cmpi eq, %x, %y : i32
  %b = arith.ori %ugt, %eq2 : i1
  %gt = arith.cmpi sgt, %x, %y : i32
  %c = arith.ori %lt, %gt : i1
  %le = arith.cmpi sle, %x, %y : i32
  %ge = arith.cmpi sge, %y, %x : i32
  %d0 = arith.cmpi sge, %x, %y : i32
  %d = arith.andi %le, %d0 : i1
  %ule = arith.cmpi ule, %x, %y : i32
  %ne = arith.cmpi ne, %x, %y : i32
  %e = arith.andi %ne, %ule : i1
  %eqz = arith.cmpi eq, %x, %z : i32
  %f = arith.ori %lt, %eqz : i1
  %ult = arith.cmpi ult, %x, %y : i32
  %g = arith.ori %ult, %gt : i1
  return %a, %b, %c, %d, %e, %f, %g : i1, i1, i1, i1, i1, i1, i1
}

// -----

// Multiplication distributes over a constant addend, so its product
// cancels: (i + 1) * n - n is i * n (CSR row offsets). With an addend that
// is not a constant, nothing is distributed.
// CHECK-LABEL: func.func @row_offset
// CHECK-NOT: arith.subi
// CHECK: %[[M:.*]] = arith.muli {{%arg1, %arg0|%arg0, %arg1}} : index
// CHECK: %[[Q:.*]] = arith.muli
// CHECK: %[[S:.*]] = arith.subi %[[Q]], %arg1 : index
// CHECK: return %[[M]], %[[S]] : index, index
func.func @row_offset(%i: index, %n: index, %k: index) -> (index, index) {
  %c1 = arith.constant 1 : index
  %j = arith.addi %i, %c1 : index
  %p = arith.muli %j, %n : index
  %r = arith.subi %p, %n : index
  %jk = arith.addi %i, %k : index
  %q = arith.muli %jk, %n : index
  %s = arith.subi %q, %n : index
  return %r, %s : index, index
}

// -----

// And and or factor out a shared operand, in either nesting; with no
// shared operand they stay as written.
// CHECK-LABEL: func.func @and_or
// CHECK-DAG: %[[O:.*]] = arith.ori %arg1, %arg2 : i32
// CHECK-DAG: %[[A:.*]] = arith.andi %arg0, %[[O]] : i32
// CHECK-DAG: %[[N:.*]] = arith.andi %arg1, %arg2 : i32
// CHECK-DAG: %[[R:.*]] = arith.ori %arg0, %[[N]] : i32
// CHECK-DAG: %[[X:.*]] = arith.andi %arg0, %arg1 : i32
// CHECK-DAG: %[[Y:.*]] = arith.andi %arg2, %arg3 : i32
// CHECK-DAG: %[[Z:.*]] = arith.ori %[[X]], %[[Y]] : i32
// CHECK: return %[[A]], %[[R]], %[[Z]] : i32, i32, i32
func.func @and_or(%a: i32, %b: i32, %c: i32, %d: i32) -> (i32, i32, i32) {
  %ab = arith.andi %a, %b : i32
  %ca = arith.andi %c, %a : i32
  %f = arith.ori %ab, %ca : i32
  %oab = arith.ori %a, %b : i32
  %oca = arith.ori %c, %a : i32
  %g = arith.andi %oab, %oca : i32
  %cd = arith.andi %c, %d : i32
  %h = arith.ori %ab, %cd : i32
  return %f, %g, %h : i32, i32, i32
}
