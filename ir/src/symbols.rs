//! Symbols and symbol tables: name lookup and symbol-reference scans.

use crate::attributes::Attribute;
use crate::context::{Context, OpId};
use crate::registry::Traits;

/// The `sym_name` of an operation.
pub fn symbol_name(ctx: &Context, op: OpId) -> Option<&str> {
    ctx.get_attr(op, "sym_name")?.as_str()
}

/// True for symbols with private visibility.
pub fn is_private(ctx: &Context, op: OpId) -> bool {
    ctx.get_attr(op, "sym_visibility").and_then(|a| a.as_str()) == Some("private")
}

/// True if the operation is (or may be) a symbol table.
pub fn is_symbol_table(ctx: &Context, op: OpId) -> bool {
    ctx.has_traits(op, Traits::SYMBOL_TABLE)
}

/// The closest proper ancestor of `op` that is a symbol table.
pub fn nearest_symbol_table(ctx: &Context, op: OpId) -> Option<OpId> {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if is_symbol_table(ctx, p) {
            return Some(p);
        }
        cur = ctx.parent_op(p);
    }
    None
}

/// Finds the operation named `name` directly inside a symbol table.
pub fn lookup_symbol_in(ctx: &Context, table: OpId, name: &str) -> Option<OpId> {
    let r = *ctx.regions(table).first()?;
    let b = ctx.entry_block(r)?;
    ctx.block_ops_iter(b).find(|o| symbol_name(ctx, *o) == Some(name))
}

/// Resolves a symbol reference as seen from `from`: the root in the nearest symbol table, nested names inside it.
pub fn lookup_symbol_from(ctx: &Context, from: OpId, sym: &Attribute) -> Option<OpId> {
    let Attribute::SymbolRef { root, nested } = sym else { return None };
    let mut table = nearest_symbol_table(ctx, from)?;
    let mut found = lookup_symbol_in(ctx, table, root)?;
    for n in nested.iter() {
        table = found;
        found = lookup_symbol_in(ctx, table, n)?;
    }
    Some(found)
}

/// Calls `f` on every symbol reference inside an attribute.
pub fn visit_symbol_refs(a: &Attribute, f: &mut dyn FnMut(&Attribute)) {
    match a {
        Attribute::SymbolRef { .. } => f(a),
        Attribute::Array(items) => items.iter().for_each(|i| visit_symbol_refs(i, f)),
        Attribute::Dictionary(d) => d.iter().for_each(|(_, v)| visit_symbol_refs(v, f)),
        _ => {}
    }
}

/// Root names of all symbol references used by an operation's own attributes and properties.
pub fn referenced_roots(ctx: &Context, op: OpId) -> Vec<String> {
    let mut out = Vec::new();
    let mut push = |a: &Attribute| {
        if let Attribute::SymbolRef { root, .. } = a {
            out.push(root.to_string());
        }
    };
    if let Some(p) = ctx.properties(op) {
        visit_symbol_refs(p, &mut push);
    }
    for (_, v) in ctx.attrs(op) {
        visit_symbol_refs(v, &mut push);
    }
    out
}
