// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-unroll-masked{factor=3}))' --split-input-file | FileCheck %s
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-unroll-masked{remarks=true}))' --split-input-file --verify-diagnostics > /dev/null
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-unroll-masked))' --split-input-file --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS: (1) loops unrolled
// STATS: (0) loops kept
// STATS: (1) loops unrolled
// STATS: (1) loops unrolled
// STATS: (0) loops unrolled
// STATS: (9) loops kept
// RUN: not graph-opt %s --pass-pipeline='builtin.module(func.func(par-unroll-masked{factor=65}))' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: invalid value for option 'factor' of pass 'par-unroll-masked': factor must be at most 64, not 65
// RUN: not graph-opt %s --pass-pipeline='builtin.module(func.func(par-unroll-masked{factor=0}))' 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: invalid value for option 'factor' of pass 'par-unroll-masked': expected a positive integer, got '0'

// `unroll` in the schedule runs the pass in the target pipelines, at that
// factor, for the whole program (not a default on either target; 1: off); a
// loop's own schedule cannot name it.
// RUN: graph-opt %S/../algorithms/pr.mlir --target=gpu --schedule unroll=4 | FileCheck %s --check-prefix=GPU
// GPU: %[[C4:.*]] = arith.constant 4 : index
// GPU: scf.for {{.*}} step %[[C4]] {
// GPU: arith.select
// RUN: graph-opt %S/../algorithms/pr.mlir --target=gpu | FileCheck %s --check-prefix=OFF
// RUN: graph-opt %S/../algorithms/pr.mlir --target=gpu --schedule unroll=1 | FileCheck %s --check-prefix=OFF
// RUN: graph-opt %S/../algorithms/pr.mlir --target=cpu | FileCheck %s --check-prefix=OFF
// OFF-NOT: arith.cmpi ugt
// RUN: graph-opt %S/../algorithms/pr.mlir --target=cpu --schedule unroll=2 | FileCheck %s --check-prefix=CPU2
// CPU2: %[[C2:.*]] = arith.constant 2 : index
// CPU2: scf.for {{.*}} step %[[C2]] {
// RUN: not graph-opt %S/../algorithms/pr.mlir --target=gpu --schedule unroll=65 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: error: schedule entry 'unroll=65': invalid value for option 'factor' of pass 'par-unroll-masked': factor must be at most 64, not 65
// RUN: printf 'pr:2 unroll=4\n' > %t.sched
// RUN: not graph-opt %S/../algorithms/pr.mlir --target=gpu --schedule-file %t.sched 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: sched:1:6: error: loop 'pr:2': 'unroll' is the whole program's entry, not a loop's: give it to --schedule

