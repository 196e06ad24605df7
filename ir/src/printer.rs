//! Printer for MLIR's textual syntax: the generic form of every operation and
//! the custom form of registered operations that provide one.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use crate::attributes::{Attribute, Location, NamedAttr};
use crate::context::{BlockId, Context, OpId, RegionId, Value};
use crate::registry::Traits;
use crate::types::{write_result_types, Type};

/// Printing choices.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Print every operation in the generic form.
    pub generic: bool,
    /// Print `loc(...)` after operations and block arguments.
    pub debug_info: bool,
}

/// Prints operations; passed to custom printers.
pub struct OpPrinter<'a> {
    /// The IR being printed.
    pub ctx: &'a Context,
    out: String,
    indent: usize,
    opts: PrintOptions,
    names: HashMap<Value, String>,
    block_names: HashMap<BlockId, String>,
    default_dialect: Vec<Option<&'static str>>,
    /// The ranges of `out` in the order MLIR's printer visits attributes and
    /// types for aliases (see [`print_with_aliases`]), up to `visited`.
    visits: Vec<std::ops::Range<usize>>,
    visited: usize,
}

/// Gives values and blocks their printed names as MLIR's printer does: a
/// region's own values first, then each region nested in it, every one
/// starting from the counters and names its parent region ended with, so
/// that sibling regions reuse the same numbers (`%1` in both branches of
/// an `scf.if`) and a name taken in one is free in the other.
struct Namer<'a> {
    ctx: &'a Context,
    generic: bool,
    names: HashMap<Value, String>,
    block_names: HashMap<BlockId, String>,
    /// The names taken in each region scope; a scope sees its ancestors'.
    scopes: Vec<ScopeNames>,
}

/// The names one region took, and the scope it is nested in.
struct ScopeNames {
    parent: Option<usize>,
    used: HashSet<String>,
}

/// The counters of a naming scope, copied into each nested region.
#[derive(Clone, Copy, Default)]
struct Counters {
    next_result: usize,
    next_arg: usize,
    /// The suffix of the next name taken twice (`%c0_0`, then `%c1_1`): one
    /// counter for the scope, as MLIR's printer keeps.
    next_conflict: usize,
}

