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
// The hubs' blocks: a list no longer than the team (most hubs against a
// GPU's grid) is dealt out without a division: blocks of 1, the thread's
// place and the next list's first by a subtraction; a longer one divides.
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu | FileCheck %s --check-prefix=DEAL
// DEAL: %[[TEAM:.*]] = par.num_threads
// DEAL: %[[D:.*]] = arith.subi
// DEAL: %[[SHORT:.*]] = arith.cmpi ule, %[[D]], %[[TEAM]] : index
// DEAL-NEXT: scf.if %[[SHORT]] -> (index) {
// DEAL-NEXT: scf.yield %c1 : index
// DEAL-NEXT: } else {
// DEAL-NEXT: arith.ceildivui %[[D]], %[[TEAM]] : index
// DEAL: scf.if %[[SHORT]] -> (index) {
// DEAL-NEXT: arith.cmpi uge, %{{.*}}, %[[TEAM]] : index
// DEAL-NEXT: arith.subi %{{.*}}, %[[TEAM]] : index
// DEAL-NEXT: arith.select
// DEAL: } else {
// DEAL-NEXT: arith.remui %{{.*}}, %[[TEAM]] : index
// DEAL-NOT: arith.remui
// DEAL: arith.cmpi uge, %{{.*}}, %[[TEAM]] : index
// DEAL-NEXT: arith.subi %{{.*}}, %[[TEAM]] : index
// DEAL-NEXT: arith.select
// DEAL-NOT: arith.remui
// DEAL: scf.for
// PageRank's split gather combines each thread's share of a listed node's
// sum with a grouped float add: a warp sums its lanes' shares (one
// atomic per warp); float sums are the native atomic, not a CAS loop.
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu | FileCheck %s --check-prefix=PR
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --emit=ptx -o %t.pr.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.pr.ptx
// RUN: %ptxas -arch=sm_80 %t.pr.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.pr.ptx -o /dev/null
// The GPU pipeline also defers nodes of 64 to 4095 neighbours to warps
// (`warp = 64`); `warp=0` turns it off, and a `split` of 64 or less drops it
// (the tier must be below `split`).
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu | FileCheck %s --check-prefix=TIER
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule warp=0 | FileCheck %s --check-prefix=NO-TIER
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule split=64 | FileCheck %s --check-prefix=NO-TIER
// TIER: arith.cmpi uge, %{{.*}}, %c4096
// TIER: arith.cmpi uge, %{{.*}}, %c64
// TIER: par.subgroup_reduce %{{.*}} {kind = "max"}
// TIER: scf.while
// TIER: par.subgroup_reduce %{{.*}} {kind = "add"} : f64 -> f64
// NO-TIER-NOT: par.subgroup
// The warp tier on top: PTX of the subgroups' turns passes ptxas.
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule warp=32 --emit=ptx -o %t.pr-warp.ptx
// RUN: %ptxas -arch=sm_80 %t.pr-warp.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.pr-warp.ptx -o /dev/null
// RUN: graph-opt %S/../../algorithms/bc.mlir --target=gpu --schedule warp=32 --emit=ptx -o %t.bc-warp.ptx
// RUN: %ptxas -arch=sm_80 %t.bc-warp.ptx -o /dev/null
// Under `order = "degree"` a warp's lanes take nodes of about one degree
// and reach a tier's threshold together: the atomic adds that list them
// are grouped (one a warp, each lane its own place). In node order a
// node to list is rare among a warp's lanes, and the adds stay plain.
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule order=degree | FileCheck %s --check-prefix=LIST-GROUPED
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu | FileCheck %s --check-prefix=LIST-PLAIN
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --schedule order=degree --emit=ptx -o %t.pr-order.ptx
// RUN: %ptxas -arch=sm_80 %t.pr-order.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.pr-order.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=LIST-PTX < %t.pr-order.ptx
// LIST-GROUPED: arith.cmpi uge, %{{.*}}, %c4096
// LIST-GROUPED: par.atomic_rmw %c1, %{{.*}}, %c0 {grouped, kind = "add"} : index, !par.buf<index> -> index
// LIST-GROUPED: arith.cmpi uge, %{{.*}}, %c64
// LIST-GROUPED: par.atomic_rmw %c1, %{{.*}}, %c0 {grouped, kind = "add"} : index, !par.buf<index> -> index
// LIST-PLAIN: par.atomic_rmw %c1, %{{.*}}, %c0 {kind = "add"} : index, !par.buf<index> -> index
// LIST-PLAIN-NOT: grouped, kind = "add"}> : (index
// LIST-PTX: match.all.sync.b64
// PR: par.atomic_rmw %{{.*}}, %{{.*}}, %{{.*}} {grouped, kind = "add"} : f64
// PTX: match.any.sync.b64
// PTX: shfl.sync.bfly.b32
// PTX: atom.add.f64
// The one compare-and-swap is the pool's free (on `_strata_pool`), none on data:
// PTX-NOT: atom{{.*}}cas{{.*}}[%rd
// CHECK: arith.cmpi uge, %{{.*}}, %c4096
// CHECK: par.thread_id
// CHECK: par.num_threads
// OFF-NOT: par.thread_id
// TWO: arith.cmpi uge, %{{.*}}, %c2 :
// TWO: par.thread_id
