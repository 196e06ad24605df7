// RUN: graph-opt %s | FileCheck %s
// RUN: graph-opt %s | graph-opt | FileCheck %s
// RUN: graph-opt %s -o %t.custom.mlir
// RUN: graph-opt %s --mlir-print-op-generic | graph-opt -o %t.generic.mlir
// RUN: diff %t.custom.mlir %t.generic.mlir

// Every par operation in the declared format: operands, the attribute
// dictionary, then only the types the declaration leaves open (operands'
// first, results' after `->`); a team and a loop take their dictionary
// after `attributes` and their body after the types. The custom form reads
// back, and the generic form prints the same.

// CHECK-LABEL: func.func @every_op
// CHECK: %[[N:.*]] = par.graph_size %arg0 {of = "nodes"}
// CHECK-NEXT: par.graph_symmetric %arg0
// CHECK-NEXT: %[[OFF:.*]] = par.graph_array %arg0 {array = "out_offsets"} : !par.buf<index>
// CHECK-NEXT: par.check_index %arg1, %[[N]] {of = "nodes"}
// CHECK-NEXT: %[[B:.*]] = par.alloc %[[N]] : !par.buf<i64>
// CHECK-NEXT: par.load %[[OFF]], %arg1 : !par.buf<index> -> index
// CHECK-NEXT: par.store %c7_i64, %[[B]], %arg1 {atomic} : i64, !par.buf<i64>
// CHECK-NEXT: par.atomic_rmw %c7_i64, %[[B]], %arg1 {kind = "add"} : i64, !par.buf<i64> -> i64
// CHECK-NEXT: %{{.*}}:2 = par.cmpxchg %[[B]], %arg1, %c7_i64, %c7_i64 : !par.buf<i64>, i64, i64 -> i64
// CHECK-NEXT: par.parallel {
// CHECK-NEXT: par.shared {size = 8 : i64} : !par.buf<i64>
// CHECK-NEXT: par.local : !par.buf<i64>
// CHECK-NEXT: par.thread_id
// CHECK-NEXT: par.num_threads
// CHECK-NEXT: par.subgroup_size
// CHECK-NEXT: par.subgroup_id
// CHECK-NEXT: par.num_subgroups
// CHECK-NEXT: par.lane_id
// CHECK-NEXT: par.subgroup_reduce %c7_i64 {kind = "max"} : i64 -> i64
// CHECK-NEXT: par.subgroup_scan %c7_i64 {kind = "add"} : i64 -> i64
// CHECK-NEXT: par.subgroup_ballot %true
// CHECK-NEXT: par.subgroup_shuffle %c7_i64, %c0 : i64 -> i64
// CHECK-NEXT: par.block_size
// CHECK-NEXT: par.block_id
// CHECK-NEXT: par.num_blocks
// CHECK-NEXT: par.block_thread_id
// CHECK-NEXT: par.block_reduce %c7_i64 {kind = "min"} : i64 -> i64
// CHECK-NEXT: par.block_scan %c7_i64 {kind = "add"} : i64 -> i64
// CHECK-NEXT: par.block_barrier
// CHECK-NEXT: par.barrier
// CHECK-NEXT: par.for %c0, %[[N]], %c1 attributes {chunk = 64 : i64, dist = "dynamic"} {
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: par.store %c7_i64, %[[B]], %[[I]] : i64, !par.buf<i64>
// CHECK-NEXT: par.yield
// CHECK-NEXT: }
// CHECK-NEXT: par.yield
// CHECK-NEXT: }
// CHECK-NEXT: par.free %[[B]] : !par.buf<i64>
func.func @every_op(%g: !graph.graph, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i64
  %true = arith.constant true
  %n = par.graph_size %g {of = "nodes"}
  %sym = par.graph_symmetric %g
  %off = par.graph_array %g {array = "out_offsets"} : !par.buf<index>
  par.check_index %i, %n {of = "nodes"}
  %b = par.alloc %n : !par.buf<i64>
  %o = par.load %off, %i : !par.buf<index> -> index
  par.store %c7, %b, %i {atomic} : i64, !par.buf<i64>
  %old = par.atomic_rmw %c7, %b, %i {kind = "add"} : i64, !par.buf<i64> -> i64
  %was, %ok = par.cmpxchg %b, %i, %c7, %c7 : !par.buf<i64>, i64, i64 -> i64
  par.parallel {
    %s = par.shared {size = 8 : i64} : !par.buf<i64>
    %l = par.local : !par.buf<i64>
    %t = par.thread_id
    %nt = par.num_threads
    %ss = par.subgroup_size
    %si = par.subgroup_id
    %ns = par.num_subgroups
    %li = par.lane_id
    %r = par.subgroup_reduce %c7 {kind = "max"} : i64 -> i64
    %sc = par.subgroup_scan %c7 {kind = "add"} : i64 -> i64
    %v = par.subgroup_ballot %true
    %x = par.subgroup_shuffle %c7, %c0 : i64 -> i64
    %bs = par.block_size
    %bi = par.block_id
    %nb = par.num_blocks
    %bt = par.block_thread_id
    %br = par.block_reduce %c7 {kind = "min"} : i64 -> i64
    %bsc = par.block_scan %c7 {kind = "add"} : i64 -> i64
    par.block_barrier
    par.barrier
    par.for %c0, %n, %c1 attributes {chunk = 64 : i64, dist = "dynamic"} {
    ^bb0(%j: index):
      par.store %c7, %b, %j : i64, !par.buf<i64>
      par.yield
    }
    par.yield
  }
  par.free %b : !par.buf<i64>
  return
}

