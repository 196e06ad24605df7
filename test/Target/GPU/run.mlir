// On a machine with a GPU: results match the interpreter's.
// REQUIRES: cuda-driver
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=10,degree=8 --symmetrize --simplify --entry bfs --backend gpu 3 > %t.gpu
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=10,degree=8 --symmetrize --simplify --entry bfs 3 > %t.interp
// RUN: diff %t.gpu %t.interp
// The phase profile: the same results, and a table of the sites of the
// master (thread 0 of the grid), which cover the kernel's time but for its
// launch. Three runs, so that the median time is not the mean of the first
// run's (module loaded, pool allocated) and a warm one's.
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=10,degree=8 --symmetrize --simplify --entry bfs --backend gpu --profile --time --repeat 3 3 > %t.gpu 2> %t.profile
// RUN: diff %t.gpu %t.interp
// RUN: FileCheck %s --input-file=%t.profile --check-prefix=PROFILE
// PROFILE: profile of 'bfs' (gpu; counts and times per run, over 3 runs):
// PROFILE: bfs.mlir:{{[0-9]+}}:{{[0-9]+}} bfs.par{{[0-9]+}} par.parallel: serial code before it, and its start 1
// PROFILE: bfs.mlir:{{[0-9]+}}:{{[0-9]+}} bfs return: serial code after the last region 1
// PROFILE-NEXT: all {{[0-9]+\.[0-9]{4} +100\.0%$}}
// RUN: awk '/^all / { all = $2 } /^time: / { t = $2 * 1000 } END { r = all / t; print (r > 0.5 && r <= 1.0001) ? "covered" : "not covered: " all " ms of " t " ms" }' %t.profile | FileCheck %s --check-prefix=COVER
// COVER: {{^covered$}}
// Blocks: each iteration on a block; the four tiers by degree.
// RUN: graph-run %S/../../algorithms/bfs.mlir --graph gen:kron:scale=10,degree=8 --symmetrize --simplify --entry bfs --backend gpu --schedule mapping=block,direction=push 3 > %t.gpu
// RUN: diff %t.gpu %t.interp
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,weighted --symmetrize --simplify --entry sssp --backend gpu --schedule split=64,block=16,warp=4 3 > %t.gpu
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,weighted --symmetrize --simplify --entry sssp 3 > %t.interp
// RUN: diff %t.gpu %t.interp
// The memory pool: none (every buffer from the device heap, read back
// through the copy kernel), and one too small for the program's buffers
// (the first ones from the pool, the rest from the heap), over two runs
// each: the same results. A size that is not a number is refused.
// RUN: env STRATA_GPU_POOL=0 graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,weighted --symmetrize --simplify --entry sssp --backend gpu --repeat 2 3 > %t.gpu
// RUN: diff %t.gpu %t.interp
// RUN: env STRATA_GPU_POOL=20000 graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,weighted --symmetrize --simplify --entry sssp --backend gpu --repeat 2 3 > %t.gpu
// RUN: diff %t.gpu %t.interp
// RUN: not env STRATA_GPU_POOL=lots graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,weighted --entry sssp --backend gpu 3 2>&1 | FileCheck %s --check-prefix=POOL
// POOL: error: STRATA_GPU_POOL must be the pool's size in bytes (0: no pool), got 'lots'
// Pushes aggregated per block and per subgroup (cooperative conversion).
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,weighted --symmetrize --simplify --entry sssp --backend gpu --schedule pushes=block 3 > %t.gpu
// RUN: diff %t.gpu %t.interp
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,weighted --symmetrize --simplify --entry sssp --backend gpu --schedule pushes=subgroup,split=64 3 > %t.gpu
// RUN: diff %t.gpu %t.interp
// The GPU's read bandwidth, PageRank's share of it, and the gather probe.
// RUN: graph-bench --corpus %S/../../algorithms --backend gpu --bandwidth --algorithms pr --graphs 'kron:scale=10,degree=8,seed=1' --repeat 2 | FileCheck %s --check-prefix=BW
// BW: # read bandwidth: {{[0-9.]+}} GB/s (the GPU's threads summing 2048 MiB of its memory, median of 2)
// BW: #   pr on kron: {{[0-9.]+}} GB an iteration at the least, {{[0-9.]+}} GB/s, {{[0-9]+}} % of the read bandwidth
// BW-NEXT: #   gather probe: {{[0-9]+}} words read at random from 1024 in {{[0-9.]+}} s; an iteration {{[0-9.]+}} s, {{[0-9.]+}} times that; its bytes in the probe's time would be {{[0-9]+}} % of the read bandwidth
// A schedule for the GPU against the CPU's defaults (--cpu-schedule ''):
// the header names the baseline's schedule, and the results agree.
// RUN: graph-bench --corpus %S/../../algorithms --backend gpu --schedule unroll=4 --cpu-schedule '' --algorithms pr --graphs 'kron:scale=8,degree=4,seed=1' --repeat 1 | FileCheck %s --check-prefix=CPUSCHED
// CPUSCHED: and of the CPU backend with 2 threads, schedule '' (baseline)
// CPUSCHED: pr kron (256 nodes, {{[0-9]+}} edges) {{.*}} yes
// Subgroup and block collectives against their closed forms.
// RUN: graph-run %S/Inputs/collectives.mlir --entry collectives --backend gpu | FileCheck %s --check-prefix=COLLECTIVES
// COLLECTIVES: {{^}}0{{$}}
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:grid:rows=30,cols=40,weighted --entry sssp --backend gpu 0 > %t.gpu
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:grid:rows=30,cols=40,weighted --entry sssp 0 > %t.interp
// RUN: diff %t.gpu %t.interp
// RUN: graph-run %S/../../algorithms/cc.mlir --graph gen:uniform:nodes=500,edges=700 --symmetrize --entry cc --backend gpu --repeat 3 --time > %t.gpu 2> %t.time
// RUN: graph-run %S/../../algorithms/cc.mlir --graph gen:uniform:nodes=500,edges=700 --symmetrize --entry cc > %t.interp
// RUN: diff %t.gpu %t.interp
// RUN: FileCheck %s --input-file=%t.time
// CHECK: # at most {{[0-9]+}} edges a node: the degree tiers left at their defaults that it does not reach (split, warp) compiled off
// CHECK: time:
// CHECK: runs: 3
// CHECK: transfer-time:

// Nodes of two or more neighbours shared by the grid: the same results.
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,weighted --symmetrize --entry sssp --backend gpu --schedule split=2 3 > %t.gpu
// RUN: graph-run %S/../../algorithms/sssp.mlir --graph gen:kron:scale=10,degree=8,weighted --symmetrize --entry sssp 3 > %t.interp
// RUN: diff %t.gpu %t.interp
