// RUN: graph-opt %s -split-input-file -verify-diagnostics
// One case per verifier branch and custom-syntax error of the graph dialect.

// Types.

// expected-error@+1 {{unknown graph type 'vertex', expected one of: graph, node, edge, uf, nprop, eprop, scalar, worklist}}
func.func private @f(!graph.vertex)

// -----

// expected-error@+1 {{'!graph.node' takes no parameters}}
func.func private @f(!graph.node<i32>)

// -----

// expected-error@+1 {{'!graph.nprop' needs one element type: i1, i8, i16, i32, i64, index, f32, f64, !graph.node or !graph.edge}}
func.func private @f(!graph.nprop<!graph.graph>)

// -----
// Accessors.

func.func @f(%g: !graph.graph, %v: !graph.node) {
  // expected-error@+1 {{custom op 'graph.out_degree' expected 2 operands, but found 1}}
  %d = graph.out_degree %g
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.num_nodes' op requires a single operand}}
  %n = "graph.num_nodes"(%g, %g) : (!graph.graph, !graph.graph) -> index
  return
}

// -----

func.func @f(%g: !graph.graph, %e: !graph.edge) {
  // expected-error@+1 {{'graph.out_degree' op operand #1 must be !graph.node, but got '!graph.edge'}}
  %d = "graph.out_degree"(%g, %e) : (!graph.graph, !graph.edge) -> index
  return
}

// -----

func.func @f(%g: !graph.graph, %e: !graph.edge) {
  // expected-error@+1 {{'graph.weight' op result #0 must be 64-bit signless integer, but got 'f64'}}
  %w = "graph.weight"(%g, %e) : (!graph.graph, !graph.edge) -> f64
  return
}

// -----
// Foreach.

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{unknown iteration space 'vertices', expected one of: nodes, edges, out_edges, in_edges, out_nbrs, in_nbrs, items, range}}
  graph.foreach %v in vertices(%g) {
  }
  return
}

// -----

func.func @f(%g: !graph.graph, %wl: !graph.worklist<!graph.node>) {
  // expected-error@+1 {{items(...) needs the worklist type: items(%wl : !graph.worklist<T>)}}
  graph.foreach %v in items(%wl) {
  }
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{items(...) iterates over a !graph.worklist<T>}}
  graph.foreach %v in items(%g : !graph.graph) {
  }
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'out_nbrs' takes 2 operands, got 1}}
  graph.foreach %u, %e in out_nbrs(%g) {
  }
  return
}

// -----

func.func @f(%g: !graph.graph, %v: !graph.node) {
  // expected-error@+1 {{'out_nbrs' binds 2 values, got 1}}
  graph.foreach %u in out_nbrs(%g, %v) {
  }
  return
}

// -----

func.func @f(%g: !graph.graph, %v: !graph.node, %b: index) {
  // expected-error@+1 {{'common_nbrs' binds 1 values, got 2}}
  graph.foreach %u, %e in common_nbrs(%g, %v, %v, %b) {
  }
  return
}

// -----

func.func @f(%g: !graph.graph, %v: !graph.node) {
  // expected-error@+1 {{'common_nbrs' takes 4 operands, got 2}}
  graph.foreach %u in common_nbrs(%g, %v) {
  }
  return
}

// -----

