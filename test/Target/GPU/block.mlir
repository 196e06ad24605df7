// mapping = "block": a block per iteration, its threads striding over the
// neighbour loop and summing with par.block_reduce (each warp's butterfly,
// then the warps' sums through shared memory between two barriers of the
// block), the block's first thread storing. On the CPU a thread is a block
// of one; the interpreter runs blocks of subgroups on a simulated grid.
// REQUIRES: ptxas
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule mapping=block | FileCheck %s
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule mapping=block --emit=ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: graph-opt %S/../../algorithms/bc.mlir --target=gpu --schedule mapping=block --emit=ptx -o %t.bc.ptx
// RUN: %ptxas -arch=sm_80 %t.bc.ptx -o /dev/null
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=cpu --schedule mapping=block --emit=llvm | FileCheck %s --check-prefix=CPU
// RUN: graph-run %S/../../algorithms/pr.mlir --graph gen:kron:scale=9,degree=6,seed=4 --symmetrize --entry pr 5 0.85 > %t.interp
// RUN: graph-run %S/../../algorithms/pr.mlir --graph gen:kron:scale=9,degree=6,seed=4 --symmetrize --entry pr 5 0.85 --backend cpu --threads 3 --schedule mapping=block > %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=gpu --schedule mapping=block,direction=push -o %t.bfs.mlir
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=8,degree=8,seed=5 --symmetrize --simplify --entry bfs 0 > %t.bfs.written
// RUN: graph-run %t.bfs.mlir --graph gen:kron:scale=8,degree=8,seed=5 --symmetrize --simplify --entry bfs 0 --simulate-grid 2x2x4 --shuffle 5 > %t.bfs.grid
// RUN: diff %t.bfs.written %t.bfs.grid
// CHECK: par.parallel
// CHECK: par.for
// CHECK: %[[B:.*]] = par.block_id
// CHECK: %[[BS:.*]] = par.num_blocks
// CHECK: %[[T:.*]] = par.block_thread_id
// CHECK: %[[S:.*]] = par.block_size
// CHECK: scf.for %{{.*}} = %[[B]] to %{{.*}} step %[[BS]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[S]]
// CHECK: par.block_reduce %{{.*}} {kind = "add"} : f64 -> f64
// CHECK: arith.cmpi eq, %[[T]], %c0
// CHECK-NEXT: scf.if
// PTX: .shared .align 8 .b8 strata_$_block_slots[256];
// PTX: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// PTX: st.shared.b64
// PTX: barrier.sync 0;
// PTX: ld.shared.b64 {{.*}}, [strata_$_block_slots];
// PTX: ld.shared.b64 {{.*}}, [strata_$_block_slots+56];
// PTX: barrier.sync 0;
// CPU-NOT: block_slots
// CPU: call i32 @omp_get_thread_num()
