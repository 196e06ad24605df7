//! Damaged graph files never panic the loader: valid files of every format,
//! cut, with bytes replaced, inserted, deleted and duplicated, and random
//! bytes, are read with and without detection; each is a graph or an error.

use strata_graph::generate::Rng;
use strata_graph::load::{parse, read_edges, Format};
use strata_graph::LoadOptions;

const SEEDS: [&str; 5] = [
    "# comment\n0 1\n1 2\n2 0\n\n% other comment\n3 3\n",
    "0 1 5\n1 2 7\n2 0 1\n1 1 3\n",
    "c road\np sp 4 3\na 1 2 4\nc middle\na 2 3 1\na 4 1 9\n",
    "%%MatrixMarket matrix coordinate integer symmetric\n% c\n3 3 3\n2 1 5\n3 3 1\n3 2 2\n",
    "%%MatrixMarket matrix coordinate real general\n2 3 2\n1 3 0.5\n2 1 1e3\n",
];

const PIECES: [&[u8]; 12] =
    [b" ", b"\n", b"-", b"9", b"99999999999", b"a ", b"p sp ", b"%", b"\r", b"0.5", b"\x00", b"\xff"];

fn mutate(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..=rng.below(3) {
        let at = if v.is_empty() { 0 } else { rng.below(v.len() as u64 + 1) as usize };
        match rng.below(5) {
            0 => v.truncate(at),
            1 if at < v.len() => v[at] = rng.below(256) as u8,
            2 => {
                let p = PIECES[rng.below(PIECES.len() as u64) as usize];
                v.splice(at..at, p.iter().copied());
            }
            3 if at < v.len() => {
                v.remove(at);
            }
            _ => {
                let end = (at + rng.below(16) as usize).min(v.len());
                let copy = v[at..end].to_vec();
                v.splice(at..at, copy);
            }
        }
    }
    v
}

/// Reads `bytes`; builds the graph only when it is small, so that a mutated
/// size cannot make the test allocate gigabytes. Counts graphs and errors.
fn read(bytes: &[u8], format: Option<Format>, counts: &mut [u32; 2]) {
    let r = read_edges("fuzz", bytes, format);
    counts[usize::from(r.is_err())] += 1;
    if let Ok((n, edges, _)) = r {
        assert!(edges.iter().all(|e| e.0 < n && e.1 < n), "edge outside 0..{n}: {:?}", String::from_utf8_lossy(bytes));
        if n <= 1 << 16 {
            let opts = LoadOptions { symmetrize: true, simplify: true };
            let g = parse("fuzz", bytes, format, opts).expect("read once, read again");
            assert_eq!(g.num_nodes(), n);
        }
    }
}

#[test]
fn damaged_files_never_panic() {
    let mut rng = Rng::new(17);
    let formats =
        [None, Some(Format::EdgeList), Some(Format::Dimacs), Some(Format::MatrixMarket), Some(Format::Binary)];
    let mut counts = [0u32; 2];
    // Binary files too: a mutation mostly breaks the checksum, so half of
    // them get a checksum made to match, to reach what the header says.
    let binary = |weighted| {
        let g = strata_graph::Graph::from_edges(4, vec![(0, 1, 5), (1, 2, -7), (3, 3, 1)], weighted, false);
        strata_graph::write::binary(&g)
    };
    let seeds: Vec<Vec<u8>> =
        SEEDS.iter().map(|s| s.as_bytes().to_vec()).chain([binary(false), binary(true)]).collect();
    for seed in &seeds {
        for i in 0..1500 {
            let mut bytes = mutate(&mut rng, seed);
            if i % 2 == 1 && bytes.starts_with(b"SGRAPH01") && bytes.len() >= 40 {
                let sum = bytes[40..]
                    .iter()
                    .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3));
                bytes[32..40].copy_from_slice(&sum.to_le_bytes());
            }
            for f in formats {
                read(&bytes, f, &mut counts);
            }
        }
    }
    for _ in 0..500 {
        let len = rng.below(64) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        for f in formats {
            read(&bytes, f, &mut counts);
        }
    }
    // Both outcomes are exercised.
    assert!(counts[0] > 1000 && counts[1] > 1000, "graphs and errors: {counts:?}");
}
