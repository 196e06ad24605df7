// Relaxed loads and stores (test/algorithms/coloring.mlir: a node reads its
// neighbours' colours while they may be storing theirs) are LLVM's
// monotonic atomic accesses; the node's load of its own colour stays plain.
// RUN: graph-opt %S/../../algorithms/coloring.mlir --target=cpu --emit=llvm --opt-level=0 | FileCheck %s
// CHECK-LABEL: define internal i1 @waits_for(
// CHECK: load atomic i64, ptr %{{.*}} monotonic
// CHECK-LABEL: define internal i64 @window_bit(
// CHECK: load atomic i64, ptr %{{.*}} monotonic
// CHECK-LABEL: define internal void @coloring.par1(
// CHECK: load i64, ptr
// CHECK: store atomic i64 %{{.*}}, ptr %{{.*}} monotonic
// CHECK-LABEL: define void @_strata_entry_coloring(

// The GPU's are ld.relaxed and st.relaxed.
// RUN: graph-opt %S/../../algorithms/coloring.mlir --target=gpu --emit=ptx | FileCheck %s --check-prefix=PTX
// PTX: st.relaxed.{{.*}}b64
// PTX: ld.relaxed.{{.*}}b64

// Compiled, on two threads, the colouring is the interpreter's (the result
// does not depend on which value a racing load sees).
// RUN: graph-run %S/../../algorithms/coloring.mlir --entry coloring --graph gen:kron:scale=10,degree=16 > %t.interp
// RUN: graph-run %S/../../algorithms/coloring.mlir --entry coloring --graph gen:kron:scale=10,degree=16 --backend cpu --threads 2 > %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: FileCheck %s --check-prefix=COLOURS < %t.cpu
// COLOURS: {{^[0-9]+$}}
// COLOURS-NOT: -1
