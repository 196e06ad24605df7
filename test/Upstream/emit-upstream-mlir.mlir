// --emit=upstream-mlir writes the par-level program in upstream MLIR's own
// dialects (memref, omp, llvm, arith, scf, cf, func), printed by upstream.
// The corpus's BFS, lowered for the CPU:
// RUN: graph-opt %S/../algorithms/bfs.mlir --target=cpu --emit=upstream-mlir -o %t.bfs.mlir
// RUN: FileCheck %s --check-prefix=BFS < %t.bfs.mlir
//
// Upstream lowers it to LLVM with its own passes. Every corpus program and
// this file's @kinds, linked with a host that holds a small graph
// (Inputs/host.mlir), run under LLVM's JIT with OpenMP's runtime and print
// what the interpreter prints (the floats of BC and PR are checked below to
// printF64's six digits).
// REQUIRES: upstream-run
// RUN: graph-opt %s --emit=upstream-mlir -o %t.kinds.mlir
// RUN: FileCheck %s --check-prefix=KINDS < %t.kinds.mlir
// RUN: %upstream-lower %t.kinds.mlir | %mlir-translate --mlir-to-llvmir -o %t.kinds.ll
// RUN: %upstream-lower %S/Inputs/host.mlir | %mlir-translate --mlir-to-llvmir -o %t.host.ll
// RUN: for a in bfs sssp cc mis mst tc bc pr; do graph-opt %S/../algorithms/$a.mlir --target=cpu --emit=upstream-mlir | %upstream-lower | %mlir-translate --mlir-to-llvmir -o %t.$a.ll || exit 1; done
// RUN: %llvm-link %t.host.ll %t.bfs.ll %t.sssp.ll %t.cc.ll %t.mis.ll %t.mst.ll %t.tc.ll %t.bc.ll %t.pr.ll %t.kinds.ll -S -o %t.all.ll
// RUN: %lli %t.all.ll > %t.upstream.txt
// RUN: graph-run %S/../algorithms/bfs.mlir --entry bfs --graph %S/Inputs/small.wel 0 > %t.interp.txt
// RUN: graph-run %S/../algorithms/sssp.mlir --entry sssp --graph %S/Inputs/small.wel 0 >> %t.interp.txt
// RUN: for a in cc mis mst tc; do graph-run %S/../algorithms/$a.mlir --entry $a --graph %S/Inputs/small.wel >> %t.interp.txt || exit 1; done
// RUN: graph-run %s --entry kinds 10 >> %t.interp.txt
// RUN: head -n 45 %t.upstream.txt | diff %t.interp.txt -
// RUN: FileCheck %s --check-prefix=OUT --match-full-lines < %t.upstream.txt
//
// What has no upstream form is an error at the operation, and nothing is
// written: the graph level (not lowered), and GPU code.
// RUN: not graph-opt %S/../algorithms/bfs.mlir --emit=upstream-mlir -o %t.none 2>&1 | FileCheck %s --check-prefix=LEVEL
// RUN: not test -e %t.none
// RUN: not graph-opt %S/../algorithms/bfs.mlir --target=gpu --emit=upstream-mlir 2>&1 | FileCheck %s --check-prefix=GPU

// BFS-LABEL: func.func @bfs(%arg0: index, %arg1: index, %arg2: i1, %arg3: memref<?xi64>, %arg4: memref<?xi32>, %arg5: memref<?xi64>, %arg6: memref<?xi32>, %arg7: memref<?xi64>, %arg8: memref<?xi32>, %arg9: memref<?xi64>, %arg10: memref<?xi32>, %arg11: memref<?xi32>, %arg12: index) -> memref<?xi64>
// BFS: %[[DIST:.*]] = memref.alloc(%arg0) : memref<?xi64>
// BFS: omp.parallel {
// BFS: omp.wsloop schedule(static = %{{.*}} : index) {
// BFS-NEXT: omp.loop_nest (%[[I:.*]]) : index = (%{{.*}}) to (%arg0) step (%{{.*}}) {
// BFS-NEXT: memref.store %{{.*}}, %[[DIST]][%[[I]]] : memref<?xi64>
// BFS-NEXT: omp.yield
// BFS: omp.terminator
// BFS: %[[Q:.*]] = call @strata.queue_new(%arg0, %{{.*}}) : (index, i1) -> memref<7xmemref<?xi64>>
// BFS: omp.wsloop schedule(dynamic = %{{.*}} : index) {
// BFS: memref.atomic_rmw mins
// BFS: func.call @strata.queue_push(%[[Q]], %{{.*}}) : (memref<7xmemref<?xi64>>, index) -> ()
// BFS: call @strata.queue_free(%[[Q]])
// BFS: func.func private @strata.queue_new(%arg0: index, %arg1: i1) -> memref<7xmemref<?xi64>> attributes {llvm.linkage = #llvm.linkage<internal>}