impl Namer<'_> {
    /// Names everything under `root`.
    ///
    /// In the generic form every number is used once (the counters go on
    /// from region to region, taken last nested first), as MLIR prints it.
    fn name_all(&mut self, root: OpId) {
        self.scopes.push(ScopeNames { parent: None, used: HashSet::new() });
        let mut counters = Counters::default();
        self.name_results(root, 0, &mut counters);
        let mut work: Vec<(RegionId, usize, Counters)> =
            self.ctx.regions(root).iter().map(|r| (*r, 0, counters)).collect();
        if !self.generic {
            work.reverse();
        }
        while let Some((r, parent, saved)) = work.pop() {
            if !self.generic {
                counters = saved;
            }
            let scope = self.scopes.len();
            self.scopes.push(ScopeNames { parent: Some(parent), used: HashSet::new() });
            self.name_region(r, scope, &mut counters);
            let mut nested = Vec::new();
            for b in self.ctx.region_blocks(r) {
                for op in self.ctx.block_ops_iter(*b) {
                    nested.extend(self.ctx.regions(op).iter().map(|r| (*r, scope, counters)));
                }
            }
            if !self.generic {
                nested.reverse();
            }
            work.extend(nested);
        }
    }

    fn taken(&self, mut scope: usize, name: &str) -> bool {
        loop {
            let s = &self.scopes[scope];
            if s.used.contains(name) {
                return true;
            }
            match s.parent {
                Some(p) => scope = p,
                None => return false,
            }
        }
    }

    /// `hint`, or where it is taken, `hint_N` with the scope's next free N.
    fn unique(&mut self, hint: &str, scope: usize, counters: &mut Counters) -> String {
        let mut n = hint.to_string();
        while self.taken(scope, &n) {
            n = format!("{hint}_{}", counters.next_conflict);
            counters.next_conflict += 1;
        }
        self.scopes[scope].used.insert(n.clone());
        n
    }

    /// The next free number (`next` is the result or argument counter).
    fn number(&mut self, scope: usize, next: &mut usize, prefix: &str) -> String {
        loop {
            let n = format!("{prefix}{next}");
            *next += 1;
            if !self.taken(scope, &n) {
                self.scopes[scope].used.insert(n.clone());
                return n;
            }
        }
    }

    fn name_results(&mut self, op: OpId, scope: usize, counters: &mut Counters) {
        let results = self.ctx.results(op);
        if results.is_empty() {
            return;
        }
        let named = if self.generic { &[][..] } else { self.ctx.op_def(op).map_or(&[][..], |d| d.result_names) };
        if named.len() == results.len() {
            for (r, hint) in results.iter().zip(named) {
                let n = self.unique(hint, scope, counters);
                self.names.insert(*r, n);
            }
            return;
        }
        let hint = if self.generic {
            None
        } else {
            self.ctx.op_def(op).and_then(|d| d.name_hint).and_then(|h| h(self.ctx, op))
        };
        let base = match hint {
            Some(h) => self.unique(&h, scope, counters),
            None => {
                let mut next = counters.next_result;
                let n = self.number(scope, &mut next, "");
                counters.next_result = next;
                n
            }
        };
        if results.len() == 1 {
            self.names.insert(results[0], base);
        } else {
            for (i, r) in results.iter().enumerate() {
                self.names.insert(*r, format!("{base}#{i}"));
            }
        }
    }

    /// Names the blocks, block arguments and operation results of region
    /// `r` itself (not of the regions nested in it).
    fn name_region(&mut self, r: RegionId, scope: usize, counters: &mut Counters) {
        for (i, b) in self.ctx.region_blocks(r).iter().enumerate() {
            self.block_names.insert(*b, format!("bb{i}"));
            for a in self.ctx.block_args(*b) {
                let n = if i == 0 {
                    let mut next = counters.next_arg;
                    let n = self.number(scope, &mut next, "arg");
                    counters.next_arg = next;
                    n
                } else {
                    let mut next = counters.next_result;
                    let n = self.number(scope, &mut next, "");
                    counters.next_result = next;
                    n
                };
                self.names.insert(*a, n);
            }
            for op in self.ctx.block_ops_iter(*b) {
                self.name_results(op, scope, counters);
            }
        }
    }
}

