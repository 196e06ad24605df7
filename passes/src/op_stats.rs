//! `print-op-stats`: counts the operations nested in the op it runs on, by
//! name, and prints the counts on standard error (the op itself is not
//! counted). The IR is unchanged.
//!
//! ```text
//! Operations encountered:
//! -----------------------
//!   arith.addi , 4
//!   func.func , 1
//!   total , 5
//! ```

use std::collections::BTreeMap;
use strata_ir::pass::PassFailed;

use strata_ir::pass::{Pass, PassDecl, PassInfo};
use strata_ir::{Context, OpId};

/// The pass.
#[derive(Default)]
pub struct PrintOpStats;

/// The number of operations of each name nested in `root`.
pub fn op_counts(ctx: &Context, root: OpId) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    ctx.walk_pre(root, &mut |o| {
        if o != root {
            *counts.entry(ctx.op_name(o).to_string()).or_insert(0) += 1;
        }
    });
    counts
}

impl Pass for PrintOpStats {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        let counts = op_counts(ctx, op);
        let mut text = String::from("Operations encountered:\n-----------------------\n");
        for (name, n) in &counts {
            text += &format!("  {name} , {n}\n");
        }
        text += &format!("  total , {}\n", counts.values().sum::<u64>());
        eprint!("{text}");
        Ok(())
    }
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "print-op-stats",
    name: "PrintOpStats",
    description: "Print the number of operations of each name on standard error",
    options: &[],
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(PrintOpStats) }
}
