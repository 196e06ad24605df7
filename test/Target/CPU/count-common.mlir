// graph.count_common by each intersection method (merge, gallop, auto,
// bitmap),
// compiled for the CPU and as par-level IR in the interpreter (shuffled),
// against the interpreter's count (a set of one list probed with the
// other) on graphs with parallel edges and self-loops (not simplified),
// skewed and even degrees, and bounds that cut no list, some, and all.
// RUN: graph-opt %S/Inputs/common-neighbours.mlir --target=cpu -o %t.par.mlir
// RUN: for g in gen:kron:scale=8,degree=16 gen:uniform:nodes=300,edges=3000 gen:grid:rows=9,cols=9,drop=0.2; do \
// RUN:   for below in 0 7 100 100000; do \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry merge $below > %t.ref && \
// RUN:     for m in merge gallop auto bitmap; do \
// RUN:       graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry $m $below > %t.interp && diff %t.ref %t.interp && \
// RUN:       graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry $m $below --backend cpu --threads 2 > %t.cpu && diff %t.ref %t.cpu && \
// RUN:       graph-run %t.par.mlir --graph $g --entry $m $below --shuffle 3 > %t.par && diff %t.ref %t.par || exit 1; \
// RUN:     done || exit 1; \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry per_edge_merge $below > %t.eref && \
// RUN:     graph-run %S/Inputs/common-neighbours.mlir --graph $g --entry per_edge $below --backend cpu --threads 2 > %t.ecpu && diff %t.eref %t.ecpu && \
// RUN:     graph-run %t.par.mlir --graph $g --entry per_edge $below --shuffle 5 > %t.epar && diff %t.eref %t.epar || exit 1; \
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
// HELPERS-DAG: func.func private @__par_count_common_bitmap(
//
// By bitmap, each thread of the parallel loop around the count keeps a
// flag per node and the node whose list they hold, freed after the loop;
// the GPU's pipeline intersects such counts as auto.
// RUN: FileCheck %s --check-prefix=FLAGS < %t.par.mlir
// FLAGS-LABEL: func.func @per_edge(
// FLAGS: par.parallel
// FLAGS: %[[BITS:.*]] = par.alloc %{{.*}} : !par.buf<i1>
// FLAGS: par.local : !par.buf<index>
// FLAGS: par.for
// FLAGS: call @__par_count_common_bitmap(
// FLAGS: par.free %[[BITS]]
// RUN: graph-opt %S/Inputs/common-neighbours.mlir --target=gpu | FileCheck %s --check-prefix=GPU
// GPU-NOT: @__par_count_common_bitmap
// GPU: func.func @per_edge(
// GPU: call @__par_count_common_auto(
// GPU-NOT: @__par_count_common_bitmap
// A count by bitmap in no loop is an error.
// RUN: not graph-opt %S/Inputs/bitmap-alone.mlir --target=cpu 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: bitmap-alone.mlir:6:8: error: intersect 'bitmap' needs the count inside a loop of the same function, which keeps its flags
//
// A loop's schedule entry `intersect` sets the method of the counts of its
// own (nearest loop) that name none: by schedule file, by pass option
// (which reaches nested loops too), checked against the interpreter.
// RUN: printf 'sums:1 intersect=gallop\n' > %t.gallop
// RUN: graph-opt %S/Inputs/common-neighbours.mlir --target=cpu --schedule-file %t.gallop | FileCheck %s --check-prefix=ENTRY
// ENTRY-NOT: @__par_count_common_auto
// ENTRY: func.func private @__par_count_common_gallop(
// ENTRY-NOT: @__par_count_common_auto
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph gen:kron:scale=7,degree=8 --entry auto 50 > %t.auto.ref
// RUN: graph-run %S/Inputs/common-neighbours.mlir --graph gen:kron:scale=7,degree=8 --entry auto 50 --backend cpu --schedule-file %t.gallop > %t.auto.gallop
// RUN: diff %t.auto.ref %t.auto.gallop
// RUN: graph-opt %S/Inputs/common-neighbours.mlir --pass-pipeline='builtin.module(convert-graph-to-sched{intersect=merge},convert-sched-to-par)' | FileCheck %s --check-prefix=OPTION
// OPTION-NOT: @__par_count_common_auto
// OPTION: func.func private @__par_count_common_merge(
//
// On a loop without a count of its own (sums:0's are in the nested loop),
// and with a method that does not exist: errors.
// RUN: printf 'sums:0 intersect=merge\n' > %t.outer
// RUN: not graph-opt %S/Inputs/common-neighbours.mlir --target=cpu --schedule-file %t.outer 2>&1 | FileCheck %s --check-prefix=OUTER
// OUTER: common-neighbours.mlir:10:3: error: illegal schedule: schedule entry 'intersect' applies to a loop that holds a graph.count_common
// RUN: printf 'sums:1 intersect=hash\n' > %t.bad
// RUN: not graph-opt %S/Inputs/common-neighbours.mlir --target=cpu --schedule-file %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: count-common.mlir.tmp.bad:1:8: error: loop 'sums:1': schedule entry 'intersect' must be "merge", "gallop", "auto" or "bitmap", got "hash"
