//! Properties whose value is one of a few names, as Rust enums.
//!
//! ```text
//! strata_ir::prop_enum! {
//!     /// How a loop shares its iterations.
//!     pub enum Dist {
//!         /// Equal blocks.
//!         Static = "static",
//!         /// Blocks taken on demand.
//!         Dynamic = "dynamic",
//!     }
//! }
//! ```
//!
//! gives the enum with `ALL`, `NAMES`, `name`, `from_name`, `Display`, and
//! [`PropType`](crate::signature::PropType), so a view's accessor returns
//! it and the verifier rejects any other name.
//!
//! `pub enum CmpiPredicate : index { Eq = "eq", ... }` declares values the
//! property holds as their position (an `i64`, as MLIR numbers `arith`'s
//! predicates), with `position` and `from_position`; the names are those
//! the custom syntax prints.

/// Declares an enum of named property values (see the [module](self)).
#[macro_export]
macro_rules! prop_enum {
    (
        $(#[$m:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vm:meta])* $variant:ident = $text:literal),+ $(,)?
        }
    ) => {
        $crate::prop_enum!(@common $(#[$m])* $vis enum $name { $($(#[$vm])* $variant = $text),+ });

        impl $name {
            /// The property attribute holding this value.
            pub fn attr(self) -> $crate::Attribute {
                $crate::Attribute::string(self.name())
            }
        }

        impl $crate::signature::PropType for $name {
            const KIND: $crate::signature::PropKind = $crate::signature::PropKind::Enum($name::NAMES);
            fn read(attr: Option<&$crate::Attribute>) -> Option<$name> {
                attr?.as_str().and_then($name::from_name)
            }
            fn write(&self) -> Option<$crate::Attribute> {
                Some(self.attr())
            }
        }
    };
    (
        $(#[$m:meta])*
        $vis:vis enum $name:ident : index {
            $($(#[$vm:meta])* $variant:ident = $text:literal),+ $(,)?
        }
    ) => {
        $crate::prop_enum!(@common $(#[$m])* $vis enum $name { $($(#[$vm])* $variant = $text),+ });

        impl $name {
            /// The value's position, which the property holds.
            pub fn position(self) -> usize {
                self as usize
            }
            /// The value at `position`.
            pub fn from_position(position: i128) -> Option<$name> {
                usize::try_from(position).ok().and_then(|i| $name::ALL.get(i)).copied()
            }
            /// The property attribute holding this value: its position, an `i64`.
            pub fn attr(self) -> $crate::Attribute {
                $crate::Attribute::int(self.position() as i128, $crate::types::Type::i64())
            }
        }

        impl $crate::signature::PropType for $name {
            const KIND: $crate::signature::PropKind = $crate::signature::PropKind::Int;
            fn read(attr: Option<&$crate::Attribute>) -> Option<$name> {
                attr?.as_int().and_then($name::from_position)
            }
            fn write(&self) -> Option<$crate::Attribute> {
                Some(self.attr())
            }
        }
    };
    (
        @common
        $(#[$m:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vm:meta])* $variant:ident = $text:literal),+
        }
    ) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$vm])* $variant),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// Every value's name, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($text),+];
            /// The name as the IR writes it.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
            /// The value with this name.
            pub fn from_name(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

#[cfg(test)]
#[allow(dead_code)]
mod tests {
    use crate::signature::{PropKind, PropType};
    use crate::Attribute;

    crate::prop_enum! {
        /// A test enum.
        enum Side {
            /// Left.
            Left = "left",
            /// Right.
            Right = "right",
        }
    }

    crate::prop_enum! {
        /// A test enum held by position.
        enum Turn : index {
            /// Once.
            Once = "once",
            /// Twice.
            Twice = "twice",
        }
    }

    #[test]
    fn positions_round_trip_and_read_as_integer_properties() {
        assert_eq!(Turn::Twice.position(), 1);
        assert_eq!(Turn::from_position(0), Some(Turn::Once));
        assert_eq!(Turn::from_position(2), None);
        assert_eq!(Turn::from_position(-1), None);
        assert_eq!(Turn::read(Some(&Turn::Twice.attr())), Some(Turn::Twice));
        assert_eq!(Turn::read(Some(&Attribute::string("twice"))), None);
        assert!(matches!(Turn::KIND, PropKind::Int));
        assert_eq!(Turn::from_name("twice"), Some(Turn::Twice));
    }

    #[test]
    fn names_round_trip_and_read_as_properties() {
        for s in Side::ALL {
            assert_eq!(Side::from_name(s.name()), Some(*s));
        }
        assert_eq!(Side::NAMES, &["left", "right"]);
        assert_eq!(Side::from_name("up"), None);
        assert_eq!(Side::read(Some(&Attribute::string("right"))), Some(Side::Right));
        assert_eq!(Side::read(Some(&Attribute::string("up"))), None);
        assert_eq!(Side::read(None), None);
        assert!(matches!(Side::KIND, PropKind::Enum(n) if n.len() == 2));
        assert_eq!(Side::Left.to_string(), "left");
    }
}
