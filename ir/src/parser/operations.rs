//! Operations in the generic form and in custom syntax, and successors.

use super::*;

impl<'a> Parser<'a> {
    /// Parses one operation, with its results and trailing location, and returns it detached.
    pub fn parse_operation(&mut self) -> PResult<OpId> {
        self.enter_operation()?;
        let mut defs: Vec<(String, u32, Location)> = Vec::new();
        if self.at(Tok::PercentIdent) {
            loop {
                let loc = self.loc();
                if !self.at(Tok::PercentIdent) {
                    return self.err("expected valid ssa identifier");
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
            _ => return Err(Diagnostic::error(self.wrong_token_loc(), "expected operation name in quotes")),
        };
        self.parse_trailing_location(LocTarget::Op(op))?;
        self.check_value_nesting(op, &op_loc)?;
        let results = self.ctx.results(op).to_vec();
        if !defs.is_empty() {
            if results.is_empty() {
                return self.err_at(op_loc, "cannot name an operation with no results");
            }
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

    /// Refuses an operation whose types, attributes or location nest deeper
    /// than the limit, measured on the values (see [`crate::nesting`]).
    fn check_value_nesting(&self, op: OpId, at: &Location) -> PResult<()> {
        let ctx = &*self.ctx;
        let mut types: Vec<&Type> = ctx.results(op).iter().map(|v| ctx.value_type(*v)).collect();
        for r in ctx.regions(op) {
            for b in ctx.region_blocks(*r) {
                types.extend(ctx.block_args(*b).iter().map(|v| ctx.value_type(*v)));
            }
        }
        let deepest = types
            .into_iter()
            .map(type_depth)
            .chain(match ctx.properties(op) {
                // The dictionary holding an operation's properties is syntax, not a level.
                Some(Attribute::Dictionary(entries)) => entries.iter().map(|(_, a)| attr_depth(a)).max(),
                other => other.map(attr_depth),
            })
            .chain(ctx.attrs(op).iter().map(|(_, a)| attr_depth(a)))
            .chain(std::iter::once(loc_depth(ctx.op_loc(op))))
            .max()
            .unwrap_or(0);
        if deepest > MAX_NESTING {
            return self.err_at(at.clone(), format!("nesting deeper than {MAX_NESTING} levels"));
        }
        Ok(())
    }

    pub(super) fn check_dialect_allowed(&self, name: &str, loc: &Location) -> PResult<()> {
        if self.ctx.registry().op(name).is_some() {
            return Ok(());
        }
        let dialect = name.split_once('.').map(|(d, _)| d).unwrap_or("");
        if self.ctx.registry().dialect(dialect).is_some() {
            let message = format!(
                "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
            );
            let ops = self.ctx.registry().ops().map(|d| d.name.as_str()).filter(|n| n.starts_with(dialect));
            return self.err_at(loc.clone(), message).map_err(|e| crate::suggest::noted(e, name, ops));
        }
        if !self.ctx.allow_unregistered {
            // Reported after the name, where MLIR's parser stands then.
            return self.err_at(
                self.loc(),
                "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
            );
        }
        Ok(())
    }

    pub(super) fn parse_generic_operation(&mut self) -> PResult<OpId> {
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
        self.parse_list(Tok::LParen, Tok::RParen, "to end operand list", |p| {
            operands.push(p.parse_operand()?);
            Ok(())
        })?;
        if self.at(Tok::LSquare) {
            if def.as_ref().is_some_and(|d| !d.traits.contains(Traits::TERMINATOR)) {
                return self.err("successors in non-terminator");
            }
            let mut succ = Vec::new();
            self.parse_list(Tok::LSquare, Tok::RSquare, "in successor list", |p| {
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
        if self.at(Tok::LParen) {
            let mut regions = Vec::new();
            self.parse_list(Tok::LParen, Tok::RParen, "to end region list", |p| {
                // The generic form keeps the enclosing default dialect.
                regions.push(p.parse_region_in_scope(&[], isolated, None)?);
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
        if operands.len() != ft.inputs.len() {
            let plural = if operands.len() == 1 { "" } else { "s" };
            let message = format!("expected {} operand type{plural} but had {}", operands.len(), ft.inputs.len());
            return self.err_at(tloc, message);
        }
        state.operands = self.resolve_operands(&operands, &ft.inputs, &tloc)?;
        state.result_types = ft.results.clone();
        if let Some(d) = &def {
            move_inherent(&mut state, d);
        }
        Ok(self.ctx.create_op(state))
    }

    pub(super) fn parse_custom_operation(&mut self) -> PResult<OpId> {
        let loc = self.loc();
        let written = self.text().to_string();
        let reg = self.ctx.registry().clone();
        let mut candidates = vec![written.clone()];
        if !written.contains('.') {
            // The innermost default dialect, `builtin` outside any.
            let default = self.default_dialects.last().copied().flatten().unwrap_or("builtin");
            candidates.push(format!("{default}.{written}"));
        }
        let def = candidates.iter().find_map(|c| reg.op(c)).cloned();
        let Some(def) = def.filter(|d| d.parse.is_some()) else {
            let tried = candidates.iter().skip(1).map(|c| format!("'{c}'")).collect::<Vec<_>>().join(", ");
            let extra = if tried.is_empty() { String::new() } else { format!(" (tried {tried} as well)") };
            let custom = reg.ops().filter(|d| d.parse.is_some()).map(|d| d.name.as_str());
            return self
                .err_at(loc, format!("custom op '{written}' is unknown{extra}"))
                .map_err(|e| crate::suggest::noted(e, &written, custom));
        };
        self.advance();
        let mut state = OperationState::new(def.name, loc);
        let parse = def.parse.expect("checked above");
        // Inside a custom form, unqualified names belong to the operation's
        // default dialect, or to none, as in MLIR.
        self.default_dialects.push(Some(def.default_dialect.unwrap_or("")));
        let r = self.inside_custom_op(def.name.as_str().into(), |p| parse(p, &mut state));
        self.default_dialects.pop();
        r?;
        move_inherent(&mut state, &def);
        Ok(self.ctx.create_op(state))
    }

    /// Parses `^label` or `^label(%a : T, ...)` as a successor, returning the block.
    pub fn parse_successor(&mut self) -> PResult<BlockId> {
        if !self.at(Tok::CaretIdent) {
            return self.err_wrong_token("expected block name");
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
            // As MLIR's: the parentheses hold operands and their types
            // (`^bb1()` is an error).
            let ops = self.parse_operand_list()?;
            self.expect(Tok::Colon, "':'")?;
            let types = self.parse_type_list_no_parens()?;
            self.expect(Tok::RParen, "')'")?;
            let loc = self.loc();
            vals = self.resolve_operands(&ops, &types, &loc)?;
        }
        Ok((b, vals))
    }
}

/// Moves inherent attributes given in the discardable dictionary into the properties.
pub(super) fn move_inherent(state: &mut OperationState, def: &crate::registry::OpDef) {
    if state.attributes.is_empty() {
        return;
    }
    let mut kept = Vec::new();
    for (k, v) in std::mem::take(&mut state.attributes) {
        if def.is_inherent(&k) {
            set_named(&mut state.properties, &k, v);
        } else {
            kept.push((k, v));
        }
    }
    state.attributes = kept;
}
