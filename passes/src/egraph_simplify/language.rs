//! The expression language of `egraph-simplify`: integer, index and `i1`
//! arithmetic as e-graph nodes, typed constants, opaque leaves, the
//! constant-folding analysis and the latency cost model.

use std::fmt;
use std::str::FromStr;
use strata_ir::OpName;
use strata_std::arith::op as arith;

use egg::{Analysis, CostFunction, DidMerge, EGraph, Id, Language};
use strata_ir::attributes::normalize_int;
use strata_ir::Type;
use strata_std::arith::CmpiPredicate;
use strata_std::arith_fold::{eval_cmpi, eval_int, width};

/// The type of an e-class's values, in a form nodes can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ty {
    /// A signless integer of this many bits (`i1` is 1).
    Int(u32),
    /// `index` (64 bits).
    Index,
}

impl Ty {
    /// The type, if arithmetic on it is in the language.
    pub fn of(t: &Type) -> Option<Ty> {
        match t {
            Type::Index => Some(Ty::Index),
            Type::Integer { width, .. } if t.is_signless_int_or_index() && (1..=64).contains(width) => {
                Some(Ty::Int(*width))
            }
            _ => None,
        }
    }

    /// The IR type.
    pub fn ir(self) -> Type {
        match self {
            Ty::Int(w) => Type::int(w),
            Ty::Index => Type::Index,
        }
    }

    /// Bits of arithmetic.
    pub fn bits(self) -> u32 {
        width(&self.ir())
    }

    /// `v` wrapped to this type, read as signed.
    pub fn norm(self, v: i128) -> i128 {
        normalize_int(v, &Type::int(self.bits()))
    }
}

/// A constant of a type; the value is wrapped and read as signed (`i1`
/// true is -1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit {
    /// The value.
    pub value: i128,
    /// Its type.
    pub ty: Ty,
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ty {
            Ty::Int(w) => write!(f, "{}:i{w}", self.value),
            Ty::Index => write!(f, "{}:index", self.value),
        }
    }
}

impl FromStr for Lit {
    type Err = String;
    fn from_str(s: &str) -> Result<Lit, String> {
        let (v, t) = s.split_once(':').ok_or("not a literal")?;
        let ty = match t {
            "index" => Ty::Index,
            _ => Ty::Int(t.strip_prefix('i').and_then(|w| w.parse().ok()).ok_or("not a literal type")?),
        };
        Ok(Lit { value: ty.norm(v.parse().map_err(|_| "not a literal value")?), ty })
    }
}

/// An SSA value the e-graph does not look into, by its number in the
/// block's leaf table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Leaf(pub u32);

impl fmt::Display for Leaf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}", self.0)
    }
}

impl FromStr for Leaf {
    type Err = String;
    fn from_str(s: &str) -> Result<Leaf, String> {
        s.strip_prefix('%').and_then(|n| n.parse().ok()).map(Leaf).ok_or_else(|| "not a leaf".into())
    }
}

pub use nodes::Expr;

/// The node enum (its variants are the operations named in its doc).
mod nodes {
    #![allow(missing_docs)]
    use super::{Leaf, Lit};
    use egg::{define_language, Id};

    define_language! {
        /// Pure integer expressions; each operation is the `arith` one of the
        /// same name (comparisons are split by predicate).
        pub enum Expr {
            "addi" = Add([Id; 2]),
            "subi" = Sub([Id; 2]),
            "muli" = Mul([Id; 2]),
            "divsi" = DivS([Id; 2]),
            "divui" = DivU([Id; 2]),
            "remsi" = RemS([Id; 2]),
            "remui" = RemU([Id; 2]),
            "andi" = And([Id; 2]),
            "ori" = Or([Id; 2]),
            "xori" = Xor([Id; 2]),
            "shli" = Shl([Id; 2]),
            "shrsi" = ShrS([Id; 2]),
            "shrui" = ShrU([Id; 2]),
            "minsi" = MinS([Id; 2]),
            "maxsi" = MaxS([Id; 2]),
            "minui" = MinU([Id; 2]),
            "maxui" = MaxU([Id; 2]),
            "eq" = Eq([Id; 2]),
            "ne" = Ne([Id; 2]),
            "slt" = Slt([Id; 2]),
            "sle" = Sle([Id; 2]),
            "sgt" = Sgt([Id; 2]),
            "sge" = Sge([Id; 2]),
            "ult" = Ult([Id; 2]),
            "ule" = Ule([Id; 2]),
            "ugt" = Ugt([Id; 2]),
            "uge" = Uge([Id; 2]),
            "select" = Select([Id; 3]),
            Const(Lit),
            Leaf(Leaf),
        }
    }
}

