// RUN: graph-run %S/../algorithms/bfs.mlir --graph %S/Inputs/small.el --entry bfs 0 | FileCheck %s --check-prefix=BFS
// BFS:      0
// BFS-NEXT: 1
// BFS-NEXT: 2
// BFS-NEXT: 3
// BFS-NEXT: -1
// BFS-NEXT: -1

// RUN: graph-run %S/../algorithms/tc.mlir --graph gen:grid:rows=3,cols=3 --entry tc | FileCheck %s --check-prefix=TC
// TC: 0

// RUN: not graph-run %S/../algorithms/bfs.mlir --graph %S/Inputs/small.el --entry bfs 6 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: error: argument 1: node 6 is out of range (the graph has 6 nodes)

// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:kron:scale=10.5 --entry bfs 0 2>&1 | FileCheck %s --check-prefix=WHOLE
// WHOLE: 'scale' must be a whole number, got 10.5
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=2,rows=3 --entry bfs 0 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: generator parameter 'rows' is given twice
// Generators refuse, before generating, what node ids or memory cannot hold.
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=65536,cols=65536 --entry bfs 0 2>&1 | FileCheck %s --check-prefix=IDS
// IDS: gen:grid:rows=65536,cols=65536: error: a graph of 4294967296 nodes is too large: node ids are 32-bit (at most 4294967294)
// RUN: (ulimit -v 8000000; not graph-run %S/../algorithms/bfs.mlir --graph gen:kron:scale=28,degree=16 --entry bfs 0 2>&1) | FileCheck %s --check-prefix=KRON
// KRON: gen:kron:scale=28,degree=16: error: a graph of 268435456 nodes and 4294967296 edges does not fit in memory (building it needs about 210.5 GB)
// RUN: (ulimit -v 8000000; not graph-run %S/../algorithms/bfs.mlir --graph gen:uniform:nodes=4e9,edges=0 --entry bfs 0 2>&1) | FileCheck %s --check-prefix=NODES
// NODES: error: a graph of 4000000000 nodes and 0 edges does not fit in memory
// A range too long to hold is an error at the loop, not a crash of the interpreter.
// RUN: not graph-run %S/Inputs/huge-range.mlir --graph gen:grid:rows=2,cols=2 --entry huge 4611686018427387904 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: huge-range.mlir:7:3: error: out of memory: the interpreter cannot hold 4611686018427387904 loop iterations
// So is a worklist whose rounds double until memory runs out, and a queue
// with more room than memory holds.
// RUN: (ulimit -v 4000000; not graph-run %S/Inputs/explode.mlir --graph gen:grid:rows=2,cols=2 --entry explode 0 2>&1) | FileCheck %s --check-prefix=EXPLODE
// EXPLODE: explode.mlir:{{[0-9]+}}:{{[0-9]+}}: error: out of memory: the interpreter cannot hold
// RUN: not graph-run %S/Inputs/huge-queue.mlir --entry huge_queue 4611686018427387904 2>&1 | FileCheck %s --check-prefix=QUEUE
// QUEUE: huge-queue.mlir:3:8: error: out of memory: the interpreter cannot hold 4611686018427387904 round stamps
// A run that never ends is stopped by --time-limit, on every backend.
// RUN: not graph-run %S/Inputs/forever.mlir --graph gen:grid:rows=2,cols=2 --entry forever --time-limit 0.5 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not graph-run %S/Inputs/forever.mlir --graph gen:grid:rows=2,cols=2 --entry forever --backend cpu --time-limit 0.5 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: error: the run did not finish within 0.5 s (--time-limit)
// A limit longer than a clock can count is no limit: the run ends as usual.
// RUN: graph-run %S/../algorithms/tc.mlir --graph gen:grid:rows=3,cols=3 --entry tc --time-limit 1e20 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: graph-run %S/../algorithms/tc.mlir --graph gen:grid:rows=3,cols=3 --entry tc --time-limit 1e308 2>&1 | FileCheck %s --check-prefix=FAR
// FAR-NOT: error
// FAR: 0
// FAR-NOT: error
// Distances at the ends of sssp's range are exact or refused, never taken
// for "unreached": 2^63-2 is a distance; a path of 2^63-1 (the value that
// stands for unreached) and a distance of -1 (what unreached prints) are
// errors, on every backend.
// RUN: graph-run %S/../algorithms/sssp.mlir --graph %S/Inputs/far-distance.wel --entry sssp 0 | FileCheck %s --check-prefix=FAROK
// RUN: graph-run %S/../algorithms/sssp_delta.mlir --graph %S/Inputs/far-distance.wel --entry sssp_delta 0 1000 --backend cpu | FileCheck %s --check-prefix=FAROK
// FAROK:      0
// FAROK-NEXT: 9223372036854775806
// FAROK-NEXT: -1
// RUN: not graph-run %S/../algorithms/sssp.mlir --graph %S/Inputs/far-path.wel --entry sssp 0 2>&1 | FileCheck %s --check-prefix=SENTINEL
// RUN: not graph-run %S/../algorithms/sssp.mlir --graph %S/Inputs/far-path.wel --entry sssp 0 --backend cpu 2>&1 | FileCheck %s --check-prefix=SENTINEL
// RUN: not graph-run %S/../algorithms/sssp_delta.mlir --graph %S/Inputs/far-path.wel --entry sssp_delta 0 5 --backend cpu 2>&1 | FileCheck %s --check-prefix=SENTINEL
// SENTINEL: error: {{sssp|sssp_delta}}: a path of 2^63-1 does not fit a 64-bit distance (that value stands for unreached)
// RUN: not graph-run %S/../algorithms/sssp.mlir --graph %S/Inputs/negative-path.wel --entry sssp 0 2>&1 | FileCheck %s --check-prefix=MINUS1
// MINUS1: error: sssp: a distance of -1 would read as unreached
// widest: -2^63 stands for unreached, and a path that narrow is refused.
// RUN: not graph-run %S/../algorithms/widest.mlir --graph %S/Inputs/narrowest-path.wel --entry widest 0 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: not graph-run %S/../algorithms/widest.mlir --graph %S/Inputs/narrowest-path.wel --entry widest 0 --backend cpu 2>&1 | FileCheck %s --check-prefix=NARROW
// NARROW: error: widest: a path of width -2^63 would read as unreached
// RUN: graph-run %S/../algorithms/widest.mlir --graph %S/Inputs/narrowest-path.wel --entry widest 3 | FileCheck %s --check-prefix=WIDE
// WIDE:      -9223372036854775808
// WIDE-NEXT: -9223372036854775808
// WIDE-NEXT: -9223372036854775808
// WIDE-NEXT: 9223372036854775807
// sssp_delta refuses every negative distance (its buckets start at 0).
// RUN: not graph-run %S/../algorithms/sssp_delta.mlir --graph %S/Inputs/negative-path.wel --entry sssp_delta 0 5 --backend cpu 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: a node pushed to an ordered worklist has a negative key
// The number of scalar arguments, counted in words that agree with it.
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph %S/Inputs/small.el --entry bfs 2>&1 | FileCheck %s --check-prefix=ONEARG
// ONEARG: error: 'bfs' takes 1 scalar argument (!graph.node), got 0
// RUN: not graph-run %S/../algorithms/pr.mlir --graph %S/Inputs/small.el --entry pr 3 2>&1 | FileCheck %s --check-prefix=TWOARGS
// TWOARGS: error: 'pr' takes 2 scalar arguments (i64, f64), got 1
// RUN: not graph-run %S/../algorithms/tc.mlir --graph %S/Inputs/small.el --entry tc 3 2>&1 | FileCheck %s --check-prefix=NOARGS
// NOARGS: error: 'tc' takes no scalar arguments, got 1
// The schedule's remarks, asked for with remarks=true, are printed as
// graph-opt prints them, before the results.
// RUN: graph-run %S/../algorithms/bfs.mlir --graph %S/Inputs/small.el --entry bfs 0 --backend cpu --schedule remarks=true 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARKS
// REMARKS: bfs.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: {{.+}}
// Under an address-space limit too low for the compiler thread's stack,
// the tools say what they need.
// RUN: (ulimit -v 2000000; not graph-run %S/../algorithms/tc.mlir --graph gen:grid:rows=3,cols=3 --entry tc 2>&1) | FileCheck %s --check-prefix=ULIMIT
// RUN: (ulimit -v 2000000; not graph-opt %S/../algorithms/tc.mlir 2>&1) | FileCheck %s --check-prefix=ULIMIT
// ULIMIT: error: cannot start the compiler thread: {{.*}}; it reserves a stack of 2 GiB for deep nesting, so the tools need about 3 GiB of address space: raise the limit (ulimit -v)
// More threads than the limit leaves room for (each with OpenMP's stack):
// our message with the room, not the OpenMP runtime's ending the process.
// RUN: (ulimit -v 8000000; ulimit -s 8192; not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=3,cols=3 --entry bfs 0 --backend cpu --threads 4096 2>&1) | FileCheck %s --check-prefix=THREADS
// THREADS: error: 4096 threads do not fit the address-space limit (ulimit -v: 7.6 GiB, {{[0-9.]+}} GiB in use): it leaves room for about {{[0-9]+}} threads of OpenMP's 8 MiB stacks (OMP_STACKSIZE, else ulimit -s); give fewer threads or raise the limit
// THREADS-NOT: OMP:
// The interpreter stays an oracle on hubs: Jaccard on a directed star of
// 100,000 edges intersects each edge's short list with a set of the hub's
// made once (it took over 50 s when each edge made the hub's set), and
// agrees with the CPU.
// RUN: seq 1 100000 | sed 's/^/0 /' > %t.star.el
// RUN: graph-run %S/../algorithms/jaccard.mlir --graph %t.star.el --entry jaccard --time-limit 20 > %t.star.interp
// RUN: graph-run %S/../algorithms/jaccard.mlir --graph %t.star.el --entry jaccard --backend cpu > %t.star.cpu
// RUN: diff %t.star.interp %t.star.cpu
// RUN: not graph-run %S/../algorithms/bfs.mlir --entry bfs 0 2>&1 | FileCheck %s --check-prefix=NOGRAPH
// NOGRAPH: error: 'bfs' takes a graph; pass one with --graph

