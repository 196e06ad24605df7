// Schedules of loops by name: graph-opt --list-loops names the loops
// (FUNCTION:INDEX, place, space); --schedule-file gives some of them their
// own schedule, which counts as written on the loop.
// RUN: graph-opt %S/../algorithms/bfs.mlir --list-loops | FileCheck %s --check-prefix=LIST
// LIST: bfs:0 {{.*}}bfs.mlir:14:5 items
// LIST-NEXT: bfs:1 {{.*}}bfs.mlir:15:7 out_nbrs
// LIST-NEXT: bfs:2 {{.*}}bfs.mlir:24:3 nodes
// RUN: graph-opt %S/../algorithms/bfs.mlir --target=cpu --schedule-file %S/Inputs/bfs.schedule --print-ir-after=convert-graph-to-sched -o /dev/null 2>&1 | FileCheck %s --check-prefix=APPLIED
// APPLIED: schedule = {chunk = 128 : i64, direction = "push", dist = "dynamic", frontier = "sparse"
// APPLIED: schedule = {chunk = 4096 : i64, direction = "push", dist = "static", frontier = "sparse"
// RUN: graph-run %S/../algorithms/bfs.mlir --graph gen:kron:scale=8,degree=6,seed=2 --entry bfs 3 > %t.interp
// RUN: graph-run %S/../algorithms/bfs.mlir --graph gen:kron:scale=8,degree=6,seed=2 --entry bfs 3 --backend cpu --threads 2 --schedule-file %S/Inputs/bfs.schedule > %t.cpu
// RUN: diff %t.interp %t.cpu

// Errors say where: the file's line and column, or the loop.
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=3,cols=3 --entry bfs 0 --backend cpu --schedule-file %S/Inputs/unknown-loop.schedule 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: unknown-loop.schedule:1:7: error: no loop named 'bfs:7' (loops: bfs:0, bfs:1, bfs:2)
// RUN: not graph-opt %S/../algorithms/bfs.mlir --target=cpu --schedule-file %S/Inputs/bad-value.schedule 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: bad-value.schedule:1:7: error: loop 'bfs:0': schedule entry 'chunk' must be an integer from 1 to 4294967295, got 0
// RUN: not graph-opt %S/../algorithms/bfs.mlir --target=cpu --schedule-file %S/Inputs/not-key-value.schedule 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: not-key-value.schedule:1:7: error: schedule entry 'chunk' is not KEY=VALUE
// A key given twice is an error, in a schedule file and in --schedule.
// RUN: not graph-opt %S/../algorithms/bfs.mlir --target=cpu --schedule-file %S/Inputs/twice.schedule 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: twice.schedule:1:32: error: schedule entry 'direction' is given twice (first as 'direction=push')
// RUN: not graph-opt %S/../algorithms/bfs.mlir --target=cpu --schedule-file %S/Inputs/key-on-two-lines.schedule 2>&1 | FileCheck %s --check-prefix=TWO-LINES
// TWO-LINES: key-on-two-lines.schedule:3:20: error: schedule entry 'chunk' of loop 'bfs:0' is given twice (first at {{.*}}key-on-two-lines.schedule:1:7)
// Numbers say their bounds and are shown as written; a byte-order mark is skipped.
// RUN: not graph-opt %S/../algorithms/bfs.mlir --target=cpu --schedule-file %S/Inputs/too-large.schedule 2>&1 | FileCheck %s --check-prefix=LARGE
// LARGE: too-large.schedule:1:7: error: loop 'bfs:0': schedule entry 'chunk' must be an integer from 1 to 4294967295, got 18446744073709551615
// RUN: graph-opt %S/../algorithms/bfs.mlir --target=cpu --schedule-file %S/Inputs/byte-order-mark.schedule --print-ir-after=convert-graph-to-sched -o /dev/null 2>&1 | FileCheck %s --check-prefix=MARK
// MARK: schedule = {alpha = 20 : i64, beta = 144 : i64, chunk = 4 : i64
// RUN: not graph-opt %S/../algorithms/bfs.mlir --target=cpu --schedule order=degree,order=id 2>&1 | FileCheck %s --check-prefix=TWICE-FLAG
// TWICE-FLAG: error: --schedule: schedule entry 'order' is given twice (first as 'order=degree')
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=3,cols=3 --entry bfs 0 --backend cpu --schedule-file %S/Inputs/illegal.schedule 2>&1 | FileCheck %s --check-prefix=ILLEGAL
// ILLEGAL: bfs.mlir:24:3: error: illegal schedule: direction 'hybrid' needs a loop over the items of a worklist of nodes
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=3,cols=3 --entry bfs 0 --backend cpu --schedule-file %t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot read schedule file '{{.*}}.missing':
// RUN: not graph-run %S/../algorithms/bfs.mlir --graph gen:grid:rows=3,cols=3 --entry bfs 0 --schedule-file %S/Inputs/bfs.schedule 2>&1 | FileCheck %s --check-prefix=INTERP
// INTERP: error: --schedule-file applies to compiled backends only (--backend cpu or gpu)
// RUN: not graph-opt %S/../algorithms/bfs.mlir --schedule-file %S/Inputs/bfs.schedule 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: '--schedule-file' applies to the default pipeline of '--target' only
