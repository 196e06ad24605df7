// graph-convert writes a file or a generated graph as an edge list, Matrix
// Market or the binary format, and every tool reads each back as the same
// graph: the same edges in the same order, so the same results.
// RUN: rm -rf %t && mkdir -p %t
// RUN: graph-convert gen:kron:scale=8,degree=6,seed=3,weighted %t/k.sgb
// RUN: graph-convert %t/k.sgb %t/k.wel
// RUN: graph-convert %t/k.wel %t/k.mtx
// RUN: graph-convert %t/k.mtx %t/k2.sgb
// RUN: cmp %t/k.sgb %t/k2.sgb
// RUN: cp %t/k.sgb %t/k.data
// RUN: graph-run %S/../algorithms/sssp.mlir --graph gen:kron:scale=8,degree=6,seed=3,weighted --entry sssp 0 > %t/gen.out
// RUN: graph-run %S/../algorithms/sssp.mlir --graph %t/k.sgb --entry sssp 0 > %t/sgb.out
// RUN: graph-run %S/../algorithms/sssp.mlir --graph %t/k.wel --entry sssp 0 > %t/wel.out
// RUN: graph-run %S/../algorithms/sssp.mlir --graph %t/k.mtx --entry sssp 0 --backend cpu > %t/mtx.out
// RUN: graph-run %S/../algorithms/sssp.mlir --graph %t/k.data --entry sssp 0 > %t/data.out
// RUN: diff %t/gen.out %t/sgb.out
// RUN: diff %t/gen.out %t/wel.out
// RUN: diff %t/gen.out %t/mtx.out
// RUN: diff %t/gen.out %t/data.out
// --symmetrize and --simplify apply on writing as on reading.
// RUN: graph-convert %S/Inputs/small.el %t/small.el --symmetrize --simplify
// RUN: graph-run %S/../algorithms/cc.mlir --graph %t/small.el --entry cc > %t/cc1.out
// RUN: graph-run %S/../algorithms/cc.mlir --graph %S/Inputs/small.el --symmetrize --simplify --entry cc > %t/cc2.out
// RUN: diff %t/cc1.out %t/cc2.out

// Errors: a format the extension does not name, weights the graph lacks, a
// damaged binary file; nothing is written.
// RUN: not graph-convert gen:grid:rows=2,cols=2 %t/g.txt 2>&1 | FileCheck %s --check-prefix=EXT
// EXT: error: cannot tell the format of '{{.*}}g.txt' by its extension: give it .el, .wel, .mtx or .sgb
// RUN: not graph-convert gen:grid:rows=2,cols=2 %t/g.wel 2>&1 | FileCheck %s --check-prefix=WEIGHTS
// WEIGHTS: error: gen:grid:rows=2,cols=2 has no weights to write as .wel (write .el, or generate with 'weighted')
// RUN: not test -e %t/g.wel
// RUN: head -c 100 %t/k.sgb > %t/cut.sgb
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph %t/cut.sgb --entry bfs 0 2>&1 | FileCheck %s --check-prefix=CUT
// CUT: cut.sgb: error: the header says {{[0-9]+}} edges ({{[0-9]+}} bytes of them), the file holds 60 bytes after the header: it is cut short or corrupt
// RUN: not graph-convert %t/cut.sgb %t/again.el 2>&1 | FileCheck %s --check-prefix=CUT
// RUN: not test -e %t/again.el
