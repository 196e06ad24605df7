//! The schedule of one parallel loop: which workers run its iterations, how
//! they are distributed, in which direction edges are traversed, how a
//! worklist's items are found and pushed, and how reductions into shared
//! scalars are done.
//!
//! A schedule is data: a dictionary attribute
//! `{chunk = 1024, direction = "push", dist = "dynamic", frontier = "sparse",
//! mapping = "thread", pushes = "buffered", reduction = "atomic"}` (with
//! `alpha` and `beta` when the direction is `hybrid`, `intersect` when
//! given: the method of the `graph.count_common` in the loop, and `fusion`
//! when not 0: bucket fusion of an ordered worklist's rounds; `split`,
//! `warp`, `block` and `segments` when not 0, `order` when not `"id"`)
//! that a user may write (partially) on a `graph.foreach` as `schedule`,
//! that `convert-graph-to-sched` completes from defaults, and that
//! `sched.foreach` carries in full.

use strata_graph_dialect::view::Intersect;
use strata_ir::attributes::NamedAttr;
use strata_ir::types::Type;
use strata_ir::Attribute;

/// How the iterations of a loop map to workers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mapping {
    /// Each iteration runs on one thread of the team (vertex-parallel for node loops).
    Thread,
    /// The loop and its one nested out-neighbour loop become one loop over
    /// edges, each edge on one thread (edge-parallel).
    Edge,
    /// Each iteration runs on a subgroup (a GPU warp; a CPU thread is a
    /// subgroup of one): its lanes stride over the body's neighbour loop
    /// and combine its sums, one lane runs what follows.
    Warp,
    /// Each iteration runs on a block (a GPU block of 256 threads; a CPU
    /// thread is a block of one), as on a subgroup under `Warp`.
    Block,
    /// Every iteration's neighbour loop is shared by the team edge by
    /// edge: the round lists its iterations, and after it each thread
    /// walks an equal share of the listed nodes' edges (Merrill's and
    /// GraphIt's edge-balanced load balancing).
    EdgeBalanced,
    /// The iterations run in order on the worker running the enclosing code.
    Sequential,
}

/// How iterations are handed out to the team's threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dist {
    /// Contiguous blocks of `chunk` iterations, assigned round-robin up front.
    Static,
    /// Blocks of `chunk` iterations taken by whichever thread is free.
    Dynamic,
    /// Blocks taken by whichever thread is free, each a share of the
    /// iterations left, never fewer than `chunk` (on the GPU's grid-stride
    /// loops, as `dynamic`).
    Guided,
}

/// How reductions into scalars declared outside the loop are done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// Every reduction is an atomic read-modify-write of the shared scalar.
    Atomic,
    /// Each thread reduces into a private copy; copies are combined atomically at the end.
    Privatize,
}

/// Which end of its edges a node loop with a nested out-neighbour loop runs over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// As written: each outer node visits its out-edges and updates their targets.
    Push,
    /// Interchanged: each target node visits its in-edges and gathers from
    /// their sources; updates of the target are then made by one thread.
    Pull,
    /// Chosen per round of a worklist loop: pulled over a bitmap of the
    /// round's items when they are more than the graph's nodes divided by
    /// `beta` and they and their out-edges more than its edges divided by
    /// `alpha`, pushed otherwise.
    Hybrid,
}

/// How a loop over a worklist's items finds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frontier {
    /// The list of the round's items.
    Sparse,
    /// A membership flag per node (or edge), set from the list; the loop
    /// scans all nodes in order and skips those without it.
    Bitmap,
}

/// How pushes to worklists from a parallel loop reach the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pushes {
    /// Gathered per thread and sent on in blocks (one atomic add a block).
    Buffered,
    /// One atomic add per push.
    Direct,
    /// Cooperative conversion per subgroup: gathered per thread and
    /// aggregated by each subgroup at the nearest point its threads pass
    /// through together (`par-cooperative-pushes`).
    Subgroup,
    /// The same per block.
    Block,
}

/// In which order a loop over all nodes hands its nodes to the team.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// By node number.
    Id,
    /// From the fewest neighbours to the most (the degree of the body's
    /// neighbour loop: in- or out-), so that the threads that run side by
    /// side (a GPU warp's lanes) walk lists of about the same length.
    Degree,
}

