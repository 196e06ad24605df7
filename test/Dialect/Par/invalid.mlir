// RUN: graph-opt %s -split-input-file -verify-diagnostics
// The par dialect's declared signatures (operand and result counts and
// types, properties) and the relations its verifiers check.

func.func @f(%b: !par.buf<i64>, %i: i64) {
  // expected-error@+1 {{'par.load' op operand #1 must be index, but got 'i64'}}
  %v = "par.load"(%b, %i) : (!par.buf<i64>, i64) -> i64
  return
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index) {
  // expected-error@+1 {{'par.load' op result must be i64, got i32}}
  %v = "par.load"(%b, %i) : (!par.buf<i64>, index) -> i32
  return
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index, %x: f64) {
  // expected-error@+1 {{'par.store' op stored value must be i64, got f64}}
  "par.store"(%x, %b, %i) : (f64, !par.buf<i64>, index) -> ()
  return
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index, %x: i64) {
  // expected-error@+1 {{'par.store' op expected 3 operands, but found 2}}
  "par.store"(%x, %b) : (i64, !par.buf<i64>) -> ()
  return
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index, %x: i64) {
  // expected-error@+1 {{'par.atomic_rmw' op requires attribute 'kind'}}
  %o = "par.atomic_rmw"(%x, %b, %i) : (i64, !par.buf<i64>, index) -> i64
  return
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index, %x: i64) {
  // expected-error@+1 {{'par.atomic_rmw' op attribute 'kind' failed to satisfy constraint: string attribute, one of: add, mul, min, max, and, or, xchg}}
  %o = "par.atomic_rmw"(%x, %b, %i) <{kind = "nand"}> : (i64, !par.buf<i64>, index) -> i64
  return
}

// -----

func.func @f(%b: !par.buf<f64>, %i: index, %x: f64) {
  // expected-error@+1 {{'par.atomic_rmw' op 'or' applies to integers only, got f64}}
  %o = "par.atomic_rmw"(%x, %b, %i) <{kind = "or"}> : (f64, !par.buf<f64>, index) -> f64
  return
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index, %x: i64) {
  // expected-error@+1 {{'par.atomic_rmw' op 'xchg' cannot be grouped: exchanges do not combine}}
  %o = "par.atomic_rmw"(%x, %b, %i) <{grouped, kind = "xchg"}> : (i64, !par.buf<i64>, index) -> i64
  return
}

// -----

func.func @f(%b: !par.buf<f64>, %i: index, %x: f64) -> f64 {
  // expected-error@+1 {{'par.atomic_rmw' op the old value of a grouped atomic is each thread's only for an integer 'add', so it must be unused}}
  %o = "par.atomic_rmw"(%x, %b, %i) <{grouped, kind = "add"}> : (f64, !par.buf<f64>, index) -> f64
  return %o : f64
}

// -----

func.func @f(%b: !par.buf<i64>, %i: index, %x: i64) -> i64 {
  // expected-error@+1 {{'par.atomic_rmw' op the old value of a grouped atomic is each thread's only for an integer 'add', so it must be unused}}
  %o = "par.atomic_rmw"(%x, %b, %i) <{grouped, kind = "max"}> : (i64, !par.buf<i64>, index) -> i64
  return %o : i64
}

// -----

func.func @f(%b: !par.buf<f64>, %i: index, %x: f64) {
  // expected-error@+1 {{'par.cmpxchg' op operand #2 must be signless integer or index, but got 'f64'}}
  %o, %ok = "par.cmpxchg"(%b, %i, %x, %x) : (!par.buf<f64>, index, f64, f64) -> (f64, i1)
  return
}

// -----

func.func @f(%g: !graph.graph) {
  // expected-error@+1 {{'par.graph_size' op attribute 'of' failed to satisfy constraint: string attribute, one of: nodes, edges}}
  %n = "par.graph_size"(%g) <{of = "arcs"}> : (!graph.graph) -> index
  return
}

// -----

func.func @f(%q: !par.queue<index>, %x: i64) {
  // expected-error@+1 {{'par.queue_push' op item must be index, got i64}}
  "par.queue_push"(%x, %q) : (i64, !par.queue<index>) -> ()
  return
}

