// mapping = "warp": a warp per iteration, its lanes striding over the
// neighbour loop and summing with a butterfly of shuffles, the first lane
// storing. PageRank's gather maps so; its contribution loop (no neighbour
// loop) keeps a thread per node. On the CPU a thread is a subgroup of one.
// REQUIRES: ptxas
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule mapping=warp | FileCheck %s
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule mapping=warp --emit=ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: graph-opt %S/../../algorithms/bc.mlir --target=gpu --schedule mapping=warp --emit=ptx -o %t.bc.ptx
// RUN: %ptxas -arch=sm_80 %t.bc.ptx -o /dev/null
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=cpu --schedule mapping=warp --emit=llvm | FileCheck %s --check-prefix=CPU
// RUN: graph-run %S/../../algorithms/pr.mlir --graph gen:kron:scale=9,degree=6,seed=4 --symmetrize --entry pr 5 0.85 > %t.interp
// RUN: graph-run %S/../../algorithms/pr.mlir --graph gen:kron:scale=9,degree=6,seed=4 --symmetrize --entry pr 5 0.85 --backend cpu --threads 3 --schedule mapping=warp > %t.cpu
// RUN: diff %t.interp %t.cpu
// CHECK: par.parallel
// CHECK: par.for
// CHECK: %[[W:.*]] = par.subgroup_id
// CHECK: %[[WS:.*]] = par.num_subgroups
// CHECK: %[[L:.*]] = par.lane_id
// CHECK: %[[S:.*]] = par.subgroup_size
// CHECK: scf.for %{{.*}} = %[[W]] to %{{.*}} step %[[WS]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[S]]
// CHECK: par.subgroup_reduce %{{.*}} {kind = "add"} : f64 -> f64
// CHECK: arith.cmpi eq, %[[L]], %c0
// CHECK-NEXT: scf.if
// PTX: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CPU-NOT: shfl
// CPU: call i32 @omp_get_thread_num()