/// A complete loop schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopSchedule {
    /// Iteration-to-worker mapping.
    pub mapping: Mapping,
    /// Distribution over threads (for `thread` and `edge` mappings).
    pub dist: Dist,
    /// Iterations per block handed out at once.
    pub chunk: u32,
    /// Strategy for scalar reductions.
    pub reduction: Reduction,
    /// Traversal direction of the loop's edges.
    pub direction: Direction,
    /// How a worklist loop finds its items.
    pub frontier: Frontier,
    /// How pushes to worklists are made.
    pub pushes: Pushes,
    /// Under `hybrid`: a round is pulled when its items plus their
    /// out-edges exceed the graph's edges divided by this.
    pub alpha: u32,
    /// Under `hybrid`: a round of fewer items than the graph's nodes
    /// divided by this is pushed (its out-edges are not even counted).
    pub beta: u32,
    /// How the `graph.count_common` operations in the loop's body that
    /// name no method intersect their lists (none: their own default).
    pub intersect: Option<Intersect>,
    /// Over an ordered worklist: each thread runs the items it pushed into
    /// the round's bucket in the same round while they are fewer than this
    /// (bucket fusion, [`crate::fusion`]); 0: never.
    pub fusion: u32,
    /// Over nodes or a worklist's items, with one neighbour loop: a node of
    /// at least this many neighbours has its neighbour loop shared by the
    /// whole team after the round's other nodes, instead of walked by the
    /// thread that took it ([`crate::legality::splittable`]); 0: never.
    pub split: u32,
    /// With the same shape: a node of at least this many neighbours (and
    /// fewer than `block`, or `split`) is walked by a subgroup (a GPU warp)
    /// after the round's other nodes, its lanes striding over the list
    /// (thread, warp, block and grid by degree: TWC); 0: never.
    pub warp: u32,
    /// The same for blocks: a node of at least this many neighbours (and
    /// fewer than `split`) is walked by a block after the round; 0: never.
    pub block: u32,
    /// Over all nodes, with one neighbour loop of the iteration's node:
    /// the neighbour loops run in this many passes, each over the
    /// neighbours in one range of the nodes (a segment), from a copy of
    /// the lists made per segment, so that what a pass reads of its
    /// neighbours' data stays in the cache (GraphIt's segmenting,
    /// [`crate::legality::segmentable`]); 0: one pass over the lists.
    pub segments: u32,
    /// Over all nodes, with a neighbour loop of the iteration's node: the
    /// order in which the team takes the nodes ([`crate::legality::orderable`]).
    pub order: Order,
}

/// The keys a schedule dictionary may hold, with their values.
pub const KEYS: [(&str, &str); 16] = [
    ("mapping", "\"thread\", \"edge\", \"warp\", \"block\", \"edge-balanced\" or \"sequential\""),
    ("dist", "\"static\", \"dynamic\" or \"guided\""),
    ("chunk", "an integer from 1 to 4294967295"),
    ("reduction", "\"atomic\" or \"privatize\""),
    ("direction", "\"push\", \"pull\" or \"hybrid\""),
    ("frontier", "\"sparse\" or \"bitmap\""),
    ("pushes", "\"buffered\", \"direct\", \"subgroup\" or \"block\""),
    ("alpha", "an integer from 1 to 4294967295"),
    ("beta", "an integer from 1 to 4294967295"),
    ("intersect", "\"merge\", \"gallop\", \"auto\" or \"bitmap\""),
    ("fusion", "an integer from 0 to 4294967295"),
    ("split", "an integer from 0 to 4294967295"),
    ("warp", "an integer from 0 to 4294967295"),
    ("block", "an integer from 0 to 4294967295"),
    ("segments", "an integer from 0 to 64"),
    ("order", "\"id\" or \"degree\""),
];

/// Why `got` is no value of the schedule entry `key`: what the entry takes.
pub fn entry_error(key: &str, got: impl std::fmt::Display) -> String {
    let want = KEYS.iter().find(|(n, _)| *n == key).map(|(_, w)| *w).unwrap_or("");
    format!("schedule entry '{key}' must be {want}, got {got}")
}

