// graph.is_symmetric: whether every node's out-neighbours are its
// in-neighbours, each as often. Set when the graph is loaded; the
// interpreter and compiled code read the same answer. A grid holds both
// directions of each edge; a generated Kronecker or uniform graph does
// not, until --symmetrize adds the reverses; dropping the self-loops and
// parallel edges (--simplify) keeps a symmetric graph symmetric.
// RUN: graph-run %s --graph gen:grid:rows=3,cols=4 --entry symmetric | FileCheck %s --check-prefix=YES
// RUN: graph-run %s --graph gen:grid:rows=3,cols=4 --entry symmetric --backend cpu | FileCheck %s --check-prefix=YES
// RUN: graph-run %s --graph gen:kron:scale=6,degree=4 --entry symmetric | FileCheck %s --check-prefix=NO
// RUN: graph-run %s --graph gen:kron:scale=6,degree=4 --entry symmetric --backend cpu | FileCheck %s --check-prefix=NO
// RUN: graph-run %s --graph gen:kron:scale=6,degree=4 --symmetrize --entry symmetric --backend cpu | FileCheck %s --check-prefix=YES
// RUN: graph-run %s --graph gen:uniform:nodes=50,edges=200 --symmetrize --simplify --entry symmetric | FileCheck %s --check-prefix=YES
// RUN: graph-run %s --graph gen:uniform:nodes=50,edges=200 --symmetrize --simplify --entry symmetric --backend cpu | FileCheck %s --check-prefix=YES
// RUN: graph-run %s --graph %S/Inputs/heavy.wel --entry symmetric --backend cpu | FileCheck %s --check-prefix=NO
// YES: {{^}}1{{$}}
// NO: {{^}}0{{$}}
// Inside a parallel loop, where each thread reads the descriptor:
// RUN: graph-run %s --graph gen:grid:rows=3,cols=4 --entry count_if_symmetric --backend cpu --threads 2 | FileCheck %s --check-prefix=TWELVE
// RUN: graph-run %s --graph gen:grid:rows=3,cols=4 --entry count_if_symmetric | FileCheck %s --check-prefix=TWELVE
// RUN: graph-run %s --graph gen:kron:scale=6,degree=4 --entry count_if_symmetric --backend cpu --threads 2 | FileCheck %s --check-prefix=ZERO
// TWELVE: {{^}}12{{$}}
// ZERO: {{^}}0{{$}}
// The GPU's code reads the same field.
// RUN: graph-opt %s --target=gpu --emit=llvm --opt-level 0 | FileCheck %s --check-prefix=GPU
// GPU: define {{.*}}@symmetric(
// GPU: %[[F:.*]] = getelementptr inbounds {{.*}}{ i64, i64, i64, ptr{{.*}} }, ptr %{{.*}}, i32 0, i32 2
// GPU-NEXT: %[[W:.*]] = load i64, ptr %[[F]]
// GPU-NEXT: icmp ne i64 %[[W]], 0
// RUN: graph-opt %s --target=cpu | FileCheck %s --check-prefix=PAR
// PAR: par.graph_symmetric %{{.*}}

func.func @symmetric(%g: !graph.graph) -> i1 {
  %s = graph.is_symmetric %g
  return %s : i1
}

func.func @count_if_symmetric(%g: !graph.graph) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %n = graph.new_scalar %z : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    %s = graph.is_symmetric %g
    %x = arith.select %s, %one, %z : i64
    graph.reduce add %x, %n : !graph.scalar<i64>
  }
  %r = graph.load %n : !graph.scalar<i64>
  return %r : i64
}
