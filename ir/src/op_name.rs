//! Operation names as typed constants.
//!
//! Every operation's name is declared once, in its dialect, with
//! [`op_names!`](crate::op_names): a constant [`OpName`] per operation and
//! `ALL`, the dialect's list. Code that creates, recognizes or dispatches on
//! operations uses these constants — a misspelt name is a compile error, not
//! an operation that silently never matches. Constants of `OpName` are
//! patterns:
//!
//! ```ignore
//! match ctx.op_kind(op) {
//!     arith::ADDI | arith::SUBI => ...,
//!     scf::YIELD => ...,
//!     _ => ...,
//! }
//! ```

use std::fmt;
use std::ops::Deref;

/// The name of a registered operation, `dialect.mnemonic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpName(&'static str);

impl OpName {
    /// The kind of an operation whose dialect is not registered: it equals
    /// no declared name.
    pub const UNREGISTERED: OpName = OpName("");

    /// A name; used by [`op_names!`](crate::op_names).
    pub const fn new(name: &'static str) -> OpName {
        OpName(name)
    }
    /// The full name.
    pub const fn as_str(self) -> &'static str {
        self.0
    }
    /// The dialect prefix.
    pub fn dialect(self) -> &'static str {
        self.0.split_once('.').map_or(self.0, |(d, _)| d)
    }
    /// The name without the dialect prefix.
    pub fn mnemonic(self) -> &'static str {
        self.0.split_once('.').map_or(self.0, |(_, m)| m)
    }
}

impl Deref for OpName {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl AsRef<str> for OpName {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl fmt::Display for OpName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl PartialEq<OpName> for str {
    fn eq(&self, other: &OpName) -> bool {
        self == other.0
    }
}

impl PartialEq<OpName> for &str {
    fn eq(&self, other: &OpName) -> bool {
        *self == other.0
    }
}

impl PartialEq<String> for OpName {
    fn eq(&self, other: &String) -> bool {
        self.0 == other
    }
}

impl PartialEq<OpName> for String {
    fn eq(&self, other: &OpName) -> bool {
        self == other.0
    }
}

impl PartialEq<&str> for OpName {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<str> for OpName {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

/// Declares the operation names of a dialect: one [`OpName`] constant per
/// operation, and `ALL`, every one of them in order.
///
/// ```ignore
/// strata_ir::op_names!("graph":
///     FOREACH = "foreach",
///     REDUCE = "reduce",
/// );
/// ```
#[macro_export]
macro_rules! op_names {
    ($dialect:literal: $($name:ident = $mnemonic:literal),* $(,)?) => {
        $(
            #[doc = concat!("`", $dialect, ".", $mnemonic, "`")]
            pub const $name: $crate::op_name::OpName =
                $crate::op_name::OpName::new(concat!($dialect, ".", $mnemonic));
        )*
        /// The dialect's namespace.
        pub const DIALECT: &str = $dialect;
        /// Every operation of the dialect, in declaration order.
        pub const ALL: &[$crate::op_name::OpName] = &[$($name),*];
        /// The declared name equal to `name` (read from text), if any.
        pub fn lookup(name: &str) -> Option<$crate::op_name::OpName> {
            ALL.iter().copied().find(|n| n.as_str() == name)
        }
    };
}

/// Checks that a dialect registers exactly the operations it declares in
/// `declared`; the error lists the differences.
pub fn check_declared(dialect: &crate::registry::Dialect, declared: &[OpName]) -> Result<(), String> {
    let registered: Vec<OpName> = dialect.ops.iter().map(|o| o.name).collect();
    let missing: Vec<&str> = declared.iter().filter(|n| !registered.contains(n)).map(|n| n.as_str()).collect();
    let undeclared: Vec<&str> = registered.iter().filter(|n| !declared.contains(n)).map(|n| n.as_str()).collect();
    let foreign: Vec<&str> = declared.iter().filter(|n| n.dialect() != dialect.name).map(|n| n.as_str()).collect();
    if missing.is_empty() && undeclared.is_empty() && foreign.is_empty() {
        return Ok(());
    }
    Err(format!(
        "dialect '{}': declared but not registered: {missing:?}; registered but not declared: {undeclared:?}; \
         declared in another dialect's namespace: {foreign:?}",
        dialect.name
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    mod demo {
        crate::op_names!("demo": ONE = "one", TWO = "two_b");
    }

    #[test]
    fn names_are_constants_and_patterns() {
        assert_eq!(demo::TWO.as_str(), "demo.two_b");
        assert_eq!((demo::TWO.dialect(), demo::TWO.mnemonic()), (demo::DIALECT, "two_b"));
        assert_eq!(demo::ALL, &[demo::ONE, demo::TWO]);
        assert_eq!((demo::lookup("demo.two_b"), demo::lookup("demo.three")), (Some(demo::TWO), None));
        let kind = |n: OpName| match n {
            demo::ONE => 1,
            demo::TWO => 2,
            _ => 0,
        };
        assert_eq!((kind(demo::ONE), kind(demo::TWO), kind(OpName::UNREGISTERED)), (1, 2, 0));
        assert!("demo.one" == demo::ONE && demo::ONE == *"demo.one");
    }

    #[test]
    fn a_dialect_registers_what_it_declares() {
        use crate::registry::{Dialect, OpDef, Traits};
        let d = |ops: Vec<OpDef>| Dialect {
            name: "demo",
            summary: "",
            ops,
            materialize_constant: None,
            verify_type: None,
            verify_attr: None,
        };
        let one = OpDef::new(demo::ONE, "", Traits::NONE);
        let two = OpDef::new(demo::TWO, "", Traits::NONE);
        assert!(check_declared(&d(vec![one.clone(), two]), demo::ALL).is_ok());
        let err = check_declared(&d(vec![one]), demo::ALL).unwrap_err();
        assert!(err.contains("declared but not registered: [\"demo.two_b\"]"), "{err}");
    }
}
