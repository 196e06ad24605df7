//! Declared operand, result and property constraints of an operation.
//!
//! A [`Signature`] is part of an operation's declaration (written with
//! [`op_view!`](crate::op_view), which also gives the typed accessors). The
//! verifier checks it for every operation before the operation's own
//! verifier runs, so that verifier only checks what relates operands to each
//! other (an element type that must match a buffer's). The messages are
//! MLIR's: `expected 2 operands, but found 1`, `operand #1 must be index,
//! but got 'i64'`, `requires attribute 'kind'`.

use crate::attributes::Attribute;
use crate::context::{Context, OpId, Value};
use crate::diagnostics::Diagnostic;
use crate::types::Type;
use crate::verifier::op_error;

/// What the type of an operand or a result must be.
#[derive(Clone, Copy, Debug)]
pub enum TypeConstraint {
    /// Any type.
    Any,
    /// `index`.
    Index,
    /// A signless integer of this width.
    Int(u32),
    /// Any signless integer or `index`.
    IntOrIndex,
    /// A signless integer or `index`, or a vector or tensor of them.
    IntLike,
    /// A float, or a vector or tensor of floats.
    FloatLike,
    /// `i1`, or a vector or tensor of `i1`.
    BoolLike,
    /// Any floating-point type.
    Float,
    /// A signless integer, `index` or a float.
    Scalar,
    /// A function type.
    Function,
    /// A type of a dialect that takes no parameters: `!graph.node` for
    /// `Dialect("graph", "node")`.
    Dialect(&'static str, &'static str),
    /// A type of a dialect with any parameters: `!par.buf<T>` for
    /// `Parametric("par", "buf")`.
    Parametric(&'static str, &'static str),
    /// Any of these.
    OneOf(&'static [TypeConstraint]),
}

impl TypeConstraint {
    /// True if `t` satisfies the constraint.
    pub fn accepts(&self, t: &Type) -> bool {
        match *self {
            TypeConstraint::Any => true,
            TypeConstraint::Index => *t == Type::Index,
            TypeConstraint::Int(w) => t.is_signless_integer() && t.int_width() == Some(w),
            TypeConstraint::IntOrIndex => t.is_signless_int_or_index(),
            TypeConstraint::IntLike => t.element_or_self().is_signless_int_or_index(),
            TypeConstraint::FloatLike => t.element_or_self().is_float(),
            TypeConstraint::BoolLike => *t.element_or_self() == Type::i1(),
            TypeConstraint::Float => t.is_float(),
            TypeConstraint::Scalar => t.is_signless_int_or_index() || t.is_float(),
            TypeConstraint::Function => t.as_function().is_some(),
            TypeConstraint::Dialect(d, m) | TypeConstraint::Parametric(d, m) => t.is_dialect_type(d, m),
            TypeConstraint::OneOf(all) => all.iter().any(|c| c.accepts(t)),
        }
    }

    /// The one type the constraint allows, if it allows exactly one:
    /// custom syntax leaves such types out.
    pub fn exact(&self) -> Option<Type> {
        match *self {
            TypeConstraint::Index => Some(Type::Index),
            TypeConstraint::Int(w) => Some(Type::int(w)),
            TypeConstraint::Dialect(d, m) => Some(Type::dialect(d, m, Vec::new())),
            _ => None,
        }
    }

    /// The constraint in words, as messages and the docs show it.
    pub fn describe(&self) -> String {
        match *self {
            TypeConstraint::Any => "any type".into(),
            TypeConstraint::Index => "index".into(),
            TypeConstraint::Int(w) => format!("{w}-bit signless integer"),
            TypeConstraint::IntOrIndex => "signless integer or index".into(),
            TypeConstraint::IntLike => "signless-integer-like".into(),
            TypeConstraint::FloatLike => "floating-point-like".into(),
            TypeConstraint::BoolLike => "bool-like".into(),
            TypeConstraint::Float => "floating-point".into(),
            TypeConstraint::Scalar => "integer, index or float".into(),
            TypeConstraint::Function => "function type".into(),
            TypeConstraint::Dialect(d, m) | TypeConstraint::Parametric(d, m) => format!("!{d}.{m}"),
            TypeConstraint::OneOf(all) => all.iter().map(TypeConstraint::describe).collect::<Vec<_>>().join(" or "),
        }
    }
}

/// How many values an operand or result declaration stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly one.
    One,
    /// None or one; only the last declaration may be optional.
    Optional,
    /// Any number; only the last declaration may be variadic.
    Variadic,
}

