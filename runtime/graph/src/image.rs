//! A graph laid out as compiled code reads it: the elements of each of its
//! arrays, and its [`GraphImage`].

use strata_abi::{GraphArray, GraphImage};

use crate::degree_order::nodes_by_degree;
use crate::Graph;

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

/// The image of `g` that compiled code reads: its descriptor and arrays.
pub fn image(g: &Graph) -> GraphImage {
    GraphImage::new(g.num_nodes(), g.num_edges(), g.is_symmetric(), |array| array_elements(g, array))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::build;
    use crate::LoadOptions;
    use strata_abi::HEADER_BYTES;

    #[test]
    fn every_array_has_its_header_and_elements() {
        let g = build(3, vec![(0, 1, 5), (1, 2, 7)], true, LoadOptions::default());
        let laid_out = image(&g);
        assert_eq!(laid_out.scalar_fields(), [3, 2, 0]);
        let arrays: Vec<&[u64]> = laid_out.arrays().collect();
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
        assert!(laid_out.owns(weights[head..].as_ptr() as u64));
        assert!(!laid_out.owns(laid_out.descriptor_address()));
        let both_ways = build(2, vec![(0, 1, 5), (1, 0, 7)], true, LoadOptions::default());
        assert_eq!(image(&both_ways).scalar_fields(), [2, 2, 1]);
    }
}
