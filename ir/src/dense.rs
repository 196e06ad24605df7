//! `dense<...>` literals of integers, booleans and floats: their elements
//! read against the vector or tensor type written after them, checked as
//! MLIR checks them, and printed as MLIR prints them (`dense<[1, 2]>`, a
//! splat `dense<0>` when every element is the same, floats as
//! [`crate::float_text`] writes them).

use crate::attributes::{normalize_int, Attribute, FloatAttr};
use crate::parser::parse_int_literal;
use crate::types::{FloatKind, Signedness, Type};

/// A dense literal's elements.
#[derive(Clone, Debug, PartialEq)]
pub enum Elements {
    /// One element in every position.
    Splat(Attribute),
    /// Every element, in row-major order.
    List(Vec<Attribute>),
}

/// Why a literal is rejected, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct LiteralError {
    /// Byte offset in the body (the text between `dense<` and `>`), or
    /// `None` for the literal as a whole.
    pub offset: Option<usize>,
    /// MLIR's message.
    pub message: String,
    /// A note at the same place, where MLIR gives one.
    pub note: Option<&'static str>,
}

/// The element type of the shaped types whose dense literals are read here.
fn readable_element(ty: &Type) -> Option<(&Type, Vec<i64>)> {
    let (Type::Vector(s) | Type::Tensor(s)) = ty else { return None };
    let dims = s.shape.clone()?;
    if dims.iter().any(|d| *d < 0) {
        return None;
    }
    let e = &s.element;
    (e.is_integer() || *e == Type::Index || e.float_kind().is_some()).then_some((e, dims))
}

/// Reads the body of `dense<body> : ty`. `Ok(None)` where this module does
/// not interpret the literal (strings, complex numbers, other element types,
/// dynamic shapes): it is then kept as written.
pub fn read(body: &str, ty: &Type) -> Result<Option<Elements>, LiteralError> {
    if body.contains('(') {
        check_complex(body, ty)?;
        return Ok(None);
    }
    let Some((element, dims)) = readable_element(ty) else { return Ok(None) };
    let count: usize = dims.iter().map(|d| *d as usize).product();
    if body.trim_start().starts_with('"') {
        return read_hex(body, ty, element, count);
    }
    if body.trim().is_empty() {
        return match count {
            0 => Ok(Some(Elements::List(Vec::new()))),
            _ => Err(LiteralError {
                offset: None,
                message: format!("parsed zero elements, but type ('{ty}') expected at least 1"),
                note: None,
            }),
        };
    }
    let mut reader = Reader { text: body, pos: 0, element: Some(element), values: Vec::new() };
    reader.skip_space();
    let is_list = reader.peek() == Some(b'[');
    let shape = reader.value()?;
    let value_end = reader.pos;
    reader.skip_space();
    if reader.pos != body.len() {
        // Where MLIR reports a wrong token: right after the literal.
        return Err(at(value_end, "expected '>'"));
    }
    if !is_list {
        return Ok(reader.values.pop().map(Elements::Splat));
    }
    let expected: Vec<usize> = dims.iter().map(|d| *d as usize).collect();
    if shape != expected {
        let show = |s: &[usize]| s.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        return Err(LiteralError {
            offset: None,
            message: format!(
                "inferred shape of elements literal ([{}]) does not match type ([{}])",
                show(&shape),
                show(&expected)
            ),
            note: None,
        });
    }
    Ok(Some(Elements::List(reader.values)))
}

fn at(offset: usize, message: &str) -> LiteralError {
    let note = (message == INT_FOR_FLOAT).then_some("add a trailing dot to make the literal a float");
    LiteralError { offset: Some(offset), message: message.into(), note }
}

const INT_FOR_FLOAT: &str = "unexpected decimal integer literal for a floating point value";

