// A shuffle takes a lane of the thread's own subgroup; the interpreter
// stops at one outside it, on a team of one (a subgroup of one lane) and
// on a simulated grid. A ballot needs a subgroup of at most 64 lanes.
// RUN: not graph-run %s --entry beyond 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: exchanges.mlir:[[# @LINE + 17]]:10: error: lane 4 is outside the subgroup of 1 lane
// RUN: not graph-run %s --entry beyond --simulate-grid 2x4 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: exchanges.mlir:[[# @LINE + 15]]:10: error: lane 4 is outside the subgroup of 4 lanes
// RUN: graph-run %s --entry beyond --simulate-grid 1x8 | FileCheck %s --check-prefix=FITS
// FITS: {{^}}0{{$}}
// RUN: not graph-run %s --entry votes --simulate-grid 1x65 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: exchanges.mlir:[[# @LINE + 30]]:10: error: a ballot of a subgroup of 65 lanes does not fit in 64 bits
// RUN: graph-run %s --entry votes --simulate-grid 1x64 | FileCheck %s --check-prefix=ALL
// ALL: {{^}}-1{{$}}

func.func @beyond() -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %out = "par.alloc"(%c4) : (index) -> !par.buf<index>
  "par.store"(%c0, %out, %c0) : (index, !par.buf<index>, index) -> ()
  "par.parallel"() ({
    %l = "par.lane_id"() : () -> index
    %x = "par.subgroup_shuffle"(%l, %c4) : (index, index) -> index
    %t = "par.thread_id"() : () -> index
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      "par.store"(%c0, %out, %c0) : (index, !par.buf<index>, index) -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  %r = "par.load"(%out, %c0) : (!par.buf<index>, index) -> index
  return %r : index
}

// Every lane's vote: all 64 bits.
func.func @votes() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %yes = arith.constant true
  %out = "par.alloc"(%c1) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    %m = "par.subgroup_ballot"(%yes) : (i1) -> i64
    %t = "par.thread_id"() : () -> index
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      "par.store"(%m, %out, %c0) : (i64, !par.buf<i64>, index) -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  %r = "par.load"(%out, %c0) : (!par.buf<i64>, index) -> i64
  return %r : i64
}