/// The keys a complete schedule holds whatever its direction (`alpha` only
/// and `beta` only come with `hybrid`).
const REQUIRED: [&str; 7] = ["mapping", "dist", "chunk", "reduction", "direction", "frontier", "pushes"];

/// A schedule entry whose values are keywords.
pub trait Keyword: Copy + PartialEq + Sized + 'static {
    /// Every value with its keyword.
    const VALUES: &'static [(Self, &'static str)];

    /// The keyword.
    fn keyword(self) -> &'static str {
        Self::VALUES.iter().find(|(v, _)| *v == self).map(|(_, k)| *k).expect("every value has a keyword")
    }

    /// The value named by `attr`, a string attribute holding a keyword.
    fn from_attr(attr: &Attribute) -> Option<Self> {
        let k = attr.as_str()?;
        Self::VALUES.iter().find(|(_, n)| *n == k).map(|(v, _)| *v)
    }
}

impl Keyword for Mapping {
    const VALUES: &'static [(Mapping, &'static str)] = &[
        (Mapping::Thread, "thread"),
        (Mapping::Edge, "edge"),
        (Mapping::Warp, "warp"),
        (Mapping::Block, "block"),
        (Mapping::EdgeBalanced, "edge-balanced"),
        (Mapping::Sequential, "sequential"),
    ];
}

impl Keyword for Dist {
    const VALUES: &'static [(Dist, &'static str)] =
        &[(Dist::Static, "static"), (Dist::Dynamic, "dynamic"), (Dist::Guided, "guided")];
}

impl Keyword for Reduction {
    const VALUES: &'static [(Reduction, &'static str)] =
        &[(Reduction::Atomic, "atomic"), (Reduction::Privatize, "privatize")];
}

impl Keyword for Direction {
    const VALUES: &'static [(Direction, &'static str)] =
        &[(Direction::Push, "push"), (Direction::Pull, "pull"), (Direction::Hybrid, "hybrid")];
}

impl Keyword for Frontier {
    const VALUES: &'static [(Frontier, &'static str)] = &[(Frontier::Sparse, "sparse"), (Frontier::Bitmap, "bitmap")];
}

impl Keyword for Pushes {
    const VALUES: &'static [(Pushes, &'static str)] = &[
        (Pushes::Buffered, "buffered"),
        (Pushes::Direct, "direct"),
        (Pushes::Subgroup, "subgroup"),
        (Pushes::Block, "block"),
    ];
}

impl Keyword for Order {
    const VALUES: &'static [(Order, &'static str)] = &[(Order::Id, "id"), (Order::Degree, "degree")];
}

impl LoopSchedule {
    /// The schedule of a loop nested in a parallel one: sequential.
    pub const SEQUENTIAL: LoopSchedule = LoopSchedule {
        mapping: Mapping::Sequential,
        dist: Dist::Static,
        chunk: 1,
        reduction: Reduction::Atomic,
        direction: Direction::Push,
        frontier: Frontier::Sparse,
        pushes: Pushes::Buffered,
        alpha: LoopSchedule::DEFAULT_ALPHA,
        beta: LoopSchedule::DEFAULT_BETA,
        intersect: None,
        fusion: 0,
        split: 0,
        warp: 0,
        block: 0,
        segments: 0,
        order: Order::Id,
    };
    /// The default schedule of an outermost loop. Guided blocks of at
    /// least 1,024 iterations keep each thread's accesses to the
    /// node-indexed arrays long and contiguous (smaller blocks, dealt out
    /// in turn, interleave the threads' streams) and take few grabs; see
    /// [`LoopSchedule::SPARSE_WORKLIST_CHUNK`].
    pub const PARALLEL: LoopSchedule =
        LoopSchedule { mapping: Mapping::Thread, dist: Dist::Guided, chunk: 1024, ..LoopSchedule::SEQUENTIAL };
    /// The default chunk of a loop over a sparse worklist's items: rounds
    /// are often only a few thousand items, which large blocks would leave
    /// to one thread.
    pub const SPARSE_WORKLIST_CHUNK: u32 = 64;
    /// The default `alpha` of `hybrid`: a round is pulled when its items
    /// and their out-edges are more than a twentieth of the edges.
    pub const DEFAULT_ALPHA: u32 = 20;
    /// The default `beta` of `hybrid`: a round of fewer items than a
    /// 144th of the nodes is pushed without counting its out-edges. Low
    /// enough that the edge test (Beamer's) decides the rounds that
    /// matter: at 18 a Kronecker graph's second round from a node of few
    /// edges, fewer items than that but many out-edges, was pushed, 2 to 3
    /// times slower than pulled.
    pub const DEFAULT_BETA: u32 = 144;
    /// The default `fusion` of a loop over an ordered worklist that may
    /// fuse its rounds: GAPBS's threshold.
    pub const DEFAULT_FUSION: u32 = 1000;

