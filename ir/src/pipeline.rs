//! Parsing textual pass pipelines: `builtin.module(func.func(canonicalize{max-iterations=3},cse))`.

use crate::attributes::Location;
use crate::builtin::op as builtin;
use crate::diagnostics::Diagnostic;
use crate::pass::{OpPassManager, PassRegistry};

/// The buffer name used in pipeline diagnostics.
pub const PIPELINE_BUFFER: &str = "<pass-pipeline>";

struct P<'a> {
    s: &'a [u8],
    pos: usize,
    reg: &'a PassRegistry,
}

impl P<'_> {
    fn err<T>(&self, pos: usize, msg: impl Into<String>) -> Result<T, Diagnostic> {
        Err(Diagnostic::error(Location::file(PIPELINE_BUFFER, 1, pos as u32 + 1), msg))
    }
    fn ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn name(&mut self) -> Result<(String, usize), Diagnostic> {
        self.ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || matches!(self.s[self.pos], b'.' | b'-' | b'_'))
        {
            self.pos += 1;
        }
        if start == self.pos {
            return self.err(start, "expected pass or pass pipeline name");
        }
        Ok((String::from_utf8_lossy(&self.s[start..self.pos]).into_owned(), start))
    }

    /// Parses `elem, elem, ...` until `)` or end, into `pm`.
    fn elements(&mut self, pm: &mut OpPassManager, depth: u32) -> Result<(), Diagnostic> {
        if depth > 64 {
            return self.err(self.pos, "pass pipeline nested too deeply");
        }
        loop {
            let (name, at) = self.name()?;
            self.ws();
            if self.s.get(self.pos) == Some(&b'(') {
                self.pos += 1;
                let nested = pm.nest(&name);
                self.ws();
                if self.s.get(self.pos) != Some(&b')') {
                    self.elements(nested, depth + 1)?;
                }
                self.ws();
                if self.s.get(self.pos) != Some(&b')') {
                    return self.err(self.pos, "expected ')' to close the nested pipeline");
                }
                self.pos += 1;
            } else {
                let Some(info) = self.reg.get(&name) else {
                    let known = self.reg.all().map(|p| p.decl.argument);
                    return self
                        .err(at, format!("'{name}' does not refer to a registered pass or pass pipeline"))
                        .map_err(|e| crate::suggest::noted(e, &name, known));
                };
                let mut pass = (info.create)();
                if self.s.get(self.pos) == Some(&b'{') {
                    let open = self.pos;
                    self.pos += 1;
                    let body_start = self.pos;
                    let mut depth = 1;
                    while self.pos < self.s.len() && depth > 0 {
                        match self.s[self.pos] {
                            b'{' => depth += 1,
                            b'}' => depth -= 1,
                            _ => {}
                        }
                        self.pos += 1;
                    }
                    if depth > 0 {
                        return self.err(open, "missing '}' to close the pass options");
                    }
                    let body = String::from_utf8_lossy(&self.s[body_start..self.pos - 1]).into_owned();
                    for (k, v, off) in split_options(&body) {
                        let opt_pos = body_start + off;
                        if let Err(m) = info.decl.set(pass.as_mut(), &k, &v) {
                            return self.err(opt_pos, m);
                        }
                    }
                }
                pm.add(pass);
            }
            self.ws();
            match self.s.get(self.pos) {
                Some(b',') => {
                    self.pos += 1;
                }
                Some(b')') | None => return Ok(()),
                Some(_) => return self.err(self.pos, "expected ',' or ')' after a pass"),
            }
        }
    }
}

/// Splits `a=1 b="x y" c={...}` into (key, value, offset) triples; a bare key means `true`.
fn split_options(body: &str) -> Vec<(String, String, usize)> {
    let b = body.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        let start = i;
        while i < b.len() && b[i] != b'=' && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        let key = body[start..i].to_string();
        let mut value = "true".to_string();
        if i < b.len() && b[i] == b'=' {
            i += 1;
            let vs = i;
            let mut depth = 0;
            let mut quoted = false;
            while i < b.len() {
                match b[i] {
                    b'"' => quoted = !quoted,
                    b'{' if !quoted => depth += 1,
                    b'}' if !quoted => depth -= 1,
                    c if c.is_ascii_whitespace() && !quoted && depth == 0 => break,
                    _ => {}
                }
                i += 1;
            }
            value = body[vs..i].trim_matches('"').to_string();
        }
        out.push((key, value, start));
    }
    out
}

/// Parses a pipeline. A string without an anchor (`canonicalize,cse`) is anchored on `builtin.module`.
pub fn parse_pipeline(text: &str, reg: &PassRegistry) -> Result<OpPassManager, Diagnostic> {
    let mut p = P { s: text.as_bytes(), pos: 0, reg };
    p.ws();
    if p.pos == p.s.len() {
        return Ok(OpPassManager::new(builtin::MODULE));
    }
    // Look ahead: `name(` at the top is an anchor.
    let save = p.pos;
    let (name, _) = p.name()?;
    p.ws();
    let anchored = p.s.get(p.pos) == Some(&b'(') && reg.get(&name).is_none();
    p.pos = save;
    let mut root;
    if anchored {
        let (anchor, _) = p.name()?;
        p.ws();
        p.pos += 1;
        root = OpPassManager::new(&anchor);
        p.ws();
        if p.s.get(p.pos) != Some(&b')') {
            p.elements(&mut root, 0)?;
        }
        p.ws();
        if p.s.get(p.pos) != Some(&b')') {
            return p.err(p.pos, "expected ')' to close the pipeline");
        }
        p.pos += 1;
    } else {
        root = OpPassManager::new(builtin::MODULE);
        p.elements(&mut root, 0)?;
    }
    p.ws();
    if p.pos != p.s.len() {
        return p.err(p.pos, "unexpected text after the pass pipeline");
    }
    Ok(root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_options_with_quotes_and_braces() {
        let v = split_options("a=1 b=\"x y\" c={d=1 e=2} flag");
        assert_eq!(
            v.iter().map(|(k, v, _)| (k.as_str(), v.as_str())).collect::<Vec<_>>(),
            vec![("a", "1"), ("b", "x y"), ("c", "{d=1 e=2}"), ("flag", "true")]
        );
    }
}
