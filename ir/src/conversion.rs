//! Dialect conversion: rewrite every operation that a [`ConversionTarget`]
//! calls illegal, with a set of patterns, and fail loudly on what is left.

use crate::attributes::Attribute;
use crate::context::{Context, OpId};
use crate::diagnostics::Diagnostic;
use crate::func::{function_type, op as func};
use crate::rewrite::{RewriteListener, RewritePattern, Rewriter};
use crate::types::Type;

/// Legality of a dynamic check.
pub type LegalityFn = fn(&Context, OpId) -> bool;

/// Which operations may remain after a conversion. Operations are named by
/// their [`crate::OpName`]s and dialects by name; an operation of a dialect
/// that is not registered is judged by the prefix of its name.
#[derive(Default)]
pub struct ConversionTarget {
    legal_dialects: Vec<(u32, String)>,
    illegal_dialects: Vec<(u32, String)>,
    legal_ops: Vec<crate::OpName>,
    illegal_ops: Vec<crate::OpName>,
    dynamic: Vec<(crate::OpName, LegalityFn)>,
}

impl ConversionTarget {
    /// An empty target (everything unknown).
    pub fn new() -> ConversionTarget {
        ConversionTarget::default()
    }
    /// Marks whole dialects legal.
    pub fn legal_dialects(mut self, ds: &[&str]) -> Self {
        self.legal_dialects.extend(ds.iter().map(|d| (crate::op_name::dialect_key(d), d.to_string())));
        self
    }
    /// Marks whole dialects illegal.
    pub fn illegal_dialects(mut self, ds: &[&str]) -> Self {
        self.illegal_dialects.extend(ds.iter().map(|d| (crate::op_name::dialect_key(d), d.to_string())));
        self
    }
    /// Marks operations legal.
    pub fn legal_ops(mut self, ops: &[crate::OpName]) -> Self {
        self.legal_ops.extend_from_slice(ops);
        self
    }
    /// Marks operations illegal.
    pub fn illegal_ops(mut self, ops: &[crate::OpName]) -> Self {
        self.illegal_ops.extend_from_slice(ops);
        self
    }
    /// Makes an operation legal exactly when `f` says so.
    pub fn dynamically_legal(mut self, op: crate::OpName, f: LegalityFn) -> Self {
        self.dynamic.push((op, f));
        self
    }

    /// One error per operation under `root` that is not legal (in
    /// [`ConversionMode::Partial`], only those marked illegal).
    pub fn unlegalized(&self, ctx: &Context, root: OpId, mode: ConversionMode) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        ctx.walk_pre(root, &mut |op| {
            let legality = self.legality(ctx, op);
            let illegal = match legality {
                Some(l) => !l,
                None => mode == ConversionMode::Full,
            };
            if op == root || !illegal {
                return;
            }
            let why = if legality == Some(false) { " that was explicitly marked illegal" } else { "" };
            errors.push(Diagnostic::error(
                ctx.op_loc(op).clone(),
                format!("failed to legalize operation '{}'{why}", ctx.op_name(op)),
            ));
        });
        errors
    }

    /// `Some(true)` legal, `Some(false)` illegal, `None` unknown.
    pub fn legality(&self, ctx: &Context, op: OpId) -> Option<bool> {
        let kind = ctx.op_kind(op);
        if kind != crate::OpName::UNREGISTERED {
            if let Some((_, f)) = self.dynamic.iter().find(|(n, _)| *n == kind) {
                return Some(f(ctx, op));
            }
            if self.legal_ops.contains(&kind) {
                return Some(true);
            }
            if self.illegal_ops.contains(&kind) {
                return Some(false);
            }
            let key = kind.dialect_key();
            if self.legal_dialects.iter().any(|(k, _)| *k == key) {
                return Some(true);
            }
            if self.illegal_dialects.iter().any(|(k, _)| *k == key) {
                return Some(false);
            }
            return None;
        }
        let dialect = ctx.op_name(op).split_once('.').map_or("", |(d, _)| d);
        if self.legal_dialects.iter().any(|(_, d)| d == dialect) {
            return Some(true);
        }
        if self.illegal_dialects.iter().any(|(_, d)| d == dialect) {
            return Some(false);
        }
        None
    }
}

