// Subgroup and block collectives (par.subgroup_reduce, par.subgroup_scan,
// par.block_reduce, par.block_scan, par.subgroup_ballot,
// par.subgroup_shuffle), a block's shared buffer read after block
// barriers, and grouped integer adds whose old values are read (each
// thread its own place), give what their closed forms say on
// every thread: Inputs/collectives.mlir counts the threads where they do
// not. The interpreter with a team of one and on simulated grids of several
// shapes (subgroups of 1, 3, 5 and 32 lanes, one or more blocks, in order
// and shuffled), the CPU backend (a thread is a subgroup and a block of
// one), and the GPU's PTX through ptxas (run on a GPU in run.mlir).
// REQUIRES: ptxas
// RUN: graph-run %S/Inputs/collectives.mlir --entry collectives | FileCheck %s
// RUN: graph-run %S/Inputs/collectives.mlir --entry collectives --simulate-grid 2x32 | FileCheck %s
// RUN: graph-run %S/Inputs/collectives.mlir --entry collectives --simulate-grid 2x3x5 --shuffle 3 | FileCheck %s
// RUN: graph-run %S/Inputs/collectives.mlir --entry collectives --simulate-grid 3x2x3 --shuffle 9 | FileCheck %s
// RUN: graph-run %S/Inputs/collectives.mlir --entry collectives --simulate-grid 1x4x1 | FileCheck %s
// RUN: graph-run %S/Inputs/collectives.mlir --entry collectives --backend cpu --threads 3 | FileCheck %s
// RUN: graph-opt %S/Inputs/collectives.mlir --target=gpu --emit=ptx -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=GROUPED < %t.ptx
// CHECK: {{^}}0{{$}}
// PTX: .shared .align 8 .b8 {{.*}}[2048]
// PTX: vote.sync.ballot.b32
// PTX: shfl.sync.idx.b32
// PTX: shfl.sync.bfly.b32
// PTX: barrier.sync
// A grouped add: the lanes adding alike to one element, then one atomic
// add of their sum, each lane's place shuffled from the lowest.
// GROUPED: match.any.sync.b64
// GROUPED: match.all.sync.b64
// GROUPED: popc.b32
// GROUPED: atom.add.u64
// GROUPED: shfl.sync.idx.b32
