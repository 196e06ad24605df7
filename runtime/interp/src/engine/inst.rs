//! Operations decoded once, on their function's first call: what the
//! engine would otherwise look up in the IR every time it runs one (its
//! kind, its operands' and results' frame slots, its properties and types).

use super::*;
use strata_graph_dialect::op::{FetchAdd, Reduce};
use strata_graph_dialect::view::ReduceKind;
use strata_par_dialect::op::AtomicRmw;
use strata_par_dialect::view::RmwKind;
use strata_std::arith_view::OverflowFlags;

/// One decoded operation.
#[derive(Clone, Default)]
pub(super) struct Inst {
    /// The operation's kind; `None` until its function is decoded.
    pub kind: Option<OpName>,
    /// The frame slot of each operand.
    pub operands: Box<[u32]>,
    /// The frame slot of each result.
    pub results: Box<[u32]>,
    /// The first result's type.
    pub result_type: Option<Type>,
    /// The bit width of the first result (64 for `index` and non-integers).
    pub width: u32,
    /// The bit width of the first operand.
    pub operand_width: u32,
    /// The predicate of `arith.cmpi`/`arith.cmpf`, or the rounding mode of
    /// `arith.extf`/`arith.truncf`.
    pub code: usize,
    /// `arith.addi`/`subi`/`muli`'s overflow flags.
    pub flags: OverflowFlags,
    /// `scf.for` compares its bounds unsigned.
    pub unsigned_cmp: bool,
    /// `arith.constant`'s value, where the interpreter can hold it.
    pub constant: Option<Val>,
    /// `graph.reduce`'s operator.
    pub reduce: Option<ReduceKind>,
    /// `par.atomic_rmw`'s operator.
    pub rmw: Option<RmwKind>,
    /// The element type `graph.reduce`, `graph.fetch_add` and `par.atomic_rmw` combine.
    pub element: Option<Type>,
}

impl Inst {
    /// Decodes `op`, whose values have their slots in `slots`.
    pub fn decode(ctx: &Context, op: OpId, slots: &[u32]) -> Inst {
        let kind = ctx.op_kind(op);
        let slot = |v: &Value| slots[v.index()];
        let result_type = ctx.results(op).first().map(|r| ctx.value_type(*r).clone());
        let operand_type = ctx.operands(op).first().map(|v| ctx.value_type(*v));
        let code = match kind {
            arith::CMPI => arith::Cmpi(op).predicate(ctx).position(),
            arith::CMPF => arith::Cmpf(op).predicate(ctx).position(),
            arith::EXTF | arith::TRUNCF => rounding_mode(ctx, op).unwrap_or(0),
            _ => 0,
        };
        let constant = match (kind, ctx.prop(op, "value"), &result_type) {
            (arith::CONSTANT, Some(Attribute::Float(f)), _) => Some(Val::Float(f.value())),
            (arith::CONSTANT, Some(a), Some(t)) => a.as_int().map(|i| Val::Int(normalize_int(i, t))),
            _ => None,
        };
        let reduce = Reduce::of(ctx, op);
        let rmw = AtomicRmw::of(ctx, op);
        let element = match (reduce, rmw, FetchAdd::of(ctx, op)) {
            (Some(r), _, _) => element(ctx.value_type(r.target(ctx))),
            (_, Some(a), _) => Some(ctx.value_type(a.value(ctx)).clone()),
            (_, _, Some(f)) => element(ctx.value_type(f.target(ctx))),
            _ => None,
        };
        Inst {
            kind: Some(kind),
            operands: ctx.operands(op).iter().map(slot).collect(),
            results: ctx.results(op).iter().map(slot).collect(),
            width: result_type.as_ref().map_or(64, width),
            result_type,
            operand_width: operand_type.map_or(64, width),
            code,
            flags: overflow_flags(ctx, op),
            unsigned_cmp: kind == scf::FOR && scf::For(op).unsigned_cmp(ctx),
            constant,
            reduce: reduce.map(|r| r.kind(ctx)),
            rmw: rmw.map(|a| a.kind(ctx)),
            element,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn decoding_reads_slots_types_and_properties_once() {
        let mut ctx = Context::new(Arc::new(strata_std::standard_registry()));
        let text = "func.func @f(%a: i32, %b: i32) -> i1 {\n  %c = arith.constant 200 : i8\n  \
                    %s = arith.addi %a, %b overflow<nsw> : i32\n  %e = arith.extui %c : i8 to i64\n  \
                    %p = arith.cmpi ult, %s, %a : i32\n  return %p : i1\n}\n";
        let m = strata_ir::parser::parse_source(&mut ctx, "t.mlir", text, 0, text.len()).expect("parses");
        let slots: Vec<u32> = (0..ctx.num_values() as u32).map(|v| v + 100).collect();
        let mut ops = Vec::new();
        ctx.walk_pre(m, &mut |o| ops.push(o));
        let find = |kind| Inst::decode(&ctx, *ops.iter().find(|o| ctx.op_kind(**o) == kind).expect("op"), &slots);
        let c = find(arith::CONSTANT);
        assert!(matches!(c.constant, Some(Val::Int(-56))), "200 : i8 reads as -56");
        assert_eq!(c.width, 8);
        let add = find(arith::ADDI);
        assert_eq!(add.kind, Some(arith::ADDI));
        assert!(add.flags.nsw && !add.flags.nuw);
        assert_eq!(add.results.len(), 1);
        let ext = find(arith::EXTUI);
        assert_eq!((ext.operand_width, ext.width), (8, 64));
        let cmp = find(arith::CMPI);
        assert_eq!(cmp.code, 6, "ult is predicate 6");
        assert_eq!(cmp.operands.to_vec(), vec![add.results[0], slots[0]]);
        assert!(cmp.operands.iter().all(|s| *s >= 100), "operands are frame slots");
    }
}
