//! The interpreter's values on the host side of the contract of
//! `strata-abi`, so its results print and compare like every backend's.

use std::cell::RefCell;
use std::rc::Rc;

use strata_abi::{HostValue, Number, ScalarType};
use strata_graph::Graph;
use strata_ir::types::Type;

use crate::value::Val;

/// The contract's scalar type of an element or scalar of type `t`; nodes
/// and edges are numbers (`index`).
fn scalar(t: &Type) -> ScalarType {
    if strata_graph_dialect::types::is_node(t) || strata_graph_dialect::types::is_edge(t) {
        return ScalarType::Index;
    }
    strata_par_dialect::abi::scalar_type(t).unwrap_or(ScalarType::Int(64))
}

/// Why a value cannot cross between the interpreter and the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostError {
    /// A result of this type (a graph, a worklist, a union-find set) stays
    /// in the interpreter.
    NotReturnable(Type),
    /// The entry takes a graph, but none was given.
    NoGraph,
}

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostError::NotReturnable(ty) => write!(f, "error: a value of type {ty} cannot be returned to the host"),
            HostError::NoGraph => f.write_str("error: the entry takes a graph but none was given"),
        }
    }
}

impl std::error::Error for HostError {}

fn number(v: &Val) -> Number {
    match v {
        Val::Float(x) => Number::Float(*x),
        v => Number::Int(v.int()),
    }
}

/// A result of type `ty` as a host value: a node or edge property or a
/// buffer as a buffer, a number as a scalar; graphs, worklists and
/// union-find sets stay in the interpreter.
pub fn to_host(v: &Val, ty: &Type) -> Result<HostValue, HostError> {
    let elem = strata_graph_dialect::types::element(ty).or_else(|| strata_par_dialect::types::buf_element(ty));
    Ok(match (v, elem) {
        (Val::Prop(p), Some(e)) => HostValue::Buffer(scalar(&e), p.borrow().iter().map(number).collect()),
        (Val::Prop(p), None) => HostValue::Scalar(scalar(ty), p.borrow().first().map_or(Number::Int(0), number)),
        (Val::Int(_) | Val::Float(_), _) => HostValue::Scalar(scalar(ty), number(v)),
        _ => return Err(HostError::NotReturnable(ty.clone())),
    })
}

/// The results of a run whose function returns `types`, as host values.
pub fn results_to_host(results: &[Val], types: &[Type]) -> Result<Vec<HostValue>, HostError> {
    results.iter().zip(types).map(|(v, t)| to_host(v, t)).collect()
}

/// An argument as the interpreter takes it; `graph` stands for
/// [`HostValue::Graph`]. An `f32` is rounded to single precision, as a
/// compiled entry receives it.
pub fn from_host(v: &HostValue, graph: Option<&Rc<Graph>>) -> Result<Val, HostError> {
    let n = |t: ScalarType, n: &Number| match (t, n) {
        (_, Number::Int(i)) => Val::Int(*i),
        (ScalarType::F32, Number::Float(x)) => Val::Float(*x as f32 as f64),
        (_, Number::Float(x)) => Val::Float(*x),
    };
    Ok(match v {
        HostValue::Graph => Val::Graph(graph.cloned().ok_or(HostError::NoGraph)?),
        HostValue::Scalar(t, x) => n(*t, x),
        HostValue::Buffer(t, items) => Val::Prop(Rc::new(RefCell::new(items.iter().map(|x| n(*t, x)).collect()))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_become_buffers_and_back() {
        let prop = strata_graph_dialect::types::container("nprop", &Type::i1());
        let v = Val::Prop(Rc::new(RefCell::new(vec![Val::Int(-1), Val::Int(0)])));
        let h = to_host(&v, &prop).unwrap();
        assert_eq!(h, HostValue::Buffer(ScalarType::Int(1), vec![Number::Int(-1), Number::Int(0)]));
        assert_eq!(strata_abi::output::format_results(std::slice::from_ref(&h)), "1\n0\n");
        let Val::Prop(back) = from_host(&h, None).unwrap() else { panic!("a property") };
        assert_eq!(back.borrow().iter().map(Val::int).collect::<Vec<_>>(), vec![-1, 0]);
        assert_eq!(to_host(&Val::Float(0.5), &Type::f32()), Ok(HostValue::float(ScalarType::F32, 0.5)));
        assert_eq!(to_host(&Val::Undef, &Type::f32()), Err(HostError::NotReturnable(Type::f32())));
        assert_eq!(from_host(&HostValue::Graph, None).unwrap_err(), HostError::NoGraph);
        // An f32 argument is what a compiled entry would receive.
        let Val::Float(x) = from_host(&HostValue::float(ScalarType::F32, 0.85), None).unwrap() else { panic!() };
        assert_eq!(x, f64::from(0.85f32));
    }
}
