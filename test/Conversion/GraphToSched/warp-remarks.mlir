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
// The same for `mapping=block`.
// RUN: graph-opt %S/../../algorithms/pr.mlir --convert-graph-to-sched='mapping=block remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: pr.mlir:23:5: remark: not mapped 'block': mapping 'block' needs a neighbour loop in the body
// BLOCK: pr.mlir:31:5: remark: mapping 'block': each iteration runs on a block (a GPU block), whose threads stride over the neighbour loop and combine its sums; one thread runs what follows
// And for `mapping=edge-balanced`.
// RUN: graph-opt %S/../../algorithms/pr.mlir --convert-graph-to-sched='mapping=edge-balanced remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=EDGES
// EDGES: pr.mlir:23:5: remark: not mapped 'edge-balanced': mapping 'edge-balanced' needs a neighbour loop in the body
// EDGES: pr.mlir:31:5: remark: mapping 'edge-balanced': the round lists its nodes, then each thread of the team walks an equal share of their edges; what follows a node's neighbour loop runs once per node after them
// The degree tiers (`split`, `warp`) say from which degree they apply, or
// why not.
// RUN: graph-opt %S/../../algorithms/pr.mlir --convert-graph-to-sched='split=64 warp=8 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIERS
// TIERS: pr.mlir:23:5: remark: not split: schedule entry 'split' needs a neighbour loop in the body
// TIERS: pr.mlir:23:5: remark: not deferred to subgroups: schedule entry 'warp' needs a neighbour loop in the body
// TIERS: pr.mlir:31:5: remark: split: a node of 64 or more neighbours
// TIERS: pr.mlir:31:5: remark: warp: a node of 8 or more neighbours (fewer than 64) has its neighbour loop walked by a subgroup (a GPU warp) after the round's other nodes
// RUN: graph-opt %S/../../algorithms/pr.mlir --convert-graph-to-sched='split=64 block=16 warp=8 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREE
// THREE: pr.mlir:23:5: remark: not deferred to blocks: schedule entry 'block' needs a neighbour loop in the body
// THREE: pr.mlir:31:5: remark: split: a node of 64 or more neighbours
// THREE: pr.mlir:31:5: remark: block: a node of 16 or more neighbours (fewer than 64) has its neighbour loop walked by a block (a GPU block) after the round's other nodes
// THREE: pr.mlir:31:5: remark: warp: a node of 8 or more neighbours (fewer than 16) has its neighbour loop walked by a subgroup (a GPU warp) after the round's other nodes
// A tier at or above the one over it is not taken from the pass options:
// the remark says why.
// RUN: graph-opt %S/../../algorithms/pr.mlir --convert-graph-to-sched='split=64 block=16 warp=16 remarks=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CLASH
// CLASH: pr.mlir:31:5: remark: not deferred to subgroups: schedule entry 'warp' (16) must be below 'block' (16): nodes of 'block' neighbours or more are a block's
