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
// HUGE: huge-range.mlir:7:3: error: cannot hold 4611686018427387904 loop iterations: not enough memory for the interpreter
// A run that never ends is stopped by --time-limit, on every backend.
// RUN: not graph-run %S/Inputs/forever.mlir --graph gen:grid:rows=2,cols=2 --entry forever --time-limit 0.5 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not graph-run %S/Inputs/forever.mlir --graph gen:grid:rows=2,cols=2 --entry forever --backend cpu --time-limit 0.5 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: error: the run did not finish within 0.5 s (--time-limit)
// RUN: not graph-run %S/../algorithms/bfs.mlir --entry bfs 0 2>&1 | FileCheck %s --check-prefix=NOGRAPH
// NOGRAPH: error: 'bfs' takes a graph; pass one with --graph

// RUN: not graph-run %S/../algorithms/bfs.mlir --graph %s --entry bfs 0 2>&1 | FileCheck %s --check-prefix=BADGRAPH
// BADGRAPH: graph-run.mlir:1: error: expected a source node (a non-negative integer), got '//'

// Programs with a data race the check finds are not run.
// RUN: not graph-run %S/Inputs/racy.mlir --graph %S/Inputs/small.el --entry racy 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: racy.mlir:9:7: error: 'graph.store' op data race: two iterations of the graph.foreach at {{.*}}racy.mlir:5:3 may store into the same element
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
