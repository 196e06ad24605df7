// Output that cannot be written is an error with a message and exit 1, and
// leaves no file behind: under a file-size limit, a file is written whole or
// not at all (an old one stays as it was); a failed write to standard output
// (a full device) is reported.
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: (ulimit -f 1; not graph-opt %S/../algorithms/bfs.mlir --target=cpu -o %t.dir/new.mlir 2>&1) | FileCheck %s --check-prefix=LIMIT
// LIMIT: error: cannot write '{{.*}}': File too large
// RUN: not test -e %t.dir/new.mlir
// RUN: echo old > %t.dir/old.mlir
// RUN: (ulimit -f 1; not graph-opt %S/../algorithms/bfs.mlir --target=cpu -o %t.dir/old.mlir 2>&1) | FileCheck %s --check-prefix=LIMIT
// RUN: FileCheck %s --check-prefix=OLD < %t.dir/old.mlir
// OLD: {{^}}old{{$}}
// RUN: (ulimit -f 1; not graph-run %S/../algorithms/bfs.mlir --entry bfs --graph gen:grid:rows=40,cols=40 0 -o %t.dir/out.txt 2>&1) | FileCheck %s --check-prefix=LIMIT
// RUN: not test -e %t.dir/out.txt
// RUN: ls -a %t.dir | FileCheck %s --check-prefix=NO-TEMP
// NO-TEMP-NOT: tmp
// RUN: not graph-opt %S/../algorithms/bfs.mlir 2>&1 >/dev/full | FileCheck %s --check-prefix=FULL
// RUN: not graph-run %S/../algorithms/bfs.mlir --entry bfs --graph gen:grid:rows=2,cols=2 0 2>&1 >/dev/full | FileCheck %s --check-prefix=FULL
// RUN: not graph-bench --corpus %S/../algorithms --algorithms bfs --graphs 'grid:rows=4,cols=4' --repeat 1 2>&1 >/dev/full | FileCheck %s --check-prefix=FULL
// FULL: error: cannot write to standard output: No space left on device
