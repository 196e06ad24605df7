//! The host-side image of a graph: its descriptor and arrays laid out as
//! the contract says, for the CPU runner to pass and the GPU runner to copy
//! (`strata_graph::image` makes one of a graph).

use crate::{GraphArray, HEADER_BYTES};

/// A buffer with the header the compiled code expects: 64-bit or 32-bit
/// elements (little-endian), in 64-bit words for alignment.
struct HostBuffer {
    words: Vec<u64>,
}

impl HostBuffer {
    fn new(element_bytes: usize, values: impl ExactSizeIterator<Item = i64>) -> HostBuffer {
        let (head, n) = (HEADER_BYTES / 8, values.len());
        let mut words = vec![0u64; head + (n * element_bytes).div_ceil(8)];
        words[0] = n as u64;
        if element_bytes == 8 {
            for (w, v) in words[head..].iter_mut().zip(values) {
                *w = v as u64;
            }
        } else {
            for (i, v) in values.enumerate() {
                words[head + i / 2] |= u64::from(v as u32) << (32 * (i % 2));
            }
        }
        HostBuffer { words }
    }
    fn data(&self) -> u64 {
        self.words[HEADER_BYTES / 8..].as_ptr() as u64
    }
}

/// The graph as compiled code sees it: a descriptor and its arrays.
pub struct GraphImage {
    descriptor: Vec<u64>,
    arrays: Vec<HostBuffer>,
}

impl GraphImage {
    /// Lays out a graph of `nodes` nodes and `edges` edges, symmetric or
    /// not, whose arrays `elements` gives: every [`GraphArray`], with its
    /// element type.
    pub fn new<'g>(
        nodes: u32,
        edges: u64,
        symmetric: bool,
        elements: impl Fn(GraphArray) -> Box<dyn ExactSizeIterator<Item = i64> + 'g>,
    ) -> GraphImage {
        let arrays: Vec<HostBuffer> = GraphArray::ALL
            .into_iter()
            .map(|array| {
                let bytes = array.element().bytes().expect("graph arrays hold buffer elements");
                HostBuffer::new(bytes, elements(array))
            })
            .collect();
        let mut descriptor = vec![u64::from(nodes), edges, u64::from(symmetric)];
        descriptor.extend(arrays.iter().map(HostBuffer::data));
        GraphImage { descriptor, arrays }
    }
    /// The address of the descriptor, for the graph's argument slot. It
    /// stays valid as long as the image lives.
    pub fn descriptor_address(&self) -> u64 {
        self.descriptor.as_ptr() as u64
    }
    /// The fields of the descriptor before the arrays: the node and edge
    /// counts, and whether the graph is symmetric.
    pub fn scalar_fields(&self) -> &[u64] {
        &self.descriptor[..GRAPH_FIELDS]
    }
    /// Each array in [`GraphArray::ALL`]'s order, as 64-bit words: its
    /// header, then its elements.
    pub fn arrays(&self) -> impl Iterator<Item = &[u64]> {
        self.arrays.iter().map(|a| a.words.as_slice())
    }
    /// Whether `p` is the address of one of the graph's arrays.
    pub fn owns(&self, p: u64) -> bool {
        self.descriptor[GRAPH_FIELDS..].contains(&p)
    }
}

const GRAPH_FIELDS: usize = crate::GRAPH_SCALAR_FIELDS as usize;
