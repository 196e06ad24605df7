// RUN: graph-opt %s --convert-graph-to-sched --convert-sched-to-par --split-input-file | FileCheck %s

// A parallel node loop: one team, a work-shared loop with the schedule's
// distribution; the nested neighbour loop runs sequentially over the CSR
// range; the reduction into data other iterations touch is atomic, and loads
// of such data are atomic too.
// CHECK-LABEL: func.func @push_min
// CHECK-SAME: (%[[G:.*]]: !graph.graph, %[[P:.*]]: !par.buf<i64>)
// CHECK-DAG: %[[TGT:.*]] = par.graph_array %[[G]] {array = "out_targets"} : !par.buf<i32>
// CHECK-DAG: %[[OFF:.*]] = par.graph_array %[[G]] {array = "out_offsets"} : !par.buf<index>
// CHECK: %[[N:.*]] = par.graph_size %[[G]] {of = "nodes"}
// CHECK: par.parallel {
// CHECK:   par.for %{{.*}}, %[[N]], %{{.*}} attributes {chunk = 1024 : i64, dist = "guided"} {
// CHECK:   ^bb0(%[[V:.*]]: index):
// CHECK:     %[[X:.*]] = par.load %[[P]], %[[V]] {atomic}
// CHECK:     %[[LO:.*]] = par.load %[[OFF]], %[[V]]
// CHECK:     %[[HI:.*]] = par.load %[[OFF]], %{{.*}}
// CHECK:     scf.for %[[K:.*]] = %[[LO]] to %[[HI]] step
// CHECK:       %[[U32:.*]] = par.load %[[TGT]], %[[K]] : !par.buf<i32> -> i32
// CHECK:       %[[U:.*]] = arith.index_castui %[[U32]] : i32 to index
// CHECK:       par.atomic_rmw %[[X]], %[[P]], %[[U]] {kind = "min"}
// CHECK:     par.yield
// CHECK:   par.yield
func.func @push_min(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    %x = graph.load %p[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce min %x, %p[%u] : !graph.nprop<i64>
    }
  }
  return
}

// -----

// A privatized sum: a thread-local copy starts at the neutral element, the
// iterations add to it plainly, and it is added atomically to the shared
// scalar once per thread. The per-iteration scalar of the inner sum is a
// private local too.
// CHECK-LABEL: func.func @count
// CHECK: %[[S:.*]] = par.alloc %{{.*}} : !par.buf<i64>
// CHECK: par.parallel {
// CHECK:   %[[L:.*]] = par.local : !par.buf<i64>
// CHECK:   %[[Z:.*]] = arith.constant 0 : i64
// CHECK:   par.store %[[Z]], %[[L]], %{{.*}}
// CHECK:   par.for
// CHECK:     %[[OLD:.*]] = par.load %[[L]], %{{.*}} : !par.buf<i64> -> i64
// CHECK:     %[[NEW:.*]] = arith.addi %[[OLD]], %{{.*}} : i64
// CHECK:     par.store %[[NEW]], %[[L]], %{{.*}}
// CHECK:   %[[MINE:.*]] = par.load %[[L]], %{{.*}}
// CHECK:   par.atomic_rmw %[[MINE]], %[[S]], %{{.*}} {kind = "add"}
// CHECK:   par.yield
func.func @count(%g: !graph.graph) -> i64 {
  %c1 = arith.constant 1 : i64
  %s = graph.new_scalar %c1 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    graph.reduce add %c1, %s : !graph.scalar<i64>
  }
  %r = graph.load %s : !graph.scalar<i64>
  return %r : i64
}

// -----

