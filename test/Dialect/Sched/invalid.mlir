// RUN: graph-opt %s -split-input-file -verify-diagnostics
// The declared signature of sched.foreach and its schedule's checks.

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'sched.foreach' op requires attribute 'schedule'}}
  "sched.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'sched.foreach' op requires attribute 'space'}}
  "sched.foreach"(%g) <{schedule = {}}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'sched.foreach' op requires zero results}}
  %r = "sched.foreach"(%g) <{space = "nodes", schedule = {}}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> i1
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'sched.foreach' op schedule must be a dictionary, got "thread"}}
  "sched.foreach"(%g) <{space = "nodes", schedule = "thread"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'sched.foreach' op space 'nodes' takes operands (!graph.graph)}}
  "sched.foreach"(%g, %g) <{space = "nodes", schedule = {}}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph, !graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'sched.foreach' op schedule lacks}}
  "sched.foreach"(%g) <{space = "nodes", schedule = {mapping = "thread"}}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}
