//! A dialect's operations, each declared once.
//!
//! ```text
//! strata_ir::dialect_ops! {
//!     /// Every operation of the demo dialect, for exhaustive matches.
//!     dialect "demo" => pub enum DemoOp, /// Which one. pub enum DemoKind;
//!
//!     /// `%s = demo.size %g`.
//!     view Size {
//!         ops {
//!             Size = SIZE "size" ("the size of a thing", Traits::PURE);
//!         }
//!         operands { /// The thing. thing: Any }
//!         results { /// Its size. size: Index }
//!         properties {}
//!     }
//!
//!     /// `%d = demo.out_degree %g, %v` and `demo.in_degree`: one view.
//!     view Degree {
//!         ops {
//!             OutDegree = OUT_DEGREE "out_degree" ("out-edges", Traits::PURE);
//!             InDegree = IN_DEGREE "in_degree" ("in-edges", Traits::PURE) { verify: Some(verify_in) };
//!         }
//!         operands { .. } results { .. } properties { .. }
//!     }
//! }
//! ```
//!
//! Each `view` declares a signature (operands, results and properties with
//! their constraints, as [`op_view!`](crate::op_view) reads them) and the
//! operations that have it: for each, the enum variant, the name constant,
//! the mnemonic, the summary, the traits and, in braces, any other
//! [`OpDef`](crate::OpDef) fields (verifier, folder, patterns, custom
//! parser and printer, ...); a `hooks { .. }` section after `ops` gives
//! fields every operation of the view shares (an operation's own braces
//! override them), and one after the enums' names fields every operation
//! of the dialect shares (a view's override them), such as the declared
//! assembly format of [`op_format`](crate::op_format). From this one
//! declaration come:
//!
//! - the name constants (`SIZE`), `DIALECT`, `DIALECT_KEY`, `ALL` and
//!   `lookup`, as [`op_names!`](crate::op_names) gives them;
//! - one typed view per `view` (`Size(OpId)`, `Size::of`, accessors,
//!   `Size::props`, `Size::SIGNATURE`);
//! - the dialect's enum, one variant per operation holding its view
//!   (`DemoOp::InDegree(Degree)`), with `DemoOp::of(ctx, op)`: a consumer
//!   that `match`es it without a wildcard stops compiling when an
//!   operation is added, until it handles the new one;
//! - the enum of the operations' kinds (`DemoKind::InDegree`, with `ALL`,
//!   `name` and `DemoKind::of(name)`), for tables keyed by operation
//!   (`DemoOp::kind` gives an operation's);
//! - `op_defs()`, the definitions to register, in declaration order.