// RUN: not graph-run %S/../algorithms/bfs.mlir --graph %s --entry bfs 0 2>&1 | FileCheck %s --check-prefix=BADGRAPH
// BADGRAPH: graph-run.mlir:1: error: expected a source node (a non-negative integer), got '//'

// Programs with a data race the check finds are not run.
// RUN: not graph-run %S/Inputs/racy.mlir --graph %S/Inputs/small.el --entry racy 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: racy.mlir:9:7: error: 'graph.store' op data race: two iterations of the graph.foreach at {{.*}}racy.mlir:5:3 may store into the same element
// graph-opt's target pipelines refuse it too, before compiling it.
// RUN: not graph-opt %S/Inputs/racy.mlir --target=cpu --emit=obj -o %t.racy.o 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: not test -e %t.racy.o
// RUN: not graph-opt %S/Inputs/racy.mlir --target=gpu 2>&1 | FileCheck %s --check-prefix=RACE
// RACE-NOT: {{^}}0

// i0 holds only 0: its arithmetic runs, and any other argument is refused.
// RUN: graph-run %S/Inputs/zero-width.mlir --entry f 0 0 | FileCheck %s --check-prefix=I0
// I0: {{^}}0{{$}}
// RUN: not graph-run %S/Inputs/zero-width.mlir --entry f 1 0 2>&1 | FileCheck %s --check-prefix=I0-ARG
// I0-ARG: error: argument 1: 1 does not fit i0
// RUN: graph-opt %S/Inputs/zero-width.mlir --canonicalize --cse | graph-opt | FileCheck %s --check-prefix=I0-FOLD
// I0-FOLD: arith.muli %{{.*}}, %{{.*}} overflow<nsw> : i0

