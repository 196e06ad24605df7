//! The constants the greedy driver owns, as MLIR's operation folder keeps
//! them: one operation per name, value and type in each region constants
//! are hoisted to (the nearest enclosing region of an operation isolated
//! from above), at the front of that region's entry block.

use std::collections::{HashMap, HashSet};

use crate::context::{Context, OpId, RegionId};
use crate::registry::Traits;

/// Hoisted, deduplicated constants.
#[derive(Default)]
pub struct ConstantTable {
    by_key: HashMap<(RegionId, String), OpId>,
    owned: HashSet<OpId>,
}

/// What [`ConstantTable::insert`] did with a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inserted {
    /// It is the table's constant for its value and stayed where it was.
    Kept,
    /// It is the table's constant for its value and moved to the front of
    /// the entry block of its region.
    Moved,
    /// An equal constant was there already: its uses now use that one and
    /// it is erased.
    Erased,
}

/// The region constants in `op`'s region are hoisted to: the nearest
/// enclosing region whose operation is, or might be (an unregistered one),
/// isolated from above (or has no parent), as MLIR's folder chooses it.
pub fn insertion_region(ctx: &Context, op: OpId) -> Option<RegionId> {
    let mut region = ctx.parent_block(op).and_then(|b| ctx.block_parent(b))?;
    loop {
        let Some(parent) = ctx.region_parent(region) else { return Some(region) };
        if ctx.might_have_traits(parent, Traits::ISOLATED_FROM_ABOVE) {
            return Some(region);
        }
        match ctx.parent_block(parent).and_then(|b| ctx.block_parent(b)) {
            Some(r) => region = r,
            None => return Some(region),
        }
    }
}

impl ConstantTable {
    /// Takes the constant-like `op` into the table: erased if the table has
    /// an equal one in its region, else recorded and moved to the front of
    /// the region's entry block unless it is in that block's leading run of
    /// table constants already.
    pub fn insert(&mut self, ctx: &mut Context, op: OpId) -> Inserted {
        let (Some(region), Some(key)) = (insertion_region(ctx, op), constant_key(ctx, op)) else {
            return Inserted::Kept;
        };
        let Some(entry) = ctx.entry_block(region) else { return Inserted::Kept };
        let key = (region, key);
        if let Some(&known) = self.by_key.get(&key) {
            if known == op {
                return Inserted::Kept;
            }
            if ctx.parent_block(known) == Some(entry) {
                // Ahead of everything in the region, it dominates every use.
                self.lead(ctx, known, entry);
                let (from, to) = (ctx.result(op, 0), ctx.result(known, 0));
                ctx.replace_all_uses(from, to);
                ctx.erase_op(op);
                self.owned.remove(&op);
                return Inserted::Erased;
            }
            self.owned.remove(&known);
        }
        self.by_key.insert(key, op);
        self.owned.insert(op);
        if self.lead(ctx, op, entry) {
            Inserted::Moved
        } else {
            Inserted::Kept
        }
    }

    /// Moves the table's constant `op` to the front of `entry` unless it is
    /// in the block's leading run of table constants; true if it moved.
    fn lead(&self, ctx: &mut Context, op: OpId, entry: crate::context::BlockId) -> bool {
        let leading = ctx.parent_block(op) == Some(entry)
            && (ctx.first_op(entry) == Some(op) || ctx.prev_op(op).is_some_and(|p| self.owned.contains(&p)));
        if leading {
            return false;
        }
        match ctx.first_op(entry) {
            Some(front) => ctx.move_op_before(op, front),
            None => {
                ctx.detach_op(op);
                ctx.append_op(entry, op);
            }
        }
        true
    }
}

/// What makes two constants the same: the operation, its value and its
/// type.
fn constant_key(ctx: &Context, op: OpId) -> Option<String> {
    if ctx.results(op).len() != 1 || !ctx.has_traits(op, Traits::CONSTANT_LIKE) {
        return None;
    }
    let value = ctx.get_attr(op, "value")?;
    Some(format!("{} {value} : {}", ctx.op_name(op), ctx.value_type(ctx.result(op, 0))))
}
