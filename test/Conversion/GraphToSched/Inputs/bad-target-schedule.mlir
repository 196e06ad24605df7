// The other target's schedule is checked too (target-schedules.mlir runs this).
// CHECK: bad-target-schedule.mlir:[[@LINE+2]]:3: error: illegal schedule: in 'gpu_schedule': schedule entry 'mapping' must be "thread", "edge", "warp", "block", "edge-balanced" or "sequential", got "grid"
func.func @f(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  } attributes {gpu_schedule = {mapping = "grid"}}
  return
}

// -----

// CHECK: bad-target-schedule.mlir:[[@LINE+2]]:3: error: illegal schedule: 'cpu_schedule' must be a dictionary, got 3 : i64
func.func @g(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  } attributes {cpu_schedule = 3}
  return
}
