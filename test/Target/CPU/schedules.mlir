// Every schedule computes what the interpreter computes: loops pulled
// (each node gathering over its in-edges), worklist loops scanning a bitmap
// of the round's items, pushes sent one by one, node loops collapsed into
// edge loops, on 2 threads.
// RUN: graph-run %S/Inputs/gather.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry gather > %t.interp
// RUN: graph-run %S/Inputs/gather.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry gather --backend cpu --threads 2 --schedule direction=pull > %t.pull
// RUN: diff %t.interp %t.pull
// RUN: graph-opt %S/Inputs/gather.mlir --target=cpu --schedule direction=pull | FileCheck %s --check-prefix=GATHER
// GATHER-COUNT-2: par.graph_array %{{.*}} {array = "in_
// GATHER-NOT: par.atomic_rmw %{{.*}} {kind = "max"}
// GATHER-NOT: par.atomic_rmw %{{.*}} {kind = "add"}

// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=10,degree=8,seed=3 --symmetrize --entry bfs 5 > %t.bfs
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=10,degree=8,seed=3 --symmetrize --entry bfs 5 --backend cpu --threads 2 --schedule direction=pull > %t.bfs-pull
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=10,degree=8,seed=3 --symmetrize --entry bfs 5 --backend cpu --threads 2 --schedule frontier=bitmap,pushes=direct > %t.bfs-bitmap
// RUN: diff %t.bfs %t.bfs-pull
// RUN: diff %t.bfs %t.bfs-bitmap
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,seed=3,weighted --entry sssp 5 > %t.sssp
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,seed=3,weighted --entry sssp 5 --backend cpu --threads 2 --schedule direction=pull,chunk=16 > %t.sssp-pull
// RUN: diff %t.sssp %t.sssp-pull

// Worklist loops whose pulled scans stop early are hybrid by default: each
// round pushed or pulled by its size. Forced to pull every round (alpha and
// beta large), to push every round, and with the thresholds as shipped, BFS
// computes what the interpreter computes (BC, whose sums are floats, is
// compared with a tolerance by the algorithm tests).
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=12,degree=8,seed=5 --symmetrize --entry bfs 0 > %t.hbfs
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=12,degree=8,seed=5 --symmetrize --entry bfs 0 --backend cpu --threads 2 > %t.hbfs-default
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=12,degree=8,seed=5 --symmetrize --entry bfs 0 --backend cpu --threads 2 --schedule alpha=1000000,beta=1000000 > %t.hbfs-pulled
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=12,degree=8,seed=5 --symmetrize --entry bfs 0 --backend cpu --threads 2 --schedule direction=hybrid,alpha=1,beta=1,frontier=bitmap > %t.hbfs-pushed
// RUN: diff %t.hbfs %t.hbfs-default
// RUN: diff %t.hbfs %t.hbfs-pulled
// RUN: diff %t.hbfs %t.hbfs-pushed
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:grid:rows=40,cols=50,seed=2 --entry bfs 7 > %t.gbfs
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:grid:rows=40,cols=50,seed=2 --entry bfs 7 --backend cpu --threads 2 --schedule alpha=1000000,beta=1000000 > %t.gbfs-pulled
// RUN: diff %t.gbfs %t.gbfs-pulled
// The lowering: the round's size against nodes / beta, then its out-edges
// (summed by a team) against edges / alpha; a pulled node's scan is a while
// loop that ends once its distance cannot drop to the new level.
// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=cpu | FileCheck %s --check-prefix=HYBRID
// HYBRID: %[[SIZE:.*]] = par.queue_size
// HYBRID: %[[SHARE:.*]] = arith.muli %[[SIZE]], %c144
// HYBRID: %[[MANY:.*]] = arith.cmpi ugt, %[[SHARE]], %{{.*}} : index
// HYBRID: scf.if %[[MANY]] -> (i1) {
// HYBRID: par.atomic_rmw {{.*}} {kind = "add"}
// HYBRID: arith.muli %{{.*}}, %c20
// HYBRID: scf.while
// HYBRID-NEXT: arith.cmpi ult
// HYBRID-NEXT: par.load {{.*}} {atomic}
// HYBRID-NEXT: arith.cmpi slt

// Collapsed loops (one iteration per edge) and the loops that keep one
// thread per node compute the same.
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse > %t.collapse
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 2 > %t.collapse-thread
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 2 --schedule mapping=edge > %t.collapse-edge
// RUN: diff %t.collapse %t.collapse-thread
// RUN: diff %t.collapse %t.collapse-edge

// Bad schedules are diagnosed before anything runs.
// RUN: not graph-run %S/Inputs/gather.mlir --graph gen:grid:rows=2,cols=2 --entry gather --backend cpu --schedule direction=sideways 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: error: schedule entry 'direction' must be "push", "pull" or "hybrid", got "sideways"
// RUN: not graph-run %S/Inputs/gather.mlir --graph gen:grid:rows=2,cols=2 --entry gather --schedule direction=pull 2>&1 | FileCheck %s --check-prefix=INTERP
// INTERP: error: --schedule applies to compiled backends only (--backend cpu or gpu)
// RUN: not graph-opt %S/Inputs/gather.mlir --convert-graph-to-sched --schedule direction=pull 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: '--schedule' applies to the default pipeline of '--target' only
