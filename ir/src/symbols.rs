//! Symbols and symbol tables: name lookup and symbol-reference scans.

use std::collections::HashMap;

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

/// Symbol tables indexed on first use, for many lookups in IR that does not
/// change meanwhile (verification, analyses): each table is scanned once,
/// then every lookup is a hash probe, where [`lookup_symbol_in`] scans the
/// table every time. The first definition of a name wins, as in a scan.
#[derive(Default)]
pub struct SymbolTableCollection {
    tables: HashMap<OpId, HashMap<String, OpId>>,
}

impl SymbolTableCollection {
    /// An empty collection.
    pub fn new() -> SymbolTableCollection {
        SymbolTableCollection::default()
    }

    /// Finds the operation named `name` directly inside the symbol table `table`.
    pub fn lookup_symbol_in(&mut self, ctx: &Context, table: OpId, name: &str) -> Option<OpId> {
        let symbols = self.tables.entry(table).or_insert_with(|| {
            let mut symbols = HashMap::new();
            let entry = ctx.regions(table).first().and_then(|r| ctx.entry_block(*r));
            for o in entry.into_iter().flat_map(|b| ctx.block_ops_iter(b)) {
                if let Some(n) = symbol_name(ctx, o) {
                    symbols.entry(n.to_string()).or_insert(o);
                }
            }
            symbols
        });
        symbols.get(name).copied()
    }

    /// Resolves a symbol reference as seen from `from`, like [`lookup_symbol_from`].
    pub fn lookup_symbol_from(&mut self, ctx: &Context, from: OpId, sym: &Attribute) -> Option<OpId> {
        let Attribute::SymbolRef { root, nested } = sym else { return None };
        let mut table = nearest_symbol_table(ctx, from)?;
        let mut found = self.lookup_symbol_in(ctx, table, root)?;
        for n in nested.iter() {
            table = found;
            found = self.lookup_symbol_in(ctx, table, n)?;
        }
        Some(found)
    }
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::parser::parse_source;
    use crate::verifier::verify;

    fn parse(ctx: &mut Context, text: &str) -> OpId {
        parse_source(ctx, "t.mlir", text, 0, text.len()).unwrap_or_else(|d| panic!("{}", d.message))
    }

    fn first_func(ctx: &Context, module: OpId) -> OpId {
        let body = ctx.entry_block(ctx.regions(module)[0]).unwrap();
        ctx.block_ops_iter(body).next().unwrap()
    }

    #[test]
    fn the_collection_finds_what_a_scan_finds() {
        let mut ctx = Context::new(Arc::new(crate::core_registry()));
        let text = "func.func @a() {\n  return\n}\nfunc.func private @b()\nfunc.func @c() {\n  return\n}\n";
        let module = parse(&mut ctx, text);
        let mut symbols = SymbolTableCollection::new();
        for name in ["a", "b", "c", "d"] {
            assert_eq!(symbols.lookup_symbol_in(&ctx, module, name), lookup_symbol_in(&ctx, module, name), "@{name}");
        }
        assert!(symbols.lookup_symbol_in(&ctx, module, "b").is_some());
        let from = first_func(&ctx, module);
        let sym = Attribute::SymbolRef { root: "c".into(), nested: Default::default() };
        assert_eq!(symbols.lookup_symbol_from(&ctx, from, &sym), lookup_symbol_from(&ctx, from, &sym));
    }

    #[test]
    fn calls_are_checked_when_their_symbol_table_is_verified() {
        let mut ctx = Context::new(Arc::new(crate::core_registry()));
        let module = parse(&mut ctx, "func.func @f() {\n  func.call @nope() : () -> ()\n  return\n}\n");
        let f = first_func(&ctx, module);
        assert!(verify(&ctx, f).is_empty(), "a function alone does not resolve its calls");
        let errors = verify(&ctx, module);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].message.contains("'nope' does not reference a valid function"), "{}", errors[0].message);
    }
}