// A scalar an iteration creates belongs to the thread running it: the sum
// over a node's in-neighbours is a plain load, add and store, no atomics.
// CHECK-LABEL: func.func @in_sum
// CHECK: par.for
// CHECK:   %[[L:.*]] = par.local : !par.buf<f64>
// CHECK:   scf.for
// CHECK-NOT: par.atomic_rmw
// CHECK:     %[[OLD:.*]] = par.load %[[L]], %{{.*}} : !par.buf<f64> -> f64
// CHECK:     %[[NEW:.*]] = arith.addf %[[OLD]], %{{.*}} : f64
// CHECK:     par.store %[[NEW]], %[[L]], %{{.*}}
func.func @in_sum(%g: !graph.graph, %x: !graph.nprop<f64>, %y: !graph.nprop<f64>) {
  %zero = arith.constant 0.0 : f64
  graph.foreach %v in nodes(%g) {
    %sum = graph.new_scalar %zero : !graph.scalar<f64>
    graph.foreach %u, %e in in_nbrs(%g, %v) {
      %c = graph.load %x[%u] : !graph.nprop<f64>
      graph.reduce add %c, %sum : !graph.scalar<f64>
    }
    %s = graph.load %sum : !graph.scalar<f64>
    graph.store %s, %y[%v] : !graph.nprop<f64>
  }
  return
}

// -----

// Edge-parallel: the node loop and its neighbour loop become one loop over
// the edges; the source comes from the edge, the target from the CSR.
// CHECK-LABEL: func.func @edge_parallel
// CHECK: %[[M:.*]] = par.graph_size %{{.*}} {of = "edges"}
// CHECK: par.for %{{.*}}, %[[M]], %{{.*}} attributes {chunk = 1024 : i64, dist = "static"} {
// CHECK: ^bb0(%[[E:.*]]: index):
// CHECK:   %[[V:.*]] = par.load %{{.*}}, %[[E]]
// CHECK:   %[[U32:.*]] = par.load %{{.*}}, %[[E]] : !par.buf<i32> -> i32
// CHECK:   %[[U:.*]] = arith.index_castui %[[U32]] : i32 to index
// CHECK:   par.atomic_rmw %{{.*}}, %{{.*}}, %[[U]] {kind = "add"}
// CHECK-NOT: scf.for
func.func @edge_parallel(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    %one = arith.constant 1 : i64
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce add %one, %p[%u] : !graph.nprop<i64>
    }
  } attributes {schedule = {mapping = "edge", dist = "static", chunk = 1024}}
  return
}

// -----

// Worklist rounds become an scf.while that advances the queue; pushes go to
// the queue, items come from its current round.
// CHECK-LABEL: func.func @rounds
// CHECK: %[[Q:.*]] = par.queue_new %{{.*}} {unique} : !par.queue<index>
// CHECK: par.queue_push %{{.*}}, %[[Q]]
// CHECK: scf.while
// CHECK:   %[[MORE:.*]] = par.queue_advance %[[Q]] : !par.queue<index>
// CHECK:   scf.condition(%[[MORE]])
// CHECK: } do {
// CHECK:   par.queue_size %[[Q]]
// CHECK:   par.queue_items %[[Q]]
// CHECK:   par.parallel
func.func @rounds(%g: !graph.graph, %s: !graph.node) {
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        graph.push %u, %wl : !graph.worklist<!graph.node>
      }
    }
  }
  return
}

// -----

// A function called from a parallel loop runs on the loop's threads: a
// reduction into a scalar it is given is atomic; one into a scalar it makes
// is plain.
// CHECK-LABEL: func.func private @add_one
// CHECK: par.atomic_rmw %{{.*}}, %arg1, %{{.*}} {kind = "add"}
// CHECK: %[[L:.*]] = par.local : !par.buf<i64>
// CHECK: %[[OLD:.*]] = par.load %[[L]]
// CHECK: par.store %{{.*}}, %[[L]]
func.func private @add_one(%v: !graph.node, %count: !graph.scalar<i64>) {
  %c1 = arith.constant 1 : i64
  graph.reduce add %c1, %count : !graph.scalar<i64>
  %mine = graph.new_scalar %c1 : !graph.scalar<i64>
  graph.reduce add %c1, %mine : !graph.scalar<i64>
  return
}
func.func @calls(%g: !graph.graph) {
  %c0 = arith.constant 0 : i64
  %count = graph.new_scalar %c0 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    func.call @add_one(%v, %count) : (!graph.node, !graph.scalar<i64>) -> ()
  }
  return
}

// -----

