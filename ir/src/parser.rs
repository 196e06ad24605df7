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

mod attributes;
mod locations;
mod module;
mod operations;
mod regions;
mod types;
mod values;

/// Result of a parse step.
pub type PResult<T> = Result<T, Diagnostic>;

pub use crate::nesting::MAX_NESTING;
use crate::nesting::{attr_depth, loc_depth, type_depth, TEXT_SLACK};
pub use attributes::parse_int_literal;

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

/// Where the lines of a source text start: made once per text and shared by
/// the parsers of its chunks (`--split-input-file`), so that parsing every
/// chunk of a file costs the file's length, not the chunks' count times it.
#[derive(Clone, Debug)]
pub struct LineIndex(Vec<usize>);

impl LineIndex {
    /// The index of `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i + 1));
        LineIndex(starts)
    }
    /// The line (from 1) holding byte `pos`.
    pub fn line_of(&self, pos: usize) -> u32 {
        self.0.partition_point(|s| *s <= pos) as u32
    }
}

/// The parser state over one source buffer window.
pub struct Parser<'a> {
    /// The context receiving the IR.
    pub ctx: &'a mut Context,
    src: &'a [u8],
    file: Arc<str>,
    end: usize,
    line_starts: std::borrow::Cow<'a, [usize]>,
    tok: Token,
    scopes: Vec<Scope>,
    block_scopes: Vec<BlockScope>,
    attr_aliases: HashMap<String, Attribute>,
    type_aliases: HashMap<String, Type>,
    deferred_locs: Vec<(LocTarget, String, Location)>,
    /// Nesting of the text of the value being read (types, attributes, locations).
    depth: usize,
    /// Regions around the operation being read (the module's body is 1).
    regions: usize,
    /// The most regions seen around an operation since it was last reset.
    deepest_regions: usize,
    default_dialects: Vec<Option<&'static str>>,
    /// The attribute of each `distinct[ID]` read so far.
    distinct: HashMap<u64, String>,
    /// The operation whose custom form is being read: errors its parser
    /// reports (not those of the types, attributes, regions and operands
    /// it reads through the parser) name it, as MLIR's do.
    custom_op: Option<std::sync::Arc<str>>,
    /// Where the text being read starts in `src` (a chunk's start).
    start: usize,
}

