//! Builtin types and opaque dialect types.
//!
//! Types are immutable values; composite types share their parts through `Arc`,
//! so cloning a type is cheap. `Display` prints MLIR's syntax exactly.

use std::collections::HashSet;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use crate::attributes::Attribute;

/// Marker for a dynamic dimension in shaped types (`?`).
pub const DYNAMIC: i64 = i64::MIN;

/// Signedness semantics of an integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`: no sign semantics; operations decide.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// The builtin floating-point formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// IEEE half precision.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single precision.
    F32,
    /// IEEE double precision.
    F64,
    /// x87 extended precision.
    F80,
    /// IEEE quad precision.
    F128,
    /// NVIDIA TensorFloat-32.
    TF32,
}

impl FloatKind {
    /// The keyword that spells this format.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
            FloatKind::TF32 => "tf32",
        }
    }

    /// Significand bits, the implicit leading one included.
    pub fn precision(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::TF32 => 11,
            FloatKind::BF16 => 8,
            FloatKind::F32 => 24,
            FloatKind::F64 => 53,
            FloatKind::F80 => 64,
            FloatKind::F128 => 113,
        }
    }

    /// The exponent of the largest finite value (`2^max_exponent` times
    /// the largest significand).
    pub fn max_exponent(self) -> i32 {
        match self {
            FloatKind::F16 => 15,
            FloatKind::BF16 | FloatKind::F32 | FloatKind::TF32 => 127,
            FloatKind::F64 => 1023,
            FloatKind::F80 | FloatKind::F128 => 16383,
        }
    }

    /// Bits in the format.
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 | FloatKind::TF32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
        }
    }

    /// Parses a float keyword.
    pub fn from_keyword(s: &str) -> Option<FloatKind> {
        Some(match s {
            "f16" => FloatKind::F16,
            "bf16" => FloatKind::BF16,
            "f32" => FloatKind::F32,
            "f64" => FloatKind::F64,
            "f80" => FloatKind::F80,
            "f128" => FloatKind::F128,
            "tf32" => FloatKind::TF32,
            _ => return None,
        })
    }
}

/// A function type `(inputs) -> results`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionType {
    /// Argument types.
    pub inputs: Vec<Type>,
    /// Result types.
    pub results: Vec<Type>,
}

/// A shaped type: `vector`, `tensor` or `memref`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShapedType {
    /// Dimensions; `None` means unranked (`tensor<*xf32>`). Dynamic sizes are [`DYNAMIC`].
    pub shape: Option<Vec<i64>>,
    /// For vectors: which dimensions are scalable (`[4]`).
    pub scalable: Vec<bool>,
    /// Element type.
    pub element: Type,
    /// Trailing parameters: tensor encoding, memref layout and memory space.
    pub params: Vec<Attribute>,
}

/// A type owned by a dialect.
///
/// `!foo.bar<i32, !foo.baz>` has dialect `foo`, mnemonic `bar` and the type
/// parameters `i32` and `!foo.baz`, parsed once when the type is made: a
/// type whose parameters are all types (every type of this compiler's
/// dialects) is *structured*, and its text is printed from its parts.
/// Others (`!foo.bar<1, "x">`, the opaque form `!foo<"x">`) keep their body
/// as written and have no type parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DialectType {
    /// The dialect namespace.
    pub dialect: String,
    /// Everything after the namespace (and the dot, for the pretty form).
    pub body: String,
    mnemonic_len: usize,
    params: Option<Vec<Type>>,
}

impl DialectType {
    /// A structured type `!dialect.mnemonic<params>` (`!dialect.mnemonic`
    /// without parameters).
    pub fn new(dialect: &str, mnemonic: &str, params: Vec<Type>) -> DialectType {
        let mut body = mnemonic.to_string();
        if !params.is_empty() {
            let list: Vec<String> = params.iter().map(Type::to_string).collect();
            body.push_str(&format!("<{}>", list.join(", ")));
        }
        DialectType { dialect: dialect.into(), body, mnemonic_len: mnemonic.len(), params: Some(params) }
    }