/// The `arith` operation names of the binary integer nodes, in the order
/// [`binary`] takes them.
pub const BINARY: [OpName; 17] = [
    arith::ADDI,
    arith::SUBI,
    arith::MULI,
    arith::DIVSI,
    arith::DIVUI,
    arith::REMSI,
    arith::REMUI,
    arith::ANDI,
    arith::ORI,
    arith::XORI,
    arith::SHLI,
    arith::SHRSI,
    arith::SHRUI,
    arith::MINSI,
    arith::MAXSI,
    arith::MINUI,
    arith::MAXUI,
];

/// The node of the binary `arith` operation `name` on `a` and `b`.
pub fn binary(name: OpName, a: Id, b: Id) -> Option<Expr> {
    let k = [a, b];
    Some(match name {
        arith::ADDI => Expr::Add(k),
        arith::SUBI => Expr::Sub(k),
        arith::MULI => Expr::Mul(k),
        arith::DIVSI => Expr::DivS(k),
        arith::DIVUI => Expr::DivU(k),
        arith::REMSI => Expr::RemS(k),
        arith::REMUI => Expr::RemU(k),
        arith::ANDI => Expr::And(k),
        arith::ORI => Expr::Or(k),
        arith::XORI => Expr::Xor(k),
        arith::SHLI => Expr::Shl(k),
        arith::SHRSI => Expr::ShrS(k),
        arith::SHRUI => Expr::ShrU(k),
        arith::MINSI => Expr::MinS(k),
        arith::MAXSI => Expr::MaxS(k),
        arith::MINUI => Expr::MinU(k),
        arith::MAXUI => Expr::MaxU(k),
        _ => return None,
    })
}

/// The comparison node for `arith.cmpi` predicate number `pred` (MLIR's numbering).
pub fn compare(pred: i128, a: Id, b: Id) -> Option<Expr> {
    let k = [a, b];
    Some(match pred {
        0 => Expr::Eq(k),
        1 => Expr::Ne(k),
        2 => Expr::Slt(k),
        3 => Expr::Sle(k),
        4 => Expr::Sgt(k),
        5 => Expr::Sge(k),
        6 => Expr::Ult(k),
        7 => Expr::Ule(k),
        8 => Expr::Ugt(k),
        9 => Expr::Uge(k),
        _ => return None,
    })
}

impl Expr {
    /// How the node becomes IR: the `arith` operation name and, for a
    /// comparison, its predicate number. `None` for constants and leaves.
    pub fn op(&self) -> Option<(OpName, Option<i128>)> {
        let binary = |i: usize| Some((BINARY[i], None));
        match self {
            Expr::Add(_) => binary(0),
            Expr::Sub(_) => binary(1),
            Expr::Mul(_) => binary(2),
            Expr::DivS(_) => binary(3),
            Expr::DivU(_) => binary(4),
            Expr::RemS(_) => binary(5),
            Expr::RemU(_) => binary(6),
            Expr::And(_) => binary(7),
            Expr::Or(_) => binary(8),
            Expr::Xor(_) => binary(9),
            Expr::Shl(_) => binary(10),
            Expr::ShrS(_) => binary(11),
            Expr::ShrU(_) => binary(12),
            Expr::MinS(_) => binary(13),
            Expr::MaxS(_) => binary(14),
            Expr::MinU(_) => binary(15),
            Expr::MaxU(_) => binary(16),
            Expr::Eq(_) => Some((arith::CMPI, Some(0))),
            Expr::Ne(_) => Some((arith::CMPI, Some(1))),
            Expr::Slt(_) => Some((arith::CMPI, Some(2))),
            Expr::Sle(_) => Some((arith::CMPI, Some(3))),
            Expr::Sgt(_) => Some((arith::CMPI, Some(4))),
            Expr::Sge(_) => Some((arith::CMPI, Some(5))),
            Expr::Ult(_) => Some((arith::CMPI, Some(6))),
            Expr::Ule(_) => Some((arith::CMPI, Some(7))),
            Expr::Ugt(_) => Some((arith::CMPI, Some(8))),
            Expr::Uge(_) => Some((arith::CMPI, Some(9))),
            Expr::Select(_) => Some((arith::SELECT, None)),
            Expr::Const(_) | Expr::Leaf(_) => None,
        }
    }
}

