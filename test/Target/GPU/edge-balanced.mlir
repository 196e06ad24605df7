// mapping = "edge-balanced": the round lists every node of a neighbour
// loop with its degree (a loop over all nodes at each node's own index, a
// worklist's items at places taken with an atomic add on the count); after it the team sums the degrees into edge
// offsets (chunks of 256 entries dealt to the blocks in turn, each summed
// by its block's threads with par.block_reduce, the chunks' sums scanned by
// the first block, each chunk's entries offset by its block with
// par.block_scan, a tile of the block's size at a time: three barriers),
// each thread takes an equal share of the
// listed edges and binary-searches the first and last node its share
// meets, walks the part of each node's list in its share, and adds its
// sums into the node's value; what follows the neighbour loop runs once per
// node after a barrier. On the CPU and the simulated grid it computes what
// the program as written computes.
// REQUIRES: ptxas
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule mapping=edge-balanced | FileCheck %s
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule mapping=edge-balanced --emit=ptx -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: graph-opt %S/../../algorithms/bc.mlir --target=gpu --schedule mapping=edge-balanced --emit=ptx -o %t.bc.ptx
// RUN: %ptxas -arch=sm_80 %t.bc.ptx -o /dev/null
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=9,degree=8,seed=5,weighted --symmetrize --simplify --entry sssp 3 > %t.interp
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=9,degree=8,seed=5,weighted --symmetrize --simplify --entry sssp 3 --backend cpu --threads 3 --schedule mapping=edge-balanced > %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: graph-opt %S/../../algorithms/sssp.mlir --target=gpu --schedule mapping=edge-balanced -o %t.sssp.mlir
// RUN: graph-run %t.sssp.mlir --graph gen:kron:scale=9,degree=8,seed=5,weighted --symmetrize --simplify --entry sssp 3 --simulate-grid 3x2x4 --shuffle 8 > %t.grid
// RUN: diff %t.interp %t.grid
// The per-round walk: degrees recorded when listed, the offsets, the share.
// Every node listed at its own index: no count to take places from.
// CHECK: par.for
// CHECK-NOT: par.atomic_rmw
// CHECK: par.store %[[V:arg[0-9]+]], %{{.*}}, %[[V]] : index, !par.buf<index>
// CHECK-NEXT: par.store %{{.*}}, %[[DEG:.*]], %[[V]] : index, !par.buf<index>
// CHECK: %[[B:.*]] = par.block_id
// CHECK-NEXT: %[[NB:.*]] = par.num_blocks
// CHECK: scf.for %{{.*}} = %[[B]] to %{{.*}} step %[[NB]]
// CHECK: par.block_reduce %{{.*}} {kind = "add"} : index -> index
// CHECK: par.barrier
// CHECK: par.block_scan %{{.*}} {kind = "add"} : index -> index
// CHECK: par.barrier
// CHECK: scf.for %{{.*}} = %[[B]] to %{{.*}} step %[[NB]]
// CHECK: par.block_scan %{{.*}} {kind = "add"} : index -> index
// CHECK: par.barrier
// CHECK: scf.while
// CHECK: scf.while
// CHECK: par.atomic_rmw %{{.*}} {grouped, kind = "add"} : f6
// A worklist's items take their places with an atomic add on the count.
// RUN: graph-opt %S/../../algorithms/sssp.mlir --target=gpu --schedule mapping=edge-balanced | FileCheck %s --check-prefix=ITEMS
// ITEMS: par.store %c0, %[[COUNT:.*]], %c0 : index, !par.buf<index>
// ITEMS: %[[SLOT:.*]] = par.atomic_rmw %c1, %[[COUNT]], %c0 {kind = "add"} : index, !par.buf<index> -> index
// ITEMS: par.store %{{.*}}, %{{.*}}, %[[SLOT]] : index, !par.buf<index>
// ITEMS-NEXT: par.store %{{.*}}, %{{.*}}, %[[SLOT]] : index, !par.buf<index>
// Illegal: with a degree tier written on the loop.
// RUN: not graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule-file %S/Inputs/balanced-split.txt 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: pr.mlir:31:5: error: illegal schedule: schedule entry 'split' needs mapping 'thread', not 'edge-balanced'
