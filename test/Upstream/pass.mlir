// The `upstream` pass runs upstream MLIR's passes in-process. Operations of
// dialects upstream does not know (graph) travel as unregistered operations;
// locations come back.
// RUN: graph-opt %s --pass-pipeline='builtin.module(upstream{pipeline="func.func(canonicalize)"})' --mlir-print-debuginfo | FileCheck %s
// Without a pipeline: upstream's parser and verifier only.
// RUN: graph-opt %s --pass-pipeline='builtin.module(upstream)' | FileCheck %s --check-prefix=EMPTY
// An anchored upstream pipeline, mixed with this compiler's passes.
// RUN: graph-opt %s --pass-pipeline='builtin.module(cse,upstream{pipeline="builtin.module(func.func(sccp),symbol-dce)"})' | FileCheck %s --check-prefix=SCCP
// An unknown upstream pass is an error in the pipeline, before anything runs.
// RUN: not graph-opt %s --pass-pipeline='builtin.module(upstream{pipeline="no-such-pass"})' -o %t.nope 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not test -e %t.nope
// So is a bad default pipeline of the inliner, which upstream only parses
// when the inliner runs (printing an error and going on without it).
// RUN: not graph-opt %s --pass-pipeline='builtin.module(upstream{pipeline="inline{default-pipeline=bogus}"})' -o %t.inline 2>&1 | FileCheck %s --check-prefix=INLINE
// RUN: not test -e %t.inline
// RUN: graph-opt %s --pass-pipeline='builtin.module(upstream{pipeline="inline{default-pipeline=canonicalize}"})' -o /dev/null
// INLINE: error: invalid value for option 'pipeline' of pass 'upstream': the inliner's default-pipeline 'bogus' is not a pipeline upstream accepts ({{.*}}'bogus' does not refer to a registered pass or pass pipeline)
// What upstream produces in a dialect this compiler lacks (llvm) does not
// read back: an error at the module, naming the line, and no output.
// RUN: not graph-opt %s --pass-pipeline='builtin.module(upstream{pipeline="convert-arith-to-llvm"})' -o %t.llvm 2>&1 | FileCheck %s --check-prefix=BACK
// RUN: not test -e %t.llvm
// ... unless unregistered operations are allowed.
// RUN: graph-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(upstream{pipeline="convert-arith-to-llvm"})' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @fold
// CHECK-NEXT: %[[C:.*]] = arith.constant 5 : i32 loc("{{.*}}pass.mlir":[[# @LINE + 9]]:8)
// CHECK-NEXT: %[[N:.*]] = graph.num_nodes %arg0 loc("{{.*}}pass.mlir":[[# @LINE + 10]]:8)
// CHECK-NEXT: return %[[C]], %[[N]] : i32, index

// EMPTY-LABEL: func.func @fold
// EMPTY: arith.addi
func.func @fold(%g: !graph.graph) -> (i32, index) {
  %a = arith.constant 2 : i32
  %b = arith.constant 3 : i32
  %c = arith.addi %a, %b : i32
  %unused = arith.muli %a, %b : i32
  %n = graph.num_nodes %g
  return %c, %n : i32, index
}

// SCCP-LABEL: func.func @branch
// SCCP: %[[C:.*]] = arith.constant 7 : i32
// SCCP: return %[[C]] : i32
// SCCP-NOT: @dead
func.func @branch(%x: i32) -> i32 {
  %t = arith.constant true
  %a = arith.constant 7 : i32
  cf.cond_br %t, ^yes, ^no
^yes:
  return %a : i32
^no:
  return %x : i32
}

func.func private @dead() -> ()

// UNKNOWN: <pass-pipeline>:1:25: error: invalid value for option 'pipeline' of pass 'upstream': upstream MLIR does not accept the pipeline 'builtin.module(no-such-pass)': 'no-such-pass' does not refer to a registered pass or pass pipeline

// BACK: pass.mlir:0:0: error: what upstream MLIR produced does not read back: operation being parsed with an unregistered dialect{{.*}}(line {{[0-9]+}} of its output: `%{{[0-9]+}} = "llvm.mlir.constant"()

// LLVM: "llvm.mlir.constant"()

// A call inside an operation upstream does not know (one region) finds its
// callee there: the operation travels with an empty second region, removed
// on the way back. Upstream's symbol-dce sees the use and keeps @twice (and
// erases @dead).
// RUN: graph-opt %s --pass-pipeline='builtin.module(upstream{pipeline="symbol-dce"})' | FileCheck %s --check-prefix=CALL
// CALL-LABEL: func.func @calls_in_loops
// CALL: graph.foreach %{{.*}} in nodes(%arg0) {
// CALL-NEXT: graph.load
// CALL-NEXT: call @twice
// CALL-NEXT: graph.store
// CALL-NEXT: }
// CALL-NOT: strata.upstream_padded
// CALL: func.func private @twice
// CALL-NOT: @dead
func.func @calls_in_loops(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    %x = graph.load %p[%v] : !graph.nprop<i64>
    %y = func.call @twice(%x) : (i64) -> i64
    graph.store %y, %p[%v] : !graph.nprop<i64>
  }
  return
}

func.func private @twice(%x: i64) -> i64 {
  %y = arith.addi %x, %x : i64
  return %y : i64
}
