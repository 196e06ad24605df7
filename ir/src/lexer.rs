//! Tokens of MLIR's textual syntax.
//!
//! The lexer works on demand over a byte window of the source, so the parser
//! can also read raw text where MLIR's grammar is character-level (shapes
//! like `4x?xf32`, bodies of dialect types and attributes).

/// Token kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// End of input.
    Eof,
    /// A character that starts no token, or a malformed token.
    Error,
    /// `foo`, `i32`, `arith.addi`.
    BareIdent,
    /// `@foo` or `@"foo"`.
    AtIdent,
    /// `%foo`, `%0`.
    PercentIdent,
    /// `^bb0`.
    CaretIdent,
    /// `#foo`, `#0`.
    HashIdent,
    /// `!foo.bar`.
    BangIdent,
    /// `42`, `0x2A`.
    Integer,
    /// `1.5e3`.
    Float,
    /// `"text"`.
    String,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `...`
    Ellipsis,
    /// `=`
    Equal,
    /// `->`
    Arrow,
    /// `?`
    Question,
    /// `*`
    Star,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `|`
    Bar,
    /// `{-#`
    MetadataBegin,
    /// `#-}`
    MetadataEnd,
}

/// A token: kind and byte range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// Kind.
    pub kind: Tok,
    /// Start offset.
    pub start: usize,
    /// End offset (exclusive).
    pub end: usize,
}

fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b'_' | b'-')
}

fn is_bare_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b'_')
}

/// Skips whitespace and `//` comments from `pos`, stopping at `end`.
pub fn skip_trivia(src: &[u8], mut pos: usize, end: usize) -> usize {
    while pos < end {
        match src[pos] {
            b' ' | b'\t' | b'\n' | b'\r' => pos += 1,
            b'/' if pos + 1 < end && src[pos + 1] == b'/' => {
                while pos < end && src[pos] != b'\n' {
                    pos += 1;
                }
            }
            _ => break,
        }
    }
    pos
}

/// Why the text of a [`Tok::Error`] token is not a token, in MLIR's lexer's
/// words.
pub fn error_message(text: &[u8]) -> &'static str {
    match text.first() {
        Some(b'@') => "@ identifier expected to start with letter or '_'",
        Some(b'.') => "expected three consecutive dots for an ellipsis",
        Some(b'"') => "expected '\"' in string literal",
        Some(b'%') => "invalid SSA name",
        Some(b'^') => "invalid block name",
        Some(b'#') => "invalid attribute name",
        Some(b'!') => "invalid type identifier",
        _ => "unexpected character",
    }
}

