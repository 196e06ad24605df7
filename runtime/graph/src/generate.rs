//! Deterministic graph generators for tests, demos and benchmarks:
//! Kronecker/R-MAT with Graph500's parameters, uniform random graphs, and
//! 2-D grids with optional random edge removal. Weights, when asked for, are
//! uniform in `1..=255`. The same seed always gives the same graph, on any
//! number of cores: the edges are made on all of them, each share from
//! where the one random stream stands at its first edge.
//!
//! A generator can also be named by a spec string, as accepted by the tools'
//! `--graph gen:...`: `kron:scale=12,degree=16,seed=1,weighted`,
//! `uniform:nodes=1000,edges=8000`, `grid:rows=64,cols=64,drop=0.1`.

use crate::csr::{check_fits, EdgeTriple, SizeError};

/// SplitMix64: a small, fast, well-mixed generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

/// SplitMix64's step: the state advances by this constant each draw.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The generator from `seed` after `draws` draws: the state only adds
    /// a constant each draw, so a stream can be taken up anywhere.
    pub fn skipped(seed: u64, draws: u64) -> Rng {
        Rng(seed.wrapping_add(draws.wrapping_mul(GAMMA)))
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A float in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// An integer in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

fn weight(rng: &mut Rng, weighted: bool) -> i64 {
    if weighted {
        1 + rng.below(255) as i64
    } else {
        1
    }
}

/// A generated graph: node count, edges, whether weights are meaningful.
pub type Generated = (u32, Vec<EdgeTriple>, bool);

/// `m` edges, edge `e` made by `edge` from the stream of `seed` after
/// `first + e * draws` draws (`edge` takes exactly `draws`): on all cores in
/// contiguous shares, the edges those draws make one after another.
fn edges_in_parallel(
    m: u64,
    (seed, first, draws): (u64, u64, u64),
    edge: impl Fn(&mut Rng) -> EdgeTriple + Sync,
) -> Vec<EdgeTriple> {
    let mut edges = vec![(0, 0, 0); m as usize];
    let threads = crate::cores();
    let share = edges.len().div_ceil(threads).max(1 << 16);
    std::thread::scope(|s| {
        for (k, part) in edges.chunks_mut(share).enumerate() {
            let edge = &edge;
            s.spawn(move || {
                let start = (k * share) as u64;
                let mut rng = Rng::skipped(seed, first.wrapping_add(start.wrapping_mul(draws)));
                for slot in part {
                    *slot = edge(&mut rng);
                }
            });
        }
    });
    edges
}

/// Kronecker (R-MAT) graph with `2^scale` nodes and `degree * 2^scale`
/// edges, Graph500 parameters a=0.57, b=0.19, c=0.19; node ids are permuted
/// so that degree does not follow id.
pub fn kronecker(scale: u32, degree: u32, seed: u64, weighted: bool) -> Generated {
    let n = 1u64 << scale;
    let m = n * u64::from(degree);
    let (a, b, c) = (0.57, 0.19, 0.19);
    let mut rng = Rng::new(seed);
    let mut perm: Vec<u32> = (0..n as u32).collect();
    for i in (1..perm.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        perm.swap(i, j);
    }
    // Each edge draws `scale` quadrants and its weight, after the n - 1
    // draws of the permutation.
    let draws = u64::from(scale) + u64::from(weighted);
    let (ab, abc) = (a + b, a + b + c);
    let edges = edges_in_parallel(m, (seed, n - 1, draws), |rng| {
        let (mut s, mut d) = (0u64, 0u64);
        for _ in 0..scale {
            // The quadrant of r: [0, a) top left, [a, a + b) top right,
            // [a + b, a + b + c) bottom left, the rest bottom right; by
            // comparisons, not branches, which r would mispredict.
            let r = rng.next_f64();
            let sb = u64::from(r >= ab);
            let db = u64::from(((r >= a) & (r < ab)) | (r >= abc));
            s = s * 2 + sb;
            d = d * 2 + db;
        }
        let w = weight(rng, weighted);
        (perm[s as usize], perm[d as usize], w)
    });
    (n as u32, edges, weighted)
}

/// `m` edges with endpoints drawn uniformly from `n` nodes.
pub fn uniform(n: u32, m: u64, seed: u64, weighted: bool) -> Generated {
    if n == 0 {
        return (n, Vec::new(), weighted);
    }
    let edges = edges_in_parallel(m, (seed, 0, 2 + u64::from(weighted)), |rng| {
        let s = rng.below(u64::from(n)) as u32;
        let d = rng.below(u64::from(n)) as u32;
        (s, d, weight(rng, weighted))
    });
    (n, edges, weighted)
}

/// A `rows x cols` grid, each node joined to its right and lower neighbour in
/// both directions (one weight per pair); each pair is dropped with probability `drop`.
pub fn grid(rows: u32, cols: u32, drop: f64, seed: u64, weighted: bool) -> Generated {
    let mut rng = Rng::new(seed);
    let mut edges = Vec::new();
    let id = |r: u32, c: u32| r * cols + c;
    for r in 0..rows {
        for c in 0..cols {
            let mut pair = |u: u32, v: u32, rng: &mut Rng| {
                if rng.next_f64() >= drop {
                    let w = weight(rng, weighted);
                    edges.push((u, v, w));
                    edges.push((v, u, w));
                }
            };
            if c + 1 < cols {
                pair(id(r, c), id(r, c + 1), &mut rng);
            }
            if r + 1 < rows {
                pair(id(r, c), id(r + 1, c), &mut rng);
            }
        }
    }
    (rows * cols, edges, weighted)
}

/// The generators a spec may name.
pub const GENERATORS: [&str; 3] = ["kron", "uniform", "grid"];

/// The parameters every generator takes besides its own.
const COMMON_PARAMETERS: [&str; 2] = ["seed", "weighted"];

/// What is wrong with a generator spec.
#[derive(Clone, Debug, PartialEq)]
pub enum SpecError {
    /// A generator other than those of [`GENERATORS`].
    UnknownGenerator(String),
    /// A parameter the generator does not take.
    UnknownParameter {
        /// The parameter.
        name: String,
        /// The generator.
        generator: String,
        /// The parameters it takes.
        known: Vec<&'static str>,
    },
    /// A word that is neither `NAME=VALUE` nor `weighted`.
    Malformed(String),
    /// A parameter given twice.
    Repeated(String),
    /// A seed that is not a whole number from 0 to 2^64 - 1.
    BadSeed(String),
    /// A value that is not a number.
    BadValue {
        /// The parameter.
        name: String,
        /// What was given.
        value: String,
    },
    /// A value outside its parameter's bounds.
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The smallest value allowed.
        lo: f64,
        /// The largest value allowed.
        hi: f64,
        /// What was given.
        value: f64,
    },
    /// A fraction where the parameter counts something.
    NotWhole {
        /// The parameter.
        name: &'static str,
        /// What was given.
        value: f64,
    },
    /// A graph too large for node ids or for memory.
    TooLarge(SizeError),
}

