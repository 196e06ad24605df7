//! Builtin attributes and opaque dialect attributes.
//!
//! Like types, attributes are immutable values with cheap clones, and
//! `Display` prints MLIR's syntax.

use std::fmt;
use std::sync::Arc;

use crate::types::{FloatKind, Signedness, Type};

/// A `name = value` entry of a dictionary.
pub type NamedAttr = (Arc<str>, Attribute);

/// The value list of a dense array (`array<i32: 1, 2>`).
#[derive(Clone, Debug)]
pub enum DenseValues {
    /// Integer (or `i1`) elements.
    Int(Vec<i128>),
    /// Float elements.
    Float(Vec<f64>),
}

impl PartialEq for DenseValues {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (DenseValues::Int(a), DenseValues::Int(b)) => a == b,
            (DenseValues::Float(a), DenseValues::Float(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
            }
            _ => false,
        }
    }
}

impl Eq for DenseValues {}

impl std::hash::Hash for DenseValues {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            DenseValues::Int(v) => v.hash(state),
            DenseValues::Float(v) => v.iter().for_each(|x| x.to_bits().hash(state)),
        }
    }
}

/// A floating-point attribute: the value's bits in the format of its type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FloatAttr {
    /// The format.
    pub kind: FloatKind,
    /// Raw bits in that format (for tf32: the bits of an f64 approximation).
    pub bits: u128,
}

impl FloatAttr {
    /// Rounds `v` to the format `kind`.
    pub fn from_f64(kind: FloatKind, v: f64) -> FloatAttr {
        let bits = match kind {
            FloatKind::F16 => half::f16::from_f64(v).to_bits().into(),
            FloatKind::BF16 => half::bf16::from_f64(v).to_bits().into(),
            FloatKind::F32 => (v as f32).to_bits().into(),
            FloatKind::F80 => crate::wide_float::f80_from_f64(v),
            FloatKind::F128 => crate::wide_float::f128_from_f64(v),
            FloatKind::F64 | FloatKind::TF32 => v.to_bits().into(),
        };
        FloatAttr { kind, bits }
    }

    /// True if raw hex bits are exact for this format.
    pub fn has_exact_bits(kind: FloatKind) -> bool {
        kind != FloatKind::TF32
    }

    /// Builds from raw bits of the format; `None` if the format is not bit-exact here or bits are too wide.
    pub fn from_bits(kind: FloatKind, bits: u128) -> Option<FloatAttr> {
        if !Self::has_exact_bits(kind) || (kind.width() < 128 && bits >> kind.width() != 0) {
            return None;
        }
        Some(FloatAttr { kind, bits })
    }

    /// The value as an f64 (the nearest one, for f80 and f128).
    pub fn value(&self) -> f64 {
        match self.kind {
            FloatKind::F16 => half::f16::from_bits(self.bits as u16).to_f64(),
            FloatKind::BF16 => half::bf16::from_bits(self.bits as u16).to_f64(),
            FloatKind::F32 => f32::from_bits(self.bits as u32) as f64,
            FloatKind::F80 => crate::wide_float::f80_to_f64(self.bits),
            FloatKind::F128 => crate::wide_float::f128_to_f64(self.bits),
            FloatKind::F64 | FloatKind::TF32 => f64::from_bits(self.bits as u64),
        }
    }
}

impl fmt::Display for FloatAttr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.value();
        // A wide value an f64 does not hold exactly prints in hexadecimal.
        let exact = v.is_finite() && FloatAttr::from_f64(self.kind, v) == *self;
        let text = if exact { crate::float_text::float_text(v, self.kind) } else { None };
        match text {
            Some(text) => f.write_str(&text),
            None if Self::has_exact_bits(self.kind) => {
                let digits = (self.kind.width() / 4) as usize;
                write!(f, "0x{:0digits$X}", self.bits)
            }
            // tf32 is held as an f64 approximation, whose bits are not
            // its own: the shortest decimal form of the approximation.
            None => write!(f, "{v:e}"),
        }
    }
}

