//! The scf dialect's canonicalization patterns, each on a minimal function.

strata_ir::canonicalizes! {
    registry: crate::test_registry();
    scf_if_on_a_constant:
        r#"func.func @f(%x: i64, %y: i64) -> i64 {
  %t = arith.constant false
  %r = scf.if %t -> (i64) {
    scf.yield %x : i64
  } else {
    scf.yield %y : i64
  }
  return %r : i64
}
"#
        => r#"module {
  func.func @f(%arg0: i64, %arg1: i64) -> i64 {
    return %arg1 : i64
  }
}
"#;
    scf_for_without_iterations:
        r#"func.func @f(%x: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c1 to %c0 step %c1 iter_args(%a = %x) -> (i64) {
    %b = arith.addi %a, %a : i64
    scf.yield %b : i64
  }
  return %r : i64
}
"#
        => r#"module {
  func.func @f(%arg0: i64) -> i64 {
    return %arg0 : i64
  }
}
"#;
}