impl SpecError {
    /// The misspelt word, if the error is about one, and the names it may
    /// have meant: for a "did you mean" hint.
    pub fn misspelt(&self) -> Option<(&str, Vec<&'static str>)> {
        match self {
            SpecError::UnknownGenerator(kind) => Some((kind, GENERATORS.to_vec())),
            SpecError::UnknownParameter { name, known, .. } => {
                Some((name, known.iter().copied().chain(COMMON_PARAMETERS).collect()))
            }
            SpecError::Malformed(word) => Some((word, COMMON_PARAMETERS[1..].to_vec())),
            _ => None,
        }
    }
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecError::UnknownGenerator(kind) => {
                write!(f, "unknown generator '{kind}', expected kron, uniform or grid")
            }
            SpecError::UnknownParameter { name, generator, known } => write!(
                f,
                "unknown parameter '{name}' for generator '{generator}' (it takes {}, seed and weighted)",
                known.join(", ")
            ),
            SpecError::Malformed(word) => {
                write!(f, "bad generator parameter '{word}', expected NAME=VALUE or 'weighted'")
            }
            SpecError::Repeated(name) => write!(f, "generator parameter '{name}' is given twice"),
            SpecError::BadSeed(v) => write!(f, "bad seed '{v}'"),
            SpecError::BadValue { name, value } => write!(f, "bad value '{value}' for '{name}'"),
            SpecError::OutOfRange { name, lo, hi, value } => write!(f, "'{name}' must be in {lo}..={hi}, got {value}"),
            SpecError::NotWhole { name, value } => write!(f, "'{name}' must be a whole number, got {value}"),
            SpecError::TooLarge(why) => why.fmt(f),
        }
    }
}

