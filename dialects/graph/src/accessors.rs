//! Operations with fixed operand and result types: read-only queries of a
//! graph (sizes, degrees, edge endpoints and weights, adjacency, conversions
//! between nodes, edges and indices) and the union-find set (`graph.new_uf`,
//! `graph.uf_find`, `graph.uf_union`, each atomic with respect to the others).
//!
//! Their operand and result types are fixed, so the custom syntax lists only
//! the operands: `%d = graph.out_degree %g, %v`.

use crate::op as graph;
use strata_ir::context::{Context, OpId, OperationState};
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::registry::{OpDef, Traits};
use strata_ir::types::Type;
use strata_ir::verifier::op_error;
use strata_ir::{Diagnostic, OpName};

use crate::types::{edge, graph, node, union_find};

/// Operand kinds and result kind of an accessor.
struct Signature {
    name: OpName,
    summary: &'static str,
    operands: &'static [Kind],
    result: Kind,
    traits: Traits,
}

#[derive(Clone, Copy)]
enum Kind {
    Graph,
    Node,
    Edge,
    Index,
    I64,
    I1,
    Uf,
}

impl Kind {
    fn ty(self) -> Type {
        match self {
            Kind::Graph => graph(),
            Kind::Node => node(),
            Kind::Edge => edge(),
            Kind::Index => Type::Index,
            Kind::I64 => Type::i64(),
            Kind::I1 => Type::i1(),
            Kind::Uf => union_find(),
        }
    }
}

const SIGNATURES: &[Signature] = &[
    Signature {
        name: graph::NUM_NODES,
        summary: "the number of nodes",
        operands: &[Kind::Graph],
        result: Kind::Index,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::NUM_EDGES,
        summary: "the number of edges",
        operands: &[Kind::Graph],
        result: Kind::Index,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::OUT_DEGREE,
        summary: "the number of out-edges of a node",
        operands: &[Kind::Graph, Kind::Node],
        result: Kind::Index,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::IN_DEGREE,
        summary: "the number of in-edges of a node",
        operands: &[Kind::Graph, Kind::Node],
        result: Kind::Index,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::SRC,
        summary: "the source node of an edge",
        operands: &[Kind::Graph, Kind::Edge],
        result: Kind::Node,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::DST,
        summary: "the destination node of an edge",
        operands: &[Kind::Graph, Kind::Edge],
        result: Kind::Node,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::WEIGHT,
        summary: "the integer weight of an edge (1 when the graph has no weights)",
        operands: &[Kind::Graph, Kind::Edge],
        result: Kind::I64,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::HAS_EDGE,
        summary: "whether an edge from the first node to the second exists",
        operands: &[Kind::Graph, Kind::Node, Kind::Node],
        result: Kind::I1,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::NODE_ID,
        summary: "the number of a node, from 0",
        operands: &[Kind::Node],
        result: Kind::Index,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::EDGE_ID,
        summary: "the number of an edge, from 0",
        operands: &[Kind::Edge],
        result: Kind::Index,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::NODE,
        summary: "the node with a number; out of range is a run-time error",
        operands: &[Kind::Graph, Kind::Index],
        result: Kind::Node,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::EDGE,
        summary: "the edge with a number; out of range is a run-time error",
        operands: &[Kind::Graph, Kind::Index],
        result: Kind::Edge,
        traits: Traits::PURE,
    },
    Signature {
        name: graph::NEW_UF,
        summary: "a union-find set with every node alone",
        operands: &[Kind::Graph],
        result: Kind::Uf,
        traits: Traits::NONE,
    },
    Signature {
        name: graph::UF_FIND,
        summary: "the representative of a node's set",
        operands: &[Kind::Uf, Kind::Node],
        result: Kind::Node,
        traits: Traits::NONE,
    },
    Signature {
        name: graph::UF_UNION,
        summary: "merges the sets of two nodes; true if they were apart",
        operands: &[Kind::Uf, Kind::Node, Kind::Node],
        result: Kind::I1,
        traits: Traits::NONE,
    },
];

fn signature(name: &str) -> &'static Signature {
    SIGNATURES.iter().find(|s| s.name == name).expect("accessor signature")
}

fn parse(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let sig = signature(&st.name);
    let loc = p.loc();
    let names = p.parse_operand_list()?;
    if names.len() != sig.operands.len() {
        return p.err_at(loc, format!("'{}' expects {} operands, got {}", sig.name, sig.operands.len(), names.len()));
    }
    for (n, k) in names.iter().zip(sig.operands) {
        let v = p.resolve_operand(n, &k.ty())?;
        st.operands.push(v);
    }
    st.attributes = p.parse_optional_attr_dict()?;
    st.result_types = vec![sig.result.ty()];
    Ok(())
}

fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ops = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operands(&ops);
    p.attr_dict(op, &[]);
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let sig = signature(ctx.op_name(op));
    let ops = ctx.operands(op);
    if ops.len() != sig.operands.len() {
        return Err(op_error(ctx, op, format!("expects {} operands, got {}", sig.operands.len(), ops.len())));
    }
    for (i, (v, k)) in ops.iter().zip(sig.operands).enumerate() {
        if *ctx.value_type(*v) != k.ty() {
            return Err(op_error(ctx, op, format!("operand #{i} must be {}, got {}", k.ty(), ctx.value_type(*v))));
        }
    }
    let rs = ctx.results(op);
    if rs.len() != 1 || *ctx.value_type(rs[0]) != sig.result.ty() {
        return Err(op_error(ctx, op, format!("expects one result of type {}", sig.result.ty())));
    }
    Ok(())
}

/// The accessor operations.
pub fn ops() -> Vec<OpDef> {
    SIGNATURES
        .iter()
        .map(|s| OpDef {
            verify: Some(verify),
            parse: Some(parse),
            print: Some(print),
            ..OpDef::new(s.name, s.summary, s.traits)
        })
        .collect()
}
