// A push marked 'sched.once_per_round' in the input keeps the mark where
// the analysis finds that it holds, and is an error saying why where not
// (an unclaimed push of an item that comes twice in a round would put it
// twice into a unique worklist).
// RUN: graph-opt %S/Inputs/hand-marked-push.mlir --convert-graph-to-sched --split-input-file --verify-diagnostics | FileCheck %s
// CHECK-LABEL: func.func @holds
// CHECK: graph.push %{{.*}}, %{{.*}} {sched.once_per_round}
// RUN: sed -n '1,/^\/\/ -----/p' %S/Inputs/hand-marked-push.mlir > %t.holds.mlir
// RUN: graph-run %t.holds.mlir --graph gen:kron:scale=8,degree=6,seed=3 --symmetrize --entry holds 0 > %t.interp
// RUN: graph-run %t.holds.mlir --graph gen:kron:scale=8,degree=6,seed=3 --symmetrize --entry holds 0 --backend cpu --threads 2 > %t.cpu
// RUN: diff %t.interp %t.cpu
