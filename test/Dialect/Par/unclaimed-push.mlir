// An `unclaimed` push into a unique queue skips the claim of its item: the
// program promises to push each item at most once a round. The interpreter
// holds it to that: a second push of an item in a round stops the run with
// an error at the push. Claimed pushes keep one copy of each item.
// RUN: not graph-run %s --entry twice --graph gen:grid:rows=2,cols=2 2>&1 | FileCheck %s
// CHECK: unclaimed-push.mlir:[[# @LINE + 15]]:3: error: item 1 pushed twice in a round by a push marked to push each item once a round
// RUN: graph-run %s --entry claimed --graph gen:grid:rows=2,cols=2 | FileCheck %s --check-prefix=ONE
// ONE: {{^}}1{{$}}
// The compiled code passes the promise on as a constant of the push.
// RUN: graph-opt %s --emit=llvm --opt-level=0 | FileCheck %s --check-prefix=LLVM
// LLVM-LABEL: define {{.*}}@twice(
// LLVM: call void @strata.queue_push(ptr %{{.*}}, i64 1, i1 false)
// LLVM-LABEL: define {{.*}}@claimed(
// LLVM: call void @strata.queue_push(ptr %{{.*}}, i64 1, i1 true)

func.func @twice(%g: !graph.graph) -> index {
  %n = "par.graph_size"(%g) <{of = "nodes"}> : (!graph.graph) -> index
  %q = "par.queue_new"(%n) <{unique}> : (index) -> !par.queue<index>
  %c1 = arith.constant 1 : index
  "par.queue_push"(%c1, %q) <{unclaimed}> : (index, !par.queue<index>) -> ()
  "par.queue_push"(%c1, %q) <{unclaimed}> : (index, !par.queue<index>) -> ()
  %more = "par.queue_advance"(%q) : (!par.queue<index>) -> i1
  %size = "par.queue_size"(%q) : (!par.queue<index>) -> index
  return %size : index
}

func.func @claimed(%g: !graph.graph) -> index {
  %n = "par.graph_size"(%g) <{of = "nodes"}> : (!graph.graph) -> index
  %q = "par.queue_new"(%n) <{unique}> : (index) -> !par.queue<index>
  %c1 = arith.constant 1 : index
  "par.queue_push"(%c1, %q) : (index, !par.queue<index>) -> ()
  "par.queue_push"(%c1, %q) : (index, !par.queue<index>) -> ()
  %more = "par.queue_advance"(%q) : (!par.queue<index>) -> i1
  %size = "par.queue_size"(%q) : (!par.queue<index>) -> index
  return %size : index
}