/// One declared operand or result.
#[derive(Clone, Copy, Debug)]
pub struct ValueSpec {
    /// Its name: the accessor's name, and the docs'.
    pub name: &'static str,
    /// Its type.
    pub ty: TypeConstraint,
    /// How many values it stands for.
    pub arity: Arity,
}

/// What a property's attribute must be.
#[derive(Clone, Copy, Debug)]
pub enum PropKind {
    /// A unit attribute: present or absent.
    Unit,
    /// An integer.
    Int,
    /// A string.
    Str,
    /// A string naming one of these.
    Enum(&'static [&'static str]),
    /// Any attribute (the operation's verifier checks it).
    Any,
}

impl PropKind {
    /// True if `a` is an attribute of this kind.
    pub fn accepts(&self, a: &Attribute) -> bool {
        match self {
            PropKind::Unit => matches!(a, Attribute::Unit),
            PropKind::Int => a.as_int().is_some(),
            PropKind::Str => a.as_str().is_some(),
            PropKind::Enum(names) => a.as_str().is_some_and(|s| names.contains(&s)),
            PropKind::Any => true,
        }
    }

    /// The kind in words.
    pub fn describe(&self) -> String {
        match self {
            PropKind::Unit => "unit attribute".into(),
            PropKind::Int => "integer attribute".into(),
            PropKind::Str => "string attribute".into(),
            PropKind::Enum(names) => format!("string attribute, one of: {}", names.join(", ")),
            PropKind::Any => "attribute".into(),
        }
    }
}

/// One declared property.
#[derive(Clone, Copy, Debug)]
pub struct PropSpec {
    /// Its key.
    pub name: &'static str,
    /// What its attribute must be.
    pub kind: PropKind,
    /// True if every operation must have it.
    pub required: bool,
}

/// A Rust type that a property's attribute reads as.
pub trait PropType: Sized {
    /// The attribute kind.
    const KIND: PropKind;
    /// True if every operation must have the property.
    const REQUIRED: bool = true;
    /// The value of the property (`None` where it is missing), or `None`
    /// if the attribute is not of this type.
    fn read(attr: Option<&Attribute>) -> Option<Self>;
    /// The attribute holding this value, or `None` for a property left out
    /// (a unit property that is false, an optional one that is `None`).
    fn write(&self) -> Option<Attribute>;
}

impl PropType for i64 {
    const KIND: PropKind = PropKind::Int;
    fn read(attr: Option<&Attribute>) -> Option<i64> {
        attr?.as_int().and_then(|v| i64::try_from(v).ok())
    }
    fn write(&self) -> Option<Attribute> {
        Some(Attribute::int(i128::from(*self), Type::i64()))
    }
}

impl PropType for String {
    const KIND: PropKind = PropKind::Str;
    fn read(attr: Option<&Attribute>) -> Option<String> {
        attr?.as_str().map(str::to_string)
    }
    fn write(&self) -> Option<Attribute> {
        Some(Attribute::string(self))
    }
}

/// A unit property: `true` where it is present.
impl PropType for bool {
    const KIND: PropKind = PropKind::Unit;
    const REQUIRED: bool = false;
    fn read(attr: Option<&Attribute>) -> Option<bool> {
        Some(attr.is_some())
    }
    fn write(&self) -> Option<Attribute> {
        self.then_some(Attribute::Unit)
    }
}

/// An attribute of any kind, as written.
impl PropType for Attribute {
    const KIND: PropKind = PropKind::Any;
    fn read(attr: Option<&Attribute>) -> Option<Attribute> {
        attr.cloned()
    }
    fn write(&self) -> Option<Attribute> {
        Some(self.clone())
    }
}

impl<T: PropType> PropType for Option<T> {
    const KIND: PropKind = T::KIND;
    const REQUIRED: bool = false;
    fn read(attr: Option<&Attribute>) -> Option<Option<T>> {
        match attr {
            None => Some(None),
            Some(a) => T::read(Some(a)).map(Some),
        }
    }
    fn write(&self) -> Option<Attribute> {
        self.as_ref().and_then(T::write)
    }
}

/// The operands, results and properties of an operation.
#[derive(Clone, Copy, Debug)]
pub struct Signature {
    /// Operands, in order.
    pub operands: &'static [ValueSpec],
    /// Results, in order.
    pub results: &'static [ValueSpec],
    /// Properties.
    pub properties: &'static [PropSpec],
}

