//! An operation's declaration: its operands, results and properties with
//! their constraints, and the typed view that reads them.
//!
//! ```text
//! strata_ir::op_view! {
//!     /// `par.load %buffer[%index]`.
//!     pub struct Load for par::LOAD {
//!         operands {
//!             /// The buffer read.
//!             buffer: BUF,
//!             /// The element's position.
//!             index: Index,
//!         }
//!         results {
//!             /// The element.
//!             value: Any,
//!         }
//!         properties {
//!             /// A relaxed atomic read.
//!             atomic: bool,
//!         }
//!     }
//! }
//! ```
//!
//! gives `Load(OpId)` with `Load::of(ctx, op)` (the view of an operation of
//! that name, or `None`; operations that share a signature share a view:
//! `struct Degree for graph::OUT_DEGREE | graph::IN_DEGREE`), one accessor per operand, result and property
//! (`load.buffer(ctx)`, `load.value(ctx)`, `load.atomic(ctx)`),
//! `Load::props(atomic)` (the properties of a new operation, typed), and
//! `Load::SIGNATURE`, which the operation's [`OpDef`](crate::OpDef) holds
//! and the verifier checks. Type constraints are
//! [`TypeConstraint`](crate::signature::TypeConstraint)s (its variants are
//! in scope); a property's type is a [`PropType`](crate::signature::PropType)
//! (`bool` for a unit property, `i64`, `String`, `Option<T>` for an optional
//! one, an enum declared with [`prop_enum!`](crate::prop_enum)). After the
//! fixed operands, an `optional { .. }` or a `variadic { .. }` section
//! declares one operand that stands for none or one, or any number; an
//! `optional_result { .. }` or `variadic_results { .. }` section does the
//! same for a last result.
//!
//! A property whose key is not a usable accessor name gives the key in
//! parentheses: `counted("of"): SizeOf`.
//!
//! Accessors read verified IR: a property accessor panics where the
//! verifier would have rejected the operation.

/// The key of a declared property: its accessor's name, or the key given
/// in parentheses after it (`size_of("of")` where the key is not a usable
/// accessor name).
#[doc(hidden)]
#[macro_export]
macro_rules! __op_view_key {
    ($p:ident) => {
        stringify!($p)
    };
    ($p:ident $key:literal) => {
        $key
    };
}

