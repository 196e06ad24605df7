//! Dialect conversion: rewrite every operation that a [`ConversionTarget`]
//! calls illegal, with a set of patterns, and fail loudly on what is left.

use std::collections::HashSet;

use crate::attributes::Attribute;
use crate::context::{Context, OpId};
use crate::diagnostics::Diagnostic;
use crate::func::{function_type, op as func};
use crate::rewrite::{Revisit, RewritePattern, Rewriter};
use crate::types::Type;

/// Legality of a dynamic check.
pub type LegalityFn = fn(&Context, OpId) -> bool;

/// Which operations may remain after a conversion.
#[derive(Default)]
pub struct ConversionTarget {
    legal_dialects: HashSet<String>,
    illegal_dialects: HashSet<String>,
    legal_ops: HashSet<String>,
    illegal_ops: HashSet<String>,
    dynamic: Vec<(String, LegalityFn)>,
}

impl ConversionTarget {
    /// An empty target (everything unknown).
    pub fn new() -> ConversionTarget {
        ConversionTarget::default()
    }
    /// Marks whole dialects legal.
    pub fn legal_dialects(mut self, ds: &[&str]) -> Self {
        self.legal_dialects.extend(ds.iter().map(|s| s.to_string()));
        self
    }
    /// Marks whole dialects illegal.
    pub fn illegal_dialects(mut self, ds: &[&str]) -> Self {
        self.illegal_dialects.extend(ds.iter().map(|s| s.to_string()));
        self
    }
    /// Marks operations legal.
    pub fn legal_ops(mut self, ops: &[crate::OpName]) -> Self {
        self.legal_ops.extend(ops.iter().map(|s| s.to_string()));
        self
    }
    /// Marks operations illegal.
    pub fn illegal_ops(mut self, ops: &[crate::OpName]) -> Self {
        self.illegal_ops.extend(ops.iter().map(|s| s.to_string()));
        self
    }
    /// Makes an operation legal exactly when `f` says so.
    pub fn dynamically_legal(mut self, op: crate::OpName, f: LegalityFn) -> Self {
        self.dynamic.push((op.to_string(), f));
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
        let name = ctx.op_name(op);
        if let Some((_, f)) = self.dynamic.iter().find(|(n, _)| n == name) {
            return Some(f(ctx, op));
        }
        if self.legal_ops.contains(name) {
            return Some(true);
        }
        if self.illegal_ops.contains(name) {
            return Some(false);
        }
        let dialect = name.split('.').next().unwrap_or("");
        if self.legal_dialects.contains(dialect) {
            return Some(true);
        }
        if self.illegal_dialects.contains(dialect) {
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
    // Each round converts what it can; stop when a round changes nothing.
    for _ in 0..64 {
        let mut ops = Vec::new();
        ctx.walk_pre(root, &mut |o| ops.push(o));
        let mut changed = false;
        for op in ops {
            if op == root || ctx.parent_block(op).is_none() || !ctx.is_ancestor(root, op) || !needs_work(ctx, op) {
                continue;
            }
            let name = ctx.op_name(op).to_string();
            for p in patterns.iter().filter(|p| p.root().is_none_or(|r| r == name)) {
                if p.match_and_rewrite(op, &mut Rewriter::new(ctx, &mut Revisit::default())) {
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let errors = target.unlegalized(ctx, root, mode);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
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