/// Partial conversion leaves unknown operations alone; full conversion requires every operation to be legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConversionMode {
    /// Only illegal operations must be converted.
    Partial,
    /// Every operation must end up legal.
    Full,
}

/// Converts the operations nested in `root`; on failure returns one error per operation left unconverted.
///
/// One sweep in pre-order, as MLIR's driver: an operation is converted
/// before those nested in it, and what a rewrite inserts (new operations and
/// those it moved, with everything nested in them) is visited after it. An
/// operation no pattern converts stays, and is reported.
pub fn apply_conversion(
    ctx: &mut Context,
    root: OpId,
    target: &ConversionTarget,
    patterns: &[Box<dyn RewritePattern>],
    mode: ConversionMode,
) -> Result<(), Vec<Diagnostic>> {
    let needs_work = |ctx: &Context, op: OpId| match target.legality(ctx, op) {
        Some(l) => !l,
        None => mode == ConversionMode::Full,
    };
    let mut ops = Vec::new();
    ctx.walk_pre(root, &mut |o| {
        if o != root && needs_work(ctx, o) {
            ops.push(o)
        }
    });
    // Patterns whose output they convert again cannot loop forever.
    let budget = ops.len().saturating_mul(16).saturating_add(1024);
    let mut inserted = Inserted::default();
    let mut i = 0;
    while i < ops.len().min(budget) {
        let op = ops[i];
        i += 1;
        if ctx.parent_block(op).is_none() || !ctx.is_ancestor(root, op) || !needs_work(ctx, op) {
            continue;
        }
        let kind = ctx.op_kind(op);
        for p in patterns.iter().filter(|p| p.root().is_none_or(|r| r == kind)) {
            if p.match_and_rewrite(op, &mut Rewriter::new(ctx, &mut inserted)) {
                break;
            }
        }
        for new in inserted.0.drain(..) {
            ctx.walk_pre(new, &mut |o| {
                if needs_work(ctx, o) {
                    ops.push(o)
                }
            });
        }
    }
    let errors = target.unlegalized(ctx, root, mode);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The operations a rewrite inserted or moved.
#[derive(Default)]
struct Inserted(Vec<OpId>);

impl RewriteListener for Inserted {
    fn inserted(&mut self, op: OpId) {
        self.0.push(op);
    }
    fn modified(&mut self, _: OpId) {}
    fn erased(&mut self, _: OpId) {}
}

/// Converts types: the values under a root and the signatures of the
/// functions there get the types `convert` gives (a type it does not
/// change stays).
#[derive(Clone, Copy)]
pub struct TypeConverter {
    convert: fn(&Type) -> Type,
}

impl TypeConverter {
    /// A converter applying `convert` to every type.
    pub fn new(convert: fn(&Type) -> Type) -> TypeConverter {
        TypeConverter { convert }
    }
    /// The type `t` becomes.
    pub fn convert(&self, t: &Type) -> Type {
        (self.convert)(t)
    }
    /// Gives every result and block argument under `root`, and every
    /// function signature there, its converted type.
    pub fn apply(&self, ctx: &mut Context, root: OpId) {
        let mut ops = Vec::new();
        ctx.walk_pre(root, &mut |o| ops.push(o));
        for o in ops {
            let mut values = ctx.results(o).to_vec();
            for r in ctx.regions(o).to_vec() {
                for b in ctx.region_blocks(r).to_vec() {
                    values.extend_from_slice(ctx.block_args(b));
                }
            }
            for v in values {
                let t = self.convert(ctx.value_type(v));
                ctx.set_value_type(v, t);
            }
            if ctx.isa(o, func::FUNC) {
                if let Some(ft) = function_type(ctx, o) {
                    let ins = ft.inputs.iter().map(|t| self.convert(t)).collect();
                    let outs = ft.results.iter().map(|t| self.convert(t)).collect();
                    ctx.set_prop(o, "function_type", Attribute::Type(Type::function(ins, outs)));
                }
            }
        }
    }
}
