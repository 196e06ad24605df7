// Splitting (`split = N`): a node of N or more neighbours has its neighbour
// loop shared by the team's threads after the round's other nodes. Node
// loops over in- and out-neighbours and in- and out-edges (Inputs/collapse.mlir;
// the reductions into a node's own element become atomic) and the
// traversals' worklist loops compute what the interpreter computes, with
// thresholds that split many nodes (1, 4) and on 2 and 3 threads.
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse > %t.collapse
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 2 --schedule split=4 > %t.collapse-4
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 3 --schedule split=1,dist=static,chunk=3 > %t.collapse-1
// RUN: diff %t.collapse %t.collapse-4
// RUN: diff %t.collapse %t.collapse-1
// Bodies that sum over the list into scalars of their own and write the
// node's element after it (Inputs/accumulate.mlir): each thread sums its
// block, the sums are combined per node, and the rest of the body runs
// once per node after a barrier; on the interpreter at the par level too.
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate > %t.acc
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --backend cpu --threads 2 --schedule split=4 > %t.acc-4
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --backend cpu --threads 3 --schedule split=1,dist=static,chunk=3 > %t.acc-1
// RUN: graph-opt %S/Inputs/accumulate.mlir --pass-pipeline='builtin.module(convert-graph-to-sched{split=2},convert-sched-to-par)' -o %t.acc.par.mlir
// RUN: graph-run %t.acc.par.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --shuffle 3 > %t.acc-par
// RUN: diff %t.acc %t.acc-4
// RUN: diff %t.acc %t.acc-1
// RUN: diff %t.acc %t.acc-par
// RUN: graph-opt %S/Inputs/accumulate.mlir --target=cpu --schedule split=4 | FileCheck %s --check-prefix=ACC
// ACC: par.for
// ACC: %[[SLOT:.*]] = par.atomic_rmw %c1, %{{.*}}, %c0 {kind = "add"}
// ACC: scf.if
// ACC: par.store %c5_i64, %[[SUMS:.*]], %[[SLOT]]
// ACC: par.store %c1000000_i64, %[[MINS:.*]], %[[SLOT]]
// ACC: par.thread_id
// ACC: %[[MINE:.*]] = par.local : !par.buf<i64>
// ACC: scf.for
// ACC: scf.if
// ACC: par.atomic_rmw %{{.*}}, %[[SUMS]], %{{.*}} {grouped, kind = "add"}
// ACC: par.atomic_rmw %{{.*}}, %[[MINS]], %{{.*}} {grouped, kind = "min"}
// ACC: par.barrier
// ACC: par.for{{.*}} attributes {chunk = 1 : i64, dist = "static"}
// ACC: par.load %[[SUMS]]

// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=11,degree=8,seed=3 --symmetrize --entry bfs 5 > %t.bfs
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=11,degree=8,seed=3 --symmetrize --entry bfs 5 --backend cpu --threads 2 --schedule split=4 > %t.bfs-4
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=11,degree=8,seed=3 --symmetrize --entry bfs 5 --backend cpu --threads 3 --schedule split=1,direction=push > %t.bfs-1
// RUN: diff %t.bfs %t.bfs-4
// RUN: diff %t.bfs %t.bfs-1
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=11,degree=8,seed=3,weighted --entry sssp 5 > %t.sssp
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=11,degree=8,seed=3,weighted --entry sssp 5 --backend cpu --threads 3 --schedule split=4 > %t.sssp-4
// RUN: diff %t.sssp %t.sssp-4
// An ordered worklist's loop splits only when its own schedule says so.
// RUN: graph-run %S/../../algorithms/sssp_delta.mlir --graph gen:kron:scale=11,degree=8,seed=3,weighted --entry sssp_delta 5 4 > %t.delta
// RUN: echo 'sssp_delta:0 split=2' > %t.delta.schedule
// RUN: graph-run %S/../../algorithms/sssp_delta.mlir --graph gen:kron:scale=11,degree=8,seed=3,weighted --entry sssp_delta 5 4 --backend cpu --threads 3 --schedule-file %t.delta.schedule > %t.delta-2
// RUN: diff %t.delta %t.delta-2
// RUN: graph-opt %S/../../algorithms/sssp_delta.mlir --target=cpu --schedule-file %t.delta.schedule | FileCheck %s --check-prefix=DELTA
// DELTA: par.thread_id
// RUN: graph-opt %S/../../algorithms/sssp_delta.mlir --convert-graph-to-sched='split=16 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDERED
// ORDERED: sssp_delta.mlir:24:5: remark: not split: the rounds of an ordered worklist (one a bucket) are many and short

