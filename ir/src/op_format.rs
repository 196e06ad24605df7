//! Declarative assembly formats: custom syntaxes said by an operation's
//! declared signature instead of a hand-written parser and printer.
//!
//! [`parse_fixed`] and [`print_fixed`] are the format of operations whose
//! operand and result types are each fixed by the signature (every
//! constraint allows one type): the operands, then the attribute
//! dictionary, and no types — `%d = graph.out_degree %g, %v`. An
//! operation takes it by naming the pair as its parser and printer.

use crate::context::{OpId, OperationState};
use crate::parser::{PResult, Parser};
use crate::printer::OpPrinter;
use crate::signature::Signature;
use crate::types::Type;

/// The declared signature of the operation `st` names, whose types are all
/// fixed.
fn fixed_signature(p: &Parser<'_>, st: &OperationState) -> Option<Signature> {
    let sig = p.ctx.registry().op(&st.name)?.signature?;
    let fixed = sig
        .operands
        .iter()
        .chain(sig.results)
        .all(|v| v.ty.exact().is_some() && matches!(v.arity, crate::signature::Arity::One));
    fixed.then_some(sig)
}

/// Reads `%a, %b {attrs}` for an operation whose operand and result types
/// the signature fixes.
pub fn parse_fixed(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let loc = p.loc();
    let Some(sig) = fixed_signature(p, st) else {
        return p.err_at(loc, format!("'{}' has no signature of fixed types to read its custom form by", st.name));
    };
    let names = p.parse_operand_list()?;
    if names.len() != sig.operands.len() {
        return p.err_at(loc, format!("'{}' expects {} operands, got {}", st.name, sig.operands.len(), names.len()));
    }
    for (n, spec) in names.iter().zip(sig.operands) {
        let t: Type = spec.ty.exact().expect("checked by fixed_signature");
        let v = p.resolve_operand(n, &t)?;
        st.operands.push(v);
    }
    st.attributes = p.parse_optional_attr_dict()?;
    st.result_types = sig.results.iter().map(|r| r.ty.exact().expect("checked by fixed_signature")).collect();
    Ok(())
}

/// Writes ` %a, %b {attrs}`: the form [`parse_fixed`] reads.
pub fn print_fixed(p: &mut OpPrinter<'_>, op: OpId) {
    let ops = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operands(&ops);
    p.attr_dict(op, &[]);
}
