// graph.count_common by each intersection method (merge, gallop, auto),
// compiled for the CPU and as par-level IR in the interpreter (shuffled),
// against the interpreter's count (a set of one list probed with the
// other) on graphs with parallel edges and self-loops (not simplified),
// skewed and even degrees, and bounds that cut no list, some, and all.
// RUN: graph-opt %S/Inputs/common-neighbours.mlir --target=cpu -o %t.par.mlir
// RUN: for g in gen:kron:scale=8,degree=16 gen:uniform:nodes=300,edges=3000 gen:grid:rows=9,cols=9,drop=0.2; do \
// RUN:   for below in 0 7 100 100000; do \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry merge $below > %t.ref && \
// RUN:     for m in merge gallop auto; do \
// RUN:       graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry $m $below > %t.interp && diff %t.ref %t.interp && \
// RUN:       graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry $m $below --backend cpu --threads 2 > %t.cpu && diff %t.ref %t.cpu && \
// RUN:       graph-run %t.par.mlir --graph $g --entry $m $below --shuffle 3 > %t.par && diff %t.ref %t.par || exit 1; \
// RUN:     done || exit 1; \
// RUN:   done || exit 1; \
// RUN: done
//
// On a 4-node graph: 0 -> 1, 2, 3 (twice); 1 -> 2, 3; 2 -> 3 (and 3 -> 3).
// Node 0: v = 1 shares {2, 3}, v = 2 shares {3}, v = 3 (twice) shares {3}
// each time: 2 + 1 + 1 + 1 = 5; below 3 only 2 counts: 1. Node 1: v = 2
// shares {3}, v = 3 shares {3}: 2. Node 2: v = 3 shares {3}: 1.
// RUN: printf '0 1\n0 2\n0 3\n0 3\n1 2\n1 3\n2 3\n3 3\n' > %t.el
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry gallop 4 | FileCheck %s --check-prefix=ALL
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry merge 4 --backend cpu | FileCheck %s --check-prefix=ALL
// ALL: {{^}}5{{$}}
// ALL-NEXT: {{^}}2{{$}}
// ALL-NEXT: {{^}}1{{$}}
// ALL-NEXT: {{^}}1{{$}}
// The bound is an index, compared unsigned on every backend: -1 is no bound.
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry gallop -- -1 | FileCheck %s --check-prefix=ALL
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry gallop --backend cpu -- -1 | FileCheck %s --check-prefix=ALL
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry auto 3 --backend cpu | FileCheck %s --check-prefix=CUT
// CUT: {{^}}1{{$}}
// CUT-NEXT: {{^}}0{{$}}
// CUT-NEXT: {{^}}0{{$}}
// CUT-NEXT: {{^}}0{{$}}
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph %t.el --entry distinct --backend cpu | FileCheck %s --check-prefix=DISTINCT
// DISTINCT: {{^}}3{{$}}
// DISTINCT-NEXT: {{^}}2{{$}}
// DISTINCT-NEXT: {{^}}1{{$}}
// DISTINCT-NEXT: {{^}}1{{$}}
//
// The helpers, one per method used.
// RUN: FileCheck %s --check-prefix=HELPERS < %t.par.mlir
// HELPERS-DAG: func.func private @__par_count_common_merge(
// HELPERS-DAG: func.func private @__par_count_common_gallop(
// HELPERS-DAG: func.func private @__par_count_common_auto(