// Remarks say which loops split, and why the others do not.
// RUN: graph-opt %S/Inputs/collapse.mlir --convert-graph-to-sched='split=8 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: collapse.mlir:13:3: remark: split: a node of 8 or more neighbours has its neighbour loop shared by the team's threads after the round's other nodes
// REMARK: collapse.mlir:20:3: remark: split: a node of 8
// REMARK: collapse.mlir:30:3: remark: split: a node of 8
// REMARK: collapse.mlir:36:3: remark: not split: schedule entry 'split' needs mapping 'thread', not 'edge'
// REMARK: collapse.mlir:49:3: remark: not split: schedule entry 'split' needs one neighbour loop in the body; the loop at {{.*}}collapse.mlir:53:5 is a second
// RUN: graph-opt %S/../../algorithms/pr.mlir --convert-graph-to-sched='split=16 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PR
// PR: pr.mlir:23:5: remark: not split: schedule entry 'split' needs a neighbour loop in the body
// PR: pr.mlir:31:5: remark: split: a node of 16 or more
// BC's level sweeps loop over a range and find each node by calls of
// functions that only read (@placed, @at): they split.
// RUN: graph-opt %S/../../algorithms/bc.mlir --convert-graph-to-sched='split=16 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BC
// BC: bc.mlir:33:5: remark: split: a node of 16 or more
// BC: bc.mlir:96:5: remark: split: a node of 16 or more
// BC: bc.mlir:120:5: remark: split: a node of 16 or more
// RUN: graph-opt %S/../../algorithms/bfs.mlir --convert-graph-to-sched='split=16 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BFS
// BFS: bfs.mlir:14:5: remark: split: a node of 16 or more
// BFS: bfs.mlir:24:3: remark: not split: schedule entry 'split' needs a neighbour loop in the body

// The round defers its high-degree nodes to a list made once before the
// rounds (the graph's edges / 16 + 1 places: no more nodes have 16
// neighbours; a node finding it full walks its list itself), then every
// thread walks its block of each deferred node's neighbours.
// RUN: graph-opt %S/../../algorithms/sssp.mlir --target=cpu --schedule split=16 | FileCheck %s
// CHECK: %[[EDGES:.*]] = par.graph_size %arg0 {of = "edges"}
// CHECK-NEXT: %[[MOST:.*]] = arith.divui %[[EDGES]], %c16
// CHECK-NEXT: %[[CAP:.*]] = arith.addi %[[MOST]], %c1
// CHECK-NEXT: %[[LIST:.*]] = par.alloc %[[CAP]]
// CHECK-NEXT: %[[COUNT:.*]] = par.alloc %c1
// CHECK-NEXT: scf.while
// CHECK: par.store %c0, %[[COUNT]], %c0
// CHECK: par.parallel
// CHECK: par.for
// CHECK: %[[DEG:.*]] = arith.subi
// CHECK: arith.cmpi uge, %[[DEG]], %c16
// CHECK: %[[SLOT:.*]] = par.atomic_rmw %c1, %[[COUNT]], %c0 {kind = "add"}
// CHECK: %[[FITS:.*]] = arith.cmpi ult, %[[SLOT]], %[[CAP]]
// CHECK: scf.if %[[FITS]]
// CHECK: par.store %{{.*}}, %[[LIST]], %[[SLOT]]
// CHECK: scf.for
// CHECK: %[[TRIED:.*]] = par.load %[[COUNT]], %c0 {atomic}
// CHECK: arith.minui %[[TRIED]], %[[CAP]]
// CHECK: par.thread_id
// CHECK: par.num_threads
// CHECK: scf.for
// CHECK: arith.minui
// CHECK: arith.minui
// CHECK: scf.for
// CHECK: par.atomic_rmw{{.*}} {kind = "min"}
// CHECK: par.free %[[LIST]]
// CHECK: par.free %[[COUNT]]

// A full list: a worklist holding the centre of a star five times, split
// at its degree (three places); the tries that find no place walk the list
// themselves.
// RUN: graph-run %S/Inputs/accumulate.mlir --graph %S/Inputs/star.el --symmetrize --entry repeats > %t.rep
// RUN: graph-run %S/Inputs/accumulate.mlir --graph %S/Inputs/star.el --symmetrize --entry repeats --backend cpu --threads 2 --schedule split=40 > %t.rep-40
// RUN: diff %t.rep %t.rep-40
// RUN: FileCheck %s --input-file=%t.rep --check-prefix=REP
// REP: 200
// REP-NEXT: 5