    /// A type kept as its body text, with no type parameters.
    pub fn opaque(dialect: &str, body: &str) -> DialectType {
        let mnemonic_len = body.find('<').unwrap_or(body.len());
        DialectType { dialect: dialect.into(), body: body.into(), mnemonic_len, params: None }
    }

    /// The mnemonic of a pretty dialect type (`bar` in `!foo.bar<1>`), or `""`.
    pub fn mnemonic(&self) -> &str {
        &self.body[..self.mnemonic_len]
    }

    /// The type parameters of a structured type (empty for
    /// `!foo.bar`); `None` for a type kept as text.
    pub fn type_params(&self) -> Option<&[Type]> {
        self.params.as_deref()
    }

    /// The one type parameter of a structured `!foo.bar<T>`.
    pub fn single_param(&self) -> Option<&Type> {
        match self.type_params()? {
            [t] => Some(t),
            _ => None,
        }
    }
}

/// A type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `iN`, `siN`, `uiN`.
    Integer {
        /// Bit width (0 to 2^24 - 1).
        width: u32,
        /// Sign semantics.
        signedness: Signedness,
    },
    /// `index`: a target-sized integer.
    Index,
    /// A floating-point type.
    Float(FloatKind),
    /// `none`.
    None,
    /// `(T, ...) -> (T, ...)`.
    Function(Arc<FunctionType>),
    /// `tuple<T, ...>`.
    Tuple(Arc<Vec<Type>>),
    /// `complex<T>`.
    Complex(Arc<Type>),
    /// `vector<4x[8]xf32>`.
    Vector(Arc<ShapedType>),
    /// `tensor<?x4xf32>`, `tensor<*xf32>`.
    Tensor(Arc<ShapedType>),
    /// `memref<4xf32, 1>`, `memref<*xf32>`.
    MemRef(Arc<ShapedType>),
    /// A type of some dialect: `!d.t<...>`.
    Dialect(Arc<DialectType>),
}

impl Type {
    /// `iN` (signless).
    pub fn int(width: u32) -> Type {
        Type::Integer { width, signedness: Signedness::Signless }
    }
    /// `i1`.
    pub fn i1() -> Type {
        Type::int(1)
    }
    /// `i32`.
    pub fn i32() -> Type {
        Type::int(32)
    }
    /// `i64`.
    pub fn i64() -> Type {
        Type::int(64)
    }
    /// `f32`.
    pub fn f32() -> Type {
        Type::Float(FloatKind::F32)
    }
    /// `f64`.
    pub fn f64() -> Type {
        Type::Float(FloatKind::F64)
    }
    /// A function type.
    pub fn function(inputs: Vec<Type>, results: Vec<Type>) -> Type {
        Type::Function(Arc::new(FunctionType { inputs, results }))
    }
    /// A structured dialect type `!dialect.mnemonic<params>`.
    pub fn dialect(dialect: &str, mnemonic: &str, params: Vec<Type>) -> Type {
        Type::interned(DialectType::new(dialect, mnemonic, params))
    }
    /// The type `d`, uniqued: every equal dialect type shares one
    /// allocation, so comparing two is comparing two pointers (as MLIR
    /// uniques types in its context). Types are made without a context
    /// (`graph::types::node()`), so the uniquer is the process's.
    pub fn interned(d: DialectType) -> Type {
        static UNIQUED: OnceLock<Mutex<HashSet<Arc<DialectType>>>> = OnceLock::new();
        let mut set = UNIQUED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = set.get(&d) {
            return Type::Dialect(t.clone());
        }
        let t = Arc::new(d);
        set.insert(t.clone());
        Type::Dialect(t)
    }