func.func @f(%g: !graph.graph, %v: !graph.node, %b: index) {
  // expected-error@+1 {{'graph.foreach' op space 'common_nbrs' takes operands (!graph.graph, !graph.node, !graph.node, index)}}
  "graph.foreach"(%g, %v, %b) <{space = "common_nbrs"}> ({
  ^bb0(%u: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph, !graph.node, index) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.foreach' op requires attribute 'space'}}
  "graph.foreach"(%g) ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.foreach' op attribute 'space' failed to satisfy constraint: string attribute, one of: nodes, edges, out_edges, in_edges, out_nbrs, in_nbrs, items, range}}
  "graph.foreach"(%g) <{space = "vertices"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.foreach' op 'items' iterates over a !graph.worklist<T>, got !graph.graph}}
  "graph.foreach"(%g) <{space = "items"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph, %v: !graph.node) {
  // expected-error@+1 {{'graph.foreach' op space 'nodes' takes operands (!graph.graph)}}
  "graph.foreach"(%g, %v) <{space = "nodes"}> ({
  ^bb0(%u: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph, !graph.node) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.foreach' op expects a body and a filter region}}
  "graph.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.foreach' op requires zero results}}
  %r = "graph.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> i32
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.foreach' op body must not be empty}}
  "graph.foreach"(%g) <{space = "nodes"}> ({
  }, {
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.foreach' op body must take (!graph.node), got (!graph.edge)}}
  "graph.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%e: !graph.edge):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.foreach' op body must end with graph.yield}}
  "graph.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%v: !graph.node):
    "func.return"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph, %x: i64) {
  // expected-error@+1 {{'graph.foreach' op body must yield (), got (i64)}}
  graph.foreach %v in nodes(%g) {
    graph.yield %x : i64
  }
  return
}

// -----

func.func @f(%g: !graph.graph, %x: i64) {
  // expected-error@+1 {{'graph.foreach' op filter must yield (i1), got (i64)}}
  graph.foreach %v in nodes(%g) where {
    graph.yield %x : i64
  } do {
  }
  return
}

// -----

func.func @f(%g: !graph.graph, %b: i1) {
  // expected-error@+1 {{'graph.foreach' op filter must take (!graph.node), got ()}}
  "graph.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
    "graph.yield"(%b) : (i1) -> ()
  }) : (!graph.graph) -> ()
  return
}

// -----

func.func @f(%b: i1) {
  scf.if %b {
    // expected-error@+1 {{'graph.yield' op expects parent op to be one of 'graph.foreach, graph.iterate, graph.fixpoint, graph.single, sched.foreach'}}
    "graph.yield"() : () -> ()
  }
  return
}

// -----
// Allocation, load, store.

func.func @f(%g: !graph.graph, %x: i64) {
  // expected-error@+1 {{expected a property or scalar type, got i64}}
  %p = graph.new_node_prop %g, %x : i64
  return
}

// -----

func.func @f(%g: !graph.graph, %x: i64) {
  // expected-error@+1 {{'graph.new_scalar' expects 1 operands, got 2}}
  %p = graph.new_scalar %g, %x : !graph.scalar<i64>
  return
}

// -----

func.func @f(%g: !graph.graph, %x: i64) {
  // expected-error@+1 {{'graph.new_node_prop' op requires one result}}
  "graph.new_node_prop"(%g, %x) : (!graph.graph, i64) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph, %x: i64) {
  // expected-error@+1 {{'graph.new_node_prop' op result #0 must be !graph.nprop, but got '!graph.eprop<i64>'}}
  %p = "graph.new_node_prop"(%g, %x) : (!graph.graph, i64) -> !graph.eprop<i64>
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{'graph.new_edge_prop' op expected 2 operands, but found 1}}
  %p = "graph.new_edge_prop"(%x) : (i64) -> !graph.eprop<i64>
  return
}

// -----

func.func @f(%g: !graph.graph, %x: i32) {
  // expected-error@+1 {{'graph.new_node_prop' op initial value must be i64, got i32}}
  %p = "graph.new_node_prop"(%g, %x) : (!graph.graph, i32) -> !graph.nprop<i64>
  return
}

// -----

func.func @f(%s: !graph.scalar<i64>, %v: !graph.node) {
  // expected-error@+1 {{a scalar is not indexed}}
  %x = graph.load %s[%v] : !graph.scalar<i64>
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>) {
  // expected-error@+1 {{a property needs an index of type !graph.node}}
  %x = graph.load %p : !graph.nprop<i64>
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>, %v: !graph.node) {
  // expected-error@+1 {{expected a property or scalar type, got !graph.worklist<i64>}}
  %x = graph.load %p[%v] : !graph.worklist<i64>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'graph.load' op expected 1 or 2 operands, but found 0}}
  %x = "graph.load"() : () -> i64
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{'graph.load' op operand #0 must be !graph.nprop or !graph.eprop or !graph.scalar, but got 'i64'}}
  %y = "graph.load"(%x) : (i64) -> i64
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>, %e: !graph.edge) {
  // expected-error@+1 {{'graph.load' op index must be !graph.node for !graph.nprop<i64>, got !graph.edge}}
  %y = "graph.load"(%p, %e) : (!graph.nprop<i64>, !graph.edge) -> i64
  return
}

// -----

func.func @f(%p: !graph.eprop<i64>) {
  // expected-error@+1 {{'graph.load' op !graph.eprop<i64> needs an index of type !graph.edge}}
  %y = "graph.load"(%p) : (!graph.eprop<i64>) -> i64
  return
}

// -----

func.func @f(%s: !graph.scalar<i64>, %v: !graph.node) {
  // expected-error@+1 {{'graph.load' op a scalar is not indexed}}
  %y = "graph.load"(%s, %v) : (!graph.scalar<i64>, !graph.node) -> i64
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>, %v: !graph.node) {
  // expected-error@+1 {{'graph.load' op expected 1 or 2 operands, but found 3}}
  %y = "graph.load"(%p, %v, %v) : (!graph.nprop<i64>, !graph.node, !graph.node) -> i64
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>, %v: !graph.node) {
  // expected-error@+1 {{'graph.load' op result must be the element type i64}}
  %y = "graph.load"(%p, %v) : (!graph.nprop<i64>, !graph.node) -> i32
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>) {
  // expected-error@+1 {{'graph.store' op expected 2 or 3 operands, but found 1}}
  "graph.store"(%p) : (!graph.nprop<i64>) -> ()
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: f64) {
  // expected-error@+1 {{'graph.store' op stored value must be the element type i64, got f64}}
  "graph.store"(%x, %p, %v) : (f64, !graph.nprop<i64>, !graph.node) -> ()
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{'graph.store' op requires zero results}}
  %r = "graph.store"(%x, %p, %v) : (i64, !graph.nprop<i64>, !graph.node) -> i1
  return
}

// -----
// Reduce.

func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{unknown reduction kind 'sum', expected one of: add, mul, min, max, and, or}}
  graph.reduce sum %x, %p[%v] : !graph.nprop<i64>
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{the changed result must be i1, got i64}}
  %c = graph.reduce min %x, %p[%v] : !graph.nprop<i64> -> i64
  return
}

