// The GPU pipeline splits by default: a node of 4096 or more neighbours has
// its neighbour loop shared by the whole grid (`split = 4096`, where the
// loop allows it); a schedule's `split` overrides it, 0 turning it off.
// REQUIRES: ptxas
// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=gpu | FileCheck %s
// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=gpu --schedule split=0 | FileCheck %s --check-prefix=OFF
// RUN: graph-opt %S/../../algorithms/sssp.mlir --target=gpu --schedule split=2 | FileCheck %s --check-prefix=TWO
// RUN: graph-opt %S/../../algorithms/bc.mlir --target=gpu --schedule split=1 --emit=ptx -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// CHECK: arith.cmpi uge, %{{.*}}, %c4096
// CHECK: "par.thread_id"
// CHECK: "par.num_threads"
// OFF-NOT: "par.thread_id"
// TWO: arith.cmpi uge, %{{.*}}, %c2 :
// TWO: "par.thread_id"
