// RUN: graph-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: graph-opt %s --canonicalize --split-input-file | graph-opt --canonicalize --split-input-file | FileCheck %s

// Two teams in a row become one; the allocation between them moves above.
// The first body ends in a work-sharing loop (the team waits there), so no
// barrier is added between the bodies.
// CHECK-LABEL: func.func @merge
// CHECK: par.alloc
// CHECK-NEXT: par.alloc
// CHECK-NEXT: par.parallel {
// CHECK: par.for
// CHECK: {{^ *}$}}
// CHECK-NEXT: par.for
// CHECK: {{^ *}$}}
// CHECK-NEXT: par.yield
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: return
func.func @merge(%n: index) -> (!par.buf<i64>, !par.buf<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i64
  %a = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%x, %a, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  %b = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%x, %b, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return %a, %b : !par.buf<i64>, !par.buf<i64>
}

// -----

// When the first body does not end in a synchronized point, the merged team
// waits between the two bodies.
// CHECK-LABEL: func.func @merge_needs_barrier
// CHECK: par.parallel {
// CHECK-NEXT: par.thread_id
// CHECK-NEXT: par.store
// CHECK-NEXT: par.barrier
// CHECK-NEXT: par.load
// CHECK-NEXT: par.store
// CHECK-NEXT: par.yield
// CHECK-NOT: par.parallel
func.func @merge_needs_barrier(%a: !par.buf<index>, %b: !par.buf<index>) {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    "par.store"(%t, %a, %t) : (index, !par.buf<index>, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  "par.parallel"() ({
    %y = "par.load"(%a, %c0) : (!par.buf<index>, index) -> index
    "par.store"(%y, %b, %c0) : (index, !par.buf<index>, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A plain store into an allocation of the function's own that the first
// team cannot reach (it uses only other allocations, a graph's array and
// the arguments) moves above it, and the teams merge: the counters a round
// resets between its loops.
// CHECK-LABEL: func.func @merge_across_reset
// CHECK: %[[COUNT:.*]] = par.alloc
// CHECK-NEXT: scf.for
// CHECK-NEXT: par.store %{{.*}}, %[[COUNT]], %{{.*}}
// CHECK-NEXT: par.parallel {
// CHECK-NOT: par.parallel
// CHECK: par.atomic_rmw %{{.*}}, %[[COUNT]], %{{.*}}
func.func @merge_across_reset(%g: !graph.graph, %a: !par.buf<i64>, %n: index, %k: index) -> !par.buf<index> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %off = "par.graph_array"(%g) <{array = "out_offsets"}> : (!graph.graph) -> !par.buf<index>
  %b = "par.alloc"(%n) : (index) -> !par.buf<i64>
  %count = "par.alloc"(%c1) : (index) -> !par.buf<index>
  scf.for %r = %c0 to %k step %c1 {
    "par.parallel"() ({
      "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        %o = "par.load"(%off, %i) : (!par.buf<index>, index) -> index
        %x = "par.load"(%a, %i) : (!par.buf<i64>, index) -> i64
        "par.store"(%x, %b, %i) : (i64, !par.buf<i64>, index) -> ()
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.yield"() : () -> ()
    }) : () -> ()
    "par.store"(%c0, %count, %c0) : (index, !par.buf<index>, index) -> ()
    "par.parallel"() ({
      "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        %old = "par.atomic_rmw"(%c1, %count, %c0) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.yield"() : () -> ()
    }) : () -> ()
  }
  return %count : !par.buf<index>
}

// -----

// Not merged: the first team uses the allocation stored into, or a buffer
// a loop carries (which might be that allocation).
// CHECK-LABEL: func.func @no_merge_across_reachable_store
// CHECK-COUNT-2: par.parallel
// CHECK: scf.for
// CHECK-COUNT-2: par.parallel
func.func @no_merge_across_reachable_store(%n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %count = "par.alloc"(%c1) : (index) -> !par.buf<index>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %old = "par.atomic_rmw"(%c1, %count, %c0) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  "par.store"(%c0, %count, %c0) : (index, !par.buf<index>, index) -> ()
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %old = "par.atomic_rmw"(%c1, %count, %c0) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  %other = "par.alloc"(%c1) : (index) -> !par.buf<index>
  %last = scf.for %r = %c0 to %k step %c1 iter_args(%cur = %other) -> (!par.buf<index>) {
    "par.parallel"() ({
      "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        %old = "par.atomic_rmw"(%c1, %cur, %c0) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.yield"() : () -> ()
    }) : () -> ()
    "par.store"(%c0, %count, %c0) : (index, !par.buf<index>, index) -> ()
    "par.parallel"() ({
      "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        %old = "par.atomic_rmw"(%c1, %count, %c0) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.yield"() : () -> ()
    }) : () -> ()
    scf.yield %count : !par.buf<index>
  }
  return
}

// -----

// Not merged: a store between the teams must happen after the first and
// before the second.
// CHECK-LABEL: func.func @no_merge_across_store
// CHECK: par.parallel
// CHECK: par.store %{{.*}}, %arg0, %c0
// CHECK: par.parallel
func.func @no_merge_across_store(%a: !par.buf<index>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%i, %a, %i) : (index, !par.buf<index>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  "par.store"(%n, %a, %c0) : (index, !par.buf<index>, index) -> ()
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %y = "par.load"(%a, %i) : (!par.buf<index>, index) -> index
      "par.store"(%y, %a, %i) : (index, !par.buf<index>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Barriers where the team already waits go; one between two plain
// statements of the body stays.
// CHECK-LABEL: func.func @barriers
// CHECK: par.parallel {
// CHECK-NEXT: par.thread_id
// CHECK-NEXT: par.store
// CHECK-NEXT: par.barrier
// CHECK-NEXT: par.load
// CHECK-NEXT: par.store
// CHECK-NEXT: par.for
// CHECK: par.yield
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: par.yield
func.func @barriers(%a: !par.buf<index>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    "par.barrier"() : () -> ()
    %t = "par.thread_id"() : () -> index
    "par.store"(%t, %a, %t) : (index, !par.buf<index>, index) -> ()
    "par.barrier"() : () -> ()
    "par.barrier"() : () -> ()
    %y = "par.load"(%a, %c0) : (!par.buf<index>, index) -> index
    "par.store"(%y, %a, %t) : (index, !par.buf<index>, index) -> ()
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%i, %a, %i) : (index, !par.buf<index>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.barrier"() : () -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A work-sharing loop with no iteration or no body keeps only its barrier
// (which goes too where the team waits anyway); a team left with nothing to
// do goes.
// CHECK-LABEL: func.func @no_work
// CHECK-NEXT: return
func.func @no_work(%a: !par.buf<index>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  "par.parallel"() ({
    "par.for"(%c5, %c0, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%i, %a, %i) : (index, !par.buf<index>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "dynamic"}> ({
    ^bb0(%i: index):
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// In a team, an empty loop between two statements is still a barrier.
// CHECK-LABEL: func.func @empty_loop_keeps_barrier
// CHECK: par.store
// CHECK-NEXT: par.barrier
// CHECK-NEXT: par.load
func.func @empty_loop_keeps_barrier(%a: !par.buf<index>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    "par.store"(%t, %a, %t) : (index, !par.buf<index>, index) -> ()
    "par.for"(%c1, %c0, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%i, %a, %i) : (index, !par.buf<index>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %y = "par.load"(%a, %c0) : (!par.buf<index>, index) -> index
    "par.store"(%y, %a, %t) : (index, !par.buf<index>, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Unused plain reads go; an unused atomic read stays.
// CHECK-LABEL: func.func @dead_reads
// CHECK-NEXT: %[[C:.*]] = arith.constant 0 : index
// CHECK-NEXT: par.load %arg0, %[[C]] {atomic}
// CHECK-NEXT: return
func.func @dead_reads(%a: !par.buf<i64>, %q: !par.queue<index>) {
  %c0 = arith.constant 0 : index
  %x = "par.load"(%a, %c0) : (!par.buf<i64>, index) -> i64
  %y = "par.load"(%a, %c0) <{atomic}> : (!par.buf<i64>, index) -> i64
  %s = "par.queue_size"(%q) : (!par.queue<index>) -> index
  %i = "par.queue_items"(%q) : (!par.queue<index>) -> !par.buf<index>
  return
}

// -----

// A buffer only written into (stores, reductions whose old value nobody
// reads) and freed is erased with its writes and the team that filled it.
// CHECK-LABEL: func.func @write_only
// CHECK-NEXT: return
func.func @write_only(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 1 : i64
  %a = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%x, %a, %i) : (i64, !par.buf<i64>, index) -> ()
      %old = "par.atomic_rmw"(%x, %a, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  "par.free"(%a) : (!par.buf<i64>) -> ()
  return
}

// -----

// Kept: the old value of the reduction is used, and a buffer that is
// returned is read by the caller.
// CHECK-LABEL: func.func @read_buffers
// CHECK: par.alloc
// CHECK: par.atomic_rmw
// CHECK: par.alloc
// CHECK: par.store
func.func @read_buffers(%n: index, %out: !par.buf<i64>) -> !par.buf<i64> {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1 : i64
  %a = "par.alloc"(%n) : (index) -> !par.buf<i64>
  %old = "par.atomic_rmw"(%x, %a, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
  "par.store"(%old, %out, %c0) : (i64, !par.buf<i64>, index) -> ()
  %b = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.store"(%x, %b, %c0) : (i64, !par.buf<i64>, index) -> ()
  return %b : !par.buf<i64>
}