/// A location attribute: where an operation or value comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// `loc(unknown)`.
    Unknown,
    /// `loc("file":line:col)`.
    FileLineCol {
        /// File name.
        file: Arc<str>,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        col: u32,
    },
    /// `loc("name")` or `loc("name"(child))`.
    Name {
        /// The name.
        name: Arc<str>,
        /// Optional child location.
        child: Option<Box<Location>>,
    },
    /// `loc("file":line:col to end_line:end_col)` (`to :end_col` on one line).
    FileLineColRange {
        /// File name.
        file: Arc<str>,
        /// 1-based first line.
        line: u32,
        /// 1-based first column.
        col: u32,
        /// Last line.
        end_line: u32,
        /// Last column.
        end_col: u32,
    },
    /// `loc(callsite(callee at caller))`.
    CallSite {
        /// Where the callee is.
        callee: Box<Location>,
        /// Where the call is.
        caller: Box<Location>,
    },
    /// `loc(fused<meta>[a, b])`.
    Fused {
        /// The fused locations.
        locs: Vec<Location>,
        /// Optional metadata attribute.
        metadata: Option<Box<Attribute>>,
    },
}

impl Location {
    /// A file location.
    pub fn file(file: &str, line: u32, col: u32) -> Location {
        Location::FileLineCol { file: file.into(), line, col }
    }

    /// `fused<metadata>[locs]` as MLIR builds it: fused locations with the
    /// same metadata are flattened into it, unknown ones dropped, repeats
    /// kept once; with no metadata, one location is itself and none is
    /// unknown (with metadata, none is `[unknown]`).
    pub fn fused(locs: Vec<Location>, metadata: Option<Box<Attribute>>) -> Location {
        let mut kept: Vec<Location> = Vec::new();
        let mut keep = |l: Location| {
            if l != Location::Unknown && !kept.contains(&l) {
                kept.push(l);
            }
        };
        for l in locs {
            match l {
                Location::Fused { locs: inner, metadata: m } if m == metadata => inner.into_iter().for_each(&mut keep),
                other => keep(other),
            }
        }
        match (kept.len(), &metadata) {
            (0, None) => Location::Unknown,
            (0, Some(_)) => Location::Fused { locs: vec![Location::Unknown], metadata },
            (1, None) => kept.pop().expect("one location"),
            _ => Location::Fused { locs: kept, metadata },
        }
    }

    /// The first file:line:col found inside this location.
    pub fn file_line_col(&self) -> Option<(&str, u32, u32)> {
        match self {
            Location::FileLineCol { file, line, col } | Location::FileLineColRange { file, line, col, .. } => {
                Some((file, *line, *col))
            }
            Location::Name { child, .. } => child.as_ref()?.file_line_col(),
            Location::CallSite { callee, caller } => callee.file_line_col().or_else(|| caller.file_line_col()),
            Location::Fused { locs, .. } => locs.iter().find_map(|l| l.file_line_col()),
            Location::Unknown => None,
        }
    }

    /// `file:line:col` for messages that point at another place, or `an unknown place`.
    pub fn short(&self) -> String {
        match self.file_line_col() {
            Some((f, l, c)) => format!("{f}:{l}:{c}"),
            None => "an unknown place".to_string(),
        }
    }
}

fn write_loc_body(f: &mut fmt::Formatter<'_>, l: &Location) -> fmt::Result {
    match l {
        Location::Unknown => f.write_str("unknown"),
        Location::FileLineCol { file, line, col } => write!(f, "{}:{line}:{col}", Quoted(file)),
        Location::FileLineColRange { file, line, col, end_line, end_col } if end_line == line => {
            write!(f, "{}:{line}:{col} to :{end_col}", Quoted(file))
        }
        Location::FileLineColRange { file, line, col, end_line, end_col } => {
            write!(f, "{}:{line}:{col} to {end_line}:{end_col}", Quoted(file))
        }
        Location::Name { name, child } => {
            write!(f, "{}", Quoted(name))?;
            if let Some(c) = child {
                f.write_str("(")?;
                write_loc_body(f, c)?;
                f.write_str(")")?;
            }
            Ok(())
        }
        Location::CallSite { callee, caller } => {
            f.write_str("callsite(")?;
            write_loc_body(f, callee)?;
            f.write_str(" at ")?;
            write_loc_body(f, caller)?;
            f.write_str(")")
        }
        Location::Fused { locs, metadata } => {
            f.write_str("fused")?;
            if let Some(m) = metadata {
                write!(f, "<{m}>")?;
            }
            f.write_str("[")?;
            for (i, l) in locs.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_loc_body(f, l)?;
            }
            f.write_str("]")
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("loc(")?;
        write_loc_body(f, self)?;
        f.write_str(")")
    }
}

