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
// ACC: "par.for"
// ACC: scf.if
// ACC: } else {
// ACC: %[[SLOT:.*]] = "par.atomic_rmw"(%c1, %{{.*}}, %c0) <{kind = "add"}>
// ACC: "par.store"(%c5_i64, %[[SUMS:.*]], %[[SLOT]])
// ACC: "par.store"(%c1000000_i64, %[[MINS:.*]], %[[SLOT]])
// ACC: "par.thread_id"
// ACC: %[[MINE:.*]] = "par.local"() : () -> !par.buf<i64>
// ACC: scf.for
// ACC: scf.if
// ACC: "par.atomic_rmw"(%{{.*}}, %[[SUMS]], %{{.*}}) <{kind = "add"}>
// ACC: "par.atomic_rmw"(%{{.*}}, %[[MINS]], %{{.*}}) <{kind = "min"}>
// ACC: "par.barrier"
// ACC: "par.for"{{.*}}<{chunk = 1 : i64, dist = "static"}>
// ACC: "par.load"(%[[SUMS]]

// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=11,degree=8,seed=3 --symmetrize --entry bfs 5 > %t.bfs
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=11,degree=8,seed=3 --symmetrize --entry bfs 5 --backend cpu --threads 2 --schedule split=4 > %t.bfs-4
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=11,degree=8,seed=3 --symmetrize --entry bfs 5 --backend cpu --threads 3 --schedule split=1,direction=push > %t.bfs-1
// RUN: diff %t.bfs %t.bfs-4
// RUN: diff %t.bfs %t.bfs-1
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=11,degree=8,seed=3,weighted --entry sssp 5 > %t.sssp
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=11,degree=8,seed=3,weighted --entry sssp 5 --backend cpu --threads 3 --schedule split=4 > %t.sssp-4
// RUN: diff %t.sssp %t.sssp-4

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
// RUN: graph-opt %S/../../algorithms/bfs.mlir --convert-graph-to-sched='split=16 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BFS
// BFS: bfs.mlir:14:5: remark: split: a node of 16 or more
// BFS: bfs.mlir:24:3: remark: not split: schedule entry 'split' needs a neighbour loop in the body

// The round defers its high-degree nodes (an atomic count, a list), then
// every thread walks its block of each deferred node's neighbours.
// RUN: graph-opt %S/../../algorithms/sssp.mlir --target=cpu --schedule split=16 | FileCheck %s
// CHECK: "par.queue_items"
// CHECK-NEXT: %[[LIST:.*]] = "par.alloc"
// CHECK-NEXT: %[[COUNT:.*]] = "par.alloc"(%c1)
// CHECK: "par.parallel"
// CHECK: "par.for"
// CHECK: %[[DEG:.*]] = arith.subi
// CHECK: arith.cmpi ult, %[[DEG]], %c16
// CHECK: scf.if
// CHECK: scf.for
// CHECK: } else {
// CHECK: %[[SLOT:.*]] = "par.atomic_rmw"(%c1, %[[COUNT]], %c0) <{kind = "add"}>
// CHECK: "par.store"(%{{.*}}, %[[LIST]], %[[SLOT]])
// CHECK: "par.load"(%[[COUNT]], %c0) <{atomic}>
// CHECK: "par.thread_id"
// CHECK: "par.num_threads"
// CHECK: scf.for
// CHECK: arith.minui
// CHECK: arith.minui
// CHECK: scf.for
// CHECK: "par.atomic_rmw"{{.*}}<{kind = "min"}>
// CHECK: "par.free"(%[[COUNT]])
// CHECK: "par.free"(%[[LIST]])
