//! The names and sizes of the contract: buffer headers, exported symbols,
//! the graph's arrays, and the types that cross it.

/// Bytes before the first element of a buffer; the first word is its length.
pub const HEADER_BYTES: usize = 64;
/// Prefix of the exported entry wrappers (`_strata_entry_f` for `f`).
pub const ENTRY_PREFIX: &str = "_strata_entry_";
/// The name in machine code of a function the IR calls `name`: letters,
/// digits and `_` stay; every other byte, and a leading digit, becomes `$`
/// and two hex digits (`a.b` is `a$2eb`). The result is a valid symbol for
/// every target (PTX accepts no other characters) and different names stay
/// different.
pub fn symbol_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for (i, b) in name.bytes().enumerate() {
        if b.is_ascii_alphabetic() || b == b'_' || (b.is_ascii_digit() && i > 0) {
            out.push(b as char);
        } else {
            out.push_str(&format!("${b:02x}"));
        }
    }
    out
}

/// The exported entry wrapper of the function `name`.
pub fn entry_symbol(name: &str) -> String {
    format!("{ENTRY_PREFIX}{}", symbol_name(name))
}

/// `void _strata_set_threads(i32)`.
pub const SET_THREADS: &str = "_strata_set_threads";
/// `void _strata_free(ptr)`.
pub const FREE: &str = "_strata_free";
/// The GPU module's pool of device memory, three 64-bit words `{ base,
/// next, end }` the runner sets before each launch: kernels cut their
/// buffers from `[base, end)` before falling back to the device heap.
pub const POOL: &str = "_strata_pool";
/// Threads per block of every GPU kernel launch: the code generator
/// promises the kernels no more (`.maxntid`), the GPU runner launches so.
pub const GPU_BLOCK_THREADS: u32 = 256;
/// Fields of the graph descriptor before the array pointers: the node and
/// edge counts, then whether the graph is symmetric (0 or 1).
pub const GRAPH_SCALAR_FIELDS: u32 = 3;
/// The descriptor field that says whether the graph is symmetric.
pub const GRAPH_SYMMETRIC_FIELD: u32 = 2;

/// A scalar type that crosses the contract: in a slot, or as a buffer's
/// element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarType {
    /// A signless integer of this many bits (`i1` is a boolean).
    Int(u32),
    /// `index`: 64 bits.
    Index,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

impl ScalarType {
    /// Bytes one element takes in a buffer, for the types buffers can hold
    /// (`i1`, `i8`, `i16`, `i32`, `i64`, `index`, `f32`, `f64`).
    pub fn bytes(self) -> Option<usize> {
        match self {
            ScalarType::Int(1 | 8) => Some(1),
            ScalarType::Int(w @ (16 | 32 | 64)) => Some(w as usize / 8),
            ScalarType::Int(_) => None,
            ScalarType::Index | ScalarType::F64 => Some(8),
            ScalarType::F32 => Some(4),
        }
    }
    /// Whether values of this type are floats.
    pub fn is_float(self) -> bool {
        matches!(self, ScalarType::F32 | ScalarType::F64)
    }
}

/// What one argument or result slot of an entry carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlotType {
    /// A scalar, in the slot itself.
    Scalar(ScalarType),
    /// A pointer to a buffer's first element.
    Buffer(ScalarType),
    /// A pointer to the graph descriptor.
    Graph,
}

/// The arrays of the graph descriptor, after its scalar fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GraphArray {
    /// CSR offsets of each node's out-edges (`num_nodes + 1` entries).
    OutOffsets,
    /// Target of each edge, in edge order.
    OutTargets,
    /// CSC offsets of each node's in-edges (`num_nodes + 1` entries).
    InOffsets,
    /// Source of each in-edge, in CSC order.
    InSources,
    /// Edge number of each in-edge, in CSC order.
    InEdges,
    /// Source of each edge, in edge order.
    EdgeSources,
    /// Weight of each edge (1 for an unweighted graph).
    Weights,
    /// Every node, by out-degree from the fewest out-edges (ties by node
    /// number): a loop over the nodes in this order gives neighbouring
    /// threads lists of about the same length (`order = "degree"`).
    NodesByOutDegree,
    /// Every node, by in-degree, likewise.
    NodesByInDegree,
}

