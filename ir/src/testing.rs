//! What the unit tests of dialects, passes and lowerings share: IR text in,
//! the verifier's messages or the canonicalized IR out.
//!
//! [`invalid_ir!`](crate::invalid_ir) declares one test per invariant: IR
//! that breaks it, and what the verifier's one message says;
//! [`canonicalizes!`](crate::canonicalizes) one test per canonicalization:
//! IR, and what it becomes.
//!
//! ```text
//! strata_ir::invalid_ir! {
//!     registry: crate::tests::registry();
//!     load_index_is_an_index:
//!         "func.func @f(%b: !par.buf<i64>, %i: i64) { .. }"
//!         => "'par.load' op operand #1 must be index, but got 'i64'";
//! }
//! ```

use std::sync::Arc;

use crate::context::Context;
use crate::registry::Registry;

/// The messages reading and verifying `text` with the dialects of
/// `registry` gives: a parse error's, or every verifier error's.
pub fn messages(registry: Arc<Registry>, text: &str) -> Vec<String> {
    let mut ctx = Context::new(registry);
    match crate::parser::parse_source(&mut ctx, "test.mlir", text, 0, text.len()) {
        Ok(module) => crate::verifier::verify(&ctx, module).into_iter().map(|d| d.message).collect(),
        Err(d) => vec![d.message],
    }
}

/// Checks that `text` reads and verifies with exactly one message, and
/// that it says `want`.
pub fn expect_invalid(registry: Arc<Registry>, text: &str, want: &str) {
    let got = messages(registry, text);
    assert!(got.len() == 1 && got[0].contains(want), "want one message saying {want:?}, got {got:?} for:\n{text}");
}

/// Checks that `text` reads and verifies without a message.
pub fn expect_valid(registry: Arc<Registry>, text: &str) {
    let got = messages(registry, text);
    assert!(got.is_empty(), "unexpected messages {got:?} for:\n{text}");
}

/// `text` canonicalized as `canonicalize` does it (every registered
/// operation's folder and patterns, top-down, unreachable blocks erased),
/// printed; the IR must verify before and after.
pub fn canonicalized(registry: Arc<Registry>, text: &str) -> String {
    let mut ctx = Context::new(registry);
    let module = crate::parser::parse_source(&mut ctx, "test.mlir", text, 0, text.len())
        .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    let errors =
        |ctx: &Context| crate::verifier::verify(ctx, module).into_iter().map(|d| d.message).collect::<Vec<_>>();
    assert_eq!(errors(&ctx), Vec::<String>::new(), "{text}");
    let patterns = crate::rewrite::registered_patterns(&ctx);
    let config = crate::rewrite::GreedyConfig { top_down: true, region_simplify: true, ..Default::default() };
    crate::rewrite::apply_patterns_greedily(&mut ctx, module, &patterns, &config);
    assert_eq!(errors(&ctx), Vec::<String>::new(), "after canonicalization of {text}");
    crate::printer::print_op(&ctx, module, crate::printer::PrintOptions::default())
}

/// Declares one test per case: IR text and the one message the verifier
/// gives (see the [module](self)).
#[macro_export]
macro_rules! invalid_ir {
    (registry: $registry:expr; $($(#[$m:meta])* $name:ident: $text:expr => $want:expr;)*) => {
        $(
            $(#[$m])*
            #[test]
            fn $name() {
                $crate::testing::expect_invalid($registry, $text, $want);
            }
        )*
    };
}

/// Declares one test per case: IR text and what [`canonicalized`] makes
/// of it, printed.
#[macro_export]
macro_rules! canonicalizes {
    (registry: $registry:expr; $($(#[$m:meta])* $name:ident: $text:expr => $want:expr;)*) => {
        $(
            $(#[$m])*
            #[test]
            fn $name() {
                assert_eq!($crate::testing::canonicalized($registry, $text), $want);
            }
        )*
    };
}

#[cfg(test)]
mod tests {
    fn registry() -> std::sync::Arc<crate::Registry> {
        std::sync::Arc::new(crate::core_registry())
    }

    crate::invalid_ir! {
        registry: registry();
        a_return_gives_what_its_function_returns:
            "func.func @f() -> i64 {\n  return\n}\n"
            => "'func.return' op has 0 operands, but enclosing function (@f) returns 1";
    }

    #[test]
    fn valid_ir_has_no_message_and_text_that_does_not_read_has_its_parse_error() {
        super::expect_valid(registry(), "func.func @f() {\n  return\n}\n");
        let got = super::messages(registry(), "func.func @f( {\n");
        assert_eq!(got.len(), 1, "{got:?}");
    }
}
