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
