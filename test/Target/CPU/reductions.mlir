// Every reduction kind on every element type it accepts compiles and runs,
// into scalars shared by the iterations of a parallel loop (and, for mul,
// into elements of node properties the iterations share): atomically
// (the default), privatized, and in the interpreter; all agree. The values
// reduced are 1, 2, 3, 1, 2, 3, 1, 2, 3, 1 (node id mod 3, plus 1) on a
// 10-node grid.
// RUN: graph-run %s --graph gen:grid:rows=2,cols=5 --entry reductions > %t.interp
// RUN: graph-run %s --graph gen:grid:rows=2,cols=5 --entry reductions --backend cpu --threads 2 > %t.atomic
// RUN: graph-run %s --graph gen:grid:rows=2,cols=5 --entry reductions --backend cpu --threads 2 --schedule reduction=privatize > %t.privatize
// RUN: diff %t.interp %t.atomic
// RUN: diff %t.interp %t.privatize
// RUN: FileCheck %s < %t.atomic
// One line per result, in order: add, mul, min, max, and, or on i32 and i64;
// add, mul, min, max on f32 and f64; the sums of the two properties of
// products (each node's element multiplies its neighbours' values).
// CHECK: # result 1 of 22
// CHECK-NEXT: {{^}}19{{$}}
// CHECK-NEXT: # result 2 of 22
// CHECK-NEXT: {{^}}216{{$}}
// CHECK-NEXT: # result 3 of 22
// CHECK-NEXT: {{^}}1{{$}}
// CHECK-NEXT: # result 4 of 22
// CHECK-NEXT: {{^}}3{{$}}
// CHECK-NEXT: # result 5 of 22
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: # result 6 of 22
// CHECK-NEXT: {{^}}3{{$}}
// CHECK-NEXT: # result 7 of 22
// CHECK-NEXT: {{^}}19{{$}}
// CHECK-NEXT: # result 8 of 22
// CHECK-NEXT: {{^}}216{{$}}
// CHECK-NEXT: # result 9 of 22
// CHECK-NEXT: {{^}}1{{$}}
// CHECK-NEXT: # result 10 of 22
// CHECK-NEXT: {{^}}3{{$}}
// CHECK-NEXT: # result 11 of 22
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: # result 12 of 22
// CHECK-NEXT: {{^}}3{{$}}
// CHECK-NEXT: # result 13 of 22
// CHECK-NEXT: {{^}}19.0{{$}}
// CHECK-NEXT: # result 14 of 22
// CHECK-NEXT: {{^}}216.0{{$}}
// CHECK-NEXT: # result 15 of 22
// CHECK-NEXT: {{^}}1.0{{$}}
// CHECK-NEXT: # result 16 of 22
// CHECK-NEXT: {{^}}3.0{{$}}
// CHECK-NEXT: # result 17 of 22
// CHECK-NEXT: {{^}}19.0{{$}}
// CHECK-NEXT: # result 18 of 22
// CHECK-NEXT: {{^}}216.0{{$}}
// CHECK-NEXT: # result 19 of 22
// CHECK-NEXT: {{^}}1.0{{$}}
// CHECK-NEXT: # result 20 of 22
// CHECK-NEXT: {{^}}3.0{{$}}
// CHECK-NEXT: # result 21 of 22
// CHECK-NEXT: {{^}}62.0{{$}}
// CHECK-NEXT: # result 22 of 22
// CHECK-NEXT: {{^}}62{{$}}

