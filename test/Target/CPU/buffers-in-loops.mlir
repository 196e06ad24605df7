// A node property made in every iteration of a loop is released at the end
// of the iteration (par-free-buffers): 100,000 iterations of an 80 kB
// property (8 GB if none were released) run within 4 GB of address space,
// and the result matches the interpreter's.
// RUN: (ulimit -v 4000000; graph-run %s --graph gen:grid:rows=100,cols=100 --entry fresh_each_time --backend cpu --threads 2 100000) | FileCheck %s
// RUN: graph-run %s --graph gen:grid:rows=100,cols=100 --entry fresh_each_time --backend interp 3 | FileCheck %s --check-prefix=FEW
// CHECK: {{^}}100000{{$}}
// FEW: {{^}}3{{$}}
func.func @fresh_each_time(%g: !graph.graph, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %p = graph.new_node_prop %g, %one : !graph.nprop<i64>
    %v = graph.node %g, %c0
    %x = graph.load %p[%v] : !graph.nprop<i64>
    %s = arith.addi %acc, %x : i64
    scf.yield %s : i64
  }
  return %r : i64
}