    /// The most `segments` a loop takes: each segment is a pass of its own
    /// in the lowered code, and past a few dozen the passes' copies of the
    /// lists (16 bytes a node and segment) outweigh any cache they save.
    pub const MAX_SEGMENTS: u32 = 64;

    /// `self` with the entries of `dict` overriding it; errors name the bad entry.
    pub fn overridden(self, dict: &[NamedAttr]) -> Result<LoopSchedule, String> {
        Ok(ScheduleEntries::from_dict(dict)?.applied_to(self))
    }

    /// Reads a complete schedule from an attribute; errors say what is missing or wrong.
    pub fn from_attr(a: &Attribute) -> Result<LoopSchedule, String> {
        let Some(dict) = a.as_dict() else { return Err(format!("schedule must be a dictionary, got {a}")) };
        for k in REQUIRED {
            if !dict.iter().any(|(n, _)| &**n == k) {
                return Err(format!("schedule lacks '{k}'"));
            }
        }
        LoopSchedule::SEQUENTIAL.overridden(dict)
    }

    /// The schedule as a dictionary attribute.
    pub fn to_attr(self) -> Attribute {
        let hybrid = match self.direction {
            Direction::Hybrid => vec![
                ("alpha".into(), Attribute::int(i128::from(self.alpha), Type::i64())),
                ("beta".into(), Attribute::int(i128::from(self.beta), Type::i64())),
            ],
            _ => Vec::new(),
        };
        let intersect = self.intersect.map(|i| ("intersect".into(), Attribute::string(i.name())));
        let fusion = (self.fusion > 0).then(|| ("fusion".into(), Attribute::int(i128::from(self.fusion), Type::i64())));
        let split = (self.split > 0).then(|| ("split".into(), Attribute::int(i128::from(self.split), Type::i64())));
        let warp = (self.warp > 0).then(|| ("warp".into(), Attribute::int(i128::from(self.warp), Type::i64())));
        let block = (self.block > 0).then(|| ("block".into(), Attribute::int(i128::from(self.block), Type::i64())));
        let segments =
            (self.segments > 0).then(|| ("segments".into(), Attribute::int(i128::from(self.segments), Type::i64())));
        let order = (self.order != Order::Id).then(|| ("order".into(), Attribute::string(self.order.keyword())));
        Attribute::dictionary(
            hybrid
                .into_iter()
                .chain(intersect)
                .chain(fusion)
                .chain(split)
                .chain(warp)
                .chain(block)
                .chain(segments)
                .chain(order)
                .chain([
                    ("chunk".into(), Attribute::int(i128::from(self.chunk), Type::i64())),
                    ("direction".into(), Attribute::string(self.direction.keyword())),
                    ("dist".into(), Attribute::string(self.dist.keyword())),
                    ("frontier".into(), Attribute::string(self.frontier.keyword())),
                    ("mapping".into(), Attribute::string(self.mapping.keyword())),
                    ("pushes".into(), Attribute::string(self.pushes.keyword())),
                    ("reduction".into(), Attribute::string(self.reduction.keyword())),
                ])
                .collect(),
        )
    }
}

