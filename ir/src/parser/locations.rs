//! Locations: trailing `loc(...)`, location bodies, strings and numbers inside them.

use super::*;

impl<'a> Parser<'a> {
    pub(super) fn parse_trailing_location(&mut self, target: LocTarget) -> PResult<()> {
        if !self.at_keyword("loc") {
            return Ok(());
        }
        self.advance();
        self.expect(Tok::LParen, "'(' in location")?;
        if self.at(Tok::HashIdent) {
            // Errors about the alias point at it, as MLIR's do.
            let use_loc = self.loc();
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
                Some(a) => return self.err_at(use_loc, format!("expected location, but found '{a}'")),
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

    pub(super) fn parse_location_body_inner(&mut self) -> PResult<Location> {
        if self.consume_keyword("unknown") {
            return Ok(Location::Unknown);
        }
        if self.consume_keyword("callsite") {
            self.expect(Tok::LParen, "'(' in callsite location")?;
            let callee = self.parse_location_body()?;
            if !self.consume_keyword("at") {
                return self.err_wrong_token("expected 'at' in callsite location");
            }
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
            self.parse_list(Tok::LSquare, Tok::RSquare, "in fused location", |p| {
                locs.push(p.parse_location_body()?);
                Ok(())
            })?;
            return Ok(Location::fused(locs, metadata));
        }
        if self.at(Tok::HashIdent) {
            let alias = self.text()[1..].to_string();
            return match self.attr_aliases.get(&alias) {
                Some(Attribute::Location(l)) => {
                    let l = (**l).clone();
                    self.advance();
                    Ok(l)
                }
                Some(a) => self.err(format!("expected location, but found '{a}'")),
                None => self.err(format!("undefined symbol alias id '{alias}'")),
            };
        }
        if self.at(Tok::String) {
            let s = self.parse_string()?;
            if self.consume_if(Tok::Colon) {
                let line = self.parse_u32("line number")?;
                // Without a column, the column is 0 (MLIR's reading).
                if !self.consume_if(Tok::Colon) {
                    return Ok(Location::FileLineCol { file: s.into(), line, col: 0 });
                }
                let col = self.parse_u32("column number")?;
                if self.consume_keyword("to") {
                    // `to :col` ends on the same line, `to line:col` on another.
                    let end_line = if self.at(Tok::Colon) { line } else { self.parse_u32("line number")? };
                    self.expect(Tok::Colon, "':' in file location range")?;
                    let end_col = self.parse_u32("column number")?;
                    return Ok(Location::FileLineColRange { file: s.into(), line, col, end_line, end_col });
                }
                return Ok(Location::FileLineCol { file: s.into(), line, col });
            }
            let mut child = None;
            if self.consume_if(Tok::LParen) {
                child = Some(Box::new(self.parse_location_body()?));
                self.expect(Tok::RParen, "')' after child location of NameLoc")?;
            }
            return Ok(Location::Name { name: s.into(), child });
        }
        self.err("expected location instance")
    }

    pub(super) fn parse_u32(&mut self, what: &str) -> PResult<u32> {
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
        let start = self.tok.start + 1;
        let s = unescape(body)
            .map_err(|at| Diagnostic::error(self.loc_at(start + at), "unknown escape in string literal"))?;
        self.advance();
        Ok(s)
    }
}