    /// True for any integer type (not `index`).
    pub fn is_integer(&self) -> bool {
        matches!(self, Type::Integer { .. })
    }
    /// True for signless integers (any width).
    pub fn is_signless_integer(&self) -> bool {
        matches!(self, Type::Integer { signedness: Signedness::Signless, .. })
    }
    /// True for signless integers or `index`.
    pub fn is_signless_int_or_index(&self) -> bool {
        self.is_signless_integer() || *self == Type::Index
    }
    /// True for a floating-point type.
    pub fn is_float(&self) -> bool {
        matches!(self, Type::Float(_))
    }
    /// The integer bit width, if this is an integer.
    pub fn int_width(&self) -> Option<u32> {
        match self {
            Type::Integer { width, .. } => Some(*width),
            _ => None,
        }
    }
    /// The float format, if this is a float.
    pub fn float_kind(&self) -> Option<FloatKind> {
        match self {
            Type::Float(k) => Some(*k),
            _ => None,
        }
    }
    /// The function type, if this is one.
    pub fn as_function(&self) -> Option<&FunctionType> {
        match self {
            Type::Function(f) => Some(f),
            _ => None,
        }
    }
    /// The element type of a vector or tensor, else the type itself.
    pub fn element_or_self(&self) -> &Type {
        match self {
            Type::Vector(s) | Type::Tensor(s) => &s.element,
            t => t,
        }
    }
    /// True if this is a type owned by `dialect` with the given mnemonic.
    pub fn is_dialect_type(&self, dialect: &str, mnemonic: &str) -> bool {
        matches!(self, Type::Dialect(d) if d.dialect == dialect && d.mnemonic() == mnemonic)
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, items: &[Type]) -> fmt::Result {
    for (i, t) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

/// Types separated by `, ` (for messages).
pub fn join_types(ts: &[Type]) -> String {
    ts.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
}

/// Writes a result list as MLIR does: a single non-function type bare, else parenthesized.
pub fn write_result_types(f: &mut impl fmt::Write, results: &[Type]) -> fmt::Result {
    if results.len() == 1 && !matches!(results[0], Type::Function(_)) {
        write!(f, "{}", results[0])
    } else {
        f.write_char('(')?;
        for (i, t) in results.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{t}")?;
        }
        f.write_char(')')
    }
}

fn write_shape(f: &mut fmt::Formatter<'_>, s: &ShapedType) -> fmt::Result {
    match &s.shape {
        None => f.write_str("*x")?,
        Some(dims) => {
            for (i, d) in dims.iter().enumerate() {
                let scalable = s.scalable.get(i).copied().unwrap_or(false);
                if scalable {
                    f.write_str("[")?;
                }
                if *d == DYNAMIC {
                    f.write_str("?")?;
                } else {
                    write!(f, "{d}")?;
                }
                if scalable {
                    f.write_str("]")?;
                }
                f.write_str("x")?;
            }
        }
    }
    write!(f, "{}", s.element)?;
    for p in &s.params {
        match p {
            // Integer memory spaces print bare, as MLIR does.
            Attribute::Integer { value, ty } if *ty == Type::i64() => write!(f, ", {value}")?,
            _ => write!(f, ", {p}")?,
        }
    }
    Ok(())
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Integer { width, signedness } => match signedness {
                Signedness::Signless => write!(f, "i{width}"),
                Signedness::Signed => write!(f, "si{width}"),
                Signedness::Unsigned => write!(f, "ui{width}"),
            },
            Type::Index => f.write_str("index"),
            Type::Float(k) => f.write_str(k.keyword()),
            Type::None => f.write_str("none"),
            Type::Function(ft) => {
                f.write_str("(")?;
                write_list(f, &ft.inputs)?;
                f.write_str(") -> ")?;
                let mut s = String::new();
                write_result_types(&mut s, &ft.results)?;
                f.write_str(&s)
            }
            Type::Tuple(ts) => {
                f.write_str("tuple<")?;
                write_list(f, ts)?;
                f.write_str(">")
            }
            Type::Complex(t) => write!(f, "complex<{t}>"),
            Type::Vector(s) => {
                f.write_str("vector<")?;
                write_shape(f, s)?;
                f.write_str(">")
            }
            Type::Tensor(s) => {
                f.write_str("tensor<")?;
                write_shape(f, s)?;
                f.write_str(">")
            }
            Type::MemRef(s) => {
                f.write_str("memref<")?;
                write_shape(f, s)?;
                f.write_str(">")
            }
            Type::Dialect(d) => {
                if d.body.starts_with('<') {
                    write!(f, "!{}{}", d.dialect, d.body)
                } else {
                    write!(f, "!{}.{}", d.dialect, d.body)
                }
            }
        }
    }
}