/// An attribute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// `unit`: presence is the information.
    Unit,
    /// `true` / `false`.
    Bool(bool),
    /// `42 : i32`. The value is sign- or zero-extended from the type's width per its signedness.
    Integer {
        /// The value.
        value: i128,
        /// `iN` or `index`.
        ty: Type,
    },
    /// `1.5 : f32`.
    Float(FloatAttr),
    /// `"text"`, optionally typed.
    String(Arc<str>),
    /// A type used as an attribute.
    Type(Type),
    /// `[a, b]`.
    Array(Arc<Vec<Attribute>>),
    /// `array<i32: 1, 2>`.
    DenseArray {
        /// Element type.
        element: Type,
        /// The elements.
        values: Arc<DenseValues>,
    },
    /// `{a = 1, b}`, kept sorted by name.
    Dictionary(Arc<Vec<NamedAttr>>),
    /// `@root::@nested`.
    SymbolRef {
        /// The root symbol.
        root: Arc<str>,
        /// Nested references.
        nested: Arc<Vec<Arc<str>>>,
    },
    /// A location used as an attribute value.
    Location(Box<Location>),
    /// An attribute owned by a dialect, kept as text: `#d.x<...>` has dialect `d`, body `x<...>`.
    Dialect {
        /// Namespace.
        dialect: Arc<str>,
        /// Text after the namespace (and its dot, in the pretty form).
        body: Arc<str>,
    },
    /// A builtin attribute kept as its exact text (`dense<...> : tensor<2xi32>`, `affine_map<...>`, ...).
    Verbatim(Arc<str>),
}

