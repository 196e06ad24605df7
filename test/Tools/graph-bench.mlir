// graph-bench on a small graph: the default baseline is the program on one
// thread; --baseline-pipeline measures the program lowered another way on
// the same threads, and the results must agree.
// RUN: graph-bench --corpus %S/../algorithms --algorithms pr,cc --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 | FileCheck %s --check-prefix=THREADS
// THREADS: median seconds with 2 threads, and with 1 thread (baseline)
// THREADS: algorithm graph time 1 thread speedup
// THREADS-NEXT: pr kron (64 nodes, {{[0-9]+}} edges) {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}x
// THREADS-NEXT: cc kron
// RUN: graph-bench --corpus %S/../algorithms --algorithms pr,cc --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --baseline-pipeline 'builtin.module(convert-graph-to-sched,convert-sched-to-par)' | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: and of the program lowered by 'builtin.module(convert-graph-to-sched,convert-sched-to-par)' (baseline)
// PIPELINE: algorithm graph time baseline speedup
// PIPELINE-NEXT: pr kron
// PIPELINE-NEXT: cc kron
// RUN: graph-bench --corpus %S/../algorithms --algorithms cc --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --pass-pipeline 'builtin.module(convert-graph-to-sched{mapping=edge},convert-sched-to-par)' | FileCheck %s --check-prefix=OWN
// OWN: cc kron

// Bad pipelines and flags are reported before anything runs.
// RUN: not graph-bench --corpus %S/../algorithms --algorithms pr --baseline-pipeline 'builtin.module(bogus)' 2>&1 | FileCheck %s --check-prefix=BOGUS
// BOGUS: <pass-pipeline>:1:16: error: 'bogus' does not refer to a registered pass or pass pipeline
// RUN: not graph-bench --corpus %S/../algorithms --algorithms pr --pass-pipeline 'builtin.module(canonicalize)' 2>&1 | FileCheck %s --check-prefix=UNLOWERED
// UNLOWERED: error: cannot emit a value of type !graph.nprop<f64> as LLVM IR
// RUN: not graph-bench --pass-pipeline 'builtin.module(canonicalize)' --schedule mapping=edge 2>&1 | FileCheck %s --check-prefix=CONFLICT
// CONFLICT: error: the argument '--pass-pipeline <PIPELINE>' cannot be used with '--schedule <KEY=VALUE,...>'
// RUN: not graph-bench --backend gpu --baseline-pipeline 'builtin.module(canonicalize)' 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: error: the argument '--backend <BACKEND>' cannot be used with '--baseline-pipeline <PIPELINE>'