impl std::error::Error for SpecError {}

/// Generates from a spec such as `kron:scale=10,degree=8,seed=3,weighted`.
pub fn from_spec(spec: &str) -> Result<Generated, SpecError> {
    Ok(parse_spec(spec)?.generate())
}

/// A generator spec read and checked: what it generates, nothing made yet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spec {
    shape: Shape,
    seed: u64,
    weighted: bool,
}

/// The graph a spec asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shape {
    Kron(u32, u32),
    Uniform(u64, u64),
    Grid(u32, u32, f64),
}

impl Spec {
    /// The graph it names.
    pub fn generate(self) -> Generated {
        match self.shape {
            Shape::Kron(scale, degree) => kronecker(scale, degree, self.seed, self.weighted),
            Shape::Uniform(n, m) => uniform(n as u32, m, self.seed, self.weighted),
            Shape::Grid(rows, cols, drop) => grid(rows, cols, drop, self.seed, self.weighted),
        }
    }
}

/// Reads and checks a spec (every parameter, and that the graph fits)
/// without generating anything.
pub fn parse_spec(spec: &str) -> Result<Spec, SpecError> {
    let (kind, params) = spec.split_once(':').unwrap_or((spec, ""));
    let mut seed = 1u64;
    let mut weighted = false;
    let mut nums: Vec<(String, f64)> = Vec::new();
    let mut given: Vec<&str> = Vec::new();
    for p in params.split(',').filter(|p| !p.is_empty()) {
        let name = p.split_once('=').map_or(p, |(k, _)| k);
        if given.contains(&name) {
            return Err(SpecError::Repeated(name.to_string()));
        }
        given.push(name);
        match p.split_once('=') {
            None if p == "weighted" => weighted = true,
            None => return Err(SpecError::Malformed(p.to_string())),
            Some(("seed", v)) => seed = v.parse().map_err(|_| SpecError::BadSeed(v.to_string()))?,
            Some((k, v)) => nums.push((
                k.to_string(),
                v.parse().map_err(|_| SpecError::BadValue { name: k.to_string(), value: v.to_string() })?,
            )),
        }
    }
    // Name, default, bounds, and whether it counts something (a whole number).
    let allowed: &[(&'static str, f64, f64, f64, bool)] = match kind {
        "kron" => &[("scale", 10.0, 1.0, 30.0, true), ("degree", 16.0, 1.0, 1024.0, true)],
        "uniform" => &[("nodes", 1024.0, 1.0, 4e9, true), ("edges", 8192.0, 0.0, 1e10, true)],
        "grid" => {
            &[("rows", 32.0, 1.0, 65536.0, true), ("cols", 32.0, 1.0, 65536.0, true), ("drop", 0.0, 0.0, 1.0, false)]
        }
        _ => return Err(SpecError::UnknownGenerator(kind.to_string())),
    };
    // Unknown names first: a misspelt one is not taken for a missing one.
    if let Some((k, _)) = nums.iter().find(|(k, _)| !allowed.iter().any(|a| a.0 == k)) {
        return Err(SpecError::UnknownParameter {
            name: k.clone(),
            generator: kind.to_string(),
            known: allowed.iter().map(|a| a.0).collect(),
        });
    }
    let get = |name: &str| -> Result<f64, SpecError> {
        let &(name, def, lo, hi, whole) = allowed.iter().find(|a| a.0 == name).expect("listed");
        let v = nums.iter().find(|(k, _)| k == name).map_or(def, |n| n.1);
        if !(v >= lo && v <= hi) {
            return Err(SpecError::OutOfRange { name, lo, hi, value: v });
        }
        if whole && v.fract() != 0.0 {
            return Err(SpecError::NotWhole { name, value: v });
        }
        Ok(v)
    };
    // Every parameter is read and checked before anything is generated.
    let shape = match kind {
        "kron" => Shape::Kron(get("scale")? as u32, get("degree")? as u32),
        "uniform" => Shape::Uniform(get("nodes")? as u64, get("edges")? as u64),
        _ => Shape::Grid(get("rows")? as u32, get("cols")? as u32, get("drop")?),
    };
    let (nodes, edges) = match shape {
        Shape::Kron(scale, degree) => (1u64 << scale, (1u64 << scale) * u64::from(degree)),
        Shape::Uniform(n, m) => (n, m),
        Shape::Grid(rows, cols, _) => {
            let (r, c) = (u64::from(rows), u64::from(cols));
            (r * c, 2 * ((r - 1) * c + r * (c - 1)))
        }
    };
    check_fits(nodes, edges).map_err(SpecError::TooLarge)?;
    Ok(Spec { shape, seed, weighted })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_sized() {
        assert_eq!(kronecker(6, 4, 7, true), kronecker(6, 4, 7, true));
        let (n, e, _) = kronecker(6, 4, 7, false);
        assert_eq!((n, e.len()), (64, 256));
        let (n, e, _) = grid(3, 4, 0.0, 1, false);
        assert_eq!((n, e.len()), (12, 2 * (3 * 3 + 2 * 4)));
        let (_, e, _) = uniform(10, 50, 3, true);
        assert!(e.iter().all(|&(s, d, w)| s < 10 && d < 10 && (1..=255).contains(&w)));
    }

    #[test]
    fn specs() {
        assert_eq!(from_spec("grid:rows=2,cols=2").unwrap().1.len(), 8);
        assert!(from_spec("kron:scale=99").is_err());
        assert!(from_spec("grid:depth=3").unwrap_err().to_string().contains("unknown parameter"));
        let typo = from_spec("grid:rws=3").unwrap_err();
        assert_eq!(typo.misspelt(), Some(("rws", vec!["rows", "cols", "drop", "seed", "weighted"])));
        assert_eq!(from_spec("kron:wieghted").unwrap_err().misspelt(), Some(("wieghted", vec!["weighted"])));
        assert_eq!(from_spec("gird").unwrap_err().misspelt(), Some(("gird", GENERATORS.to_vec())));
        assert!(from_spec("star").is_err());
        assert_eq!(from_spec("kron:scale=10.5").unwrap_err().to_string(), "'scale' must be a whole number, got 10.5");
        assert_eq!(
            from_spec("grid:rows=2,rows=3").unwrap_err().to_string(),
            "generator parameter 'rows' is given twice"
        );
        assert!(from_spec("grid:rows=2,cols=2,drop=0.5").is_ok());
        assert!(from_spec("grid:rows=65536,cols=65536").unwrap_err().to_string().contains("node ids are 32-bit"));
    }

    /// The edges made on all cores are those of one stream drawn in order,
    /// as the generators drew them on one core (so a seed names the same
    /// graph on any machine): a skipped stream continues the drawn one.
    #[test]
    fn parallel_edges_are_the_sequential_stream() {
        let mut rng = Rng::new(5);
        (0..1000).for_each(|_| _ = rng.next_u64());
        assert_eq!(rng.next_u64(), Rng::skipped(5, 1000).next_u64());
        let (scale, degree, seed) = (13, 40, 9);
        for weighted in [false, true] {
            let mut rng = Rng::new(seed);
            let n = 1u32 << scale;
            let mut perm: Vec<u32> = (0..n).collect();
            for i in (1..perm.len()).rev() {
                perm.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let drawn: Vec<EdgeTriple> = (0..u64::from(n) * u64::from(degree))
                .map(|_| {
                    let (mut s, mut d) = (0usize, 0usize);
                    for _ in 0..scale {
                        let r = rng.next_f64();
                        s = s * 2 + usize::from(r >= 0.76);
                        d = d * 2 + usize::from((0.57..0.76).contains(&r) || r >= 0.95);
                    }
                    (perm[s], perm[d], weight(&mut rng, weighted))
                })
                .collect();
            assert_eq!(kronecker(scale, degree, seed, weighted).1, drawn);
            let mut rng = Rng::new(seed);
            let drawn: Vec<EdgeTriple> = (0..300_000)
                .map(|_| (rng.below(777) as u32, rng.below(777) as u32, weight(&mut rng, weighted)))
                .collect();
            assert_eq!(uniform(777, 300_000, seed, weighted).1, drawn);
        }
    }

    /// The edge count `from_spec` checks memory for is the one generated.
    #[test]
    fn grid_edge_count_is_the_generated_one() {
        for (rows, cols) in [(1, 1), (1, 5), (4, 3), (7, 7)] {
            let (n, edges, _) = from_spec(&format!("grid:rows={rows},cols={cols}")).unwrap();
            let (r, c) = (rows as usize, cols as usize);
            assert_eq!((n as usize, edges.len()), (r * c, 2 * ((r - 1) * c + r * (c - 1))));
        }
    }
}
