//! Types: builtin scalars, functions, shaped types and dialect types.

use super::*;

impl<'a> Parser<'a> {
    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        self.outside_custom_op(|p| {
            p.enter()?;
            let r = p.parse_type_inner();
            p.leave();
            r
        })
    }

    /// Parses `: type`.
    pub fn parse_colon_type(&mut self) -> PResult<Type> {
        self.expect(Tok::Colon, "':'")?;
        self.parse_type()
    }

    /// Parses `type (, type)*` without delimiters.
    pub fn parse_type_list_no_parens(&mut self) -> PResult<Vec<Type>> {
        let mut v = vec![self.parse_type()?];
        while self.consume_if(Tok::Comma) {
            v.push(self.parse_type()?);
        }
        Ok(v)
    }

    /// Parses a result type list: a single type, or `(T, ...)`.
    pub fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.at(Tok::LParen) {
            let mut v = Vec::new();
            self.parse_list(Tok::LParen, Tok::RParen, "in function result types", |p| {
                v.push(p.parse_type()?);
                Ok(())
            })?;
            Ok(v)
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    pub(super) fn parse_type_inner(&mut self) -> PResult<Type> {
        let loc = self.loc();
        match self.kind() {
            Tok::LParen => {
                let mut inputs = Vec::new();
                self.parse_list(Tok::LParen, Tok::RParen, "in function type", |p| {
                    inputs.push(p.parse_type()?);
                    Ok(())
                })?;
                self.expect(Tok::Arrow, "'->' in function type")?;
                let results = self.parse_function_result_types()?;
                Ok(Type::function(inputs, results))
            }
            Tok::BangIdent => {
                let full = self.text()[1..].to_string();
                let end = self.tok.end;
                if let Some((dialect, rest)) = full.split_once('.') {
                    self.advance();
                    let mut body = rest.to_string();
                    if self.src.get(end) == Some(&b'<') {
                        body.push_str(&self.capture_balanced(end)?);
                    }
                    return self.make_dialect_type(dialect, body, loc);
                }
                if self.src.get(end) == Some(&b'<') {
                    self.advance();
                    let body = self.capture_balanced(end)?;
                    return self.make_dialect_type(&full, body, loc);
                }
                match self.type_aliases.get(&full) {
                    Some(t) => {
                        let t = t.clone();
                        self.advance();
                        Ok(t)
                    }
                    None => self.err(format!("undefined symbol alias id '{full}'")),
                }
            }
            Tok::BareIdent => {
                let word = self.text().to_string();
                if let Some(t) = builtin_scalar_type(&word) {
                    let t = t.map_err(|m| Diagnostic::error(loc.clone(), m))?;
                    self.advance();
                    return Ok(t);
                }
                match word.as_str() {
                    "tuple" => {
                        self.advance();
                        let mut v = Vec::new();
                        self.parse_list(Tok::Less, Tok::Greater, "in tuple type", |p| {
                            v.push(p.parse_type()?);
                            Ok(())
                        })?;
                        Ok(Type::Tuple(Arc::new(v)))
                    }
                    "complex" => {
                        self.advance();
                        self.expect(Tok::Less, "'<' in complex type")?;
                        let eloc = self.loc();
                        let t = self.parse_type()?;
                        if !t.is_float() && !t.is_integer() {
                            return self.err_at(eloc, "invalid element type for complex");
                        }
                        self.expect(Tok::Greater, "'>' in complex type")?;
                        Ok(Type::Complex(Arc::new(t)))
                    }
                    "vector" | "tensor" | "memref" => self.parse_shaped_type(&word),
                    _ => self.err_wrong_token("expected non-function type"),
                }
            }
            _ => self.err_wrong_token("expected non-function type"),
        }
    }

    pub(super) fn make_dialect_type(&mut self, dialect: &str, body: String, loc: Location) -> PResult<Type> {
        let body = crate::types::pretty_dialect_body(&body).to_string();
        let dt = self.structure(dialect, &body).unwrap_or_else(|| DialectType::opaque(dialect, &body));
        if let Some(d) = self.ctx.registry().dialect(dialect) {
            if let Some(v) = d.verify_type {
                v(&dt).map_err(|m| Diagnostic::error(loc.clone(), m))?;
            }
        } else if !self.ctx.allow_unregistered {
            return self.err_at(
                loc,
                format!("dialect '{dialect}' is unknown; pass --allow-unregistered-dialect to accept its types"),
            );
        }
        Ok(Type::interned(dt))
    }

    /// The structured form of a dialect type's body `mnemonic<T, ...>` (or
    /// a bare `mnemonic`) when every parameter parses as a type.
    fn structure(&mut self, dialect: &str, body: &str) -> Option<DialectType> {
        let Some((mnemonic, rest)) = body.split_once('<') else {
            let bare = !body.is_empty() && body.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.');
            return bare.then(|| DialectType::new(dialect, body, Vec::new()));
        };
        let inner = rest.strip_suffix('>')?;
        if mnemonic.is_empty() || inner.trim().is_empty() {
            return None;
        }
        let mut p = Parser::new(self.ctx, "<type>", inner, 0, inner.len());
        p.depth = self.depth;
        let mut params = Vec::new();
        loop {
            params.push(p.parse_type().ok()?);
            if p.consume_if(Tok::Comma) {
                continue;
            }
            if !p.at(Tok::Eof) {
                return None;
            }
            break;
        }
        Some(DialectType::new(dialect, mnemonic, params))
    }

    pub(super) fn parse_shaped_type(&mut self, kind: &str) -> PResult<Type> {
        let loc_of_type = self.loc();
        self.advance();
        if !self.at(Tok::Less) {
            return self.err(format!("expected '<' in {kind} type"));
        }
        // Dimensions are read character by character: `4x?x[8]xf32`, with
        // blanks between them as the lexer allows (`4 x [8] x f32`).
        let mut i = skip_ws(self.src, self.tok.end, self.end);
        let mut dims = Vec::new();
        let mut scalable = Vec::new();
        let mut ranked = true;
        if self.src.get(i) == Some(&b'*') {
            if kind == "vector" {
                return self.err_at(self.loc_at(i), "vector types must be ranked");
            }
            ranked = false;
            i = skip_ws(self.src, i + 1, self.end);
            if self.src.get(i) != Some(&b'x') {
                return self.err_at(self.loc_at(i), "expected 'x' in unranked type");
            }
            i += 1;
        } else {
            loop {
                i = skip_ws(self.src, i, self.end);
                let start = i;
                let mut sc = false;
                if kind == "vector" && self.src.get(i) == Some(&b'[') {
                    sc = true;
                    i = skip_ws(self.src, i + 1, self.end);
                }
                let d = if self.src.get(i) == Some(&b'?') {
                    if kind == "vector" {
                        return self.err_at(self.loc_at(i), "expected static shape");
                    }
                    i += 1;
                    DYNAMIC
                } else {
                    let ds = i;
                    while i < self.end && self.src[i].is_ascii_digit() {
                        i += 1;
                    }
                    if ds == i {
                        i = start;
                        break;
                    }
                    let s = std::str::from_utf8(&self.src[ds..i]).unwrap_or("");
                    s.parse::<i64>().map_err(|_| Diagnostic::error(self.loc_at(ds), "invalid dimension"))?
                };
                i = skip_ws(self.src, i, self.end);
                if sc {
                    if self.src.get(i) != Some(&b']') {
                        return self.err_at(self.loc_at(i), "missing ']' closing scalable dimension");
                    }
                    i = skip_ws(self.src, i + 1, self.end);
                }
                if self.src.get(i) != Some(&b'x') {
                    // A number not followed by 'x' is not a dimension (e.g. `tensor<4>`).
                    return self.err_at(self.loc_at(i), "expected 'x' in dimension list");
                }
                i += 1;
                dims.push(d);
                scalable.push(sc);
            }
        }
        self.reset_to(i);
        let eloc = self.loc();
        let element = self.parse_type()?;
        let bad_element = match kind {
            "vector" => (!element.is_integer() && element != Type::Index && !element.is_float())
                .then_some("failed to verify 'elementType': VectorElementTypeInterface instance"),
            "tensor" => matches!(element, Type::Tensor(_) | Type::MemRef(_) | Type::Function(_) | Type::None)
                .then_some("invalid tensor element type"),
            _ => matches!(element, Type::Tensor(_) | Type::Function(_) | Type::None | Type::Tuple(_))
                .then_some("invalid memref element type"),
        };
        if let Some(message) = bad_element {
            return self.err_at(eloc, message);
        }
        if kind == "vector" && dims.iter().any(|d| *d <= 0) {
            let sizes: Vec<String> = dims.iter().map(i64::to_string).collect();
            return self.err_at(
                loc_of_type,
                format!("vector types must have positive constant sizes but got {}", sizes.join(", ")),
            );
        }
        let mut params = Vec::new();
        let mut memory_space_seen = false;
        while self.consume_if(Tok::Comma) {
            if self.at(Tok::Greater) {
                return self.err_wrong_token("expected list element");
            }
            let ploc = self.loc();
            let param = self.parse_attribute(None)?;
            if kind == "memref" {
                let layout = is_layout(&param);
                if layout && memory_space_seen {
                    return self.err_at(ploc, "expected memory space to be last in memref type");
                }
                if !layout {
                    if memory_space_seen {
                        return self.err_at(ploc, "multiple memory spaces specified in memref type");
                    }
                    if !is_memory_space(&param) {
                        return self.err_at(ploc, "unsupported memory space Attribute");
                    }
                    memory_space_seen = true;
                }
                if let Some(message) = layout_mismatch(&param, ranked.then_some(dims.len())) {
                    return self.err_at(ploc, message);
                }
            }
            // An identity layout and memory space 0 are the defaults: MLIR
            // drops them.
            let zero_space = matches!(param, Attribute::Integer { value: 0, .. });
            if kind == "memref" && (is_identity_map(&param) || zero_space) {
                continue;
            }
            params.push(param);
        }
        self.expect(Tok::Greater, &format!("'>' in {kind} type"))?;
        let s = Arc::new(ShapedType { shape: ranked.then_some(dims), scalable, element, params });
        Ok(match kind {
            "vector" => Type::Vector(s),
            "tensor" => Type::Tensor(s),
            _ => Type::MemRef(s),
        })
    }
}

