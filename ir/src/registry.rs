//! Operation definitions, dialects and the registry that holds them.
//!
//! An [`OpDef`] is a table of hooks: verifier, folder, canonicalization
//! patterns, custom parser and printer. Anything not set falls back to the
//! generic behaviour, so a dialect can start with names and traits only.

use std::collections::HashMap;
use std::ops::{BitOr, Range};
use std::sync::Arc;

use crate::attributes::{Attribute, Location, NamedAttr};
use crate::context::{Context, OpId, OperationState, Value};
use crate::diagnostics::Diagnostic;
use crate::op_name::OpName;
use crate::parser::{PResult, Parser};
use crate::printer::OpPrinter;
use crate::rewrite::RewritePattern;
use crate::signature::Signature;
use crate::symbols::SymbolTableCollection;
use crate::types::Type;

/// A set of operation traits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Traits(u32);

impl Traits {
    /// No traits.
    pub const NONE: Traits = Traits(0);
    /// Ends a block.
    pub const TERMINATOR: Traits = Traits(1);
    /// No side effects: may be removed when unused, deduplicated, hoisted.
    pub const PURE: Traits = Traits(1 << 1);
    /// Regions may not use values defined outside the operation.
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 2);
    /// Blocks of its regions need no terminator.
    pub const NO_TERMINATOR: Traits = Traits(1 << 3);
    /// Its region is a symbol table: `sym_name`s of children are unique.
    pub const SYMBOL_TABLE: Traits = Traits(1 << 4);
    /// Defines a symbol (`sym_name`).
    pub const SYMBOL: Traits = Traits(1 << 5);
    /// Materializes a constant held in its `value` attribute.
    pub const CONSTANT_LIKE: Traits = Traits(1 << 6);
    /// Its two operands may be swapped.
    pub const COMMUTATIVE: Traits = Traits(1 << 7);
    /// Its regions are graph regions: no dominance order inside them.
    pub const GRAPH_REGION: Traits = Traits(1 << 8);
    /// Returns control to the parent operation.
    pub const RETURN_LIKE: Traits = Traits(1 << 9);
    /// Each region holds at most one block.
    pub const SINGLE_BLOCK: Traits = Traits(1 << 10);
    /// Has no effects of its own; its effects are those of the operations in its regions.
    pub const RECURSIVE_EFFECTS: Traits = Traits(1 << 11);
    /// Applying it twice gives the same as once (`f(f(x)) = f(x)`).
    pub const IDEMPOTENT: Traits = Traits(1 << 12);
    /// Applying it twice gives back the input (`f(f(x)) = x`).
    pub const INVOLUTION: Traits = Traits(1 << 13);
    /// A parallel loop with `graph.foreach`'s structure (graph or bound
    /// operands, `space` property, one body region ending in `graph.yield`):
    /// `graph.foreach` and the loops it lowers to.
    pub const FOREACH_LIKE: Traits = Traits(1 << 14);
    /// Every operand and result has the same type (the verifier checks it).
    pub const SAME_OPERANDS_AND_RESULT_TYPE: Traits = Traits(1 << 15);

    /// True if every trait of `other` is in `self`.
    pub fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }

    /// Every trait with its name, in bit order.
    pub const NAMED: [(Traits, &'static str); 16] = [
        (Traits::TERMINATOR, "Terminator"),
        (Traits::PURE, "Pure"),
        (Traits::ISOLATED_FROM_ABOVE, "IsolatedFromAbove"),
        (Traits::NO_TERMINATOR, "NoTerminator"),
        (Traits::SYMBOL_TABLE, "SymbolTable"),
        (Traits::SYMBOL, "Symbol"),
        (Traits::CONSTANT_LIKE, "ConstantLike"),
        (Traits::COMMUTATIVE, "Commutative"),
        (Traits::GRAPH_REGION, "GraphRegion"),
        (Traits::RETURN_LIKE, "ReturnLike"),
        (Traits::SINGLE_BLOCK, "SingleBlock"),
        (Traits::RECURSIVE_EFFECTS, "RecursiveEffects"),
        (Traits::IDEMPOTENT, "Idempotent"),
        (Traits::INVOLUTION, "Involution"),
        (Traits::FOREACH_LIKE, "ForeachLike"),
        (Traits::SAME_OPERANDS_AND_RESULT_TYPE, "SameOperandsAndResultType"),
    ];

    /// The names of the traits in `self`, in bit order (MLIR's spelling).
    pub fn names(self) -> Vec<&'static str> {
        Traits::NAMED.iter().filter(|(t, _)| self.contains(*t)).map(|(_, n)| *n).collect()
    }
}

