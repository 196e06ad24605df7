// The graph is an immutable input (a write to one of its arrays is an
// error: test/Dialect/Par/invalid.mlir), so its arrays' loads are marked
// !invariant.load: LLVM may merge them and move them past writes. On the
// GPU, where the arrays lie in global memory, they are read through the
// read-only path (ld.global.nc). Loads of the program's own buffers are
// not marked: they may change. They stay generic pointers: cast to global
// memory too, BC's kernel spilled 856 bytes instead of 164.
// RUN: graph-opt %s --emit=llvm --opt-level=0 | FileCheck %s --check-prefix=CPU
// RUN: graph-opt %s --target=gpu --emit=llvm --opt-level=0 | FileCheck %s --check-prefix=GPU
// RUN: graph-opt %s --target=gpu --emit=ptx | FileCheck %s --check-prefix=PTX
// CPU-LABEL: define internal i64 @gather(
// CPU: load i32, ptr %{{.*}}, align 4, !invariant.load ![[EMPTY:[0-9]+]]
// CPU: load i64, ptr %{{[0-9]+}}, align 8{{$}}
// CPU: store i64
// CPU: load i64, ptr %{{[0-9]+}}, align 8{{$}}
// CPU: ![[EMPTY]] = !{}
// GPU-LABEL: define internal i64 @gather(
// GPU: %[[P:.*]] = addrspacecast ptr %{{.*}} to ptr addrspace(1)
// GPU-NEXT: load i32, ptr addrspace(1) %[[P]], align 4, !invariant.load
// GPU: load i64, ptr %{{[0-9]+}}, align 8{{$}}
// GPU: store i64 %{{.*}}, ptr %{{[0-9]+}}, align 8
// GPU: load i64, ptr %{{[0-9]+}}, align 8{{$}}
// PTX: ld.global.nc.b32
// PTX-NOT: ld.global.nc
func.func @gather(%g: !graph.graph, %b: !par.buf<i64>, %i: index) -> i64 {
  %t = "par.graph_array"(%g) <{array = "out_targets"}> : (!graph.graph) -> !par.buf<i32>
  %x = "par.load"(%t, %i) : (!par.buf<i32>, index) -> i32
  %v = arith.extui %x : i32 to i64
  %j = arith.index_cast %v : i64 to index
  %y = "par.load"(%b, %j) : (!par.buf<i64>, index) -> i64
  %a = "par.alloc"(%i) : (index) -> !par.buf<i64>
  "par.store"(%y, %a, %j) : (i64, !par.buf<i64>, index) -> ()
  %z = "par.load"(%a, %i) : (!par.buf<i64>, index) -> i64
  return %z : i64
}

// PageRank's gather reads the in-offsets and in-sources through it.
// RUN: graph-opt %S/../../algorithms/pr.mlir --target=gpu --emit=ptx | FileCheck %s --check-prefix=PR
// PR-DAG: ld.global.nc.b64
// PR-DAG: ld.global.nc.b32
