// Each kernel dispatches only the parallel regions its entry can reach (its
// own and those of the functions it calls): a kernel holding every region of
// the module made code, and compile time, grow with the square of the
// program's size.
// RUN: graph-opt %s --target=gpu --emit=llvm --opt-level=0 | FileCheck %s
// CHECK-LABEL: define ptx_kernel void @_strata_entry_a(
// CHECK-NOT: define
// CHECK: call void @a.par0(
// CHECK-NOT: @b.par
// CHECK-LABEL: define ptx_kernel void @_strata_entry_b(
// CHECK-NOT: define
// CHECK-DAG: call void @b.par{{[0-9]+}}(
// CHECK-DAG: call void @helper.par{{[0-9]+}}(
// CHECK-NOT: @a.par
func.func @a(%g: !graph.graph) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %s = graph.new_scalar %z : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    graph.reduce add %one, %s : !graph.scalar<i64>
  }
  %r = graph.load %s : !graph.scalar<i64>
  return %r : i64
}

func.func private @helper(%g: !graph.graph) -> i64 {
  %z = arith.constant 0 : i64
  %two = arith.constant 2 : i64
  %s = graph.new_scalar %z : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    graph.reduce add %two, %s : !graph.scalar<i64>
  }
  %r = graph.load %s : !graph.scalar<i64>
  return %r : i64
}

func.func @b(%g: !graph.graph) -> i64 {
  %z = arith.constant 0 : i64
  %three = arith.constant 3 : i64
  %s = graph.new_scalar %z : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    graph.reduce add %three, %s : !graph.scalar<i64>
  }
  %h = func.call @helper(%g) : (!graph.graph) -> i64
  %r = graph.load %s : !graph.scalar<i64>
  %t = arith.addi %r, %h : i64
  return %t : i64
}