// -----

func.func @f(%s: !graph.scalar<f64>, %x: f64) {
  // expected-error@+1 {{'graph.reduce' op reduction 'and' does not apply to elements of type f64}}
  graph.reduce and %x, %s : !graph.scalar<f64>
  return
}

// -----

func.func @f(%s: !graph.scalar<!graph.node>, %x: !graph.node) {
  // expected-error@+1 {{'graph.reduce' op reduction 'add' does not apply to elements of type !graph.node}}
  graph.reduce add %x, %s : !graph.scalar<!graph.node>
  return
}

// -----

func.func @f(%s: !graph.scalar<i64>, %x: i64) {
  // expected-error@+1 {{'graph.reduce' op requires attribute 'kind'}}
  "graph.reduce"(%x, %s) : (i64, !graph.scalar<i64>) -> ()
  return
}

// -----

func.func @f(%s: !graph.scalar<i64>, %x: i64) {
  // expected-error@+1 {{'graph.reduce' op attribute 'kind' failed to satisfy constraint: string attribute, one of: add, mul, min, max, and, or}}
  "graph.reduce"(%x, %s) <{kind = "xor"}> : (i64, !graph.scalar<i64>) -> ()
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{'graph.reduce' op expected 2 or 3 operands, but found 1}}
  "graph.reduce"(%x) <{kind = "add"}> : (i64) -> ()
  return
}

// -----

func.func @f(%s: !graph.scalar<i64>, %x: i32) {
  // expected-error@+1 {{'graph.reduce' op reduced value must be the element type i64, got i32}}
  "graph.reduce"(%x, %s) <{kind = "add"}> : (i32, !graph.scalar<i64>) -> ()
  return
}

// -----

func.func @f(%s: !graph.scalar<i64>, %x: i64) {
  // expected-error@+1 {{'graph.reduce' op expected 0 or 1 results, but found 2}}
  %a, %b = "graph.reduce"(%x, %s) <{kind = "add"}> : (i64, !graph.scalar<i64>) -> (i1, i1)
  return
}

// -----
// Reduce_arg.

func.func @f(%k: !graph.nprop<i64>, %p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{unknown reduction kind 'add', expected one of: min, max}}
  graph.reduce_arg add %x, %x, %k, %p[%v] : !graph.nprop<i64>, !graph.nprop<i64>
  return
}

// -----

func.func @f(%k: !graph.nprop<i64>, %p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{expected two property or scalar types}}
  graph.reduce_arg min %x, %x, %k, %p[%v] : !graph.nprop<i64>, i64
  return
}

// -----

func.func @f(%k: !graph.nprop<i64>, %p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{'graph.reduce_arg' op attribute 'kind' failed to satisfy constraint: string attribute, one of: min, max}}
  "graph.reduce_arg"(%x, %x, %k, %p, %v) <{kind = "add"}> : (i64, i64, !graph.nprop<i64>, !graph.nprop<i64>, !graph.node) -> ()
  return
}

// -----

func.func @f(%k: !graph.nprop<i64>, %x: i64) {
  // expected-error@+1 {{'graph.reduce_arg' op expected 4 or 5 operands, but found 3}}
  "graph.reduce_arg"(%x, %x, %k) <{kind = "min"}> : (i64, i64, !graph.nprop<i64>) -> ()
  return
}