/// What is known of an e-class: its type and, if it is one, its constant.
#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    /// The type of every value in the class.
    pub ty: Ty,
    /// The constant the class equals (wrapped, read as signed).
    pub value: Option<i128>,
}

/// The analysis: types from leaves and operations, constant folding with
/// MLIR's semantics (a fold that would be poison or undefined is not made).
#[derive(Default)]
pub struct Folding {
    /// Type of each leaf, by number.
    pub leaves: Vec<Ty>,
}

impl Analysis<Expr> for Folding {
    type Data = Facts;

    fn make(egraph: &mut EGraph<Expr, Folding>, enode: &Expr) -> Facts {
        let facts = |i: &Id| egraph[*i].data.clone();
        match enode {
            Expr::Const(l) => Facts { ty: l.ty, value: Some(l.value) },
            Expr::Leaf(l) => Facts { ty: egraph.analysis.leaves[l.0 as usize], value: None },
            Expr::Select([c, a, b]) => {
                let (c, a, b) = (facts(c), facts(a), facts(b));
                let value = match c.value {
                    Some(0) => b.value,
                    Some(_) => a.value,
                    None => a.value.filter(|x| b.value == Some(*x)),
                };
                Facts { ty: a.ty, value }
            }
            other => {
                let (name, pred) = other.op().expect("an operation");
                let [a, b] = [facts(&other.children()[0]), facts(&other.children()[1])];
                let w = a.ty.bits();
                let value = match (a.value, b.value, pred) {
                    (Some(x), Some(y), Some(p)) => {
                        CmpiPredicate::from_position(p).map(|p| if eval_cmpi(p, x, y, w) { -1 } else { 0 })
                    }
                    (Some(x), Some(y), None) => eval_int(name, x, y, w).map(|v| a.ty.norm(v)),
                    _ => None,
                };
                Facts { ty: if pred.is_some() { Ty::Int(1) } else { a.ty }, value }
            }
        }
    }

    fn merge(&mut self, to: &mut Facts, from: Facts) -> DidMerge {
        match (to.value, from.value) {
            (None, Some(v)) => {
                to.value = Some(v);
                DidMerge(true, false)
            }
            (Some(_), None) => DidMerge(false, true),
            (a, b) => {
                debug_assert!(a == b, "a rule made {a:?} equal to {b:?}");
                DidMerge(false, false)
            }
        }
    }

    fn modify(egraph: &mut EGraph<Expr, Folding>, id: Id) {
        let Facts { ty, value } = egraph[id].data.clone();
        if let Some(value) = value {
            let c = egraph.add(Expr::Const(Lit { value, ty }));
            egraph.union(id, c);
        }
    }
}

/// The cost of an expression: the summed latency of its operations
/// (constants and leaves are free), then the number of operations; sums
/// saturate.
pub struct Latency;

/// Rough latencies in cycles of a current CPU core.
pub fn latency(e: &Expr) -> u64 {
    match e {
        Expr::Const(_) | Expr::Leaf(_) => 0,
        Expr::Mul(_) => 3,
        Expr::DivS(_) | Expr::DivU(_) | Expr::RemS(_) | Expr::RemU(_) => 25,
        _ => 1,
    }
}

/// The cost of a node with children of the given costs: its latency and
/// one operation (constants and leaves are none) added to theirs.
pub fn cost_with(e: &Expr, children: impl Iterator<Item = (u64, u64)>) -> (u64, u64) {
    let own = (latency(e), u64::from(!matches!(e, Expr::Const(_) | Expr::Leaf(_))));
    children.fold(own, |(l, n), (cl, cn)| (l.saturating_add(cl), n.saturating_add(cn)))
}

impl CostFunction<Expr> for Latency {
    type Cost = (u64, u64);
    fn cost<C: FnMut(Id) -> (u64, u64)>(&mut self, enode: &Expr, mut costs: C) -> (u64, u64) {
        cost_with(enode, enode.children().iter().map(|c| costs(*c)))
    }
}
