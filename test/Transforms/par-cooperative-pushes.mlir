// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-cooperative-pushes{uniform-loops=false}))' --split-input-file | FileCheck %s
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-cooperative-pushes{uniform-loops=false remarks=true}))' --split-input-file --verify-diagnostics > /dev/null
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-cooperative-pushes{uniform-loops=false}))' --split-input-file --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS-COUNT-4: (0) pushes left
// STATS: (0) pushes aggregated
// STATS-NEXT: (2) pushes left
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-cooperative-pushes))' --split-input-file | FileCheck %s --check-prefix=UNIFORM
// RUN: not graph-opt %s --pass-pipeline='builtin.module(func.func(par-cooperative-pushes{buffer=0}))' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: invalid value for option 'buffer' of pass 'par-cooperative-pushes'

// A push at a point every thread of its block passes through together is
// aggregated just after it: the block scans its threads' counts, its first
// thread reserves the places of all of them, every thread puts its items.
// A unique queue's item is claimed first (a plain queue's needs no claim).
// CHECK-LABEL: func.func @focal
// CHECK: par.parallel {
// CHECK-NEXT: %[[ITEMS:.*]] = par.local {size = 1 : i64} : !par.buf<index>
// CHECK-NEXT: %[[COUNT:.*]] = par.local : !par.buf<index>
// CHECK: %[[CLAIMED:.*]] = par.queue_claim %arg1, %[[Q:.*]] : index, !par.queue<index>
// CHECK-NEXT: scf.if %[[CLAIMED]] {
// CHECK-NOT: par.queue_reserve
// CHECK: par.store %arg1, %[[ITEMS]]
// CHECK: }
// CHECK: %[[N:.*]] = par.load %[[COUNT]]
// CHECK-NEXT: %[[BEFORE:.*]] = par.block_scan %[[N]] {kind = "add"}
// CHECK-NEXT: %[[TOTAL:.*]] = par.block_reduce %[[N]] {kind = "add"}
// CHECK: par.block_thread_id
// CHECK: par.queue_reserve %[[Q]], %[[TOTAL]]
// CHECK: %[[BASE:.*]] = par.block_reduce
// CHECK: arith.addi %[[BASE]], %[[BEFORE]]
// CHECK: par.queue_put
// CHECK-NOT: par.queue_push
// CHECK: return
func.func @focal(%n: index, %x: index) {
  %q = "par.queue_new"(%n) <{unique}> : (index) -> !par.queue<index>
  "par.parallel"() ({
    // expected-remark@+1 {{push aggregated per block just after it, the nearest point every thread of the block passes through together: one reservation for the block's items}}
    "par.queue_push"(%x, %q) <{aggregate = "block"}> : (index, !par.queue<index>) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Uniformity is a property of the group: a branch on the subgroup's number
// sends a subgroup's threads one way, a block's different ways. An
// unclaimed push is not claimed.
// CHECK-LABEL: func.func @levels
// CHECK-NOT: par.queue_claim
// CHECK: scf.if
// CHECK: par.subgroup_scan
// CHECK: par.subgroup_reduce
// CHECK: par.lane_id
// CHECK: par.queue_put {{.*}} {unclaimed}
// CHECK: }
// CHECK: par.block_scan
func.func @levels(%n: index, %x: index) {
  %q = "par.queue_new"(%n) <{unique}> : (index) -> !par.queue<index>
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %w = "par.subgroup_id"() : () -> index
    %first = arith.cmpi eq, %w, %c0 : index
    scf.if %first {
      // expected-remark@+1 {{push aggregated per subgroup just after it}}
      "par.queue_push"(%x, %q) <{aggregate = "subgroup", unclaimed}> : (index, !par.queue<index>) -> ()
      // expected-remark@+1 {{block's items; not inside it: it branches on a value that may differ between threads}}
      "par.queue_push"(%x, %q) <{aggregate = "block", unclaimed}> : (index, !par.queue<index>) -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A push in a loop whose turns differ between threads waits for the end
// of the loop: each thread gathers up to `buffer` items and sends a full
// buffer on alone.
// CHECK-LABEL: func.func @loops
// CHECK-NOT: par.queue_claim
// CHECK: par.local {size = 32 : i64}
// CHECK: par.for
// CHECK: %[[FULL:.*]] = arith.cmpi uge, %{{.*}}, %c32
// CHECK: scf.if %[[FULL]]
// CHECK: par.queue_reserve %{{.*}}, %c32
// CHECK: par.yield
// CHECK-NEXT: }
// CHECK: par.load
// CHECK-NEXT: par.block_scan
//
// With uniform-loops (the default) the work-sharing loop becomes turns as
// many on every thread, each thread running iteration `turn * threads +
// thread` where there is one, so that the block aggregates every turn's
// items; the loop's barrier follows.
// UNIFORM-LABEL: func.func @loops
// UNIFORM: %[[T:.*]] = par.num_threads
// UNIFORM-NEXT: %[[ME:.*]] = par.thread_id
// UNIFORM: %[[TURNS:.*]] = arith.ceildivui %{{.*}}, %[[T]]
// UNIFORM: scf.for %[[R:.*]] = %{{.*}} to %[[TURNS]]
// UNIFORM-NEXT: %[[RT:.*]] = arith.muli %[[R]], %[[T]]
// UNIFORM-NEXT: %[[K:.*]] = arith.addi %[[RT]], %[[ME]]
// UNIFORM: scf.if
// UNIFORM: par.block_scan
// UNIFORM: par.queue_reserve
// UNIFORM: par.queue_put
// UNIFORM: par.barrier
// UNIFORM-NEXT: par.for
func.func @loops(%n: index, %out: !par.buf<index>) {
  %q = "par.queue_new"(%n) : (index) -> !par.queue<index>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "dynamic"}> ({
    ^bb0(%i: index):
      // expected-remark@+1 {{push aggregated per block after the 'par.for' at}}
      "par.queue_push"(%i, %q) <{aggregate = "block"}> : (index, !par.queue<index>) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "dynamic"}> ({
    ^bb0(%i: index):
      "par.store"(%i, %out, %i) : (index, !par.buf<index>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Each thread decides the turns of a while loop: a push in it is
// aggregated after the loop.
// CHECK-LABEL: func.func @while
// CHECK: scf.while
// CHECK: par.block_scan
func.func @while(%n: index) {
  %q = "par.queue_new"(%n) : (index) -> !par.queue<index>
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    %r = scf.while (%i = %t) : (index) -> index {
      %go = arith.cmpi ult, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%i: index):
      // expected-remark@+1 {{passes through together: one reservation for the block's items; not inside it: it decides each thread's next turn on a value that may differ between threads}}
      "par.queue_push"(%i, %q) <{aggregate = "block"}> : (index, !par.queue<index>) -> ()
      %next = arith.addi %i, %c1 : index
      scf.yield %next : index
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A while loop whose turns are the same on a subgroup's threads (the
// carried value is the subgroup's maximum, as in the warp tier's turns):
// a push in it is aggregated there, each turn.
// CHECK-LABEL: func.func @uniform_while
// CHECK: scf.while
// CHECK: scf.condition
// CHECK: par.subgroup_scan
// CHECK: par.queue_reserve
// CHECK: scf.yield %{{.*}} : index
func.func @uniform_while(%n: index) {
  %q = "par.queue_new"(%n) : (index) -> !par.queue<index>
  "par.parallel"() ({
    %l = "par.lane_id"() : () -> index
    %first = "par.subgroup_reduce"(%l) <{kind = "max"}> : (index) -> index
    %r = scf.while (%i = %first) : (index) -> index {
      %go = arith.cmpi ult, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%i: index):
      // expected-remark@+1 {{push aggregated per subgroup just after it}}
      "par.queue_push"(%i, %q) <{aggregate = "subgroup"}> : (index, !par.queue<index>) -> ()
      %next = "par.subgroup_reduce"(%l) <{kind = "max"}> : (index) -> index
      scf.yield %next : index
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Left as they are: a push outside a parallel region, a push into an
// ordered queue (it places its items itself).
// CHECK-LABEL: func.func @left
// CHECK: par.queue_push %{{.*}} {aggregate = "block"}
// CHECK: par.queue_push %{{.*}} {aggregate = "block"}
// CHECK-NOT: par.queue_reserve
func.func @left(%n: index, %key: !par.buf<i64>, %d: i64) {
  %q = "par.queue_new"(%n) : (index) -> !par.queue<index>
  // expected-remark@+1 {{push not aggregated: it is not in a parallel region}}
  "par.queue_push"(%n, %q) <{aggregate = "block"}> : (index, !par.queue<index>) -> ()
  %o = "par.ordered_queue_new"(%n, %key, %d) : (index, !par.buf<i64>, i64) -> !par.queue<index>
  "par.parallel"() ({
    // expected-remark@+1 {{push not aggregated: its queue is not made by 'par.queue_new' in this function (an ordered queue places its items itself)}}
    "par.queue_push"(%n, %o) <{aggregate = "block"}> : (index, !par.queue<index>) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A point is focal only when every branch it depends on, through others
// too, is uniform: a uniform branch inside a divergent one does not make
// one. A loop with the same bounds on every thread keeps its body's
// points focal.
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK: par.block_scan
// CHECK: }
// CHECK: scf.if
// CHECK: scf.if
// CHECK: par.block_scan
func.func @nested(%n: index) {
  %q = "par.queue_new"(%n) : (index) -> !par.queue<index>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    scf.for %i = %c0 to %n step %c1 {
      // expected-remark@+1 {{push aggregated per block just after it}}
      "par.queue_push"(%i, %q) <{aggregate = "block"}> : (index, !par.queue<index>) -> ()
    }
    %t = "par.thread_id"() : () -> index
    %b = "par.block_id"() : () -> index
    %odd = arith.cmpi ugt, %t, %c1 : index
    %first = arith.cmpi eq, %b, %c0 : index
    scf.if %odd {
      scf.if %first {
        // expected-remark@+1 {{.mlir:235:5, the nearest point every thread of the block passes through together: one reservation for the block's items; not inside it: it branches on a value that may differ between threads}}
        "par.queue_push"(%t, %q) <{aggregate = "block"}> : (index, !par.queue<index>) -> ()
      }
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// An scf.execute_region runs its region once: a point in it is focal
// where the region is. Other operations with regions (an scf.parallel) are
// taken to send threads different ways.
// CHECK-LABEL: func.func @regions
func.func @regions(%n: index) {
  %q = "par.queue_new"(%n) : (index) -> !par.queue<index>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    scf.execute_region {
      // expected-remark@+1 {{push aggregated per block just after it}}
      "par.queue_push"(%n, %q) <{aggregate = "block"}> : (index, !par.queue<index>) -> ()
      scf.yield
    }
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      // expected-remark@+1 {{not inside it: it runs its regions in a way the analysis does not know}}
      "par.queue_push"(%i, %q) <{aggregate = "block"}> : (index, !par.queue<index>) -> ()
      scf.reduce
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