/// Schedule entries as given for loops (by `--schedule`, a schedule file,
/// the pass's options or a loop's dictionary), each `None` where not given:
/// what `convert-graph-to-sched` takes. [`ScheduleEntries::from_dict`] reads
/// them from attributes and [`ScheduleEntries::set`] from text, the one
/// place either is checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScheduleEntries {
    /// [`LoopSchedule::mapping`].
    pub mapping: Option<Mapping>,
    /// [`LoopSchedule::dist`].
    pub dist: Option<Dist>,
    /// [`LoopSchedule::chunk`].
    pub chunk: Option<u32>,
    /// [`LoopSchedule::reduction`].
    pub reduction: Option<Reduction>,
    /// [`LoopSchedule::direction`].
    pub direction: Option<Direction>,
    /// [`LoopSchedule::frontier`].
    pub frontier: Option<Frontier>,
    /// [`LoopSchedule::pushes`].
    pub pushes: Option<Pushes>,
    /// [`LoopSchedule::alpha`].
    pub alpha: Option<u32>,
    /// [`LoopSchedule::beta`].
    pub beta: Option<u32>,
    /// [`LoopSchedule::intersect`].
    pub intersect: Option<Intersect>,
    /// [`LoopSchedule::fusion`].
    pub fusion: Option<u32>,
    /// [`LoopSchedule::split`].
    pub split: Option<u32>,
    /// [`LoopSchedule::warp`].
    pub warp: Option<u32>,
    /// [`LoopSchedule::block`].
    pub block: Option<u32>,
    /// [`LoopSchedule::segments`].
    pub segments: Option<u32>,
    /// [`LoopSchedule::order`].
    pub order: Option<Order>,
}

impl ScheduleEntries {
    /// The entries of a schedule dictionary; errors name the bad entry.
    pub fn from_dict(dict: &[NamedAttr]) -> Result<ScheduleEntries, String> {
        let mut e = ScheduleEntries::default();
        for (k, v) in dict {
            let bad = || match v.as_int() {
                Some(n) => entry_error(k, n),
                None => entry_error(k, v),
            };
            match &**k {
                "mapping" => e.mapping = Some(Keyword::from_attr(v).ok_or_else(bad)?),
                "dist" => e.dist = Some(Keyword::from_attr(v).ok_or_else(bad)?),
                "chunk" => e.chunk = Some(positive(v).ok_or_else(bad)?),
                "alpha" => e.alpha = Some(positive(v).ok_or_else(bad)?),
                "beta" => e.beta = Some(positive(v).ok_or_else(bad)?),
                "fusion" => e.fusion = Some(non_negative(v).ok_or_else(bad)?),
                "split" => e.split = Some(non_negative(v).ok_or_else(bad)?),
                "warp" => e.warp = Some(non_negative(v).ok_or_else(bad)?),
                "block" => e.block = Some(non_negative(v).ok_or_else(bad)?),
                "segments" => {
                    let n = non_negative(v).filter(|n| *n <= LoopSchedule::MAX_SEGMENTS);
                    e.segments = Some(n.ok_or_else(bad)?);
                }
                "reduction" => e.reduction = Some(Keyword::from_attr(v).ok_or_else(bad)?),
                "direction" => e.direction = Some(Keyword::from_attr(v).ok_or_else(bad)?),
                "frontier" => e.frontier = Some(Keyword::from_attr(v).ok_or_else(bad)?),
                "pushes" => e.pushes = Some(Keyword::from_attr(v).ok_or_else(bad)?),
                "order" => e.order = Some(Keyword::from_attr(v).ok_or_else(bad)?),
                "intersect" => e.intersect = Some(v.as_str().and_then(Intersect::from_name).ok_or_else(bad)?),
                _ => return Err(unknown_entry(k)),
            }
        }
        Ok(e)
    }

    /// Sets the entry `key` from its text (`key=text` as `--schedule`, a
    /// schedule file or a pass option writes it); errors name the entry.
    pub fn set(&mut self, key: &str, text: &str) -> Result<(), String> {
        let Some((_, want)) = KEYS.iter().find(|(n, _)| *n == key) else { return Err(unknown_entry(key)) };
        // Numbers are read as written, before an attribute could wrap them.
        let value = if want.starts_with("an integer") {
            let n: u64 = text.parse().map_err(|_| entry_error(key, format!("'{text}'")))?;
            Attribute::int(i128::from(u32::try_from(n).map_err(|_| entry_error(key, n))?), Type::i64())
        } else {
            Attribute::string(text)
        };
        let given = ScheduleEntries::from_dict(&[(key.into(), value)])?;
        self.merge(&given);
        Ok(())
    }

