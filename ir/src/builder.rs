//! Building IR: a [`Builder`] creates operations at an insertion point, all
//! with one location. Dialects add typed constructors on top (e.g.
//! `strata_std::arith::build`), so code that makes IR names operations,
//! operands and types through checked Rust calls, never through text.

use crate::attributes::Location;
use crate::context::{BlockId, Context, OpId, OperationState, RegionId, Value};
use crate::types::Type;
use crate::OpName;

/// Where a [`Builder`] puts new operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Before this operation.
    Before(OpId),
    /// At the end of this block.
    End(BlockId),
}

/// Creates operations at an insertion point, with a location.
pub struct Builder<'a> {
    ctx: &'a mut Context,
    at: InsertPoint,
    loc: Location,
}

impl<'a> Builder<'a> {
    /// A builder inserting at `at`, giving new operations the location `loc`.
    pub fn new(ctx: &'a mut Context, at: InsertPoint, loc: Location) -> Builder<'a> {
        Builder { ctx, at, loc }
    }
    /// The IR, to read.
    pub fn ctx(&self) -> &Context {
        self.ctx
    }
    /// The IR, for changes beyond creating operations (used by dialect
    /// constructors that need the whole context, e.g. to materialize
    /// constants).
    pub fn ctx_mut(&mut self) -> &mut Context {
        self.ctx
    }
    /// The location of new operations.
    pub fn loc(&self) -> &Location {
        &self.loc
    }
    /// Where new operations go.
    pub fn insert_point(&self) -> InsertPoint {
        self.at
    }
    /// Moves the insertion point.
    pub fn set_insert_point(&mut self, at: InsertPoint) {
        self.at = at;
    }
    /// An empty state for the operation `name` at the builder's location.
    pub fn state(&self, name: OpName) -> OperationState {
        OperationState::new(name, self.loc.clone())
    }
    /// Inserts an operation made elsewhere (detached) at the insertion point.
    pub fn insert_op(&mut self, op: OpId) -> OpId {
        match self.at {
            InsertPoint::Before(a) => self.ctx.insert_op_before(a, op),
            InsertPoint::End(b) => self.ctx.append_op(b, op),
        }
        op
    }
    /// Creates the operation `state` describes at the insertion point.
    pub fn create(&mut self, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        self.insert_op(op)
    }
    /// Creates `name(operands)` without results.
    pub fn op0(&mut self, name: OpName, operands: &[Value]) -> OpId {
        let st = self.state(name).operands(operands);
        self.create(st)
    }
    /// Creates `name(operands)` with one result of type `ty`; returns it.
    pub fn op1(&mut self, name: OpName, operands: &[Value], ty: Type) -> Value {
        let st = self.state(name).operands(operands).results(&[ty]);
        let op = self.create(st);
        self.ctx.result(op, 0)
    }
    /// A new detached region with an entry block whose arguments have the
    /// types `args` (at the builder's location); returns the region, the
    /// block and the arguments.
    pub fn region(&mut self, args: &[Type]) -> (RegionId, BlockId, Vec<Value>) {
        let r = self.ctx.create_region();
        let typed: Vec<(Type, Location)> = args.iter().map(|t| (t.clone(), self.loc.clone())).collect();
        let b = self.ctx.create_block(&typed);
        self.ctx.append_block(r, b);
        let values = self.ctx.block_args(b).to_vec();
        (r, b, values)
    }
    /// Runs `f` with the insertion point at the end of `block`, then puts
    /// the insertion point back.
    pub fn at_end_of<R>(&mut self, block: BlockId, f: impl FnOnce(&mut Builder<'a>) -> R) -> R {
        let saved = std::mem::replace(&mut self.at, InsertPoint::End(block));
        let r = f(self);
        self.at = saved;
        r
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::func::op as func;
    use crate::printer::{print_op, PrintOptions};

    #[test]
    fn builds_at_the_insertion_point_with_regions() {
        let mut ctx = Context::new(Arc::new(crate::core_registry()));
        let text = "func.func @f() {\n  return\n}\n";
        let m = crate::parser::parse_source(&mut ctx, "b.mlir", text, 0, text.len()).expect("parses");
        let body = ctx.entry_block(ctx.region(m, 0)).expect("module body");
        let first = ctx.first_op(body).expect("@f");
        let mut b = Builder::new(&mut ctx, InsertPoint::End(body), Location::Unknown);
        let (r, entry, args) = b.region(&[Type::i32()]);
        assert_eq!(args.len(), 1);
        b.at_end_of(entry, |b| b.op0(func::RETURN, &args));
        assert_eq!(b.insert_point(), InsertPoint::End(body));
        let st = b
            .state(func::FUNC)
            .prop("sym_name", crate::Attribute::string("g"))
            .prop("function_type", crate::Attribute::Type(Type::function(vec![Type::i32()], vec![Type::i32()])))
            .region(r);
        b.create(st);
        b.set_insert_point(InsertPoint::Before(first));
        b.op0(func::CALL, &[]);
        let printed = print_op(&ctx, m, PrintOptions { generic: false, debug_info: false });
        assert!(printed.contains("func.func @g(%arg0: i32) -> i32 {\n    return %arg0 : i32\n  }\n}"), "{printed}");
        assert!(printed.starts_with("module {\n  func.call () : () -> ()\n  func.func @f()"), "{printed}");
    }
}
