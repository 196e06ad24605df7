// A loop's `cpu_schedule` and `gpu_schedule` entries apply over its
// `schedule` when the pass compiles for that target (`target=cpu|gpu`,
// which the target pipelines set); without a target neither applies. Both
// are checked whatever the target, and neither is kept on the loop.
// RUN: graph-opt %s --convert-graph-to-sched='target=cpu' | FileCheck %s --check-prefix=CPU
// RUN: graph-opt %s --convert-graph-to-sched='target=gpu' | FileCheck %s --check-prefix=GPU
// RUN: graph-opt %s --convert-graph-to-sched | FileCheck %s --check-prefix=NONE
// RUN: graph-opt %s --target=cpu | FileCheck %s --check-prefix=CPU-PIPELINE
// RUN: not graph-opt %s --convert-graph-to-sched='target=tpu' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not graph-opt %S/Inputs/bad-target-schedule.mlir --convert-graph-to-sched='target=cpu' --split-input-file 2>&1 | FileCheck %S/Inputs/bad-target-schedule.mlir

// CPU: } attributes {note = 1 : i64, schedule = {chunk = 8 : i64, {{.*}}mapping = "sequential"
// GPU: } attributes {note = 1 : i64, schedule = {chunk = 32 : i64, {{.*}}mapping = "thread"
// NONE: } attributes {note = 1 : i64, schedule = {chunk = 8 : i64, {{.*}}mapping = "thread"
// CPU-PIPELINE-NOT: par.parallel
// BAD: option 'target' must be cpu or gpu, got 'tpu'
func.func @f(%g: !graph.graph, %p: !graph.nprop<i64>) {
  %c1 = arith.constant 1 : i64
  graph.foreach %v in nodes(%g) {
    graph.reduce add %c1, %p[%v] : !graph.nprop<i64>
  } attributes {schedule = {chunk = 8}, cpu_schedule = {mapping = "sequential"}, gpu_schedule = {chunk = 32}, note = 1}
  return
}