func.func @reductions(%g: !graph.graph) -> (i32, i32, i32, i32, i32, i32, i64, i64, i64, i64, i64, i64, f32, f32, f32, f32, f64, f64, f64, f64, f64, i32) {
  %init_add_i32 = arith.constant 0 : i32
  %s_add_i32 = graph.new_scalar %init_add_i32 : !graph.scalar<i32>
  %init_mul_i32 = arith.constant 1 : i32
  %s_mul_i32 = graph.new_scalar %init_mul_i32 : !graph.scalar<i32>
  %init_min_i32 = arith.constant 100 : i32
  %s_min_i32 = graph.new_scalar %init_min_i32 : !graph.scalar<i32>
  %init_max_i32 = arith.constant -100 : i32
  %s_max_i32 = graph.new_scalar %init_max_i32 : !graph.scalar<i32>
  %init_and_i32 = arith.constant -1 : i32
  %s_and_i32 = graph.new_scalar %init_and_i32 : !graph.scalar<i32>
  %init_or_i32 = arith.constant 0 : i32
  %s_or_i32 = graph.new_scalar %init_or_i32 : !graph.scalar<i32>
  %init_add_i64 = arith.constant 0 : i64
  %s_add_i64 = graph.new_scalar %init_add_i64 : !graph.scalar<i64>
  %init_mul_i64 = arith.constant 1 : i64
  %s_mul_i64 = graph.new_scalar %init_mul_i64 : !graph.scalar<i64>
  %init_min_i64 = arith.constant 100 : i64
  %s_min_i64 = graph.new_scalar %init_min_i64 : !graph.scalar<i64>
  %init_max_i64 = arith.constant -100 : i64
  %s_max_i64 = graph.new_scalar %init_max_i64 : !graph.scalar<i64>
  %init_and_i64 = arith.constant -1 : i64
  %s_and_i64 = graph.new_scalar %init_and_i64 : !graph.scalar<i64>
  %init_or_i64 = arith.constant 0 : i64
  %s_or_i64 = graph.new_scalar %init_or_i64 : !graph.scalar<i64>
  %init_add_f32 = arith.constant 0.0 : f32
  %s_add_f32 = graph.new_scalar %init_add_f32 : !graph.scalar<f32>
  %init_mul_f32 = arith.constant 1.0 : f32
  %s_mul_f32 = graph.new_scalar %init_mul_f32 : !graph.scalar<f32>
  %init_min_f32 = arith.constant 100.0 : f32
  %s_min_f32 = graph.new_scalar %init_min_f32 : !graph.scalar<f32>
  %init_max_f32 = arith.constant -100.0 : f32
  %s_max_f32 = graph.new_scalar %init_max_f32 : !graph.scalar<f32>
  %init_add_f64 = arith.constant 0.0 : f64
  %s_add_f64 = graph.new_scalar %init_add_f64 : !graph.scalar<f64>
  %init_mul_f64 = arith.constant 1.0 : f64
  %s_mul_f64 = graph.new_scalar %init_mul_f64 : !graph.scalar<f64>
  %init_min_f64 = arith.constant 100.0 : f64
  %s_min_f64 = graph.new_scalar %init_min_f64 : !graph.scalar<f64>
  %init_max_f64 = arith.constant -100.0 : f64
  %s_max_f64 = graph.new_scalar %init_max_f64 : !graph.scalar<f64>
  %one_f64 = arith.constant 1.0 : f64
  %one_i32 = arith.constant 1 : i32
  %pf = graph.new_node_prop %g, %one_f64 : !graph.nprop<f64>
  %pi = graph.new_node_prop %g, %one_i32 : !graph.nprop<i32>
  graph.foreach %v in nodes(%g) {
    %id = graph.node_id %v
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %m = arith.remui %id, %c3 : index
    %x = arith.addi %m, %c1 : index
    %x_i64 = arith.index_cast %x : index to i64
    %x_i32 = arith.index_cast %x : index to i32
    %x_f32 = arith.sitofp %x_i64 : i64 to f32
    %x_f64 = arith.sitofp %x_i64 : i64 to f64
    graph.reduce add %x_i32, %s_add_i32 : !graph.scalar<i32>
    // Products into the neighbours' elements, which other iterations share.
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce mul %x_f64, %pf[%u] : !graph.nprop<f64>
      graph.reduce mul %x_i32, %pi[%u] : !graph.nprop<i32>
    }
    graph.reduce mul %x_i32, %s_mul_i32 : !graph.scalar<i32>
    graph.reduce min %x_i32, %s_min_i32 : !graph.scalar<i32>
    graph.reduce max %x_i32, %s_max_i32 : !graph.scalar<i32>
    graph.reduce and %x_i32, %s_and_i32 : !graph.scalar<i32>
    graph.reduce or %x_i32, %s_or_i32 : !graph.scalar<i32>
    graph.reduce add %x_i64, %s_add_i64 : !graph.scalar<i64>
    graph.reduce mul %x_i64, %s_mul_i64 : !graph.scalar<i64>
    graph.reduce min %x_i64, %s_min_i64 : !graph.scalar<i64>
    graph.reduce max %x_i64, %s_max_i64 : !graph.scalar<i64>
    graph.reduce and %x_i64, %s_and_i64 : !graph.scalar<i64>
    graph.reduce or %x_i64, %s_or_i64 : !graph.scalar<i64>
    graph.reduce add %x_f32, %s_add_f32 : !graph.scalar<f32>
    graph.reduce mul %x_f32, %s_mul_f32 : !graph.scalar<f32>
    graph.reduce min %x_f32, %s_min_f32 : !graph.scalar<f32>
    graph.reduce max %x_f32, %s_max_f32 : !graph.scalar<f32>
    graph.reduce add %x_f64, %s_add_f64 : !graph.scalar<f64>
    graph.reduce mul %x_f64, %s_mul_f64 : !graph.scalar<f64>
    graph.reduce min %x_f64, %s_min_f64 : !graph.scalar<f64>
    graph.reduce max %x_f64, %s_max_f64 : !graph.scalar<f64>
  }
  %zero_f64 = arith.constant 0.0 : f64
  %zero_i32 = arith.constant 0 : i32
  %sf = graph.new_scalar %zero_f64 : !graph.scalar<f64>
  %si = graph.new_scalar %zero_i32 : !graph.scalar<i32>
  graph.foreach %v in nodes(%g) {
    %a = graph.load %pf[%v] : !graph.nprop<f64>
    %b = graph.load %pi[%v] : !graph.nprop<i32>
    graph.reduce add %a, %sf : !graph.scalar<f64>
    graph.reduce add %b, %si : !graph.scalar<i32>
  }
  %pf_sum = graph.load %sf : !graph.scalar<f64>
  %pi_sum = graph.load %si : !graph.scalar<i32>
  %r0 = graph.load %s_add_i32 : !graph.scalar<i32>
  %r1 = graph.load %s_mul_i32 : !graph.scalar<i32>
  %r2 = graph.load %s_min_i32 : !graph.scalar<i32>
  %r3 = graph.load %s_max_i32 : !graph.scalar<i32>
  %r4 = graph.load %s_and_i32 : !graph.scalar<i32>
  %r5 = graph.load %s_or_i32 : !graph.scalar<i32>
  %r6 = graph.load %s_add_i64 : !graph.scalar<i64>
  %r7 = graph.load %s_mul_i64 : !graph.scalar<i64>
  %r8 = graph.load %s_min_i64 : !graph.scalar<i64>
  %r9 = graph.load %s_max_i64 : !graph.scalar<i64>
  %r10 = graph.load %s_and_i64 : !graph.scalar<i64>
  %r11 = graph.load %s_or_i64 : !graph.scalar<i64>
  %r12 = graph.load %s_add_f32 : !graph.scalar<f32>
  %r13 = graph.load %s_mul_f32 : !graph.scalar<f32>
  %r14 = graph.load %s_min_f32 : !graph.scalar<f32>
  %r15 = graph.load %s_max_f32 : !graph.scalar<f32>
  %r16 = graph.load %s_add_f64 : !graph.scalar<f64>
  %r17 = graph.load %s_mul_f64 : !graph.scalar<f64>
  %r18 = graph.load %s_min_f64 : !graph.scalar<f64>
  %r19 = graph.load %s_max_f64 : !graph.scalar<f64>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %pf_sum, %pi_sum : i32, i32, i32, i32, i32, i32, i64, i64, i64, i64, i64, i64, f32, f32, f32, f32, f64, f64, f64, f64, f64, i32
}
