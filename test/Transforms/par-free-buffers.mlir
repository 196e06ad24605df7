// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-free-buffers))' --split-input-file | FileCheck %s
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(par-free-buffers{remarks=true}))' --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// The union-find sets of the corpus go at the end of their functions (the
// helpers that find and join only read and update them).
// RUN: graph-opt %S/../algorithms/mst.mlir --pass-pipeline='builtin.module(convert-graph-to-sched,convert-sched-to-par,func.func(par-free-buffers{remarks=true}))' 2>&1 >/dev/null | grep -B1 'graph.new_uf' | FileCheck %s --check-prefix=UF
// RUN: graph-opt %S/../algorithms/cc_afforest.mlir --pass-pipeline='builtin.module(convert-graph-to-sched,convert-sched-to-par,func.func(par-free-buffers{remarks=true}))' 2>&1 >/dev/null | grep -B1 'graph.new_uf' | FileCheck %s --check-prefix=UF
// UF: remark: freed at the end of its block: it does not outlive it
// UF-NEXT: graph.new_uf
// A buffer made in a loop's body and used only there is freed before the
// body's terminator; one that is returned, yielded or passed to a function
// that may keep it (or whose body is not here) is kept, with a remark
// saying why.

// REMARK: remark: freed at the end of its block: it does not outlive it
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for
// CHECK:   %[[B:.*]] = par.alloc
// CHECK:   par.store {{.*}}, %[[B]], {{.*}}
// CHECK:   par.free %[[B]] : !par.buf<i64>
// CHECK-NEXT: }
func.func @in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i64
  scf.for %i = %c0 to %n step %c1 {
    %b = "par.alloc"(%n) : (index) -> !par.buf<i64>
    "par.parallel"() ({
      "par.for"(%c0, %n, %c1) <{chunk = 1 : i64, dist = "static"}> ({
      ^bb0(%j: index):
        "par.store"(%x, %b, %j) : (i64, !par.buf<i64>, index) -> ()
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.yield"() : () -> ()
    }) : () -> ()
    scf.yield
  }
  return
}

// -----

// REMARK: remark: not freed here: it escapes through 'scf.yield'
// REMARK: remark: not freed here: it escapes through 'scf.yield'
// REMARK: remark: not freed here: it is passed to a function without a body here
// REMARK: remark: not freed here: it is freed already
// REMARK: remark: not freed here: the items of the queue escape: it escapes through 'func.return'
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-1: par.free
// CHECK-NOT: par.free
func.func private @use(%b: !par.buf<i64>)
func.func @kept(%n: index, %c: i1) -> (!par.buf<i64>, !par.buf<i64>, !par.buf<index>) {
  // Returned, and yielded first.
  %r = "par.alloc"(%n) : (index) -> !par.buf<i64>
  %y = scf.if %c -> (!par.buf<i64>) {
    %b = "par.alloc"(%n) : (index) -> !par.buf<i64>
    scf.yield %b : !par.buf<i64>
  } else {
    scf.yield %r : !par.buf<i64>
  }
  %a = "par.alloc"(%n) : (index) -> !par.buf<i64>
  func.call @use(%a) : (!par.buf<i64>) -> ()
  %f = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.free"(%f) : (!par.buf<i64>) -> ()
  %q = "par.queue_new"(%n) : (index) -> !par.queue<index>
  %items = "par.queue_items"(%q) : (!par.queue<index>) -> !par.buf<index>
  return %r, %y, %items : !par.buf<i64>, !par.buf<i64>, !par.buf<index>
}

// -----

// A function that only reads, writes or updates its argument, or passes it
// on to one that does (even to itself), does not keep it: the buffer is
// freed after the call. One that returns it, or passes it to one that
// does, keeps it.
// REMARK: remark: freed at the end of its block: it does not outlive it
// REMARK: remark: not freed here: the function 'twice' it is passed to may keep it: the function 'keep' it is passed to may keep it: it escapes through 'func.return'
// CHECK-LABEL: func.func @calls
// CHECK: %[[A:.*]] = par.alloc
// CHECK: %[[B:.*]] = par.alloc
// CHECK: call @bump(%[[A]]
// CHECK: call @twice(%[[B]]
// CHECK-NEXT: par.free %[[A]] : !par.buf<i64>
// CHECK-NEXT: return
func.func @calls(%n: index, %i: index) {
  %a = "par.alloc"(%n) : (index) -> !par.buf<i64>
  %b = "par.alloc"(%n) : (index) -> !par.buf<i64>
  func.call @bump(%a, %i) : (!par.buf<i64>, index) -> ()
  func.call @twice(%b, %i) : (!par.buf<i64>, index) -> ()
  return
}
func.func private @bump(%p: !par.buf<i64>, %i: index) {
  %one = arith.constant 1 : i64
  %c0 = arith.constant 0 : index
  %old = "par.atomic_rmw"(%one, %p, %i) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
  %stop = arith.cmpi eq, %i, %c0 : index
  scf.if %stop {
  } else {
    func.call @bump(%p, %c0) : (!par.buf<i64>, index) -> ()
  }
  return
}
func.func private @twice(%p: !par.buf<i64>, %i: index) {
  func.call @bump(%p, %i) : (!par.buf<i64>, index) -> ()
  %k = func.call @keep(%p) : (!par.buf<i64>) -> !par.buf<i64>
  return
}
func.func private @keep(%p: !par.buf<i64>) -> !par.buf<i64> {
  return %p : !par.buf<i64>
}
