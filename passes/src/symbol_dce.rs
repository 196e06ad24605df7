//! `symbol-dce`: erases private symbols that nothing references.
//!
//! Runs on an operation that is a symbol table (normally the module). Public
//! symbols are roots; a private symbol is live when a live operation refers to
//! it. Erasing repeats until no dead private symbol remains.

use std::collections::HashSet;
use strata_ir::pass::PassFailed;

use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::symbols::{is_private, referenced_roots, symbol_name};
use strata_ir::{Context, OpId};

/// The symbol DCE pass.
#[derive(Default)]
pub struct SymbolDce {
    erased: u64,
}

impl Pass for SymbolDce {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        loop {
            let mut children = Vec::new();
            for r in ctx.regions(op) {
                for b in ctx.region_blocks(*r) {
                    children.extend(ctx.block_ops_iter(*b));
                }
            }
            let mut live: HashSet<String> = HashSet::new();
            let mut work: Vec<OpId> =
                children.iter().copied().filter(|c| symbol_name(ctx, *c).is_none() || !is_private(ctx, *c)).collect();
            let mut seen: HashSet<OpId> = work.iter().copied().collect();
            while let Some(root) = work.pop() {
                let mut refs = Vec::new();
                ctx.walk_pre(root, &mut |o| refs.extend(referenced_roots(ctx, o)));
                for name in refs {
                    if live.insert(name.clone()) {
                        if let Some(c) = children.iter().find(|c| symbol_name(ctx, **c) == Some(name.as_str())) {
                            if seen.insert(*c) {
                                work.push(*c);
                            }
                        }
                    }
                }
            }
            let dead: Vec<OpId> = children
                .into_iter()
                .filter(|c| is_private(ctx, *c) && symbol_name(ctx, *c).is_some_and(|n| !live.contains(n)))
                .collect();
            if dead.is_empty() {
                return Ok(());
            }
            for d in dead {
                ctx.erase_op(d);
                self.erased += 1;
            }
        }
    }
    fn statistics(&self) -> Vec<(&'static str, u64)> {
        vec![("num-dce'd", self.erased)]
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "symbol-dce",
    name: "SymbolDCE",
    description: "Erase private symbols that are never referenced",
    options: &[],
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(SymbolDce::default()) }
}
