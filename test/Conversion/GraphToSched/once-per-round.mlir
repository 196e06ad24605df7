// A push into a unique worklist claims its item first (an atomic exchange
// on the item's round stamp) unless the push adds each item at most once a
// round: then convert-graph-to-sched marks it `sched.once_per_round`,
// convert-sched-to-par makes it an `unclaimed` par.queue_push, and remarks
// say which pushes are marked and why the others are not.
// RUN: graph-opt %s --convert-graph-to-sched --split-input-file | FileCheck %s
// RUN: graph-opt %s --convert-graph-to-sched='remarks=true' --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: graph-opt %s --convert-graph-to-sched --convert-sched-to-par --split-input-file | FileCheck %s --check-prefix=PAR
// Run, the interpreter checks at the par level that no marked push adds an
// item twice in a round; the compiled code agrees with it.
// RUN: sed -n '1,/^\/\/ -----/p' %s > %t.levels.mlir
// RUN: graph-opt %t.levels.mlir --convert-graph-to-sched --convert-sched-to-par -o %t.par.mlir
// RUN: graph-run %t.par.mlir --entry levels --graph gen:kron:scale=8,degree=8 --simplify --shuffle 3 0 > %t.interp
// RUN: graph-run %t.levels.mlir --entry levels --graph gen:kron:scale=8,degree=8 --simplify --backend cpu --threads 2 0 | diff %t.interp -

// Levels: the push runs when the minimum with the round's level changed
// its node's element, which the first such reduction in the round does.
// CHECK-LABEL: func.func @levels
// CHECK: graph.push %{{.*}}, %{{.*}} {sched.once_per_round} : !graph.worklist<!graph.node>
// REMARK: once-per-round.mlir:[[@LINE+17]]:11: remark: push once a round, without a claim: it runs only when the reduction at {{.*}}once-per-round.mlir:[[@LINE+15]]:15 changes the element of its item, which happens once a round
// PAR-LABEL: func.func @levels
// PAR: par.queue_push %{{.*}}, %{{.*}} {buffered, unclaimed}
func.func @levels(%g: !graph.graph, %s: !graph.node) -> !graph.nprop<i64> {
  %max = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %d = graph.new_node_prop %g, %max : !graph.nprop<i64>
  graph.store %c0, %d[%s] : !graph.nprop<i64>
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  %last = graph.iterate %wl : !graph.worklist<!graph.node> iter_args(%level = %c0) -> (i64) {
    %next = arith.addi %level, %c1 : i64
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %ch = graph.reduce min %next, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %ch {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield %next : i64
  }
  return %d : !graph.nprop<i64>
}

// -----

// Distances: the value reduced differs from edge to edge, so a node's
// element may change, and the node be pushed, more than once a round.
// CHECK-LABEL: func.func @distances
// CHECK-NOT: sched.once_per_round
// REMARK: once-per-round.mlir:[[@LINE+18]]:11: remark: push claims each item before adding it (an atomic exchange): the value of the reduction at {{.*}}once-per-round.mlir:[[@LINE+16]]:15 may differ within a round
// PAR-LABEL: func.func @distances
// PAR: par.queue_push %{{.*}}, %{{.*}} {buffered}
func.func @distances(%g: !graph.graph, %s: !graph.node) -> !graph.nprop<i64> {
  %max = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %d = graph.new_node_prop %g, %max : !graph.nprop<i64>
  graph.store %c0, %d[%s] : !graph.nprop<i64>
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %dv = graph.load %d[%v] : !graph.nprop<i64>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %w = graph.weight %g, %e
        %x = arith.addi %dv, %w : i64
        %ch = graph.reduce min %x, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %ch {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return %d : !graph.nprop<i64>
}

// -----

// Two pushes into the worklist in a round, an unguarded push, a property
// written elsewhere in the round, and a guard on another node's element.
// CHECK-LABEL: func.func @others
// CHECK-NOT: sched.once_per_round
// CHECK: return
// REMARK: once-per-round.mlir:[[@LINE+20]]:11: remark: push claims each item before adding it (an atomic exchange): the round at {{.*}}once-per-round.mlir:[[@LINE+15]]:3 pushes into the worklist at 2 places
// REMARK: once-per-round.mlir:[[@LINE+22]]:7: remark: push claims each item before adding it (an atomic exchange): the round at {{.*}}once-per-round.mlir:[[@LINE+14]]:3 pushes into the worklist at 2 places
// REMARK: once-per-round.mlir:[[@LINE+30]]:11: remark: push claims each item before adding it (an atomic exchange): 'graph.store' at {{.*}}once-per-round.mlir:[[@LINE+33]]:7 writes the property the reduction at {{.*}}once-per-round.mlir:[[@LINE+28]]:15 changes
// REMARK: once-per-round.mlir:[[@LINE+41]]:11: remark: push claims each item before adding it (an atomic exchange): it neither pushes the own item of a loop that runs once a round, nor runs only when a 'min', 'max', 'and' or 'or' reduction into its item's element reports a change
func.func @others(%g: !graph.graph, %s: !graph.node) {
  %max = arith.constant 9223372036854775807 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %d = graph.new_node_prop %g, %max : !graph.nprop<i64>
  %a = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  %b = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  %c = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %a : !graph.worklist<!graph.node>
  graph.push %s, %b : !graph.worklist<!graph.node>
  graph.push %s, %c : !graph.worklist<!graph.node>
  graph.iterate %a : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%a : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %ch = graph.reduce min %c1, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %ch {
          graph.push %u, %a : !graph.worklist<!graph.node>
        }
      }
      graph.push %v, %a : !graph.worklist<!graph.node>
    }
    graph.yield
  }
  graph.iterate %b : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%b : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %ch = graph.reduce min %c1, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %ch {
          graph.push %u, %b : !graph.worklist<!graph.node>
        }
      }
      graph.store %c0, %d[%v] : !graph.nprop<i64>
    }
    graph.yield
  }
  graph.iterate %c : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%c : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %ch = graph.reduce min %c1, %d[%v] : !graph.nprop<i64> -> i1
        scf.if %ch {
          graph.push %u, %c : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return
}