    /// `self` with the entries `other` gives overriding it.
    pub fn merge(&mut self, other: &ScheduleEntries) {
        macro_rules! over {
            ($($f:ident),*) => { $(if other.$f.is_some() { self.$f = other.$f; })* };
        }
        over!(
            mapping, dist, chunk, reduction, direction, frontier, pushes, alpha, beta, intersect, fusion, split, warp,
            block, segments, order
        );
    }

    /// `base` with the given entries overriding it.
    pub fn applied_to(&self, mut base: LoopSchedule) -> LoopSchedule {
        macro_rules! over {
            ($($f:ident),*) => { $(if let Some(v) = self.$f { base.$f = v; })* };
        }
        over!(
            mapping, dist, chunk, reduction, direction, frontier, pushes, alpha, beta, fusion, split, warp, block,
            segments, order
        );
        if self.intersect.is_some() {
            base.intersect = self.intersect;
        }
        base
    }

    /// The given entries as a schedule dictionary holds them, in the order
    /// of [`KEYS`].
    pub fn to_dict(&self) -> Vec<NamedAttr> {
        let int = |n: Option<u32>| n.map(|n| Attribute::int(i128::from(n), Type::i64()));
        let word = |w: Option<&'static str>| w.map(Attribute::string);
        let values = [
            word(self.mapping.map(Keyword::keyword)),
            word(self.dist.map(Keyword::keyword)),
            int(self.chunk),
            word(self.reduction.map(Keyword::keyword)),
            word(self.direction.map(Keyword::keyword)),
            word(self.frontier.map(Keyword::keyword)),
            word(self.pushes.map(Keyword::keyword)),
            int(self.alpha),
            int(self.beta),
            word(self.intersect.map(Intersect::name)),
            int(self.fusion),
            int(self.split),
            int(self.warp),
            int(self.block),
            int(self.segments),
            word(self.order.map(Keyword::keyword)),
        ];
        KEYS.iter().zip(values).filter_map(|((k, _), v)| Some(((*k).into(), v?))).collect()
    }
}

/// Why `key` is no schedule entry.
fn unknown_entry(key: &str) -> String {
    let keys: Vec<&str> = KEYS.iter().map(|(n, _)| *n).collect();
    let guess = strata_ir::suggest::did_you_mean(key, keys.iter().copied());
    format!("unknown schedule entry '{key}', expected one of: {}{guess}", keys.join(", "))
}

/// A positive integer that fits a `u32`.
fn positive(v: &Attribute) -> Option<u32> {
    non_negative(v).filter(|c| *c > 0)
}

