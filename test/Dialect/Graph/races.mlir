// RUN: graph-opt %s --graph-check-races -split-input-file -verify-diagnostics

// Two nodes with a common neighbour both store into it.
func.func @store_to_neighbour(%g: !graph.graph, %p: !graph.nprop<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      // expected-error@+1 {{'graph.store' op data race: two iterations of the graph.foreach at}}
      graph.store %x, %p[%u] : !graph.nprop<i64>
    }
  }
  return
}

// -----

// One iteration stores its own element while another reads it as a neighbour.
func.func @store_own_read_neighbour(%g: !graph.graph, %p: !graph.nprop<i64>) {
  %c0 = arith.constant 0 : i64
  graph.foreach %v in nodes(%g) {
    %s = graph.new_scalar %c0 : !graph.scalar<i64>
    graph.foreach %u, %e in in_nbrs(%g, %v) {
      // expected-note@+1 {{the other access}}
      %x = graph.load %p[%u] : !graph.nprop<i64>
      graph.reduce add %x, %s : !graph.scalar<i64>
    }
    %t = graph.load %s : !graph.scalar<i64>
    // expected-error@+1 {{'graph.store' op data race with the load at}}
    graph.store %t, %p[%v] : !graph.nprop<i64>
  }
  return
}

// -----

// A shared scalar stored by every iteration.
func.func @store_to_scalar(%g: !graph.graph, %s: !graph.scalar<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    // expected-error@+1 {{'graph.store' op data race: two iterations}}
    graph.store %x, %s : !graph.scalar<i64>
  }
  return
}

// -----

// Every iteration stores into the same element, and one store races with a reduce.
func.func @store_to_invariant(%g: !graph.graph, %p: !graph.nprop<i64>, %src: !graph.node, %x: i64) {
  graph.foreach %v in nodes(%g) {
    // expected-error@+2 {{'graph.store' op data race: two iterations}}
    // expected-error@+1 {{'graph.store' op data race with the reduce at}}
    graph.store %x, %p[%src] : !graph.nprop<i64>
    // expected-note@+1 {{the other access}}
    graph.reduce min %x, %p[%v] : !graph.nprop<i64>
  }
  return
}

// -----

// Accesses inside called functions count.
func.func private @mark(%p: !graph.nprop<i64>, %u: !graph.node) {
  %c1 = arith.constant 1 : i64
  // expected-error@+1 {{'graph.store' op data race: two iterations}}
  graph.store %c1, %p[%u] : !graph.nprop<i64>
  return
}

func.func @through_call(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %e in edges(%g) {
    %d = graph.dst %g, %e
    func.call @mark(%p, %d) : (!graph.nprop<i64>, !graph.node) -> ()
  }
  return
}

// -----

// Items of a worklist without `unique` may repeat.
func.func @repeated_items(%g: !graph.graph, %p: !graph.nprop<i64>, %x: i64) {
  %wl = graph.new_worklist %g : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    // expected-error@+1 {{'graph.store' op data race: two iterations}}
    graph.store %x, %p[%v] : !graph.nprop<i64>
  }
  return
}

// -----

// A locked store still races with an unlocked read of the element.
func.func @lock_one_side(%g: !graph.graph, %p: !graph.nprop<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.single %g[%u] : !graph.node {
        // expected-error@+1 {{'graph.store' op data race with the load at}}
        graph.store %x, %p[%u] : !graph.nprop<i64>
      }
      // expected-note@+1 {{the other access}}
      %y = graph.load %p[%u] : !graph.nprop<i64>
    }
  }
  return
}

// -----

// Race-free: own elements, reductions into neighbours, reads of neighbours
// beside reductions, private scalars, locked stores, unique worklists,
// nodes made from a range index, and neighbours of one node.
func.func @race_free(%g: !graph.graph, %p: !graph.nprop<i64>, %q: !graph.nprop<i64>, %src: !graph.node, %n: index, %x: i64) {
  %c0 = arith.constant 0 : index
  graph.foreach %v in nodes(%g) {
    %old = graph.load %p[%v] : !graph.nprop<i64>
    graph.store %x, %p[%v] : !graph.nprop<i64>
    %acc = graph.new_scalar %x : !graph.scalar<i64>
    graph.store %old, %acc : !graph.scalar<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %y = graph.load %q[%u] : !graph.nprop<i64>
      graph.reduce min %y, %q[%u] : !graph.nprop<i64>
      graph.reduce add %y, %acc : !graph.scalar<i64>
    }
  }
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.single %g[%u] : !graph.node {
        %y = graph.load %q[%u] : !graph.nprop<i64>
        graph.store %x, %q[%u] : !graph.nprop<i64>
      }
    }
  }
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    graph.store %x, %p[%v] : !graph.nprop<i64>
  }
  graph.foreach %i in range(%c0, %n) {
    %v = graph.node %g, %i
    graph.store %x, %p[%v] : !graph.nprop<i64>
  }
  graph.foreach %u, %e in out_nbrs(%g, %src) {
    graph.store %x, %p[%u] : !graph.nprop<i64>
  }
  return
}

// -----

// An indirect call may run every function of its type whose address is
// taken: their accesses count.
func.func private @mark_one(%p: !graph.nprop<i64>, %u: !graph.node) {
  %c1 = arith.constant 1 : i64
  // expected-error@+1 {{'graph.store' op data race: two iterations}}
  graph.store %c1, %p[%u] : !graph.nprop<i64>
  return
}

func.func @through_indirect_call(%g: !graph.graph, %p: !graph.nprop<i64>) {
  %f = func.constant @mark_one : (!graph.nprop<i64>, !graph.node) -> ()
  graph.foreach %e in edges(%g) {
    %d = graph.dst %g, %e
    func.call_indirect %f(%p, %d) : (!graph.nprop<i64>, !graph.node) -> ()
  }
  return
}
