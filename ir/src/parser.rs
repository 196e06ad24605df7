//! Parser for MLIR's textual syntax: the generic operation form, builtin types
//! and attributes, locations, aliases, and the hooks custom op syntax uses.
//!
//! Syntax errors stop the parse with one located diagnostic (as in MLIR).
//! Nesting is bounded so that no input can exhaust the stack.

use crate::builtin::op as builtin;
use std::collections::HashMap;
use std::sync::Arc;

use crate::attributes::{int_fits, Attribute, DenseValues, FloatAttr, Location, NamedAttr};
use crate::context::{set_named, BlockId, Context, OpId, OperationState, RegionId, Value, ValueDef};
use crate::diagnostics::Diagnostic;
use crate::lexer::{lex, unescape, Tok, Token};
use crate::registry::Traits;
use crate::types::{DialectType, FloatKind, ShapedType, Signedness, Type, DYNAMIC};

/// Result of a parse step.
pub type PResult<T> = Result<T, Diagnostic>;

/// How deep regions, types and attributes may nest.
pub const MAX_NESTING: u32 = 500;

/// A block argument as parsed: its name, type, location, and a location
/// alias still to resolve (name and where it was used).
type BlockArgument = (UnresolvedOperand, Type, Location, Option<(String, Location)>);

/// An operand named in the text but not yet resolved to a value.
#[derive(Clone, Debug)]
pub struct UnresolvedOperand {
    /// Name without `%`.
    pub name: String,
    /// Result number (`#N`).
    pub number: u32,
    /// Where it was written.
    pub loc: Location,
}

/// A region argument declared in custom syntax (`%i: index`).
#[derive(Clone, Debug)]
pub struct Argument {
    /// The name.
    pub name: UnresolvedOperand,
    /// Its type.
    pub ty: Type,
    /// Attributes written after it (`{llvm.noalias}`).
    pub attrs: Vec<NamedAttr>,
    /// Its location (`loc(...)` or where it was written).
    pub loc: Location,
}

#[derive(Default)]
struct Scope {
    values: HashMap<String, (Vec<Value>, Location)>,
    forward: HashMap<(String, u32), (Value, Location)>,
    region_defs: Vec<Vec<String>>,
}

struct BlockScope {
    labels: HashMap<String, (BlockId, Option<Location>, Location)>,
}

enum LocTarget {
    Op(OpId),
    Value(Value),
}

/// The parser state over one source buffer window.
pub struct Parser<'a> {
    /// The context receiving the IR.
    pub ctx: &'a mut Context,
    src: &'a [u8],
    file: Arc<str>,
    end: usize,
    line_starts: Vec<usize>,
    tok: Token,
    scopes: Vec<Scope>,
    block_scopes: Vec<BlockScope>,
    attr_aliases: HashMap<String, Attribute>,
    type_aliases: HashMap<String, Type>,
    deferred_locs: Vec<(LocTarget, String, Location)>,
    depth: u32,
    default_dialects: Vec<Option<&'static str>>,
}

