// A guided par.for on the CPU: each thread takes a share of what is left
// (at least the block) by a compare-and-swap on the team's counter. Every
// iteration runs exactly once, also when the loop runs again in the same
// region (the counter goes on from where the last execution ended), for any
// trip count and team. A dynamic one of the same blocks takes them one at a
// time, by an atomic add.
// RUN: graph-opt %s --emit=llvm --opt-level=0 | FileCheck %s --check-prefix=IR
// IR-LABEL: define internal void @hits.par0(
// IR: guided:
// IR: load atomic i64, ptr %{{.*}} monotonic
// IR: guided.take:
// IR: udiv i64
// IR: cmpxchg ptr %{{.*}} monotonic monotonic
// IR: guided.exit:
// IR: call void @GOMP_barrier()
// RUN: sed 's/dist = "guided"/dist = "dynamic"/' %s | graph-opt --emit=llvm --opt-level=0 | FileCheck %s --check-prefix=FIXED
// FIXED-LABEL: define internal void @hits.par0(
// FIXED-NOT: cmpxchg
// FIXED: atomicrmw add ptr %{{.*}}, i64 1 monotonic
// FIXED-NOT: cmpxchg
// FIXED: call void @GOMP_barrier()
// RUN: for n in 0 1 1023 1025 5000 100003; do for t in 1 2 3; do graph-run %s --entry hits --backend cpu --threads $t $n 3; done; done > %t.cpu
// RUN: for n in 0 1 1023 1025 5000 100003; do for t in 1 2 3; do graph-run %s --entry hits $n 3; done; done > %t.interp
// RUN: diff %t.interp %t.cpu
// RUN: FileCheck %s --input-file=%t.cpu
// Per run: the iterations run (n * 3), the fewest and most runs of one.
// CHECK-COUNT-3: {{^}}0{{$}}
// CHECK: {{^}}3{{$}}
// CHECK: {{^}}3{{$}}
// CHECK: {{^}}300009{{$}}
// CHECK-NEXT: # result 2 of 3
// CHECK-NEXT: {{^}}3{{$}}
// CHECK-NEXT: # result 3 of 3
// CHECK-NEXT: {{^}}3{{$}}
func.func @hits(%n: index, %k: index) -> (i64, i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %big = arith.constant 9223372036854775807 : i64
  %empty = arith.cmpi eq, %n, %c0 : index
  %min_start = arith.select %empty, %zero, %big : i64
  %h = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 4096 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%zero, %h, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    scf.for %r = %c0 to %k step %c1 {
      "par.for"(%c0, %n, %c1) <{chunk = 1024 : i64, dist = "guided"}> ({
      ^bb0(%i: index):
        %old = "par.atomic_rmw"(%one, %h, %i) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero, %lo = %min_start, %hi = %zero) -> (i64, i64, i64) {
    %x = "par.load"(%h, %i) : (!par.buf<i64>, index) -> i64
    %s2 = arith.addi %s, %x : i64
    %lo2 = arith.minsi %lo, %x : i64
    %hi2 = arith.maxsi %hi, %x : i64
    scf.yield %s2, %lo2, %hi2 : i64, i64, i64
  }
  "par.free"(%h) : (!par.buf<i64>) -> ()
  return %r#0, %r#1, %r#2 : i64, i64, i64
}
