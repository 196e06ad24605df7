//! The graph dialect's canonicalization patterns, each on a minimal
//! function.

strata_ir::canonicalizes! {
    registry: crate::test_registry();
    a_range_loop_without_iterations_is_erased:
        r#"func.func @f(%g: !graph.graph, %p: !graph.nprop<i64>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i64
  graph.foreach %i in range(%c4, %c0) {
    %v = graph.node %g, %i
    graph.store %one, %p[%v] : !graph.nprop<i64>
  }
  return
}
"#
        => r#"module {
  func.func @f(%arg0: !graph.graph, %arg1: !graph.nprop<i64>) {
    return
  }
}
"#;
    a_filter_that_always_holds_is_dropped:
        r#"func.func @f(%g: !graph.graph, %s: !graph.scalar<i64>) {
  %x = arith.constant 1 : i64
  graph.foreach %v in nodes(%g) where {
    %t = arith.constant true
    graph.yield %t : i1
  } do {
    graph.reduce add %x, %s : !graph.scalar<i64>
  }
  return
}
"#
        => r#"module {
  func.func @f(%arg0: !graph.graph, %arg1: !graph.scalar<i64>) {
    %c1_i64 = arith.constant 1 : i64
    graph.foreach %arg2 in nodes(%arg0) {
      graph.reduce add %c1_i64, %arg1 : !graph.scalar<i64>
    }
    return
  }
}
"#;
    a_filter_that_never_holds_erases_its_loop:
        r#"func.func @f(%g: !graph.graph, %s: !graph.scalar<i64>) {
  %x = arith.constant 1 : i64
  graph.foreach %v in nodes(%g) where {
    %t = arith.constant false
    graph.yield %t : i1
  } do {
    graph.reduce add %x, %s : !graph.scalar<i64>
  }
  return
}
"#
        => r#"module {
  func.func @f(%arg0: !graph.graph, %arg1: !graph.scalar<i64>) {
    return
  }
}
"#;
    an_unused_changed_result_is_dropped:
        r#"func.func @f(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    %x = graph.load %p[%v] : !graph.nprop<i64>
    %c = graph.reduce min %x, %p[%v] : !graph.nprop<i64> -> i1
  }
  return
}
"#
        => r#"module {
  func.func @f(%arg0: !graph.graph, %arg1: !graph.nprop<i64>) {
    graph.foreach %arg2 in nodes(%arg0) {
      %0 = graph.load %arg1[%arg2] : !graph.nprop<i64>
      graph.reduce min %0, %arg1[%arg2] : !graph.nprop<i64>
    }
    return
  }
}
"#;
    a_property_only_written_is_erased_with_its_writes:
        r#"func.func @f(%g: !graph.graph) {
  %z = arith.constant 0 : i64
  %p = graph.new_node_prop %g, %z : !graph.nprop<i64>
  graph.foreach %v in nodes(%g) {
    graph.store %z, %p[%v] : !graph.nprop<i64>
  }
  return
}
"#
        => r#"module {
  func.func @f(%arg0: !graph.graph) {
    return
  }
}
"#;
    a_fixpoint_reporting_no_change_runs_its_body_once:
        r#"func.func @f(%x: i64) -> (i64, !graph.scalar<i64>) {
  %s = graph.new_scalar %x : !graph.scalar<i64>
  %r = graph.fixpoint iter_args(%a = %x) -> (i64) {
    %n = arith.addi %a, %a : i64
    graph.reduce add %n, %s : !graph.scalar<i64>
    %f = arith.constant false
    graph.yield %f, %n : i1, i64
  }
  return %r, %s : i64, !graph.scalar<i64>
}
"#
        => r#"module {
  func.func @f(%arg0: i64) -> (i64, !graph.scalar<i64>) {
    %0 = graph.new_scalar %arg0 : !graph.scalar<i64>
    %1 = arith.addi %arg0, %arg0 : i64
    graph.reduce add %1, %0 : !graph.scalar<i64>
    return %1, %0 : i64, !graph.scalar<i64>
  }
}
"#;
}
