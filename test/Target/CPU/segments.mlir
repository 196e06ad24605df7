// Segments (`segments = K`): a loop over all nodes walks its neighbour
// loops in K passes, pass k over the neighbours in the k-th range of the
// nodes, from a copy of the lists made per segment once per call; every
// node is listed at its own index, its accumulators carried from pass to
// pass in a value per node, and what follows the neighbour loop runs once
// per node after the last pass. Gathers over in-neighbours with the edges'
// weights (the edges copied too) and into the node's own element, pushes
// over out-neighbours into theirs, sums from a non-neutral start, a min and
// a scalar never reduced compute what the interpreter computes: on the CPU
// with 2 and 3 threads, and at the par level in order, shuffled and on a
// simulated grid. Loops the schedule cannot take (over in-edges, with two
// neighbour loops, over a worklist's items) keep their own walk.
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse > %t.collapse
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 2 --schedule segments=2 > %t.collapse-2
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 3 --schedule segments=7,dist=static,chunk=3 > %t.collapse-7
// RUN: diff %t.collapse %t.collapse-2
// RUN: diff %t.collapse %t.collapse-7
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate > %t.acc
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --backend cpu --threads 2 --schedule segments=3 > %t.acc-3
// RUN: graph-opt %S/Inputs/accumulate.mlir --pass-pipeline='builtin.module(convert-graph-to-sched{segments=5},convert-sched-to-par)' -o %t.acc.par.mlir
// RUN: graph-run %t.acc.par.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --shuffle 3 > %t.acc-par
// RUN: graph-run %t.acc.par.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --simulate-grid 2x2x3 --shuffle 5 > %t.acc-grid
// RUN: diff %t.acc %t.acc-3
// RUN: diff %t.acc %t.acc-par
// RUN: diff %t.acc %t.acc-grid
// The most segments a loop takes (64), compiled and run.
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --backend cpu --threads 2 --schedule segments=64 > %t.acc-64
// RUN: diff %t.acc %t.acc-64
// RUN: not graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --backend cpu --schedule segments=100000 2>&1 | FileCheck %s --check-prefix=TOO-MANY
// TOO-MANY: schedule entry 'segments' must be an integer from 0 to 64, got 100000
// A graph with fewer nodes than segments, and one without edges.
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=1,degree=1,seed=4 --entry accumulate > %t.tiny
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=1,degree=1,seed=4 --entry accumulate --backend cpu --threads 3 --schedule segments=9 > %t.tiny-9
// RUN: diff %t.tiny %t.tiny-9
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:uniform:nodes=5,edges=0 --entry accumulate > %t.none
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:uniform:nodes=5,edges=0 --entry accumulate --backend cpu --threads 2 --schedule segments=2 > %t.none-2
// RUN: diff %t.none %t.none-2

// The copy: a team of its own in the entry block counts each node's
// neighbours per segment, scans the counts and puts each neighbour in
// place; then every node is listed at its own index, the passes carry the
// accumulators without atomics, and the tails follow.
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=cpu --schedule segments=2 | FileCheck %s
// CHECK: par.parallel
// CHECK: par.for
// CHECK: arith.divui
// CHECK: par.block_scan
// CHECK: par.for
// CHECK: par.local {size = 2 : i64}
// CHECK: scf.for
// CHECK: par.store %[[V:arg[0-9]+]], %{{.*}}, %[[V]] : index, !par.buf<index>
// CHECK: par.for
// CHECK-NOT: par.atomic_rmw
// CHECK: par.for
// CHECK-NOT: par.atomic_rmw
// CHECK: par.for{{.*}} attributes {chunk = 1024 : i64, dist = "guided"}

// Remarks: which loops run in segments, and why the others do not.
// RUN: graph-opt %S/Inputs/collapse.mlir --convert-graph-to-sched='segments=4 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: collapse.mlir:13:3: remark: segments: the neighbour loops run in 4 passes, each over the neighbours in one range of the nodes, from a copy of the lists made per range once
// REMARK: collapse.mlir:20:3: remark: not segmented: schedule entry 'segments' needs the inner loop at {{.*}}collapse.mlir:21:5 to run over in_nbrs or out_nbrs of the outer node, in the outer loop's graph
// REMARK: collapse.mlir:49:3: remark: not segmented: schedule entry 'segments' needs one neighbour loop in the body; the loop at {{.*}}collapse.mlir:53:5 is a second
