// RUN: not graph-opt %s --pass-pipeline='builtin.module(canonicalizx)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: <pass-pipeline>:1:16: error: 'canonicalizx' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: builtin.module(canonicalizx)
// UNKNOWN-NEXT: {{^               \^}}
// UNKNOWN-NEXT: <pass-pipeline>:1:16: note: did you mean 'canonicalize'?

// RUN: not graph-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=x})' 2>&1 | FileCheck %s --check-prefix=BADVAL
// BADVAL: error: invalid value for option 'max-iterations' of pass 'canonicalize': expected a positive integer, got 'x'

// RUN: not graph-opt %s --canonicalize --print-ir-after=canonicalise 2>&1 | FileCheck %s --check-prefix=AFTER
// AFTER: error: --print-ir-after: no pass named 'canonicalise' (see --list-passes)

// RUN: not graph-opt %s --pass-pipeline='builtin.module(cse{foo=1})' 2>&1 | FileCheck %s --check-prefix=NOOPT
// NOOPT: error: pass 'cse' has no option 'foo' (it has no options)

// RUN: not graph-opt %s --pass-pipeline='builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=PAREN
// PAREN: error: expected ')' to close the pipeline

// RUN: not graph-opt %s --pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: error: can't run 'func.func' pass manager on 'builtin.module' op

// RUN: not graph-opt %s --cse --pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: error: '--pass-pipeline' cannot be combined with individual pass flags

// RUN: not graph-opt %s --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: error: unexpected argument '--no-such-flag'

// RUN: not graph-opt %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot open input file

// No partial output on failure.
// RUN: rm -f %t.out && not graph-opt %s --pass-pipeline='builtin.module(nope)' -o %t.out && not test -e %t.out

// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3 top-down=false},cse))' --print-ir-after-all --mlir-timing 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// DUMP: func.func @f
// DUMP: // -----// IR Dump After CSE (cse) //----- //
// DUMP: Execution time report
// DUMP: Parser

// RUN: graph-opt --list-passes | FileCheck %s --check-prefix=LIST
// LIST: --canonicalize
// LIST: max-iterations
// LIST: --cse
// LIST: --symbol-dce

func.func @f() -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}

// A nested pipeline that can never run is accepted, as MLIR does, with a
// warning saying why; the module comes out unchanged.
// RUN: graph-opt %s --pass-pipeline='builtin.module(func.func(func.func(cse)))' 2>&1 | FileCheck %s --check-prefix=DEAD
// DEAD: warning: the 'func.func' pipeline nested in 'func.func' never runs: a 'func.func' sits directly in a symbol table, and 'func.func' is not one
// DEAD: func.func @f
// RUN: graph-opt %s --pass-pipeline='builtin.module(builtin.module(cse),func.func(cse))' 2>&1 | FileCheck %s --check-prefix=LIVE
// LIVE-NOT: warning