// -----

func.func @f(%k: !graph.nprop<i64>, %p: !graph.scalar<i64>, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{'graph.reduce_arg' op key and payload targets must be containers of the same kind, got !graph.nprop<i64> and !graph.scalar<i64>}}
  "graph.reduce_arg"(%x, %x, %k, %p, %v) <{kind = "min"}> : (i64, i64, !graph.nprop<i64>, !graph.scalar<i64>, !graph.node) -> ()
  return
}

// -----

func.func @f(%k: !graph.nprop<i64>, %p: !graph.nprop<i32>, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{'graph.reduce_arg' op key and payload must have the element types i64 and i32}}
  "graph.reduce_arg"(%x, %x, %k, %p, %v) <{kind = "min"}> : (i64, i64, !graph.nprop<i64>, !graph.nprop<i32>, !graph.node) -> ()
  return
}

// -----

func.func @f(%k: !graph.nprop<i64>, %p: !graph.nprop<f64>, %v: !graph.node, %x: i64, %y: f64) {
  // expected-error@+1 {{'graph.reduce_arg' op payload must be an integer, index, node or edge (ties keep the smallest), got f64}}
  graph.reduce_arg min %x, %y, %k, %p[%v] : !graph.nprop<i64>, !graph.nprop<f64>
  return
}

// -----
// Worklists.

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.new_worklist' op worklist items must be nodes, edges, integers or indices, got f64}}
  %w = graph.new_worklist %g : !graph.worklist<f64>
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.new_worklist' op a unique worklist holds nodes or edges, got i64}}
  %w = graph.new_worklist %g unique : !graph.worklist<i64>
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{'graph.new_worklist' op operand #0 must be !graph.graph, but got 'i64'}}
  %w = "graph.new_worklist"(%x) : (i64) -> !graph.worklist<i64>
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.new_worklist' op result #0 must be !graph.worklist, but got '!graph.nprop<i64>'}}
  %w = "graph.new_worklist"(%g) : (!graph.graph) -> !graph.nprop<i64>
  return
}

// -----

func.func @f(%x: i64, %p: !graph.nprop<i64>) {
  // expected-error@+1 {{expected a worklist type, got !graph.nprop<i64>}}
  graph.push %x, %p : !graph.nprop<i64>
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{'graph.push' op expected 2 operands, but found 1}}
  "graph.push"(%x) : (i64) -> ()
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{'graph.push' op operand #1 must be !graph.worklist, but got 'i64'}}
  "graph.push"(%x, %x) : (i64, i64) -> ()
  return
}

// -----

func.func @f(%x: i32, %w: !graph.worklist<i64>) {
  // expected-error@+1 {{'graph.push' op pushed item must be i64, got i32}}
  "graph.push"(%x, %w) : (i32, !graph.worklist<i64>) -> ()
  return
}

// -----
// Iterate and fixpoint.

func.func @f(%w: !graph.worklist<i64>, %x: i64) {
  // expected-error@+1 {{1 iter_args but 2 result types}}
  %r:2 = graph.iterate %w : !graph.worklist<i64> iter_args(%a = %x) -> (i64, i64) {
    graph.yield %a, %a : i64, i64
  }
  return
}

// -----

func.func @f(%w: !graph.worklist<i64>, %x: i64) {
  // expected-error@+1 {{'graph.iterate' op result types must match the iter_args types}}
  %r = "graph.iterate"(%w, %x) ({
  ^bb0(%a: i64):
    "graph.yield"(%a) : (i64) -> ()
  }) : (!graph.worklist<i64>, i64) -> i32
  return
}

// -----

func.func @f(%w: !graph.worklist<i64>) {
  // expected-error@+1 {{'graph.iterate' op expects one body region}}
  "graph.iterate"(%w) : (!graph.worklist<i64>) -> ()
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{'graph.iterate' op operand #0 must be !graph.worklist, but got 'i64'}}
  "graph.iterate"(%x) ({
    "graph.yield"() : () -> ()
  }) : (i64) -> ()
  return
}

// -----

func.func @f(%w: !graph.worklist<i64>, %x: i64) {
  // expected-error@+1 {{'graph.iterate' op body must take (i64), got ()}}
  %r = "graph.iterate"(%w, %x) ({
    "graph.yield"(%x) : (i64) -> ()
  }) : (!graph.worklist<i64>, i64) -> i64
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{'graph.fixpoint' op body must yield (i1, i64), got (i64)}}
  %r = graph.fixpoint iter_args(%a = %x) -> (i64) {
    graph.yield %a : i64
  }
  return
}

