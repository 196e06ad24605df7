// RUN: graph-opt %s --emit=llvm --opt-level=0 | FileCheck %s

// A par-level function exercising teams, both loop distributions, atomics,
// i1 buffers and the graph descriptor.

// The function itself is internal; the team's body is outlined and run
// through strata.run_region (on the team the entry keeps) with a frame of
// the values it uses (constants are made again inside) and one zeroed
// counter per dynamic loop.
// CHECK-LABEL: define internal { ptr, double } @count(ptr %0, i1 %1, double %2)
// CHECK: %[[FRAME:.*]] = alloca { i64, ptr, i1, ptr, double, ptr, ptr }
// CHECK: %[[COUNTERS:.*]] = alloca [1 x [8 x i64]]
// CHECK: %[[N:.*]] = load i64, ptr
// CHECK: call ptr @strata.alloc(i64 %[[N]], i64 8, i1 false)
// CHECK: call ptr @strata.alloc(i64 %[[N]], i64 1, i1 false)
// CHECK: store i64 0, ptr
// CHECK: call void @strata.run_region(ptr @count.par0, ptr %[[FRAME]])
// CHECK: call void @strata.free(
// CHECK: ret { ptr, double }

// Dynamic: blocks of 16 from the shared counter, relative to this thread's base.
// CHECK-LABEL: define internal void @count.par0(ptr %0)
// CHECK: %[[BASE:.*]] = alloca i64
// CHECK: store i64 0, ptr %[[BASE]]
// CHECK: call i32 @omp_get_thread_num()
// CHECK: atomicrmw add ptr %{{.*}}, i64 1 monotonic
// CHECK: chunk.body:
// CHECK: mul i64 %{{.*}}, 16
// CHECK: chunk.exit:
// CHECK: store i64 %{{.*}}, ptr %[[BASE]]
// CHECK-NEXT: call void @GOMP_barrier()
// Integer reductions are atomicrmw, i1 is stored as a sign-extended byte,
// float sums call the run-time support's atomic float add.
// CHECK: loop.body:
// CHECK: atomicrmw add ptr %{{.*}}, i64 1 seq_cst
// CHECK: sext i1 %{{.*}} to i8
// CHECK: call double @strata.atomic_fadd_f64(ptr %{{.*}}, double
// Static: blocks of 64 dealt by thread number, then a barrier.
// CHECK: mul i64 %{{.*}}, 64
// CHECK: call void @GOMP_barrier()
// CHECK-NEXT: ret void
// CHECK: load atomic i64, ptr %{{.*}} monotonic
// CHECK: cmpxchg ptr %{{.*}}, i64 %{{.*}}, i64 1 seq_cst seq_cst

// The entry's body reads 64-bit argument slots and writes result slots;
// the entry runs it on a team kept across its parallel regions.
// CHECK-LABEL: define internal void @_strata_entry_count.body(ptr %0, ptr %1)
// CHECK: trunc i64 %{{.*}} to i1
// CHECK: call { ptr, double } @count(
// CHECK: store ptr
// CHECK: store double
// CHECK-LABEL: define void @_strata_entry_count(ptr %0, ptr %1)
// CHECK-NEXT: entry:
// CHECK-NEXT: call void @strata.call_on_team(ptr @_strata_entry_count.body, ptr %0, ptr %1)
// An entry that reaches a region only through a call keeps a team too; one
// that reaches none calls its function directly.
// CHECK-LABEL: define void @_strata_entry_caller(ptr %0, ptr %1)
// CHECK-NEXT: entry:
// CHECK-NEXT: call void @strata.call_on_team(ptr @_strata_entry_caller.body, ptr %0, ptr %1)
// CHECK-LABEL: define void @_strata_entry_sequential(ptr %0, ptr %1)
// CHECK-NOT: call_on_team
// CHECK: call i64 @sequential(
// CHECK-LABEL: define void @_strata_set_threads(i32
// CHECK: call void @omp_set_num_threads(
func.func @count(%g: !graph.graph, %flag: i1, %x: f64) -> (!par.buf<i64>, f64) {
  %n = "par.graph_size"(%g) <{of = "nodes"}> : (!graph.graph) -> index
  %tgt = "par.graph_array"(%g) <{array = "out_targets"}> : (!graph.graph) -> !par.buf<i32>
  %b = "par.alloc"(%n) : (index) -> !par.buf<i64>
  %flags = "par.alloc"(%n) : (index) -> !par.buf<i1>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sum = "par.alloc"(%c1) : (index) -> !par.buf<f64>
  %one = arith.constant 1 : i64
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 16 : i64, dist = "dynamic"}> ({
    ^bb0(%i: index):
      %old = "par.atomic_rmw"(%one, %b, %i) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
      "par.store"(%flag, %flags, %i) : (i1, !par.buf<i1>, index) -> ()
      %s = "par.atomic_rmw"(%x, %sum, %c0) <{kind = "add"}> : (f64, !par.buf<f64>, index) -> f64
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %v = "par.load"(%b, %i) {atomic} : (!par.buf<i64>, index) -> i64
      %w, %ok = "par.cmpxchg"(%b, %i, %v, %one) : (!par.buf<i64>, index, i64, i64) -> (i64, i1)
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  %total = "par.load"(%sum, %c0) : (!par.buf<f64>, index) -> f64
  "par.free"(%flags) : (!par.buf<i1>) -> ()
  return %b, %total : !par.buf<i64>, f64
}

func.func @caller(%g: !graph.graph, %flag: i1, %x: f64) -> f64 {
  %b, %total = func.call @count(%g, %flag, %x) : (!graph.graph, i1, f64) -> (!par.buf<i64>, f64)
  "par.free"(%b) : (!par.buf<i64>) -> ()
  return %total : f64
}

func.func @sequential(%a: i64) -> i64 {
  %r = arith.addi %a, %a : i64
  return %r : i64
}
