// A worklist without 'unique' keeps every push: round 5 of @paths holds
// more than a thousand times as many items as the graph has nodes, so the
// queue outgrows its first capacity several times. Compiled, it must count
// what the interpreter counts, on 1 and 2 threads.
// RUN: graph-run %S/Inputs/paths.mlir --graph gen:kron:scale=10,degree=8,seed=3 --entry paths 0 5 > %t.interp
// RUN: graph-run %S/Inputs/paths.mlir --graph gen:kron:scale=10,degree=8,seed=3 --entry paths 0 5 --backend cpu --threads 1 > %t.cpu1
// RUN: graph-run %S/Inputs/paths.mlir --graph gen:kron:scale=10,degree=8,seed=3 --entry paths 0 5 --backend cpu --threads 2 > %t.cpu2
// RUN: diff %t.interp %t.cpu1
// RUN: diff %t.interp %t.cpu2
// RUN: FileCheck %s < %t.cpu2
// CHECK: # result 1 of 2
// CHECK-NEXT: {{^}}1313618{{$}}
// CHECK-NEXT: # result 2 of 2
// CHECK-NEXT: {{^}}5{{$}}

// The lowering keeps 'unique' only where the program asked for it.
// RUN: graph-opt %S/Inputs/paths.mlir --convert-graph-to-sched --convert-sched-to-par | FileCheck %s --check-prefix=PAR
// PAR: par.queue_new %{{.*}} : !par.queue<index>