impl BitOr for Traits {
    type Output = Traits;
    fn bitor(self, rhs: Traits) -> Traits {
        Traits(self.0 | rhs.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Traits;

    #[test]
    fn every_trait_bit_has_one_name() {
        let all = Traits::NAMED.iter().fold(Traits::NONE, |acc, (t, _)| acc | *t);
        assert_eq!(all.0.count_ones() as usize, Traits::NAMED.len());
        assert_eq!((Traits::PURE | Traits::TERMINATOR).names(), vec!["Terminator", "Pure"]);
    }
}

/// What a folder produces for one result.
#[derive(Clone, Debug)]
pub enum FoldResult {
    /// The result is this constant.
    Attr(Attribute),
    /// The result is this existing value.
    Value(Value),
}

/// The outcome of a successful fold.
#[derive(Clone, Debug)]
pub enum Folded {
    /// Replace the results with these.
    Results(Vec<FoldResult>),
    /// The operation was updated in place.
    InPlace,
}

/// Per-operation verifier: returns the first violation found.
pub type VerifyFn = fn(&Context, OpId) -> Result<(), Diagnostic>;
/// Verifier of an operation's symbol references (MLIR's `verifySymbolUses`):
/// resolves them through the verifier's shared symbol tables, so checking
/// every call of a module costs one scan of each table, not one per call.
pub type VerifySymbolUsesFn = fn(&Context, OpId, &mut SymbolTableCollection) -> Result<(), Diagnostic>;
/// Folder: given constant operands (where known), simplify without creating operations.
pub type FoldFn = fn(&mut Context, OpId, &[Option<Attribute>]) -> Option<Folded>;
/// Custom-syntax parser: fills the state from the text after the operation name.
pub type ParseFn = fn(&mut Parser<'_>, &mut OperationState) -> PResult<()>;
/// Custom-syntax printer: writes the text after the operation name.
pub type PrintFn = fn(&mut OpPrinter<'_>, OpId);
/// Adds the canonicalization patterns of an operation.
pub type PatternsFn = fn(&mut Vec<Box<dyn RewritePattern>>);
/// Which operands are forwarded to successor `i`.
pub type SuccessorOperandsFn = fn(&Context, OpId, usize) -> Range<usize>;
/// A name hint for the first result when printing (`c0`, `true`, `cst`).
pub type NameHintFn = fn(&Context, OpId) -> Option<String>;
/// Builds a constant operation of a type from an attribute.
pub type MaterializeFn = fn(&mut Context, &Attribute, &Type, Location) -> Option<OpId>;

/// The definition of a registered operation.
#[derive(Clone)]
pub struct OpDef {
    /// Full name, `dialect.mnemonic`, declared with [`crate::op_names!`].
    pub name: OpName,
    /// One-line summary, shown by documentation tools.
    pub summary: &'static str,
    /// Traits.
    pub traits: Traits,
    /// Declared operands, results and properties (from [`crate::op_view!`]),
    /// checked by the verifier before [`OpDef::verify`].
    pub signature: Option<Signature>,
    /// Names of inherent attributes besides the signature's properties:
    /// given in `{...}` they move to the properties.
    pub inherent: &'static [&'static str],
    /// Adds default values of properties that are missing.
    pub default_properties: fn(&mut Vec<NamedAttr>),
    /// Verifier.
    pub verify: Option<VerifyFn>,
    /// Verifier of symbol references, run after [`OpDef::verify`].
    pub verify_symbol_uses: Option<VerifySymbolUsesFn>,
    /// Folder.
    pub fold: Option<FoldFn>,
    /// Canonicalization patterns.
    pub patterns: Option<PatternsFn>,
    /// Custom parser.
    pub parse: Option<ParseFn>,
    /// Custom printer.
    pub print: Option<PrintFn>,
    /// Dialect assumed for unqualified op names inside its regions (`func` for `func.func`).
    pub default_dialect: Option<&'static str>,
    /// Successor operand ranges.
    pub successor_operands: Option<SuccessorOperandsFn>,
    /// Result name hint.
    pub name_hint: Option<NameHintFn>,
    /// A name for each result, printed apart (`%sum, %overflow = ...`), as
    /// MLIR's `getAsmResultNames` gives them.
    pub result_names: &'static [&'static str],
}

fn no_defaults(_: &mut Vec<NamedAttr>) {}

impl OpDef {
    /// A definition with a name and no hooks.
    pub const fn new(name: OpName, summary: &'static str, traits: Traits) -> OpDef {
        OpDef {
            name,
            summary,
            traits,
            signature: None,
            inherent: &[],
            default_properties: no_defaults,
            verify: None,
            verify_symbol_uses: None,
            fold: None,
            patterns: None,
            parse: None,
            print: None,
            default_dialect: None,
            successor_operands: None,
            name_hint: None,
            result_names: &[],
        }
    }
    /// The dialect prefix of the name.
    pub fn dialect(&self) -> &'static str {
        self.name.dialect()
    }
    /// True if `name` is an inherent attribute: a declared property or one
    /// of [`OpDef::inherent`].
    pub fn is_inherent(&self, name: &str) -> bool {
        self.inherent.contains(&name) || self.signature.is_some_and(|s| s.has_property(name))
    }
}

/// A dialect: a namespace of operations, plus dialect-wide hooks.
pub struct Dialect {
    /// Namespace.
    pub name: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// Operations.
    pub ops: Vec<OpDef>,
    /// Builds a constant operation for folded values.
    pub materialize_constant: Option<MaterializeFn>,
    /// Checks a type of this dialect (`!d.x<...>`), returning an error message.
    pub verify_type: Option<VerifyTypeFn>,
    /// Checks an attribute of this dialect (`#d.x<...>`), given its body,
    /// and gives the body as the dialect prints it.
    pub verify_attr: Option<VerifyAttrFn>,
}

/// Checks a dialect type when it is parsed; the error is the message.
pub type VerifyTypeFn = fn(&crate::types::DialectType) -> Result<(), String>;
/// Checks a dialect attribute's body when it is parsed and gives it in the
/// form the dialect prints (e.g. flags in their canonical order); the error
/// is the message.
pub type VerifyAttrFn = fn(&str) -> Result<String, String>;

/// All registered dialects and operations.
#[derive(Default)]
pub struct Registry {
    dialects: HashMap<&'static str, Arc<Dialect>>,
    ops: HashMap<&'static str, Arc<OpDef>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }
    /// Registers a dialect and its operations.
    pub fn register(&mut self, d: Dialect) {
        for op in &d.ops {
            self.ops.insert(op.name.as_str(), Arc::new(op.clone()));
        }
        self.dialects.insert(d.name, Arc::new(d));
    }
    /// Looks an operation up by full name.
    pub fn op(&self, name: &str) -> Option<&Arc<OpDef>> {
        self.ops.get(name)
    }
    /// Looks a dialect up by namespace.
    pub fn dialect(&self, name: &str) -> Option<&Arc<Dialect>> {
        self.dialects.get(name)
    }
    /// All registered dialects, sorted by name.
    pub fn dialects(&self) -> Vec<&Arc<Dialect>> {
        let mut v: Vec<_> = self.dialects.values().collect();
        v.sort_by_key(|d| d.name);
        v
    }
    /// All registered operations.
    pub fn ops(&self) -> impl Iterator<Item = &Arc<OpDef>> {
        self.ops.values()
    }
}