// Outside parallel loops a lock always succeeds: the locked region runs in
// place and what follows is lowered once; argmin takes no lock.
// CHECK-LABEL: func.func @sequential
// CHECK-NOT: par.cmpxchg
// CHECK: par.store
// CHECK: call @__par_reduce_arg_min_plain_i64_index(%{{.*}}) : (i64, index, !par.buf<i64>, !par.buf<index>, index) -> i1
// CHECK: %[[N:.*]] = par.graph_size
// CHECK: return %[[N]]
// CHECK-LABEL: func.func private @__par_reduce_arg_min_plain_i64_index
// CHECK-NOT: par.cmpxchg
// CHECK: return
func.func @sequential(%g: !graph.graph, %v: !graph.node, %p: !graph.nprop<i64>, %e: !graph.nprop<!graph.edge>, %x: !graph.edge) -> index {
  %c1 = arith.constant 1 : i64
  graph.single %g[%v] : !graph.node {
    graph.store %c1, %p[%v] : !graph.nprop<i64>
  }
  graph.reduce_arg min %c1, %x, %p, %e[%v] : !graph.nprop<i64>, !graph.nprop<!graph.edge>
  %n = graph.num_nodes %g
  return %n : index
}

// -----

// Argmin into shared data takes the element's stripe lock, but only after
// an atomic read of the key without it says the candidate may win (keys
// only get better, so one worse than a key read earlier cannot); under the
// lock the key is compared again and stored atomically.
// CHECK-LABEL: func.func @shared_argmin
// CHECK: par.for
// CHECK: call @__par_reduce_arg_min_i64_index(%{{.*}}) : (i64, index, !par.buf<i64>, !par.buf<index>, index, !par.buf<i32>) -> i1
// CHECK-LABEL: func.func private @__par_reduce_arg_min_i64_index
// CHECK:   %[[SEEN:.*]] = par.load %[[KB:.*]], %[[I:.*]] {atomic}
// CHECK:   %[[B:.*]] = arith.cmpi slt, %{{.*}}, %[[SEEN]]
// CHECK:   %[[T:.*]] = arith.cmpi eq, %{{.*}}, %[[SEEN]]
// CHECK:   %[[MAY:.*]] = arith.ori %[[B]], %[[T]]
// CHECK:   scf.if %[[MAY]] -> (i1) {
// CHECK:     scf.while
// CHECK:       par.cmpxchg
// CHECK:     %[[OK:.*]] = par.load %[[KB]], %[[I]] :
// CHECK:     scf.if
// CHECK:       par.store %{{.*}}, %[[KB]], %[[I]] {atomic}
// CHECK:     par.atomic_rmw {{.*}} {kind = "xchg"}
// CHECK:   } else {
// CHECK:     scf.yield %false
func.func @shared_argmin(%g: !graph.graph, %w: !graph.nprop<i64>, %best: !graph.nprop<!graph.edge>, %root: !graph.node) {
  graph.foreach %e in edges(%g) {
    %k = graph.weight %g, %e
    graph.reduce_arg min %k, %e, %w, %best[%root] : !graph.nprop<i64>, !graph.nprop<!graph.edge>
  }
  return
}

// -----

// Pulled: each node gathers over its in-edges (CSC range); the outer body
// runs for the edge's source, the neighbour loop once for the edge. Only
// node k's own thread writes %p[k]: a relaxed load, the combination, and a
// relaxed store when it changes, instead of an atomic read-modify-write.
// %q is also reduced at the source, so it stays atomic.
// CHECK-LABEL: func.func @pulled
// CHECK-DAG: %[[ID:.*]] = par.graph_array %{{.*}} {array = "in_edges"}
// CHECK-DAG: %[[SRC:.*]] = par.graph_array %{{.*}} {array = "in_sources"}
// CHECK-DAG: %[[OFF:.*]] = par.graph_array %{{.*}} {array = "in_offsets"}
// CHECK: %[[N:.*]] = par.graph_size %{{.*}} {of = "nodes"}
// CHECK: par.for %{{.*}}, %[[N]], %{{.*}} attributes {chunk = 1024 : i64, dist = "guided"} {
// CHECK: ^bb0(%[[K:.*]]: index):
// CHECK:   par.load %[[OFF]], %[[K]]
// CHECK:   scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[V32:.*]] = par.load %[[SRC]], %[[J]] : !par.buf<i32> -> i32
// CHECK:     %[[V:.*]] = arith.index_castui %[[V32]]
// CHECK:     %[[X:.*]] = par.load %{{.*}}, %[[V]] {atomic}
// CHECK:     %[[OLD:.*]] = par.load %[[P:.*]], %[[K]] {atomic}
// CHECK:     %[[NEW:.*]] = arith.maxsi %[[OLD]], %[[X]]
// CHECK:     %[[CH:.*]] = arith.cmpi ne, %[[NEW]], %[[OLD]]
// CHECK:     scf.if %[[CH]] {
// CHECK:       par.store %[[NEW]], %[[P]], %[[K]] {atomic}
// CHECK:     par.atomic_rmw %{{.*}}, %{{.*}}, %[[K]] {kind = "add"}
// CHECK:     par.atomic_rmw %{{.*}}, %{{.*}}, %[[V]] {kind = "add"}
func.func @pulled(%g: !graph.graph, %p: !graph.nprop<i64>, %q: !graph.nprop<i64>) {
  %one = arith.constant 1 : i64
  graph.foreach %v in nodes(%g) {
    %x = graph.load %p[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce max %x, %p[%u] : !graph.nprop<i64>
      graph.reduce add %one, %q[%u] : !graph.nprop<i64>
      graph.reduce add %one, %q[%v] : !graph.nprop<i64>
    }
  } attributes {schedule = {direction = "pull"}}
  return
}