struct Reader<'a> {
    text: &'a str,
    pos: usize,
    /// Each element's type; `None` for strings (read for their places
    /// only: each a `Unit` in `values`).
    element: Option<&'a Type>,
    values: Vec<Attribute>,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// A list or an element; gives its shape.
    fn value(&mut self) -> Result<Vec<usize>, LiteralError> {
        self.skip_space();
        if self.peek() != Some(b'[') {
            self.element()?;
            return Ok(Vec::new());
        }
        self.pos += 1;
        self.skip_space();
        let mut shapes: Vec<Vec<usize>> = Vec::new();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(vec![0]);
        }
        loop {
            shapes.push(self.value()?);
            self.skip_space();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => break,
                _ => return Err(at(self.pos, "expected ',' or ']'")),
            }
        }
        let close = self.pos;
        self.pos += 1;
        if shapes.iter().any(|s| *s != shapes[0]) {
            return Err(at(close, "tensor literal is invalid; ranks are not consistent between elements"));
        }
        let mut shape = vec![shapes.len()];
        shape.extend_from_slice(&shapes[0]);
        Ok(shape)
    }

    /// The element token here, up to a bracket, comma or blank, and where
    /// it starts.
    fn token(&mut self) -> (usize, &'a str) {
        let start = self.pos;
        while self.peek().is_some_and(|c| !matches!(c, b',' | b']' | b'[' | b'(' | b')') && !c.is_ascii_whitespace()) {
            self.pos += 1;
        }
        (start, &self.text[start..self.pos])
    }

    fn element(&mut self) -> Result<(), LiteralError> {
        let Some(element) = self.element else { return self.string() };
        let (start, token) = self.token();
        let value = scalar(token, element).map_err(|m| at(start, m))?;
        self.values.push(value);
        Ok(())
    }

    /// A string element, `"..."` with its escapes.
    fn string(&mut self) -> Result<(), LiteralError> {
        if self.peek() != Some(b'"') {
            let (start, token) = self.token();
            return Err(at(start, &format!("expected string token, got {token}")));
        }
        let (start, bytes) = (self.pos, self.text.as_bytes());
        let mut i = start + 1;
        while i < bytes.len() && bytes[i] != b'"' {
            i += if bytes[i] == b'\\' { 2 } else { 1 };
        }
        if i >= bytes.len() {
            return Err(at(start, "expected '\"' to end the string"));
        }
        self.pos = i + 1;
        self.values.push(Attribute::Unit);
        Ok(())
    }
}

/// How MLIR lays out an element in its raw buffer: `i1` as bits, other
/// integers in whole bytes, floats of 16, 32 and 64 bits in their bytes.
enum Storage {
    Bits,
    Bytes(usize),
}

fn storage(e: &Type) -> Option<Storage> {
    if *e == Type::i1() {
        return Some(Storage::Bits);
    }
    if let Some(kind) = e.float_kind() {
        return match kind {
            FloatKind::F16 | FloatKind::BF16 => Some(Storage::Bytes(2)),
            FloatKind::F32 => Some(Storage::Bytes(4)),
            FloatKind::F64 => Some(Storage::Bytes(8)),
            _ => None,
        };
    }
    let width = if *e == Type::Index { 64 } else { e.int_width()? };
    (width <= 128).then(|| Storage::Bytes((width as usize).div_ceil(8)))
}

