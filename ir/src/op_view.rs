//! Typed views of operations: a view names an operation's operands, so
//! code reads `Reduce::of(ctx, op)?.target(ctx)` instead of
//! `ctx.operand(op, 1)` after comparing names.
//!
//! ```ignore
//! strata_ir::op_view! {
//!     /// `graph.reduce kind %value, %target[%index]`.
//!     pub struct Reduce for graph::REDUCE {
//!         /// The value combined in.
//!         value: 0,
//!         /// The property or scalar combined into.
//!         target: 1,
//!     }
//!     /// The element index, where the target is a property.
//!     rest index from 2
//! }
//! ```

/// Declares a typed view of an operation (see the [module](self)): a
/// `Copy` wrapper of its `OpId` with `of` (the view of an operation of that
/// name, or `None`), one accessor per named operand, and optionally one for
/// the operands from some position on.
#[macro_export]
macro_rules! op_view {
    (
        $(#[$m:meta])*
        $vis:vis struct $view:ident for $name:path {
            $($(#[$fm:meta])* $field:ident: $index:literal),* $(,)?
        }
        $($(#[$rm:meta])* rest $rest:ident from $from:literal)?
    ) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis struct $view(pub $crate::OpId);

        impl $view {
            /// The view of `op`, if it is this operation.
            pub fn of(ctx: &$crate::Context, op: $crate::OpId) -> Option<$view> {
                ctx.isa(op, $name).then_some($view(op))
            }
            $(
                $(#[$fm])*
                pub fn $field(self, ctx: &$crate::Context) -> $crate::Value {
                    ctx.operand(self.0, $index)
                }
            )*
            $(
                $(#[$rm])*
                pub fn $rest(self, ctx: &$crate::Context) -> &[$crate::Value] {
                    ctx.operands(self.0).get($from..).unwrap_or(&[])
                }
            )?
        }
    };
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::func::op as func;
    use crate::Context;

    crate::op_view! {
        /// `func.return %values...`.
        struct Return for func::RETURN {
            /// The first value.
            first: 0,
        }
        /// Every value.
        rest values from 0
    }

    #[test]
    fn views_name_operands() {
        let mut ctx = Context::new(Arc::new(crate::core_registry()));
        let text = "func.func @f(%a: i32, %b: i32) -> (i32, i32) {\n  return %b, %a : i32, i32\n}\n";
        let m = crate::parser::parse_source(&mut ctx, "v.mlir", text, 0, text.len()).expect("parses");
        let mut ops = Vec::new();
        ctx.walk_pre(m, &mut |o| ops.push(o));
        let views: Vec<Return> = ops.iter().filter_map(|o| Return::of(&ctx, *o)).collect();
        assert_eq!(views.len(), 1);
        let r = views[0];
        let entry = ctx.entry_block(ctx.region(ops[1], 0)).expect("body");
        let args = ctx.block_args(entry).to_vec();
        assert_eq!(r.first(&ctx), args[1]);
        assert_eq!(r.values(&ctx), &[args[1], args[0]]);
        assert!(Return::of(&ctx, m).is_none());
    }
}
