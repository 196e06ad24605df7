// A mul reduction into a scalar compiles under both reduction schedules:
// atomically (a compare-and-swap loop, since there is no atomic multiply)
// and privatized (per-thread copies combined the same way at the end). It
// computes what the interpreter computes. 2^10 on a 10-node grid.
// RUN: graph-run %s --graph gen:grid:rows=2,cols=5 --entry prod | FileCheck %s
// RUN: graph-run %s --graph gen:grid:rows=2,cols=5 --entry prod --backend cpu --threads 2 | FileCheck %s
// RUN: graph-run %s --graph gen:grid:rows=2,cols=5 --entry prod --backend cpu --threads 2 --schedule reduction=atomic | FileCheck %s
// RUN: graph-run %s --graph gen:grid:rows=2,cols=5 --entry prod --backend cpu --threads 2 --schedule reduction=privatize | FileCheck %s
// CHECK: {{^}}1024{{$}}
func.func @prod(%g: !graph.graph) -> i64 {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %p = graph.new_scalar %c1 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    graph.reduce mul %c2, %p : !graph.scalar<i64>
  }
  %r = graph.load %p : !graph.scalar<i64>
  return %r : i64
}