/// Whether a memref parameter is a layout (`affine_map<...>`,
/// `strided<...>`); anything else is a memory space.
fn is_layout(a: &Attribute) -> bool {
    matches!(a, Attribute::Verbatim(t) if t.starts_with("affine_map<") || t.starts_with("strided<"))
}

/// The memory spaces MLIR takes: integers, strings, dictionaries and
/// dialect attributes.
fn is_memory_space(a: &Attribute) -> bool {
    matches!(a, Attribute::Integer { .. } | Attribute::String(_) | Attribute::Dictionary(_) | Attribute::Dialect { .. })
}

/// Whether `a` is `affine_map<(d0, ..., dn) -> (d0, ..., dn)>`.
fn is_identity_map(a: &Attribute) -> bool {
    let Attribute::Verbatim(text) = a else { return false };
    let Some(map) = text.strip_prefix("affine_map<").and_then(|m| m.strip_suffix('>')) else { return false };
    let Some((dims, results)) = map.split_once("->") else { return false };
    let list = |s: &str| -> Option<Vec<String>> {
        let inner = s.trim().strip_prefix('(')?.strip_suffix(')')?;
        Some(inner.split(',').map(|d| d.trim().to_string()).filter(|d| !d.is_empty()).collect())
    };
    matches!((list(dims), list(results)), (Some(d), Some(r)) if d == r)
}

