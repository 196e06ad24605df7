//! Operation names as typed constants.
//!
//! Every operation's name is declared once, in its dialect, with
//! [`op_names!`](crate::op_names): a constant [`OpName`] per operation and
//! `ALL`, the dialect's list. Code that creates, recognizes or dispatches on
//! operations uses these constants — a misspelt name is a compile error, not
//! an operation that silently never matches. Constants of `OpName` are
//! patterns:
//!
//! ```text
//! match ctx.op_kind(op) {
//!     arith::ADDI | arith::SUBI => ...,
//!     scf::YIELD => ...,
//!     _ => ...,
//! }
//! ```

use std::fmt;
use std::ops::Deref;

/// The name of a registered operation, `dialect.mnemonic`. Besides the
/// text it holds a key of its dialect and its index in the dialect's
/// declaration, compared first: a non-matching arm of a `match` over many
/// names costs an integer comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpName {
    dialect: u32,
    index: u16,
    name: &'static str,
}

/// The key of a dialect's name: its FNV-1a hash, computed at compile time
/// (a test checks that the registered dialects' keys differ).
pub const fn dialect_key(name: &str) -> u32 {
    let bytes = name.as_bytes();
    let mut h: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u32;
        h = h.wrapping_mul(0x0100_0193);
        i += 1;
    }
    h
}

impl OpName {
    /// The kind of an operation whose dialect is not registered: it equals
    /// no declared name.
    pub const UNREGISTERED: OpName = OpName { dialect: 0, index: u16::MAX, name: "" };

    /// The name of operation number `index` of the dialect with the key
    /// `dialect`; used by [`op_names!`](crate::op_names).
    pub const fn new(dialect: u32, index: u16, name: &'static str) -> OpName {
        OpName { dialect, index, name }
    }
    /// The full name.
    pub const fn as_str(self) -> &'static str {
        self.name
    }
    /// The key of its dialect (see [`dialect_key`]), to compare with a
    /// dialect's `DIALECT_KEY`.
    pub const fn dialect_key(self) -> u32 {
        self.dialect
    }
    /// Its index in its dialect's declaration ([`OpName::UNREGISTERED`]'s
    /// is `u16::MAX`).
    pub const fn index(self) -> u16 {
        self.index
    }
    /// The dialect prefix.
    pub fn dialect(self) -> &'static str {
        self.name.split_once('.').map_or(self.name, |(d, _)| d)
    }
    /// The name without the dialect prefix.
    pub fn mnemonic(self) -> &'static str {
        self.name.split_once('.').map_or(self.name, |(_, m)| m)
    }
}

impl Deref for OpName {
    type Target = str;
    fn deref(&self) -> &str {
        self.name
    }
}

impl AsRef<str> for OpName {
    fn as_ref(&self) -> &str {
        self.name
    }
}

impl fmt::Display for OpName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq<OpName> for str {
    fn eq(&self, other: &OpName) -> bool {
        self == other.name
    }
}

impl PartialEq<OpName> for &str {
    fn eq(&self, other: &OpName) -> bool {
        *self == other.name
    }
}

impl PartialEq<String> for OpName {
    fn eq(&self, other: &String) -> bool {
        self.name == other
    }
}

impl PartialEq<OpName> for String {
    fn eq(&self, other: &OpName) -> bool {
        self == other.name
    }
}

impl PartialEq<&str> for OpName {
    fn eq(&self, other: &&str) -> bool {
        self.name == *other
    }
}

impl PartialEq<str> for OpName {
    fn eq(&self, other: &str) -> bool {
        self.name == other
    }
}

/// Declares the operation names of a dialect: one [`OpName`] constant per
/// operation, and `ALL`, every one of them in order.
///
/// ```text
/// strata_ir::op_names!("graph":
///     FOREACH = "foreach",
///     REDUCE = "reduce",
/// );
/// ```
#[macro_export]
macro_rules! op_names {
    ($dialect:literal: $($name:ident = $mnemonic:literal),* $(,)?) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms, dead_code)]
        #[repr(u16)]
        enum Index {
            $($name),*
        }
        $(
            #[doc = concat!("`", $dialect, ".", $mnemonic, "`")]
            pub const $name: $crate::op_name::OpName =
                $crate::op_name::OpName::new(DIALECT_KEY, Index::$name as u16, concat!($dialect, ".", $mnemonic));
        )*
        /// The dialect's namespace.
        pub const DIALECT: &str = $dialect;
        /// The key of the dialect's name, to compare with `OpName::dialect_key`.
        pub const DIALECT_KEY: u32 = $crate::op_name::dialect_key($dialect);
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
        assert_eq!(demo::TWO.dialect_key(), demo::DIALECT_KEY);
        assert_ne!(demo::DIALECT_KEY, dialect_key("demos"));
        assert_ne!(demo::ONE, OpName::UNREGISTERED);
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
