// graph-bench on a small graph: the default baseline is the program on one
// thread; --baseline-pipeline measures the program lowered another way on
// the same threads, and the results must agree.
// RUN: graph-bench --corpus %S/../algorithms --algorithms pr,cc --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 | FileCheck %s --check-prefix=THREADS
// THREADS: median seconds with 2 threads (min and max: its fastest and slowest run), and with 1 thread (baseline)
// THREADS: algorithm graph time min max 1 thread speedup
// THREADS-NEXT: pr kron (64 nodes, {{[0-9]+}} edges) {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}x
// THREADS-NEXT: cc kron
// RUN: graph-bench --corpus %S/../algorithms --algorithms pr,cc --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --baseline-pipeline 'builtin.module(convert-graph-to-sched,convert-sched-to-par)' | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: and of the program lowered by 'builtin.module(convert-graph-to-sched,convert-sched-to-par)' (baseline)
// PIPELINE: algorithm graph time min max baseline speedup
// PIPELINE-NEXT: pr kron
// PIPELINE-NEXT: cc kron
// RUN: graph-bench --corpus %S/../algorithms --algorithms cc --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --pass-pipeline 'builtin.module(convert-graph-to-sched{mapping=edge},convert-sched-to-par)' | FileCheck %s --check-prefix=OWN
// OWN: cc kron
// The pushed PageRank of examples/, its scatter collapsed, against itself
// on one thread.
// RUN: graph-bench --corpus %S/../../examples/pr-push --algorithms pr --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --schedule mapping=edge | FileCheck %s --check-prefix=PUSHED
// PUSHED: pr kron (64 nodes

// --bandwidth measures the memory's read bandwidth first and puts each
// PageRank line beside it: the bytes an iteration moves at the least, the
// rate that makes at the measured time, and its share of the bandwidth;
// then the gather probe on the same graph.
// RUN: graph-bench --corpus %S/../algorithms --algorithms pr_f32,cc --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --bandwidth | FileCheck %s --check-prefix=BW
// BW: # read bandwidth: {{[0-9.]+}} GB/s (2 threads summing 512 MiB, median of 1)
// BW: pr_f32 kron
// BW-NEXT: #   pr_f32 on kron: {{[0-9.]+}} GB an iteration at the least, {{[0-9.]+}} GB/s, {{[0-9]+}} % of the read bandwidth
// BW-NEXT: #   gather probe: {{[0-9]+}} words read at random from 64 in {{[0-9.]+}} s; an iteration {{[0-9.]+}} s, {{[0-9.]+}} times that; its bytes in the probe's time would be {{[0-9]+}} % of the read bandwidth
// BW-NEXT: cc kron

// Bad pipelines and flags are reported before anything runs.
// RUN: not graph-bench --corpus %S/../algorithms --algorithms pr --baseline-pipeline 'builtin.module(bogus)' 2>&1 | FileCheck %s --check-prefix=BOGUS
// BOGUS: <pass-pipeline>:1:16: error: 'bogus' does not refer to a registered pass or pass pipeline
// RUN: not graph-bench --corpus %S/../algorithms --algorithms pr --pass-pipeline 'builtin.module(canonicalize)' 2>&1 | FileCheck %s --check-prefix=UNLOWERED
// UNLOWERED: error: cannot emit a value of type !graph.nprop<f64> as LLVM IR
// RUN: not graph-bench --pass-pipeline 'builtin.module(canonicalize)' --schedule mapping=edge 2>&1 | FileCheck %s --check-prefix=CONFLICT
// CONFLICT: error: the argument '--pass-pipeline <PIPELINE>' cannot be used with '--schedule <KEY=VALUE,...>'
// RUN: not graph-bench --backend gpu --baseline-pipeline 'builtin.module(canonicalize)' 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: error: the argument '--backend <BACKEND>' cannot be used with '--baseline-pipeline <PIPELINE>'
// --cpu-schedule sets the CPU baseline's schedule of --backend gpu only.
// RUN: not graph-bench --cpu-schedule unroll=4 2>&1 | FileCheck %s --check-prefix=CPUSCHED
// CPUSCHED: error: --cpu-schedule is the schedule of the GPU's CPU baseline (--backend gpu)
// RUN: not graph-bench --backend gpu --cpu-schedule unroll 2>&1 | FileCheck %s --check-prefix=CPUSCHED-BAD
// CPUSCHED-BAD: error: --cpu-schedule: schedule entry 'unroll' is not KEY=VALUE
// RUN: not graph-bench --backend gpu --cpu-schedule unroll=4 --pass-pipeline 'builtin.module(canonicalize)' 2>&1 | FileCheck %s --check-prefix=CPUSCHED-PIPE
// CPUSCHED-PIPE: error: the argument '--cpu-schedule <KEY=VALUE,...>' cannot be used with '--pass-pipeline <PIPELINE>'