impl<'a> Parser<'a> {
    /// A parser over `src[start..end]` of a file named `file`; locations use the whole file's lines.
    pub fn new(ctx: &'a mut Context, file: &str, src: &'a str, start: usize, end: usize) -> Parser<'a> {
        let bytes = src.as_bytes();
        let mut line_starts = vec![0];
        for (i, b) in bytes.iter().enumerate() {
            if *b == b'\n' {
                line_starts.push(i + 1);
            }
        }
        let tok = lex(bytes, start, end);
        Parser {
            ctx,
            src: bytes,
            file: file.into(),
            end,
            line_starts,
            tok,
            scopes: vec![Scope::default()],
            block_scopes: Vec::new(),
            attr_aliases: HashMap::new(),
            type_aliases: HashMap::new(),
            deferred_locs: Vec::new(),
            depth: 0,
            default_dialects: Vec::new(),
        }
    }

    // ----- tokens and errors -----

    /// The location of a byte offset.
    pub fn loc_at(&self, pos: usize) -> Location {
        let line = self.line_starts.partition_point(|s| *s <= pos);
        let col = pos - self.line_starts[line - 1] + 1;
        Location::FileLineCol { file: self.file.clone(), line: line as u32, col: col as u32 }
    }
    /// The location of the current token.
    pub fn loc(&self) -> Location {
        self.loc_at(self.tok.start)
    }
    /// An error at the current token.
    pub fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic::error(self.loc(), msg))
    }
    /// An error at a location.
    pub fn err_at<T>(&self, loc: Location, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic::error(loc, msg))
    }
    /// The current token's kind.
    pub fn kind(&self) -> Tok {
        self.tok.kind
    }
    /// The current token's text.
    pub fn text(&self) -> &'a str {
        std::str::from_utf8(&self.src[self.tok.start..self.tok.end]).unwrap_or("")
    }
    /// Moves to the next token.
    pub fn advance_token(&mut self) {
        self.advance();
    }
    fn advance(&mut self) {
        self.tok = lex(self.src, self.tok.end, self.end);
    }
    fn reset_to(&mut self, pos: usize) {
        self.tok = lex(self.src, pos, self.end);
    }
    /// True if the current token has the kind.
    pub fn at(&self, k: Tok) -> bool {
        self.tok.kind == k
    }
    /// Consumes a token of the kind if present.
    pub fn consume_if(&mut self, k: Tok) -> bool {
        if self.at(k) {
            self.advance();
            true
        } else {
            false
        }
    }
    /// Consumes a token of the kind or fails with "expected WHAT".
    pub fn expect(&mut self, k: Tok, what: &str) -> PResult<()> {
        if self.consume_if(k) {
            Ok(())
        } else {
            self.err(format!("expected {what}"))
        }
    }
    /// True if the current token is the bare keyword.
    pub fn at_keyword(&self, kw: &str) -> bool {
        self.at(Tok::BareIdent) && self.text() == kw
    }
    /// Consumes the keyword if present.
    pub fn consume_keyword(&mut self, kw: &str) -> bool {
        if self.at_keyword(kw) {
            self.advance();
            true
        } else {
            false
        }
    }
    /// Consumes the keyword or fails.
    pub fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.consume_keyword(kw) {
            Ok(())
        } else {
            self.err(format!("expected '{kw}'"))
        }
    }
    /// Consumes and returns a bare identifier.
    pub fn parse_keyword(&mut self, what: &str) -> PResult<String> {
        if !self.at(Tok::BareIdent) {
            return self.err(format!("expected {what}"));
        }
        let s = self.text().to_string();
        self.advance();
        Ok(s)
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.err(format!("nesting deeper than {MAX_NESTING} levels"));
        }
        Ok(())
    }
    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Parses `elem (, elem)*` between `open` and `close`; empty lists are allowed.
    pub fn parse_list(
        &mut self,
        open: Tok,
        close: Tok,
        what: &str,
        mut elem: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        let open_txt = tok_text(open);
        self.expect(open, &format!("'{open_txt}'"))?;
        if self.consume_if(close) {
            return Ok(());
        }
        loop {
            elem(self)?;
            if self.consume_if(Tok::Comma) {
                continue;
            }
            if self.consume_if(close) {
                return Ok(());
            }
            return self.err(format!("expected ',' or '{}' in {what}", tok_text(close)));
        }
    }

    // ----- top level -----

    /// Parses a whole buffer into a `builtin.module`, wrapping top-level ops in an implicit one.
    pub fn parse_top_level(&mut self) -> PResult<OpId> {
        let top_loc = self.loc();
        let block = self.ctx.create_block(&[]);
        self.block_scopes.push(BlockScope { labels: HashMap::new() });
        loop {
            match self.kind() {
                Tok::Eof => break,
                Tok::HashIdent if self.peek_is_alias_def() => self.parse_attr_alias_def()?,
                Tok::BangIdent if self.peek_is_alias_def() => self.parse_type_alias_def()?,
                Tok::MetadataBegin => self.skip_metadata()?,
                _ => {
                    let op = self.parse_operation()?;
                    self.ctx.append_op(block, op);
                }
            }
        }
        self.block_scopes.pop();
        self.finish_scope()?;
        self.resolve_deferred_locs()?;
        let ops = self.ctx.block_ops(block);
        if ops.len() == 1 && self.ctx.op_name(ops[0]) == builtin::MODULE {
            self.ctx.detach_op(ops[0]);
            return Ok(ops[0]);
        }
        let region = self.ctx.create_region();
        self.ctx.append_block(region, block);
        let loc = match top_loc {
            Location::FileLineCol { file, .. } => Location::FileLineCol { file, line: 1, col: 1 },
            l => l,
        };
        let module = self.ctx.create_op(OperationState::new(builtin::MODULE, loc).region(region));
        Ok(module)
    }

    fn peek_is_alias_def(&self) -> bool {
        lex(self.src, self.tok.end, self.end).kind == Tok::Equal
    }

    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let name = self.text()[1..].to_string();
        let loc = self.loc();
        if name.contains('.') {
            return self.err("attribute names with a '.' are reserved for dialect-defined names");
        }
        self.advance();
        self.expect(Tok::Equal, "'='")?;
        if self.attr_aliases.contains_key(&name) {
            return self.err_at(loc, format!("redefinition of attribute alias id '{name}'"));
        }
        let a = self.parse_attribute(None)?;
        self.attr_aliases.insert(name, a);
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let name = self.text()[1..].to_string();
        let loc = self.loc();
        if name.contains('.') {
            return self.err("type names with a '.' are reserved for dialect-defined names");
        }
        self.advance();
        self.expect(Tok::Equal, "'='")?;
        if self.type_aliases.contains_key(&name) {
            return self.err_at(loc, format!("redefinition of type alias id '{name}'"));
        }
        let t = self.parse_type()?;
        self.type_aliases.insert(name, t);
        Ok(())
    }

    fn skip_metadata(&mut self) -> PResult<()> {
        let loc = self.loc();
        while !self.at(Tok::MetadataEnd) {
            if self.at(Tok::Eof) {
                return self.err_at(loc, "expected '#-}' to end the file metadata dictionary");
            }
            self.advance();
        }
        self.advance();
        Ok(())
    }

    fn resolve_deferred_locs(&mut self) -> PResult<()> {
        for (target, alias, use_loc) in std::mem::take(&mut self.deferred_locs) {
            let loc = match self.attr_aliases.get(&alias) {
                Some(Attribute::Location(l)) => (**l).clone(),
                Some(_) => return self.err_at(use_loc, format!("expected location, but found '#{alias}'")),
                None => return self.err_at(use_loc, format!("operation location alias was never defined: '#{alias}'")),
            };
            match target {
                LocTarget::Op(op) => self.ctx.set_op_loc(op, loc),
                LocTarget::Value(v) => self.ctx.set_value_loc(v, loc),
            }
        }
        Ok(())
    }

    // ----- value scopes -----

    fn push_isolated_scope(&mut self) {
        self.scopes.push(Scope::default());
    }

    fn finish_scope(&mut self) -> PResult<()> {
        let scope = self.scopes.pop().expect("scope");
        if let Some((_, (_, loc))) =
            scope.forward.into_iter().min_by_key(|(_, (_, l))| l.file_line_col().map(|(_, a, b)| (a, b)))
        {
            return self.err_at(loc, "use of undeclared SSA value name");
        }
        Ok(())
    }

    fn push_region_scope(&mut self) {
        self.scopes.last_mut().expect("scope").region_defs.push(Vec::new());
        self.block_scopes.push(BlockScope { labels: HashMap::new() });
    }

    fn pop_region_scope(&mut self) -> PResult<()> {
        let bs = self.block_scopes.pop().expect("block scope");
        let mut undefined: Vec<_> = bs.labels.iter().filter(|(_, (_, def, _))| def.is_none()).collect();
        undefined.sort_by_key(|(_, (_, _, u))| u.file_line_col().map(|(_, a, b)| (a, b)));
        if let Some((name, (_, _, use_loc))) = undefined.first() {
            return self.err_at(use_loc.clone(), format!("reference to an undefined block '^{name}'"));
        }
        let scope = self.scopes.last_mut().expect("scope");
        if let Some(defs) = scope.region_defs.pop() {
            for d in defs {
                scope.values.remove(&d);
            }
        }
        Ok(())
    }

    /// Defines `%name` as the given values (a result group or one block argument).
    pub fn define_values(&mut self, name: &str, values: &[Value], loc: Location) -> PResult<()> {
        let scope = self.scopes.last_mut().expect("scope");
        if let Some((_, prev)) = scope.values.get(name) {
            let prev = prev.clone();
            return Err(Diagnostic::error(loc, format!("redefinition of SSA value '%{name}'"))
                .note(prev, "previously defined here"));
        }
        for (i, v) in values.iter().enumerate() {
            if let Some((ph, use_loc)) = scope.forward.remove(&(name.to_string(), i as u32)) {
                let (pt, vt) = (self.ctx.value_type(ph).clone(), self.ctx.value_type(*v).clone());
                if pt != vt {
                    let suffix = if values.len() > 1 { format!("#{i}") } else { String::new() };
                    return Err(Diagnostic::error(
                        loc,
                        format!("definition of SSA value '%{name}{suffix}' has type '{vt}'"),
                    )
                    .note(use_loc, format!("previously used here with type '{pt}'")));
                }
                self.ctx.replace_all_uses(ph, *v);
            }
        }
        let scope = self.scopes.last_mut().expect("scope");
        if let Some(((_, n), (_, use_loc))) =
            scope.forward.iter().find(|((k, n), _)| k == name && *n as usize >= values.len())
        {
            let (n, use_loc) = (*n, use_loc.clone());
            return self
                .err_at(use_loc, format!("operation defines {} results but was used with result #{n}", values.len()));
        }
        scope.values.insert(name.to_string(), (values.to_vec(), loc));
        if let Some(defs) = scope.region_defs.last_mut() {
            defs.push(name.to_string());
        }
        Ok(())
    }

    /// Parses `%name` or `%name#N`.
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand> {
        if !self.at(Tok::PercentIdent) {
            return self.err("expected SSA operand");
        }
        let loc = self.loc();
        let name = self.text()[1..].to_string();
        self.advance();
        let mut number = 0;
        if self.at(Tok::HashIdent) && self.tok.start == self.prev_end_hint(&name, &loc) {
            let t = &self.text()[1..];
            number = t.parse::<u32>().map_err(|_| Diagnostic::error(self.loc(), "expected result number after '#'"))?;
            self.advance();
        }
        Ok(UnresolvedOperand { name, number, loc })
    }

    fn prev_end_hint(&self, name: &str, loc: &Location) -> usize {
        // The offset right after `%name`, so that `%a #1` (with a space) is not read as a result number.
        let (_, line, col) = loc.file_line_col().expect("parser locations are file locations");
        self.line_starts[line as usize - 1] + col as usize - 1 + 1 + name.len()
    }

    /// Parses `%name` or `%name#N` if present.
    pub fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand>> {
        if self.at(Tok::PercentIdent) {
            self.parse_operand().map(Some)
        } else {
            Ok(None)
        }
    }

    /// Parses a comma-separated operand list (possibly empty) without delimiters.
    pub fn parse_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand>> {
        let mut v = Vec::new();
        if !self.at(Tok::PercentIdent) {
            return Ok(v);
        }
        loop {
            v.push(self.parse_operand()?);
            if !self.consume_if(Tok::Comma) {
                return Ok(v);
            }
        }
    }

    /// Resolves an operand to a value of the given type, creating a forward reference if needed.
    pub fn resolve_operand(&mut self, o: &UnresolvedOperand, ty: &Type) -> PResult<Value> {
        let scope = self.scopes.last_mut().expect("scope");
        if let Some((vals, _)) = scope.values.get(&o.name) {
            let Some(v) = vals.get(o.number as usize).copied() else {
                let n = vals.len();
                return Err(Diagnostic::error(
                    o.loc.clone(),
                    format!("invalid result number '#{}' for value '%{}' with {n} results", o.number, o.name),
                ));
            };
            let vt = self.ctx.value_type(v).clone();
            if vt != *ty {
                let prior = self.ctx.value_loc(v).clone();
                return Err(Diagnostic::error(
                    o.loc.clone(),
                    format!("use of value '%{}' expects different type than prior uses: '{ty}' vs '{vt}'", o.name),
                )
                .note(prior, "prior use here"));
            }
            return Ok(v);
        }
        if let Some((ph, first)) = scope.forward.get(&(o.name.clone(), o.number)) {
            let (ph, first) = (*ph, first.clone());
            let pt = self.ctx.value_type(ph).clone();
            if pt != *ty {
                return Err(Diagnostic::error(
                    o.loc.clone(),
                    format!("use of value '%{}' expects different type than prior uses: '{ty}' vs '{pt}'", o.name),
                )
                .note(first, "prior use here"));
            }
            return Ok(ph);
        }
        let ph = self.ctx.create_placeholder(ty.clone(), o.loc.clone());
        let scope = self.scopes.last_mut().expect("scope");
        scope.forward.insert((o.name.clone(), o.number), (ph, o.loc.clone()));
        Ok(ph)
    }

    /// Resolves a list of operands against a list of types of the same length.
    pub fn resolve_operands(
        &mut self,
        ops: &[UnresolvedOperand],
        types: &[Type],
        loc: &Location,
    ) -> PResult<Vec<Value>> {
        if ops.len() != types.len() {
            return self.err_at(loc.clone(), format!("{} operands present, but expected {}", ops.len(), types.len()));
        }
        ops.iter().zip(types).map(|(o, t)| self.resolve_operand(o, t)).collect()
    }

    // ----- operations -----

    /// Parses one operation, with its results and trailing location, and returns it detached.
    pub fn parse_operation(&mut self) -> PResult<OpId> {
        let mut defs: Vec<(String, u32, Location)> = Vec::new();
        if self.at(Tok::PercentIdent) {
            loop {
                let loc = self.loc();
                if !self.at(Tok::PercentIdent) {
                    return self.err("expected SSA value name");
                }
                let name = self.text()[1..].to_string();
                if name.contains('#') {
                    return self.err("expected SSA value name without result number");
                }
                self.advance();
                let mut count = 1;
                if self.consume_if(Tok::Colon) {
                    if !self.at(Tok::Integer) {
                        return self.err("expected integer number of results");
                    }
                    count = self.text().parse::<u32>().ok().filter(|c| *c > 0 && *c < 1_000_000).ok_or_else(|| {
                        Diagnostic::error(self.loc(), "expected named operation to have at least 1 result")
                    })?;
                    self.advance();
                }
                defs.push((name, count, loc));
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Equal, "'=' after SSA name")?;
        }
        let op_loc = self.loc();
        let op = match self.kind() {
            Tok::String => self.parse_generic_operation()?,
            Tok::BareIdent => self.parse_custom_operation()?,
            _ => return self.err("expected operation name in quotes"),
        };
        self.parse_trailing_location(LocTarget::Op(op))?;
        let results = self.ctx.results(op).to_vec();
        if !defs.is_empty() {
            let declared: u32 = defs.iter().map(|d| d.1).sum();
            if declared as usize != results.len() {
                return self.err_at(
                    op_loc,
                    format!("operation defines {} results but was provided {} to bind", results.len(), declared),
                );
            }
            let mut i = 0;
            for (name, count, loc) in defs {
                let group = &results[i..i + count as usize];
                self.define_values(&name, group, loc)?;
                i += count as usize;
            }
        }
        Ok(op)
    }

    fn parse_trailing_location(&mut self, target: LocTarget) -> PResult<()> {
        if !self.at_keyword("loc") {
            return Ok(());
        }
        let use_loc = self.loc();
        self.advance();
        self.expect(Tok::LParen, "'(' in location")?;
        if self.at(Tok::HashIdent) {
            let alias = self.text()[1..].to_string();
            self.advance();
            self.expect(Tok::RParen, "')' in location")?;
            match self.attr_aliases.get(&alias) {
                Some(Attribute::Location(l)) => {
                    let l = (**l).clone();
                    if let LocTarget::Op(op) = target {
                        self.ctx.set_op_loc(op, l);
                    }
                }
                Some(_) => return self.err_at(use_loc, format!("expected location, but found '#{alias}'")),
                None => self.deferred_locs.push((target, alias, use_loc)),
            }
            return Ok(());
        }
        let l = self.parse_location_body()?;
        self.expect(Tok::RParen, "')' in location")?;
        if let LocTarget::Op(op) = target {
            self.ctx.set_op_loc(op, l);
        }
        Ok(())
    }

    /// Parses the inside of `loc(...)`.
    pub fn parse_location_body(&mut self) -> PResult<Location> {
        self.enter()?;
        let r = self.parse_location_body_inner();
        self.leave();
        r
    }

    fn parse_location_body_inner(&mut self) -> PResult<Location> {
        if self.consume_keyword("unknown") {
            return Ok(Location::Unknown);
        }
        if self.consume_keyword("callsite") {
            self.expect(Tok::LParen, "'(' in callsite location")?;
            let callee = self.parse_location_body()?;
            self.expect_keyword("at")?;
            let caller = self.parse_location_body()?;
            self.expect(Tok::RParen, "')' in callsite location")?;
            return Ok(Location::CallSite { callee: Box::new(callee), caller: Box::new(caller) });
        }
        if self.consume_keyword("fused") {
            let mut metadata = None;
            if self.consume_if(Tok::Less) {
                metadata = Some(Box::new(self.parse_attribute(None)?));
                self.expect(Tok::Greater, "'>' after fused location metadata")?;
            }
            let mut locs = Vec::new();
            self.parse_list(Tok::LSquare, Tok::RSquare, "fused location", |p| {
                locs.push(p.parse_location_body()?);
                Ok(())
            })?;
            return Ok(Location::Fused { locs, metadata });
        }
        if self.at(Tok::HashIdent) {
            let alias = self.text()[1..].to_string();
            return match self.attr_aliases.get(&alias) {
                Some(Attribute::Location(l)) => {
                    let l = (**l).clone();
                    self.advance();
                    Ok(l)
                }
                _ => self.err(format!("expected location, but found '#{alias}'")),
            };
        }
        if self.at(Tok::String) {
            let s = self.parse_string()?;
            if self.consume_if(Tok::Colon) {
                let line = self.parse_u32("line number")?;
                self.expect(Tok::Colon, "':' in file location")?;
                let col = self.parse_u32("column number")?;
                if self.consume_keyword("to") {
                    // A range `to line:col`: keep the start.
                    if self.at(Tok::Colon) {
                        self.advance();
                    } else {
                        self.parse_u32("line number")?;
                        self.expect(Tok::Colon, "':'")?;
                    }
                    self.parse_u32("column number")?;
                }
                return Ok(Location::FileLineCol { file: s.into(), line, col });
            }
            let mut child = None;
            if self.consume_if(Tok::LParen) {
                child = Some(Box::new(self.parse_location_body()?));
                self.expect(Tok::RParen, "')' after child location")?;
            }
            return Ok(Location::Name { name: s.into(), child });
        }
        self.err("expected location instance")
    }

    fn parse_u32(&mut self, what: &str) -> PResult<u32> {
        if !self.at(Tok::Integer) {
            return self.err(format!("expected {what}"));
        }
        let v = self.text().parse::<u32>().map_err(|_| Diagnostic::error(self.loc(), format!("expected {what}")))?;
        self.advance();
        Ok(v)
    }

    /// Parses a string literal.
    pub fn parse_string(&mut self) -> PResult<String> {
        if !self.at(Tok::String) {
            return self.err("expected string");
        }
        let body = &self.src[self.tok.start + 1..self.tok.end - 1];
        let s = unescape(body).map_err(|_| Diagnostic::error(self.loc(), "invalid escape sequence in string"))?;
        self.advance();
        Ok(s)
    }

    fn check_dialect_allowed(&self, name: &str, loc: &Location) -> PResult<()> {
        if self.ctx.registry().op(name).is_some() {
            return Ok(());
        }
        let dialect = name.split_once('.').map(|(d, _)| d).unwrap_or("");
        if self.ctx.registry().dialect(dialect).is_some() {
            return self.err_at(
                loc.clone(),
                format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"),
            );
        }
        if !self.ctx.allow_unregistered {
            return self.err_at(
                loc.clone(),
                "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
            );
        }
        Ok(())
    }

    fn parse_generic_operation(&mut self) -> PResult<OpId> {
        let loc = self.loc();
        let name = self.parse_string()?;
        if name.is_empty() {
            return self.err_at(loc, "empty operation name is invalid");
        }
        if !name.contains('.') && self.ctx.registry().op(&name).is_none() {
            // Mirror MLIR: names need a dialect namespace unless registered.
            if !self.ctx.allow_unregistered {
                return self.err_at(loc, format!("operation name '{name}' has no dialect prefix"));
            }
        } else {
            self.check_dialect_allowed(&name, &loc)?;
        }
        let def = self.ctx.registry().op(&name).cloned();
        let mut state = OperationState::new(&name, loc.clone());
        let mut operands = Vec::new();
        self.parse_list(Tok::LParen, Tok::RParen, "operand list", |p| {
            operands.push(p.parse_operand()?);
            Ok(())
        })?;
        if self.at(Tok::LSquare) {
            let mut succ = Vec::new();
            self.parse_list(Tok::LSquare, Tok::RSquare, "successor list", |p| {
                succ.push(p.parse_successor()?);
                Ok(())
            })?;
            state.successors = succ;
        }
        if self.consume_if(Tok::Less) {
            let ploc = self.loc();
            let p = self.parse_attribute(None)?;
            self.expect(Tok::Greater, "'>' to close properties")?;
            match p {
                Attribute::Dictionary(d) => state.properties = (*d).clone(),
                other if def.is_none() => state.raw_properties = Some(other),
                _ => return self.err_at(ploc, "expected a dictionary of properties for a registered operation"),
            }
        }
        let isolated = def.as_ref().is_some_and(|d| d.traits.contains(Traits::ISOLATED_FROM_ABOVE));
        let dd = def.as_ref().and_then(|d| d.default_dialect);
        if self.at(Tok::LParen) {
            let mut regions = Vec::new();
            self.parse_list(Tok::LParen, Tok::RParen, "region list", |p| {
                regions.push(p.parse_region_in_scope(&[], isolated, dd)?);
                Ok(())
            })?;
            state.regions = regions;
        }
        if self.at(Tok::LBrace) {
            state.attributes = self.parse_attr_dict()?;
        }
        self.expect(Tok::Colon, "':' followed by operation type")?;
        let tloc = self.loc();
        let ty = self.parse_type()?;
        let Type::Function(ft) = ty else {
            return self.err_at(tloc, "expected function type");
        };
        state.operands = self.resolve_operands(&operands, &ft.inputs, &tloc)?;
        state.result_types = ft.results.clone();
        if let Some(d) = &def {
            move_inherent(&mut state, d.inherent);
        }
        Ok(self.ctx.create_op(state))
    }

    fn parse_custom_operation(&mut self) -> PResult<OpId> {
        let loc = self.loc();
        let written = self.text().to_string();
        let reg = self.ctx.registry().clone();
        let mut candidates = vec![written.clone()];
        if !written.contains('.') {
            if let Some(Some(d)) = self.default_dialects.last() {
                candidates.push(format!("{d}.{written}"));
            }
            candidates.push(format!("builtin.{written}"));
        }
        let def = candidates.iter().find_map(|c| reg.op(c)).cloned();
        let Some(def) = def.filter(|d| d.parse.is_some()) else {
            let tried = candidates.iter().skip(1).map(|c| format!("'{c}'")).collect::<Vec<_>>().join(", ");
            let extra = if tried.is_empty() { String::new() } else { format!(" (tried {tried} as well)") };
            return self.err_at(loc, format!("custom op '{written}' is unknown{extra}"));
        };
        self.advance();
        let mut state = OperationState::new(def.name, loc);
        let parse = def.parse.expect("checked above");
        self.default_dialects.push(def.default_dialect.or(self.default_dialects.last().copied().flatten()));
        let r = parse(self, &mut state);
        self.default_dialects.pop();
        r?;
        move_inherent(&mut state, def.inherent);
        Ok(self.ctx.create_op(state))
    }

    /// Parses `^label` or `^label(%a : T, ...)` as a successor, returning the block.
    pub fn parse_successor(&mut self) -> PResult<BlockId> {
        if !self.at(Tok::CaretIdent) {
            return self.err("expected block name");
        }
        let name = self.text()[1..].to_string();
        let loc = self.loc();
        self.advance();
        Ok(self.block_ref(&name, loc))
    }

    /// Parses a successor with optional operands in parentheses: `^bb1(%a : i32)`.
    pub fn parse_successor_and_operands(&mut self) -> PResult<(BlockId, Vec<Value>)> {
        let b = self.parse_successor()?;
        let mut vals = Vec::new();
        if self.at(Tok::LParen) {
            self.advance();
            let ops = self.parse_operand_list()?;
            let mut types = Vec::new();
            if !ops.is_empty() {
                self.expect(Tok::Colon, "':'")?;
                types = self.parse_type_list_no_parens()?;
            }
            self.expect(Tok::RParen, "')'")?;
            let loc = self.loc();
            vals = self.resolve_operands(&ops, &types, &loc)?;
        }
        Ok((b, vals))
    }

    fn block_ref(&mut self, name: &str, loc: Location) -> BlockId {
        if let Some(bs) = self.block_scopes.last() {
            if let Some((b, _, _)) = bs.labels.get(name) {
                return *b;
            }
        }
        let b = self.ctx.create_block(&[]);
        if let Some(bs) = self.block_scopes.last_mut() {
            bs.labels.insert(name.to_string(), (b, None, loc));
        }
        b
    }

    // ----- regions -----

    /// Parses a region `{ ... }` whose entry block has the given named arguments.
    /// `isolated` starts a fresh value scope; `default_dialect` names unqualified ops inside.
    pub fn parse_region_in_scope(
        &mut self,
        args: &[Argument],
        isolated: bool,
        default_dialect: Option<&'static str>,
    ) -> PResult<RegionId> {
        self.enter()?;
        if isolated {
            self.push_isolated_scope();
        }
        self.default_dialects.push(default_dialect.or(self.default_dialects.last().copied().flatten()));
        let r = self.parse_region_body(args);
        self.default_dialects.pop();
        let r = match r {
            Ok(region) if isolated => self.finish_scope().map(|_| region),
            other => other,
        };
        self.leave();
        r
    }

    /// Parses a region in the current value scope.
    pub fn parse_region(&mut self, args: &[Argument]) -> PResult<RegionId> {
        self.parse_region_in_scope(args, false, None)
    }

    fn parse_region_body(&mut self, args: &[Argument]) -> PResult<RegionId> {
        let open = self.loc();
        self.expect(Tok::LBrace, "'{' to begin a region")?;
        let region = self.ctx.create_region();
        self.push_region_scope();
        if self.consume_if(Tok::RBrace) {
            if !args.is_empty() {
                let entry = self.make_entry_block(args)?;
                self.ctx.append_block(region, entry);
            }
            self.pop_region_scope()?;
            return Ok(region);
        }
        let mut current = if !args.is_empty() || !self.at(Tok::CaretIdent) {
            if !args.is_empty() && self.at(Tok::CaretIdent) {
                return self.err("invalid block name in region with named arguments");
            }
            let entry = self.make_entry_block(args)?;
            self.ctx.append_block(region, entry);
            Some(entry)
        } else {
            None
        };
        loop {
            match self.kind() {
                Tok::RBrace => {
                    self.advance();
                    break;
                }
                Tok::Eof => return self.err_at(open, "expected '}' to end the region"),
                Tok::CaretIdent => {
                    let b = self.parse_block_header()?;
                    self.ctx.append_block(region, b);
                    current = Some(b);
                }
                _ => {
                    let b = current.expect("a block is open");
                    let op = self.parse_operation()?;
                    self.ctx.append_op(b, op);
                }
            }
        }
        self.pop_region_scope()?;
        Ok(region)
    }

    fn make_entry_block(&mut self, args: &[Argument]) -> PResult<BlockId> {
        let b = self.ctx.create_block(&args.iter().map(|a| (a.ty.clone(), a.loc.clone())).collect::<Vec<_>>());
        let vals = self.ctx.block_args(b).to_vec();
        for (a, v) in args.iter().zip(vals) {
            if !a.name.name.is_empty() {
                self.define_values(&a.name.name, &[v], a.name.loc.clone())?;
            }
        }
        Ok(b)
    }

    fn parse_block_header(&mut self) -> PResult<BlockId> {
        let loc = self.loc();
        let name = self.text()[1..].to_string();
        self.advance();
        let b = self.block_ref(&name, loc.clone());
        let bs = self.block_scopes.last_mut().expect("block scope");
        let entry = bs.labels.get_mut(&name).expect("just referenced");
        if let Some(prev) = &entry.1 {
            let prev = prev.clone();
            return Err(Diagnostic::error(loc, format!("redefinition of block '^{name}'"))
                .note(prev, "previously defined here"));
        }
        entry.1 = Some(loc);
        if self.at(Tok::LParen) {
            let mut args: Vec<BlockArgument> = Vec::new();
            self.parse_list(Tok::LParen, Tok::RParen, "block argument list", |p| {
                let name = p.parse_operand()?;
                p.expect(Tok::Colon, "':' and type for SSA value")?;
                let ty = p.parse_type()?;
                let mut aloc = name.loc.clone();
                let mut pending = None;
                if p.at_keyword("loc") {
                    p.advance();
                    p.expect(Tok::LParen, "'('")?;
                    if p.at(Tok::HashIdent) {
                        let alias = p.text()[1..].to_string();
                        let uloc = p.loc();
                        p.advance();
                        match p.attr_aliases.get(&alias) {
                            Some(Attribute::Location(l)) => aloc = (**l).clone(),
                            _ => pending = Some((alias, uloc)),
                        }
                    } else {
                        aloc = p.parse_location_body()?;
                    }
                    p.expect(Tok::RParen, "')'")?;
                }
                args.push((name, ty, aloc, pending));
                Ok(())
            })?;
            for (name, ty, aloc, pending) in args {
                let v = self.ctx.add_block_arg(b, ty, aloc);
                if let Some((alias, uloc)) = pending {
                    self.deferred_locs.push((LocTarget::Value(v), alias, uloc));
                }
                self.define_values(&name.name, &[v], name.loc)?;
            }
        }
        self.expect(Tok::Colon, "':' after block name")?;
        Ok(b)
    }

    /// Appends an operand-less `name` terminator to every block of the region that lacks one,
    /// and gives an empty region one block; used by ops with implicit terminators.
    pub fn ensure_terminator(&mut self, region: RegionId, name: crate::OpName, loc: &Location) {
        if self.ctx.region_blocks(region).is_empty() {
            let b = self.ctx.create_block(&[]);
            self.ctx.append_block(region, b);
        }
        for b in self.ctx.region_blocks(region).to_vec() {
            let needs = match self.ctx.last_op(b) {
                None => true,
                Some(last) => !self.ctx.has_traits(last, Traits::TERMINATOR),
            };
            if needs {
                let t = self.ctx.create_op(OperationState::new(name, loc.clone()));
                self.ctx.append_op(b, t);
            }
        }
    }

    /// Parses `%name: type {attrs} loc(...)` for function-like signatures.
    pub fn parse_argument(&mut self, with_type: bool) -> PResult<Argument> {
        let name = self.parse_operand()?;
        let mut ty = Type::None;
        if with_type {
            self.expect(Tok::Colon, "':'")?;
            ty = self.parse_type()?;
        }
        let mut attrs = Vec::new();
        if self.at(Tok::LBrace) {
            attrs = self.parse_attr_dict()?;
        }
        let mut loc = name.loc.clone();
        if self.at_keyword("loc") {
            self.advance();
            self.expect(Tok::LParen, "'('")?;
            loc = self.parse_location_body()?;
            self.expect(Tok::RParen, "')'")?;
        }
        Ok(Argument { name, ty, attrs, loc })
    }

    // ----- attributes -----

    /// Parses `{name = attr, unit_name, ...}`.
    pub fn parse_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        let mut out: Vec<NamedAttr> = Vec::new();
        self.parse_list(Tok::LBrace, Tok::RBrace, "attribute dictionary", |p| {
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
            self.parse_attr_dict()
        } else {
            Ok(Vec::new())
        }
    }

    /// Parses `attributes {...}` if present.
    pub fn parse_optional_attr_dict_with_keyword(&mut self) -> PResult<Vec<NamedAttr>> {
        if self.consume_keyword("attributes") {
            self.parse_attr_dict()
        } else {
            Ok(Vec::new())
        }
    }

    /// Parses `@name` and returns the name.
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        if !self.at(Tok::AtIdent) {
            return self.err("expected valid '@'-identifier for symbol name");
        }
        let t = &self.text()[1..];
        let s = if t.starts_with('"') {
            unescape(&t.as_bytes()[1..t.len() - 1])
                .map_err(|_| Diagnostic::error(self.loc(), "invalid escape sequence in string"))?
        } else {
            t.to_string()
        };
        self.advance();
        Ok(s)
    }

    /// Parses an attribute. `ty` is the expected type for untyped literals.
    pub fn parse_attribute(&mut self, ty: Option<&Type>) -> PResult<Attribute> {
        self.enter()?;
        let r = self.parse_attribute_inner(ty);
        self.leave();
        r
    }

    fn parse_attribute_inner(&mut self, ty: Option<&Type>) -> PResult<Attribute> {
        let loc = self.loc();
        match self.kind() {
            Tok::BareIdent => match self.text() {
                "true" | "false" => {
                    let b = self.text() == "true";
                    self.advance();
                    if self.at(Tok::Colon) && !self.peek_after_colon_is_not_type() {
                        self.advance();
                        let t = self.parse_type()?;
                        return Ok(if t == Type::i1() { Attribute::Bool(b) } else { Attribute::int(b as i128, t) });
                    }
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
                _ => Ok(Attribute::Type(self.parse_type()?)),
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
                self.parse_list(Tok::LSquare, Tok::RSquare, "array attribute", |p| {
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
                    let a = Attribute::Dialect { dialect: dialect.into(), body: body.into() };
                    self.verify_dialect_attr(&a, loc)?;
                    return Ok(a);
                }
                if self.src.get(end) == Some(&b'<') {
                    self.advance();
                    let body = self.capture_balanced(end)?;
                    return Ok(Attribute::Dialect { dialect: full.into(), body: body.into() });
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
                Ok(Attribute::Type(self.parse_type().map_err(|_| Diagnostic::error(loc, "expected attribute value"))?))
            }
        }
    }

    fn verify_dialect_attr(&self, a: &Attribute, loc: Location) -> PResult<()> {
        if let Attribute::Dialect { dialect, body } = a {
            if let Some(d) = self.ctx.registry().dialect(dialect) {
                if let Some(v) = d.verify_attr {
                    return v(body).map_err(|m| Diagnostic::error(loc, m));
                }
            } else if !self.ctx.allow_unregistered {
                return self.err_at(
                    loc,
                    format!(
                        "dialect '{dialect}' is unknown; pass --allow-unregistered-dialect to accept its attributes"
                    ),
                );
            }
        }
        Ok(())
    }

    fn peek_after_colon_is_not_type(&self) -> bool {
        // In `{a = 1 : i32}` the colon types the literal; in `%x = op true : i1` it may start the op type.
        // A following `(` starts a function type only in trailing op signatures.
        let next = lex(self.src, self.tok.end, self.end);
        next.kind == Tok::LParen
    }

    fn parse_number_attribute(&mut self, ty: Option<&Type>) -> PResult<Attribute> {
        let loc = self.loc();
        let neg = self.consume_if(Tok::Minus);
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
                return FloatAttr::from_bits(kind, bits).map(Attribute::Float).ok_or_else(|| {
                    Diagnostic::error(loc, format!("hexadecimal float constant out of range for type '{t}'"))
                });
            }
            let v: f64 = text.parse().map_err(|_| Diagnostic::error(loc.clone(), "invalid literal"))?;
            return Ok(Attribute::Float(FloatAttr::from_f64(kind, if neg { -v } else { v })));
        }
        if is_float {
            return self.err_at(loc, format!("floating point value not valid for specified type '{t}'"));
        }
        if !t.is_integer() && t != Type::Index {
            return self.err_at(loc, format!("integer literal not valid for specified type '{t}'"));
        }
        let magnitude = parse_int_literal(&text)
            .ok_or_else(|| Diagnostic::error(loc.clone(), "integer constant out of range for attribute"))?;
        let value = if neg { magnitude.checked_neg() } else { Some(magnitude) };
        let value = value
            .filter(|v| int_fits(*v, &t))
            .ok_or_else(|| Diagnostic::error(loc.clone(), "integer constant out of range for attribute"))?;
        if matches!(t, Type::Integer { signedness: Signedness::Unsigned, .. }) && neg {
            return self.err_at(loc, "negative integer literal not valid for unsigned integer type");
        }
        if t == Type::i1() {
            return Ok(Attribute::Bool(value != 0));
        }
        Ok(Attribute::int(value, t))
    }

    fn parse_dense_array(&mut self) -> PResult<Attribute> {
        self.advance();
        self.expect(Tok::Less, "'<' after 'array'")?;
        let tloc = self.loc();
        let element = self.parse_type()?;
        let is_float = element.is_float();
        if !is_float && !element.is_signless_integer() {
            return self.err_at(tloc, "expected integer or float type for a dense array");
        }
        if let Some(w) = element.int_width() {
            if ![1, 8, 16, 32, 64].contains(&w) {
                return self.err_at(tloc, "expected i1, i8, i16, i32, i64, f32 or f64 element type for a dense array");
            }
        }
        let mut ints = Vec::new();
        let mut floats = Vec::new();
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

    fn parse_number_or_bool(&mut self, ty: &Type) -> PResult<Attribute> {
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

    fn parse_verbatim_attribute(&mut self) -> PResult<Attribute> {
        let start = self.tok.start;
        let kw = self.text().to_string();
        let end = self.tok.end;
        self.advance();
        let mut text = kw.clone();
        if kw == "distinct" {
            if !self.at(Tok::LSquare) {
                return self.err("expected '[' after 'distinct'");
            }
            let s = self.tok.start;
            self.advance();
            if !self.at(Tok::Integer) {
                return self.err("expected distinct ID");
            }
            self.advance();
            let e = self.tok.end;
            self.expect(Tok::RSquare, "']'")?;
            text.push_str(&String::from_utf8_lossy(&self.src[s..e]));
            let inner = self.parse_attribute(None)?;
            return Ok(Attribute::Verbatim(format!("{text}{inner}").into()));
        }
        if self.src.get(end) != Some(&b'<') {
            return self.err_at(self.loc_at(start), format!("expected '<' after '{kw}'"));
        }
        text.push_str(&self.capture_balanced(end)?);
        if matches!(kw.as_str(), "dense" | "dense_resource" | "sparse" | "opaque")
            && self.at(Tok::Colon)
            && !self.peek_after_colon_is_not_type()
        {
            self.advance();
            let t = self.parse_type()?;
            text.push_str(&format!(" : {t}"));
        }
        Ok(Attribute::Verbatim(text.into()))
    }

    /// Reads raw text from `pos` (which must be `<`) to its matching `>`, and re-lexes after it.
    pub fn capture_balanced(&mut self, pos: usize) -> PResult<String> {
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
            if stack.len() > MAX_NESTING as usize {
                return self.err_at(self.loc_at(i), format!("nesting deeper than {MAX_NESTING} levels"));
            }
            i += 1;
        }
        self.err_at(self.loc_at(pos), "unbalanced '<' character in pretty dialect name")
    }

    // ----- types -----

    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
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
            self.parse_list(Tok::LParen, Tok::RParen, "function result types", |p| {
                v.push(p.parse_type()?);
                Ok(())
            })?;
            Ok(v)
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let loc = self.loc();
        match self.kind() {
            Tok::LParen => {
                let mut inputs = Vec::new();
                self.parse_list(Tok::LParen, Tok::RParen, "function type", |p| {
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
                        self.parse_list(Tok::Less, Tok::Greater, "tuple type", |p| {
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
                    _ => self.err("expected non-function type"),
                }
            }
            _ => self.err("expected non-function type"),
        }
    }

    fn make_dialect_type(&mut self, dialect: &str, body: String, loc: Location) -> PResult<Type> {
        let dt = DialectType { dialect: dialect.to_string(), body };
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
        Ok(Type::Dialect(Arc::new(dt)))
    }

    fn parse_shaped_type(&mut self, kind: &str) -> PResult<Type> {
        self.advance();
        if !self.at(Tok::Less) {
            return self.err(format!("expected '<' in {kind} type"));
        }
        // Dimensions are read character by character: `4x?x[8]xf32`.
        let mut i = skip_ws(self.src, self.tok.end, self.end);
        let mut dims = Vec::new();
        let mut scalable = Vec::new();
        let mut ranked = true;
        if self.src.get(i) == Some(&b'*') {
            if kind == "vector" {
                return self.err_at(self.loc_at(i), "vector types must be ranked");
            }
            ranked = false;
            i += 1;
            if self.src.get(i) != Some(&b'x') {
                return self.err_at(self.loc_at(i), "expected 'x' in unranked type");
            }
            i += 1;
        } else {
            loop {
                let start = i;
                let mut sc = false;
                if kind == "vector" && self.src.get(i) == Some(&b'[') {
                    sc = true;
                    i += 1;
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
                if sc {
                    if self.src.get(i) != Some(&b']') {
                        return self.err_at(self.loc_at(i), "missing ']' closing scalable dimension");
                    }
                    i += 1;
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
        let element = self.parse_type()?;
        let mut params = Vec::new();
        while self.consume_if(Tok::Comma) {
            params.push(self.parse_attribute(None)?);
        }
        self.expect(Tok::Greater, &format!("'>' in {kind} type"))?;
        let s = Arc::new(ShapedType { shape: ranked.then_some(dims), scalable, element, params });
        Ok(match kind {
            "vector" => Type::Vector(s),
            "tensor" => Type::Tensor(s),
            _ => Type::MemRef(s),
        })
    }

    /// The value scope's current binding of a name (used by tests and custom parsers).
    pub fn lookup_value(&self, name: &str) -> Option<Value> {
        self.scopes.last()?.values.get(name).map(|(v, _)| v[0])
    }

    /// True if `v` is still an unresolved forward reference.
    pub fn is_placeholder(&self, v: Value) -> bool {
        self.ctx.value_def(v) == ValueDef::Placeholder
    }
}

fn skip_ws(src: &[u8], pos: usize, end: usize) -> usize {
    crate::lexer::skip_trivia(src, pos, end)
}

fn tok_text(t: Tok) -> &'static str {
    match t {
        Tok::LParen => "(",
        Tok::RParen => ")",
        Tok::LBrace => "{",
        Tok::RBrace => "}",
        Tok::LSquare => "[",
        Tok::RSquare => "]",
        Tok::Less => "<",
        Tok::Greater => ">",
        _ => "?",
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

fn builtin_scalar_type(word: &str) -> Option<Result<Type, String>> {
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
        Ok(w) if w <= (1 << 24) => Ok(Type::Integer { width: w, signedness: sign }),
        _ => Err(format!("integer bitwidth is limited to {} bits", 1 << 24)),
    })
}

/// Moves inherent attributes given in the discardable dictionary into the properties.
fn move_inherent(state: &mut OperationState, inherent: &[&str]) {
    if inherent.is_empty() {
        return;
    }
    let mut kept = Vec::new();
    for (k, v) in std::mem::take(&mut state.attributes) {
        if inherent.contains(&&*k) {
            set_named(&mut state.properties, &k, v);
        } else {
            kept.push((k, v));
        }
    }
    state.attributes = kept;
}

/// Parses a source buffer (or a window of it) into a module operation.
pub fn parse_source(ctx: &mut Context, file: &str, src: &str, start: usize, end: usize) -> PResult<OpId> {
    let mut p = Parser::new(ctx, file, src, start, end);
    p.parse_top_level()
}

/// Parses a standalone type, for tools and tests.
pub fn parse_type_str(ctx: &mut Context, text: &str) -> PResult<Type> {
    let mut p = Parser::new(ctx, "<type>", text, 0, text.len());
    let t = p.parse_type()?;
    if !p.at(Tok::Eof) {
        return p.err("unexpected text after type");
    }
    Ok(t)
}

/// Parses a standalone attribute, for tools and tests.
pub fn parse_attribute_str(ctx: &mut Context, text: &str) -> PResult<Attribute> {
    let mut p = Parser::new(ctx, "<attribute>", text, 0, text.len());
    let a = p.parse_attribute(None)?;
    if !p.at(Tok::Eof) {
        return p.err("unexpected text after attribute");
    }
    Ok(a)
}
