// --profile: the master reads the clock at every site (a region's start, a
// work-sharing loop's barrier, a par.barrier, a region's end unless a loop
// ends it, an entry's return) and graph-run prints, per run, how many
// phases ended at each site and their time. The sites partition the run:
// their sum is the run's time. Profiling changes no result.
// RUN: graph-run %s --entry rounds --backend cpu --threads 3 4 5 > %t.plain
// RUN: graph-run %s --entry rounds --backend cpu --threads 3 --profile --repeat 2 4 5 > %t.profiled 2> %t.profile
// RUN: diff %t.plain %t.profiled
// RUN: FileCheck %s --input-file=%t.profiled --check-prefix=RESULT
// RUN: FileCheck %s --input-file=%t.profile
// RESULT: # result 1 of 2
// RESULT-NEXT: 60
// RESULT-NEXT: # result 2 of 2
// RESULT-NEXT: 5
// CHECK: profile of 'rounds' (cpu; counts and times per run, over 2 runs):
// CHECK-NEXT: place region phase ending times ms share
// Sites are in the module's order: the helper's region first, reached
// once a run.
// CHECK-NEXT: profile.mlir:[[#@LINE+40]]:3 count.par0 par.parallel: serial code before it, and its start 1 {{[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]%$}}
// CHECK-NEXT: profile.mlir:[[#@LINE+40]]:5 count.par0 par.for: the loop, and its barrier 1 {{[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]%$}}
// The first region of @rounds: its start, its loop, its barrier and its
// end, once.
// CHECK-NEXT: profile.mlir:[[#@LINE+60]]:3 rounds.par1 par.parallel: serial code before it, and its start 1 {{[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]%$}}
// CHECK-NEXT: profile.mlir:[[#@LINE+60]]:5 rounds.par1 par.for: the loop, and its barrier 1 {{[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]%$}}
// CHECK-NEXT: profile.mlir:[[#@LINE+65]]:5 rounds.par1 par.barrier: the region's code before it 1 {{[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]%$}}
// CHECK-NEXT: profile.mlir:[[#@LINE+57]]:3 rounds.par1 par.parallel: its code after its last barrier 1 {{[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]%$}}
// The second, once a round: a loop ends it, so the loop's site is its end.
// CHECK-NEXT: profile.mlir:[[#@LINE+70]]:5 rounds.par2 par.parallel: serial code before it, and its start 4 {{[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]%$}}
// CHECK-NEXT: profile.mlir:[[#@LINE+70]]:7 rounds.par2 par.for: the loop, and its barrier 4 {{[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]%$}}
// CHECK-NEXT: profile.mlir:[[#@LINE+76]]:7 rounds.par2 par.for: the loop, and its barrier 4 {{[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]%$}}
// CHECK-NEXT: profile.mlir:[[#@LINE+44]]:1 rounds return: serial code after the last region 1 {{[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]%$}}
// CHECK-NEXT: all {{[0-9]+\.[0-9]{4} +100\.0%$}}
// CHECK-NEXT: (3 sites not reached)
// CHECK-NOT: {{.}}

// The sites cover the whole run: their sum is the run's time, but for the
// call into the compiled code and the team's start (a run of 0.1 s or more).
// RUN: graph-run %s --entry rounds --backend cpu --threads 2 --profile --time 10 500000 2>&1 >/dev/null \
// RUN:   | awk '/^all / { all = $2 } /^time: / { t = $2 * 1000 } END { r = all / t; print (r > 0.8 && r <= 1.0001) ? "covered" : "not covered: " all " ms of " t " ms" }' \
// RUN:   | FileCheck %s --check-prefix=COVER
// COVER: {{^covered$}}

// The interpreter has no phases to time.
// RUN: not graph-run %s --entry rounds --profile 1 2 2>&1 | FileCheck %s --check-prefix=INTERP
// INTERP: error: --profile times compiled code (--backend cpu or gpu)
// INTERP-NOT: profile of

// Without profiling, the code has no clock readings.
// RUN: graph-opt %s --emit=llvm | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: profile

// The number of set flags in h (a private helper with its own region).
func.func private @count(%h: !par.buf<i64>, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %total = "par.alloc"(%c1) : (index) -> !par.buf<i64>
  "par.store"(%zero, %total, %c0) : (i64, !par.buf<i64>, index) -> ()
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 4, dist = "static"}> ({
    ^bb0(%i: index):
      %x = "par.load"(%h, %i) : (!par.buf<i64>, index) -> i64
      %old = "par.atomic_rmw"(%x, %total, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  %r = "par.load"(%total, %c0) : (!par.buf<i64>, index) -> i64
  "par.free"(%total) : (!par.buf<i64>) -> ()
  return %r : i64
}

// k rounds over n elements, each adding 1 then 2 to every element and
// setting its flag: the sum is 3 * k * n; then the helper counts the flags.
func.func @rounds(%k: index, %n: index) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %h = "par.alloc"(%n) : (index) -> !par.buf<i64>
  %flags = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 2, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%zero, %h, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %t = "par.thread_id"() : () -> index
    "par.barrier"() : () -> ()
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      "par.store"(%zero, %flags, %c0) : (i64, !par.buf<i64>, index) -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  scf.for %r = %c0 to %k step %c1 {
    "par.parallel"() ({
      "par.for"(%c0, %n, %c1) <{chunk = 2, dist = "dynamic"}> ({
      ^bb0(%i: index):
        %x = "par.load"(%h, %i) : (!par.buf<i64>, index) -> i64
        %y = arith.addi %x, %one : i64
        "par.store"(%y, %h, %i) : (i64, !par.buf<i64>, index) -> ()
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.for"(%c0, %n, %c1) <{chunk = 2, dist = "static"}> ({
      ^bb0(%i: index):
        %x = "par.load"(%h, %i) : (!par.buf<i64>, index) -> i64
        %y = arith.addi %x, %two : i64
        "par.store"(%y, %h, %i) : (i64, !par.buf<i64>, index) -> ()
        "par.store"(%one, %flags, %i) : (i64, !par.buf<i64>, index) -> ()
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.yield"() : () -> ()
    }) : () -> ()
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> (i64) {
    %x = "par.load"(%h, %i) : (!par.buf<i64>, index) -> i64
    %s2 = arith.addi %s, %x : i64
    scf.yield %s2 : i64
  }
  %set = func.call @count(%flags, %n) : (!par.buf<i64>, index) -> i64
  "par.free"(%h) : (!par.buf<i64>) -> ()
  "par.free"(%flags) : (!par.buf<i64>) -> ()
  return %sum, %set : i64, i64
}

// An entry the runs do not call: its sites are counted as not reached.
func.func @idle(%out: !par.buf<i64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 4 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %x = "par.load"(%out, %i) : (!par.buf<i64>, index) -> i64
      "par.store"(%x, %out, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
