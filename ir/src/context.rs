//! The IR arena: operations, blocks, regions and values addressed by index handles.
//!
//! Everything lives in one [`Context`]; handles are plain `u32` newtypes, so the
//! IR has no reference cycles and erasing an operation never leaves a dangling
//! pointer (an erased handle is simply no longer reachable from its parent).
//! Values keep use lists so that `replace_all_uses` and dead-code checks are cheap.

use std::fmt;
use std::sync::Arc;

use crate::attributes::{Attribute, Location, NamedAttr};
use crate::diagnostics::Diagnostic;
use crate::registry::{OpDef, Registry, Traits};
use crate::types::Type;

macro_rules! handle {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            /// The index in the arena.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

handle!(
    /// An operation.
    OpId
);
handle!(
    /// A block.
    BlockId
);
handle!(
    /// A region.
    RegionId
);
handle!(
    /// An SSA value: an operation result or a block argument.
    Value
);

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `index` of an operation.
    Result(OpId, u32),
    /// Argument `index` of a block.
    Argument(BlockId, u32),
    /// A forward reference not yet resolved (parser only).
    Placeholder,
}

/// One use of a value: operand `index` of `op`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Use {
    /// The using operation.
    pub op: OpId,
    /// The operand index.
    pub index: u32,
}

struct ValueData {
    ty: Type,
    def: ValueDef,
    loc: Location,
    uses: Vec<Use>,
}

struct OpData {
    name: Arc<str>,
    def: Option<Arc<OpDef>>,
    loc: Location,
    operands: Vec<Value>,
    results: Vec<Value>,
    successors: Vec<BlockId>,
    properties: Option<Attribute>,
    attributes: Vec<NamedAttr>,
    regions: Vec<RegionId>,
    parent: Option<BlockId>,
    prev: Option<OpId>,
    next: Option<OpId>,
}

struct BlockData {
    args: Vec<Value>,
    first: Option<OpId>,
    last: Option<OpId>,
    parent: Option<RegionId>,
}

struct RegionData {
    blocks: Vec<BlockId>,
    parent: Option<OpId>,
}

/// Everything needed to create an operation.
#[derive(Clone, Debug)]
pub struct OperationState {
    /// Full name, `dialect.mnemonic`.
    pub name: Arc<str>,
    /// Source location.
    pub loc: Location,
    /// Operands (successor operands included, in order).
    pub operands: Vec<Value>,
    /// Result types.
    pub result_types: Vec<Type>,
    /// Successor blocks.
    pub successors: Vec<BlockId>,
    /// Inherent attributes (MLIR properties, printed `<{...}>`).
    pub properties: Vec<NamedAttr>,
    /// A non-dictionary properties value (unregistered operations only).
    pub raw_properties: Option<Attribute>,
    /// Discardable attributes (printed `{...}`).
    pub attributes: Vec<NamedAttr>,
    /// Regions, already built.
    pub regions: Vec<RegionId>,
}

impl OperationState {
    /// An empty state for the named operation: an [`crate::OpName`] of a
    /// registered operation, or a name read from text.
    pub fn new(name: impl AsRef<str>, loc: Location) -> OperationState {
        OperationState {
            name: name.as_ref().into(),
            loc,
            operands: Vec::new(),
            result_types: Vec::new(),
            successors: Vec::new(),
            properties: Vec::new(),
            raw_properties: None,
            attributes: Vec::new(),
            regions: Vec::new(),
        }
    }
    /// Adds operands.
    pub fn operands(mut self, vs: &[Value]) -> Self {
        self.operands.extend_from_slice(vs);
        self
    }
    /// Adds result types.
    pub fn results(mut self, ts: &[Type]) -> Self {
        self.result_types.extend_from_slice(ts);
        self
    }
    /// Sets an inherent attribute.
    pub fn prop(mut self, name: &str, value: Attribute) -> Self {
        set_named(&mut self.properties, name, value);
        self
    }
    /// Sets inherent attributes: what a view's `props` gives.
    pub fn props(mut self, props: Vec<(&str, Attribute)>) -> Self {
        self.set_props(props);
        self
    }
    /// Sets inherent attributes in place (what a custom parser reads into
    /// the state): what a view's `props` gives.
    pub fn set_props(&mut self, props: Vec<(&str, Attribute)>) {
        for (name, value) in props {
            set_named(&mut self.properties, name, value);
        }
    }
    /// Sets a discardable attribute.
    pub fn attr(mut self, name: &str, value: Attribute) -> Self {
        set_named(&mut self.attributes, name, value);
        self
    }
    /// Adds a region.
    pub fn region(mut self, r: RegionId) -> Self {
        self.regions.push(r);
        self
    }
    /// Adds a successor.
    pub fn successor(mut self, b: BlockId) -> Self {
        self.successors.push(b);
        self
    }
}

