// The warp tier (`warp = N`, below `split`): a node of N or more
// neighbours (and fewer than `split`) is listed instead of walked, and
// after the round's work-shared loop the team's subgroups take the listed
// nodes in turn, each running the node's body as `mapping = "warp"` does
// (lanes striding over the list, sums combined over the subgroup, the rest
// on the first lane). On the CPU a thread is a subgroup of one. Node loops
// over in- and out-lists (Inputs/collapse.mlir), bodies with sums
// (Inputs/accumulate.mlir) and the traversals' worklist loops compute what
// the interpreter computes, with and without the team's tier above. The
// block tier (`block = N`, between them) does the same with blocks (on the
// CPU a thread is a block of one).
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse > %t.collapse
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 3 --schedule warp=2 > %t.collapse-w
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 2 --schedule split=16,warp=2,dist=static,chunk=3 > %t.collapse-sw
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 2 --schedule split=16,block=6,warp=2 > %t.collapse-sbw
// RUN: diff %t.collapse %t.collapse-w
// RUN: diff %t.collapse %t.collapse-sw
// RUN: diff %t.collapse %t.collapse-sbw
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate > %t.acc
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --backend cpu --threads 3 --schedule split=16,warp=2 > %t.acc-sw
// RUN: graph-opt %S/Inputs/accumulate.mlir --pass-pipeline='builtin.module(convert-graph-to-sched{split=8 warp=2},convert-sched-to-par)' -o %t.acc.par.mlir
// RUN: graph-run %t.acc.par.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --shuffle 5 > %t.acc-par
// RUN: graph-opt %S/Inputs/accumulate.mlir --pass-pipeline='builtin.module(convert-graph-to-sched{split=16 block=6 warp=2},convert-sched-to-par)' -o %t.acc.tiers.mlir
// RUN: graph-run %t.acc.tiers.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --simulate-grid 2x2x3 --shuffle 5 > %t.acc-tiers
// RUN: diff %t.acc %t.acc-sw
// RUN: diff %t.acc %t.acc-par
// RUN: diff %t.acc %t.acc-tiers
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --symmetrize --entry sssp 0 > %t.sssp
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --symmetrize --entry sssp 0 --backend cpu --threads 3 --schedule split=32,warp=2 > %t.sssp-sw
// RUN: diff %t.sssp %t.sssp-sw
// The par IR: the list's places (edges / 2 + 1), its count and cursor
// (two words, both zeroed before the round), the round's test, and after
// the work-shared loop the subgroups' turns over the listed nodes: the
// first lane takes the next place from the cursor (an atomic add, the
// next one's while the subgroup walks this one), the subgroup's maximum
// passes it to every lane, and the turns end at the count every lane
// agrees on.
// RUN: graph-opt %S/Inputs/accumulate.mlir --target=cpu --schedule warp=2 | FileCheck %s
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: arith.divui %{{.*}}, %[[C2]]
// CHECK: %[[COUNT:.*]] = par.alloc %c2 : !par.buf<index>
// CHECK-NEXT: par.store %c0, %[[COUNT]], %c0
// CHECK-NEXT: par.store %c0, %[[COUNT]], %c1
// CHECK: par.for
// CHECK: arith.cmpi uge, %{{.*}}, %c2
// CHECK: %[[N:.*]] = par.subgroup_reduce %{{.*}} {kind = "max"} : index -> index
// CHECK: par.atomic_rmw %c1, %[[COUNT]], %c1 {kind = "add"}
// CHECK: %[[FIRST:.*]] = par.subgroup_reduce %{{.*}} {kind = "max"} : index -> index
// CHECK: scf.while (%[[P:.*]] = %[[FIRST]]) : (index) -> index {
// CHECK-NEXT: %[[MORE:.*]] = arith.cmpi ult, %[[P]], %[[N]] : index
// CHECK-NEXT: scf.condition(%[[MORE]]) %[[P]] : index
// CHECK: par.atomic_rmw %c1, %[[COUNT]], %c1 {kind = "add"}
// CHECK: par.subgroup_reduce %{{.*}} {kind = "add"}
// CHECK: %[[NEXT:.*]] = par.subgroup_reduce %{{.*}} {kind = "max"} : index -> index
// CHECK-NEXT: scf.yield %[[NEXT]] : index
// Illegal: the tier at or above `split`, or on a loop mapped otherwise.
// RUN: not graph-opt %S/Inputs/accumulate.mlir --target=cpu --schedule-file %S/Inputs/warp-above-split.txt 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: illegal schedule: schedule entry 'warp' (64) must be below 'split' (32): nodes of 'split' neighbours or more are the team's
// RUN: not graph-opt %S/Inputs/accumulate.mlir --target=cpu --schedule-file %S/Inputs/warp-at-block.txt 2>&1 | FileCheck %s --check-prefix=BAD-WARP
// BAD-WARP: error: illegal schedule: schedule entry 'warp' (8) must be below 'block' (8): nodes of 'block' neighbours or more are a block's
// RUN: not graph-opt %S/Inputs/accumulate.mlir --target=cpu --schedule-file %S/Inputs/block-above-split.txt 2>&1 | FileCheck %s --check-prefix=BAD-BLOCK
// BAD-BLOCK: error: illegal schedule: schedule entry 'block' (40) must be below 'split' (32): nodes of 'split' neighbours or more are the team's
// The block tier's turns: the blocks over their listed nodes, taken from
// their list's cursor by each block's first thread, bounded by the count
// every thread of a block agrees on, before the subgroups' turns.
// RUN: graph-opt %S/Inputs/accumulate.mlir --target=cpu --schedule block=6,warp=2 | FileCheck %s --check-prefix=BLOCK
// BLOCK: arith.cmpi uge, %{{.*}}, %c6
// BLOCK: arith.cmpi uge, %{{.*}}, %c2
// BLOCK: %[[N:.*]] = par.block_reduce %{{.*}} {kind = "max"} : index -> index
// BLOCK: par.block_thread_id
// BLOCK: %[[FIRST:.*]] = par.block_reduce %{{.*}} {kind = "max"} : index -> index
// BLOCK: scf.while (%[[P:.*]] = %[[FIRST]])
// BLOCK-NEXT: arith.cmpi ult, %[[P]], %[[N]] : index
// BLOCK: par.block_reduce %{{.*}} {kind = "add"}
// BLOCK: %[[NEXT:.*]] = par.block_reduce %{{.*}} {kind = "max"} : index -> index
// BLOCK-NEXT: scf.yield %[[NEXT]] : index
// BLOCK: par.subgroup_reduce %{{.*}} {kind = "max"} : index -> index
// BLOCK: scf.while
// BLOCK: par.subgroup_reduce %{{.*}} {kind = "max"}
