//! The bodies of `affine_map<...>` and `affine_set<...>` checked as MLIR's
//! parser checks them: identifier lists, expressions over the declared
//! dimensions and symbols with `+`, `-`, `*`, `floordiv`, `ceildiv`, `mod`
//! and 64-bit constants, pure affine products and divisions, and for sets,
//! constraints `e >= e`, `e <= e`, `e == e`. The attribute itself is kept as
//! written.

use std::collections::HashMap;

/// Why a body is refused, and where (a byte offset into it).
#[derive(Debug, PartialEq)]
pub struct AffineError {
    /// The byte offset of the problem in the body.
    pub offset: usize,
    /// MLIR's message.
    pub message: String,
}

/// What an expression may be multiplied or divided by.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Constant,
    Symbolic,
    Affine,
}

struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
    /// Declared identifiers: whether each is a symbol.
    ids: HashMap<String, bool>,
}

/// Checks the body of `affine_map<body>`: `(d..)[s..] -> (e, ...)`.
pub fn check_map(body: &str) -> Result<(), AffineError> {
    let mut r = Reader { text: body.as_bytes(), pos: 0, ids: HashMap::new() };
    r.declarations()?;
    r.expect("->", "expected '->' or '['")?;
    r.list(b'(', b')', "expected ',' or ')'", |r| r.expr().map(|_| ()))?;
    r.end()
}

/// Checks the body of `affine_set<body>`: `(d..)[s..] : (c, ...)`.
pub fn check_set(body: &str) -> Result<(), AffineError> {
    let mut r = Reader { text: body.as_bytes(), pos: 0, ids: HashMap::new() };
    r.declarations()?;
    r.expect(":", "expected ':' or '['")?;
    r.list(b'(', b')', "expected ',' or ')'", |r| {
        r.expr()?;
        r.space();
        let op = ["==", ">=", "<="].into_iter().find(|op| r.text[r.pos..].starts_with(op.as_bytes()));
        let Some(op) = op else {
            return r.error("expected '== affine-expr' or '>= affine-expr' at end of affine constraint");
        };
        r.pos += op.len();
        r.expr().map(|_| ())
    })?;
    r.end()
}

