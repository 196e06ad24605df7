//! The folding of branches on constants, on a minimal function.

strata_ir::canonicalizes! {
    registry: crate::test_registry();
    cond_br_on_a_constant:
        r#"func.func @f(%x: i64, %y: i64) -> i64 {
  %t = arith.constant true
  cf.cond_br %t, ^a, ^b
^a:
  return %x : i64
^b:
  return %y : i64
}
"#
        => r#"module {
  func.func @f(%arg0: i64, %arg1: i64) -> i64 {
    return %arg0 : i64
  }
}
"#;
}
