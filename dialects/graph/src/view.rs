//! The declarations of the graph dialect's operations with fixed operands:
//! operands, results and properties with their constraints (checked by the
//! verifier), and the typed views that read them.

use strata_ir::signature::TypeConstraint;

/// `!graph.graph`.
pub const GRAPH: TypeConstraint = TypeConstraint::Dialect("graph", "graph");
/// `!graph.node`.
pub const NODE: TypeConstraint = TypeConstraint::Dialect("graph", "node");
/// `!graph.edge`.
pub const EDGE: TypeConstraint = TypeConstraint::Dialect("graph", "edge");
/// `!graph.uf`.
pub const UF: TypeConstraint = TypeConstraint::Dialect("graph", "uf");
/// `!graph.worklist<T>`.
pub const WORKLIST: TypeConstraint = TypeConstraint::Parametric("graph", "worklist");
/// A property or a scalar: `!graph.nprop<T>`, `!graph.eprop<T>`, `!graph.scalar<T>`.
pub const CONTAINER: TypeConstraint = TypeConstraint::OneOf(&[
    TypeConstraint::Parametric("graph", "nprop"),
    TypeConstraint::Parametric("graph", "eprop"),
    TypeConstraint::Parametric("graph", "scalar"),
]);
/// The index of a property's element: a node or an edge.
pub const ELEMENT_INDEX: TypeConstraint = TypeConstraint::OneOf(&[NODE, EDGE]);

strata_ir::prop_enum! {
    /// The operator of a `graph.reduce`.
    pub enum ReduceKind {
        /// Sum.
        Add = "add",
        /// Product.
        Mul = "mul",
        /// Minimum (signed; nodes and edges by number).
        Min = "min",
        /// Maximum.
        Max = "max",
        /// Bitwise and.
        And = "and",
        /// Bitwise or.
        Or = "or",
    }
}

strata_ir::prop_enum! {
    /// The operator of a `graph.reduce_arg`.
    pub enum ArgKind {
        /// Keep the smallest key.
        Min = "min",
        /// Keep the largest key.
        Max = "max",
    }
}

strata_ir::prop_enum! {
    /// How `graph.count_common` intersects two sorted neighbour lists.
    pub enum Intersect {
        /// Both lists walked side by side: time in the sum of their lengths.
        Merge = "merge",
        /// Each neighbour of the shorter list searched for in the longer, by
        /// doubling steps from the last match, then halving: time in the
        /// shorter length times the logarithm of the longer.
        Gallop = "gallop",
        /// `gallop` when one list is more than 16 times the other's length,
        /// `merge` otherwise.
        Auto = "auto",
        /// The first node's list marked in a flag per node of the thread's
        /// own, kept from call to call while the first node stays the same;
        /// the second's list probed: time in the second's length (plus both
        /// lists' when the first node changes). Compiled code needs the count
        /// in a loop of the same function.
        Bitmap = "bitmap",
    }
}