impl Attribute {
    /// An integer attribute, normalized to the type's width.
    pub fn int(value: i128, ty: Type) -> Attribute {
        Attribute::Integer { value: normalize_int(value, &ty), ty }
    }
    /// A string attribute.
    pub fn string(s: &str) -> Attribute {
        Attribute::String(s.into())
    }
    /// A flat symbol reference `@name`.
    pub fn symbol(name: &str) -> Attribute {
        Attribute::SymbolRef { root: name.into(), nested: Arc::new(Vec::new()) }
    }
    /// A dictionary; entries are sorted by name.
    pub fn dictionary(mut entries: Vec<NamedAttr>) -> Attribute {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        Attribute::Dictionary(Arc::new(entries))
    }
    /// A dialect attribute.
    pub fn dialect(dialect: &str, body: &str) -> Attribute {
        Attribute::Dialect { dialect: dialect.into(), body: body.into() }
    }
    /// The integer value, for integer and bool attributes.
    pub fn as_int(&self) -> Option<i128> {
        match self {
            Attribute::Integer { value, .. } => Some(*value),
            Attribute::Bool(b) => Some(*b as i128),
            _ => None,
        }
    }
    /// The string value.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Attribute::String(s) => Some(s),
            _ => None,
        }
    }
    /// The type value.
    pub fn as_type(&self) -> Option<&Type> {
        match self {
            Attribute::Type(t) => Some(t),
            _ => None,
        }
    }
    /// The entries of a dictionary.
    pub fn as_dict(&self) -> Option<&[NamedAttr]> {
        match self {
            Attribute::Dictionary(d) => Some(d),
            _ => None,
        }
    }
    /// The elements of an array.
    pub fn as_array(&self) -> Option<&[Attribute]> {
        match self {
            Attribute::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The root name of a flat symbol reference.
    pub fn as_flat_symbol(&self) -> Option<&str> {
        match self {
            Attribute::SymbolRef { root, nested } if nested.is_empty() => Some(root),
            _ => None,
        }
    }
    /// The integer elements of a dense array.
    pub fn as_dense_ints(&self) -> Option<&[i128]> {
        match self {
            Attribute::DenseArray { values, .. } => match &**values {
                DenseValues::Int(v) => Some(v),
                DenseValues::Float(_) => None,
            },
            _ => None,
        }
    }
    /// The type a typed attribute carries (integer, bool, float).
    pub fn value_type(&self) -> Option<Type> {
        match self {
            Attribute::Integer { ty, .. } => Some(ty.clone()),
            Attribute::Bool(_) => Some(Type::i1()),
            Attribute::Float(f) => Some(Type::Float(f.kind)),
            _ => None,
        }
    }
    /// The body of a dialect attribute `#dialect.mnemonic<...>`, if it matches.
    pub fn dialect_params(&self, dialect: &str, mnemonic: &str) -> Option<&str> {
        match self {
            Attribute::Dialect { dialect: d, body } if &**d == dialect => {
                body.strip_prefix(mnemonic)?.strip_prefix('<')?.strip_suffix('>')
            }
            _ => None,
        }
    }
}

/// Sign- or zero-extends `value` from the width of `ty` according to its signedness.
pub fn normalize_int(value: i128, ty: &Type) -> i128 {
    match ty {
        Type::Integer { width, signedness } if *width < 128 => {
            let w = *width;
            let mask = (1i128 << w) - 1;
            let low = value & mask;
            if *signedness == Signedness::Unsigned || w == 0 {
                low
            } else if (low >> (w - 1)) & 1 == 1 {
                low - (1i128 << w)
            } else {
                low
            }
        }
        Type::Index => value as i64 as i128,
        _ => value,
    }
}

/// Checks that a literal fits the integer type (as signed or unsigned, for signless types).
pub fn int_fits(value: i128, ty: &Type) -> bool {
    let (w, s) = match ty {
        Type::Integer { width, signedness } => (*width, *signedness),
        Type::Index => (64, Signedness::Signless),
        _ => return false,
    };
    if w >= 128 {
        return true;
    }
    if w == 0 {
        // `i0` holds one value.
        return value == 0;
    }
    let smin = -(1i128 << (w - 1).min(126));
    let smax = (1i128 << (w - 1).min(126)) - 1;
    let umax = (1i128 << w) - 1;
    match s {
        Signedness::Signed => value >= smin && value <= smax,
        Signedness::Unsigned => value >= 0 && value <= umax,
        Signedness::Signless => value >= smin && value <= umax,
    }
}

/// Writes a string literal with MLIR's escapes.
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for b in self.0.bytes() {
            match b {
                b'\\' => f.write_str("\\\\")?,
                0x20..=0x7e if b != b'"' => write!(f, "{}", b as char)?,
                _ => write!(f, "\\{b:02X}")?,
            }
        }
        f.write_str("\"")
    }
}

/// True if `s` can be printed as a bare identifier (`[a-zA-Z_][a-zA-Z0-9_$.]*`).
pub fn is_bare_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

/// Writes a symbol name: `@name` or `@"quoted name"`.
pub struct SymbolName<'a>(pub &'a str);

impl fmt::Display for SymbolName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if is_bare_identifier(self.0) {
            write!(f, "@{}", self.0)
        } else {
            write!(f, "@{}", Quoted(self.0))
        }
    }
}

/// Writes the entries of a dictionary, `{` and `}` excluded.
pub fn write_dict_entries(f: &mut impl fmt::Write, entries: &[NamedAttr]) -> fmt::Result {
    for (i, (k, v)) in entries.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        if is_bare_identifier(k) {
            f.write_str(k)?;
        } else {
            write!(f, "{}", Quoted(k))?;
        }
        if *v != Attribute::Unit {
            write!(f, " = {v}")?;
        }
    }
    Ok(())
}