// CHECK-LABEL: func.func @queues
// CHECK: %[[Q:.*]] = par.queue_new %arg0 {unique} : !par.queue<index>
// CHECK-NEXT: par.queue_push %arg1, %[[Q]] {buffered} : index, !par.queue<index>
// CHECK-NEXT: par.queue_claim %arg1, %[[Q]] : index, !par.queue<index>
// CHECK-NEXT: %[[P:.*]] = par.queue_reserve %[[Q]], %c1 : !par.queue<index>
// CHECK-NEXT: par.queue_put %arg1, %[[Q]], %[[P]] : index, !par.queue<index>
// CHECK-NEXT: par.queue_advance %[[Q]] : !par.queue<index>
// CHECK-NEXT: par.queue_size %[[Q]] : !par.queue<index>
// CHECK-NEXT: par.queue_items %[[Q]] : !par.queue<index> -> !par.buf<index>
// CHECK-NEXT: %[[O:.*]] = par.ordered_queue_new %arg0, %arg2, %c1_i64 {eager} : !par.buf<i64> -> !par.queue<index>
// CHECK-NEXT: par.parallel {
// CHECK-NEXT: par.queue_take_own %[[O]], %c1 : !par.queue<index>
// CHECK-NEXT: par.queue_own_items %[[O]] : !par.queue<index> -> !par.buf<index>
func.func @queues(%n: index, %item: index, %key: !par.buf<i64>) {
  %c1 = arith.constant 1 : index
  %d = arith.constant 1 : i64
  %q = par.queue_new %n {unique} : !par.queue<index>
  par.queue_push %item, %q {buffered} : index, !par.queue<index>
  %claimed = par.queue_claim %item, %q : index, !par.queue<index>
  %place = par.queue_reserve %q, %c1 : !par.queue<index>
  par.queue_put %item, %q, %place : index, !par.queue<index>
  %more = par.queue_advance %q : !par.queue<index>
  %size = par.queue_size %q : !par.queue<index>
  %items = par.queue_items %q : !par.queue<index> -> !par.buf<index>
  %o = par.ordered_queue_new %n, %key, %d {eager} : !par.buf<i64> -> !par.queue<index>
  par.parallel {
    %taken = par.queue_take_own %o, %c1 : !par.queue<index>
    %own = par.queue_own_items %o : !par.queue<index> -> !par.buf<index>
    par.yield
  }
  return
}
