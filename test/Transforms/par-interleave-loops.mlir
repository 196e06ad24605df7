// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=3}))' --split-input-file | FileCheck %s
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{remarks=true}))' --split-input-file --verify-diagnostics > /dev/null
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops))' --split-input-file --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS: (1) loops interleaved
// STATS: (0) loops kept
// STATS: (1) loops interleaved
// STATS: (1) loops interleaved
// STATS: (0) loops interleaved
// STATS: (6) loops kept
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=3 work-sharing=true}))' --split-input-file | FileCheck %s --check-prefix=SHARE
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{work-sharing=true remarks=true}))' --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=SHAREREM
// SHAREREM: remark: loop interleaved in groups of 4 iterations the loop's distribution deals: its iterations are independent, and one past the end repeats no update
// RUN: not graph-opt %s --pass-pipeline='builtin.module(func.func(par-interleave-loops{factor=65}))' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: invalid value for option 'factor' of pass 'par-interleave-loops': factor must be at most 64, not 65

// `interleave` in the schedule runs the pass in the target pipelines, at
// that factor, for the whole program (not a default on either target; 1:
// off); a loop's own schedule cannot name it.
// RUN: graph-opt %S/../algorithms/pr.mlir --target=gpu --schedule interleave=4 --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=GPU
// GPU: 'par-interleave-loops'
// GPU-NEXT: (3) loops interleaved
// GPU-NEXT: (0) loops kept
// RUN: graph-opt %S/../algorithms/pr.mlir --target=cpu --schedule interleave=2 --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=CPU2
// CPU2: 'par-interleave-loops'
// CPU2-NEXT: (2) loops interleaved
// RUN: graph-opt %S/../algorithms/pr.mlir --target=gpu --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF
// RUN: graph-opt %S/../algorithms/pr.mlir --target=cpu --schedule interleave=1 --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF
// OFF-NOT: par-interleave-loops
// RUN: not graph-opt %S/../algorithms/pr.mlir --target=gpu --schedule interleave=65 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: error: schedule entry 'interleave=65': invalid value for option 'factor' of pass 'par-interleave-loops': factor must be at most 64, not 65
// RUN: printf 'pr:2 interleave=4\n' > %t.sched
// RUN: not graph-opt %S/../algorithms/pr.mlir --target=gpu --schedule-file %t.sched 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: sched:1:6: error: loop 'pr:2': 'interleave' is the whole program's entry, not a loop's: give it to --schedule