/// Declares an operation's signature and typed view (see the [module](self)).
#[macro_export]
macro_rules! op_view {
    (
        $(#[$m:meta])*
        $vis:vis struct $view:ident for $($name:path)|+ {
            operands { $($(#[$om:meta])* $o:ident : $oc:expr),* $(,)? }
            $(optional { $(#[$qm:meta])* $q:ident : $qc:expr $(,)? })?
            $(variadic { $(#[$vm:meta])* $v:ident : $vc:expr $(,)? })?
            results { $($(#[$rm:meta])* $r:ident : $rc:expr),* $(,)? }
            $(optional_result { $(#[$sm:meta])* $s:ident : $sc:expr $(,)? })?
            $(variadic_results { $(#[$wm:meta])* $w:ident : $wc:expr $(,)? })?
            properties { $($(#[$pm:meta])* $p:ident $(($key:literal))? : $pt:ty),* $(,)? }
        }
    ) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis struct $view(pub $crate::OpId);

        #[allow(unused_imports)]
        impl $view {
            /// The declared operands.
            pub const OPERANDS: &'static [$crate::signature::ValueSpec] = {
                use $crate::signature::TypeConstraint::*;
                use $crate::signature::{Arity, ValueSpec};
                &[
                    $(ValueSpec { name: stringify!($o), ty: $oc, arity: Arity::One },)*
                    $(ValueSpec { name: stringify!($q), ty: $qc, arity: Arity::Optional },)?
                    $(ValueSpec { name: stringify!($v), ty: $vc, arity: Arity::Variadic },)?
                ]
            };
            /// The declared results.
            pub const RESULTS: &'static [$crate::signature::ValueSpec] = {
                use $crate::signature::TypeConstraint::*;
                use $crate::signature::{Arity, ValueSpec};
                &[
                    $(ValueSpec { name: stringify!($r), ty: $rc, arity: Arity::One },)*
                    $(ValueSpec { name: stringify!($s), ty: $sc, arity: Arity::Optional },)?
                    $(ValueSpec { name: stringify!($w), ty: $wc, arity: Arity::Variadic },)?
                ]
            };
            /// The declared properties.
            pub const PROPERTIES: &'static [$crate::signature::PropSpec] = {
                use $crate::signature::{PropSpec, PropType};
                &[$(PropSpec {
                    name: $crate::__op_view_key!($p $($key)?),
                    kind: <$pt as PropType>::KIND,
                    required: <$pt as PropType>::REQUIRED,
                },)*]
            };
            /// The signature the verifier checks.
            pub const SIGNATURE: $crate::signature::Signature = $crate::signature::Signature {
                operands: $view::OPERANDS,
                results: $view::RESULTS,
                properties: $view::PROPERTIES,
            };
            const _ONE_OPEN_OPERAND: () = assert!(
                0 $(+ { let _ = stringify!($q); 1 })? $(+ { let _ = stringify!($v); 1 })? <= 1,
                "an operation declares at most one optional or variadic operand"
            );
            const _ONE_OPEN_RESULT: () = assert!(
                0 $(+ { let _ = stringify!($s); 1 })? $(+ { let _ = stringify!($w); 1 })? <= 1,
                "an operation declares at most one optional or variadic result"
            );

            /// The properties of a new operation with these values, for
            /// `OperationState::props` (unit properties that are false and
            /// optional ones that are `None` are left out).
            #[allow(unused_mut)]
            pub fn props($($p: $pt),*) -> Vec<(&'static str, $crate::Attribute)> {
                let mut out = Vec::new();
                $(
                    if let Some(a) = <$pt as $crate::signature::PropType>::write(&$p) {
                        out.push(($crate::__op_view_key!($p $($key)?), a));
                    }
                )*
                out
            }

            /// The operations this view is of.
            pub const KINDS: &'static [$crate::OpName] = &[$($name),+];

            /// The view of `op`, if it is this operation (one of these).
            pub fn of(ctx: &$crate::Context, op: $crate::OpId) -> Option<$view> {
                let kind = ctx.op_kind(op);
                ($(kind == $name)||+).then_some($view(op))
            }
            $(
                $(#[$om])*
                pub fn $o(self, ctx: &$crate::Context) -> $crate::Value {
                    const I: usize = $crate::signature::position($view::OPERANDS, stringify!($o));
                    ctx.operand(self.0, I)
                }
            )*
            $(
                $(#[$qm])*
                pub fn $q(self, ctx: &$crate::Context) -> Option<$crate::Value> {
                    const I: usize = $crate::signature::position($view::OPERANDS, stringify!($q));
                    ctx.operands(self.0).get(I).copied()
                }
            )?
            $(
                $(#[$vm])*
                pub fn $v(self, ctx: &$crate::Context) -> &[$crate::Value] {
                    const I: usize = $crate::signature::position($view::OPERANDS, stringify!($v));
                    ctx.operands(self.0).get(I..).unwrap_or(&[])
                }
            )?
            $(
                $(#[$rm])*
                pub fn $r(self, ctx: &$crate::Context) -> $crate::Value {
                    const I: usize = $crate::signature::position($view::RESULTS, stringify!($r));
                    ctx.result(self.0, I)
                }
            )*
            $(
                $(#[$sm])*
                pub fn $s(self, ctx: &$crate::Context) -> Option<$crate::Value> {
                    const I: usize = $crate::signature::position($view::RESULTS, stringify!($s));
                    ctx.results(self.0).get(I).copied()
                }
            )?
            $(
                $(#[$wm])*
                pub fn $w(self, ctx: &$crate::Context) -> &[$crate::Value] {
                    const I: usize = $crate::signature::position($view::RESULTS, stringify!($w));
                    ctx.results(self.0).get(I..).unwrap_or(&[])
                }
            )?
            $(
                $(#[$pm])*
                pub fn $p(self, ctx: &$crate::Context) -> $pt {
                    <$pt as $crate::signature::PropType>::read(ctx.prop(self.0, $crate::__op_view_key!($p $($key)?)))
                        .expect(concat!("the verifier checks property '", $crate::__op_view_key!($p $($key)?), "'"))
                }
            )*
        }
    };
}

#[cfg(test)]
#[allow(dead_code)]
mod tests {
    use std::sync::Arc;

    use crate::func::op as func;
    use crate::registry::OpDef;
    use crate::verifier::verify;
    use crate::{Attribute, Context, Dialect, Traits};

    crate::op_names!("t":
        PAIR = "pair",
    );

    crate::prop_enum! {
        /// A test enum.
        enum Mode {
            /// Fast.
            Fast = "fast",
            /// Slow.
            Slow = "slow",
        }
    }

    crate::op_view! {
        /// `t.pair`: two indices and an optional i64.
        struct Pair for PAIR {
            operands {
                /// The first.
                first: Index,
                /// The second.
                second: Index,
            }
            optional {
                /// A third.
                extra: Int(64),
            }
            results {
                /// The sum.
                sum: Index,
            }
            properties {
                /// How.
                mode: Mode,
                /// Whether.
                flag: bool,
                /// How many.
                count: Option<i64>,
            }
        }
    }

    crate::op_view! {
        /// `func.return %values...`.
        struct Return for func::RETURN {
            operands {}
            variadic {
                /// Every value.
                values: Any,
            }
            results {}
            properties {}
        }
    }

    fn context() -> Context {
        let mut r = crate::core_registry();
        r.register(Dialect {
            name: "t",
            summary: "test",
            ops: vec![OpDef { signature: Some(Pair::SIGNATURE), ..OpDef::new(PAIR, "a pair", Traits::PURE) }],
            materialize_constant: None,
            verify_type: None,
            verify_attr: None,
        });
        Context::new(Arc::new(r))
    }

    fn errors(text: &str) -> Vec<String> {
        let mut ctx = context();
        let m = crate::parser::parse_source(&mut ctx, "v.mlir", text, 0, text.len()).expect("parses");
        verify(&ctx, m).iter().map(|d| d.message.clone()).collect()
    }

    #[test]
    fn views_name_operands_results_and_properties() {
        let mut ctx = context();
        let text = "func.func @f(%a: index, %b: index) -> index {\n  %s = \"t.pair\"(%a, %b) <{mode = \"slow\", flag}> : (index, index) -> index\n  return %s : index\n}\n";
        let m = crate::parser::parse_source(&mut ctx, "v.mlir", text, 0, text.len()).expect("parses");
        assert!(verify(&ctx, m).is_empty());
        let mut ops = Vec::new();
        ctx.walk_pre(m, &mut |o| ops.push(o));
        let pair = ops.iter().find_map(|o| Pair::of(&ctx, *o)).expect("a pair");
        let entry = ctx.entry_block(ctx.region(ops[1], 0)).expect("body");
        let args = ctx.block_args(entry).to_vec();
        assert_eq!((pair.first(&ctx), pair.second(&ctx), pair.extra(&ctx)), (args[0], args[1], None));
        assert_eq!(pair.sum(&ctx), ctx.result(pair.0, 0));
        assert_eq!((pair.mode(&ctx), pair.flag(&ctx), pair.count(&ctx)), (Mode::Slow, true, None));
        let props = Pair::props(Mode::Fast, false, Some(3));
        assert_eq!(props, vec![("mode", Attribute::string("fast")), ("count", Attribute::int(3, crate::Type::i64()))]);
        let ret = ops.iter().find_map(|o| Return::of(&ctx, *o)).expect("a return");
        assert_eq!(ret.values(&ctx), &[pair.sum(&ctx)]);
        assert!(Return::of(&ctx, m).is_none());
        assert_eq!(Pair::SIGNATURE.describe(), "(first: index, second: index, extra?: 64-bit signless integer) -> (sum: index) {mode: string attribute, one of: fast, slow, flag?: unit attribute, count?: integer attribute}");
    }

    #[test]
    fn the_verifier_checks_the_signature() {
        let wrap = |op: &str| format!("func.func @f(%a: index, %b: i64) {{\n  {op}\n  return\n}}\n");
        let cases = [
            ("%s = \"t.pair\"(%a) <{mode = \"fast\"}> : (index) -> index", "expected 2 or 3 operands, but found 1"),
            (
                "%s = \"t.pair\"(%a, %b) <{mode = \"fast\"}> : (index, i64) -> index",
                "operand #1 must be index, but got 'i64'",
            ),
            (
                "%s = \"t.pair\"(%a, %a, %a) <{mode = \"fast\"}> : (index, index, index) -> index",
                "operand #2 must be 64-bit signless integer, but got 'index'",
            ),
            ("\"t.pair\"(%a, %a) <{mode = \"fast\"}> : (index, index) -> ()", "requires one result"),
            (
                "%s = \"t.pair\"(%a, %a) <{mode = \"fast\"}> : (index, index) -> i64",
                "result #0 must be index, but got 'i64'",
            ),
            ("%s = \"t.pair\"(%a, %a) : (index, index) -> index", "requires attribute 'mode'"),
            (
                "%s = \"t.pair\"(%a, %a) <{mode = \"odd\"}> : (index, index) -> index",
                "attribute 'mode' failed to satisfy constraint: string attribute, one of: fast, slow",
            ),
            (
                "%s = \"t.pair\"(%a, %a) <{mode = \"fast\", count = \"x\"}> : (index, index) -> index",
                "attribute 'count' failed to satisfy constraint: integer attribute",
            ),
        ];
        for (op, want) in cases {
            let got = errors(&wrap(op));
            assert_eq!(got, vec![format!("'t.pair' op {want}")], "{op}");
        }
        assert!(errors(&wrap(
            "%s = \"t.pair\"(%a, %a, %b) <{mode = \"fast\", count = 3}> : (index, index, i64) -> index"
        ))
        .is_empty());
    }
}