/// A non-negative integer that fits a `u32`.
fn non_negative(v: &Attribute) -> Option<u32> {
    v.as_int().filter(|c| (0..=i128::from(u32::MAX)).contains(c)).map(|c| c as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_from_text_and_dictionaries_alike() {
        let mut e = ScheduleEntries::default();
        e.set("chunk", "64").unwrap();
        e.set("direction", "pull").unwrap();
        e.set("intersect", "gallop").unwrap();
        e.set("chunk", "8").unwrap();
        assert_eq!(e.chunk, Some(8));
        assert_eq!(ScheduleEntries::from_dict(&e.to_dict()), Ok(e.clone()));
        let keys: Vec<String> = e.to_dict().iter().map(|(k, _)| k.to_string()).collect();
        assert_eq!(keys, ["chunk", "direction", "intersect"], "in the order of KEYS");
        let s = e.applied_to(LoopSchedule::PARALLEL);
        assert_eq!((s.chunk, s.direction, s.intersect), (8, Direction::Pull, Some(Intersect::Gallop)));
        assert_eq!(s.dist, LoopSchedule::PARALLEL.dist, "an entry not given keeps the base's");
        for (key, text, message) in [
            ("chunk", "0", "schedule entry 'chunk' must be an integer from 1 to 4294967295, got 0"),
            ("chunk", "x", "schedule entry 'chunk' must be an integer from 1 to 4294967295, got 'x'"),
            ("split", "4294967296", "schedule entry 'split' must be an integer from 0 to 4294967295, got 4294967296"),
            ("segments", "65", "schedule entry 'segments' must be an integer from 0 to 64, got 65"),
            ("order", "random", "schedule entry 'order' must be \"id\" or \"degree\", got \"random\""),
        ] {
            assert_eq!(ScheduleEntries::default().set(key, text), Err(message.to_string()));
        }
        assert!(ScheduleEntries::default().set("tile", "4").unwrap_err().starts_with("unknown schedule entry 'tile'"));
        let mut base = ScheduleEntries { split: Some(4096), warp: Some(64), ..ScheduleEntries::default() };
        base.merge(&ScheduleEntries { split: Some(0), ..ScheduleEntries::default() });
        assert_eq!((base.split, base.warp), (Some(0), Some(64)));
    }

    #[test]
    fn round_trips_and_rejects() {
        let s = LoopSchedule {
            mapping: Mapping::Edge,
            dist: Dist::Static,
            chunk: 7,
            reduction: Reduction::Privatize,
            direction: Direction::Pull,
            frontier: Frontier::Bitmap,
            pushes: Pushes::Direct,
            alpha: LoopSchedule::DEFAULT_ALPHA,
            beta: LoopSchedule::DEFAULT_BETA,
            intersect: None,
            fusion: 0,
            split: 0,
            warp: 0,
            block: 0,
            segments: 0,
            order: Order::Id,
        };
        assert_eq!(LoopSchedule::from_attr(&s.to_attr()), Ok(s));
        let o = LoopSchedule { order: Order::Degree, ..s };
        assert_eq!(LoopSchedule::from_attr(&o.to_attr()), Ok(o));
        let bad = vec![("order".into(), Attribute::string("random"))];
        assert!(LoopSchedule::PARALLEL.overridden(&bad).unwrap_err().contains("\"id\" or \"degree\""));
        let g = LoopSchedule { segments: 4, ..s };
        assert_eq!(LoopSchedule::from_attr(&g.to_attr()), Ok(g));
        let h = LoopSchedule { split: 4096, warp: 64, block: 512, ..s };
        assert_eq!(LoopSchedule::from_attr(&h.to_attr()), Ok(h));
        let f = LoopSchedule { fusion: 1000, ..s };
        assert_eq!(LoopSchedule::from_attr(&f.to_attr()), Ok(f));
        let bad = vec![("fusion".into(), Attribute::int(-1, Type::i64()))];
        assert_eq!(
            LoopSchedule::PARALLEL.overridden(&bad).unwrap_err(),
            "schedule entry 'fusion' must be an integer from 0 to 4294967295, got -1"
        );
        let i = LoopSchedule { intersect: Some(Intersect::Gallop), ..s };
        assert_eq!(LoopSchedule::from_attr(&i.to_attr()), Ok(i));
        let bad = vec![("intersect".into(), Attribute::string("hash"))];
        assert!(LoopSchedule::PARALLEL
            .overridden(&bad)
            .unwrap_err()
            .contains("\"merge\", \"gallop\", \"auto\" or \"bitmap\""));
        let h = LoopSchedule { direction: Direction::Hybrid, alpha: 9, beta: 3, ..s };
        assert_eq!(LoopSchedule::from_attr(&h.to_attr()), Ok(h));
        let bad = vec![("chunk".into(), Attribute::int(0, Type::i64()))];
        assert_eq!(
            LoopSchedule::PARALLEL.overridden(&bad).unwrap_err(),
            "schedule entry 'chunk' must be an integer from 1 to 4294967295, got 0"
        );
        let unknown = vec![("tile".into(), Attribute::Unit)];
        assert!(LoopSchedule::PARALLEL.overridden(&unknown).unwrap_err().contains("unknown schedule entry 'tile'"));
        let partial = Attribute::dictionary(vec![("chunk".into(), Attribute::int(3, Type::i64()))]);
        assert!(LoopSchedule::from_attr(&partial).unwrap_err().contains("lacks"));
    }
}