// -----

// An ordered worklist's pushes are never claimed: the push that would be
// once a round stays unmarked and says why; at the par level the queue is
// an ordered one.
// CHECK-LABEL: func.func @ordered
// CHECK: graph.push %{{.*}}, %{{.*}} : !graph.worklist<!graph.node>
// REMARK: once-per-round.mlir:[[@LINE+15]]:11: remark: push into an ordered worklist, without a claim: the item is placed in a bucket by its key
// PAR-LABEL: func.func @ordered
// PAR: par.ordered_queue_new %{{.*}}, %{{.*}}, %{{.*}} {eager} : !par.buf<i64> -> !par.queue<index>
// PAR: par.queue_push %{{.*}}, %{{.*}} {buffered}
func.func @ordered(%g: !graph.graph, %s: !graph.node, %delta: i64) {
  %max = arith.constant 9223372036854775807 : i64
  %c1 = arith.constant 1 : i64
  %d = graph.new_node_prop %g, %max : !graph.nprop<i64>
  %wl = graph.new_ordered_worklist %g, %d, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %ch = graph.reduce min %c1, %d[%u] : !graph.nprop<i64> -> i1
        scf.if %ch {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return
}

// -----

// A push guarded by a fetch_add of a constant whose result is compared for
// equality runs once per item: the element's values only go one way, so
// one of them at most equals the value compared (k-core's count falling
// from k to k - 1). With an amount that may differ, the claim stays.
// CHECK-LABEL: func.func @threshold
// CHECK: graph.push %{{.*}}, %{{.*}} {sched.once_per_round}
// REMARK: once-per-round.mlir:[[@LINE+15]]:11: remark: push once a round, without a claim: it runs only when the fetch_add at {{.*}}once-per-round.mlir:[[@LINE+12]]:19 returns the value compared for its item, which happens once
// PAR-LABEL: func.func @threshold
// PAR: par.queue_push %{{.*}}, %{{.*}} {buffered, unclaimed}
func.func @threshold(%g: !graph.graph, %s: !graph.node, %k: i64) {
  %minus1 = arith.constant -1 : i64
  %c0 = arith.constant 0 : i64
  %count = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in in_nbrs(%g, %v) {
        %before = graph.fetch_add %minus1, %count[%u] : !graph.nprop<i64>
        %falls = arith.cmpi eq, %before, %k : i64
        scf.if %falls {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return
}

// CHECK-LABEL: func.func @any_amount
// REMARK: once-per-round.mlir:[[@LINE+14]]:11: remark: push claims each item before adding it (an atomic exchange): the fetch_add at {{.*}}once-per-round.mlir:[[@LINE+11]]:19 does not add a constant other than 0, so its element may pass the value compared more than once
// PAR-LABEL: func.func @any_amount
// PAR: par.queue_push %{{.*}}, %{{.*}} {buffered}
func.func @any_amount(%g: !graph.graph, %s: !graph.node, %k: i64, %amount: i64) {
  %c0 = arith.constant 0 : i64
  %count = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in in_nbrs(%g, %v) {
        %before = graph.fetch_add %amount, %count[%u] : !graph.nprop<i64>
        %falls = arith.cmpi eq, %before, %k : i64
        scf.if %falls {
          graph.push %u, %wl : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return
}

// -----

// A node that pushes itself back: each iteration of a loop over the items
// of a unique worklist, or over the nodes, pushes its own item, once.
// RUN: sed -n '/^func.func @countdown/,/^}/p' %s > %t.countdown.mlir
// RUN: graph-opt %t.countdown.mlir --convert-graph-to-sched --convert-sched-to-par -o %t.countdown.par.mlir
// RUN: graph-run %t.countdown.par.mlir --entry countdown --graph gen:kron:scale=8,degree=8 --shuffle 3 5 > %t.countdown.interp
// RUN: graph-run %t.countdown.mlir --entry countdown --graph gen:kron:scale=8,degree=8 --backend cpu --threads 2 5 | diff %t.countdown.interp -
// CHECK-LABEL: func.func @countdown
// CHECK: graph.push %{{.*}}, %{{.*}} {sched.once_per_round}
// CHECK: graph.push %{{.*}}, %{{.*}} {sched.once_per_round}
// REMARK: once-per-round.mlir:[[@LINE+19]]:9: remark: push once a round, without a claim: it pushes the own item of the loop at {{.*}}once-per-round.mlir:[[@LINE+13]]:5, which runs once a round and visits each item once
// REMARK: once-per-round.mlir:[[@LINE+32]]:9: remark: push once a round, without a claim: it pushes the own item of the loop at {{.*}}once-per-round.mlir:[[@LINE+26]]:5, which runs once a round and visits each item once
// PAR-LABEL: func.func @countdown
// PAR: par.queue_push %{{.*}}, %{{.*}} {buffered, unclaimed}
// PAR: par.queue_push %{{.*}}, %{{.*}} {buffered, unclaimed}
func.func @countdown(%g: !graph.graph, %s: !graph.node) -> !graph.nprop<i64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %left = graph.new_node_prop %g, %c3 : !graph.nprop<i64>
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %wl : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      %l = graph.load %left[%v] : !graph.nprop<i64>
      %l1 = arith.subi %l, %c1 : i64
      graph.store %l1, %left[%v] : !graph.nprop<i64>
      %more = arith.cmpi sgt, %l1, %c0 : i64
      scf.if %more {
        graph.push %v, %wl : !graph.worklist<!graph.node>
      }
    }
    graph.yield
  }
  %all = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %all : !graph.worklist<!graph.node>
  graph.iterate %all : !graph.worklist<!graph.node> {
    graph.foreach %v in nodes(%g) {
      %l = graph.load %left[%v] : !graph.nprop<i64>
      %more = arith.cmpi slt, %l, %c3 : i64
      scf.if %more {
        %l1 = arith.addi %l, %c1 : i64
        graph.store %l1, %left[%v] : !graph.nprop<i64>
        graph.push %v, %all : !graph.worklist<!graph.node>
      }
    }
    graph.yield
  }
  return %left : !graph.nprop<i64>
}

// -----

// Its own item pushed in a sequential loop of the iteration, or by a loop
// that runs once for each node of another loop, may come twice a round.
// CHECK-LABEL: func.func @own_item_twice
// CHECK-NOT: sched.once_per_round
// CHECK: return
// REMARK: once-per-round.mlir:[[@LINE+13]]:9: remark: push claims each item before adding it (an atomic exchange): it neither pushes the own item
// REMARK: once-per-round.mlir:[[@LINE+21]]:11: remark: push claims each item before adding it (an atomic exchange): it neither pushes the own item
func.func @own_item_twice(%g: !graph.graph, %s: !graph.node) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  %b = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.push %s, %a : !graph.worklist<!graph.node>
  graph.push %s, %b : !graph.worklist<!graph.node>
  graph.iterate %a : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%a : !graph.worklist<!graph.node>) {
      scf.for %i = %c0 to %c2 step %c1 {
        graph.push %v, %a : !graph.worklist<!graph.node>
      }
    }
    graph.yield
  }
  graph.iterate %b : !graph.worklist<!graph.node> {
    graph.foreach %w in items(%b : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in out_nbrs(%g, %w) {
        graph.foreach %v in items(%b : !graph.worklist<!graph.node>) {
          graph.push %v, %b : !graph.worklist<!graph.node>
        }
      }
    }
    graph.yield
  }
  return
}