/// `dense<"0x...">`: the elements' raw bytes in hex, little-endian (bits for
/// `i1`), one element's worth for a splat.
fn read_hex(body: &str, ty: &Type, e: &Type, count: usize) -> Result<Option<Elements>, LiteralError> {
    let start = body.find('"').unwrap_or(0);
    let text = body.trim();
    let digits = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .and_then(|t| t.strip_prefix("0x"))
        .filter(|d| d.len() % 2 == 0 && d.bytes().all(|c| c.is_ascii_hexdigit()));
    let Some(digits) = digits else {
        return Err(at(start, "expected string containing hex digits starting with `0x`"));
    };
    let bytes: Vec<u8> =
        (0..digits.len()).step_by(2).map(|i| u8::from_str_radix(&digits[i..i + 2], 16).unwrap_or(0)).collect();
    let bad_size = || LiteralError {
        offset: None,
        message: format!("elements hex data size is invalid for provided type: '{ty}'"),
        note: None,
    };
    let Some(layout) = storage(e) else { return Ok(None) };
    let value = |chunk: &[u8]| -> Attribute {
        let raw = chunk.iter().rev().fold(0u128, |v, b| (v << 8) | u128::from(*b));
        match e.float_kind() {
            Some(kind) => FloatAttr::from_bits(kind, raw).map_or(Attribute::Unit, Attribute::Float),
            None => Attribute::int(normalize_int(raw as i128, e), e.clone()),
        }
    };
    match layout {
        Storage::Bits if bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xFF) => {
            Ok(Some(Elements::Splat(Attribute::Bool(bytes[0] != 0))))
        }
        Storage::Bits if bytes.len() == count.div_ceil(8) => {
            Ok(Some(Elements::List((0..count).map(|i| Attribute::Bool(bytes[i / 8] >> (i % 8) & 1 == 1)).collect())))
        }
        Storage::Bytes(n) if bytes.len() == n => Ok(Some(Elements::Splat(value(&bytes)))),
        Storage::Bytes(n) if bytes.len() == n * count => Ok(Some(Elements::List(bytes.chunks(n).map(value).collect()))),
        _ => Err(bad_size()),
    }
}

/// The elements in MLIR's raw-buffer hex form, `"0x..."`, where their
/// layout is known.
fn hex_text(list: &[Attribute], e: &Type) -> Option<String> {
    let mut bytes = Vec::new();
    match storage(e)? {
        Storage::Bits => {
            bytes.resize(list.len().div_ceil(8), 0u8);
            for (i, a) in list.iter().enumerate() {
                if matches!(a, Attribute::Bool(true)) {
                    bytes[i / 8] |= 1 << (i % 8);
                }
            }
        }
        Storage::Bytes(n) => {
            for a in list {
                let raw = match a {
                    // The element's own bits, not its sign extension.
                    Attribute::Integer { value, ty } => {
                        let width = if *ty == Type::Index { 64 } else { ty.int_width().unwrap_or(64) };
                        (*value as u128) & (u128::MAX >> (128 - width.clamp(1, 128)))
                    }
                    Attribute::Float(f) => f.bits,
                    _ => return None,
                };
                bytes.extend((0..n).map(|i| (raw >> (8 * i)) as u8));
            }
        }
    }
    Some(format!("\"0x{}\"", bytes.iter().map(|b| format!("{b:02X}")).collect::<String>()))
}

