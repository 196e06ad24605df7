// Pushes in three steps, as cooperative conversion makes them:
// `par.queue_claim` takes an item of a unique queue once a round (always
// true for a plain queue), `par.queue_reserve` reserves places in the next
// round, `par.queue_put` writes an item into one. The interpreter checks
// that every reserved place is written once and that an item of a unique
// queue is claimed before it is put (or, `unclaimed`, put once a round).
// RUN: graph-run %s --entry places --graph gen:grid:rows=2,cols=3 | FileCheck %s --check-prefix=PLACES
// RUN: graph-run %s --entry places --graph gen:grid:rows=2,cols=3 --backend cpu --threads 2 | FileCheck %s --check-prefix=PLACES
// PLACES: # result 1 of 3
// PLACES-NEXT: {{^}}2{{$}}
// PLACES-NEXT: # result 2 of 3
// PLACES-NEXT: {{^}}53{{$}}
// PLACES-NEXT: # result 3 of 3
// PLACES-NEXT: {{^}}1{{$}}
// RUN: graph-opt %s --emit=upstream-mlir | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM-DAG: func.func private @strata.queue_claim
// UPSTREAM-DAG: func.func private @strata.queue_reserve
// UPSTREAM-DAG: func.func private @strata.queue_put
// RUN: not graph-run %s --entry unwritten --graph gen:grid:rows=2,cols=2 2>&1 | FileCheck %s --check-prefix=UNWRITTEN
// UNWRITTEN: reserved-places.mlir:[[# @LINE + 45]]:11: error: place 1 of the round was reserved but never written
// RUN: not graph-run %s --entry unclaimed --graph gen:grid:rows=2,cols=2 2>&1 | FileCheck %s --check-prefix=UNCLAIMED
// UNCLAIMED: reserved-places.mlir:[[# @LINE + 52]]:3: error: item 1 put into a unique queue without a claim
// RUN: not graph-run %s --entry twice --graph gen:grid:rows=2,cols=2 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: reserved-places.mlir:[[# @LINE + 63]]:3: error: item 1 put twice in a round by a put marked to put each item once a round
// RUN: not graph-run %s --entry unreserved --graph gen:grid:rows=2,cols=2 2>&1 | FileCheck %s --check-prefix=UNRESERVED
// UNRESERVED: reserved-places.mlir:[[# @LINE + 70]]:3: error: place 0 of the next round was not reserved

// Two of three claims succeed; the two items go to the places reserved for
// them, in the order of the places; the round holds them.
func.func @places(%g: !graph.graph) -> (index, index, index) {
  %n = "par.graph_size"(%g) <{of = "nodes"}> : (!graph.graph) -> index
  %q = "par.queue_new"(%n) <{unique}> : (index) -> !par.queue<index>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %a = "par.queue_claim"(%c3, %q) : (index, !par.queue<index>) -> i1
  %b = "par.queue_claim"(%c3, %q) : (index, !par.queue<index>) -> i1
  %c = "par.queue_claim"(%c5, %q) : (index, !par.queue<index>) -> i1
  %first = "par.queue_reserve"(%q, %c2) : (!par.queue<index>, index) -> index
  %second = arith.addi %first, %c1 : index
  "par.queue_put"(%c3, %q, %second) : (index, !par.queue<index>, index) -> ()
  "par.queue_put"(%c5, %q, %first) : (index, !par.queue<index>, index) -> ()
  %more = "par.queue_advance"(%q) : (!par.queue<index>) -> i1
  %size = "par.queue_size"(%q) : (!par.queue<index>) -> index
  %items = "par.queue_items"(%q) : (!par.queue<index>) -> !par.buf<index>
  %x = "par.load"(%items, %c0) : (!par.buf<index>, index) -> index
  %y = "par.load"(%items, %c1) : (!par.buf<index>, index) -> index
  %x10 = arith.muli %x, %c10 : index
  %xy = arith.addi %x10, %y : index
  %ab = arith.xori %a, %b : i1
  %abc = arith.andi %ab, %c : i1
  %claims = arith.index_castui %abc : i1 to index
  return %size, %xy, %claims : index, index, index
}

func.func @unwritten(%g: !graph.graph) -> i1 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %q = "par.queue_new"(%c2) : (index) -> !par.queue<index>
  %first = "par.queue_reserve"(%q, %c2) : (!par.queue<index>, index) -> index
  "par.queue_put"(%c1, %q, %first) : (index, !par.queue<index>, index) -> ()
  %more = "par.queue_advance"(%q) : (!par.queue<index>) -> i1
  return %more : i1
}

func.func @unclaimed(%g: !graph.graph) -> i1 {
  %n = "par.graph_size"(%g) <{of = "nodes"}> : (!graph.graph) -> index
  %q = "par.queue_new"(%n) <{unique}> : (index) -> !par.queue<index>
  %c1 = arith.constant 1 : index
  %first = "par.queue_reserve"(%q, %c1) : (!par.queue<index>, index) -> index
  "par.queue_put"(%c1, %q, %first) : (index, !par.queue<index>, index) -> ()
  %more = "par.queue_advance"(%q) : (!par.queue<index>) -> i1
  return %more : i1
}

func.func @twice(%g: !graph.graph) -> i1 {
  %n = "par.graph_size"(%g) <{of = "nodes"}> : (!graph.graph) -> index
  %q = "par.queue_new"(%n) <{unique}> : (index) -> !par.queue<index>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %first = "par.queue_reserve"(%q, %c2) : (!par.queue<index>, index) -> index
  %second = arith.addi %first, %c1 : index
  "par.queue_put"(%c1, %q, %first) <{unclaimed}> : (index, !par.queue<index>, index) -> ()
  "par.queue_put"(%c1, %q, %second) <{unclaimed}> : (index, !par.queue<index>, index) -> ()
  %more = "par.queue_advance"(%q) : (!par.queue<index>) -> i1
  return %more : i1
}

func.func @unreserved(%g: !graph.graph) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q = "par.queue_new"(%c1) : (index) -> !par.queue<index>
  "par.queue_put"(%c1, %q, %c0) : (index, !par.queue<index>, index) -> ()
  %more = "par.queue_advance"(%q) : (!par.queue<index>) -> i1
  return %more : i1
}