/// Inserts or replaces `name` in a sorted attribute list.
pub fn set_named(list: &mut Vec<NamedAttr>, name: &str, value: Attribute) {
    match list.binary_search_by(|(k, _)| (**k).cmp(name)) {
        Ok(i) => list[i].1 = value,
        Err(i) => list.insert(i, (name.into(), value)),
    }
}

/// Looks `name` up in a sorted attribute list.
pub fn get_named<'a>(list: &'a [NamedAttr], name: &str) -> Option<&'a Attribute> {
    list.binary_search_by(|(k, _)| (**k).cmp(name)).ok().map(|i| &list[i].1)
}

/// The arena that owns all IR, plus the dialect registry and collected diagnostics.
pub struct Context {
    ops: Vec<OpData>,
    blocks: Vec<BlockData>,
    regions: Vec<RegionData>,
    values: Vec<ValueData>,
    registry: Arc<Registry>,
    /// Accept operations of dialects that are not registered.
    pub allow_unregistered: bool,
    /// Diagnostics emitted by passes and verifiers, in order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Context {
    /// A context over the given registry.
    pub fn new(registry: Arc<Registry>) -> Context {
        Context {
            ops: Vec::new(),
            blocks: Vec::new(),
            regions: Vec::new(),
            values: Vec::new(),
            registry,
            allow_unregistered: false,
            diagnostics: Vec::new(),
        }
    }

    /// The dialect registry.
    pub fn registry(&self) -> &Arc<Registry> {
        &self.registry
    }

    /// Records a diagnostic.
    pub fn emit(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    // ----- creation -----

    /// Creates a value that is not yet defined (used by the parser for forward references).
    pub fn create_placeholder(&mut self, ty: Type, loc: Location) -> Value {
        self.new_value(ty, ValueDef::Placeholder, loc)
    }

    fn new_value(&mut self, ty: Type, def: ValueDef, loc: Location) -> Value {
        let v = Value(self.values.len() as u32);
        self.values.push(ValueData { ty, def, loc, uses: Vec::new() });
        v
    }

    /// The number of values ever created; every `Value` index is below it.
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    /// The number of operations ever created (erased ones included): every
    /// operation's index is below it.
    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }

    /// Creates an empty region not attached to any operation.
    pub fn create_region(&mut self) -> RegionId {
        let r = RegionId(self.regions.len() as u32);
        self.regions.push(RegionData { blocks: Vec::new(), parent: None });
        r
    }

    /// Creates a detached block with arguments of the given types and locations.
    pub fn create_block(&mut self, args: &[(Type, Location)]) -> BlockId {
        let b = BlockId(self.blocks.len() as u32);
        self.blocks.push(BlockData { args: Vec::new(), first: None, last: None, parent: None });
        for (ty, loc) in args {
            self.add_block_arg(b, ty.clone(), loc.clone());
        }
        b
    }

    /// Appends an argument to a block.
    pub fn add_block_arg(&mut self, b: BlockId, ty: Type, loc: Location) -> Value {
        let idx = self.blocks[b.index()].args.len() as u32;
        let v = self.new_value(ty, ValueDef::Argument(b, idx), loc);
        self.blocks[b.index()].args.push(v);
        v
    }