/// One element, read as `e`.
fn scalar(token: &str, e: &Type) -> Result<Attribute, &'static str> {
    if token.starts_with('"') {
        // A string among numbers: upstream reads it as a number and fails.
        return Err(if e.float_kind().is_some() {
            "expected floating point literal"
        } else {
            "integer constant out of range for type"
        });
    }
    let is_bool = matches!(token, "true" | "false");
    let digits = token.strip_prefix('-').unwrap_or(token);
    let is_hex = digits.starts_with("0x");
    let is_int = !digits.is_empty() && (is_hex || digits.bytes().all(|c| c.is_ascii_digit()));
    let is_float = !is_int
        && digits.bytes().next().is_some_and(|c| c.is_ascii_digit())
        && digits.parse::<f64>().is_ok()
        && digits.bytes().all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-'));
    if let Some(kind) = e.float_kind() {
        if is_float {
            return Ok(Attribute::Float(FloatAttr::from_f64(
                kind,
                token.parse::<f64>().map_err(|_| "expected element literal of primitive type")?,
            )));
        }
        if is_hex {
            if token.starts_with('-') {
                return Err("hexadecimal float literal should not have a leading minus");
            }
            let bits = u128::from_str_radix(&digits[2..], 16)
                .map_err(|_| "hexadecimal float constant out of range for type")?;
            return FloatAttr::from_bits(kind, bits)
                .map(Attribute::Float)
                .ok_or("hexadecimal float constant out of range for type");
        }
        if is_int {
            return Err(INT_FOR_FLOAT);
        }
        if is_bool {
            return Err("expected floating point literal");
        }
        return Err("expected element literal of primitive type");
    }
    let width = e.int_width().unwrap_or(64);
    if is_bool {
        return if *e == Type::i1() {
            Ok(Attribute::Bool(token == "true"))
        } else {
            Err("expected i1 type for 'true' or 'false' values")
        };
    }
    if is_float {
        return Err("expected integer elements, but parsed floating-point");
    }
    if !is_int {
        return Err("expected element literal of primitive type");
    }
    let negative = token.starts_with('-');
    if negative && matches!(e, Type::Integer { signedness: Signedness::Unsigned, .. }) {
        return Err("expected unsigned integer elements, but parsed negative value");
    }
    let magnitude = parse_int_literal(digits).ok_or("integer constant out of range for type")?;
    let v = if negative { -magnitude } else { magnitude };
    // A signless value fits the width read as signed or as unsigned.
    let fits = width >= 127
        || match e {
            Type::Integer { signedness: Signedness::Unsigned, .. } => v < (1i128 << width),
            Type::Integer { signedness: Signedness::Signed, .. } => {
                v >= -(1i128 << (width - 1)) && v < (1i128 << (width - 1))
            }
            _ => v >= -(1i128 << (width - 1)) && v < (1i128 << width),
        };
    if !fits {
        return Err("integer constant out of range for type");
    }
    Ok(if *e == Type::i1() { Attribute::Bool(v != 0) } else { Attribute::int(normalize_int(v, e), e.clone()) })
}

/// Checks the elements of a literal of complex numbers, `(re, im)` each
/// (they are kept as written).
fn check_complex(body: &str, ty: &Type) -> Result<(), LiteralError> {
    let part = match ty {
        Type::Vector(s) | Type::Tensor(s) => match &s.element {
            Type::Complex(part) => (**part).clone(),
            _ => return Ok(()),
        },
        _ => return Ok(()),
    };
    let bytes = body.as_bytes();
    let mut i = 0;
    while let Some(open) = body[i..].find('(').map(|o| i + o) {
        let mut reader = Reader { text: body, pos: open + 1, element: Some(&part), values: Vec::new() };
        reader.skip_space();
        reader.element()?;
        reader.skip_space();
        if bytes.get(reader.pos) != Some(&b',') {
            return Err(at(reader.pos, "expected ',' between complex elements"));
        }
        reader.pos += 1;
        reader.skip_space();
        reader.element()?;
        reader.skip_space();
        if bytes.get(reader.pos) != Some(&b')') {
            return Err(at(reader.pos, "expected ')' after complex elements"));
        }
        i = reader.pos + 1;
    }
    Ok(())
}

/// The body (between `dense<` and `>`) MLIR prints for these elements of
/// shaped type `ty`: one element when they are all the same, nothing when
/// there are none.
pub fn body_text(elements: &Elements, ty: &Type) -> String {
    let list = match elements {
        Elements::Splat(a) => return element_text(a, ty),
        Elements::List(list) => list,
    };
    // Nothing to hold prints as `dense<>`, whatever the shape.
    if list.is_empty() {
        return String::new();
    }
    if let Some(first) = list.first().filter(|f| list.iter().all(|a| a == *f)) {
        return element_text(first, ty);
    }
    // Over a hundred elements print as their raw bytes, as MLIR prints them.
    if list.len() > 100 {
        if let Some(hex) = readable_element(ty).and_then(|(e, _)| hex_text(list, e)) {
            return hex;
        }
    }
    let texts: Vec<String> = list.iter().map(|a| element_text(a, ty)).collect();
    let dims = match ty {
        Type::Vector(s) | Type::Tensor(s) => s.shape.clone().unwrap_or_default(),
        _ => Vec::new(),
    };
    nested(&texts, &dims)
}