/// The position of `name` in `specs`, at compile time (used by the
/// accessors [`op_view!`](crate::op_view) generates). Panics, and so fails
/// the build, if the name is not declared.
pub const fn position(specs: &[ValueSpec], name: &str) -> usize {
    let mut i = 0;
    while i < specs.len() {
        if str_eq(specs[i].name, name) {
            return i;
        }
        i += 1;
    }
    panic!("no such operand or result")
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The values `specs[index]` stands for among `values` (a declaration
/// after the fixed ones may stand for none).
pub fn values_of<'a>(specs: &[ValueSpec], index: usize, values: &'a [Value]) -> &'a [Value] {
    match specs[index].arity {
        Arity::One => values.get(index..=index).unwrap_or(&[]),
        Arity::Optional | Arity::Variadic => values.get(index..).unwrap_or(&[]),
    }
}

/// The message for `got` operands (`what` is "operand") or results
/// where `specs` declares them, if that is the wrong number.
pub(crate) fn count_error(what: &str, specs: &[ValueSpec], got: usize) -> Option<String> {
    let fixed = specs.iter().filter(|s| s.arity == Arity::One).count();
    let open = specs.last().map(|s| s.arity);
    let ok = match open {
        Some(Arity::Optional) => got == fixed || got == fixed + 1,
        Some(Arity::Variadic) => got >= fixed,
        _ => got == fixed,
    };
    if ok {
        return None;
    }
    let plural = if what == "operand" { "operands" } else { "results" };
    Some(match (open, fixed) {
        (Some(Arity::Optional), _) => format!("expected {fixed} or {} {plural}, but found {got}", fixed + 1),
        (Some(Arity::Variadic), _) => format!("expected {fixed} or more {plural}, but found {got}"),
        (_, 0) => format!("requires zero {plural}"),
        (_, 1) if what == "operand" => "requires a single operand".into(),
        (_, 1) => "requires one result".into(),
        _ => format!("expected {fixed} {plural}, but found {got}"),
    })
}

impl Signature {
    /// Checks `op` against the declaration: the number and types of its
    /// operands and results, and its properties.
    pub fn verify(&self, ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
        for (what, specs, values) in
            [("operand", self.operands, ctx.operands(op)), ("result", self.results, ctx.results(op))]
        {
            if let Some(msg) = count_error(what, specs, values.len()) {
                return Err(op_error(ctx, op, msg));
            }
            for (i, v) in values.iter().enumerate() {
                let spec = &specs[i.min(specs.len() - 1)];
                let t = ctx.value_type(*v);
                if !spec.ty.accepts(t) {
                    return Err(op_error(
                        ctx,
                        op,
                        format!("{what} #{i} must be {}, but got '{t}'", spec.ty.describe()),
                    ));
                }
            }
        }
        for p in self.properties {
            match ctx.prop(op, p.name) {
                None if p.required => return Err(op_error(ctx, op, format!("requires attribute '{}'", p.name))),
                Some(a) if !p.kind.accepts(a) => {
                    return Err(op_error(
                        ctx,
                        op,
                        format!("attribute '{}' failed to satisfy constraint: {}", p.name, p.kind.describe()),
                    ))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// True if `name` is a declared property.
    pub fn has_property(&self, name: &str) -> bool {
        self.properties.iter().any(|p| p.name == name)
    }

    /// The signature in one line for the docs: `(buffer: !par.buf, index:
    /// index) -> (value: any type)`; properties are listed with their
    /// kinds.
    pub fn describe(&self) -> String {
        let list = |specs: &[ValueSpec]| {
            let items: Vec<String> = specs
                .iter()
                .map(|s| {
                    let mark = match s.arity {
                        Arity::One => "",
                        Arity::Optional => "?",
                        Arity::Variadic => "*",
                    };
                    format!("{}{mark}: {}", s.name, s.ty.describe())
                })
                .collect();
            format!("({})", items.join(", "))
        };
        let mut out = format!("{} -> {}", list(self.operands), list(self.results));
        if !self.properties.is_empty() {
            let props: Vec<String> = self
                .properties
                .iter()
                .map(|p| {
                    let opt = if p.required { "" } else { "?" };
                    format!("{}{opt}: {}", p.name, p.kind.describe())
                })
                .collect();
            out.push_str(&format!(" {{{}}}", props.join(", ")));
        }
        out
    }
}