impl Reader<'_> {
    fn error<T>(&self, message: &str) -> Result<T, AffineError> {
        Err(AffineError { offset: self.pos, message: message.to_string() })
    }

    fn space(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.text.get(self.pos).copied()
    }

    fn eat(&mut self, token: &str) -> bool {
        self.space();
        let found = self.text[self.pos..].starts_with(token.as_bytes());
        if found {
            self.pos += token.len();
        }
        found
    }

    fn expect(&mut self, token: &str, message: &str) -> Result<(), AffineError> {
        if self.eat(token) {
            Ok(())
        } else {
            self.error(message)
        }
    }

    fn end(&mut self) -> Result<(), AffineError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => self.error("expected '>'"),
        }
    }

    fn word(&mut self) -> Option<String> {
        self.space();
        let start = self.pos;
        while self.pos < self.text.len() && (self.text[self.pos].is_ascii_alphanumeric() || self.text[self.pos] == b'_')
        {
            self.pos += 1;
        }
        let word = &self.text[start..self.pos];
        (!word.is_empty() && !word[0].is_ascii_digit()).then(|| String::from_utf8_lossy(word).into_owned()).or_else(
            || {
                self.pos = start;
                None
            },
        )
    }

    /// `open item, ... close`, possibly empty.
    fn list(
        &mut self,
        open: u8,
        close: u8,
        message: &str,
        mut item: impl FnMut(&mut Self) -> Result<(), AffineError>,
    ) -> Result<(), AffineError> {
        if self.peek() != Some(open) {
            return self.error(&format!("expected '{}'", open as char));
        }
        self.pos += 1;
        if self.peek() == Some(close) {
            self.pos += 1;
            return Ok(());
        }
        loop {
            item(self)?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(c) if c == close => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => return self.error(message),
            }
        }
    }

    /// `(d0, ...)` and an optional `[s0, ...]`.
    fn declarations(&mut self) -> Result<(), AffineError> {
        for (open, close, symbol, what) in [(b'(', b')', false, "dimensional"), (b'[', b']', true, "symbol")] {
            if symbol && self.peek() != Some(b'[') {
                break;
            }
            let message = format!("expected ')' in {what} identifier list");
            let message = if symbol { message.replace(')', "]") } else { message };
            self.list(open, close, &message, |r| {
                let at = r.pos;
                let Some(name) = r.word() else { return r.error("expected bare identifier") };
                if r.ids.insert(name.clone(), symbol).is_some() {
                    return Err(AffineError { offset: at, message: format!("redefinition of identifier '{name}'") });
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    /// A sum of terms.
    fn expr(&mut self) -> Result<Kind, AffineError> {
        let mut kind = self.term()?;
        loop {
            match self.peek() {
                Some(b'+') => self.pos += 1,
                Some(b'-') if self.text.get(self.pos + 1) != Some(&b'>') => self.pos += 1,
                _ => return Ok(kind),
            }
            kind = kind.max(self.term()?);
        }
    }

    /// A product or quotient of factors.
    fn term(&mut self) -> Result<Kind, AffineError> {
        let mut kind = self.factor()?;
        loop {
            let op = if self.eat("*") {
                "*"
            } else if let Some(op) = ["floordiv", "ceildiv", "mod"].into_iter().find(|op| self.keyword(op)) {
                op
            } else {
                return Ok(kind);
            };
            let right = self.factor()?;
            if op == "*" {
                if kind == Kind::Affine && right == Kind::Affine {
                    return self.error(
                        "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                    );
                }
            } else if right == Kind::Affine {
                return self.error(&format!(
                    "non-affine expression: right operand of {op} has to be either a constant or symbolic"
                ));
            }
            kind = kind.max(right);
        }
    }

    /// Whether the next word is `word` (consumed if so).
    fn keyword(&mut self, word: &str) -> bool {
        let start = self.pos;
        match self.word() {
            Some(w) if w == word => true,
            _ => {
                self.pos = start;
                false
            }
        }
    }

    fn factor(&mut self) -> Result<Kind, AffineError> {
        match self.peek() {
            Some(b'-') => {
                self.pos += 1;
                self.factor()
            }
            Some(b'(') => {
                self.pos += 1;
                let kind = self.expr()?;
                self.expect(")", "expected ')'")?;
                Ok(kind)
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.pos;
                while self.pos < self.text.len() && self.text[self.pos].is_ascii_digit() {
                    self.pos += 1;
                }
                let digits = String::from_utf8_lossy(&self.text[start..self.pos]);
                if digits.parse::<i64>().is_err() {
                    return Err(AffineError { offset: start, message: "constant too large for index".into() });
                }
                Ok(Kind::Constant)
            }
            _ => {
                let at = self.pos;
                let Some(name) = self.word() else { return self.error("expected affine expression") };
                match self.ids.get(&name) {
                    Some(true) => Ok(Kind::Symbolic),
                    Some(false) => Ok(Kind::Affine),
                    None => Err(AffineError { offset: at, message: "use of undeclared identifier".into() }),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{check_map, check_set};

    #[test]
    fn maps_mlir_reads() {
        for ok in [
            "(d0, d1)[s0] -> (d0 + s0, d1)",
            "() -> (0)",
            "(d0) -> ()",
            "(d0)[s0] -> (d0 * s0, d0 floordiv s0, d0 mod 4, d0 ceildiv -2)",
            "(i, j)[N] -> (-(i + 1), 2 * j, (N), 3 - i, i + - 1, j * 2 * 3)",
            "(d0) -> (d0 + 9223372036854775807)",
        ] {
            assert_eq!(check_map(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn maps_mlir_refuses() {
        for (bad, message) in [
            ("(d0 d1) -> (d0)", "expected ')' in dimensional identifier list"),
            ("(d0) -> (d0 + 18446744073709551616)", "constant too large for index"),
            ("(d0, d1) -> (d0 * d1)", "at least one of the multiply operands"),
            ("(d0) -> (d0 floordiv d0)", "right operand of floordiv"),
            ("(d0) -> (d0 mod d0)", "right operand of mod"),
            ("(d0) -> (d1)", "use of undeclared identifier"),
            ("(d0, d0) -> (d0)", "redefinition of identifier 'd0'"),
            ("(d0, d1) -> (d0, d1 d1)", "expected ',' or ')'"),
        ] {
            let e = check_map(bad).expect_err(bad);
            assert!(e.message.contains(message), "{bad}: {}", e.message);
        }
    }

    #[test]
    fn sets() {
        for ok in ["(d0) : ()", "(d0) : (d0 <= 5)", "(d0)[s0] : (d0 == 0, d0 - s0 >= 0)", "(d0) : (d0 >= d0)"] {
            assert_eq!(check_set(ok), Ok(()), "{ok}");
        }
        assert!(check_set("(d0) : (d0)").is_err());
        assert!(check_set("(d0) : (d1 >= 0)").is_err());
    }
}