// KINDS-LABEL: func.func @kinds
// KINDS: omp.parallel
// KINDS: func.call @omp_get_thread_num() : () -> i32
// KINDS: memref.alloca() : memref<1xi64>
// KINDS: memref.atomic_rmw addi
// KINDS: memref.generic_atomic_rmw
// KINDS: arith.muli
// KINDS: memref.atomic_rmw minnumf
// KINDS: memref.atomic_rmw maxnumf
// KINDS: llvm.cmpxchg
// KINDS: cf.assert %{{.*}}, "{{.*}}emit-upstream-mlir.mlir:{{[0-9]+}}:{{[0-9]+}}: error: node out of range (the graph has fewer nodes)"
// KINDS: omp.barrier
// KINDS: llvm.store %{{.*}}, %{{.*}} atomic monotonic {alignment = 8 : i64} : i64, !llvm.ptr
// KINDS: llvm.load %{{.*}} atomic monotonic {alignment = 8 : i64} : !llvm.ptr -> i64
// KINDS: func.func private @omp_get_num_threads() -> i32
// KINDS: func.func private @omp_get_thread_num() -> i32

// BFS, SSSP, CC from node 0 of small.wel:
// OUT: 0
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 2
// OUT-NEXT: 3
// OUT-NEXT: -1
// OUT-NEXT: 0
// OUT-NEXT: 4
// OUT-NEXT: 1
// OUT-NEXT: 5
// OUT-NEXT: 7
// OUT-NEXT: -1
// OUT-COUNT-6: 0
// MIS, MST, TC:
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 11
// OUT-NEXT: 0
// @kinds(10), in the order of its results below:
// OUT-NEXT: 45
// OUT-NEXT: 216
// OUT-NEXT: 0
// OUT-NEXT: 9
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 0
// OUT-NEXT: 9
// OUT-NEXT: 10
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 10
// OUT-NEXT: 1
// OUT-NEXT: 10
// OUT-NEXT: 45
// OUT-NEXT: 7
// OUT-NEXT: 1024
// BC from node 0 and PR, as graph-run prints them: 0.0 1.0 1.0 1.0 0.0 0.0
// and 0.04625000000000001 0.04465625000000001 0.04465625000000001
// 0.10091562500000002 0.11077828125000003 0.025000000000000005.
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 1
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 0.04625
// OUT-NEXT: 0.0446563
// OUT-NEXT: 0.0446563
// OUT-NEXT: 0.100916
// OUT-NEXT: 0.110778
// OUT-NEXT: 0.025
// OUT-NOT: {{.}}

// LEVEL: bfs.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot write 'graph.new_node_prop' in upstream dialects: it is above the par level: lower the module first (--target=cpu)
// GPU: error: --emit=upstream-mlir writes the CPU program (--target=cpu); the GPU's is not written in upstream dialects

