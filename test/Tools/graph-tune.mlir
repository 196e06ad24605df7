// graph-tune searches the schedules of the program's parallel loops within
// its budget, one progress line per schedule tried, and writes the best as a
// schedule file that graph-run and graph-opt take: the same results, and a
// first line with the default's and the schedule's times.
// RUN: graph-tune %S/../algorithms/bfs.mlir --graph gen:kron:scale=8,degree=6,seed=2 --entry bfs 3 --budget 2 --repeat 1 -o %t.schedule 2> %t.log
// RUN: FileCheck %s --check-prefix=FILE < %t.schedule
// FILE: # graph-tune: {{.*}}bfs.mlir --entry bfs on gen:kron:scale=8,degree=6,seed=2, 2 threads: default {{[0-9.]+}} s, this schedule {{[0-9.]+}} s ({{[0-9.]+}}x); {{[0-9]+}} schedules tried, {{[0-9]+}} not legal
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// LOG: graph-tune: default schedule: {{[0-9.]+}} s
// LOG: graph-tune: [{{ *[0-9.]+}} s] bfs:{{[0-9]+}} {{[a-z]+}}={{[a-z0-9]+}}:
// LOG: graph-tune: default {{[0-9.]+}} s, tuned {{[0-9.]+}} s
// RUN: graph-run %S/../algorithms/bfs.mlir --graph gen:kron:scale=8,degree=6,seed=2 --entry bfs 3 > %t.interp
// RUN: graph-run %S/../algorithms/bfs.mlir --graph gen:kron:scale=8,degree=6,seed=2 --entry bfs 3 --backend cpu --schedule-file %t.schedule > %t.tuned
// RUN: diff %t.interp %t.tuned
// RUN: graph-opt %S/../algorithms/bfs.mlir --target=gpu --schedule-file %t.schedule -o /dev/null

// RUN: not graph-tune %S/../algorithms/bfs.mlir --entry bfs 0 --budget 1 2>&1 | FileCheck %s --check-prefix=NOGRAPH
// NOGRAPH: error: 'bfs' takes a graph; pass one with --graph
// RUN: not graph-tune %S/../algorithms/bfs.mlir --graph gen:grid:rows=3,cols=3 --entry bfs 0 --budget -1 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: error: --budget must be a number of seconds, got -1
// A budget longer than a clock can count is searched until no pass keeps anything.
// RUN: graph-tune %S/../algorithms/tc.mlir --graph gen:grid:rows=3,cols=3 --entry tc --budget 1e308 --repeat 1 -o %t.far 2>&1 | FileCheck %s --check-prefix=FAR
// FAR-NOT: error
// FAR: graph-tune: default {{[0-9.]+}} s, tuned {{[0-9.]+}} s
// RUN: not graph-tune %s --entry no_loops 3 --budget 1 2>&1 | FileCheck %s --check-prefix=NOLOOP
// NOLOOP: error: {{.*}}graph-tune.mlir has no loop to schedule
func.func @no_loops(%x: i64) -> i64 {
  return %x : i64
}
// The destination is checked before the search.
// RUN: not graph-tune %S/../algorithms/bfs.mlir --graph gen:grid:rows=3,cols=3 --entry bfs 0 --budget 100 -o %S/no-such-dir/bfs.schedule 2>&1 | FileCheck %s --check-prefix=DEST
// DEST-NOT: tried
// DEST: error: cannot write '{{.*}}no-such-dir/bfs.schedule': No such file or directory
// A race-free program whose float sum depends on the order of its additions
// (1e16, then ones, then -1e16): schedules that add in another order give
// other sums. Such a schedule is not kept, and the search goes on instead
// of stopping with an error.
// RUN: graph-tune %S/Inputs/cancel.mlir --graph gen:uniform:nodes=100000,edges=10,seed=1 --entry cancel --budget 2 --threads 2 --repeat 1 -o %t.cancel 2> %t.cancel.log
// RUN: FileCheck %s --check-prefix=CANCEL < %t.cancel.log
// CANCEL-NOT: error
// CANCEL: graph-tune: default {{[0-9.]+}} s, tuned {{[0-9.]+}} s
