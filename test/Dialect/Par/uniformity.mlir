// RUN: graph-opt %s -split-input-file -verify-diagnostics
// Collectives (par.barrier, a work-sharing par.for) must be reached by
// every thread of their team: not under a branch or loop whose condition,
// bounds or turns may differ between threads. Values defined outside the
// team, par.num_threads and pure operations on such values are the same
// on every thread; a thread's number, a loop's counter and loaded values
// may differ.

// Uniform: a value from outside the team, the team's size, arithmetic on
// them, a loop with such bounds. No diagnostics.
func.func @uniform(%n: index, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    %t = "par.num_threads"() : () -> index
    %two = arith.muli %t, %n : index
    %big = arith.cmpi ugt, %two, %c1 : index
    scf.if %big {
      "par.barrier"() : () -> ()
    }
    scf.if %flag {
      "par.for"(%c0, %n, %c1) <{chunk = 4 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
    }
    scf.for %k = %c0 to %n step %c1 {
      "par.barrier"() : () -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f() {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      // expected-error@+1 {{'par.barrier' op must be reached by every thread of its team, but the 'scf.if' at}}
      "par.barrier"() : () -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%b: !par.buf<index>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    %m = "par.load"(%b, %c0) : (!par.buf<index>, index) -> index
    scf.for %k = %c0 to %m step %c1 {
      // expected-error@+1 {{'par.for' op must be reached by every thread of its team, but the 'scf.for' at}}
      "par.for"(%c0, %n, %c1) <{chunk = 4 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 4 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      // expected-error@+1 {{spreads its iterations over the threads}}
      "par.barrier"() : () -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// An scf.while whose condition may differ: the thread's number, or a
// value carried from turn to turn that comes from it.
func.func @f(%n: index) {
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    %r = scf.while (%i = %t) : (index) -> index {
      %go = arith.cmpi ult, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      // expected-error@+1 {{decides each thread's next turn on a value that may differ between threads}}
      "par.barrier"() : () -> ()
      %k = arith.addi %j, %c1 : index
      scf.yield %k : index
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A carried value that depends on itself is taken to differ, though it
// starts the same on every thread.
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    %r = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi ult, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      // expected-error@+1 {{decides each thread's next turn on a value that may differ between threads}}
      "par.barrier"() : () -> ()
      %k = arith.addi %j, %c1 : index
      scf.yield %k : index
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Uniform: an scf.while on a value from outside the team, and one whose
// carried value is a subgroup's maximum at the start and after every turn
// (the warp tier's turns): no diagnostics.
func.func @f(%go: i1, %n: index) {
  "par.parallel"() ({
    scf.while : () -> () {
      scf.condition(%go)
    } do {
      "par.barrier"() : () -> ()
      scf.yield
    }
    %l = "par.lane_id"() : () -> index
    %first = "par.subgroup_reduce"(%l) <{kind = "max"}> : (index) -> index
    %r = scf.while (%i = %first) : (index) -> index {
      %more = arith.cmpi ult, %i, %n : index
      scf.condition(%more) %i : index
    } do {
    ^bb0(%j: index):
      %s = "par.subgroup_reduce"(%j) <{kind = "add"}> : (index) -> index
      %next = "par.subgroup_reduce"(%s) <{kind = "max"}> : (index) -> index
      scf.yield %next : index
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A subgroup reduction needs every thread of its subgroup: a loop whose
// bounds are the same on a subgroup's threads (its number, the count of
// subgroups) keeps them together; a branch on the lane does not.
func.func @subgroup(%n: index) {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %w = "par.subgroup_id"() : () -> index
    %ws = "par.num_subgroups"() : () -> index
    scf.for %k = %w to %n step %ws {
      %x = arith.index_cast %k : index to i64
      %s = "par.subgroup_reduce"(%x) <{kind = "add"}> : (i64) -> i64
    }
    %l = "par.lane_id"() : () -> index
    %first = arith.cmpi eq, %l, %c0 : index
    scf.if %first {
      // expected-error@+1 {{'par.subgroup_reduce' op must be reached by every thread of its subgroup, but the 'scf.if' at}}
      %t = "par.subgroup_reduce"(%l) <{kind = "max"}> : (index) -> index
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%n: index) {
  "par.parallel"() ({
    %w = "par.subgroup_id"() : () -> index
    %first = arith.cmpi eq, %w, %n : index
    scf.if %first {
      // A subgroup's number is not the same on the whole team.
      // expected-error@+1 {{'par.barrier' op must be reached by every thread of its team, but the 'scf.if' at}}
      "par.barrier"() : () -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// What a subgroup reduction gives is the same on the subgroup's threads: a
// loaded count, so combined, bounds a loop that keeps them together.
func.func @agreed(%b: !par.buf<index>) {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %n = "par.load"(%b, %c0) : (!par.buf<index>, index) -> index
    %m = "par.subgroup_reduce"(%n) <{kind = "max"}> : (index) -> index
    %w = "par.subgroup_id"() : () -> index
    %ws = "par.num_subgroups"() : () -> index
    scf.for %k = %w to %m step %ws {
      %s = "par.subgroup_reduce"(%k) <{kind = "add"}> : (index) -> index
    }
    scf.for %k = %w to %n step %ws {
      // expected-error@+1 {{'par.subgroup_reduce' op must be reached by every thread of its subgroup, but the 'scf.for' at}}
      %s = "par.subgroup_reduce"(%k) <{kind = "add"}> : (index) -> index
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A block reduction needs every thread of its block: a loop over the
// block's iterations (its number, the count of blocks) keeps them
// together, and so does a subgroup's reduction inside it (a subgroup lies in
// one block); a branch on a subgroup's number does not keep a block together.
func.func @block(%n: index) {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %b = "par.block_id"() : () -> index
    %bs = "par.num_blocks"() : () -> index
    scf.for %k = %b to %n step %bs {
      %x = arith.index_cast %k : index to i64
      %s = "par.block_reduce"(%x) <{kind = "add"}> : (i64) -> i64
      %t = "par.subgroup_reduce"(%s) <{kind = "max"}> : (i64) -> i64
    }
    %w = "par.subgroup_id"() : () -> index
    %first = arith.cmpi eq, %w, %c0 : index
    scf.if %first {
      %u = "par.subgroup_reduce"(%w) <{kind = "max"}> : (index) -> index
      // expected-error@+1 {{'par.block_reduce' op must be reached by every thread of its block, but the 'scf.if' at}}
      %v = "par.block_reduce"(%w) <{kind = "max"}> : (index) -> index
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A thread's number in its block differs within a subgroup.
func.func @f() {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %bt = "par.block_thread_id"() : () -> index
    %one = arith.cmpi eq, %bt, %c0 : index
    scf.if %one {
      // expected-error@+1 {{'par.subgroup_reduce' op must be reached by every thread of its subgroup, but the 'scf.if' at}}
      %v = "par.subgroup_reduce"(%bt) <{kind = "max"}> : (index) -> index
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f(%n: index) {
  "par.parallel"() ({
    %b = "par.block_id"() : () -> index
    %first = arith.cmpi eq, %b, %n : index
    scf.if %first {
      // A block's number is not the same on the whole team.
      // expected-error@+1 {{'par.barrier' op must be reached by every thread of its team, but the 'scf.if' at}}
      "par.barrier"() : () -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Scans are collectives too, and what they give differs between threads.
func.func @scans() {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %b = "par.block_id"() : () -> index
    %s = "par.block_scan"(%b) <{kind = "add"}> : (index) -> index
    %first = arith.cmpi eq, %s, %c0 : index
    scf.if %first {
      // expected-error@+1 {{'par.subgroup_scan' op must be reached by every thread of its subgroup, but the 'scf.if' at}}
      %t = "par.subgroup_scan"(%b) <{kind = "max"}> : (index) -> index
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A ballot and a shuffle are subgroup collectives too; what a ballot gives
// is the same on the subgroup's threads.
func.func @exchanges(%n: index) {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %l = "par.lane_id"() : () -> index
    %first = arith.cmpi eq, %l, %c0 : index
    %votes = "par.subgroup_ballot"(%first) : (i1) -> i64
    %z = arith.constant 0 : i64
    %some = arith.cmpi ne, %votes, %z : i64
    scf.if %some {
      %x = "par.subgroup_shuffle"(%l, %c0) : (index, index) -> index
    }
    scf.if %first {
      // expected-error@+1 {{'par.subgroup_ballot' op must be reached by every thread of its subgroup, but the 'scf.if' at}}
      %v = "par.subgroup_ballot"(%first) : (i1) -> i64
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A block barrier is a collective of the block: a branch on the block's
// number keeps a block's threads together, one on the thread's number in
// its block does not.
func.func @block_barrier(%n: index) {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %b = "par.block_id"() : () -> index
    %first_block = arith.cmpi eq, %b, %c0 : index
    scf.if %first_block {
      "par.block_barrier"() : () -> ()
    }
    %t = "par.block_thread_id"() : () -> index
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      // expected-error@+1 {{'par.block_barrier' op must be reached by every thread of its block, but the 'scf.if' at}}
      "par.block_barrier"() : () -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