impl GraphArray {
    /// Every array, in descriptor order.
    pub const ALL: [GraphArray; 9] = [
        GraphArray::OutOffsets,
        GraphArray::OutTargets,
        GraphArray::InOffsets,
        GraphArray::InSources,
        GraphArray::InEdges,
        GraphArray::EdgeSources,
        GraphArray::Weights,
        GraphArray::NodesByOutDegree,
        GraphArray::NodesByInDegree,
    ];

    /// The array's name in IR (`par.graph_array`'s `array` property).
    pub fn name(self) -> &'static str {
        match self {
            GraphArray::OutOffsets => "out_offsets",
            GraphArray::OutTargets => "out_targets",
            GraphArray::InOffsets => "in_offsets",
            GraphArray::InSources => "in_sources",
            GraphArray::InEdges => "in_edges",
            GraphArray::EdgeSources => "edge_sources",
            GraphArray::Weights => "weights",
            GraphArray::NodesByOutDegree => "nodes_by_out_degree",
            GraphArray::NodesByInDegree => "nodes_by_in_degree",
        }
    }

    /// The array called `name`, if there is one.
    pub fn from_name(name: &str) -> Option<GraphArray> {
        GraphArray::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Position of the array's pointer among the descriptor's arrays.
    pub fn position(self) -> usize {
        GraphArray::ALL.iter().position(|a| *a == self).expect("every array is in ALL")
    }

    /// The type of the array's elements: offsets and edge numbers are
    /// `index`, node ids (the orders too) 32-bit, weights 64-bit.
    pub fn element(self) -> ScalarType {
        match self {
            GraphArray::OutOffsets | GraphArray::InOffsets | GraphArray::InEdges => ScalarType::Index,
            GraphArray::OutTargets
            | GraphArray::InSources
            | GraphArray::EdgeSources
            | GraphArray::NodesByOutDegree
            | GraphArray::NodesByInDegree => ScalarType::Int(32),
            GraphArray::Weights => ScalarType::Int(64),
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn symbol_names_keep_plain_names_and_escape_the_rest() {
        use super::{entry_symbol, symbol_name};
        assert_eq!(symbol_name("bfs_2"), "bfs_2");
        assert_eq!(symbol_name("a.b"), "a$2eb");
        assert_eq!(symbol_name("0x"), "$30x");
        assert_eq!(symbol_name("$"), "$24");
        assert_ne!(symbol_name("a$2eb"), symbol_name("a.b"), "escapes stay distinct from names that look like them");
        assert_eq!(entry_symbol("f g"), "_strata_entry_f$20g");
    }

    use super::*;

    #[test]
    fn graph_arrays_round_trip_through_their_names() {
        for (i, a) in GraphArray::ALL.into_iter().enumerate() {
            assert_eq!(GraphArray::from_name(a.name()), Some(a));
            assert_eq!(a.position(), i);
            assert!(a.element().bytes().is_some());
        }
        assert_eq!(GraphArray::from_name("weight"), None);
    }

    #[test]
    fn buffer_elements_have_sizes_and_others_do_not() {
        assert_eq!(ScalarType::Int(1).bytes(), Some(1));
        assert_eq!(ScalarType::Int(32).bytes(), Some(4));
        assert_eq!(ScalarType::Index.bytes(), Some(8));
        assert_eq!(ScalarType::F32.bytes(), Some(4));
        assert_eq!(ScalarType::Int(7).bytes(), None);
        assert_eq!(ScalarType::Int(128).bytes(), None);
    }
}
