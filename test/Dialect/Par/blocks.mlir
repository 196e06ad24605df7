// RUN: graph-opt %s --convert-scf-to-cf | FileCheck %s
// RUN: graph-opt %s --convert-scf-to-cf --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: graph-opt %s --emit=llvm --opt-level=0 | FileCheck %s --check-prefix=LLVM

// Structured control flow inside a team's loop lowers to blocks of the
// loop's body: a body may hold several blocks, each ending in a branch or in
// the par.yield that leaves it.
// CHECK-LABEL: func.func @clamp
// CHECK: par.for
// CHECK: ^bb0(%{{.*}}: index):
// CHECK: cf.cond_br
// CHECK: ^bb1:
// CHECK: par.store
// CHECK: cf.br ^bb2
// CHECK: ^bb2:
// CHECK-NEXT: par.yield

// Canonicalization leaves multi-block bodies as they are (the team and its
// loop stay, as does the barrier-free team body).
// CANON: par.parallel
// CANON: par.for
// CANON: cf.cond_br
// CANON: par.yield

// Emitting code lowers the scf.if itself, then emits the branches.
// LLVM: define {{.*}}@clamp
// LLVM: br i1
func.func @clamp(%b: !par.buf<i64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %v = "par.load"(%b, %i) : (!par.buf<i64>, index) -> i64
      %neg = arith.cmpi slt, %v, %zero : i64
      scf.if %neg {
        "par.store"(%zero, %b, %i) : (i64, !par.buf<i64>, index) -> ()
      }
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
