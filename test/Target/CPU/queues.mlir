// RUN: graph-opt %s --emit=llvm --opt-level=0 | FileCheck %s
// RUN: graph-opt %s --emit=llvm --opt-level=0 | FileCheck %s --check-prefix=ORDERED

// Buffered pushes from a team gather in a per-thread buffer of 64 items,
// flushed at the end of each work-sharing loop (before its barrier) and of
// the region; other pushes go straight to the queue.
// CHECK-LABEL: define internal i1 @frontier(
// CHECK: call ptr @strata.queue_new(i64 %{{.*}}, i1 true)
// CHECK: call void @strata.queue_push(ptr
// CHECK: call void @strata.run_region(ptr @frontier.par0
// CHECK: call i1 @strata.queue_advance(ptr
// CHECK: call void @strata.queue_free(ptr

// CHECK-LABEL: define internal void @frontier.par0(
// CHECK: %[[BUF:.*]] = alloca [64 x i64]
// CHECK: %[[COUNT:.*]] = alloca i64
// CHECK: store i64 0, ptr %[[COUNT]]
// CHECK: chunk.exit:
// CHECK-NEXT: call void @strata.queue_flush(ptr %{{.*}}, ptr %[[BUF]], ptr %[[COUNT]])
// CHECK: call void @GOMP_barrier()
// CHECK-NEXT: call void @strata.queue_flush(ptr %{{.*}}, ptr %[[BUF]], ptr %[[COUNT]])
// CHECK-NEXT: ret void
// CHECK: call void @strata.queue_push_local(ptr %{{.*}}, i64 %{{.*}}, ptr %[[BUF]], ptr %[[COUNT]])
func.func @frontier(%g: !graph.graph, %s: index) -> i1 {
  %n = "par.graph_size"(%g) <{of = "nodes"}> : (!graph.graph) -> index
  %q = "par.queue_new"(%n) <{unique}> : (index) -> !par.queue<index>
  "par.queue_push"(%s, %q) : (index, !par.queue<index>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.queue_push"(%i, %q) <{buffered}> : (index, !par.queue<index>) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  %any = "par.queue_advance"(%q) : (!par.queue<index>) -> i1
  "par.free"(%q) : (!par.queue<index>) -> ()
  return %any : i1
}

// An ordered queue is a queue with buckets: made by its own run-time
// function, pushed, advanced and freed as any other.
// ORDERED-LABEL: define internal i1 @ordered(
// ORDERED: call ptr @strata.ordered_queue_new(i64 %{{.*}}, ptr %{{.*}}, i64 %{{.*}})
// ORDERED: call void @strata.queue_push(ptr
// ORDERED: call i1 @strata.queue_advance(ptr
// ORDERED: call void @strata.queue_free(ptr
func.func @ordered(%g: !graph.graph, %s: index, %key: !par.buf<i64>, %delta: i64) -> i1 {
  %n = "par.graph_size"(%g) <{of = "nodes"}> : (!graph.graph) -> index
  %q = "par.ordered_queue_new"(%n, %key, %delta) : (index, !par.buf<i64>, i64) -> !par.queue<index>
  "par.queue_push"(%s, %q) : (index, !par.queue<index>) -> ()
  %any = "par.queue_advance"(%q) : (!par.queue<index>) -> i1
  "par.free"(%q) : (!par.queue<index>) -> ()
  return %any : i1
}
