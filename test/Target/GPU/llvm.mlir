// The LLVM IR for the GPU: the entry is a PTX kernel whose thread 0 runs
// the function while the others wait at the grid barrier for a region to
// run, or for a fill of memory the master asks of them; par.for shares
// iterations cyclically over the grid.
// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=llvm --opt-level=0 | FileCheck %s
// CHECK: target triple = "nvptx64-nvidia-cuda"
// CHECK-DAG: @strata.dispatch = internal global i32 0
// CHECK-DAG: @bfs.par0.frame = internal global { i64, ptr } zeroinitializer
// CHECK-LABEL: define internal ptr @bfs(ptr %0, i64 %1)
// CHECK: store i32 1, ptr @strata.dispatch
// CHECK-NEXT: call void @strata.grid_sync()
// CHECK-NEXT: call void @bfs.par0(ptr @bfs.par0.frame)
// CHECK-NEXT: call void @strata.grid_sync()
// Outside regions again (what strata.mem_fill asks before it has the grid
// help the master).
// CHECK-NEXT: store i32 0, ptr @strata.dispatch
// CHECK-LABEL: define internal void @bfs.par0(ptr %0)
// CHECK: call i64 @strata.gpu_thread_id()
// CHECK: call i64 @strata.gpu_num_threads()
// The loop ends the region: no barrier of its own.
// CHECK-NOT: call void @strata.grid_sync()
// CHECK-LABEL: define internal void @bfs.par1(ptr %0)
// CHECK: call void @strata.queue_push_warp(
// CHECK-LABEL: define ptx_kernel void @_strata_entry_bfs(ptr %0, ptr %1)
// CHECK: br i1 %{{.*}}, label %master, label %worker
// CHECK: master:
// CHECK: store i32 0, ptr @strata.dispatch
// CHECK: wait:
// CHECK: call void @strata.grid_sync()
// CHECK: load atomic i32, ptr @strata.dispatch monotonic
// CHECK: switch i32 %{{.*}}, label %done [
// CHECK-NEXT: i32 1, label %region
// CHECK-NEXT: i32 2, label %region
// CHECK-NEXT: i32 3, label %region
// CHECK-NEXT: i32 4, label %region
// CHECK-NEXT: i32 5, label %region
// CHECK-NEXT: i32 6, label %region
// CHECK-NEXT: i32 -2, label %fill
// CHECK-NEXT: ]
