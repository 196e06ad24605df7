//! SSA value scopes: defining values, operands and their resolution (forward references included).

use super::*;

impl<'a> Parser<'a> {
    pub(super) fn push_isolated_scope(&mut self) {
        self.scopes.push(Scope::default());
    }

    pub(super) fn finish_scope(&mut self) -> PResult<()> {
        let scope = self.scopes.pop().expect("scope");
        if let Some((_, (_, loc))) =
            scope.forward.into_iter().min_by_key(|(_, (_, l))| l.file_line_col().map(|(_, a, b)| (a, b)))
        {
            return self.err_at(loc, "use of undeclared SSA value name");
        }
        Ok(())
    }

    pub(super) fn push_region_scope(&mut self) {
        self.scopes.last_mut().expect("scope").region_defs.push(Vec::new());
        self.block_scopes.push(BlockScope { labels: HashMap::new() });
    }

    pub(super) fn pop_region_scope(&mut self) -> PResult<()> {
        let bs = self.block_scopes.pop().expect("block scope");
        let mut undefined: Vec<_> = bs.labels.iter().filter(|(_, (_, def, _))| def.is_none()).collect();
        undefined.sort_by_key(|(_, (_, _, u))| u.file_line_col().map(|(_, a, b)| (a, b)));
        if let Some((_, (_, _, use_loc))) = undefined.first() {
            return self.err_at(use_loc.clone(), "reference to an undefined block");
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
                    return Err(Diagnostic::error(
                        loc,
                        format!("definition of SSA value '%{name}#{i}' has type '{vt}'"),
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
            return self.err_wrong_token("expected SSA operand");
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

    pub(super) fn prev_end_hint(&self, name: &str, loc: &Location) -> usize {
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

    /// The value scope's current binding of a name (used by tests and custom parsers).
    pub fn lookup_value(&self, name: &str) -> Option<Value> {
        self.scopes.last()?.values.get(name).map(|(v, _)| v[0])
    }

    /// True if `v` is still an unresolved forward reference.
    pub fn is_placeholder(&self, v: Value) -> bool {
        self.ctx.value_def(v) == ValueDef::Placeholder
    }
}
