//! Operations with fixed operand and result types: read-only queries of a
//! graph (sizes, degrees, edge endpoints and weights, adjacency, common
//! neighbours, conversions between nodes, edges and indices) and the union-find set (`graph.new_uf`,
//! `graph.uf_find`, `graph.uf_union`, each atomic with respect to the others).
//!
//! Their operand and result types are fixed, so the custom syntax lists only
//! the operands: `%d = graph.out_degree %g, %v`.

use crate::op as graph;
use crate::view;
use strata_ir::context::{OpId, OperationState};
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::registry::{OpDef, Traits};
use strata_ir::signature::Signature;
use strata_ir::OpName;

/// An accessor: its declaration (in [`crate::view`]) and summary.
struct Accessor {
    name: OpName,
    signature: Signature,
    summary: &'static str,
    traits: Traits,
}

const ACCESSORS: &[Accessor] = &[
    Accessor {
        name: graph::NUM_NODES,
        signature: view::NumNodes::SIGNATURE,
        summary: "the number of nodes",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::NUM_EDGES,
        signature: view::NumEdges::SIGNATURE,
        summary: "the number of edges",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::IS_SYMMETRIC,
        signature: view::IsSymmetric::SIGNATURE,
        summary:
            "whether every node's out-neighbours are its in-neighbours, each as often (an edge u -> v for every v -> u)",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::OUT_DEGREE,
        signature: view::Degree::SIGNATURE,
        summary: "the number of out-edges of a node",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::IN_DEGREE,
        signature: view::Degree::SIGNATURE,
        summary: "the number of in-edges of a node",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::SRC,
        signature: view::Endpoint::SIGNATURE,
        summary: "the source node of an edge",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::DST,
        signature: view::Endpoint::SIGNATURE,
        summary: "the destination node of an edge",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::WEIGHT,
        signature: view::Weight::SIGNATURE,
        summary: "the integer weight of an edge (1 when the graph has no weights)",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::OUT_EDGE,
        signature: view::NthEdge::SIGNATURE,
        summary:
            "the out-edge of a node at a position, in the order out_edges visits them; out of range is a run-time error",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::IN_EDGE,
        signature: view::NthEdge::SIGNATURE,
        summary:
            "the in-edge of a node at a position, in the order in_edges visits them; out of range is a run-time error",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::HAS_EDGE,
        signature: view::HasEdge::SIGNATURE,
        summary: "whether an edge from the first node to the second exists",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::COUNT_COMMON,
        signature: view::CountCommon::SIGNATURE,
        summary: "how many distinct nodes numbered below a bound are out-neighbours of both nodes (sorted lists intersected as `intersect` says: merge, gallop or auto)",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::NODE_ID,
        signature: view::NodeId::SIGNATURE,
        summary: "the number of a node, from 0",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::EDGE_ID,
        signature: view::EdgeId::SIGNATURE,
        summary: "the number of an edge, from 0",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::NODE,
        signature: view::NodeOf::SIGNATURE,
        summary: "the node with a number; out of range is a run-time error",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::EDGE,
        signature: view::EdgeOf::SIGNATURE,
        summary: "the edge with a number; out of range is a run-time error",
        traits: Traits::PURE,
    },
    Accessor {
        name: graph::NEW_UF,
        signature: view::NewUf::SIGNATURE,
        summary: "a union-find set with every node alone",
        traits: Traits::NONE,
    },
    Accessor {
        name: graph::UF_FIND,
        signature: view::UfFind::SIGNATURE,
        summary: "the representative of a node's set",
        traits: Traits::NONE,
    },
    Accessor {
        name: graph::UF_UNION,
        signature: view::UfUnion::SIGNATURE,
        summary: "merges the sets of two nodes; true if they were apart",
        traits: Traits::NONE,
    },
];

fn signature(name: &str) -> Signature {
    ACCESSORS.iter().find(|a| a.name == name).expect("an accessor").signature
}

fn parse(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let sig = signature(&st.name);
    let loc = p.loc();
    let names = p.parse_operand_list()?;
    if names.len() != sig.operands.len() {
        return p.err_at(loc, format!("'{}' expects {} operands, got {}", st.name, sig.operands.len(), names.len()));
    }
    for (n, spec) in names.iter().zip(sig.operands) {
        let v = p.resolve_operand(n, &spec.ty.exact().expect("accessor operands have one type"))?;
        st.operands.push(v);
    }
    st.attributes = p.parse_optional_attr_dict()?;
    st.result_types = sig.results.iter().map(|r| r.ty.exact().expect("accessor results have one type")).collect();
    Ok(())
}

fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ops = p.ctx.operands(op).to_vec();
    p.w(" ");
    p.operands(&ops);
    p.attr_dict(op, &[]);
}

/// The accessor operations.
pub fn ops() -> Vec<OpDef> {
    ACCESSORS
        .iter()
        .map(|a| OpDef {
            signature: Some(a.signature),
            parse: Some(parse),
            print: Some(print),
            ..OpDef::new(a.name, a.summary, a.traits)
        })
        .collect()
}