// -----

func.func @f(%q: !par.queue<index>, %x: i64, %at: index) {
  // expected-error@+1 {{'par.queue_put' op item must be index, got i64}}
  "par.queue_put"(%x, %q, %at) : (i64, !par.queue<index>, index) -> ()
  return
}

// -----

func.func @f(%q: !par.queue<index>, %x: index) {
  // expected-error@+1 {{'par.queue_claim' op result #0 must be 1-bit signless integer, but got 'index'}}
  %c = "par.queue_claim"(%x, %q) : (index, !par.queue<index>) -> index
  return
}

// -----

func.func @f(%q: !par.queue<index>, %x: index) {
  // expected-error@+1 {{'par.queue_push' op attribute 'aggregate' failed to satisfy constraint: string attribute, one of: subgroup, block}}
  "par.queue_push"(%x, %q) <{aggregate = "grid"}> : (index, !par.queue<index>) -> ()
  return
}

// -----

func.func @f() {
  "par.parallel"() ({
    // expected-error@+1 {{'par.local' op 'size' must be positive, got 0}}
    %l = "par.local"() <{size = 0 : i64}> : () -> !par.buf<index>
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%b: !par.buf<i64>) {
  %c = arith.constant 0 : index
  // expected-error@+1 {{'par.free' op operand #0 must be !par.buf or !par.queue, but got 'index'}}
  "par.free"(%c) : (index) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'par.barrier' op must be inside a par.parallel}}
  "par.barrier"() : () -> ()
  return
}

// -----

