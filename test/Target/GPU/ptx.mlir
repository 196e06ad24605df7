// PTX for the GPU: one cooperative kernel per public function, the grid
// barrier, warp-aggregated pushes, the memory pool, and the runner's copy
// and free kernels.
// Every file is checked by ptxas for sm_80 and sm_90.
// REQUIRES: ptxas

// RUN: graph-opt %S/../../algorithms/bfs.mlir --target=gpu --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=WORDS
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// CHECK: .version 7.8
// CHECK: .target sm_80
// CHECK: .address_size 64
// CHECK-DAG: .extern .func  (.param .b64 func_retval0) malloc
// CHECK-DAG: .visible .global .align 8 .b8 _strata_pool[24];
// CHECK-DAG: atom.global.add.u64 {{.*}}[_strata_pool+8]
// CHECK-DAG: atom.{{.*}}global.cas.b64 {{.*}}[_strata_pool+8]
// CHECK-DAG: .global .align 8 .u64 strata_$_fill_words;
// CHECK-DAG: .global .align 4 .u32 strata_$_dispatch;
// CHECK-DAG: .global .align 4 .u32 strata_$_grid_generation;
// CHECK-DAG: .global .align 8 .u64 bfs_$_par1_$_frame
// CHECK-LABEL: .visible .entry _strata_copy(
// CHECK: .maxntid 256
// CHECK-NOT: .minnctapersm
// CHECK-LABEL: .visible .entry _strata_read_probe(
// CHECK: ld.global.v2.b64
// CHECK-LABEL: .visible .entry _strata_gather_probe(
// CHECK: ld.global.b32
// CHECK: ld.global.b64
// CHECK-LABEL: .visible .entry _strata_free(
// CHECK: .maxntid 256
// CHECK-NOT: .minnctapersm
// CHECK-LABEL: .visible .entry _strata_entry_bfs(
// CHECK-NEXT: .param
// CHECK-NEXT: .param
// CHECK-NEXT: )
// CHECK-NEXT: .maxntid 256
// CHECK-NEXT: .minnctapersm 2
// CHECK-DAG: barrier.sync 0;
// CHECK-DAG: fence.sc.gpu;
// CHECK-DAG: atom.global.add.u32
// CHECK-DAG: activemask.b32
// CHECK-DAG: vote.sync.ballot.b32
// CHECK-DAG: shfl.sync.idx.b32
// CHECK-DAG: atom{{(.global)?}}.min.s64
// CHECK-DAG: %tid.x
// CHECK-DAG: %nctaid.x
// CHECK-DAG: call.uni (retval0), malloc,
// The unique queue's stamps (a word per node) are cleared by the grid for
// the master: the fill is named in the dispatch word.
// CHECK-DAG: st.global.b32 [strata_$_dispatch], -2;

// A queue's items move a 64-bit word at a time when it spills (NVPTX
// copies an llvm.memcpy of unknown size a byte at a time), and its 64-bit
// fields load whole (the run-time support is parsed with the target's data
// layout, which aligns them to 8).
// WORDS-LABEL: .func strata_$_queue_spill(
// WORDS-NOT: {{\.b8|ld\.b32}}
// WORDS: ld.b64
// WORDS-NOT: {{\.b8|ld\.b32}}
// WORDS-LABEL: .func strata_$_queue_put(

// Another architecture and PTX version.
// RUN: graph-opt %S/../../algorithms/sssp.mlir --target=gpu --emit=ptx --gpu-arch=sm_90 --ptx-version=8.0 -o %t.90.ptx
// RUN: FileCheck %s --input-file=%t.90.ptx --check-prefix=SM90
// RUN: %ptxas -arch=sm_90 %t.90.ptx -o /dev/null
// SM90: .version 8.0
// SM90: .target sm_90
// SM90: .visible .entry _strata_entry_sssp(

// Launch bounds: every kernel runs in blocks of 256 threads; an entry
// kernel's registers leave room for --gpu-min-blocks blocks a
// multiprocessor (2 by default; 0: no bound), which ptxas keeps to.
// BC takes 204 registers unbounded.
// RUN: graph-opt %S/../../algorithms/bc.mlir --target=gpu --emit=ptx --gpu-arch=sm_90 --ptx-version=8.0 --gpu-min-blocks=4 -o %t.bc4.ptx
// RUN: FileCheck %s --input-file=%t.bc4.ptx --check-prefix=FOUR
// FOUR: .entry _strata_entry_bc(
// FOUR: .minnctapersm 4
// RUN: %ptxas -arch=sm_90 -v %t.bc4.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOUR-REGS
// FOUR-REGS: Compiling entry function '_strata_entry_bc'
// FOUR-REGS-NOT: Compiling
// FOUR-REGS: Used {{([0-5]?[0-9]|6[0-4])}} registers
// RUN: graph-opt %S/../../algorithms/bc.mlir --target=gpu --emit=ptx --gpu-min-blocks=0 -o %t.bc0.ptx
// RUN: FileCheck %s --input-file=%t.bc0.ptx --check-prefix=NONE
// NONE-NOT: .minnctapersm
// NONE: .entry _strata_entry_bc(
// NONE-NEXT: .param
// NONE-NEXT: .param
// NONE-NEXT: )
// NONE-NEXT: .maxntid 256
// NONE-NEXT: {
// NONE-NOT: .minnctapersm

// Every algorithm of the corpus, at both architectures.
// RUN: for a in bc bfs cc cc_afforest coloring jaccard kclique4 kcore lcc widest mis mst pr pr_f32 scc sssp sssp_delta tc tc_merge; do \
// RUN:   graph-opt %S/../../algorithms/$a.mlir --target=gpu --emit=ptx -o %t.$a.ptx && \
// RUN:   grep -q "^.visible .entry _strata_entry_$a(" %t.$a.ptx && \
// RUN:   %ptxas -arch=sm_80 %t.$a.ptx -o /dev/null && \
// RUN:   graph-opt %S/../../algorithms/$a.mlir --target=gpu --emit=ptx --gpu-arch=sm_90 -o %t.$a.90.ptx && \
// RUN:   %ptxas -arch=sm_90 %t.$a.90.ptx -o /dev/null || exit 1; \
// RUN: done