impl<'a> Parser<'a> {
    /// A parser over `src[start..end]` of a file named `file`; locations use the whole file's lines.
    pub fn new(ctx: &'a mut Context, file: &str, src: &'a str, start: usize, end: usize) -> Parser<'a> {
        let LineIndex(starts) = LineIndex::new(src);
        Parser::with_lines(ctx, file, src, std::borrow::Cow::Owned(starts), start, end)
    }

    /// A parser over `src[start..end]` whose lines `lines` indexes.
    pub fn indexed(
        ctx: &'a mut Context,
        file: &str,
        src: &'a str,
        lines: &'a LineIndex,
        start: usize,
        end: usize,
    ) -> Parser<'a> {
        Parser::with_lines(ctx, file, src, std::borrow::Cow::Borrowed(&lines.0), start, end)
    }

    fn with_lines(
        ctx: &'a mut Context,
        file: &str,
        src: &'a str,
        line_starts: std::borrow::Cow<'a, [usize]>,
        start: usize,
        end: usize,
    ) -> Parser<'a> {
        let bytes = src.as_bytes();
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
            regions: 0,
            deepest_regions: 0,
            default_dialects: Vec::new(),
            distinct: HashMap::new(),
            custom_op: None,
            start,
        }
    }

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
        match self.lexer_error() {
            Some(lexer) => Err(Diagnostic::error(self.loc(), lexer)),
            None => Err(Diagnostic::error(self.loc(), self.in_custom_op(msg.into()))),
        }
    }
    /// `msg`, naming the operation whose custom form is being read.
    fn in_custom_op(&self, msg: String) -> String {
        match &self.custom_op {
            Some(op) => format!("custom op '{op}' {msg}"),
            None => msg,
        }
    }
    /// Runs `read` as the parser's own reading (of a type, an attribute, a
    /// region...), whose errors do not name the custom operation.
    pub(crate) fn outside_custom_op<T>(&mut self, read: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let op = self.custom_op.take();
        let r = read(self);
        self.custom_op = op;
        r
    }
    /// Runs `read` as the custom parser of `op`.
    pub(crate) fn inside_custom_op<T>(
        &mut self,
        op: std::sync::Arc<str>,
        read: impl FnOnce(&mut Self) -> PResult<T>,
    ) -> PResult<T> {
        let outer = self.custom_op.replace(op);
        let r = read(self);
        self.custom_op = outer;
        r
    }
    /// `msg` where MLIR reports a wrong token ([`Parser::wrong_token_loc`]),
    /// or the lexer's complaint at a token it could not read.
    pub fn err_wrong_token<T>(&self, msg: impl Into<String>) -> PResult<T> {
        match self.lexer_error() {
            Some(lexer) => Err(Diagnostic::error(self.loc(), lexer)),
            None => Err(Diagnostic::error(self.wrong_token_loc(), msg)),
        }
    }
    /// At a token the lexer could not read, why, which MLIR reports instead
    /// of what the parser expected there.
    fn lexer_error(&self) -> Option<&'static str> {
        (self.tok.kind == Tok::Error).then(|| crate::lexer::error_message(&self.src[self.tok.start..self.tok.end]))
    }
    /// An error at a location.
    pub fn err_at<T>(&self, loc: Location, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic::error(loc, self.in_custom_op(msg.into())))
    }
    /// The current token's kind.
    pub fn kind(&self) -> Tok {
        self.tok.kind
    }
    /// The current token's text.
    pub fn text(&self) -> &'a str {
        std::str::from_utf8(&self.src[self.tok.start..self.tok.end]).unwrap_or("")
    }
    /// The kind of the token after the current one, and where it starts.
    pub fn peek(&self) -> (Tok, Location) {
        let next = lex(self.src, self.tok.end, self.end);
        (next.kind, self.loc_at(next.start))
    }
    /// Moves to the next token.
    pub fn advance_token(&mut self) {
        self.advance();
    }
    /// An integer literal with an optional leading `-` (a case value of
    /// `cf.switch` or `scf.index_switch`): `None` when it does not fit an
    /// i128.
    pub fn parse_signed_integer(&mut self) -> PResult<Option<i128>> {
        let negative = self.consume_if(Tok::Minus);
        if !self.at(Tok::Integer) {
            return self.err("expected integer value");
        }
        let text = self.text().to_string();
        self.advance_token();
        Ok(parse_int_literal(&text).map(|m| if negative { -m } else { m }))
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
    /// Consumes a token of the kind or fails with "expected WHAT" (at
    /// [`Parser::wrong_token_loc`]).
    pub fn expect(&mut self, k: Tok, what: &str) -> PResult<()> {
        if self.consume_if(k) {
            Ok(())
        } else if let Some(lexer) = self.lexer_error() {
            Err(Diagnostic::error(self.loc(), lexer))
        } else {
            Err(Diagnostic::error(self.wrong_token_loc(), format!("expected {what}")))
        }
    }
    /// Where MLIR reports a token that is not the one expected: just after
    /// the last character before it that is not blank, skipping blank lines
    /// and `//` comments, i.e. at the end of what was read (at the token
    /// itself when nothing precedes it).
    pub fn wrong_token_loc(&self) -> Location {
        let mut end = self.tok.start;
        loop {
            while end > 0 && matches!(self.src[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return self.loc();
            }
            if !matches!(self.src[end - 1], b'\n' | b'\r') {
                return self.loc_at(end);
            }
            end -= 1;
            // A comment on the line before ends where it starts.
            let line_start = self.src[..end].iter().rposition(|c| matches!(c, b'\n' | b'\r')).map_or(0, |i| i + 1);
            if let Some(c) = self.src[line_start..end].windows(2).position(|w| w == b"//") {
                end = line_start + c;
            }
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
    /// Consumes the keyword or fails at the current token (as MLIR's
    /// `parseKeyword` does).
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

    /// Enters a type, attribute or location; its text may nest a little
    /// deeper than the limit, which [`crate::nesting`] checks on the values.
    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING + TEXT_SLACK {
            return self.err(format!("nesting deeper than {MAX_NESTING} levels"));
        }
        Ok(())
    }
    fn leave(&mut self) {
        self.depth -= 1;
    }
    /// Enters a region. Its depth counts from its first operation
    /// ([`Parser::enter_operation`]): an empty region, which the generic
    /// form writes for a function declared without a body, nests nothing.
    fn enter_region(&mut self) -> PResult<()> {
        self.regions += 1;
        Ok(())
    }
    /// Enters an operation, at the depth of the regions around it.
    fn enter_operation(&mut self) -> PResult<()> {
        self.deepest_regions = self.deepest_regions.max(self.regions);
        if self.regions > MAX_NESTING {
            return self.err(format!("nesting deeper than {MAX_NESTING} levels"));
        }
        Ok(())
    }
    fn leave_region(&mut self) {
        self.regions -= 1;
    }

    /// Parses `elem (, elem)*` between `open` and `close`; empty lists are
    /// allowed. `what` says where, with its preposition, as MLIR's messages
    /// do: `expected ')' to end operand list`, `expected '>' in tuple type`.
    pub fn parse_list(
        &mut self,
        open: Tok,
        close: Tok,
        what: &str,
        mut elem: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        let open_txt = tok_text(open);
        let context = if what.starts_with("in ") { format!(" {what}") } else { String::new() };
        self.expect(open, &format!("'{open_txt}'{context}"))?;
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
            let message = match what {
                // MLIR's generic list: `expected ',' or ']'`.
                "" => format!("expected ',' or '{}'", tok_text(close)),
                _ => format!("expected '{}' {what}", tok_text(close)),
            };
            return Err(Diagnostic::error(self.wrong_token_loc(), message));
        }
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

/// Parses a source buffer (or a window of it) into a module operation.
pub fn parse_source(ctx: &mut Context, file: &str, src: &str, start: usize, end: usize) -> PResult<OpId> {
    let mut p = Parser::new(ctx, file, src, start, end);
    p.parse_top_level()
}

/// [`parse_source`] with the lines of `src` indexed once by the caller (for
/// the chunks of one file).
pub fn parse_indexed(
    ctx: &mut Context,
    file: &str,
    src: &str,
    lines: &LineIndex,
    start: usize,
    end: usize,
) -> PResult<OpId> {
    let mut p = Parser::indexed(ctx, file, src, lines, start, end);
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
