//! A pass's options declared once, as a struct of typed fields.
//!
//! ```text
//! strata_ir::pass_options! {
//!     /// The options of `par-free-buffers`.
//!     pub struct FreeBuffersOptions {
//!         /// Report each buffer left alone, and why.
//!         remarks: bool = false => "remarks", Bool, "report each buffer left alone, and why";
//!         /// Iterations given out at once.
//!         chunk: u32 = 64 => "chunk", Positive, "iterations given out at once (default 64)";
//!     }
//! }
//! ```
//!
//! gives the struct with its defaults, `FreeBuffersOptions::DECLARED` (the
//! [`PassOption`](crate::pass::PassOption)s the pass's [`PassDecl`](crate::pass::PassDecl) lists)
//! and [`PassOptions::set`], which the pipeline parser calls with the
//! value parsed as the option's kind says: each field is read from it by
//! its type's [`FromOption`], and no pass matches keys itself.

use crate::pass::OptionValue;

/// A pass's options: what the pipeline parser sets.
pub trait PassOptions {
    /// Sets the option `key` to `value` (parsed as the option's kind says).
    fn set(&mut self, key: &str, value: OptionValue<'_>) -> Result<(), String>;
}

/// A type an option's field may have: how it is read from a parsed value.
pub trait FromOption: Sized {
    /// The field's value for `value`; an error says what is wrong with it.
    fn from_option(value: OptionValue<'_>) -> Result<Self, String>;
}

impl FromOption for bool {
    fn from_option(value: OptionValue<'_>) -> Result<bool, String> {
        match value {
            OptionValue::Bool(b) => Ok(b),
            other => Err(format!("expected true or false, got {other:?}")),
        }
    }
}

/// The number an integer option was given.
fn number(value: OptionValue<'_>) -> Result<u64, String> {
    match value {
        OptionValue::Positive(n) | OptionValue::Count(n) => Ok(n),
        other => Err(format!("expected an integer, got {other:?}")),
    }
}

macro_rules! integer_options {
    ($($t:ty),*) => {
        $(
            impl FromOption for $t {
                fn from_option(value: OptionValue<'_>) -> Result<$t, String> {
                    let n = number(value)?;
                    <$t>::try_from(n).map_err(|_| format!("{n} is too large"))
                }
            }
        )*
    };
}

integer_options!(u32, u64, usize, i64);

impl FromOption for String {
    fn from_option(value: OptionValue<'_>) -> Result<String, String> {
        match value {
            OptionValue::Text(t) => Ok(t.to_string()),
            other => Err(format!("expected text, got {other:?}")),
        }
    }
}

/// Declares a pass's options (see the [module](self)).
#[macro_export]
macro_rules! pass_options {
    (
        $(#[$m:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$fm:meta])*
                $field:ident : $t:ty = $default:expr => $key:literal, $kind:ident, $help:literal;
            )*
        }
    ) => {
        $(#[$m])*
        #[derive(Clone, Debug)]
        $vis struct $name {
            $(
                $(#[$fm])*
                pub $field: $t,
            )*
        }

        impl Default for $name {
            fn default() -> $name {
                $name { $($field: $default),* }
            }
        }

        impl $name {
            /// The options, as the pass's declaration lists them.
            pub const DECLARED: &'static [$crate::pass::PassOption] = &[
                $($crate::pass::PassOption {
                    name: $key,
                    kind: $crate::pass::OptionKind::$kind,
                    help: $help,
                }),*
            ];
        }

        impl $crate::pass_options::PassOptions for $name {
            #[allow(unused_variables)]
            fn set(&mut self, key: &str, value: $crate::pass::OptionValue<'_>) -> Result<(), String> {
                match key {
                    $($key => self.$field = <$t as $crate::pass_options::FromOption>::from_option(value)?,)*
                    _ => return Err(format!("no such option '{key}'")),
                }
                Ok(())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::OptionKind;

    crate::pass_options! {
        /// Test options.
        struct Demo {
            /// A flag.
            flag: bool = false => "flag", Bool, "a flag (default false)";
            /// A count.
            count: u32 = 3 => "count", Positive, "a count (default 3)";
            /// A name.
            name: String = String::new() => "name", Text, "a name";
        }
    }

    #[test]
    fn options_are_declared_once_and_set_by_key() {
        let mut d = Demo::default();
        assert_eq!((d.flag, d.count, d.name.as_str()), (false, 3, ""));
        let names: Vec<&str> = Demo::DECLARED.iter().map(|o| o.name).collect();
        assert_eq!(names, ["flag", "count", "name"]);
        let kinds: Vec<OptionKind> = Demo::DECLARED.iter().map(|o| o.kind).collect();
        assert_eq!(kinds, [OptionKind::Bool, OptionKind::Positive, OptionKind::Text]);
        d.set("flag", OptionValue::Bool(true)).expect("a flag");
        d.set("count", OptionValue::Positive(7)).expect("a count");
        d.set("name", OptionValue::Text("x")).expect("a name");
        assert_eq!((d.flag, d.count, d.name.as_str()), (true, 7, "x"));
        assert_eq!(d.set("count", OptionValue::Positive(1 << 40)).unwrap_err(), "1099511627776 is too large");
        assert_eq!(d.set("other", OptionValue::Bool(true)).unwrap_err(), "no such option 'other'");
    }
}
