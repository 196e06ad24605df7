// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-eliminate-bool-atomics))' --split-input-file | FileCheck %s
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-eliminate-bool-atomics{remarks=true}))' --split-input-file --verify-diagnostics > /dev/null
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-eliminate-bool-atomics))' --split-input-file --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS: (2) atomics eliminated
// STATS: (3) atomics kept
// RUN: not graph-opt %s --pass-pipeline='builtin.module(func.func(par-eliminate-bool-atomics{remarks=maybe}))' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: invalid value for option 'remarks' of pass 'par-eliminate-bool-atomics': expected 'true' or 'false', got 'maybe'

// An `or` stores true where its value is true; an `and` stores false where
// its value is false. The stores are relaxed atomic ones.
// CHECK-LABEL: func.func @eliminated
// CHECK: %[[T:.*]] = arith.constant true
// CHECK-NEXT: scf.if %arg2 {
// CHECK-NEXT: par.store %[[T]], %arg0, %{{.*}} {atomic}
// CHECK: %[[F:.*]] = arith.constant false
// CHECK: %[[N:.*]] = arith.xori %arg3, %{{.*}} : i1
// CHECK-NEXT: scf.if %[[N]] {
// CHECK-NEXT: par.store %[[F]], %arg1, %{{.*}} {atomic}
// CHECK-NOT: par.atomic_rmw
// CHECK: return
func.func @eliminated(%any: !par.buf<i1>, %all: !par.buf<i1>, %x: i1, %y: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "dynamic"}> ({
    ^bb0(%i: index):
      // expected-remark@+1 {{atomic 'or' replaced by a guarded store}}
      %a = "par.atomic_rmw"(%x, %any, %c0) <{kind = "or"}> : (i1, !par.buf<i1>, index) -> i1
      // expected-remark@+1 {{atomic 'and' replaced by a guarded store}}
      %b = "par.atomic_rmw"(%y, %all, %i) <{kind = "and"}> : (i1, !par.buf<i1>, index) -> i1
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Kept: the old value is used; the element is wider than one bit; other
// kinds are not boolean reductions.
// CHECK-LABEL: func.func @kept
// CHECK: par.atomic_rmw %arg2, %arg0, %{{.*}} {kind = "or"}
// CHECK: par.atomic_rmw %arg3, %arg1, %{{.*}} {kind = "or"}
// CHECK: par.atomic_rmw %arg3, %arg1, %{{.*}} {kind = "and"}
// CHECK: par.atomic_rmw %arg3, %arg1, %{{.*}} {kind = "max"}
func.func @kept(%flags: !par.buf<i1>, %bits: !par.buf<i64>, %x: i1, %w: i64) -> i1 {
  %c0 = arith.constant 0 : index
  // expected-remark@+1 {{atomic 'or' kept: its old value is used: a plain store cannot return it}}
  %old = "par.atomic_rmw"(%x, %flags, %c0) <{kind = "or"}> : (i1, !par.buf<i1>, index) -> i1
  // expected-remark@+1 {{atomic 'or' kept: the element is not an i1}}
  %o = "par.atomic_rmw"(%w, %bits, %c0) <{kind = "or"}> : (i64, !par.buf<i64>, index) -> i64
  // expected-remark@+1 {{atomic 'and' kept: the element is not an i1}}
  %a = "par.atomic_rmw"(%w, %bits, %c0) <{kind = "and"}> : (i64, !par.buf<i64>, index) -> i64
  %m = "par.atomic_rmw"(%w, %bits, %c0) <{kind = "max"}> : (i64, !par.buf<i64>, index) -> i64
  return %old : i1
}