// PageRank's contributions: each thread runs iterations j, j + T and
// j + 2T of a group, each operation three times before the next, so the
// three iterations' loads come first; an iteration past the end runs at
// j. The loop ends the team's body: no barrier is added.
// CHECK-LABEL: func.func @contributions
// CHECK: par.parallel {
// CHECK-NEXT: %[[N:.*]] = arith.maxsi %arg3, %{{.*}} : index
// CHECK-NEXT: %[[T:.*]] = par.thread_id
// CHECK-NEXT: %[[TEAM:.*]] = par.num_threads
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[STRIDE:.*]] = arith.muli %[[TEAM]], %[[C3]] : index
// CHECK-NEXT: scf.for %[[J:.*]] = %[[T]] to %[[N]] step %[[STRIDE]] {
// CHECK-NEXT: %[[LEFT:.*]] = arith.subi %[[N]], %[[J]] : index
// CHECK-NEXT: %[[OK1:.*]] = arith.cmpi ugt, %[[LEFT]], %[[TEAM]] : index
// CHECK-NEXT: %[[AT1:.*]] = arith.addi %[[J]], %[[TEAM]] : index
// CHECK-NEXT: %[[J1:.*]] = arith.select %[[OK1]], %[[AT1]], %[[J]] : index
// CHECK-NEXT: %[[TWO:.*]] = arith.addi %[[TEAM]], %[[TEAM]] : index
// CHECK-NEXT: %[[OK2:.*]] = arith.cmpi ugt, %[[LEFT]], %[[TWO]] : index
// CHECK-NEXT: %[[AT2:.*]] = arith.addi %[[J]], %[[TWO]] : index
// CHECK-NEXT: %[[J2:.*]] = arith.select %[[OK2]], %[[AT2]], %[[J]] : index
// CHECK-NEXT: %[[R0:.*]] = par.load %arg0, %[[J]]
// CHECK-NEXT: %[[R1:.*]] = par.load %arg0, %[[J1]]
// CHECK-NEXT: %[[R2:.*]] = par.load %arg0, %[[J2]]
// CHECK-NEXT: arith.addi %[[J]], %{{.*}} : index
// CHECK-NEXT: arith.addi %[[J1]], %{{.*}} : index
// CHECK-NEXT: arith.addi %[[J2]], %{{.*}} : index
// CHECK-COUNT-6: par.load %arg1,
// CHECK: par.store %{{.*}}, %arg2, %[[J]]
// CHECK-NEXT: par.store %{{.*}}, %arg2, %[[J1]]
// CHECK-NEXT: par.store %{{.*}}, %arg2, %[[J2]]
// CHECK-NEXT: }
// CHECK-NEXT: par.yield
// With work-sharing=true (the CPU pipeline's form) the loop stays
// work-sharing, over G = ceil(n / 3) groups with its distribution and
// chunk: group j runs iterations j, j + G and j + 2G.
// SHARE-LABEL: func.func @contributions
// SHARE: %[[N:.*]] = arith.maxsi %arg3, %{{.*}} : index
// SHARE-NEXT: %[[C3:.*]] = arith.constant 3 : index
// SHARE-NEXT: %[[G:.*]] = arith.ceildivui %[[N]], %[[C3]] : index
// SHARE: par.for %{{.*}}, %[[G]], %{{.*}} attributes {chunk = 1024 : i64, dist = "dynamic"} {
// SHARE-NEXT: ^bb0(%[[J:.*]]: index):
// SHARE-NEXT: %[[LEFT:.*]] = arith.subi %[[N]], %[[J]] : index
// SHARE-NEXT: %[[OK1:.*]] = arith.cmpi ugt, %[[LEFT]], %[[G]] : index
// SHARE-NEXT: %[[AT1:.*]] = arith.addi %[[J]], %[[G]] : index
// SHARE-NEXT: %[[J1:.*]] = arith.select %[[OK1]], %[[AT1]], %[[J]] : index
// SHARE-NEXT: %[[TWO:.*]] = arith.addi %[[G]], %[[G]] : index
// SHARE-NEXT: %[[OK2:.*]] = arith.cmpi ugt, %[[LEFT]], %[[TWO]] : index
// SHARE: par.load %arg0, %[[J]]
// SHARE-NEXT: par.load %arg0, %[[J1]]
// SHARE-NOT: par.thread_id
// SHARE: par.yield
func.func @contributions(%rank: !par.buf<f64>, %offsets: !par.buf<index>, %contrib: !par.buf<f64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    // expected-remark@+1 {{loop interleaved 4 iterations a thread: its iterations are independent, and one past the end repeats no update}}
    "par.for"(%c0, %n, %c1) <{chunk = 1024 : i64, dist = "dynamic"}> ({
    ^bb0(%u: index):
      %r = "par.load"(%rank, %u) : (!par.buf<f64>, index) -> f64
      %u1 = arith.addi %u, %c1 : index
      %lo = "par.load"(%offsets, %u) : (!par.buf<index>, index) -> index
      %hi = "par.load"(%offsets, %u1) : (!par.buf<index>, index) -> index
      %d = arith.subi %hi, %lo : index
      %di = arith.index_cast %d : index to i64
      %df = arith.sitofp %di : i64 to f64
      %c = arith.divf %r, %df : f64
      "par.store"(%c, %contrib, %u) : (f64, !par.buf<f64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A loop from 2 by 3 that does not end its team's body: the trip count is
// rounded up, positions are 2 + 3 j, and a barrier takes the loop's place
// at its end.
// CHECK-LABEL: func.func @strided
// CHECK: %[[TOP:.*]] = arith.maxsi %arg2, %[[C2:.*]] : index
// CHECK-NEXT: %[[SPAN:.*]] = arith.subi %[[TOP]], %[[C2]] : index
// CHECK-NEXT: %[[N:.*]] = arith.ceildivui %[[SPAN]], %[[C3:.*]] : index
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK: %[[M:.*]] = arith.muli %[[J]], %[[C3]] : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[C2]], %[[M]] : index
// CHECK: par.load %arg0, %[[I]]
// CHECK: }
// CHECK-NEXT: par.barrier
// CHECK-NEXT: %{{.*}} = par.thread_id
// The work-sharing loop waits for the team at its end itself: no barrier.
// SHARE-LABEL: func.func @strided
// SHARE: par.for %{{.*}}, %{{.*}}, %{{.*}} attributes {chunk = 1 : i64, dist = "static"}
// SHARE-NOT: par.barrier
// SHARE: par.thread_id
func.func @strided(%in: !par.buf<i64>, %out: !par.buf<i64>, %n: index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  "par.parallel"() ({
    // expected-remark@+1 {{loop interleaved 4 iterations a thread}}
    "par.for"(%c2, %n, %c3) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %x = "par.load"(%in, %i) : (!par.buf<i64>, index) -> i64
      "par.store"(%x, %out, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %t = "par.thread_id"() : () -> index
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Updates under a branch and a ticket: the group's later iterations run
// them only when they are in range, and past the end take the first
// iteration's ticket, whose write they then repeat; the iteration's own
// storage is its own in each copy.
// CHECK-LABEL: func.func @updates
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[OK1:.*]] = arith.cmpi ugt, %{{.*}}, %{{.*}} : index
// CHECK: %[[OK2:.*]] = arith.cmpi ugt, %{{.*}}, %{{.*}} : index
// CHECK-COUNT-3: par.local
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: par.atomic_rmw{{.*$}}
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[OK1]] {
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT: par.atomic_rmw
// CHECK: scf.if %[[OK2]] {
// CHECK: %[[T0:.*]] = par.atomic_rmw %{{.*}}, %arg2, %c0
// CHECK-NEXT: %[[T1:.*]] = scf.if %[[OK1]] -> (i64) {
// CHECK-NEXT: %[[U1:.*]] = par.atomic_rmw %{{.*}}, %arg2, %c0
// CHECK-NEXT: scf.yield %[[U1]] : i64
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[T0]] : i64
// CHECK-NEXT: }
// CHECK-NEXT: %[[T2:.*]] = scf.if %[[OK2]] -> (i64) {
// CHECK: arith.index_cast %[[T0]]
// CHECK-NEXT: arith.index_cast %[[T1]]
// CHECK-NEXT: arith.index_cast %[[T2]]
func.func @updates(%in: !par.buf<i64>, %out: !par.buf<i64>, %count: !par.buf<i64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  "par.parallel"() ({
    // expected-remark@+1 {{loop interleaved 4 iterations a thread}}
    "par.for"(%c0, %n, %c1) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %own = "par.local"() : () -> !par.buf<i64>
      %x = "par.load"(%in, %i) : (!par.buf<i64>, index) -> i64
      "par.store"(%x, %own, %c0) : (i64, !par.buf<i64>, index) -> ()
      %p = arith.cmpi sgt, %x, %z : i64
      scf.if %p {
        %old = "par.atomic_rmw"(%one, %count, %c1) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
      }
      %ticket = "par.atomic_rmw"(%one, %count, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
      %place = arith.index_cast %ticket : i64 to index
      %y = "par.load"(%own, %c0) : (!par.buf<i64>, index) -> i64
      "par.store"(%y, %out, %place) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Loops kept, each with its reason; a loop that reads no shared buffer has
// nothing to issue early and gets no remark.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-7: par.for
// CHECK-NOT: scf.for
func.func @kept(%in: !par.buf<i64>, %out: !par.buf<i64>, %n: index, %lo: index, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  "par.parallel"() ({
    // expected-remark@+1 {{loop not interleaved: 'par.alloc' is not arithmetic, a read, a write, an update or structured control flow}}
    "par.for"(%c0, %n, %c1) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %x = "par.load"(%in, %i) : (!par.buf<i64>, index) -> i64
      %p = arith.cmpi sgt, %x, %z : i64
      scf.if %p {
        %m = "par.alloc"(%c1) : (index) -> !par.buf<i64>
        "par.store"(%x, %m, %c0) : (i64, !par.buf<i64>, index) -> ()
      }
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    // expected-remark@+1 {{loop not interleaved: 'func.call' is not arithmetic, a read, a write, an update or structured control flow}}
    "par.for"(%c0, %n, %c1) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %x = "par.load"(%in, %i) : (!par.buf<i64>, index) -> i64
      func.call @sink(%x) : (i64) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    // expected-remark@+1 {{loop not interleaved: its lower bound is not a constant of 0 or more}}
    "par.for"(%lo, %n, %c1) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %x = "par.load"(%in, %i) : (!par.buf<i64>, index) -> i64
      "par.store"(%x, %out, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    // expected-remark@+1 {{loop not interleaved: its step is not a constant from 1 to 2^32 - 1}}
    "par.for"(%c0, %n, %s) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %x = "par.load"(%in, %i) : (!par.buf<i64>, index) -> i64
      "par.store"(%x, %out, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.for"(%c0, %n, %c1) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%z, %out, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %acc = "par.local"() : () -> !par.buf<i64>
    // expected-remark@+1 {{loop not interleaved: it writes the thread's own storage, which its iterations share}}
    "par.for"(%c0, %n, %c1) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %x = "par.load"(%in, %i) : (!par.buf<i64>, index) -> i64
      %a = "par.load"(%acc, %c0) : (!par.buf<i64>, index) -> i64
      %sum = arith.addi %a, %x : i64
      "par.store"(%sum, %acc, %c0) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    // expected-remark@+1 {{loop not interleaved: an update it must not repeat writes the iteration's own storage, which later operations read}}
    "par.for"(%c0, %n, %c1) <{chunk = 1 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %own = "par.local"() : () -> !par.buf<i64>
      %x = "par.load"(%in, %i) : (!par.buf<i64>, index) -> i64
      %p = arith.cmpi sgt, %x, %z : i64
      scf.if %p {
        %t = "par.atomic_rmw"(%one, %out, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
        "par.store"(%t, %own, %c0) : (i64, !par.buf<i64>, index) -> ()
      }
      %y = "par.load"(%own, %c0) : (!par.buf<i64>, index) -> i64
      "par.store"(%y, %out, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

func.func private @sink(i64)
