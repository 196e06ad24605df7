// graph.foreach over common_nbrs, compiled for the CPU and as par-level IR
// in the interpreter (shuffled), against the interpreter (a set of one
// list probed with the other): nested in a parallel loop, the number of
// iterations equals graph.count_common's count (@listed against @merge)
// and the visited nodes agree (@weighted); as a parallel loop of its own,
// it marks the common neighbours of two nodes (@marked). Graphs with
// parallel edges and self-loops (not simplified), skewed and even
// degrees, and bounds that cut no list, some, and all.
// RUN: graph-opt %S/Inputs/common-neighbours.mlir --target=cpu -o %t.par.mlir
// RUN: for g in gen:kron:scale=8,degree=16 gen:uniform:nodes=300,edges=3000 gen:grid:rows=9,cols=9,drop=0.2; do \
// RUN:   for below in 0 7 100 100000; do \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry merge $below > %t.ref && \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry listed $below --shuffle 5 > %t.interp && diff %t.ref %t.interp && \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry listed $below --backend cpu --threads 2 > %t.cpu && diff %t.ref %t.cpu && \
// RUN:     graph-run %t.par.mlir --graph $g --entry listed $below --shuffle 3 > %t.par && diff %t.ref %t.par && \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry weighted $below > %t.wref && \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry weighted $below --backend cpu --threads 2 > %t.wcpu && diff %t.wref %t.wcpu && \
// RUN:     graph-run %t.par.mlir --graph $g --entry weighted $below --shuffle 7 > %t.wpar && diff %t.wref %t.wpar && \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry marked 0 1 $below > %t.mref && \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry marked 0 1 $below --backend cpu --threads 2 > %t.mcpu && diff %t.mref %t.mcpu || exit 1; \
// RUN:   done || exit 1; \
// RUN: done
//
// On a 4-node graph: 0 -> 1, 2, 3 (twice); 1 -> 2, 3; 2 -> 3 (and 3 -> 3).
// Nodes 0 and 1 share 2 and 3 (3 once, though 0 -> 3 twice); below 3, only 2.
// RUN: printf '0 1\n0 2\n0 3\n0 3\n1 2\n1 3\n2 3\n3 3\n' > %t.el
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry marked 0 1 4 --backend cpu | FileCheck %s --check-prefix=BOTH
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry marked 1 0 4 | FileCheck %s --check-prefix=BOTH
// BOTH: {{^}}0{{$}}
// BOTH-NEXT: {{^}}0{{$}}
// BOTH-NEXT: {{^}}1{{$}}
// BOTH-NEXT: {{^}}1{{$}}
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry marked 0 1 3 --backend cpu | FileCheck %s --check-prefix=CUT
// CUT: {{^}}0{{$}}
// CUT-NEXT: {{^}}0{{$}}
// CUT-NEXT: {{^}}1{{$}}
// CUT-NEXT: {{^}}0{{$}}
// The bound is compared unsigned: -1 is none.
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry marked --backend cpu -- 0 1 -1 | FileCheck %s --check-prefix=BOTH
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry marked -- 0 1 -1 | FileCheck %s --check-prefix=BOTH
//
// The walk: the shorter list's slice below the bound, each position's
// value searched in the other list; no count helper.
// RUN: FileCheck %s --check-prefix=WALK < %t.par.mlir
// WALK-LABEL: func.func @marked(
// WALK: call @__par_common_slices(
// WALK: par.parallel
// WALK: par.for
// WALK: call @__par_common_at(
// WALK-DAG: func.func private @__par_common_slices(
// WALK-DAG: func.func private @__par_common_at(
//
// Schedules that need another space are refused at the loop.
// RUN: printf 'marked:0 mapping=edge\n' > %t.edge
// RUN: not graph-opt %S/Inputs/common-neighbours.mlir --target=cpu --schedule-file %t.edge 2>&1 | FileCheck %s --check-prefix=EDGE
// EDGE: common-neighbours.mlir:{{[0-9]+}}:3: error: illegal schedule: mapping 'edge' needs a loop over nodes(...)
