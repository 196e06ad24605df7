//! The types of the graph dialect.
//!
//! | type | meaning |
//! |---|---|
//! | `!graph.graph` | an immutable graph in CSR form, with in- and out-edges and optional integer weights |
//! | `!graph.node`, `!graph.edge` | a node or an edge of a graph |
//! | `!graph.nprop<T>`, `!graph.eprop<T>` | a mutable array of `T` indexed by node or by edge |
//! | `!graph.scalar<T>` | one mutable `T`, a reduction variable |
//! | `!graph.worklist<T>` | a bulk-synchronous work queue of nodes, edges or integers |
//! | `!graph.uf` | a union-find partition of the nodes |
//!
//! Elements `T` are `i1`, `i8`, `i16`, `i32`, `i64`, `index`, `f32`, `f64`,
//! `!graph.node` or `!graph.edge`.

use strata_ir::types::Type;

/// What a graph-dialect type is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphType {
    /// `!graph.graph`.
    Graph,
    /// `!graph.node`.
    Node,
    /// `!graph.edge`.
    Edge,
    /// `!graph.nprop<T>`.
    NodeProp(Type),
    /// `!graph.eprop<T>`.
    EdgeProp(Type),
    /// `!graph.scalar<T>`.
    Scalar(Type),
    /// `!graph.worklist<T>`.
    Worklist(Type),
    /// `!graph.uf`.
    UnionFind,
}

/// `!graph.graph`.
pub fn graph() -> Type {
    Type::dialect("graph", "graph", Vec::new())
}
/// `!graph.node`.
pub fn node() -> Type {
    Type::dialect("graph", "node", Vec::new())
}
/// `!graph.edge`.
pub fn edge() -> Type {
    Type::dialect("graph", "edge", Vec::new())
}
/// `!graph.uf`.
pub fn union_find() -> Type {
    Type::dialect("graph", "uf", Vec::new())
}
/// A container type `!graph.<mnemonic><T>`.
pub fn container(mnemonic: &str, element: &Type) -> Type {
    Type::dialect("graph", mnemonic, vec![element.clone()])
}

/// Whether `t` can be the element of a container: `i1` to `i64`, `index`,
/// `f32`, `f64`, `!graph.node` or `!graph.edge`.
pub fn is_element(t: &Type) -> bool {
    strata_ir::types::is_scalar_element(t) || is_node(t) || is_edge(t)
}

/// Classifies a type; `None` for types outside the graph dialect or malformed ones.
pub fn classify(t: &Type) -> Option<GraphType> {
    let Type::Dialect(d) = t else { return None };
    if d.dialect != "graph" {
        return None;
    }
    let params = d.type_params()?;
    let elem = || d.single_param().filter(|t| is_element(t)).cloned();
    Some(match (d.mnemonic(), params.is_empty()) {
        ("graph", true) => GraphType::Graph,
        ("node", true) => GraphType::Node,
        ("edge", true) => GraphType::Edge,
        ("uf", true) => GraphType::UnionFind,
        ("nprop", false) => GraphType::NodeProp(elem()?),
        ("eprop", false) => GraphType::EdgeProp(elem()?),
        ("scalar", false) => GraphType::Scalar(elem()?),
        ("worklist", false) => GraphType::Worklist(elem()?),
        _ => return None,
    })
}

/// The element type of a property, scalar or worklist type.
pub fn element(t: &Type) -> Option<Type> {
    match classify(t)? {
        GraphType::NodeProp(e) | GraphType::EdgeProp(e) | GraphType::Scalar(e) | GraphType::Worklist(e) => Some(e),
        _ => None,
    }
}

/// True for `!graph.node`.
pub fn is_node(t: &Type) -> bool {
    classify(t) == Some(GraphType::Node)
}
/// True for `!graph.edge`.
pub fn is_edge(t: &Type) -> bool {
    classify(t) == Some(GraphType::Edge)
}
/// True for `!graph.graph`.
pub fn is_graph(t: &Type) -> bool {
    classify(t) == Some(GraphType::Graph)
}

/// Checks a `!graph.*` type body when it is parsed.
pub fn verify_type(d: &strata_ir::types::DialectType) -> Result<(), String> {
    let t = Type::Dialect(std::sync::Arc::new(d.clone()));
    if classify(&t).is_some() {
        return Ok(());
    }
    let known = ["graph", "node", "edge", "uf", "nprop", "eprop", "scalar", "worklist"];
    if !known.contains(&d.mnemonic()) {
        return Err(format!("unknown graph type '{}', expected one of: {}", d.mnemonic(), known.join(", ")));
    }
    if matches!(d.mnemonic(), "graph" | "node" | "edge" | "uf") {
        return Err(format!("'!graph.{}' takes no parameters", d.mnemonic()));
    }
    Err(format!(
        "'!graph.{}' needs one element type: i1, i8, i16, i32, i64, index, f32, f64, !graph.node or !graph.edge",
        d.mnemonic()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_containers() {
        assert_eq!(classify(&container("nprop", &Type::i64())), Some(GraphType::NodeProp(Type::i64())));
        assert_eq!(classify(&container("worklist", &node())), Some(GraphType::Worklist(node())));
        assert_eq!(classify(&Type::dialect("graph", "nprop", vec![Type::None])), None);
        assert_eq!(classify(&Type::dialect("graph", "nprop", vec![])), None);
        assert_eq!(classify(&Type::dialect("other", "node", vec![])), None);
    }
}