/// Lexes one token starting at `pos` (after trivia), not reading past `end`.
pub fn lex(src: &[u8], pos: usize, end: usize) -> Token {
    let start = skip_trivia(src, pos, end);
    let tok = |kind, e| Token { kind, start, end: e };
    if start >= end {
        return tok(Tok::Eof, end);
    }
    let at = |i: usize| if i < end { src[i] } else { 0 };
    let c = src[start];
    let mut i = start + 1;
    match c {
        b'(' => tok(Tok::LParen, i),
        b')' => tok(Tok::RParen, i),
        b'{' => {
            if at(i) == b'-' && at(i + 1) == b'#' {
                tok(Tok::MetadataBegin, i + 2)
            } else {
                tok(Tok::LBrace, i)
            }
        }
        b'}' => tok(Tok::RBrace, i),
        b'[' => tok(Tok::LSquare, i),
        b']' => tok(Tok::RSquare, i),
        b'<' => tok(Tok::Less, i),
        b'>' => tok(Tok::Greater, i),
        b',' => tok(Tok::Comma, i),
        b':' => tok(Tok::Colon, i),
        b'.' if at(i) == b'.' && at(i + 1) == b'.' => tok(Tok::Ellipsis, i + 2),
        b'=' => tok(Tok::Equal, i),
        b'?' => tok(Tok::Question, i),
        b'*' => tok(Tok::Star, i),
        b'+' => tok(Tok::Plus, i),
        b'|' => tok(Tok::Bar, i),
        b'-' => {
            if at(i) == b'>' {
                tok(Tok::Arrow, i + 1)
            } else {
                tok(Tok::Minus, i)
            }
        }
        b'"' => lex_string(src, start, end),
        b'@' => {
            if at(i) == b'"' {
                let s = lex_string(src, i, end);
                if s.kind == Tok::Error {
                    return Token { kind: Tok::Error, start, end: s.end };
                }
                return tok(Tok::AtIdent, s.end);
            }
            // As MLIR's lexer: `@` then a letter or `_` (or a string).
            if !(at(i).is_ascii_alphabetic() || at(i) == b'_') {
                return tok(Tok::Error, i);
            }
            while i < end && is_bare_char(src[i]) {
                i += 1;
            }
            tok(Tok::AtIdent, i)
        }
        b'%' | b'^' | b'#' | b'!' => {
            if c == b'#' && at(i) == b'-' && at(i + 1) == b'}' {
                return tok(Tok::MetadataEnd, i + 2);
            }
            let kind = match c {
                b'%' => Tok::PercentIdent,
                b'^' => Tok::CaretIdent,
                b'#' => Tok::HashIdent,
                _ => Tok::BangIdent,
            };
            if at(i).is_ascii_digit() {
                while i < end && src[i].is_ascii_digit() {
                    i += 1;
                }
                return tok(kind, i);
            }
            if !(at(i).is_ascii_alphabetic() || matches!(at(i), b'$' | b'.' | b'_' | b'-')) {
                return tok(Tok::Error, i);
            }
            while i < end && is_suffix_char(src[i]) {
                i += 1;
            }
            tok(kind, i)
        }
        b'0'..=b'9' => {
            if c == b'0' && at(i) == b'x' && at(i + 1).is_ascii_hexdigit() {
                i += 1;
                while i < end && src[i].is_ascii_hexdigit() {
                    i += 1;
                }
                return tok(Tok::Integer, i);
            }
            while i < end && src[i].is_ascii_digit() {
                i += 1;
            }
            if at(i) != b'.' {
                return tok(Tok::Integer, i);
            }
            i += 1;
            while i < end && src[i].is_ascii_digit() {
                i += 1;
            }
            if matches!(at(i), b'e' | b'E') {
                let mut j = i + 1;
                if matches!(at(j), b'+' | b'-') {
                    j += 1;
                }
                if at(j).is_ascii_digit() {
                    i = j;
                    while i < end && src[i].is_ascii_digit() {
                        i += 1;
                    }
                }
            }
            tok(Tok::Float, i)
        }
        c if c.is_ascii_alphabetic() || c == b'_' => {
            while i < end && is_bare_char(src[i]) {
                i += 1;
            }
            tok(Tok::BareIdent, i)
        }
        _ => {
            // Step over a whole UTF-8 sequence so the error points at one character.
            while i < end && (src[i] & 0xC0) == 0x80 {
                i += 1;
            }
            tok(Tok::Error, i)
        }
    }
}

fn lex_string(src: &[u8], start: usize, end: usize) -> Token {
    let mut i = start + 1;
    while i < end {
        match src[i] {
            b'"' => return Token { kind: Tok::String, start, end: i + 1 },
            b'\\' => i += 2,
            b'\n' => break,
            _ => i += 1,
        }
    }
    Token { kind: Tok::Error, start, end: i.min(end) }
}

/// Decodes the body of a string literal (without quotes), handling MLIR's escapes.
pub fn unescape(body: &[u8]) -> Result<String, usize> {
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        if body[i] != b'\\' {
            out.push(body[i]);
            i += 1;
            continue;
        }
        let c = *body.get(i + 1).ok_or(i)?;
        match c {
            b'"' | b'\\' => out.push(c),
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            _ => {
                let hex = body.get(i + 1..i + 3).ok_or(i)?;
                let s = std::str::from_utf8(hex).map_err(|_| i)?;
                out.push(u8::from_str_radix(s, 16).map_err(|_| i)?);
                i += 3;
                continue;
            }
        }
        i += 2;
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tok> {
        let b = s.as_bytes();
        let mut pos = 0;
        let mut v = Vec::new();
        loop {
            let t = lex(b, pos, b.len());
            if t.kind == Tok::Eof {
                return v;
            }
            v.push(t.kind);
            pos = t.end;
        }
    }

    #[test]
    fn lexes_mlir_tokens() {
        assert_eq!(
            kinds("%0:2 = \"foo.bar\"(%a#1) -> @x // c\n ^bb0 #-} {-# 1.5e3 0x1F !d.t"),
            vec![
                Tok::PercentIdent,
                Tok::Colon,
                Tok::Integer,
                Tok::Equal,
                Tok::String,
                Tok::LParen,
                Tok::PercentIdent,
                Tok::HashIdent,
                Tok::RParen,
                Tok::Arrow,
                Tok::AtIdent,
                Tok::CaretIdent,
                Tok::MetadataEnd,
                Tok::MetadataBegin,
                Tok::Float,
                Tok::Integer,
                Tok::BangIdent
            ]
        );
    }

    #[test]
    fn unterminated_string_is_an_error() {
        assert_eq!(kinds("\"abc"), vec![Tok::Error]);
        assert_eq!(unescape(b"a\\22b\\n").unwrap(), "a\"b\n");
    }
}
