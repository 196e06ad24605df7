//! Regions, blocks and their arguments.

use super::*;

impl<'a> Parser<'a> {
    pub(super) fn block_ref(&mut self, name: &str, loc: Location) -> BlockId {
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

    /// Parses a region `{ ... }` whose entry block has the given named arguments.
    /// `isolated` starts a fresh value scope; `default_dialect`, when given,
    /// names unqualified ops inside (else the enclosing one does).
    pub fn parse_region_in_scope(
        &mut self,
        args: &[Argument],
        isolated: bool,
        default_dialect: Option<&'static str>,
    ) -> PResult<RegionId> {
        self.outside_custom_op(|p| p.parse_region_in_scope_here(args, isolated, default_dialect))
    }

    fn parse_region_in_scope_here(
        &mut self,
        args: &[Argument],
        isolated: bool,
        default_dialect: Option<&'static str>,
    ) -> PResult<RegionId> {
        self.enter_region()?;
        if isolated {
            self.push_isolated_scope();
        }
        if let Some(d) = default_dialect {
            self.default_dialects.push(Some(d));
        }
        let r = self.parse_region_body(args);
        if default_dialect.is_some() {
            self.default_dialects.pop();
        }
        let r = match r {
            Ok(region) if isolated => self.finish_scope().map(|_| region),
            other => other,
        };
        self.leave_region();
        r
    }

    /// Parses a region in the current value scope.
    pub fn parse_region(&mut self, args: &[Argument]) -> PResult<RegionId> {
        self.parse_region_in_scope(args, false, None)
    }

    pub(super) fn parse_region_body(&mut self, args: &[Argument]) -> PResult<RegionId> {
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

    pub(super) fn make_entry_block(&mut self, args: &[Argument]) -> PResult<BlockId> {
        let b = self.ctx.create_block(&args.iter().map(|a| (a.ty.clone(), a.loc.clone())).collect::<Vec<_>>());
        let vals = self.ctx.block_args(b).to_vec();
        for (a, v) in args.iter().zip(vals) {
            if !a.name.name.is_empty() {
                self.define_values(&a.name.name, &[v], a.name.loc.clone())?;
            }
        }
        Ok(b)
    }

    pub(super) fn parse_block_header(&mut self) -> PResult<BlockId> {
        let loc = self.loc();
        let name = self.text()[1..].to_string();
        self.advance();
        let b = self.block_ref(&name, loc.clone());
        let bs = self.block_scopes.last_mut().expect("block scope");
        let entry = bs.labels.get_mut(&name).expect("just referenced");
        if entry.1.is_some() {
            return Err(Diagnostic::error(loc, format!("redefinition of block '^{name}'")));
        }
        entry.1 = Some(loc);
        if self.at(Tok::LParen) {
            let mut args: Vec<BlockArgument> = Vec::new();
            self.parse_list(Tok::LParen, Tok::RParen, "in block argument list", |p| {
                let name = p.parse_operand()?;
                p.expect(Tok::Colon, "':' and type for SSA operand")?;
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
}