// -----

// Pulled with a settling reduction (a min that can only lower a node's
// element): a node whose element can no longer change reads nothing more,
// not even its in-offsets; an open node's scan stops once it settles.
// CHECK-LABEL: func.func @pulled_settling
// CHECK-DAG: %[[OFF:.*]] = par.graph_array %{{.*}} {array = "in_offsets"}
// CHECK: ^bb0(%[[K:.*]]: index):
// CHECK:   %[[OLD:.*]] = par.load %[[D:.*]], %[[K]] {atomic}
// CHECK:   %[[NEW:.*]] = arith.minsi %[[OLD]], %{{.*}}
// CHECK:   %[[OPEN:.*]] = arith.cmpi ne, %[[NEW]], %[[OLD]]
// CHECK:   scf.if %[[OPEN]] {
// CHECK:     par.load %[[OFF]], %[[K]]
// CHECK:     scf.while
// CHECK:       par.load %[[D]], %[[K]] {atomic}
func.func @pulled_settling(%g: !graph.graph, %d: !graph.nprop<i64>, %s: !graph.node) {
  %c1 = arith.constant 1 : i64
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %ch = graph.reduce min %c1, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %ch {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    } attributes {schedule = {direction = "pull"}}
    graph.yield
  }
  return
}

// -----

// A bitmap frontier: per round, a flag per node is cleared and set from the
// items (teams of their own), the loop scans every node and runs the body
// for the flagged ones; the flags are freed after the loop. Pushes are
// direct here (no 'buffered').
// CHECK-LABEL: func.func @bitmap
// CHECK: %[[N:.*]] = par.graph_size %{{.*}} {of = "nodes"}
// CHECK: %[[Q:.*]] = par.queue_new %[[N]] {unique}
// CHECK: } do {
// CHECK:   %[[BITS:.*]] = par.alloc %[[N]] : !par.buf<i1>
// CHECK:   par.store %false, %[[BITS]], %{{.*}}
// CHECK:   %[[SIZE:.*]] = par.queue_size %[[Q]]
// CHECK:   %[[ITEMS:.*]] = par.queue_items %[[Q]]
// CHECK:   par.for %{{.*}}, %[[SIZE]], %{{.*}}
// CHECK:     %[[IT:.*]] = par.load %[[ITEMS]], %{{.*}}
// CHECK:     par.store %true, %[[BITS]], %[[IT]]
// CHECK:   par.for %{{.*}}, %[[N]], %{{.*}} attributes {chunk = 1024 : i64, dist = "guided"} {
// CHECK:   ^bb0(%[[K:.*]]: index):
// CHECK:     %[[IN:.*]] = par.load %[[BITS]], %[[K]]
// CHECK:     scf.if %[[IN]] {
// CHECK:       scf.for
// CHECK:         par.queue_push %{{.*}}, %[[Q]] : index, !par.queue<index>
// CHECK:   par.free %[[BITS]]
func.func @bitmap(%g: !graph.graph, %s: !graph.node) {
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        graph.push %u, %wl : !graph.worklist<!graph.node>
      }
    } attributes {schedule = {frontier = "bitmap", pushes = "direct"}}
    graph.yield
  }
  return
}