// Every par operation with an upstream form, on every kind of element: the
// results are, in order, a sum, a product (atomic mul), a float min and max,
// i1 add (xor), or, and, min and max, an index max, an i32 sum, the number of
// compare-and-swaps that won, whether every thread's number was below the
// team's size, the sum of the threads' private counters, whether the plain
// queue (capacity 2, 10 pushes: it spills and grows) had items, how many and
// their sum, a value written and read atomically, and a float product.
func.func @kinds(%n: index) -> !par.buf<i64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c18 = arith.constant 18 : index
  %c19 = arith.constant 19 : index
  %two = arith.constant 2.0 : f64
  %unit = arith.constant 1.0 : f64
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %seven = arith.constant 7 : i64
  %false = arith.constant false
  %true = arith.constant true
  %big = arith.constant 1.0e300 : f64
  %small = arith.constant -1.0e300 : f64
  %zero32 = arith.constant 0 : i32
  %one32 = arith.constant 1 : i32
  %ints = "par.alloc"(%c8) : (index) -> !par.buf<i64>
  scf.for %i = %c0 to %c8 step %c1 {
    "par.store"(%zero, %ints, %i) : (i64, !par.buf<i64>, index) -> ()
  }
  "par.store"(%one, %ints, %c1) : (i64, !par.buf<i64>, index) -> ()
  %floats = "par.alloc"(%c3) : (index) -> !par.buf<f64>
  "par.store"(%unit, %floats, %c2) : (f64, !par.buf<f64>, index) -> ()
  "par.store"(%big, %floats, %c0) : (f64, !par.buf<f64>, index) -> ()
  "par.store"(%small, %floats, %c1) : (f64, !par.buf<f64>, index) -> ()
  %bools = "par.alloc"(%c5) : (index) -> !par.buf<i1>
  "par.store"(%false, %bools, %c0) : (i1, !par.buf<i1>, index) -> ()
  "par.store"(%false, %bools, %c1) : (i1, !par.buf<i1>, index) -> ()
  "par.store"(%true, %bools, %c2) : (i1, !par.buf<i1>, index) -> ()
  "par.store"(%false, %bools, %c3) : (i1, !par.buf<i1>, index) -> ()
  "par.store"(%false, %bools, %c4) : (i1, !par.buf<i1>, index) -> ()
  %indices = "par.alloc"(%c1) : (index) -> !par.buf<index>
  "par.store"(%c0, %indices, %c0) : (index, !par.buf<index>, index) -> ()
  %words = "par.alloc"(%c1) : (index) -> !par.buf<i32>
  "par.store"(%zero32, %words, %c0) : (i32, !par.buf<i32>, index) -> ()
  %q = "par.queue_new"(%c2) : (index) -> !par.queue<index>
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    %team = "par.num_threads"() : () -> index
    %inside = arith.cmpi ult, %t, %team : index
    %inside64 = arith.extui %inside : i1 to i64
    %r0 = "par.atomic_rmw"(%one, %ints, %c4) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
    %r1 = "par.atomic_rmw"(%inside64, %ints, %c5) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
    %mine = "par.local"() : () -> !par.buf<i64>
    "par.store"(%zero, %mine, %c0) : (i64, !par.buf<i64>, index) -> ()
    "par.for"(%c0, %n, %c1) <{chunk = 3 : i64, dist = "dynamic"}> ({
    ^bb0(%i: index):
      %i64 = arith.index_cast %i : index to i64
      %a = "par.atomic_rmw"(%i64, %ints, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
      %m = arith.remui %i, %c3 : index
      %m64 = arith.index_cast %m : index to i64
      %factor = arith.addi %m64, %one : i64
      %b = "par.atomic_rmw"(%factor, %ints, %c1) <{kind = "mul"}> : (i64, !par.buf<i64>, index) -> i64
      %f = arith.sitofp %i64 : i64 to f64
      %c = "par.atomic_rmw"(%f, %floats, %c0) <{kind = "min"}> : (f64, !par.buf<f64>, index) -> f64
      %d = "par.atomic_rmw"(%f, %floats, %c1) <{kind = "max"}> : (f64, !par.buf<f64>, index) -> f64
      %d2 = "par.atomic_rmw"(%two, %floats, %c2) <{kind = "mul"}> : (f64, !par.buf<f64>, index) -> f64
      %is3 = arith.cmpi eq, %i, %c3 : index
      %below = arith.cmpi ult, %i, %n : index
      %e = "par.atomic_rmw"(%true, %bools, %c0) <{kind = "add"}> : (i1, !par.buf<i1>, index) -> i1
      %g = "par.atomic_rmw"(%is3, %bools, %c1) <{kind = "or"}> : (i1, !par.buf<i1>, index) -> i1
      %h = "par.atomic_rmw"(%below, %bools, %c2) <{kind = "and"}> : (i1, !par.buf<i1>, index) -> i1
      %j = "par.atomic_rmw"(%is3, %bools, %c3) <{kind = "min"}> : (i1, !par.buf<i1>, index) -> i1
      %k = "par.atomic_rmw"(%is3, %bools, %c4) <{kind = "max"}> : (i1, !par.buf<i1>, index) -> i1
      %l = "par.atomic_rmw"(%i, %indices, %c0) <{kind = "max"}> : (index, !par.buf<index>, index) -> index
      %o = "par.atomic_rmw"(%one32, %words, %c0) <{kind = "add"}> : (i32, !par.buf<i32>, index) -> i32
      %next = arith.addi %i64, %one : i64
      %old, %won = "par.cmpxchg"(%ints, %c2, %zero, %next) : (!par.buf<i64>, index, i64, i64) -> (i64, i1)
      %won64 = arith.extui %won : i1 to i64
      %p = "par.atomic_rmw"(%won64, %ints, %c3) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
      "par.check_index"(%i, %n) <{of = "nodes"}> : (index, index) -> ()
      "par.queue_push"(%i, %q) : (index, !par.queue<index>) -> ()
      %count = "par.load"(%mine, %c0) : (!par.buf<i64>, index) -> i64
      %count1 = arith.addi %count, %one : i64
      "par.store"(%count1, %mine, %c0) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.barrier"() : () -> ()
    %counted = "par.load"(%mine, %c0) : (!par.buf<i64>, index) -> i64
    %r2 = "par.atomic_rmw"(%counted, %ints, %c6) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
    "par.yield"() : () -> ()
  }) : () -> ()
  %more = "par.queue_advance"(%q) : (!par.queue<index>) -> i1
  %size = "par.queue_size"(%q) : (!par.queue<index>) -> index
  %items = "par.queue_items"(%q) : (!par.queue<index>) -> !par.buf<index>
  %sum = scf.for %i = %c0 to %size step %c1 iter_args(%acc = %c0) -> (index) {
    %item = "par.load"(%items, %i) : (!par.buf<index>, index) -> index
    %acc1 = arith.addi %acc, %item : index
    scf.yield %acc1 : index
  }
  "par.store"(%seven, %ints, %c7) <{atomic}> : (i64, !par.buf<i64>, index) -> ()
  %relaxed = "par.load"(%ints, %c7) <{atomic}> : (!par.buf<i64>, index) -> i64
  %results = "par.alloc"(%c19) : (index) -> !par.buf<i64>
  %v0 = "par.load"(%ints, %c0) : (!par.buf<i64>, index) -> i64
  %v1 = "par.load"(%ints, %c1) : (!par.buf<i64>, index) -> i64
  %f0 = "par.load"(%floats, %c0) : (!par.buf<f64>, index) -> f64
  %f1 = "par.load"(%floats, %c1) : (!par.buf<f64>, index) -> f64
  %v2 = arith.fptosi %f0 : f64 to i64
  %v3 = arith.fptosi %f1 : f64 to i64
  %b0 = "par.load"(%bools, %c0) : (!par.buf<i1>, index) -> i1
  %b1 = "par.load"(%bools, %c1) : (!par.buf<i1>, index) -> i1
  %b2 = "par.load"(%bools, %c2) : (!par.buf<i1>, index) -> i1
  %b3 = "par.load"(%bools, %c3) : (!par.buf<i1>, index) -> i1
  %b4 = "par.load"(%bools, %c4) : (!par.buf<i1>, index) -> i1
  %v4 = arith.extui %b0 : i1 to i64
  %v5 = arith.extui %b1 : i1 to i64
  %v6 = arith.extui %b2 : i1 to i64
  %v7 = arith.extui %b3 : i1 to i64
  %v8 = arith.extui %b4 : i1 to i64
  %x = "par.load"(%indices, %c0) : (!par.buf<index>, index) -> index
  %v9 = arith.index_cast %x : index to i64
  %w = "par.load"(%words, %c0) : (!par.buf<i32>, index) -> i32
  %v10 = arith.extsi %w : i32 to i64
  %v11 = "par.load"(%ints, %c3) : (!par.buf<i64>, index) -> i64
  %threads = "par.load"(%ints, %c4) : (!par.buf<i64>, index) -> i64
  %inside_all = "par.load"(%ints, %c5) : (!par.buf<i64>, index) -> i64
  %all = arith.cmpi eq, %threads, %inside_all : i64
  %v12 = arith.extui %all : i1 to i64
  %v13 = "par.load"(%ints, %c6) : (!par.buf<i64>, index) -> i64
  %v14 = arith.extui %more : i1 to i64
  %v15 = arith.index_cast %size : index to i64
  %v16 = arith.index_cast %sum : index to i64
  "par.store"(%v0, %results, %c0) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v1, %results, %c1) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v2, %results, %c2) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v3, %results, %c3) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v4, %results, %c4) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v5, %results, %c5) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v6, %results, %c6) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v7, %results, %c7) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v8, %results, %c8) : (i64, !par.buf<i64>, index) -> ()
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c17 = arith.constant 17 : index
  "par.store"(%v9, %results, %c9) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v10, %results, %c10) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v11, %results, %c11) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v12, %results, %c12) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v13, %results, %c13) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v14, %results, %c14) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v15, %results, %c15) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%v16, %results, %c16) : (i64, !par.buf<i64>, index) -> ()
  "par.store"(%relaxed, %results, %c17) : (i64, !par.buf<i64>, index) -> ()
  %f2 = "par.load"(%floats, %c2) : (!par.buf<f64>, index) -> f64
  %v18 = arith.fptosi %f2 : f64 to i64
  "par.store"(%v18, %results, %c18) : (i64, !par.buf<i64>, index) -> ()
  "par.free"(%q) : (!par.queue<index>) -> ()
  "par.free"(%ints) : (!par.buf<i64>) -> ()
  "par.free"(%floats) : (!par.buf<f64>) -> ()
  "par.free"(%bools) : (!par.buf<i1>) -> ()
  "par.free"(%indices) : (!par.buf<index>) -> ()
  "par.free"(%words) : (!par.buf<i32>) -> ()
  return %results : !par.buf<i64>
}

// An operation without a place in the file is reported at the nearest one
// that has one (here the module, at line 0).
// RUN: printf '"t.c"() : () -> () loc(fused<"m">[unknown])\n' > %t.unknown.mlir
// RUN: not graph-opt %t.unknown.mlir --allow-unregistered-dialect --emit=upstream-mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: unknown.mlir:0:0: error: cannot write 't.c' in upstream dialects: it has no counterpart in upstream MLIR's dialects