// -----
// Single.

func.func @f(%g: !graph.graph, %i: index) {
  // expected-error@+1 {{'graph.single' op operand #1 must be !graph.node or !graph.edge, but got 'index'}}
  graph.single %g[%i] : index {
  }
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'graph.single' op needs at least one node or edge to lock}}
  graph.single %g[] : !graph.node {
  }
  return
}

// -----

func.func @f(%v: !graph.node) {
  // expected-error@+1 {{'graph.single' op operand #0 must be !graph.graph, but got '!graph.node'}}
  "graph.single"(%v, %v) ({
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.node, !graph.node) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph, %v: !graph.node, %e: !graph.edge) {
  // expected-error@+1 {{'graph.single' op all locked elements must have the same type}}
  "graph.single"(%g, %v, %e) ({
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph, !graph.node, !graph.edge) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph, %v: !graph.node) {
  // expected-error@+1 {{'graph.single' op expects a locked and an else region and no results}}
  "graph.single"(%g, %v) ({
    "graph.yield"() : () -> ()
  }) : (!graph.graph, !graph.node) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{'graph.single' op else region must yield (), got (i64)}}
  graph.single %g[%v] : !graph.node {
  } else {
    graph.yield %x : i64
  }
  return
}

// -----

func.func @f(%g: !graph.graph, %d: i64) {
  %c0 = arith.constant 0 : i32
  %k = graph.new_node_prop %g, %c0 : !graph.nprop<i32>
  // expected-error@+1 {{'graph.new_ordered_worklist' op the key of an ordered worklist must be a !graph.nprop<i64>, got !graph.nprop<i32>}}
  %w = graph.new_ordered_worklist %g, %k, %d : !graph.nprop<i32> -> !graph.worklist<!graph.node>
  return
}

// -----

func.func @f(%g: !graph.graph, %d: i64) {
  %c0 = arith.constant 0 : i64
  %k = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  // expected-error@+1 {{'graph.new_ordered_worklist' op an ordered worklist holds nodes: the result must be !graph.worklist<!graph.node>, got !graph.worklist<!graph.edge>}}
  %w = graph.new_ordered_worklist %g, %k, %d : !graph.nprop<i64> -> !graph.worklist<!graph.edge>
  return
}

// -----

func.func @f(%g: !graph.graph, %d: i64) {
  %c0 = arith.constant 0 : i64
  %k = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  // expected-error@+1 {{expected '->'}}
  %w = graph.new_ordered_worklist %g, %k, %d : !graph.nprop<i64> !graph.worklist<!graph.node>
  return
}

// -----

func.func @f(%g: !graph.graph, %u: !graph.node, %b: index) -> index {
  // expected-error@+1 {{'graph.count_common' op attribute 'intersect' failed to satisfy constraint: string attribute, one of: merge, gallop, auto, bitmap}}
  %n = graph.count_common %g, %u, %u, %b {intersect = "hash"}
  return %n : index
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%g: !graph.graph, %u: !graph.node, %b: i64) -> index {
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'index' vs 'i64'}}
  %n = graph.count_common %g, %u, %u, %b
  return %n : index
}

// -----

func.func @f(%s: !graph.scalar<f64>, %x: f64) {
  // expected-error@+1 {{'graph.fetch_add' op adds to integer elements, got f64}}
  %old = graph.fetch_add %x, %s : !graph.scalar<f64>
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: i32) {
  // expected-error@+1 {{'graph.fetch_add' op added value must be the element type i64, got i32}}
  %old = "graph.fetch_add"(%x, %p, %v) : (i32, !graph.nprop<i64>, !graph.node) -> i64
  return
}

// -----

func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{'graph.fetch_add' op result must be the element type i64, got i32}}
  %old = "graph.fetch_add"(%x, %p, %v) : (i64, !graph.nprop<i64>, !graph.node) -> i32
  return
}

// -----

func.func @relaxed_misspelt(%g: !graph.graph, %p: !graph.nprop<i64>, %v: !graph.node) {
  // expected-error@+1 {{expected 'relaxed' or an SSA operand, got 'relaxd'; did you mean 'relaxed'?}}
  %x = graph.load relaxd %p[%v] : !graph.nprop<i64>
  return
}

// -----

func.func @relaxed_store_misplaced(%g: !graph.graph, %p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  // expected-error@+1 {{expected 'relaxed' or an SSA operand, got 'atomic'}}
  graph.store atomic %x, %p[%v] : !graph.nprop<i64>
  return
}