/// The constant `dense<...> : ty` with these elements.
pub fn attribute(elements: &Elements, ty: &Type) -> Attribute {
    Attribute::Verbatim(format!("dense<{}> : {ty}", body_text(elements, ty)).into())
}

/// The elements of a `dense<...> : ty` attribute this module reads.
pub fn elements_of(a: &Attribute) -> Option<(Elements, Type)> {
    let Attribute::Verbatim(text) = a else { return None };
    let (head, ty_text) = text.rsplit_once(" : ")?;
    let body = head.strip_prefix("dense<")?.strip_suffix('>')?;
    let mut ctx = crate::Context::new(std::sync::Arc::new(crate::registry::Registry::default()));
    ctx.allow_unregistered = true;
    let ty = crate::parser::parse_type_str(&mut ctx, ty_text).ok()?;
    Some((read(body, &ty).ok()??, ty))
}

/// A tensor literal read on its own: its shape (`None` for one element, a
/// splat), its elements and the byte after it.
struct Literal {
    shape: Option<Vec<usize>>,
    elements: Vec<Attribute>,
    end: usize,
}

/// The tensor literal at byte `from` of `text`, each element read as
/// `element` (`None`: strings).
fn literal(text: &str, from: usize, element: Option<&Type>) -> Result<Literal, LiteralError> {
    let mut reader = Reader { text, pos: from, element, values: Vec::new() };
    reader.skip_space();
    let is_list = reader.peek() == Some(b'[');
    let shape = reader.value()?;
    Ok(Literal { shape: is_list.then_some(shape), elements: reader.values, end: reader.pos })
}

/// A tensor of `dims` of `element`.
fn tensor(dims: &[usize], element: &Type) -> Type {
    Type::Tensor(std::sync::Arc::new(crate::types::ShapedType {
        shape: Some(dims.iter().map(|d| *d as i64).collect()),
        scalable: vec![false; dims.len()],
        element: element.clone(),
        params: Vec::new(),
    }))
}