func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    // expected-error@+1 {{'par.for' op 'chunk' must be a positive integer}}
    "par.for"(%c0, %n, %c1) <{chunk = 0 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    // expected-error@+1 {{'par.for' op attribute 'dist' failed to satisfy constraint: string attribute, one of: static, dynamic, guided}}
    "par.for"(%c0, %n, %c1) <{chunk = 4 : i64, dist = "cyclic"}> ({
    ^bb0(%i: index):
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'par.thread_id' op result #0 must be index, but got 'i32'}}
  %t = "par.thread_id"() : () -> i32
  return
}

// -----

func.func @f(%i: index, %n: index) {
  // expected-error@+1 {{'par.check_index' op attribute 'of' failed to satisfy constraint: string attribute, one of: nodes, edges}}
  "par.check_index"(%i, %n) <{of = "arcs"}> : (index, index) -> ()
  return
}

// -----

func.func @f(%i: i64, %n: index) {
  // expected-error@+1 {{'par.check_index' op operand #0 must be index, but got 'i64'}}
  "par.check_index"(%i, %n) <{of = "nodes"}> : (i64, index) -> ()
  return
}

// -----

func.func @f(%n: index, %key: !par.buf<i32>, %d: i64) {
  // expected-error@+1 {{'par.ordered_queue_new' op the key must be a !par.buf<i64>, got !par.buf<i32>}}
  %q = "par.ordered_queue_new"(%n, %key, %d) : (index, !par.buf<i32>, i64) -> !par.queue<index>
  return
}

// -----

func.func @f(%n: index, %key: !par.buf<i64>, %d: i64) {
  // expected-error@+1 {{'par.ordered_queue_new' op an ordered queue holds index items (nodes)}}
  %q = "par.ordered_queue_new"(%n, %key, %d) : (index, !par.buf<i64>, i64) -> !par.queue<i64>
  return
}

// -----

func.func @f(%q: !par.queue<index>, %limit: index) -> index {
  // expected-error@+1 {{'par.queue_take_own' op must be inside a par.parallel}}
  %n = "par.queue_take_own"(%q, %limit) : (!par.queue<index>, index) -> index
  return %n : index
}

// -----

func.func @f(%x: i64) {
  "par.parallel"() ({
    // expected-error@+1 {{'par.subgroup_reduce' op 'xchg' does not combine values}}
    %s = "par.subgroup_reduce"(%x) <{kind = "xchg"}> : (i64) -> i64
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%x: f64) {
  "par.parallel"() ({
    // expected-error@+1 {{'par.subgroup_reduce' op 'or' applies to integers only, got f64}}
    %s = "par.subgroup_reduce"(%x) <{kind = "or"}> : (f64) -> f64
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%x: i64) {
  // expected-error@+1 {{'par.subgroup_reduce' op must be inside a par.parallel}}
  %s = "par.subgroup_reduce"(%x) <{kind = "add"}> : (i64) -> i64
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'par.lane_id' op must be inside a par.parallel}}
  %l = "par.lane_id"() : () -> index
  return
}

// -----

func.func @f(%x: i64) {
  "par.parallel"() ({
    // expected-error@+1 {{'par.block_reduce' op 'xchg' does not combine values}}
    %s = "par.block_reduce"(%x) <{kind = "xchg"}> : (i64) -> i64
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%x: f32) {
  "par.parallel"() ({
    // expected-error@+1 {{'par.block_reduce' op 'and' applies to integers only, got f32}}
    %s = "par.block_reduce"(%x) <{kind = "and"}> : (f32) -> f32
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%x: i64) {
  "par.parallel"() ({
    // expected-error@+1 {{'par.block_reduce' op result must be i64, got i32}}
    %s = "par.block_reduce"(%x) <{kind = "add"}> : (i64) -> i32
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f() -> index {
  // expected-error@+1 {{'par.block_thread_id' op must be inside a par.parallel}}
  %t = "par.block_thread_id"() : () -> index
  return %t : index
}

// -----

func.func @f(%x: i64) {
  "par.parallel"() ({
    // expected-error@+1 {{'par.subgroup_scan' op 'xchg' does not combine values}}
    %s = "par.subgroup_scan"(%x) <{kind = "xchg"}> : (i64) -> i64
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%x: f64) -> f64 {
  // expected-error@+1 {{'par.block_scan' op must be inside a par.parallel}}
  %s = "par.block_scan"(%x) <{kind = "add"}> : (f64) -> f64
  return %s : f64
}

// -----

func.func @f(%x: i64, %l: index) {
  "par.parallel"() ({
    // expected-error@+1 {{'par.subgroup_shuffle' op result must be i64, got f64}}
    %y = "par.subgroup_shuffle"(%x, %l) : (i64, index) -> f64
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%c: i1) {
  "par.parallel"() ({
    scf.if %c {
      // expected-error@+1 {{'par.shared' op must be at its team body's top level, where every thread of a block makes it}}
      %s = "par.shared"() <{size = 4 : i64}> : () -> !par.buf<i64>
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f() {
  "par.parallel"() ({
    // expected-error@+1 {{'par.shared' op 'size' must be positive, got 0}}
    %s = "par.shared"() <{size = 0 : i64}> : () -> !par.buf<i64>
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'par.shared' op}}
  %s = "par.shared"() <{size = 4 : i64}> : () -> !par.buf<i64>
  return
}

// -----

// The graph is read-only: a write to one of its arrays is an error.
func.func @f(%g: !graph.graph, %i: index, %x: i32) {
  %t = "par.graph_array"(%g) <{array = "out_targets"}> : (!graph.graph) -> !par.buf<i32>
  // expected-error@+1 {{'par.store' op writes the graph's array 'out_targets': the graph is read-only}}
  "par.store"(%x, %t, %i) : (i32, !par.buf<i32>, index) -> ()
  return
}

// -----

func.func @f(%g: !graph.graph, %i: index) {
  %o = "par.graph_array"(%g) <{array = "in_offsets"}> : (!graph.graph) -> !par.buf<index>
  // expected-error@+1 {{'par.atomic_rmw' op writes the graph's array 'in_offsets': the graph is read-only}}
  %old = "par.atomic_rmw"(%i, %o, %i) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
  return
}

// -----

func.func @f(%g: !graph.graph, %i: index, %w: i64) {
  %ws = "par.graph_array"(%g) <{array = "weights"}> : (!graph.graph) -> !par.buf<i64>
  // expected-error@+1 {{'par.cmpxchg' op writes the graph's array 'weights': the graph is read-only}}
  %old, %ok = "par.cmpxchg"(%ws, %i, %w, %w) : (!par.buf<i64>, index, i64, i64) -> (i64, i1)
  return
}
