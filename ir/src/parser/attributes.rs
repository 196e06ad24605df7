//! Attributes and attribute dictionaries: numbers, dense arrays, symbols, dialect attributes.

use super::*;

impl<'a> Parser<'a> {
    /// Parses `{name = attr, unit_name, ...}`.
    pub fn parse_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        let mut out: Vec<NamedAttr> = Vec::new();
        self.parse_list(Tok::LBrace, Tok::RBrace, "in attribute dictionary", |p| {
            let nloc = p.loc();
            let name = match p.kind() {
                Tok::BareIdent => {
                    let s = p.text().to_string();
                    p.advance();
                    s
                }
                Tok::String => p.parse_string()?,
                _ => return p.err("expected attribute name"),
            };
            if name.is_empty() {
                return p.err_at(nloc, "expected valid attribute name");
            }
            let value = if p.consume_if(Tok::Equal) { p.parse_attribute(None)? } else { Attribute::Unit };
            if out.iter().any(|(k, _)| **k == *name) {
                return p.err_at(nloc, format!("duplicate key '{name}' in dictionary attribute"));
            }
            out.push((name.into(), value));
            Ok(())
        })?;
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(out)
    }

    /// Parses `{...}` if present.
    pub fn parse_optional_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        if self.at(Tok::LBrace) {
            self.outside_custom_op(Self::parse_attr_dict)
        } else {
            Ok(Vec::new())
        }
    }

    /// Parses `attributes {...}` if present.
    pub fn parse_optional_attr_dict_with_keyword(&mut self) -> PResult<Vec<NamedAttr>> {
        if self.consume_keyword("attributes") {
            self.outside_custom_op(Self::parse_attr_dict)
        } else {
            Ok(Vec::new())
        }
    }

    /// Parses `@name` and returns the name.
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        if self.at(Tok::Error) && self.text().starts_with('@') {
            return self.err("@ identifier expected to start with letter or '_'");
        }
        if !self.at(Tok::AtIdent) {
            return self.err("expected valid '@'-identifier for symbol name");
        }
        let t = &self.text()[1..];
        let s = if t.starts_with('"') {
            let start = self.tok.start + 2;
            unescape(&t.as_bytes()[1..t.len() - 1])
                .map_err(|at| Diagnostic::error(self.loc_at(start + at), "unknown escape in string literal"))?
        } else {
            t.to_string()
        };
        self.advance();
        Ok(s)
    }

    /// Parses an attribute. `ty` is the expected type for untyped literals.
    pub fn parse_attribute(&mut self, ty: Option<&Type>) -> PResult<Attribute> {
        self.outside_custom_op(|p| {
            p.enter()?;
            let r = p.parse_attribute_inner(ty);
            p.leave();
            r
        })
    }

    pub(super) fn parse_attribute_inner(&mut self, ty: Option<&Type>) -> PResult<Attribute> {
        let loc = self.loc();
        match self.kind() {
            Tok::BareIdent => match self.text() {
                "true" | "false" => {
                    let b = self.text() == "true";
                    // A boolean takes no type, as in MLIR: `true : f64` is
                    // not a typed constant.
                    self.advance();
                    Ok(Attribute::Bool(b))
                }
                "unit" => {
                    self.advance();
                    Ok(Attribute::Unit)
                }
                "array" => self.parse_dense_array(),
                "loc" => {
                    self.advance();
                    self.expect(Tok::LParen, "'('")?;
                    let l = self.parse_location_body()?;
                    self.expect(Tok::RParen, "')'")?;
                    Ok(Attribute::Location(Box::new(l)))
                }
                "dense" | "dense_resource" | "sparse" | "affine_map" | "affine_set" | "strided" | "opaque"
                | "distinct" => self.parse_verbatim_attribute(),
                word if super::types::builtin_scalar_type(word).is_some()
                    || matches!(word, "tuple" | "complex" | "vector" | "tensor" | "memref") =>
                {
                    Ok(Attribute::Type(self.parse_type()?))
                }
                _ => self.err_wrong_token("expected attribute value"),
            },
            Tok::Minus | Tok::Integer | Tok::Float => self.parse_number_attribute(ty),
            Tok::String => {
                let s = self.parse_string()?;
                if self.at(Tok::Colon) && !self.peek_after_colon_is_not_type() {
                    // Typed strings are rare; keep the text.
                    self.advance();
                    let t = self.parse_type()?;
                    return Ok(Attribute::Verbatim(format!("{} : {t}", crate::attributes::Quoted(&s)).into()));
                }
                Ok(Attribute::String(s.into()))
            }
            Tok::LSquare => {
                let mut items = Vec::new();
                self.parse_list(Tok::LSquare, Tok::RSquare, "", |p| {
                    items.push(p.parse_attribute(None)?);
                    Ok(())
                })?;
                Ok(Attribute::Array(Arc::new(items)))
            }
            Tok::LBrace => Ok(Attribute::Dictionary(Arc::new(self.parse_attr_dict()?))),
            Tok::AtIdent => {
                let root = self.parse_symbol_name()?;
                let mut nested = Vec::new();
                while self.at(Tok::Colon) && self.src.get(self.tok.end) == Some(&b':') {
                    self.reset_to(self.tok.end + 1);
                    nested.push(self.parse_symbol_name()?.into());
                }
                Ok(Attribute::SymbolRef { root: root.into(), nested: Arc::new(nested) })
            }
            Tok::HashIdent => {
                let full = self.text()[1..].to_string();
                let end = self.tok.end;
                if let Some((dialect, rest)) = full.split_once('.') {
                    self.advance();
                    let mut body = rest.to_string();
                    if self.src.get(end) == Some(&b'<') {
                        body.push_str(&self.capture_balanced(end)?);
                    }
                    return self.dialect_attr(dialect, body, loc);
                }
                if self.src.get(end) == Some(&b'<') {
                    self.advance();
                    let body = self.capture_balanced(end)?;
                    let body = crate::types::pretty_dialect_body(&body).to_string();
                    return self.dialect_attr(&full, body, loc);
                }
                match self.attr_aliases.get(&full) {
                    Some(a) => {
                        let a = a.clone();
                        self.advance();
                        Ok(a)
                    }
                    None => self.err(format!("undefined symbol alias id '{full}'")),
                }
            }
            _ => {
                // Reported where MLIR reports a wrong token: after the
                // previous one when this one starts a later line.
                let at = self.wrong_token_loc();
                Ok(Attribute::Type(self.parse_type().map_err(|_| Diagnostic::error(at, "expected attribute value"))?))
            }
        }
    }

    /// The attribute `#DIALECT.BODY`, checked (and its body put in the
    /// printed form) by its dialect.
    fn dialect_attr(&self, dialect: &str, body: String, loc: Location) -> PResult<Attribute> {
        let body = match self.ctx.registry().dialect(dialect) {
            Some(d) => match d.verify_attr {
                Some(v) => v(&body).map_err(|m| Diagnostic::error(loc, m))?,
                None => body,
            },
            None if !self.ctx.allow_unregistered => {
                return self.err_at(
                    loc,
                    format!(
                        "dialect '{dialect}' is unknown; pass --allow-unregistered-dialect to accept its attributes"
                    ),
                );
            }
            None => body,
        };
        Ok(Attribute::Dialect { dialect: dialect.into(), body: body.into() })
    }

    pub(super) fn peek_after_colon_is_not_type(&self) -> bool {
        // In `{a = 1 : i32}` the colon types the literal; in `%x = op true : i1` it may start the op type.
        // A following `(` starts a function type only in trailing op signatures.
        let next = lex(self.src, self.tok.end, self.end);
        next.kind == Tok::LParen
    }

    pub(super) fn parse_number_attribute(&mut self, ty: Option<&Type>) -> PResult<Attribute> {
        let neg = self.consume_if(Tok::Minus);
        // Errors point at the literal, after any sign, as MLIR's do.
        let loc = self.loc();
        let is_float = self.at(Tok::Float);
        if !self.at(Tok::Integer) && !is_float {
            return self.err("expected integer or float literal");
        }
        let text = self.text().to_string();
        self.advance();
        let mut explicit = None;
        if self.at(Tok::Colon) && !self.peek_after_colon_is_not_type() {
            self.advance();
            explicit = Some(self.parse_type()?);
        }
        let t = explicit.as_ref().or(ty).cloned().unwrap_or(if is_float { Type::f64() } else { Type::i64() });
        if let Type::Float(kind) = t {
            if is_float && matches!(kind, FloatKind::F80 | FloatKind::F128) {
                // Read in the format's own precision and range, not f64's.
                let signed = if neg { format!("-{text}") } else { text.clone() };
                let bits = crate::wide_float::from_decimal(kind == FloatKind::F80, &signed)
                    .ok_or_else(|| Diagnostic::error(loc.clone(), "invalid floating point literal"))?;
                let value = FloatAttr::from_bits(kind, bits).expect("the format's own bits");
                if !crate::wide_float::is_finite(kind == FloatKind::F80, bits) {
                    return self.err_at(loc, "floating point value too large for attribute");
                }
                return Ok(Attribute::Float(value));
            }
            if is_float {
                let v: f64 =
                    text.parse().map_err(|_| Diagnostic::error(loc.clone(), "invalid floating point literal"))?;
                if v.is_infinite() {
                    return self.err_at(loc, "floating point value too large for attribute");
                }
                return Ok(Attribute::Float(FloatAttr::from_f64(kind, if neg { -v } else { v })));
            }
            if let Some(hex) = text.strip_prefix("0x") {
                if neg {
                    return self.err_at(loc, "hexadecimal float literal should not have a leading minus");
                }
                let bits = u128::from_str_radix(hex, 16)
                    .map_err(|_| Diagnostic::error(loc.clone(), "hexadecimal float constant out of range"))?;
                return FloatAttr::from_bits(kind, bits)
                    .map(Attribute::Float)
                    .ok_or_else(|| Diagnostic::error(loc, "hexadecimal float constant out of range for type"));
            }
            return Err(Diagnostic::error(
                loc.clone(),
                "unexpected decimal integer literal for a floating point value",
            )
            .note(loc, "add a trailing dot to make the literal a float"));
        }
        if is_float {
            return self.err_at(loc, format!("floating point value not valid for specified type '{t}'"));
        }
        if !t.is_integer() && t != Type::Index {
            return self.err_at(loc, format!("integer literal not valid for specified type '{t}'"));
        }
        if matches!(t, Type::Integer { signedness: Signedness::Unsigned, .. }) && neg {
            return self.err_at(loc, "negative integer literal not valid for unsigned integer type");
        }
        // Values are held in 128 bits: a 128-bit type takes its unsigned
        // range (2^128 - 1 is -1) and -2^127 too.
        let wide = t.int_width() == Some(128);
        let value = match parse_int_literal(&text) {
            Some(magnitude) if neg => magnitude.checked_neg(),
            Some(magnitude) => Some(magnitude),
            None if wide => parse_unsigned_literal(&text).and_then(|u| match neg {
                false => Some(u as i128),
                true => (u == 1u128 << 127).then_some(i128::MIN),
            }),
            None => None,
        };
        let value = value
            .filter(|v| int_fits(*v, &t))
            .ok_or_else(|| Diagnostic::error(loc.clone(), "integer constant out of range for attribute"))?;
        if t == Type::i1() {
            return Ok(Attribute::Bool(value != 0));
        }
        Ok(Attribute::int(value, t))
    }

    pub(super) fn parse_dense_array(&mut self) -> PResult<Attribute> {
        self.advance();
        self.expect(Tok::Less, "'<' after 'array'")?;
        let tloc = self.loc();
        let element = self.parse_type()?;
        let is_float = element.is_float();
        if !is_float && !element.is_integer() {
            return self.err_at(tloc, format!("expected integer or float type, got: '{element}'"));
        }
        if let Some(w) = element.int_width() {
            if w != 1 && w % 8 != 0 {
                return self.err_at(tloc, "element type bitwidth must be a multiple of 8");
            }
        }
        let mut ints = Vec::new();
        let mut floats = Vec::new();
        if !self.at(Tok::Colon) && !self.at(Tok::Greater) {
            return self.err_wrong_token("expected ':' after dense array type");
        }
        if self.consume_if(Tok::Colon) {
            loop {
                match self.parse_number_or_bool(&element)? {
                    Attribute::Float(f) => floats.push(f.value()),
                    a => ints.push(a.as_int().unwrap_or(0)),
                }
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::Greater, "'>' to close an array attribute")?;
        let values = if is_float { DenseValues::Float(floats) } else { DenseValues::Int(ints) };
        Ok(Attribute::DenseArray { element, values: Arc::new(values) })
    }

    pub(super) fn parse_number_or_bool(&mut self, ty: &Type) -> PResult<Attribute> {
        if self.at_keyword("true") || self.at_keyword("false") {
            let b = self.text() == "true";
            if *ty != Type::i1() {
                return self.err("expected integer literal");
            }
            self.advance();
            return Ok(Attribute::Bool(b));
        }
        let loc = self.loc();
        let neg = self.consume_if(Tok::Minus);
        if !matches!(self.kind(), Tok::Integer | Tok::Float) {
            return self.err("expected integer or float literal");
        }
        let text = self.text().to_string();
        let is_float = self.at(Tok::Float);
        self.advance();
        if let Type::Float(kind) = ty {
            let v: f64 = if is_float || !text.starts_with("0x") {
                text.parse().map_err(|_| Diagnostic::error(loc.clone(), "invalid literal"))?
            } else {
                let bits = u128::from_str_radix(&text[2..], 16)
                    .map_err(|_| Diagnostic::error(loc.clone(), "invalid literal"))?;
                FloatAttr::from_bits(*kind, bits)
                    .ok_or_else(|| Diagnostic::error(loc.clone(), "hexadecimal float constant out of range"))?
                    .value()
            };
            return Ok(Attribute::Float(FloatAttr::from_f64(*kind, if neg { -v } else { v })));
        }
        if is_float {
            return self.err_at(loc, "expected integer literal");
        }
        let m =
            parse_int_literal(&text).ok_or_else(|| Diagnostic::error(loc.clone(), "integer constant out of range"))?;
        let v = if neg { -m } else { m };
        if !int_fits(v, ty) {
            return self.err_at(loc, "integer constant out of range");
        }
        Ok(Attribute::int(v, ty.clone()))
    }

    pub(super) fn parse_verbatim_attribute(&mut self) -> PResult<Attribute> {
        let start = self.tok.start;
        let kw = self.text().to_string();
        let end = self.tok.end;
        self.advance();
        let mut text = kw.clone();
        if kw == "distinct" {
            return self.parse_distinct();
        }
        if self.src.get(end) != Some(&b'<') {
            return self.err_at(self.loc_at(start), format!("expected '<' after '{kw}'"));
        }
        if kw == "dense_resource" {
            return self.parse_dense_resource();
        }
        if kw == "strided" {
            return self.parse_strided();
        }
        if kw == "dense" {
            self.check_complex_parentheses(end)?;
        }
        text.push_str(&self.capture_balanced_body(end, kw == "affine_set")?);
        let raw_body = text[kw.len() + 1..text.len() - 1].to_string();
        let checked = match kw.as_str() {
            "affine_map" => crate::affine::check_map(&raw_body),
            "affine_set" => crate::affine::check_set(&raw_body),
            _ => Ok(()),
        };
        if let Err(e) = checked {
            return self.err_at(self.loc_at(end + 1 + e.offset), e.message);
        }
        if kw == "dense" {
            // Every element the same: MLIR keeps (and prints) one.
            if let Some(e) = splat_element(&text["dense<".len()..text.len() - 1]) {
                text = format!("dense<{e}>");
            }
        }
        let typed = self.at(Tok::Colon) && !self.peek_after_colon_is_not_type();
        if matches!(kw.as_str(), "dense" | "sparse") && !typed {
            // Elements need their type written after them.
            return self.err_wrong_token("expected ':'");
        }
        if matches!(kw.as_str(), "dense" | "dense_resource" | "sparse" | "opaque") && typed {
            self.advance();
            let t = self.parse_type()?;
            // Elements need a shape to lay them out.
            if kw != "opaque" && !matches!(t, Type::Vector(_) | Type::Tensor(_) | Type::MemRef(_)) {
                return self.err_at(self.loc_at(start), "elements literal must be a shaped type");
            }
            if kw == "dense" {
                let dynamic = match &t {
                    Type::Vector(s) | Type::Tensor(s) | Type::MemRef(s) => {
                        s.shape.as_ref().is_none_or(|d| d.iter().any(|n| *n < 0))
                    }
                    _ => false,
                };
                if dynamic {
                    return self.err_at(self.loc_at(start), "elements literal type must have static shape");
                }
                // Numbers are checked against the type and printed as MLIR
                // prints them (`dense<1.0>` is `dense<1.000000e+00>`).
                let body_start = end + 1;
                match crate::dense::read(&raw_body, &t) {
                    Ok(Some(elements)) => text = format!("dense<{}>", crate::dense::body_text(&elements, &t)),
                    Ok(None) => {}
                    Err(e) => {
                        let at = self.loc_at(e.offset.map_or(start, |o| body_start + o));
                        let mut d = Diagnostic::error(at.clone(), e.message);
                        if let Some(note) = e.note {
                            d = d.note(at, note);
                        }
                        return Err(d);
                    }
                }
            }
            if kw == "sparse" {
                match crate::dense::read_sparse(&raw_body, &t) {
                    Ok(Some(body)) => text = format!("sparse<{body}>"),
                    Ok(None) => {}
                    Err(e) => {
                        let at = self.loc_at(e.offset.map_or(start, |o| end + 1 + o));
                        return Err(Diagnostic::error(at, e.message));
                    }
                }
            }
            text.push_str(&format!(" : {t}"));
        }
        Ok(Attribute::Verbatim(text.into()))
    }

    /// `distinct[ID]<attribute>` (after the keyword): one attribute per ID in
    /// a file.
    fn parse_distinct(&mut self) -> PResult<Attribute> {
        if !self.at(Tok::LSquare) {
            return self.err_wrong_token("expected '[' after 'distinct'");
        }
        self.advance();
        if !self.at(Tok::Integer) {
            return self.err_wrong_token("expected distinct ID");
        }
        let id_loc = self.loc();
        let id_text = self.text().to_string();
        let Some(id) = parse_unsigned_literal(&id_text).and_then(|v| u64::try_from(v).ok()) else {
            return self.err_at(id_loc, "expected an unsigned 64-bit integer");
        };
        self.advance();
        self.expect(Tok::RSquare, "']' to close distinct ID")?;
        self.expect(Tok::Less, "'<' after distinct ID")?;
        // `distinct[N]<>` refers to `unit`, and prints so.
        let inner_text = if self.at(Tok::Greater) { String::new() } else { self.parse_attribute(None)?.to_string() };
        let inner_text = if inner_text == "unit" { String::new() } else { inner_text };
        self.expect(Tok::Greater, "'>' to close distinct attribute")?;
        match self.distinct.get(&id) {
            Some(previous) if *previous != inner_text => {
                return self
                    .err_at(id_loc, format!("referenced attribute does not match previous definition: {previous}"));
            }
            Some(_) => {}
            None => {
                self.distinct.insert(id, inner_text.clone());
            }
        }
        Ok(Attribute::Verbatim(format!("distinct[{id}]<{inner_text}>").into()))
    }

    /// `strided<[s, ...], offset: o>` (at the `<`), each a 64-bit integer
    /// or `?`; printed as MLIR prints it (no zero offset).
    fn parse_strided(&mut self) -> PResult<Attribute> {
        self.expect(Tok::Less, "'<' after 'strided'")?;
        if !self.at(Tok::LSquare) {
            return self.err_wrong_token("expected '['");
        }
        self.advance();
        let mut strides = Vec::new();
        if !self.consume_if(Tok::RSquare) {
            loop {
                strides.push(self.parse_stride()?);
                if self.consume_if(Tok::RSquare) {
                    break;
                }
                self.expect(Tok::Comma, "',' or ']'")?;
            }
        }
        let mut offset = "0".to_string();
        if self.consume_if(Tok::Comma) {
            if !self.at_keyword("offset") {
                return self.err_wrong_token("expected 'offset' after comma");
            }
            self.advance();
            self.expect(Tok::Colon, "':' after 'offset'")?;
            offset = self.parse_stride()?;
        }
        self.expect(Tok::Greater, "'>'")?;
        let offset = if offset == "0" { String::new() } else { format!(", offset: {offset}") };
        Ok(Attribute::Verbatim(format!("strided<[{}]{offset}>", strides.join(", ")).into()))
    }

    /// A stride or offset: a 64-bit signed integer, or `?`.
    fn parse_stride(&mut self) -> PResult<String> {
        if self.consume_if(Tok::Question) {
            return Ok("?".into());
        }
        let neg = self.at(Tok::Minus);
        let start = self.tok.start;
        if neg {
            self.advance();
        }
        let value = match self.kind() {
            // The least 64-bit value stands for `?` in MLIR: it is not written.
            Tok::Integer => parse_int_literal(self.text())
                .and_then(|v| i64::try_from(if neg { -v } else { v }).ok())
                .filter(|v| *v != i64::MIN),
            _ => None,
        };
        let Some(value) = value else {
            self.reset_to(start);
            return self.err_wrong_token("expected a 64-bit signed integer or '?'");
        };
        self.advance();
        Ok(value.to_string())
    }

    /// `dense_resource<name> : type` (at the `<`).
    fn parse_dense_resource(&mut self) -> PResult<Attribute> {
        self.expect(Tok::Less, "'<' after 'dense_resource'")?;
        if !self.at(Tok::BareIdent) {
            return self.err_wrong_token("expected identifier key for 'resource' entry");
        }
        let name = self.text().to_string();
        self.advance();
        self.expect(Tok::Greater, "'>'")?;
        if !self.at(Tok::Colon) {
            return self.err_wrong_token("expected ':'");
        }
        self.advance();
        let tloc = self.loc();
        let t = self.parse_type()?;
        if !matches!(t, Type::Vector(_) | Type::Tensor(_) | Type::MemRef(_)) {
            return self.err_at(tloc, "`dense_resource` expected a shaped type");
        }
        Ok(Attribute::Verbatim(format!("dense_resource<{name}> : {t}").into()))
    }

    /// In a dense literal from `pos` (its `<`), a complex element's `(` must
    /// close before a list or the literal does, as MLIR reads it.
    fn check_complex_parentheses(&self, pos: usize) -> PResult<()> {
        let mut in_parens = false;
        let mut depth = 0usize;
        for i in pos..self.end {
            match self.src[i] {
                b'(' => in_parens = true,
                b')' => in_parens = false,
                b']' | b'>' if in_parens => {
                    return self.err_at(self.loc_at(i), "expected ')' after complex elements");
                }
                b'<' => depth += 1,
                b'>' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        break;
                    }
                }
                b'"' | b'\n' => break,
                _ => {}
            }
        }
        Ok(())
    }

    /// Reads raw text from `pos` (which must be `<`) to its matching `>`, and re-lexes after it.
    pub fn capture_balanced(&mut self, pos: usize) -> PResult<String> {
        self.capture_balanced_body(pos, false)
    }

    /// [`Parser::capture_balanced`]; with `comparisons`, `>=` compares
    /// rather than closes (the constraints of an `affine_set`).
    fn capture_balanced_body(&mut self, pos: usize, comparisons: bool) -> PResult<String> {
        let mut stack: Vec<u8> = Vec::new();
        let mut i = pos;
        while i < self.end {
            let c = self.src[i];
            match c {
                b'<' | b'(' | b'[' | b'{' => stack.push(c),
                b'-' if self.src.get(i + 1) == Some(&b'>') => {
                    i += 2;
                    continue;
                }
                b'>' if comparisons && self.src.get(i + 1) == Some(&b'=') => {
                    i += 2;
                    continue;
                }
                b'>' | b')' | b']' | b'}' => {
                    let open = match c {
                        b'>' => b'<',
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    if stack.pop() != Some(open) {
                        return self.err_at(
                            self.loc_at(i),
                            format!("unbalanced '{}' character in pretty dialect name", c as char),
                        );
                    }
                    if stack.is_empty() {
                        let s = String::from_utf8_lossy(&self.src[pos..=i]).into_owned();
                        self.reset_to(i + 1);
                        return Ok(s);
                    }
                }
                b'"' => {
                    let t = crate::lexer::lex(self.src, i, self.end);
                    if t.kind != Tok::String {
                        return self.err_at(self.loc_at(i), "unterminated string in dialect body");
                    }
                    i = t.end;
                    continue;
                }
                _ => {}
            }
            if stack.len() > MAX_NESTING + crate::nesting::TEXT_SLACK {
                return self.err_at(self.loc_at(i), format!("nesting deeper than {MAX_NESTING} levels"));
            }
            i += 1;
        }
        self.err_at(self.loc_at(pos), "unbalanced '<' character in pretty dialect name")
    }
}

/// Parses a decimal or `0x` hexadecimal literal into a u128, if it fits.
fn parse_unsigned_literal(text: &str) -> Option<u128> {
    match text.strip_prefix("0x") {
        Some(h) => u128::from_str_radix(h, 16).ok(),
        None => text.parse::<u128>().ok(),
    }
}

/// Parses a decimal or `0x` hexadecimal literal into an i128, if it fits.
pub fn parse_int_literal(text: &str) -> Option<i128> {
    if let Some(h) = text.strip_prefix("0x") {
        let u = u128::from_str_radix(h, 16).ok()?;
        return i128::try_from(u).ok();
    }
    text.parse::<i128>().ok()
}

/// The one element of a `dense<[...]>` body whose elements are all written
/// the same way (nested lists included), if it is one.
fn splat_element(body: &str) -> Option<&str> {
    let body = body.trim();
    if !body.starts_with('[') || body.contains(['(', '"']) {
        return None;
    }
    let mut elements =
        body.split(|c: char| matches!(c, '[' | ']' | ',') || c.is_whitespace()).filter(|e| !e.is_empty());
    let first = elements.next()?;
    elements.all(|e| e == first).then_some(first)
}
