// graph.fetch_add hands out distinct tickets: every node of a parallel loop
// takes one from a shared counter (tickets 0 to n-1, each once) and one
// from its residue class's counter (per class 0 to its size - 1), on the
// interpreter (iterations shuffled), and compiled on 1, 2 and 3 threads.
// RUN: graph-run %s --graph gen:kron:scale=9,degree=6,seed=2 --entry tickets > %t.interp
// RUN: graph-run %s --graph gen:kron:scale=9,degree=6,seed=2 --entry tickets --shuffle 5 > %t.shuffled
// RUN: graph-run %s --graph gen:kron:scale=9,degree=6,seed=2 --entry tickets --backend cpu --threads 1 > %t.cpu1
// RUN: graph-run %s --graph gen:kron:scale=9,degree=6,seed=2 --entry tickets --backend cpu --threads 2 > %t.cpu2
// RUN: graph-run %s --graph gen:kron:scale=9,degree=6,seed=2 --entry tickets --backend cpu --threads 3 --schedule chunk=7,dist=static > %t.cpu3
// RUN: diff %t.interp %t.shuffled
// RUN: diff %t.interp %t.cpu1
// RUN: diff %t.interp %t.cpu2
// RUN: diff %t.interp %t.cpu3
// RUN: FileCheck %s --input-file=%t.interp
// CHECK: # result 1 of 3
// CHECK-NEXT: 512
// CHECK-NEXT: # result 2 of 3
// CHECK-NEXT: 512
// CHECK-NEXT: # result 3 of 3
// CHECK-NEXT: 512
// RUN: graph-opt %s --target=cpu | FileCheck %s --check-prefix=PAR
// PAR-COUNT-2: par.atomic_rmw %c1{{.*}} {kind = "add"} : i64,
func.func @tickets(%g: !graph.graph) -> (i64, i64, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %next = graph.new_scalar %c0 : !graph.scalar<i64>
  %taken = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %counters = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %class_taken = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    %t = graph.fetch_add %c1, %next : !graph.scalar<i64>
    %ti = arith.index_cast %t : i64 to index
    %tn = graph.node %g, %ti
    graph.reduce add %c1, %taken[%tn] : !graph.nprop<i64>
    %id = graph.node_id %v
    %id64 = arith.index_cast %id : index to i64
    %class = arith.remsi %id64, %c4 : i64
    %ci = arith.index_cast %class : i64 to index
    %cn = graph.node %g, %ci
    %u = graph.fetch_add %c1, %counters[%cn] : !graph.nprop<i64>
    // Ticket u of class c, numbered u * 4 + c, is taken once.
    %u4 = arith.muli %u, %c4 : i64
    %slot = arith.addi %u4, %class : i64
    %si = arith.index_cast %slot : i64 to index
    %sn = graph.node %g, %si
    graph.reduce add %c1, %class_taken[%sn] : !graph.nprop<i64>
  }
  // Tickets handed out, and nodes whose ticket and class ticket were each
  // taken exactly once.
  %n = graph.load %next : !graph.scalar<i64>
  %once = graph.new_scalar %c0 : !graph.scalar<i64>
  %class_once = graph.new_scalar %c0 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    %a = graph.load %taken[%v] : !graph.nprop<i64>
    %a1 = arith.cmpi eq, %a, %c1 : i64
    %ax = arith.extui %a1 : i1 to i64
    graph.reduce add %ax, %once : !graph.scalar<i64>
    %b = graph.load %class_taken[%v] : !graph.nprop<i64>
    %b1 = arith.cmpi eq, %b, %c1 : i64
    %bx = arith.extui %b1 : i1 to i64
    graph.reduce add %bx, %class_once : !graph.scalar<i64>
  }
  %o = graph.load %once : !graph.scalar<i64>
  %co = graph.load %class_once : !graph.scalar<i64>
  return %n, %o, %co : i64, i64, i64
}
