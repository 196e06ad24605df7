// --profile on the GPU: the master (thread 0 of the grid) reads the GPU's
// global timer at the same sites as the CPU's master, in the same order
// (the program of ../CPU/profile.mlir), and the PTX exports the words and
// the sites' descriptions for the runner.
// REQUIRES: ptxas
// RUN: graph-opt %S/../CPU/profile.mlir --emit=llvm --profile | grep '^@_strata_profile_sites' > %t.cpu
// RUN: graph-opt %S/../CPU/profile.mlir --target=gpu --emit=llvm --profile | grep '^@_strata_profile_sites' > %t.gpu
// RUN: diff %t.cpu %t.gpu
// RUN: FileCheck %s --input-file=%t.gpu --check-prefix=SITES
// SITES: count.par0\09par.parallel: serial code before it, and its start\0A
// SITES-SAME: rounds.par2\09par.for: the loop, and its barrier\0A
// SITES-SAME: \09rounds\09return: serial code after the last region\0A
// SITES-SAME: \09idle\09return: serial code after the last region\00"
// RUN: graph-opt %S/../CPU/profile.mlir --target=gpu --emit=ptx --profile -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// Thirteen sites: the master's last reading and two words each.
// CHECK-DAG: .visible .global .align 8 .b8 _strata_profile[216];
// CHECK-DAG: .visible .global .align 1 .b8 _strata_profile_sites[
// CHECK-DAG: mov.u64 {{%rd[0-9]+}}, %globaltimer;
// RUN: graph-opt %S/../CPU/profile.mlir --target=gpu --emit=ptx -o %t.plain.ptx
// RUN: FileCheck %s --input-file=%t.plain.ptx --check-prefix=PLAIN
// PLAIN-NOT: globaltimer
// PLAIN-NOT: _strata_profile
// RUN: not graph-opt %S/../CPU/profile.mlir --target=gpu --profile 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: --profile applies to code (--emit=llvm, asm, obj or ptx)
