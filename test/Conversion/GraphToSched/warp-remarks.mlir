// With `remarks`, each parallel loop says whether the pass option's
// `mapping=warp` applies to it and, where not, why; those loops keep a
// thread per iteration. PageRank's gather maps to warps, its contribution
// loop (no neighbour loop) does not; BC's forward sweep is hybrid.
// RUN: graph-opt %S/../../algorithms/pr.mlir --convert-graph-to-sched='mapping=warp remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PR
// RUN: graph-opt %S/../../algorithms/bc.mlir --convert-graph-to-sched='mapping=warp remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BC
// RUN: graph-opt %S/../../algorithms/pr.mlir --convert-graph-to-sched='mapping=warp' | FileCheck %s --check-prefix=SCHED
// PR: pr.mlir:23:5: remark: not mapped 'warp': mapping 'warp' needs a neighbour loop in the body
// PR: pr.mlir:31:5: remark: mapping 'warp': each iteration runs on a subgroup (a GPU warp), whose lanes stride over the neighbour loop and combine its sums; one lane runs what follows
// BC: bc.mlir:33:5: remark: not mapped 'warp': mapping 'warp' walks each round pushed; direction 'hybrid' pulls some
// BC: bc.mlir:96:5: remark: mapping 'warp'
// SCHED: mapping = "thread"
// SCHED: mapping = "warp"