/// Declares a dialect's operations (see the [module](self)).
#[macro_export]
macro_rules! dialect_ops {
    (
        $(#[$em:meta])*
        dialect $dialect:literal => $evis:vis enum $enum_name:ident, $(#[$km:meta])* $kvis:vis enum $kind_name:ident;
        $(hooks { $($dfield:ident : $dvalue:expr),* $(,)? })?
        $(
            $(#[$vm:meta])*
            view $view:ident {
                ops {
                    $(
                        $variant:ident = $name:ident $mnemonic:literal ($summary:expr, $traits:expr)
                        $({ $($field:ident : $value:expr),* $(,)? })?;
                    )+
                }
                $(hooks { $($vfield:ident : $vvalue:expr),* $(,)? })?
                operands { $($operands:tt)* }
                $($signature:tt)*
            }
        )*
    ) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms, dead_code)]
        #[repr(u16)]
        enum Index {
            $($($name,)+)*
        }
        /// Each operation's index in the declaration, as a pattern.
        #[allow(non_upper_case_globals, dead_code)]
        mod op_index {
            $($(pub const $name: u16 = super::Index::$name as u16;)+)*
        }
        $($(
            #[doc = concat!("`", $dialect, ".", $mnemonic, "`: ", $summary, ".")]
            pub const $name: $crate::op_name::OpName =
                $crate::op_name::OpName::new(DIALECT_KEY, Index::$name as u16, concat!($dialect, ".", $mnemonic));
        )+)*
        /// The dialect's namespace.
        pub const DIALECT: &str = $dialect;
        /// The key of the dialect's name, to compare with `OpName::dialect_key`.
        pub const DIALECT_KEY: u32 = $crate::op_name::dialect_key($dialect);
        /// Every operation of the dialect, in declaration order.
        pub const ALL: &[$crate::op_name::OpName] = &[$($($name,)+)*];
        /// The declared name equal to `name` (read from text), if any.
        pub fn lookup(name: &str) -> Option<$crate::op_name::OpName> {
            ALL.iter().copied().find(|n| n.as_str() == name)
        }

        $(
            $crate::op_view! {
                $(#[$vm])*
                pub struct $view for $($name)|+ {
                    operands { $($operands)* }
                    $($signature)*
                }
            }

            impl $view {
                /// `base` with the hooks every operation of the view shares.
                #[allow(unused_imports)]
                fn view_hooks(base: $crate::registry::OpDef) -> $crate::registry::OpDef {
                    use $crate::registry::{OpDef, Traits};
                    OpDef { $($($vfield: $vvalue,)*)? ..base }
                }
            }
        )*

        $(#[$em])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $evis enum $enum_name {
            $($(
                #[doc = concat!("`", $dialect, ".", $mnemonic, "`.")]
                $variant($view),
            )+)*
        }

        $(#[$km])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $kvis enum $kind_name {
            $($(
                #[doc = concat!("`", $dialect, ".", $mnemonic, "`.")]
                $variant,
            )+)*
        }

        impl $kind_name {
            /// Every operation of the dialect, in declaration order.
            pub const ALL: &'static [$kind_name] = &[$($($kind_name::$variant,)+)*];
            /// The operation's name.
            pub const fn name(self) -> $crate::op_name::OpName {
                match self {
                    $($($kind_name::$variant => $name,)+)*
                }
            }
            /// The operation named `name`, if it is one of the dialect's.
            pub fn of(name: $crate::op_name::OpName) -> Option<$kind_name> {
                if name.dialect_key() != DIALECT_KEY {
                    return None;
                }
                match name.index() {
                    $($(op_index::$name => Some($kind_name::$variant),)+)*
                    _ => None,
                }
            }
        }

        impl $enum_name {
            /// Which operation it is.
            pub fn kind(self) -> $kind_name {
                match self {
                    $($($enum_name::$variant(_) => $kind_name::$variant,)+)*
                }
            }
            /// The operation `op` as this dialect's, if it is one of its
            /// operations.
            pub fn of(ctx: &$crate::Context, op: $crate::OpId) -> Option<$enum_name> {
                $enum_name::with_kind(ctx.op_kind(op), op)
            }
            /// The operation `op`, whose name is `kind` (known already),
            /// as this dialect's, if it is one of its operations.
            pub fn with_kind(kind: $crate::op_name::OpName, op: $crate::OpId) -> Option<$enum_name> {
                // A declared name is its dialect's key and its index: two
                // integers, no text, to compare.
                if kind.dialect_key() != DIALECT_KEY {
                    return None;
                }
                match kind.index() {
                    $($(op_index::$name => Some($enum_name::$variant($view(op))),)+)*
                    _ => None,
                }
            }
            /// The operation.
            pub fn op(self) -> $crate::OpId {
                match self {
                    $($($enum_name::$variant(v) => v.0,)+)*
                }
            }
            /// Its name.
            pub fn name(self) -> $crate::op_name::OpName {
                self.kind().name()
            }
        }

        /// `base` with the hooks every operation of the dialect shares.
        #[allow(unused_imports)]
        fn dialect_hooks(base: $crate::registry::OpDef) -> $crate::registry::OpDef {
            use $crate::registry::{OpDef, Traits};
            OpDef { $($($dfield: $dvalue,)*)? ..base }
        }

        /// The definitions of the dialect's operations, to register, in
        /// declaration order.
        #[allow(unused_imports)]
        pub fn op_defs() -> Vec<$crate::registry::OpDef> {
            use $crate::registry::{OpDef, Traits};
            vec![$($(
                OpDef {
                    $($($field: $value,)*)?
                    ..$view::view_hooks(dialect_hooks(OpDef {
                        signature: Some($view::SIGNATURE),
                        ..OpDef::new($name, $summary, $traits)
                    }))
                },
            )+)*]
        }
    };
}

#[cfg(test)]
#[allow(dead_code)]
mod tests {
    use std::sync::Arc;

    use crate::registry::OpDef;
    use crate::verifier::{op_error, verify};
    use crate::{Context, Diagnostic, Dialect, OpId};

    mod demo {
        use super::*;

        fn verify_in(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
            if *ctx.value_type(ctx.operand(op, 0)) == crate::Type::Index {
                return Ok(());
            }
            Err(op_error(ctx, op, "wants an index"))
        }

        crate::dialect_ops! {
            /// The demo dialect's operations.
            dialect "demo" => pub enum DemoOp,
            /// Which of them.
            pub enum DemoKind;

            /// `demo.size %x`.
            view Size {
                ops {
                    Size = SIZE "size" ("the size", Traits::PURE);
                }
                operands {
                    /// The thing.
                    thing: Any,
                }
                results {
                    /// Its size.
                    size: Index,
                }
                properties {}
            }

            /// `demo.out_degree %x` and `demo.in_degree %x`.
            view Degree {
                ops {
                    OutDegree = OUT_DEGREE "out_degree" ("out-edges", Traits::PURE);
                    InDegree = IN_DEGREE "in_degree" ("in-edges", Traits::NONE) { verify: Some(verify_in) };
                }
                hooks { result_names: &["degree"], name_hint: None }
                operands {
                    /// The node.
                    node: Any,
                }
                results {
                    /// The degree.
                    degree: Index,
                }
                properties {}
            }
        }
    }

    fn context() -> Context {
        let mut r = crate::core_registry();
        r.register(Dialect {
            name: "demo",
            summary: "test",
            ops: demo::op_defs(),
            materialize_constant: None,
            verify_type: None,
            verify_attr: None,
        });
        Context::new(Arc::new(r))
    }

    #[test]
    fn one_declaration_gives_names_views_enum_and_definitions() {
        assert_eq!(demo::ALL, &[demo::SIZE, demo::OUT_DEGREE, demo::IN_DEGREE]);
        assert_eq!(demo::lookup("demo.in_degree"), Some(demo::IN_DEGREE));
        assert_eq!(demo::Degree::KINDS, &[demo::OUT_DEGREE, demo::IN_DEGREE]);
        let defs = demo::op_defs();
        let names: Vec<_> = defs.iter().map(|d: &OpDef| d.name).collect();
        assert_eq!(names, demo::ALL);
        assert_eq!((defs[1].summary, defs[1].traits), ("out-edges", crate::Traits::PURE));
        assert!(defs[1].verify.is_none() && defs[2].verify.is_some());
        assert_eq!(
            (defs[0].result_names, defs[1].result_names, defs[2].result_names),
            (&[][..], &["degree"][..], &["degree"][..])
        );
        assert_eq!(defs[2].signature.map(|s| s.describe()), Some(demo::Degree::SIGNATURE.describe()));
        let ctx = context();
        assert!(crate::op_name::check_declared(ctx.registry().dialect("demo").expect("registered"), demo::ALL).is_ok());
    }

    #[test]
    fn the_enum_names_each_operation() {
        let mut ctx = context();
        let text = "func.func @f(%a: index, %b: i64) {\n  %s = \"demo.size\"(%a) : (index) -> index\n  %o = \"demo.out_degree\"(%b) : (i64) -> index\n  %i = \"demo.in_degree\"(%a) : (index) -> index\n  return\n}\n";
        let m = crate::parser::parse_source(&mut ctx, "d.mlir", text, 0, text.len()).expect("parses");
        assert!(verify(&ctx, m).is_empty());
        let mut ops = Vec::new();
        ctx.walk_pre(m, &mut |o| ops.push(o));
        let found: Vec<demo::DemoOp> = ops.iter().filter_map(|o| demo::DemoOp::of(&ctx, *o)).collect();
        assert_eq!(found.len(), 3);
        let kinds: Vec<&str> = found
            .iter()
            .map(|d| match d {
                demo::DemoOp::Size(s) => {
                    assert_eq!(s.size(&ctx), ctx.result(s.0, 0));
                    "size"
                }
                demo::DemoOp::OutDegree(_) => "out",
                demo::DemoOp::InDegree(d) => {
                    assert_eq!(Some(*d), demo::Degree::of(&ctx, d.0));
                    "in"
                }
            })
            .collect();
        assert_eq!(kinds, ["size", "out", "in"]);
        assert_eq!(found[2].name(), demo::IN_DEGREE);
        assert_eq!(found[2].kind(), demo::DemoKind::InDegree);
        let names: Vec<_> = demo::DemoKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names, demo::ALL);
        assert_eq!(demo::DemoKind::of(demo::OUT_DEGREE), Some(demo::DemoKind::OutDegree));
        assert_eq!(demo::DemoKind::of(crate::OpName::UNREGISTERED), None);
        assert_eq!(found[0].op(), found[0].op());
        assert!(demo::DemoOp::of(&ctx, m).is_none());
        let bad = "func.func @g(%b: i64) {\n  %i = \"demo.in_degree\"(%b) : (i64) -> index\n  return\n}\n";
        let mut ctx = context();
        let m = crate::parser::parse_source(&mut ctx, "d.mlir", bad, 0, bad.len()).expect("parses");
        let errors: Vec<String> = verify(&ctx, m).iter().map(|d| d.message.clone()).collect();
        assert_eq!(errors, ["'demo.in_degree' op wants an index"]);
    }
}