// -----

// A node or an edge made from a number is checked against the graph's size
// where it is made; the number is the node from then on.
// CHECK-LABEL: func.func @from_numbers
// CHECK-SAME: (%[[G:.*]]: !graph.graph, %[[I:.*]]: index
// CHECK: %[[N:.*]] = par.graph_size %[[G]] {of = "nodes"}
// CHECK: par.check_index %[[I]], %[[N]] {of = "nodes"}
// CHECK: %[[M:.*]] = par.graph_size %[[G]] {of = "edges"}
// CHECK: par.check_index %[[I]], %[[M]] {of = "edges"}
// CHECK: return %[[I]], %[[I]] : index, index
func.func @from_numbers(%g: !graph.graph, %i: index) -> (!graph.node, !graph.edge) {
  %v = graph.node %g, %i
  %e = graph.edge %g, %i
  return %v, %e : !graph.node, !graph.edge
}

// -----

// The source of a node's in-edge is read from the in-sources at the
// in-edge's position, in the order of the node's in-edges, not from the
// sources at the edge's number; the edge's number is still read for what
// else the edge is used for (here its weight).
// CHECK-LABEL: func.func @in_edge_source
// CHECK-DAG: %[[SRC:.*]] = par.graph_array %{{.*}} {array = "in_sources"}
// CHECK-DAG: %[[ID:.*]] = par.graph_array %{{.*}} {array = "in_edges"}
// CHECK-DAG: %[[W:.*]] = par.graph_array %{{.*}} {array = "weights"}
// CHECK-NOT: "edge_sources"
// CHECK: par.check_index
// CHECK: %[[K:.*]] = arith.addi
// CHECK: %[[E:.*]] = par.load %[[ID]], %[[K]]
// CHECK: par.load %[[SRC]], %[[K]]
// CHECK: par.load %[[W]], %[[E]]
// CHECK-NOT: "edge_sources"
// CHECK: return
func.func @in_edge_source(%g: !graph.graph, %v: !graph.node, %i: index) -> (!graph.node, i64) {
  %e = graph.in_edge %g, %v, %i
  %u = graph.src %g, %e
  %w = graph.weight %g, %e
  return %u, %w : !graph.node, i64
}

// -----

// Any other edge's source is read at its number.
// CHECK-LABEL: func.func @edge_source
// CHECK: %[[SRC:.*]] = par.graph_array %{{.*}} {array = "edge_sources"}
// CHECK: par.load %[[SRC]], %{{.*}}
func.func @edge_source(%g: !graph.graph, %i: index) -> !graph.node {
  %e = graph.edge %g, %i
  %u = graph.src %g, %e
  return %u : !graph.node
}

// -----

// Relaxed loads and stores are relaxed atomic accesses; the plain load of
// the loop's own element stays plain.
// CHECK-LABEL: func.func @relaxed
// CHECK-SAME: (%[[G:.*]]: !graph.graph, %[[P:.*]]: !par.buf<i64>)
// CHECK: par.for
// CHECK:   ^bb0(%[[V:.*]]: index):
// CHECK:     par.load %[[P]], %[[V]] : !par.buf<i64> -> i64
// CHECK:     scf.for
// CHECK:       par.load %[[P]], %{{.*}} {atomic} : !par.buf<i64> -> i64
// CHECK:     par.store %{{.*}}, %[[P]], %[[V]] {atomic} : i64, !par.buf<i64>
func.func @relaxed(%g: !graph.graph, %p: !graph.nprop<i64>) {
  %c1 = arith.constant 1 : i64
  graph.foreach %v in nodes(%g) {
    %own = graph.load %p[%v] : !graph.nprop<i64>
    %s = graph.new_scalar %own : !graph.scalar<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %x = graph.load relaxed %p[%u] : !graph.nprop<i64>
      graph.reduce max %x, %s : !graph.scalar<i64>
    }
    %m = graph.load %s : !graph.scalar<i64>
    %n = arith.addi %m, %c1 : i64
    graph.store relaxed %n, %p[%v] : !graph.nprop<i64>
  }
  return
}
