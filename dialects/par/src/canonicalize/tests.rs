//! The par dialect's canonicalization patterns, each on a minimal function
//! (the cases of `test/Dialect/Par/canonicalize.mlir`, whose CHECK lines
//! say why).

strata_ir::canonicalizes! {
    registry: crate::test_registry();
    two_teams_in_a_row_become_one:
        r#"func.func @merge(%n: index) -> (!par.buf<i64>, !par.buf<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i64
  %a = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%x, %a, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  %b = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%x, %b, %i) : (i64, !par.buf<i64>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return %a, %b : !par.buf<i64>, !par.buf<i64>
}
"#
        => r#"module {
  func.func @merge(%arg0: index) -> (!par.buf<i64>, !par.buf<i64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7_i64 = arith.constant 7 : i64
    %0 = par.alloc %arg0 : !par.buf<i64>
    %1 = par.alloc %arg0 : !par.buf<i64>
    par.parallel {
      par.for %c0, %arg0, %c1 attributes {chunk = 64 : i64, dist = "static"} {
      ^bb0(%arg1: index):
        par.store %c7_i64, %0, %arg1 : i64, !par.buf<i64>
        par.yield
      }
      par.for %c0, %arg0, %c1 attributes {chunk = 64 : i64, dist = "static"} {
      ^bb0(%arg1: index):
        par.store %c7_i64, %1, %arg1 : i64, !par.buf<i64>
        par.yield
      }
      par.yield
    }
    return %0, %1 : !par.buf<i64>, !par.buf<i64>
  }
}
"#;
    a_merged_team_waits_where_the_first_did_not:
        r#"func.func @merge_needs_barrier(%a: !par.buf<index>, %b: !par.buf<index>) {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    "par.store"(%t, %a, %t) : (index, !par.buf<index>, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  "par.parallel"() ({
    %y = "par.load"(%a, %c0) : (!par.buf<index>, index) -> index
    "par.store"(%y, %b, %c0) : (index, !par.buf<index>, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"module {
  func.func @merge_needs_barrier(%arg0: !par.buf<index>, %arg1: !par.buf<index>) {
    %c0 = arith.constant 0 : index
    par.parallel {
      %0 = par.thread_id
      par.store %0, %arg0, %0 : index, !par.buf<index>
      par.barrier
      %1 = par.load %arg0, %c0 : !par.buf<index> -> index
      par.store %1, %arg1, %c0 : index, !par.buf<index>
      par.yield
    }
    return
  }
}
"#;
    a_store_the_first_team_reaches_keeps_the_teams_apart:
        r#"func.func @no_merge_across_reachable_store(%n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %count = "par.alloc"(%c1) : (index) -> !par.buf<index>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %old = "par.atomic_rmw"(%c1, %count, %c0) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  "par.store"(%c0, %count, %c0) : (index, !par.buf<index>, index) -> ()
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %old = "par.atomic_rmw"(%c1, %count, %c0) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  %other = "par.alloc"(%c1) : (index) -> !par.buf<index>
  %last = scf.for %r = %c0 to %k step %c1 iter_args(%cur = %other) -> (!par.buf<index>) {
    "par.parallel"() ({
      "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        %old = "par.atomic_rmw"(%c1, %cur, %c0) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.yield"() : () -> ()
    }) : () -> ()
    "par.store"(%c0, %count, %c0) : (index, !par.buf<index>, index) -> ()
    "par.parallel"() ({
      "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
      ^bb0(%i: index):
        %old = "par.atomic_rmw"(%c1, %count, %c0) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
        "par.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "par.yield"() : () -> ()
    }) : () -> ()
    scf.yield %count : !par.buf<index>
  }
  return
}
"#
        => r#"module {
  func.func @no_merge_across_reachable_store(%arg0: index, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = par.alloc %c1 : !par.buf<index>
    par.parallel {
      par.for %c0, %arg0, %c1 attributes {chunk = 64 : i64, dist = "static"} {
      ^bb0(%arg2: index):
        %3 = par.atomic_rmw %c1, %0, %c0 {kind = "add"} : index, !par.buf<index> -> index
        par.yield
      }
      par.yield
    }
    par.store %c0, %0, %c0 : index, !par.buf<index>
    par.parallel {
      par.for %c0, %arg0, %c1 attributes {chunk = 64 : i64, dist = "static"} {
      ^bb0(%arg2: index):
        %3 = par.atomic_rmw %c1, %0, %c0 {kind = "add"} : index, !par.buf<index> -> index
        par.yield
      }
      par.yield
    }
    %1 = par.alloc %c1 : !par.buf<index>
    %2 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %1) -> (!par.buf<index>) {
      par.parallel {
        par.for %c0, %arg0, %c1 attributes {chunk = 64 : i64, dist = "static"} {
        ^bb0(%arg4: index):
          %3 = par.atomic_rmw %c1, %arg3, %c0 {kind = "add"} : index, !par.buf<index> -> index
          par.yield
        }
        par.yield
      }
      par.store %c0, %0, %c0 : index, !par.buf<index>
      par.parallel {
        par.for %c0, %arg0, %c1 attributes {chunk = 64 : i64, dist = "static"} {
        ^bb0(%arg4: index):
          %3 = par.atomic_rmw %c1, %0, %c0 {kind = "add"} : index, !par.buf<index> -> index
          par.yield
        }
        par.yield
      }
      scf.yield %0 : !par.buf<index>
    }
    return
  }
}
"#;
    barriers_where_the_team_already_waits_are_erased:
        r#"func.func @barriers(%a: !par.buf<index>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    "par.barrier"() : () -> ()
    %t = "par.thread_id"() : () -> index
    "par.store"(%t, %a, %t) : (index, !par.buf<index>, index) -> ()
    "par.barrier"() : () -> ()
    "par.barrier"() : () -> ()
    %y = "par.load"(%a, %c0) : (!par.buf<index>, index) -> index
    "par.store"(%y, %a, %t) : (index, !par.buf<index>, index) -> ()
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%i, %a, %i) : (index, !par.buf<index>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.barrier"() : () -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"module {
  func.func @barriers(%arg0: !par.buf<index>, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    par.parallel {
      %0 = par.thread_id
      par.store %0, %arg0, %0 : index, !par.buf<index>
      par.barrier
      %1 = par.load %arg0, %c0 : !par.buf<index> -> index
      par.store %1, %arg0, %0 : index, !par.buf<index>
      par.for %c0, %arg1, %c1 attributes {chunk = 64 : i64, dist = "static"} {
      ^bb0(%arg2: index):
        par.store %arg2, %arg0, %arg2 : index, !par.buf<index>
        par.yield
      }
      par.yield
    }
    return
  }
}
"#;
    loops_with_no_work_leave_a_team_with_nothing_to_do_which_goes:
        r#"func.func @no_work(%a: !par.buf<index>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  "par.parallel"() ({
    "par.for"(%c5, %c0, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%i, %a, %i) : (index, !par.buf<index>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "dynamic"}> ({
    ^bb0(%i: index):
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"module {
  func.func @no_work(%arg0: !par.buf<index>, %arg1: index) {
    return
  }
}
"#;
    unused_plain_reads_are_erased:
        r#"func.func @dead_reads(%a: !par.buf<i64>, %q: !par.queue<index>) {
  %c0 = arith.constant 0 : index
  %x = "par.load"(%a, %c0) : (!par.buf<i64>, index) -> i64
  %y = "par.load"(%a, %c0) <{atomic}> : (!par.buf<i64>, index) -> i64
  %s = "par.queue_size"(%q) : (!par.queue<index>) -> index
  %i = "par.queue_items"(%q) : (!par.queue<index>) -> !par.buf<index>
  return
}
"#
        => r#"module {
  func.func @dead_reads(%arg0: !par.buf<i64>, %arg1: !par.queue<index>) {
    %c0 = arith.constant 0 : index
    %0 = par.load %arg0, %c0 {atomic} : !par.buf<i64> -> i64
    return
  }
}
"#;
    a_buffer_only_written_is_erased_with_its_writes:
        r#"func.func @write_only(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 1 : i64
  %a = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 64 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.store"(%x, %a, %i) : (i64, !par.buf<i64>, index) -> ()
      %old = "par.atomic_rmw"(%x, %a, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  "par.free"(%a) : (!par.buf<i64>) -> ()
  return
}
"#
        => r#"module {
  func.func @write_only(%arg0: index) {
    return
  }
}
"#;
    buffers_that_are_read_stay:
        r#"func.func @read_buffers(%n: index, %out: !par.buf<i64>) -> !par.buf<i64> {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1 : i64
  %a = "par.alloc"(%n) : (index) -> !par.buf<i64>
  %old = "par.atomic_rmw"(%x, %a, %c0) <{kind = "add"}> : (i64, !par.buf<i64>, index) -> i64
  "par.store"(%old, %out, %c0) : (i64, !par.buf<i64>, index) -> ()
  %b = "par.alloc"(%n) : (index) -> !par.buf<i64>
  "par.store"(%x, %b, %c0) : (i64, !par.buf<i64>, index) -> ()
  return %b : !par.buf<i64>
}
"#
        => r#"module {
  func.func @read_buffers(%arg0: index, %arg1: !par.buf<i64>) -> !par.buf<i64> {
    %c0 = arith.constant 0 : index
    %c1_i64 = arith.constant 1 : i64
    %0 = par.alloc %arg0 : !par.buf<i64>
    %1 = par.atomic_rmw %c1_i64, %0, %c0 {kind = "add"} : i64, !par.buf<i64> -> i64
    par.store %1, %arg1, %c0 : i64, !par.buf<i64>
    %2 = par.alloc %arg0 : !par.buf<i64>
    par.store %c1_i64, %2, %c0 : i64, !par.buf<i64>
    return %2 : !par.buf<i64>
  }
}
"#;
}
