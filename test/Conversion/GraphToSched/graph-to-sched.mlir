// RUN: graph-opt %s --convert-graph-to-sched --split-input-file | FileCheck %s
// RUN: graph-opt %s --convert-graph-to-sched='dist=static chunk=8' --split-input-file | FileCheck %s --check-prefix=OPT
// RUN: graph-opt %s --convert-graph-to-sched='direction=pull frontier=bitmap pushes=direct' --split-input-file | FileCheck %s --check-prefix=PULL

// Outermost loops run on threads with dynamic chunks; nested loops run on
// the enclosing thread.
// CHECK-LABEL: func.func @nested
// CHECK: sched.foreach %{{.*}} in nodes(
// CHECK:   sched.foreach %{{.*}}, %{{.*}} in out_nbrs(
// CHECK:   } attributes {schedule = {chunk = 1 : i64, direction = "push", dist = "static", frontier = "sparse", mapping = "sequential", pushes = "buffered", reduction = "atomic"}}
// CHECK: } attributes {schedule = {chunk = 1024 : i64, direction = "push", dist = "guided", frontier = "sparse", mapping = "thread", pushes = "buffered", reduction = "atomic"}}
// OPT-LABEL: func.func @nested
// OPT: } attributes {schedule = {chunk = 1 : i64, direction = "push", dist = "static", frontier = "sparse", mapping = "sequential", pushes = "buffered", reduction = "atomic"}}
// OPT: } attributes {schedule = {chunk = 8 : i64, direction = "push", dist = "static", frontier = "sparse", mapping = "thread", pushes = "buffered", reduction = "atomic"}}
func.func @nested(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %x = graph.load %p[%u] : !graph.nprop<i64>
      graph.reduce min %x, %p[%v] : !graph.nprop<i64>
    }
  }
  return
}

// -----

// A scalar only reduced in the loop is privatized; one that is also read is not.
// CHECK-LABEL: func.func @reductions
// CHECK: reduction = "privatize"
// CHECK: reduction = "atomic"
func.func @reductions(%g: !graph.graph) -> i64 {
  %c1 = arith.constant 1 : i64
  %s = graph.new_scalar %c1 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    graph.reduce add %c1, %s : !graph.scalar<i64>
  }
  graph.foreach %v in nodes(%g) {
    %changed = graph.reduce max %c1, %s : !graph.scalar<i64> -> i1
  }
  %r = graph.load %s : !graph.scalar<i64>
  return %r : i64
}

// -----

// A schedule written on the loop wins over the defaults and the options;
// attributes other than the schedule stay.
// CHECK-LABEL: func.func @user_schedule
// CHECK: } attributes {note = "kept", schedule = {chunk = 1024 : i64, direction = "push", dist = "guided", frontier = "sparse", mapping = "edge", pushes = "buffered", reduction = "atomic"}}
// OPT-LABEL: func.func @user_schedule
// OPT: schedule = {chunk = 1024 : i64, direction = "push", dist = "static", frontier = "sparse", mapping = "edge", pushes = "buffered", reduction = "atomic"}
func.func @user_schedule(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %one = arith.constant 1 : i64
      graph.reduce add %one, %p[%u] : !graph.nprop<i64>
    }
  } attributes {note = "kept", schedule = {mapping = "edge", chunk = 1024}}
  return
}

// -----

// Loops in a function called from a parallel loop run sequentially.
// CHECK-LABEL: func.func private @helper
// CHECK: mapping = "sequential"
func.func private @helper(%g: !graph.graph, %v: !graph.node, %p: !graph.nprop<i64>) {
  graph.foreach %u, %e in out_nbrs(%g, %v) {
    %one = arith.constant 1 : i64
    graph.reduce add %one, %p[%u] : !graph.nprop<i64>
  }
  return
}
func.func @caller(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    func.call @helper(%g, %v, %p) : (!graph.graph, !graph.node, !graph.nprop<i64>) -> ()
  }
  return
}

// -----

// direction and frontier given as options apply to the loops that can take
// them: the node loop and the worklist loop are pulled (the worklist loop
// scanning a bitmap), the loop whose body writes is not, and the loop over
// a worklist that keeps duplicates keeps its list. A schedule written on a
// loop wins: a pulled worklist loop it names gets a bitmap. Chunks are
// 1024 iterations, but 64 over a sparse worklist's items (rounds are often
// small); a bitmap scan runs over every node.
// PULL-LABEL: func.func @directions
// PULL: chunk = 1024 : i64, direction = "pull", dist = "guided", frontier = "sparse", mapping = "thread", pushes = "direct"
// PULL: chunk = 1024 : i64, direction = "push", dist = "guided", frontier = "sparse", mapping = "thread", pushes = "direct"
// PULL: chunk = 1024 : i64, direction = "pull", dist = "guided", frontier = "bitmap", mapping = "thread", pushes = "direct"
// PULL: chunk = 64 : i64, direction = "push", dist = "dynamic", frontier = "sparse", mapping = "thread", pushes = "direct"
// PULL: chunk = 1024 : i64, direction = "pull", dist = "guided", frontier = "bitmap", mapping = "thread", pushes = "direct"
// CHECK-LABEL: func.func @directions
// CHECK-COUNT-2: chunk = 1024 : i64, direction = "push", dist = "guided", frontier = "sparse", mapping = "thread", pushes = "buffered"
// CHECK-COUNT-2: chunk = 64 : i64, direction = "push", dist = "dynamic", frontier = "sparse", mapping = "thread", pushes = "buffered"
// CHECK: chunk = 1024 : i64, direction = "pull", dist = "guided", frontier = "bitmap", mapping = "thread", pushes = "buffered"
func.func @directions(%g: !graph.graph, %p: !graph.nprop<i64>) {
  %one = arith.constant 1 : i64
  graph.foreach %v in nodes(%g) {
    %x = graph.load %p[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce max %x, %p[%u] : !graph.nprop<i64>
    }
  }
  graph.foreach %v in nodes(%g) {
    graph.store %one, %p[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  }
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.push %u, %wl : !graph.worklist<!graph.node>
    }
  }
  %dups = graph.new_worklist %g : !graph.worklist<!graph.node>
  graph.foreach %v in items(%dups : !graph.worklist<!graph.node>) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.push %u, %dups : !graph.worklist<!graph.node>
    }
  }
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.push %u, %wl : !graph.worklist<!graph.node>
    }
  } attributes {schedule = {direction = "pull"}}
  return
}