/// Reads `sparse<INDICES, VALUES> : ty` (the body between the angle
/// brackets), checked as MLIR checks it, and gives the body MLIR prints:
/// each part as a dense literal of its shape (one element where all are the
/// same). `Ok(None)` where this module does not read the literal (an empty
/// one, string values, other element types): it is then kept as written.
pub fn read_sparse(body: &str, ty: &Type) -> Result<Option<String>, LiteralError> {
    if body.trim().is_empty() {
        return Ok(None);
    }
    // Numbers where the element type is one; strings otherwise.
    let (numeric, dims) = match readable_element(ty) {
        Some((element, dims)) => (Some(element), dims),
        None => match ty {
            Type::Vector(s) | Type::Tensor(s) if s.shape.as_ref().is_some_and(|d| d.iter().all(|n| *n >= 0)) => {
                (None, s.shape.clone().unwrap_or_default())
            }
            _ => return Ok(None),
        },
    };
    let rank = dims.len();
    let Literal { shape: index_shape, elements: indices, end } = literal(body, 0, Some(&Type::i64()))?;
    let mut reader = Reader { text: body, pos: end, element: None, values: Vec::new() };
    reader.skip_space();
    if reader.peek() != Some(b',') {
        return Err(at(reader.pos, "expected ','"));
    }
    let from = reader.pos + 1;
    let rest = body[from..].trim_start();
    let (value_shape, values, end) = match numeric {
        // Values as raw bytes in hex, kept as written.
        Some(_) if rest.starts_with('"') => {
            let hex = rest.trim_end();
            let digits = hex.strip_prefix("\"0x").and_then(|h| h.strip_suffix('"'));
            if !digits.is_some_and(|d| d.bytes().all(|c| c.is_ascii_hexdigit())) {
                return Err(at(body.len() - rest.len(), "expected string containing hex digits starting with `0x`"));
            }
            return Ok(None);
        }
        _ => {
            let l = literal(body, from, numeric)?;
            (l.shape, l.elements, l.end)
        }
    };
    reader.pos = end;
    reader.skip_space();
    if reader.pos != body.len() {
        return Err(at(end, "expected '>'"));
    }
    // A single index is one of `rank` coordinates; single values stand for
    // one per index.
    let index_shape = index_shape.unwrap_or_else(|| vec![1, rank]);
    let count = index_shape.first().copied().unwrap_or(0);
    let value_shape = value_shape.unwrap_or_else(|| vec![count]);
    let show = |s: &[usize]| s.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
    let whole = |message: String| LiteralError { offset: None, message, note: None };
    if value_shape.len() != 1 {
        return Err(whole("expected 1-d tensor for sparse element values".into()));
    }
    let shaped = match index_shape.len() {
        2 => index_shape[1] == rank,
        1 => rank == 1,
        _ => false,
    };
    if !shaped || count != value_shape[0] {
        let type_dims: Vec<usize> = dims.iter().map(|d| *d as usize).collect();
        return Err(whole(format!(
            "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
            show(&type_dims),
            show(&index_shape),
            show(&value_shape)
        )));
    }
    // Each index within the shape (coordinates read as unsigned).
    let coordinates: Vec<u64> = indices.iter().map(|a| a.as_int().unwrap_or(0) as u64).collect();
    let width = if index_shape.len() == 2 { rank } else { 1 };
    for i in 0..count {
        let index: Vec<u64> = if coordinates.len() == 1 {
            vec![coordinates[0]; rank]
        } else {
            coordinates[i * width..(i + 1) * width].to_vec()
        };
        if index.iter().zip(&dims).any(|(c, d)| *c >= *d as u64) {
            return Err(whole(format!(
                "sparse index #{i} is not contained within the value shape, with index=[{}], and type='{ty}'",
                index.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
            )));
        }
    }
    // Strings stay as written; no index at all prints as nothing.
    let Some(element) = numeric else { return Ok(None) };
    if indices.is_empty() {
        return Ok(Some(String::new()));
    }
    let part = |list: Vec<Attribute>, dims: &[usize], element: &Type| {
        let shaped = tensor(dims, element);
        body_text(&Elements::List(list), &shaped)
    };
    let indices_text = if coordinates.len() == 1 && index_shape == [1, rank] && rank != 1 {
        element_text(&indices[0], &Type::i64())
    } else {
        part(indices, &index_shape, &Type::i64())
    };
    let values_text = if values.len() == 1 {
        element_text(&values[0], &tensor(&[1], element))
    } else {
        part(values, &value_shape, element)
    };
    Ok(Some(format!("{indices_text}, {values_text}")))
}

/// `[[a, b], [c, d]]` for elements laid out in `dims`.
fn nested(texts: &[String], dims: &[i64]) -> String {
    match dims.split_first() {
        None => texts.first().cloned().unwrap_or_default(),
        Some((&n, rest)) => {
            let step = texts.len() / (n.max(1) as usize);
            let parts: Vec<String> = texts.chunks(step.max(1)).map(|c| nested(c, rest)).collect();
            format!("[{}]", parts.join(", "))
        }
    }
}

