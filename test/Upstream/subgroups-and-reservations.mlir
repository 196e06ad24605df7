// Subgroup and block collectives, ballots and shuffles, and the queue's
// claims, reservations and puts in upstream dialects: a CPU thread is a
// subgroup and a block of its own; a queue's three steps are functions of
// the module. mlir-opt verifies what is written, and it lowers to LLVM.
// REQUIRES: mlir-opt
// RUN: graph-opt %S/../Target/GPU/Inputs/collectives.mlir --emit=upstream-mlir -o %t.collectives.mlir
// RUN: %mlir-opt %t.collectives.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=COLLECTIVES < %t.collectives.mlir
// COLLECTIVES-NOT: par.
// COLLECTIVES: arith.extui %{{.*}} : i1 to i64
// RUN: graph-opt %S/../Dialect/Par/reserved-places.mlir --emit=upstream-mlir -o %t.places.mlir
// RUN: %mlir-opt %t.places.mlir --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts -o /dev/null
// RUN: graph-opt %S/../algorithms/bfs.mlir --target=cpu --schedule pushes=block --emit=upstream-mlir | %mlir-opt -o /dev/null