// A FIFO no program writes to is an error, not a wait forever; a pipe with
// a writer is read as it comes.
// RUN: rm -f %t.fifo && mkfifo %t.fifo
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph %t.fifo --entry bfs 0 2>&1 | FileCheck %s --check-prefix=FIFO
// FIFO: error: cannot read: a FIFO that no program writes to
// RUN: cat %S/Inputs/small.el | graph-run %S/../algorithms/bfs.mlir --graph /dev/stdin --entry bfs 0 | FileCheck %s --check-prefix=BFS
// --format: csv puts node ids beside values, json is one document, and
// several results are labelled in every format.
// RUN: graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs 0 --format csv | FileCheck %s --check-prefix=CSV
// CSV: node,value
// CSV-NEXT: 0,0
// CSV-NEXT: 1,1
// CSV-NEXT: 2,1
// CSV-NEXT: 3,2
// RUN: graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs 0 --format json | FileCheck %s --check-prefix=JSON
// JSON: {"results": [{"type": "!graph.nprop<i64>", "kind": "node", "values": [0, 1, 1, 2]}]}
// RUN: graph-run %S/../Target/CPU/function-values.mlir --entry apply 1 20 | FileCheck %s --check-prefix=LABELS
// LABELS: # result 1 of 2
// LABELS-NEXT: 40
// LABELS-NEXT: # result 2 of 2
// LABELS-NEXT: 21
// RUN: graph-run %S/../Target/CPU/function-values.mlir --entry apply 1 20 --format csv | FileCheck %s --check-prefix=CSV2
// CSV2: result1
// CSV2-NEXT: 40
// CSV2-EMPTY:
// CSV2-NEXT: result2
// CSV2-NEXT: 21
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=2,cols=2 --entry bfs 0 --format xml 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: invalid value 'xml' for '--format <FORMAT>'