impl fmt::Display for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Attribute::Unit => f.write_str("unit"),
            Attribute::Bool(b) => write!(f, "{b}"),
            Attribute::Integer { value, ty } => {
                if *ty == Type::i1() {
                    write!(f, "{}", *value != 0)
                } else {
                    write!(f, "{value} : {ty}")
                }
            }
            Attribute::Float(v) => write!(f, "{v} : {}", v.kind.keyword()),
            Attribute::String(s) => write!(f, "{}", Quoted(s)),
            Attribute::Type(t) => write!(f, "{t}"),
            Attribute::Array(items) => {
                f.write_str("[")?;
                for (i, a) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    // As MLIR prints array elements: the default types
                    // (i64 integers, f64 floats) are left out, except after
                    // a float written in hexadecimal, which would read back
                    // as an integer.
                    match a {
                        Attribute::Integer { value, ty } if *ty == Type::int(64) => write!(f, "{value}")?,
                        Attribute::Float(v) if v.kind == FloatKind::F64 && !v.to_string().contains("0x") => {
                            write!(f, "{v}")?
                        }
                        _ => write!(f, "{a}")?,
                    }
                }
                f.write_str("]")
            }
            Attribute::DenseArray { element, values } => {
                write!(f, "array<{element}")?;
                let kind = element.float_kind();
                let write_sep = |f: &mut fmt::Formatter<'_>, i: usize| f.write_str(if i == 0 { ": " } else { ", " });
                match &**values {
                    DenseValues::Int(v) => {
                        for (i, x) in v.iter().enumerate() {
                            write_sep(f, i)?;
                            if *element == Type::i1() {
                                write!(f, "{}", *x != 0)?;
                            } else {
                                write!(f, "{x}")?;
                            }
                        }
                    }
                    DenseValues::Float(v) => {
                        for (i, x) in v.iter().enumerate() {
                            write_sep(f, i)?;
                            write!(f, "{}", FloatAttr::from_f64(kind.unwrap_or(FloatKind::F64), *x))?;
                        }
                    }
                }
                f.write_str(">")
            }
            Attribute::Dictionary(entries) => {
                f.write_str("{")?;
                write_dict_entries(f, entries)?;
                f.write_str("}")
            }
            Attribute::SymbolRef { root, nested } => {
                write!(f, "{}", SymbolName(root))?;
                for n in nested.iter() {
                    write!(f, "::{}", SymbolName(n))?;
                }
                Ok(())
            }
            Attribute::Location(l) => write!(f, "{l}"),
            Attribute::Dialect { dialect, body } => {
                if body.starts_with('<') {
                    write!(f, "#{dialect}{body}")
                } else {
                    write!(f, "#{dialect}.{body}")
                }
            }
            Attribute::Verbatim(s) => f.write_str(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_mlir() {
        assert_eq!(FloatAttr::from_f64(FloatKind::F64, 0.1).to_string(), "1.000000e-01");
        assert_eq!(FloatAttr::from_f64(FloatKind::F32, 1.0).to_string(), "1.000000e+00");
        assert_eq!(FloatAttr::from_f64(FloatKind::F32, f64::NAN).to_string(), "0x7FC00000");
        assert_eq!(FloatAttr::from_f64(FloatKind::F64, 0.123456789).to_string(), "0.123456789");
        assert_eq!(FloatAttr::from_f64(FloatKind::F64, f64::NEG_INFINITY).to_string(), "0xFFF0000000000000");
    }

    #[test]
    fn integers_normalize_to_width() {
        assert_eq!(normalize_int(255, &Type::int(8)), -1);
        assert_eq!(normalize_int(-1, &Type::Integer { width: 8, signedness: Signedness::Unsigned }), 255);
        assert!(int_fits(255, &Type::int(8)));
        assert!(!int_fits(256, &Type::int(8)));
        assert!(!int_fits(-129, &Type::int(8)));
    }

    #[test]
    fn dictionaries_sort_and_print_unit_entries_bare() {
        let d =
            Attribute::dictionary(vec![("b".into(), Attribute::Unit), ("a".into(), Attribute::int(1, Type::i64()))]);
        assert_eq!(d.to_string(), "{a = 1 : i64, b}");
    }
}