fn element_text(a: &Attribute, ty: &Type) -> String {
    let i1 = matches!(ty, Type::Vector(s) | Type::Tensor(s) if s.element == Type::i1());
    match a {
        Attribute::Bool(b) => b.to_string(),
        Attribute::Integer { value, .. } if i1 => (*value != 0).to_string(),
        Attribute::Integer { value, .. } => value.to_string(),
        Attribute::Float(f) => f.to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{FloatKind, ShapedType};
    use std::sync::Arc;

    #[test]
    fn sparse_literals_read_and_print_as_upstream() {
        let ty = |dims: Vec<i64>, element: Type| tensor(&dims, element);
        let f32s = ty(vec![2, 2, 2], Type::f32());
        let read = |body: &str, t: &Type| read_sparse(body, t).map_err(|e| e.message);
        assert_eq!(read("[0], [-1.0]", &ty(vec![1], Type::f64())), Ok(Some("0, -1.000000e+00".into())));
        assert_eq!(read("0, -2", &ty(vec![1, 1, 1], Type::int(8))), Ok(Some("0, -2".into())));
        assert_eq!(
            read("[[1,1,0],[0,1,1]], [0xFFFFFFFF, 0x7F800001]", &f32s),
            Ok(Some("[[1, 1, 0], [0, 1, 1]], [0xFFFFFFFF, 0x7F800001]".into()))
        );
        assert_eq!(read("0, \"foo\"", &f32s), Err("expected string containing hex digits starting with `0x`".into()));
        assert_eq!(read("0, \"0x01000000\"", &f32s), Ok(None));
        assert_eq!(read("[], []", &ty(vec![2], Type::int(32))), Ok(Some(String::new())));
        assert_eq!(read("[[]], [5]", &ty(vec![], Type::int(32))), Ok(Some(String::new())));
        let unknown = ty(vec![1, 1, 1], Type::Dialect(Arc::new(crate::types::DialectType::opaque("unknown", "<>"))));
        assert_eq!(read("0, \"foo\"", &unknown), Ok(None));
        assert_eq!(read("0, 0", &unknown), Err("expected string token, got 0".into()));
        assert_eq!(read("", &f32s), Ok(None));
        assert!(read("[[1, 1 1, 0]], [2]", &f32s).is_err());
        assert_eq!(
            read("[[1, 1, 0], [0, 1, 0]], [2.0, -1.0, 5.0]", &f32s),
            Err("expected shape ([2, 2, 2]); inferred shape of indices literal ([2, 3]); inferred shape of values literal ([3])".into())
        );
        assert_eq!(
            read("[[1, 1, 0], [0, -1, 0]], [2.0, 1.0]", &f32s),
            Err("sparse index #1 is not contained within the value shape, with index=[0, 18446744073709551615, 0], and type='tensor<2x2x2xf32>'".into())
        );
    }

    fn tensor(dims: &[i64], element: Type) -> Type {
        Type::Tensor(Arc::new(ShapedType { shape: Some(dims.to_vec()), scalable: vec![], element, params: vec![] }))
    }

    #[test]
    fn reads_and_prints_as_mlir() {
        let t = tensor(&[2, 2], Type::Float(FloatKind::F32));
        let e = read("[[1.0, 2.5], [0x7FC00000, -0.0]]", &t).unwrap().unwrap();
        assert_eq!(body_text(&e, &t), "[[1.000000e+00, 2.500000e+00], [0x7FC00000, -0.000000e+00]]");
        let b = tensor(&[2], Type::i1());
        assert_eq!(body_text(&read("[-1, 0]", &b).unwrap().unwrap(), &b), "[true, false]");
        let i = tensor(&[2], Type::int(32));
        assert_eq!(body_text(&read("[4294967295, 4294967295]", &i).unwrap().unwrap(), &i), "-1");
    }

    #[test]
    fn rejects_as_mlir() {
        let t = tensor(&[2, 2], Type::int(8));
        let message = |body: &str| read(body, &t).unwrap_err().message;
        assert_eq!(
            message("[[1, 2, 3], [4, 5, 6]]"),
            "inferred shape of elements literal ([2, 3]) does not match type ([2, 2])"
        );
        assert_eq!(message("[[1, 2], [3]]"), "tensor literal is invalid; ranks are not consistent between elements");
        assert_eq!(message("[[300, 2], [3, 4]]"), "integer constant out of range for type");
        assert_eq!(message("[[1.5, 2], [3, 4]]"), "expected integer elements, but parsed floating-point");
        assert_eq!(message("[[true, 2], [3, 4]]"), "expected i1 type for 'true' or 'false' values");
        assert_eq!(message("abc"), "expected element literal of primitive type");
        let f = tensor(&[2], Type::Float(FloatKind::F32));
        assert_eq!(
            read("[1, 2]", &f).unwrap_err().message,
            "unexpected decimal integer literal for a floating point value"
        );
    }
}
