//! The top level of a file: the implicit module, attribute and type aliases, metadata and deferred locations.

use super::*;

impl<'a> Parser<'a> {
    /// Parses a whole buffer into a `builtin.module`, wrapping top-level ops in an implicit one.
    pub fn parse_top_level(&mut self) -> PResult<OpId> {
        let top_loc = self.loc();
        let block = self.ctx.create_block(&[]);
        self.block_scopes.push(BlockScope { labels: HashMap::new() });
        // The module's body is one level of nesting, whether the module is
        // written or implicit: a module written at the top is read at level
        // 0, anything else inside the implicit module's body, at level 1.
        // A written module that turns out to sit beside other operations is
        // wrapped in the implicit one, one level deeper than it was read.
        let mut modules = Vec::new();
        loop {
            match self.kind() {
                Tok::Eof => break,
                // At the top level `#name` and `!name` start alias
                // definitions, as in MLIR.
                Tok::HashIdent => self.parse_attr_alias_def()?,
                Tok::BangIdent => self.parse_type_alias_def()?,
                Tok::MetadataBegin => self.skip_metadata()?,
                _ => {
                    let written = matches!(self.text(), "module" | "builtin.module" | "\"builtin.module\"");
                    (self.regions, self.deepest_regions) = if written { (0, 0) } else { (1, 1) };
                    let at = self.loc();
                    let op = self.parse_operation()?;
                    self.regions = 0;
                    if written {
                        modules.push((at, self.deepest_regions));
                    }
                    self.ctx.append_op(block, op);
                }
            }
        }
        let ops = self.ctx.block_ops(block);
        let implicit = !(ops.len() == 1 && self.ctx.op_name(ops[0]) == builtin::MODULE);
        if let Some((at, _)) = modules.into_iter().find(|(_, deepest)| implicit && *deepest >= MAX_NESTING) {
            return self.err_at(at, format!("nesting deeper than {MAX_NESTING} levels"));
        }
        self.block_scopes.pop();
        self.finish_scope()?;
        self.resolve_deferred_locs()?;
        if !implicit {
            self.ctx.detach_op(ops[0]);
            return Ok(ops[0]);
        }
        let region = self.ctx.create_region();
        self.ctx.append_block(region, block);
        // The implicit module is at line 0, column 0 of a file, and where a
        // chunk of it starts (after its `// -----`), as in MLIR.
        let loc = match top_loc {
            _ if self.start > 0 => self.loc_at(self.start),
            Location::FileLineCol { file, .. } => Location::FileLineCol { file, line: 0, col: 0 },
            l => l,
        };
        let module = self.ctx.create_op(OperationState::new(builtin::MODULE, loc).region(region));
        Ok(module)
    }

    pub(super) fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let name = self.text()[1..].to_string();
        let loc = self.loc();
        if name.contains('.') {
            return self.err("attribute names with a '.' are reserved for dialect-defined names");
        }
        self.advance();
        self.expect(Tok::Equal, "'=' in attribute alias definition")?;
        if self.attr_aliases.contains_key(&name) {
            return self.err_at(loc, format!("redefinition of attribute alias id '{name}'"));
        }
        let a = self.parse_attribute(None)?;
        self.attr_aliases.insert(name, a);
        Ok(())
    }

    pub(super) fn parse_type_alias_def(&mut self) -> PResult<()> {
        let name = self.text()[1..].to_string();
        let loc = self.loc();
        if name.contains('.') {
            return self.err("type names with a '.' are reserved for dialect-defined names");
        }
        self.advance();
        self.expect(Tok::Equal, "'=' in type alias definition")?;
        if self.type_aliases.contains_key(&name) {
            return self.err_at(loc, format!("redefinition of type alias id '{name}'"));
        }
        let t = self.parse_type()?;
        self.type_aliases.insert(name, t);
        Ok(())
    }

    pub(super) fn skip_metadata(&mut self) -> PResult<()> {
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

    pub(super) fn resolve_deferred_locs(&mut self) -> PResult<()> {
        for (target, alias, use_loc) in std::mem::take(&mut self.deferred_locs) {
            let loc = match self.attr_aliases.get(&alias) {
                Some(Attribute::Location(l)) => (**l).clone(),
                Some(a) => return self.err_at(use_loc, format!("expected location, but found '{a}'")),
                None => return self.err_at(use_loc, "operation location alias was never defined"),
            };
            match target {
                LocTarget::Op(op) => self.ctx.set_op_loc(op, loc),
                LocTarget::Value(v) => self.ctx.set_value_loc(v, loc),
            }
        }
        Ok(())
    }
}
