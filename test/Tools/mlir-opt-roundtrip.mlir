// REQUIRES: mlir-opt
// Generic output parses in upstream MLIR to the same module.
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.expected
// RUN: graph-opt --allow-unregistered-dialect --mlir-print-op-generic %s | %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic > %t.actual
// RUN: diff %t.expected %t.actual
// And upstream's generic output reads back here to the same module.
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | graph-opt --allow-unregistered-dialect --mlir-print-op-generic | %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic > %t.back
// RUN: diff %t.expected %t.back

func.func @f(%a: i32, %b: i32, %x: f32, %v: vector<4xf32>) -> i32 attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 overflow<nsw> : i32
  %1 = arith.cmpi slt, %0, %b : i32
  %f = arith.mulf %x, %x fastmath<nnan, ninf> : f32
  %h = arith.constant 0.1 : f64
  %n = arith.constant 0x7FC00000 : f32
  %s = arith.select %1, %0, %b : i32
  %r = scf.if %1 -> (i32) {
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  %lb = arith.constant 0 : index
  %ub = arith.constant 10 : index
  %st = arith.constant 1 : index
  %sum = scf.for %i = %lb to %ub step %st iter_args(%acc = %r) -> (i32) {
    %t = arith.addi %acc, %a : i32
    scf.yield %t : i32
  }
  %w = scf.while (%arg = %sum) : (i32) -> i32 {
    %cc = arith.cmpi sgt, %arg, %a : i32
    scf.condition(%cc) %arg : i32
  } do {
  ^bb0(%arg2: i32):
    scf.yield %arg2 : i32
  }
  %u:2 = "xyz.op"(%w) <{p = [1, "two", @sym, #xyz.attr<x>]}> ({
  ^bb0(%z: !xyz.type<i32>):
    "xyz.term"(%z) : (!xyz.type<i32>) -> ()
  }) {d = {nested = unit}, e = array<i64: 1, 2>, t = memref<?x4xf32, 1>} : (i32) -> (i1, !xyz.type<"q">)
  cf.br ^bb1(%w : i32)
^bb1(%z: i32):
  cf.cond_br %u#0, ^bb1(%z : i32), ^bb2
^bb2:
  %q = func.call @g(%z) : (i32) -> i32
  return %q : i32
}
func.func private @g(i32) -> i32