impl<'a> OpPrinter<'a> {
    fn new(ctx: &'a Context, opts: PrintOptions, root: OpId) -> OpPrinter<'a> {
        let mut namer = Namer {
            ctx,
            generic: opts.generic,
            names: HashMap::new(),
            block_names: HashMap::new(),
            scopes: Vec::new(),
        };
        namer.name_all(root);
        OpPrinter {
            ctx,
            out: String::new(),
            indent: 0,
            opts,
            names: namer.names,
            block_names: namer.block_names,
            default_dialect: Vec::new(),
            visits: Vec::new(),
            visited: 0,
        }
    }

    /// Marks the text written since the last mark as visited next.
    fn visit_written(&mut self) {
        self.visits.push(self.visited..self.out.len());
        self.visited = self.out.len();
    }

    /// Prints the entry arguments of `r` with the names of `names_to_use`,
    /// for a custom form that declares one set of names for several regions.
    pub fn shadow_region_args(&mut self, r: RegionId, names_to_use: &[Value]) {
        let Some(b) = self.ctx.entry_block(r) else { return };
        for (a, v) in self.ctx.block_args(b).iter().zip(names_to_use) {
            if let Some(n) = self.names.get(v).cloned() {
                self.names.insert(*a, n);
            }
        }
    }

    /// Writes raw text.
    pub fn w(&mut self, s: &str) {
        self.out.push_str(s);
    }
    /// The name of a value, `%` included.
    pub fn value_name(&self, v: Value) -> String {
        match self.names.get(&v) {
            Some(n) => format!("%{n}"),
            None => "<<UNKNOWN SSA VALUE>>".to_string(),
        }
    }
    /// Writes a value's name.
    pub fn operand(&mut self, v: Value) {
        let n = self.value_name(v);
        self.out.push_str(&n);
    }
    /// Writes comma-separated value names.
    pub fn operands(&mut self, vs: &[Value]) {
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                self.w(", ");
            }
            self.operand(*v);
        }
    }
    /// Writes a type.
    pub fn ty(&mut self, t: &Type) {
        let _ = write!(self.out, "{t}");
    }
    /// Writes comma-separated types.
    pub fn types(&mut self, ts: &[Type]) {
        for (i, t) in ts.iter().enumerate() {
            if i > 0 {
                self.w(", ");
            }
            self.ty(t);
        }
    }
    /// Writes the types of values, comma-separated.
    pub fn value_types(&mut self, vs: &[Value]) {
        let ts: Vec<Type> = vs.iter().map(|v| self.ctx.value_type(*v).clone()).collect();
        self.types(&ts);
    }
    /// Writes a result type list: bare for one non-function type, else parenthesized.
    pub fn result_types(&mut self, ts: &[Type]) {
        let _ = write_result_types(&mut self.out, ts);
    }
    /// Writes an attribute.
    pub fn attr(&mut self, a: &Attribute) {
        let _ = write!(self.out, "{a}");
    }
    /// Writes ` {..}` with the op's properties and attributes except `elided`; nothing if empty.
    pub fn attr_dict(&mut self, op: OpId, elided: &[&str]) {
        self.attr_dict_impl(op, elided, false);
    }
    /// Writes ` attributes {..}` like [`Self::attr_dict`].
    pub fn attr_dict_with_keyword(&mut self, op: OpId, elided: &[&str]) {
        self.attr_dict_impl(op, elided, true);
    }
    fn attr_dict_impl(&mut self, op: OpId, elided: &[&str], keyword: bool) {
        let mut all: Vec<NamedAttr> = Vec::new();
        if let Some(Attribute::Dictionary(d)) = self.ctx.properties(op) {
            all.extend(d.iter().cloned());
        }
        all.extend(self.ctx.attrs(op).iter().cloned());
        all.retain(|(k, _)| !elided.contains(&&**k));
        if all.is_empty() {
            return;
        }
        all.sort_by(|a, b| a.0.cmp(&b.0));
        self.w(if keyword { " attributes {" } else { " {" });
        let _ = crate::attributes::write_dict_entries(&mut self.out, &all);
        self.w("}");
    }
    /// Writes a successor label.
    pub fn successor(&mut self, b: BlockId) {
        let n = self.block_names.get(&b).cloned().unwrap_or_else(|| "<<UNKNOWN BLOCK>>".into());
        let _ = write!(self.out, "^{n}");
    }
    /// Writes `^bb1(%a, %b : i32, i32)` (operands omitted when empty).
    pub fn successor_with_operands(&mut self, b: BlockId, vs: &[Value]) {
        self.successor(b);
        if !vs.is_empty() {
            self.w("(");
            self.operands(vs);
            self.w(" : ");
            self.value_types(vs);
            self.w(")");
        }
    }
    /// Starts a new line indented `extra` columns deeper than the operation
    /// being printed (for operations whose custom form spans lines).
    pub fn newline(&mut self, extra: usize) {
        self.out.push('\n');
        self.pad(self.indent + extra);
    }
    /// Writes `%a = %x, %b = %y`: each value of `names` bound to the value
    /// of `values` at its position (loop-carried values and their inits).
    pub fn bindings(&mut self, names: &[Value], values: &[Value]) {
        for (i, (n, v)) in names.iter().zip(values).enumerate() {
            if i > 0 {
                self.w(", ");
            }
            self.operand(*n);
            self.w(" = ");
            self.operand(*v);
        }
    }
    /// Writes `%arg0: i32` (and its location with debug info).
    pub fn block_arg_decl(&mut self, v: Value) {
        self.operand(v);
        self.w(": ");
        let t = self.ctx.value_type(v).clone();
        self.ty(&t);
        if self.opts.debug_info {
            let l = self.ctx.value_loc(v).clone();
            let _ = write!(self.out, " {l}");
        }
    }
    /// Writes a region in braces; entry block arguments and terminators optional.
    pub fn region(&mut self, r: RegionId, print_entry_args: bool, print_terminators: bool) {
        self.w("{\n");
        self.indent += 2;
        let blocks = self.ctx.region_blocks(r).to_vec();
        let preds = if blocks.len() > 1 { self.predecessors(&blocks) } else { HashMap::new() };
        for (i, b) in blocks.iter().enumerate() {
            let args = self.ctx.block_args(*b).to_vec();
            // As MLIR does, the generic form labels an empty entry block so it survives a round trip.
            let empty_entry = self.opts.generic && self.ctx.block_is_empty(*b);
            let label = i > 0 || (print_entry_args && !args.is_empty()) || empty_entry;
            if label {
                self.pad(self.indent - 2);
                self.successor(*b);
                if !args.is_empty() {
                    self.w("(");
                    for (j, a) in args.iter().enumerate() {
                        if j > 0 {
                            self.w(", ");
                        }
                        self.block_arg_decl(*a);
                    }
                    self.w(")");
                }
                self.w(":");
                self.predecessor_comment(i == 0, preds.get(b).map_or(&[][..], Vec::as_slice));
                self.w("\n");
            }
            let ops = self.ctx.block_ops(*b);
            for (k, op) in ops.iter().enumerate() {
                let is_last = k + 1 == ops.len();
                if is_last && !print_terminators && blocks.len() == 1 && self.is_elidable_terminator(*op) {
                    continue;
                }
                self.pad(self.indent);
                self.op(*op);
                self.w("\n");
            }
        }
        self.indent -= 2;
        self.pad(self.indent);
        self.w("}");
    }

    /// The blocks of a region that branch to each block, one entry per
    /// edge, in block order (as MLIR lists them).
    fn predecessors(&self, blocks: &[BlockId]) -> HashMap<BlockId, Vec<BlockId>> {
        let mut preds: HashMap<BlockId, Vec<BlockId>> = HashMap::new();
        for &b in blocks {
            if let Some(t) = self.ctx.block_ops_iter(b).last() {
                for &s in self.ctx.successors(t) {
                    preds.entry(s).or_default().push(b);
                }
            }
        }
        preds
    }

    /// `  // pred: ^bb0`, `  // 2 preds: ^bb0, ^bb1` or (for a block other
    /// than the entry) `  // no predecessors`, after a block's label, as
    /// MLIR prints them.
    fn predecessor_comment(&mut self, entry: bool, preds: &[BlockId]) {
        match preds {
            [] if entry => {}
            [] => self.w("  // no predecessors"),
            [p] => {
                self.w("  // pred: ");
                self.successor(*p);
            }
            _ => {
                let _ = write!(self.out, "  // {} preds: ", preds.len());
                for (i, p) in preds.iter().enumerate() {
                    if i > 0 {
                        self.w(", ");
                    }
                    self.successor(*p);
                }
            }
        }
    }

    fn is_elidable_terminator(&self, op: OpId) -> bool {
        self.ctx.has_traits(op, Traits::TERMINATOR)
            && self.ctx.operands(op).is_empty()
            && self.ctx.attrs(op).is_empty()
            && self.ctx.properties(op).is_none()
    }

    fn pad(&mut self, n: usize) {
        for _ in 0..n {
            self.out.push(' ');
        }
    }

    /// Writes `@name`.
    pub fn symbol(&mut self, name: &str) {
        let _ = write!(self.out, "{}", crate::attributes::SymbolName(name));
    }

    /// Writes one operation (results, body, location), without indentation or newline.
    pub fn op(&mut self, op: OpId) {
        let results = self.ctx.results(op);
        if !results.is_empty() {
            let first = self.names.get(&results[0]).cloned().unwrap_or_default();
            let base = first.split('#').next().unwrap_or("").to_string();
            if results.len() > 1 && !first.contains('#') {
                // Each result named apart.
                let all: Vec<String> =
                    results.iter().map(|r| format!("%{}", self.names.get(r).cloned().unwrap_or_default())).collect();
                let _ = write!(self.out, "{} = ", all.join(", "));
            } else if results.len() > 1 {
                let _ = write!(self.out, "%{base}:{} = ", results.len());
            } else {
                let _ = write!(self.out, "%{base} = ");
            }
        }
        let custom = if self.opts.generic { None } else { self.ctx.op_def(op).and_then(|d| d.print) };
        match custom {
            Some(print) => {
                let name = self.ctx.op_name(op);
                // As in MLIR, the default dialect is `builtin` until an op sets its own.
                let current = self.default_dialect.last().copied().flatten();
                let short = name
                    .strip_prefix(current.unwrap_or("builtin"))
                    .and_then(|r| r.strip_prefix('.'))
                    .filter(|s| !s.contains('.'))
                    .unwrap_or(name)
                    .to_string();
                self.w(&short);
                // Inside a custom form, the operation's default dialect, or
                // none, as in MLIR.
                let own = self.ctx.op_def(op).and_then(|d| d.default_dialect);
                self.default_dialect.push(Some(own.unwrap_or("")));
                print(self, op);
                self.default_dialect.pop();
            }
            None => self.generic_op(op),
        }
        if self.opts.debug_info {
            let l = self.ctx.op_loc(op).clone();
            let _ = write!(self.out, " {l}");
        }
    }

    fn generic_op(&mut self, op: OpId) {
        let _ = write!(self.out, "{}", crate::attributes::Quoted(self.ctx.op_name(op)));
        self.w("(");
        let operands = self.ctx.operands(op).to_vec();
        self.operands(&operands);
        self.w(")");
        let succ = self.ctx.successors(op).to_vec();
        if !succ.is_empty() {
            self.w("[");
            for (i, b) in succ.iter().enumerate() {
                if i > 0 {
                    self.w(", ");
                }
                self.successor(*b);
            }
            self.w("]");
        }
        // MLIR's printer visits a generic operation's regions, then its
        // operand and result types, then its attributes; properties not at
        // all (they take aliases made elsewhere).
        self.visit_written();
        if let Some(p) = self.ctx.properties(op) {
            let p = p.clone();
            self.w(" <");
            self.attr(&p);
            self.w(">");
        }
        self.visited = self.out.len();
        let regions = self.ctx.regions(op).to_vec();
        if !regions.is_empty() {
            self.w(" (");
            for (i, r) in regions.iter().enumerate() {
                if i > 0 {
                    self.w(", ");
                }
                self.region(*r, true, true);
            }
            self.w(")");
        }
        self.visit_written();
        let attrs = self.ctx.attrs(op).to_vec();
        if !attrs.is_empty() {
            self.w(" {");
            let _ = crate::attributes::write_dict_entries(&mut self.out, &attrs);
            self.w("}");
        }
        let attr_text = self.visited..self.out.len();
        self.visited = self.out.len();
        self.w(" : (");
        self.value_types(&operands);
        self.w(") -> ");
        let rt: Vec<Type> = self.ctx.results(op).iter().map(|r| self.ctx.value_type(*r).clone()).collect();
        self.result_types(&rt);
        self.visit_written();
        self.visits.push(attr_text);
    }

    /// Writes `(T, T) -> T` from the op's operand and result types.
    pub fn functional_type(&mut self, op: OpId) {
        let ins: Vec<Type> = self.ctx.operands(op).iter().map(|v| self.ctx.value_type(*v).clone()).collect();
        let outs: Vec<Type> = self.ctx.results(op).iter().map(|v| self.ctx.value_type(*v).clone()).collect();
        self.w("(");
        self.types(&ins);
        self.w(") -> ");
        self.result_types(&outs);
    }

    /// True when printing locations.
    pub fn debug_info(&self) -> bool {
        self.opts.debug_info
    }
}

/// Prints an operation (usually a module) followed by a newline.
pub fn print_op(ctx: &Context, op: OpId, opts: PrintOptions) -> String {
    let mut p = OpPrinter::new(ctx, opts, op);
    p.op(op);
    p.out.push('\n');
    p.out
}

/// Prints a module as `mlir-opt` does: [`print_op`], with each
/// `affine_map`, `affine_set` and `distinct` attribute given an alias
/// (`#map = affine_map<...>` above the module) unless `local_scope`, and
/// `distinct` identifiers numbered as printed (`ir/src/aliases.rs`).
pub fn print_module(ctx: &Context, op: OpId, opts: PrintOptions, local_scope: bool) -> String {
    let mut p = OpPrinter::new(ctx, opts, op);
    p.op(op);
    p.out.push('\n');
    p.visit_written();
    crate::aliases::with_aliases(&p.out, &p.visits, local_scope)
}

/// Prints a location for messages (`"file":1:2` style without `loc(...)`).
pub fn describe_location(l: &Location) -> String {
    match l.file_line_col() {
        Some((f, line, col)) => format!("{f}:{line}:{col}"),
        None => l.to_string(),
    }
}
