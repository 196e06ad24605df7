// Code can only be emitted at the par level; anything else is an error at
// the operation, and no output file is written.
// RUN: rm -f %t.o
// RUN: not graph-opt %S/../../algorithms/bfs.mlir --emit=obj -o %t.o 2>&1 | FileCheck %s --check-prefix=LEVEL
// RUN: not test -e %t.o
// LEVEL: bfs.mlir:3:1: error: cannot emit a value of type !graph.node as LLVM IR (lower the program to the par level first, e.g. with --target=cpu)

// An operation of another dialect, at its location.
// RUN: not graph-opt %S/Inputs/graph-op.mlir --emit=llvm 2>&1 | FileCheck %s --check-prefix=OP
// OP: graph-op.mlir:4:8: error: cannot emit 'graph.num_nodes' as LLVM IR: only the par, arith, cf and func dialects are (lower the program first, e.g. with --target=cpu; structured control flow with convert-scf-to-cf)

// An operation located nowhere in a file is reported at the nearest
// enclosing operation that is, under its own name, for both targets.
// RUN: not graph-opt %S/Inputs/unlocated-op.mlir --allow-unregistered-dialect --target=cpu --emit=obj -o %t.o 2>&1 | FileCheck %s --check-prefix=NOWHERE
// RUN: not graph-opt %S/Inputs/unlocated-op.mlir --allow-unregistered-dialect --target=gpu --emit=ptx -o %t.ptx 2>&1 | FileCheck %s --check-prefix=NOWHERE
// NOWHERE: unlocated-op.mlir:2:1: error: cannot emit 't.c' as LLVM IR

// An operation beside the functions (an upstream pass's llvm.func, say) is
// refused at its place, never dropped, for both targets.
// RUN: not graph-opt %S/Inputs/top-level-op.mlir --allow-unregistered-dialect --target=cpu --emit=llvm -o %t.top 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: not test -e %t.top
// RUN: not graph-opt %S/Inputs/top-level-op.mlir --allow-unregistered-dialect --target=gpu --emit=ptx -o %t.top 2>&1 | FileCheck %s --check-prefix=TOP
// TOP: top-level-op.mlir:2:1: error: cannot emit 't.global' at the module's top level as LLVM IR: only func.func is

// RUN: not graph-opt %s --emit=llvm 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: invalid.mlir:[[@LINE+1]]:1: error: cannot emit a value of type f16 as LLVM IR
func.func @half(%x: f16) -> f16 {
  return %x : f16
}

// Entry arguments and results cross the host interface in 64-bit slots:
// an entry with a wider type is an error on both targets (it would write
// past its slot); inside the program wide integers are fine.
// RUN: not graph-opt %S/Inputs/wide-entry.mlir --emit=obj -o %t.o 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: not graph-opt %S/Inputs/wide-entry.mlir --target=gpu --emit=ptx -o %t.o 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: wide-entry.mlir:1:1: error: an entry cannot take or return i128: values cross the host interface in 64-bit slots (declare the function private to keep it out of the interface)
// RUN: graph-run %S/Inputs/wide-inside.mlir --entry high_word --backend cpu 4294967296 | FileCheck %s --check-prefix=INSIDE
// RUN: graph-run %S/Inputs/wide-inside.mlir --entry high_word --backend interp 4294967296 | FileCheck %s --check-prefix=INSIDE
// INSIDE: {{^}}1{{$}}

// RUN: not graph-opt %s --emit=llvm --split-input-file 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: error: --emit=llvm cannot be combined with --split-input-file

// RUN: not graph-opt %s --emit=llvm --opt-level=4 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: invalid value '4' for '--opt-level <N>'

// RUN: not graph-opt %S/../../algorithms/bfs.mlir --target=cpu --emit=obj --cpu=nonsense -o %t.o 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: invalid value 'nonsense' for '--cpu <NAME>'

// A program lowered with a helper function the lowering added, beside an
// operation of an unregistered dialect: the diagnostic is located in the
// user's file (it once named the helper only; then the operation was
// dropped, now it is refused at its place).
// RUN: not graph-opt %S/Inputs/helper-left.mlir --allow-unregistered-dialect --target=cpu --emit=obj -o %t.helper 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: not test -e %t.helper
// HELPER: helper-left.mlir:3:1: error: cannot emit 't.w' at the module's top level as LLVM IR: only func.func is