// A gather into thread-private storage: the loop steps by three
// iterations; the second and third run where they are below the bound and
// at the group's first where not, their writes selected away there.
// CHECK-LABEL: func.func @gather
// CHECK: %[[ACC:.*]] = par.local
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: scf.for %[[IV:.*]] = %[[LO:.*]] to %[[HI:.*]] step %[[C3]] {
// CHECK-NEXT: %[[S0:.*]] = par.load %arg1, %[[IV]]
// CHECK-NEXT: %[[I0:.*]] = arith.index_castui %[[S0]] : i32 to index
// CHECK-NEXT: %[[V0:.*]] = par.load %arg0, %[[I0]]
// CHECK-NEXT: %[[A0:.*]] = par.load %[[ACC]], %{{.*}}
// CHECK-NEXT: %[[N0:.*]] = arith.addf %[[A0]], %[[V0]] : f64
// CHECK-NEXT: par.store %[[N0]], %[[ACC]], %{{.*}}
// CHECK-NEXT: %[[LEFT:.*]] = arith.subi %[[HI]], %[[IV]] : index
// CHECK-NEXT: %[[OK1:.*]] = arith.cmpi ugt, %[[LEFT]], %[[C1]] : index
// CHECK-NEXT: %[[AT1:.*]] = arith.addi %[[IV]], %[[C1]] : index
// CHECK-NEXT: %[[J1:.*]] = arith.select %[[OK1]], %[[AT1]], %[[IV]] : index
// CHECK-NEXT: %[[S1:.*]] = par.load %arg1, %[[J1]]
// CHECK-NEXT: %[[I1:.*]] = arith.index_castui %[[S1]] : i32 to index
// CHECK-NEXT: %[[V1:.*]] = par.load %arg0, %[[I1]]
// CHECK-NEXT: %[[A1:.*]] = par.load %[[ACC]], %{{.*}}
// CHECK-NEXT: %[[N1:.*]] = arith.addf %[[A1]], %[[V1]] : f64
// CHECK-NEXT: %[[OLD1:.*]] = par.load %[[ACC]], %{{.*}}
// CHECK-NEXT: %[[K1:.*]] = arith.select %[[OK1]], %[[N1]], %[[OLD1]] : f64
// CHECK-NEXT: par.store %[[K1]], %[[ACC]], %{{.*}}
// CHECK-NEXT: %[[OK2:.*]] = arith.cmpi ugt, %[[LEFT]], %[[C2]] : index
// CHECK: par.store
// CHECK-NEXT: }
func.func @gather(%contrib: !par.buf<f64>, %sources: !par.buf<i32>, %offsets: !par.buf<index>, %rank: !par.buf<f64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "dynamic"}> ({
    ^bb0(%v: index):
      %acc = "par.local"() : () -> !par.buf<f64>
      "par.store"(%zero, %acc, %c0) : (f64, !par.buf<f64>, index) -> ()
      %v1 = arith.addi %v, %c1 : index
      %lo = "par.load"(%offsets, %v) : (!par.buf<index>, index) -> index
      %hi = "par.load"(%offsets, %v1) : (!par.buf<index>, index) -> index
      // expected-remark@+1 {{loop unrolled 4 times, its last group masked}}
      scf.for %e = %lo to %hi step %c1 {
        %s = "par.load"(%sources, %e) : (!par.buf<i32>, index) -> i32
        %u = arith.index_castui %s : i32 to index
        %x = "par.load"(%contrib, %u) : (!par.buf<f64>, index) -> f64
        %a = "par.load"(%acc, %c0) : (!par.buf<f64>, index) -> f64
        %b = arith.addf %a, %x : f64
        "par.store"(%b, %acc, %c0) : (f64, !par.buf<f64>, index) -> ()
      }
      %r = "par.load"(%acc, %c0) : (!par.buf<f64>, index) -> f64
      "par.store"(%r, %rank, %v) : (f64, !par.buf<f64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Carried values are selected like writes; a subgroup's stride is
// multiplied by each offset.
// CHECK-LABEL: func.func @carried
// CHECK: %[[W:.*]] = par.subgroup_size
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[G:.*]] = arith.muli %[[W]], %[[C3]] : index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[W2:.*]] = arith.muli %[[W]], %[[C2]] : index
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[HI:.*]] step %[[G]] iter_args(%[[M:.*]] = %{{.*}}) -> (i64) {
// CHECK: %[[M0:.*]] = arith.maxsi %[[M]], %{{.*}} : i64
// CHECK: %[[OK1:.*]] = arith.cmpi ugt, %{{.*}}, %[[W]] : index
// CHECK: %[[M1:.*]] = arith.maxsi %[[M0]], %{{.*}} : i64
// CHECK-NEXT: %[[K1:.*]] = arith.select %[[OK1]], %[[M1]], %[[M0]] : i64
// CHECK: %[[OK2:.*]] = arith.cmpi ugt, %{{.*}}, %[[W2]] : index
// CHECK: %[[M2:.*]] = arith.maxsi %[[K1]], %{{.*}} : i64
// CHECK-NEXT: %[[K2:.*]] = arith.select %[[OK2]], %[[M2]], %[[K1]] : i64
// CHECK-NEXT: scf.yield %[[K2]] : i64
func.func @carried(%vals: !par.buf<i64>, %out: !par.buf<i64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %min = arith.constant -9223372036854775808 : i64
  "par.parallel"() ({
    %lane = "par.lane_id"() : () -> index
    %w = "par.subgroup_size"() : () -> index
    // expected-remark@+1 {{loop unrolled 4 times}}
    %m = scf.for %i = %lane to %n step %w iter_args(%acc = %min) -> (i64) {
      %x = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
      %y = arith.maxsi %acc, %x : i64
      scf.yield %y : i64
    }
    "par.store"(%m, %out, %lane) : (i64, !par.buf<i64>, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A loop over a hub's slice, its step a constant: unrolled; one outside a
// team, one that reads no shared buffer: left alone without a remark.
// CHECK-LABEL: func.func @others
// CHECK: scf.for %{{.*}} = %c0 to %arg2 step %c1 iter_args
// CHECK: scf.for %{{.*}} = %c0 to %arg2 step %c1 iter_args
// CHECK: %[[C6:.*]] = arith.constant 6 : index
// CHECK: scf.for %{{.*}} = %c0 to %arg2 step %[[C6]] iter_args
func.func @others(%vals: !par.buf<i64>, %out: !par.buf<i64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i64
  %outside = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (i64) {
    %x = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
    %y = arith.addi %a, %x : i64
    scf.yield %y : i64
  }
  "par.parallel"() ({
    %count = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (i64) {
      %one = arith.constant 1 : i64
      %y = arith.addi %a, %one : i64
      scf.yield %y : i64
    }
    // expected-remark@+1 {{loop unrolled 4 times}}
    %even = scf.for %i = %c0 to %n step %c2 iter_args(%a = %z) -> (i64) {
      %x = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
      %y = arith.addi %a, %x : i64
      scf.yield %y : i64
    }
    %t = "par.thread_id"() : () -> index
    "par.store"(%even, %out, %t) : (i64, !par.buf<i64>, index) -> ()
    "par.store"(%count, %out, %c0) : (i64, !par.buf<i64>, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  "par.store"(%outside, %out, %c1) : (i64, !par.buf<i64>, index) -> ()
  return
}

// -----

// Kept, each for its reason.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: arith.cmpi ugt
// CHECK: return
func.func @kept(%vals: !par.buf<i64>, %idx: !par.buf<index>, %out: !par.buf<i64>, %n: index, %step: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %outer = "par.local"() : () -> !par.buf<i64>
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    %acc = "par.local"() : () -> !par.buf<i64>
    // expected-remark@+1 {{loop not unrolled with a masked tail: it writes storage other than the thread's own}}
    scf.for %i = %c0 to %n step %c1 {
      %x = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
      "par.store"(%x, %outer, %c0) : (i64, !par.buf<i64>, index) -> ()
    }
    %pos = "par.local"() : () -> !par.buf<index>
    // expected-remark@+1 {{loop not unrolled with a masked tail: 'par.atomic_rmw' is not arithmetic, a plain read or a write of the thread's own storage}}
    scf.for %i = %c0 to %n step %c1 {
      %x = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
      %o = "par.atomic_rmw"(%x, %out, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
    }
    // expected-remark@+1 {{loop not unrolled with a masked tail: it writes storage other than the thread's own}}
    scf.for %i = %c0 to %n step %c1 {
      %x = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
      "par.store"(%x, %out, %t) : (i64, !par.buf<i64>, index) -> ()
    }
    // expected-remark@+1 {{loop not unrolled with a masked tail: a position it reads depends on the thread's state}}
    scf.for %i = %c0 to %n step %c1 {
      %p = "par.load"(%pos, %c0) : (!par.buf<index>, index) -> index
      %q = "par.load"(%idx, %p) : (!par.buf<index>, index) -> index
      "par.store"(%q, %pos, %c0) : (index, !par.buf<index>, index) -> ()
    }
    // expected-remark@+1 {{loop not unrolled with a masked tail: it divides by a value that depends on the thread's state}}
    %d = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (i64) {
      %x = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
      %y = arith.divsi %x, %a : i64
      scf.yield %y : i64
    }
    // expected-remark@+1 {{loop not unrolled with a masked tail: its body has nested control flow}}
    scf.for %i = %c0 to %n step %c1 {
      %x = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
      %big = arith.cmpi sgt, %x, %z : i64
      scf.if %big {
        "par.store"(%x, %acc, %c0) : (i64, !par.buf<i64>, index) -> ()
      }
    }
    // expected-remark@+1 {{loop not unrolled with a masked tail: its step is neither a constant below 2^32 nor a team's size}}
    scf.for %i = %c0 to %n step %step {
      %x = "par.load"(%vals, %i) : (!par.buf<i64>, index) -> i64
      "par.store"(%x, %acc, %c0) : (i64, !par.buf<i64>, index) -> ()
    }
    // expected-remark@+1 {{loop not unrolled with a masked tail: it reads atomically}}
    scf.for %i = %c0 to %n step %c1 {
      %x = "par.load"(%vals, %i) <{atomic}> : (!par.buf<i64>, index) -> i64
      "par.store"(%x, %acc, %c0) : (i64, !par.buf<i64>, index) -> ()
    }
    // expected-remark@+1 {{loop not unrolled with a masked tail: it carries a value that is not a number}}
    %same = scf.for %i = %c0 to %n step %c1 iter_args(%b = %vals) -> (!par.buf<i64>) {
      %x = "par.load"(%b, %i) : (!par.buf<i64>, index) -> i64
      "par.store"(%x, %acc, %c0) : (i64, !par.buf<i64>, index) -> ()
      scf.yield %b : !par.buf<i64>
    }
    %r = "par.load"(%acc, %c0) : (!par.buf<i64>, index) -> i64
    "par.store"(%r, %out, %t) : (i64, !par.buf<i64>, index) -> ()
    "par.store"(%d, %out, %c1) : (i64, !par.buf<i64>, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
