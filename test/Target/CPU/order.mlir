// `order = "degree"`: a thread-mapped loop over all nodes takes them from
// the fewest neighbours to the most (by the lists its body walks: in- or
// out-edges), position k standing for the k-th node of the graph's array
// `nodes_by_in_degree` or `nodes_by_out_degree`. Any order is legal for a
// parallel loop, so every result is the interpreter's: node loops over
// in- and out-lists, with a filter and with sums (integers, exact), alone,
// with the degree tiers, dealt statically, pulled, on a simulated grid, on
// a graph without edges.
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse > %t.collapse
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 3 --schedule order=degree > %t.collapse-o
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 2 --schedule order=degree,split=16,warp=2,dist=static,chunk=3 > %t.collapse-ost
// RUN: graph-run %S/Inputs/collapse.mlir --graph gen:kron:scale=9,degree=6,seed=4,weighted --entry collapse --backend cpu --threads 2 --schedule order=degree,direction=pull > %t.collapse-op
// RUN: diff %t.collapse %t.collapse-o
// RUN: diff %t.collapse %t.collapse-ost
// RUN: diff %t.collapse %t.collapse-op
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate > %t.acc
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --backend cpu --threads 3 --schedule order=degree,split=16,block=6,warp=2 > %t.acc-o
// RUN: graph-opt %S/Inputs/accumulate.mlir --pass-pipeline='builtin.module(convert-graph-to-sched{order=degree split=16 warp=2},convert-sched-to-par)' -o %t.acc.par.mlir
// RUN: graph-run %t.acc.par.mlir --graph gen:kron:scale=9,degree=6,seed=4 --entry accumulate --simulate-grid 2x2x3 --shuffle 5 > %t.acc-grid
// RUN: diff %t.acc %t.acc-o
// RUN: diff %t.acc %t.acc-grid
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:uniform:nodes=5,edges=0 --entry accumulate > %t.none
// RUN: graph-run %S/Inputs/accumulate.mlir --graph gen:uniform:nodes=5,edges=0 --entry accumulate --backend cpu --threads 2 --schedule order=degree > %t.none-o
// RUN: diff %t.none %t.none-o
// The par IR: the order's array, made once, and the node of each position
// read from it in the work-shared loop (in-lists here, out-lists below).
// RUN: graph-opt %S/Inputs/accumulate.mlir --target=cpu --schedule order=degree | FileCheck %s
// CHECK: %[[BY:.*]] = par.graph_array %arg0 {array = "nodes_by_in_degree"} : !par.buf<i32>
// CHECK: %[[ID:.*]] = par.load %[[BY]], %[[K:arg[0-9]+]] : !par.buf<i32> -> i32
// CHECK-NEXT: %[[V:.*]] = arith.index_castui %[[ID]] : i32 to index
// CHECK: par.load %{{.*}}, %[[V]]
// RUN: graph-opt %S/Inputs/collapse.mlir --target=cpu --schedule order=degree | FileCheck %s --check-prefix=OUT
// OUT: par.graph_array %arg0 {array = "nodes_by_out_degree"}
// Remarks: where the nodes are ordered, and why not elsewhere.
// RUN: graph-opt %S/Inputs/accumulate.mlir --pass-pipeline='builtin.module(convert-graph-to-sched{order=degree remarks})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: accumulate.mlir:14:3: remark: order 'degree': the team takes the nodes from the fewest in-edges to the most, so that threads side by side walk lists of about the same length
// REMARK: accumulate.mlir:36:3: remark: not ordered by degree: schedule entry 'order' needs a neighbour loop of the iteration's node in the body (in_nbrs, in_edges, out_nbrs or out_edges of the loop's graph): its length orders the nodes
// REMARK: accumulate.mlir:40:5: remark: not ordered by degree: schedule entry 'order' needs a loop over nodes(...)
// Written on a loop, an error where it does not apply; a bad value.
// RUN: not graph-opt %S/Inputs/accumulate.mlir --target=cpu --schedule-file %S/Inputs/order-on-items.txt 2>&1 | FileCheck %s --check-prefix=ITEMS
// ITEMS: error: illegal schedule: schedule entry 'order' needs a loop over nodes(...)
// RUN: not graph-opt %S/Inputs/accumulate.mlir --target=cpu --schedule-file %S/Inputs/order-with-segments.txt 2>&1 | FileCheck %s --check-prefix=SEGMENTS
// SEGMENTS: error: illegal schedule: schedule entry 'order' does not combine with 'segments': each pass lists every node at its own place
// RUN: not graph-opt %S/Inputs/collapse.mlir --target=cpu --schedule-file %S/Inputs/order-on-warps.txt 2>&1 | FileCheck %s --check-prefix=WARPS
// WARPS: error: illegal schedule: schedule entry 'order' needs mapping 'thread', not 'warp'
// RUN: not graph-opt %S/Inputs/accumulate.mlir --target=cpu --schedule order=random 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: error: {{.*}}schedule entry 'order' must be "id" or "degree", got "random"