    /// Removes the argument `index` of a block; it must have no uses.
    pub fn erase_block_arg(&mut self, b: BlockId, index: usize) {
        self.blocks[b.index()].args.remove(index);
        let args = self.blocks[b.index()].args.clone();
        for (i, a) in args.iter().enumerate() {
            self.values[a.index()].def = ValueDef::Argument(b, i as u32);
        }
    }

    /// Appends a block to a region.
    pub fn append_block(&mut self, r: RegionId, b: BlockId) {
        self.regions[r.index()].blocks.push(b);
        self.blocks[b.index()].parent = Some(r);
    }

    /// Inserts a block into a region at a position.
    pub fn insert_block(&mut self, r: RegionId, pos: usize, b: BlockId) {
        self.regions[r.index()].blocks.insert(pos, b);
        self.blocks[b.index()].parent = Some(r);
    }

    /// Removes a block from its region, leaving it detached (its operations stay in it).
    pub fn detach_block(&mut self, b: BlockId) {
        if let Some(r) = self.blocks[b.index()].parent.take() {
            self.regions[r.index()].blocks.retain(|x| *x != b);
        }
    }

    /// Creates a detached operation. Registered operations get their default properties.
    pub fn create_op(&mut self, state: OperationState) -> OpId {
        let op = OpId(self.ops.len() as u32);
        let def = self.registry.op(&state.name).cloned();
        let mut props = state.properties;
        if let Some(d) = &def {
            (d.default_properties)(&mut props);
        }
        // Looked up by name in sorted order, as MLIR keeps dictionaries.
        props.sort_by(|a, b| a.0.cmp(&b.0));
        let properties = match state.raw_properties {
            Some(raw) => Some(raw),
            None if props.is_empty() => None,
            None => Some(Attribute::Dictionary(Arc::new(props))),
        };
        self.ops.push(OpData {
            name: state.name,
            def,
            loc: state.loc.clone(),
            operands: Vec::new(),
            results: Vec::new(),
            successors: state.successors,
            properties,
            attributes: state.attributes,
            regions: state.regions.clone(),
            parent: None,
            prev: None,
            next: None,
        });
        for (i, ty) in state.result_types.into_iter().enumerate() {
            let v = self.new_value(ty, ValueDef::Result(op, i as u32), state.loc.clone());
            self.ops[op.index()].results.push(v);
        }
        for v in state.operands {
            self.push_operand(op, v);
        }
        for r in state.regions {
            self.regions[r.index()].parent = Some(op);
        }
        op
    }

    /// Appends an operand.
    pub fn push_operand(&mut self, op: OpId, v: Value) {
        let index = self.ops[op.index()].operands.len() as u32;
        self.ops[op.index()].operands.push(v);
        self.values[v.index()].uses.push(Use { op, index });
    }

    /// Replaces the whole operand list.
    pub fn set_operands(&mut self, op: OpId, vs: &[Value]) {
        self.drop_operand_uses(op);
        self.ops[op.index()].operands.clear();
        for v in vs {
            self.push_operand(op, *v);
        }
    }

    /// Sets operand `index` of `op`.
    pub fn set_operand(&mut self, op: OpId, index: usize, v: Value) {
        let old = self.ops[op.index()].operands[index];
        let u = Use { op, index: index as u32 };
        if let Some(p) = self.values[old.index()].uses.iter().position(|x| *x == u) {
            self.values[old.index()].uses.swap_remove(p);
        }
        self.ops[op.index()].operands[index] = v;
        self.values[v.index()].uses.push(u);
    }

    fn drop_operand_uses(&mut self, op: OpId) {
        let operands = std::mem::take(&mut self.ops[op.index()].operands);
        for (i, v) in operands.iter().enumerate() {
            let u = Use { op, index: i as u32 };
            let uses = &mut self.values[v.index()].uses;
            if let Some(p) = uses.iter().position(|x| *x == u) {
                uses.swap_remove(p);
            }
        }
        self.ops[op.index()].operands = operands;
    }