// Reference times, from a table (GRAPH as --graphs names it, or its short
// name: the generator's kind, a file's name), or measured by a command
// (GAPBS's output, say); lines without a reference say '-'. --plot draws
// the ratios, time / reference, as an SVG chart.
// RUN: graph-bench --corpus %S/../algorithms --algorithms pr,cc,bfs --graphs 'kron:scale=6,degree=4,seed=1;%S/Inputs/small.el' --repeat 1 --reference %S/Inputs/reference-times.txt --plot %t.svg | FileCheck %s --check-prefix=TABLE
// TABLE: # reference: the median time of the reference implementation; ratio = time / reference
// TABLE: algorithm graph time min max 1 thread speedup reference ratio
// TABLE-NEXT: bfs kron (64 nodes, {{[0-9]+}} edges) {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}x - -
// TABLE-NEXT: pr kron (64 nodes, {{[0-9]+}} edges) {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}x 0.500000 {{[0-9.]+}}x
// TABLE-NEXT: cc kron (64 nodes, {{[0-9]+}} edges) {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}x 2.000000 {{[0-9.]+}}x
// TABLE-NEXT: bfs small.el ({{[0-9]+}} nodes, {{[0-9]+}} edges) {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}x - -
// TABLE-NEXT: pr small.el ({{[0-9]+}} nodes, {{[0-9]+}} edges) {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}x 0.250000 {{[0-9.]+}}x
// TABLE: # geometric mean of 3 ratios to the reference: {{[0-9.]+}}x
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// SVG: <svg xmlns="http://www.w3.org/2000/svg"
// SVG: time / reference, 2 threads (geometric mean {{[0-9.e-]+}}x over 3 bars; log scale)
// SVG: faster: below 1
// SVG: slower: above 1
// SVG: >1x</text>
// SVG: >pr on kron (64 nodes, {{[0-9]+}} edges)</text>
// SVG: >cc on kron (64 nodes, {{[0-9]+}} edges)</text>
// SVG: >pr on small.el ({{[0-9]+}} nodes, {{[0-9]+}} edges)</text>
// SVG: stroke-dasharray
// SVG: </svg>
// RUN: graph-bench --corpus %S/../algorithms --algorithms bfs --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --reference-command 'echo "{algorithm} on {graph} from {source}" > %t.cmd; printf "Trial Time: 4.0\nTrial Time: 1.0\nTrial Time: 2.0\n"' | FileCheck %s --check-prefix=COMMAND
// COMMAND: bfs kron (64 nodes, {{[0-9]+}} edges) {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}x 2.000000 {{[0-9.]+}}x
// RUN: FileCheck %s --check-prefix=COMMAND-ARGS < %t.cmd
// COMMAND-ARGS: bfs on kron:scale=6,degree=4,seed=1 from {{[0-9]+}}
// A malformed table, a command that fails or prints no time: errors, and
// no plot.
// RUN: not graph-bench --corpus %S/../algorithms --algorithms pr --graphs 'kron:scale=6,degree=4,seed=1' --reference %S/Inputs/bad-reference.txt 2>&1 | FileCheck %s --check-prefix=BAD-TABLE
// BAD-TABLE: bad-reference.txt:2:3: error: expected 'ALGORITHM GRAPH SECONDS', found 2 fields
// A time below a nanosecond (a subnormal number) is refused at its line.
// RUN: not graph-bench --corpus %S/../algorithms --algorithms pr --graphs 'kron:scale=6,degree=4,seed=1' --reference %S/Inputs/subnormal-reference.txt 2>&1 | FileCheck %s --check-prefix=SUBNORMAL
// SUBNORMAL: subnormal-reference.txt:2:1: error: '1e-320' is not a number of seconds of at least 1e-9 (a nanosecond)
// Lines that match nothing measured are named; a table none of whose lines
// match is an error, not a mean of no ratios.
// RUN: graph-bench --corpus %S/../algorithms --algorithms pr --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --reference %S/Inputs/unmatched-reference.txt 2> %t.unmatched | FileCheck %s --check-prefix=UNMATCHED
// UNMATCHED: # geometric mean of 1 ratio to the reference
// RUN: FileCheck %s --check-prefix=UNMATCHED-WARNING < %t.unmatched
// UNMATCHED-WARNING: warning: reference lines that match no algorithm and graph measured: {{.*}}unmatched-reference.txt:3: kcore kron; {{.*}}unmatched-reference.txt:4: bfs nowhere
// RUN: not graph-bench --corpus %S/../algorithms --algorithms cc --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --reference %S/Inputs/unmatched-reference.txt 2>&1 | FileCheck %s --check-prefix=NONE-MATCH
// NONE-MATCH: error: no line of the reference table matches an algorithm and graph measured; its lines: {{.*}}unmatched-reference.txt:2: pr kron;
// RUN: rm -f %t.none.svg
// RUN: not graph-bench --corpus %S/../algorithms --algorithms pr --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --reference-command 'echo no such kernel >&2; exit 2' --plot %t.none.svg 2>&1 | FileCheck %s --check-prefix=FAILED
// FAILED: error: the reference command 'echo no such kernel >&2; exit 2' failed (exit status: 2):
// FAILED-NEXT: no such kernel
// RUN: not test -e %t.none.svg
// RUN: not graph-bench --corpus %S/../algorithms --algorithms pr --graphs 'kron:scale=6,degree=4,seed=1' --repeat 1 --reference-command 'echo done' 2>&1 | FileCheck %s --check-prefix=NO-TIME
// NO-TIME: error: the reference command 'echo done' printed no time
// RUN: not graph-bench --reference %S/Inputs/reference-times.txt --reference-command 'true' 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: error: the argument '--reference <FILE>' cannot be used with '--reference-command <COMMAND>'
// RUN: not graph-bench --corpus %S/../algorithms --algorithms pr --graphs '%S/Inputs/no-such-graph.wel' 2>&1 | FileCheck %s --check-prefix=NO-FILE
// NO-FILE: no-such-graph.wel: error: cannot read: No such file or directory
// The corpus named by its default path, from elsewhere, and by --corpus.
// RUN: cd %S/Inputs && not graph-bench --algorithms pr --graphs 'kron:scale=6,degree=4,seed=1' 2>&1 | FileCheck %s --check-prefix=NO-CORPUS
// NO-CORPUS: error: cannot read test/algorithms/pr.mlir: {{.*}} (the corpus is read from test/algorithms under the current directory: run from the repository's root, or give --corpus DIR)
// RUN: not graph-bench --corpus %S/Inputs --algorithms pr --graphs 'kron:scale=6,degree=4,seed=1' 2>&1 | FileCheck %s --check-prefix=NO-PROGRAM
// NO-PROGRAM: error: cannot read {{.*}}Inputs/pr.mlir: No such file or directory (os error 2){{$}}
// What would fail at the end fails first: no graph to measure, a plot that
// cannot be written; a graph of no nodes is refused; a reference command
// that hangs is stopped at its limit.
// RUN: not graph-bench --corpus %S/../algorithms --graphs ' ; ' 2>&1 | FileCheck %s --check-prefix=NO-GRAPHS
// NO-GRAPHS: error: --graphs names no graph (generator specs or graph files, separated by ';')
// RUN: not graph-bench --corpus %S/../algorithms --algorithms pr --graphs 'grid:rows=3,cols=3' --plot %S/no-such-dir/x.svg 2>&1 | FileCheck %s --check-prefix=PLOT-FIRST
// PLOT-FIRST-NOT: algorithm
// PLOT-FIRST: error: cannot write '{{.*}}no-such-dir/x.svg': No such file or directory
// RUN: not graph-bench --corpus %S/../algorithms --algorithms bfs --graphs '%S/Inputs/empty.el' --repeat 1 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: empty.el: the graph has no nodes; there is nothing to measure
// RUN: not graph-bench --corpus %S/../algorithms --algorithms bfs --graphs 'grid:rows=3,cols=3' --repeat 1 --reference-command 'sleep 1000' --reference-limit 0.5 2>&1 | FileCheck %s --check-prefix=HANG
// HANG: error: the reference command 'sleep 1000' did not finish within 0.5 s (--reference-limit)
// RUN: not graph-bench --reference-command 'true' --reference-limit=-1 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: error: --reference-limit must be a positive number of seconds, got -1
// Any program and entry, not only the corpus: --program FILE --entry NAME
// and its scalar arguments, S standing for the graph's hub node.
// RUN: graph-bench --program %S/../algorithms/sssp_delta.mlir --entry sssp_delta S 32 --graphs 'kron:scale=6,degree=4,seed=1,weighted' --repeat 1 | FileCheck %s --check-prefix=PROGRAM
// PROGRAM: algorithm graph time min max 1 thread speedup
// PROGRAM-NEXT: sssp_delta kron (64 nodes
// RUN: not graph-bench --program %S/../algorithms/bfs.mlir --entry bfs --graphs 'grid:rows=3,cols=3' 2>&1 | FileCheck %s --check-prefix=ARGS
// ARGS: error: 'bfs' takes 1 scalar argument (!graph.node), got 0 (S stands for the graph's hub node)
// RUN: not graph-bench --program %S/../../examples/sum-of-squares.mlir --entry sum_of_squares 3 --graphs 'grid:rows=3,cols=3' 2>&1 | FileCheck %s --check-prefix=NOGRAPH
// NOGRAPH: error: 'sum_of_squares' does not take the graph first: graph-bench measures a program on graphs
// RUN: not graph-bench --algorithms colouring 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown algorithm 'colouring'; expected some of: {{.*}} (or measure a program of your own with --program FILE --entry NAME ARGS)