/// The body of a dialect type or attribute written `!d<BODY>` or `#d<BODY>`
/// (`body` with its angle brackets) in the form MLIR keeps and prints it:
/// `BODY` alone, as in `!d.BODY`, where it starts with a letter and holds
/// only letters, digits, `.` and `_` up to a `<...>` that ends it;
/// otherwise `body` as it is.
pub fn pretty_dialect_body(body: &str) -> &str {
    let Some(inner) = body.strip_prefix('<').and_then(|b| b.strip_suffix('>')) else { return body };
    if !inner.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return body;
    }
    let rest = inner.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
    if rest.is_empty() || (rest.starts_with('<') && rest.ends_with('>')) {
        inner
    } else {
        body
    }
}

/// Whether `t` is a scalar element type: `i1` to `i64`, `index`, `f32`, `f64`.
pub fn is_scalar_element(t: &Type) -> bool {
    matches!(
        t,
        Type::Integer { width: 1 | 8 | 16 | 32 | 64, signedness: Signedness::Signless }
            | Type::Index
            | Type::Float(FloatKind::F32 | FloatKind::F64)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_mlir_spelling() {
        assert_eq!(Type::int(7).to_string(), "i7");
        assert_eq!(Type::function(vec![Type::i32()], vec![Type::f32()]).to_string(), "(i32) -> f32");
        assert_eq!(Type::function(vec![], vec![]).to_string(), "() -> ()");
        assert_eq!(Type::interned(DialectType::opaque("foo", "t<1>")).to_string(), "!foo.t<1>");
        assert_eq!(Type::interned(DialectType::opaque("foo", "<\"x\">")).to_string(), "!foo<\"x\">");
        assert_eq!(pretty_dialect_body("<baz>"), "baz");
        assert_eq!(pretty_dialect_body("<a.b_c<i32, 4>>"), "a.b_c<i32, 4>");
        for kept in ["<>", "<\"x y\">", "<1x>", "<a b>", "<a<b>c>", "t<1>"] {
            assert_eq!(pretty_dialect_body(kept), kept);
        }
        let bar = Type::dialect("foo", "bar", vec![]);
        let t = Type::dialect("foo", "t", vec![Type::i32(), bar.clone()]);
        assert_eq!(t.to_string(), "!foo.t<i32, !foo.bar>");
        let Type::Dialect(d) = &t else { panic!("a dialect type") };
        assert_eq!((d.mnemonic(), d.type_params()), ("t", Some(&[Type::i32(), bar][..])));
        assert_eq!(DialectType::opaque("foo", "t<1>").type_params(), None);
    }

    #[test]
    fn equal_dialect_types_share_one_allocation() {
        let a = Type::dialect("foo", "t", vec![Type::i32()]);
        let b = Type::dialect("foo", "t", vec![Type::i32()]);
        let c = Type::dialect("foo", "t", vec![Type::i64()]);
        let (Type::Dialect(x), Type::Dialect(y), Type::Dialect(z)) = (&a, &b, &c) else { panic!("dialect types") };
        assert!(Arc::ptr_eq(x, y));
        assert!(!Arc::ptr_eq(x, z));
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
