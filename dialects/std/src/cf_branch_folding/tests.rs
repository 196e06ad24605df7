//! The folding of branches on constants, on a minimal function.

/// The standard dialects.
fn registry() -> std::sync::Arc<strata_ir::Registry> {
    std::sync::Arc::new(crate::standard_registry())
}

#[test]
fn cond_br_on_a_constant() {
    let got = strata_ir::testing::canonicalized(
        registry(),
        r#"func.func @f(%x: i64, %y: i64) -> i64 {
  %t = arith.constant true
  cf.cond_br %t, ^a, ^b
^a:
  return %x : i64
^b:
  return %y : i64
}
"#,
    );
    assert_eq!(
        got,
        r#"module {
  func.func @f(%arg0: i64, %arg1: i64) -> i64 {
    return %arg0 : i64
  }
}
"#
    );
}
