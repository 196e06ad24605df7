//! The host-side image of a graph: its descriptor and arrays laid out as
//! the contract says, for the CPU runner to pass and the GPU runner to copy.

use strata_graph::degree_order::nodes_by_degree;
use strata_graph::Graph;

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

/// The elements of one of `g`'s arrays, in order.
pub fn array_elements(g: &Graph, array: GraphArray) -> Box<dyn ExactSizeIterator<Item = i64> + '_> {
    let a = g.arrays();
    match array {
        GraphArray::OutOffsets => Box::new(a.out_offsets.iter().map(|x| *x as i64)),
        GraphArray::OutTargets => Box::new(a.targets.iter().map(|x| i64::from(*x))),
        GraphArray::EdgeSources => Box::new(a.sources.iter().map(|x| i64::from(*x))),
        GraphArray::InOffsets => Box::new(a.in_offsets.iter().map(|x| *x as i64)),
        GraphArray::InEdges => Box::new(a.in_edges.iter().map(|x| *x as i64)),
        GraphArray::InSources => Box::new(a.in_edges.iter().map(|e| i64::from(a.sources[*e as usize]))),
        GraphArray::Weights => match a.weights {
            Some(w) => Box::new(w.iter().copied()),
            None => Box::new(a.targets.iter().map(|_| 1)),
        },
        GraphArray::NodesByOutDegree => Box::new(nodes_by_degree(a.out_offsets).into_iter().map(i64::from)),
        GraphArray::NodesByInDegree => Box::new(nodes_by_degree(a.in_offsets).into_iter().map(i64::from)),
    }
}

/// The graph as compiled code sees it: a descriptor and its arrays.
pub struct GraphImage {
    descriptor: Vec<u64>,
    arrays: Vec<HostBuffer>,
}

impl GraphImage {
    /// Lays out `g`: every [`GraphArray`], with its element type.
    pub fn new(g: &Graph) -> GraphImage {
        let arrays: Vec<HostBuffer> = GraphArray::ALL
            .into_iter()
            .map(|array| {
                let bytes = array.element().bytes().expect("graph arrays hold buffer elements");
                HostBuffer::new(bytes, array_elements(g, array))
            })
            .collect();
        let mut descriptor = vec![u64::from(g.num_nodes()), g.num_edges(), u64::from(g.is_symmetric())];
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

#[cfg(test)]
mod tests {
    use super::*;
    use strata_graph::load::build;
    use strata_graph::LoadOptions;

    #[test]
    fn every_array_has_its_header_and_elements() {
        let g = build(3, vec![(0, 1, 5), (1, 2, 7)], true, LoadOptions::default());
        let image = GraphImage::new(&g);
        assert_eq!(image.scalar_fields(), [3, 2, 0]);
        let arrays: Vec<&[u64]> = image.arrays().collect();
        assert_eq!(arrays.len(), GraphArray::ALL.len());
        let head = HEADER_BYTES / 8;
        let out_offsets = arrays[GraphArray::OutOffsets.position()];
        assert_eq!((out_offsets[0], &out_offsets[head..]), (4, &[0u64, 1, 2, 2][..]));
        // 32-bit node ids, two to a word.
        let targets = arrays[GraphArray::OutTargets.position()];
        assert_eq!((targets[0], targets[head]), (2, 1 | (2 << 32)));
        let weights = arrays[GraphArray::Weights.position()];
        assert_eq!(&weights[head..], &[5, 7]);
        // Out-degrees 1, 1, 0: nodes 2 and 0 in the first word, 1 in the
        // second; in-degrees 0, 1, 1: nodes 0 and 1, then 2.
        let by_out = arrays[GraphArray::NodesByOutDegree.position()];
        assert_eq!((by_out[0], by_out[head], by_out[head + 1]), (3, 2, 1));
        let by_in = arrays[GraphArray::NodesByInDegree.position()];
        assert_eq!((by_in[head], by_in[head + 1]), (1 << 32, 2));
        assert!(image.owns(weights[head..].as_ptr() as u64));
        assert!(!image.owns(image.descriptor_address()));
        let both_ways = build(2, vec![(0, 1, 5), (1, 0, 7)], true, LoadOptions::default());
        assert_eq!(GraphImage::new(&both_ways).scalar_fields(), [2, 2, 1]);
    }
}