    /// Replaces every use of `old` with `new`.
    pub fn replace_all_uses(&mut self, old: Value, new: Value) {
        if old == new {
            return;
        }
        let uses = std::mem::take(&mut self.values[old.index()].uses);
        for u in &uses {
            self.ops[u.op.index()].operands[u.index as usize] = new;
        }
        self.values[new.index()].uses.extend(uses);
    }

    /// Replaces the uses of an operation's results with `values`, then erases it.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        let results = self.ops[op.index()].results.clone();
        for (r, v) in results.iter().zip(values) {
            self.replace_all_uses(*r, *v);
        }
        self.erase_op(op);
    }

    // ----- placement -----

    /// Appends a detached operation at the end of a block.
    pub fn append_op(&mut self, b: BlockId, op: OpId) {
        let last = self.blocks[b.index()].last;
        self.link(b, last, None, op);
    }

    /// Inserts a detached operation before `anchor`.
    pub fn insert_op_before(&mut self, anchor: OpId, op: OpId) {
        let b = self.ops[anchor.index()].parent.expect("anchor must be in a block");
        let prev = self.ops[anchor.index()].prev;
        self.link(b, prev, Some(anchor), op);
    }

    /// Inserts a detached operation after `anchor`.
    pub fn insert_op_after(&mut self, anchor: OpId, op: OpId) {
        let b = self.ops[anchor.index()].parent.expect("anchor must be in a block");
        let next = self.ops[anchor.index()].next;
        self.link(b, Some(anchor), next, op);
    }

    /// Inserts a detached operation at the start of a block.
    pub fn prepend_op(&mut self, b: BlockId, op: OpId) {
        let first = self.blocks[b.index()].first;
        self.link(b, None, first, op);
    }

    fn link(&mut self, b: BlockId, prev: Option<OpId>, next: Option<OpId>, op: OpId) {
        debug_assert!(self.ops[op.index()].parent.is_none(), "operation is already placed");
        let d = &mut self.ops[op.index()];
        d.parent = Some(b);
        d.prev = prev;
        d.next = next;
        match prev {
            Some(p) => self.ops[p.index()].next = Some(op),
            None => self.blocks[b.index()].first = Some(op),
        }
        match next {
            Some(n) => self.ops[n.index()].prev = Some(op),
            None => self.blocks[b.index()].last = Some(op),
        }
    }

    /// Removes an operation from its block without destroying it.
    pub fn detach_op(&mut self, op: OpId) {
        let Some(b) = self.ops[op.index()].parent.take() else { return };
        let (prev, next) = (self.ops[op.index()].prev.take(), self.ops[op.index()].next.take());
        match prev {
            Some(p) => self.ops[p.index()].next = next,
            None => self.blocks[b.index()].first = next,
        }
        match next {
            Some(n) => self.ops[n.index()].prev = prev,
            None => self.blocks[b.index()].last = prev,
        }
    }

    /// Moves an operation (already placed) to just before `anchor`.
    pub fn move_op_before(&mut self, op: OpId, anchor: OpId) {
        self.detach_op(op);
        self.insert_op_before(anchor, op);
    }

    /// Erases an operation and everything nested in it, dropping the uses it makes.
    /// Its results should have no remaining uses.
    pub fn erase_op(&mut self, op: OpId) {
        self.detach_op(op);
        let mut nested = Vec::new();
        self.walk_post(op, &mut |o| nested.push(o));
        for o in nested {
            self.drop_operand_uses(o);
            self.ops[o.index()].operands.clear();
        }
    }

    /// Erases a block: its operations, then the block itself from its region.
    pub fn erase_block(&mut self, b: BlockId) {
        for op in self.block_ops(b) {
            self.erase_op(op);
        }
        self.detach_block(b);
    }

    /// Splits the block holding `op`: `op` and every operation after it move to a
    /// new block without arguments, inserted right after the old one; returns it.
    pub fn split_block(&mut self, op: OpId) -> BlockId {
        let old = self.parent_block(op).expect("operation in a block");
        let new = self.create_block(&[]);
        let r = self.block_parent(old).expect("block in a region");
        let pos = self.region_blocks(r).iter().position(|b| *b == old).expect("block in its region");
        self.insert_block(r, pos + 1, new);
        let mut cur = Some(op);
        while let Some(o) = cur {
            cur = self.next_op(o);
            self.detach_op(o);
            self.append_op(new, o);
        }
        new
    }

    /// Moves every block of `src` into region `dst`, in order, starting at position `pos`.
    pub fn move_region_blocks(&mut self, src: RegionId, dst: RegionId, pos: usize) {
        let blocks = self.region_blocks(src).to_vec();
        for (i, b) in blocks.into_iter().enumerate() {
            self.detach_block(b);
            self.insert_block(dst, pos + i, b);
        }
    }

    /// Moves every operation of `src` to the end of `dst` (before `before`, if given).
    pub fn splice_block(&mut self, src: BlockId, dst: BlockId, before: Option<OpId>) {
        for op in self.block_ops(src) {
            self.detach_op(op);
            match before {
                Some(a) => self.insert_op_before(a, op),
                None => self.append_op(dst, op),
            }
        }
    }

    // ----- queries -----

    /// Operation name, as written (registered or not).
    pub fn op_name(&self, op: OpId) -> &str {
        &self.ops[op.index()].name
    }
    /// The name of a registered operation, to compare with or match on the
    /// dialects' [`crate::OpName`] constants;
    /// [`OpName::UNREGISTERED`](crate::OpName::UNREGISTERED) for an
    /// operation of an unregistered dialect.
    pub fn op_kind(&self, op: OpId) -> crate::OpName {
        self.ops[op.index()].def.as_ref().map_or(crate::OpName::UNREGISTERED, |d| d.name)
    }
    /// Whether `op` is a registered operation named `name`.
    pub fn isa(&self, op: OpId, name: crate::OpName) -> bool {
        self.op_kind(op) == name
    }
    /// The registered definition, if any.
    pub fn op_def(&self, op: OpId) -> Option<&Arc<OpDef>> {
        self.ops[op.index()].def.as_ref()
    }
    /// True if the operation is registered and has all the given traits.
    pub fn has_traits(&self, op: OpId, t: Traits) -> bool {
        self.op_def(op).is_some_and(|d| d.traits.contains(t))
    }
    /// True unless the operation is registered without the traits (MLIR's `mightHaveTrait`).
    pub fn might_have_traits(&self, op: OpId, t: Traits) -> bool {
        self.op_def(op).is_none_or(|d| d.traits.contains(t))
    }
    /// Location.
    pub fn op_loc(&self, op: OpId) -> &Location {
        &self.ops[op.index()].loc
    }
    /// The location to report a diagnostic about `op` at: its own, or
    /// where that names no place in a file (`unknown`, a bare name, a
    /// fusion of such), the nearest enclosing operation's that does.
    pub fn reporting_loc(&self, op: OpId) -> &Location {
        let mut at = Some(op);
        while let Some(o) = at {
            if self.op_loc(o).file_line_col().is_some() {
                return self.op_loc(o);
            }
            at = self.parent_op(o);
        }
        self.op_loc(op)
    }
    /// Sets the location.
    pub fn set_op_loc(&mut self, op: OpId, loc: Location) {
        self.ops[op.index()].loc = loc;
    }
    /// Operands.
    pub fn operands(&self, op: OpId) -> &[Value] {
        &self.ops[op.index()].operands
    }
    /// Operand `i`.
    pub fn operand(&self, op: OpId, i: usize) -> Value {
        self.ops[op.index()].operands[i]
    }
    /// Results.
    pub fn results(&self, op: OpId) -> &[Value] {
        &self.ops[op.index()].results
    }
    /// Result `i`.
    pub fn result(&self, op: OpId, i: usize) -> Value {
        self.ops[op.index()].results[i]
    }
    /// Successor blocks.
    pub fn successors(&self, op: OpId) -> &[BlockId] {
        &self.ops[op.index()].successors
    }
    /// Replaces successor `i`.
    pub fn set_successor(&mut self, op: OpId, i: usize, b: BlockId) {
        self.ops[op.index()].successors[i] = b;
    }
    /// Regions.
    pub fn regions(&self, op: OpId) -> &[RegionId] {
        &self.ops[op.index()].regions
    }
    /// Region `i`.
    pub fn region(&self, op: OpId, i: usize) -> RegionId {
        self.ops[op.index()].regions[i]
    }
    /// Appends a new empty region to `op`.
    pub fn push_region(&mut self, op: OpId) -> RegionId {
        let r = self.create_region();
        self.regions[r.0 as usize].parent = Some(op);
        self.ops[op.index()].regions.push(r);
        r
    }
    /// Removes the last region of `op` if it is empty; whether it did.
    pub fn pop_empty_region(&mut self, op: OpId) -> bool {
        match self.ops[op.index()].regions.last() {
            Some(r) if self.regions[r.0 as usize].blocks.is_empty() => {
                let r = self.ops[op.index()].regions.pop().expect("a last region");
                self.regions[r.0 as usize].parent = None;
                true
            }
            _ => false,
        }
    }
    /// The raw properties attribute.
    pub fn properties(&self, op: OpId) -> Option<&Attribute> {
        self.ops[op.index()].properties.as_ref()
    }
    /// Replaces the raw properties attribute (as [`Context::properties`]
    /// gives it).
    pub fn set_properties(&mut self, op: OpId, properties: Option<Attribute>) {
        self.ops[op.index()].properties = properties;
    }
    /// An inherent attribute (property) by name.
    pub fn prop(&self, op: OpId, name: &str) -> Option<&Attribute> {
        match &self.ops[op.index()].properties {
            Some(Attribute::Dictionary(d)) => get_named(d, name),
            _ => None,
        }
    }
    /// Sets an inherent attribute.
    pub fn set_prop(&mut self, op: OpId, name: &str, value: Attribute) {
        let mut entries = match self.ops[op.index()].properties.take() {
            Some(Attribute::Dictionary(d)) => (*d).clone(),
            _ => Vec::new(),
        };
        set_named(&mut entries, name, value);
        self.ops[op.index()].properties = Some(Attribute::Dictionary(Arc::new(entries)));
    }
    /// Removes an inherent attribute.
    pub fn remove_prop(&mut self, op: OpId, name: &str) {
        if let Some(Attribute::Dictionary(d)) = &self.ops[op.index()].properties {
            let entries: Vec<NamedAttr> = d.iter().filter(|(k, _)| &**k != name).cloned().collect();
            self.ops[op.index()].properties =
                if entries.is_empty() { None } else { Some(Attribute::Dictionary(Arc::new(entries))) };
        }
    }
    /// Discardable attributes, sorted by name.
    pub fn attrs(&self, op: OpId) -> &[NamedAttr] {
        &self.ops[op.index()].attributes
    }
    /// A discardable attribute by name.
    pub fn attr(&self, op: OpId, name: &str) -> Option<&Attribute> {
        get_named(&self.ops[op.index()].attributes, name)
    }
    /// An attribute by name, inherent first, then discardable.
    pub fn get_attr(&self, op: OpId, name: &str) -> Option<&Attribute> {
        self.prop(op, name).or_else(|| self.attr(op, name))
    }
    /// Sets a discardable attribute.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Attribute) {
        set_named(&mut self.ops[op.index()].attributes, name, value);
    }
    /// Removes a discardable attribute.
    pub fn remove_attr(&mut self, op: OpId, name: &str) {
        self.ops[op.index()].attributes.retain(|(k, _)| &**k != name);
    }
    /// The block containing the operation.
    pub fn parent_block(&self, op: OpId) -> Option<BlockId> {
        self.ops[op.index()].parent
    }
    /// The operation that owns the region containing `op`.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        let b = self.parent_block(op)?;
        let r = self.block_parent(b)?;
        self.region_parent(r)
    }
    /// The next operation in the block.
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op.index()].next
    }
    /// The previous operation in the block.
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op.index()].prev
    }
    /// True if `op` is (transitively) nested inside `ancestor` or is it.
    pub fn is_ancestor(&self, ancestor: OpId, mut op: OpId) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    /// The nearest operation around `op` (not `op` itself) for which
    /// `pred` holds.
    pub fn enclosing_op(&self, op: OpId, pred: impl Fn(OpId) -> bool) -> Option<OpId> {
        let mut cur = self.parent_op(op);
        while let Some(p) = cur {
            if pred(p) {
                return Some(p);
            }
            cur = self.parent_op(p);
        }
        None
    }

    /// Block arguments.
    pub fn block_args(&self, b: BlockId) -> &[Value] {
        &self.blocks[b.index()].args
    }
    /// The region containing the block.
    pub fn block_parent(&self, b: BlockId) -> Option<RegionId> {
        self.blocks[b.index()].parent
    }
    /// First operation of a block.
    pub fn first_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b.index()].first
    }
    /// Last operation of a block.
    pub fn last_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b.index()].last
    }
    /// The operations of a block, in order.
    pub fn block_ops(&self, b: BlockId) -> Vec<OpId> {
        self.block_ops_iter(b).collect()
    }
    /// Iterates the operations of a block.
    pub fn block_ops_iter(&self, b: BlockId) -> impl Iterator<Item = OpId> + '_ {
        std::iter::successors(self.blocks[b.index()].first, move |o| self.ops[o.index()].next)
    }
    /// True if the block has no operations.
    pub fn block_is_empty(&self, b: BlockId) -> bool {
        self.blocks[b.index()].first.is_none()
    }
    /// The blocks of a region.
    pub fn region_blocks(&self, r: RegionId) -> &[BlockId] {
        &self.regions[r.index()].blocks
    }
    /// The entry block of a region.
    pub fn entry_block(&self, r: RegionId) -> Option<BlockId> {
        self.regions[r.index()].blocks.first().copied()
    }
    /// The operation owning a region.
    pub fn region_parent(&self, r: RegionId) -> Option<OpId> {
        self.regions[r.index()].parent
    }

    /// The type of a value.
    pub fn value_type(&self, v: Value) -> &Type {
        &self.values[v.index()].ty
    }
    /// Changes the type of a value.
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.values[v.index()].ty = ty;
    }
    /// How a value is defined.
    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v.index()].def
    }
    /// The location of a value (its op's, or the block argument's).
    pub fn value_loc(&self, v: Value) -> &Location {
        &self.values[v.index()].loc
    }
    /// Changes the location of a value.
    pub fn set_value_loc(&mut self, v: Value, loc: Location) {
        self.values[v.index()].loc = loc;
    }
    /// The uses of a value.
    pub fn uses(&self, v: Value) -> &[Use] {
        &self.values[v.index()].uses
    }
    /// The defining operation of a result.
    pub fn defining_op(&self, v: Value) -> Option<OpId> {
        match self.values[v.index()].def {
            ValueDef::Result(op, _) => Some(op),
            _ => None,
        }
    }
    /// The block a value is defined in (the argument's block or the defining op's block).
    pub fn value_block(&self, v: Value) -> Option<BlockId> {
        match self.values[v.index()].def {
            ValueDef::Result(op, _) => self.parent_block(op),
            ValueDef::Argument(b, _) => Some(b),
            ValueDef::Placeholder => None,
        }
    }
    /// True if no result of the operation is used.
    pub fn results_unused(&self, op: OpId) -> bool {
        self.results(op).iter().all(|r| self.uses(*r).is_empty())
    }

    // ----- walking -----

    /// Visits `op` and everything nested in it, parents before children.
    pub fn walk_pre(&self, op: OpId, f: &mut dyn FnMut(OpId)) {
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            f(o);
            let mut children = Vec::new();
            for r in self.regions(o) {
                for b in self.region_blocks(*r) {
                    children.extend(self.block_ops_iter(*b));
                }
            }
            stack.extend(children.into_iter().rev());
        }
    }

    /// Visits everything nested in `op`, then `op`: children before parents.
    pub fn walk_post(&self, op: OpId, f: &mut dyn FnMut(OpId)) {
        let mut post = Vec::new();
        self.post_order(op, &mut post);
        for o in post {
            f(o);
        }
    }

    fn post_order(&self, op: OpId, out: &mut Vec<OpId>) {
        // Iterative post-order: (op, children-visited) stack.
        let mut stack = vec![(op, false)];
        while let Some((o, done)) = stack.pop() {
            if done {
                out.push(o);
                continue;
            }
            stack.push((o, true));
            let mut children = Vec::new();
            for r in self.regions(o) {
                for b in self.region_blocks(*r) {
                    children.extend(self.block_ops_iter(*b));
                }
            }
            for c in children.into_iter().rev() {
                stack.push((c, false));
            }
        }
    }

    /// All operations nested in `op` (not `op` itself), in pre-order.
    pub fn nested_ops(&self, op: OpId) -> Vec<OpId> {
        let mut v = Vec::new();
        self.walk_pre(op, &mut |o| v.push(o));
        v.remove(0);
        v
    }

    /// Number of operations reachable from `op`, itself included.
    pub fn count_ops(&self, op: OpId) -> usize {
        let mut n = 0;
        self.walk_pre(op, &mut |_| n += 1);
        n
    }

    /// Deep-copies a region's blocks into `dst` (which should be empty), remapping values through `map`.
    pub fn clone_region_into(
        &mut self,
        src: RegionId,
        dst: RegionId,
        map: &mut std::collections::HashMap<Value, Value>,
    ) {
        let blocks = self.region_blocks(src).to_vec();
        let mut bmap = std::collections::HashMap::new();
        for b in &blocks {
            let args: Vec<(Type, Location)> =
                self.block_args(*b).iter().map(|a| (self.value_type(*a).clone(), self.value_loc(*a).clone())).collect();
            let nb = self.create_block(&args);
            for (a, na) in self.block_args(*b).to_vec().into_iter().zip(self.block_args(nb).to_vec()) {
                map.insert(a, na);
            }
            self.append_block(dst, nb);
            bmap.insert(*b, nb);
        }
        for b in &blocks {
            for op in self.block_ops(*b) {
                let c = self.clone_op(op, map, &bmap);
                self.append_op(bmap[b], c);
            }
        }
    }

    /// Deep-copies an operation (detached), remapping operands through `map` and recording its results there.
    pub fn clone_op(
        &mut self,
        op: OpId,
        map: &mut std::collections::HashMap<Value, Value>,
        bmap: &std::collections::HashMap<BlockId, BlockId>,
    ) -> OpId {
        let d = &self.ops[op.index()];
        let mut state = OperationState::new(d.name.clone(), d.loc.clone());
        state.operands = d.operands.iter().map(|v| *map.get(v).unwrap_or(v)).collect();
        state.result_types = d.results.iter().map(|r| self.values[r.index()].ty.clone()).collect();
        state.successors = d.successors.iter().map(|b| *bmap.get(b).unwrap_or(b)).collect();
        state.attributes = d.attributes.clone();
        match &d.properties {
            Some(Attribute::Dictionary(p)) => state.properties = (**p).clone(),
            other => state.raw_properties = other.clone(),
        }
        let regions = d.regions.clone();
        for r in regions {
            let nr = self.create_region();
            self.clone_region_into(r, nr, map);
            state.regions.push(nr);
        }
        let new = self.create_op(state);
        for (a, b) in self.results(op).to_vec().into_iter().zip(self.results(new).to_vec()) {
            map.insert(a, b);
        }
        new
    }
}
