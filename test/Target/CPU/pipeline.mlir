// The CPU target's default pipeline, step by step: graph -> sched -> par ->
// (code generation) cf -> LLVM IR.
// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=cpu --emit=llvm --print-ir-after-all -o %t.ll 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=LL < %t.ll

// CHECK: IR Dump After ConvertGraphToSched (convert-graph-to-sched)
// CHECK: sched.foreach
// CHECK: attributes {schedule = {alpha = 20 : i64, beta = 144 : i64, chunk = 64 : i64, direction = "hybrid", dist = "dynamic", frontier = "sparse", mapping = "thread", pushes = "buffered", reduction = "atomic"}
// CHECK: IR Dump After ConvertSchedToPar (convert-sched-to-par)
// CHECK-NOT: sched.foreach
// CHECK: par.parallel
// CHECK: par.atomic_rmw{{.*}}kind = "min"
// Code generation lowers structured control flow first; team and loop
// bodies become several blocks joined by branches.
// CHECK: IR Dump After SCFToControlFlow (convert-scf-to-cf)
// CHECK-NOT: scf.
// CHECK: par.for
// CHECK: cf.cond_br
// CHECK: par.yield
// CHECK: IR Dump After emit-llvm (LLVM IR)
// CHECK: define void @_strata_entry_bfs(ptr

// The optimized module calls the OpenMP runtime and atomically lowers distances.
// LL-DAG: define void @_strata_entry_bfs(ptr
// LL-DAG: call void @GOMP_parallel(ptr nonnull @bfs.par
// LL-DAG: atomicrmw min ptr %{{.*}} seq_cst

// The object file: only the interface is exported; the team is started by libomp.
// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=cpu --emit=obj -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJ
// OBJ-DAG: U GOMP_parallel
// OBJ-DAG: U GOMP_barrier
// OBJ-DAG: U omp_get_thread_num
// OBJ-DAG: T _strata_entry_bfs
// OBJ-DAG: T _strata_free
// OBJ-DAG: T _strata_set_threads