/// Why a memref layout does not fit a memref of `rank` dimensions.
fn layout_mismatch(a: &Attribute, rank: Option<usize>) -> Option<String> {
    let (Attribute::Verbatim(text), Some(rank)) = (a, rank) else { return None };
    if let Some(map) = text.strip_prefix("affine_map<") {
        let dims = map.split_once(')')?.0.trim_start_matches('(');
        let count = dims.split(',').filter(|d| !d.trim().is_empty()).count();
        return (count != rank)
            .then(|| format!("memref layout mismatch between rank and affine map: {rank} != {count}"));
    }
    let strides = text.strip_prefix("strided<[")?.split_once(']')?.0;
    let count = strides.split(',').filter(|d| !d.trim().is_empty()).count();
    (count != rank).then(|| "expected the number of strides to match the rank".to_string())
}

pub(super) fn builtin_scalar_type(word: &str) -> Option<Result<Type, String>> {
    if let Some(k) = FloatKind::from_keyword(word) {
        return Some(Ok(Type::Float(k)));
    }
    match word {
        "index" => return Some(Ok(Type::Index)),
        "none" => return Some(Ok(Type::None)),
        _ => {}
    }
    let (sign, digits) = if let Some(d) = word.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = word.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else if let Some(d) = word.strip_prefix('i') {
        (Signedness::Signless, d)
    } else {
        return None;
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(match digits.parse::<u32>() {
        Ok(w) if w < (1 << 24) => Ok(Type::Integer { width: w, signedness: sign }),
        Ok(_) => Err(format!("integer bitwidth is limited to {} bits", (1 << 24) - 1)),
        Err(_) => Err("invalid integer width".to_string()),
    })
}
