// RUN: graph-opt %s --graph-check-races -split-input-file -verify-diagnostics

// Jones–Plassmann's race, meant: a node stores its own colour while its
// neighbours read it, both relaxed. No error.
func.func @relaxed_pair(%g: !graph.graph, %p: !graph.nprop<i64>) {
  %c0 = arith.constant 0 : i64
  graph.foreach %v in nodes(%g) {
    %s = graph.new_scalar %c0 : !graph.scalar<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %x = graph.load relaxed %p[%u] : !graph.nprop<i64>
      graph.reduce max %x, %s : !graph.scalar<i64>
    }
    %t = graph.load %s : !graph.scalar<i64>
    graph.store relaxed %t, %p[%v] : !graph.nprop<i64>
  }
  return
}

// -----

// Relaxed stores of one element by many iterations: one of the values stays.
func.func @relaxed_stores(%g: !graph.graph, %p: !graph.nprop<i64>, %s: !graph.scalar<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.store relaxed %x, %p[%u] : !graph.nprop<i64>
    }
    graph.store relaxed %x, %s : !graph.scalar<i64>
  }
  return
}

// -----

// Through a call, as the check follows calls.
func.func private @peek(%p: !graph.nprop<i64>, %u: !graph.node) -> i64 {
  %x = graph.load relaxed %p[%u] : !graph.nprop<i64>
  return %x : i64
}

func.func @relaxed_in_callee(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in in_nbrs(%g, %v) {
      %x = func.call @peek(%p, %u) : (!graph.nprop<i64>, !graph.node) -> i64
      graph.store relaxed %x, %p[%v] : !graph.nprop<i64>
    }
  }
  return
}

// -----

// Only the store is relaxed: the plain load still races.
func.func @plain_load(%g: !graph.graph, %p: !graph.nprop<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      // expected-note@+1 {{the other access}}
      %y = graph.load %p[%u] : !graph.nprop<i64>
    }
    // expected-error@+1 {{if either value may be read, mark the other access 'relaxed'}}
    graph.store relaxed %x, %p[%v] : !graph.nprop<i64>
  }
  return
}

// -----

// Only the load is relaxed: the plain store races, and the message says
// which access to mark.
func.func @plain_store(%g: !graph.graph, %p: !graph.nprop<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      // expected-note@+1 {{the other access}}
      %y = graph.load relaxed %p[%u] : !graph.nprop<i64>
    }
    // expected-error@+1 {{mark this store 'relaxed'}}
    graph.store %x, %p[%v] : !graph.nprop<i64>
  }
  return
}

// -----

// Neither is marked: the message proposes marking both.
func.func @neither(%g: !graph.graph, %p: !graph.nprop<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      // expected-note@+1 {{the other access}}
      %y = graph.load %p[%u] : !graph.nprop<i64>
    }
    // expected-error@+1 {{if either value may be read, mark both accesses 'relaxed'}}
    graph.store %x, %p[%v] : !graph.nprop<i64>
  }
  return
}

// -----

// A reduce cannot be relaxed: a relaxed store racing with one is an error.
func.func @relaxed_store_and_reduce(%g: !graph.graph, %p: !graph.nprop<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    // expected-error@+1 {{data race with the reduce at}}
    graph.store relaxed %x, %p[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      // expected-note@+1 {{the other access}}
      graph.reduce min %x, %p[%u] : !graph.nprop<i64>
    }
  }
  return
}
