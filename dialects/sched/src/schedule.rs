//! The schedule of one parallel loop: which workers run its iterations, how
//! they are distributed, and how reductions into shared scalars are done.
//!
//! A schedule is data: a dictionary attribute
//! `{mapping = "thread", dist = "dynamic", chunk = 64, reduction = "atomic"}`
//! that a user may write (partially) on a `graph.foreach` as `schedule`, that
//! `convert-graph-to-sched` completes from defaults, and that `sched.foreach`
//! carries in full.

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
}

/// How reductions into scalars declared outside the loop are done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// Every reduction is an atomic read-modify-write of the shared scalar.
    Atomic,
    /// Each thread reduces into a private copy; copies are combined atomically at the end.
    Privatize,
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
}

/// The keys a schedule dictionary may hold, with their values.
pub const KEYS: [(&str, &str); 4] = [
    ("mapping", "\"thread\", \"edge\" or \"sequential\""),
    ("dist", "\"static\" or \"dynamic\""),
    ("chunk", "a positive integer"),
    ("reduction", "\"atomic\" or \"privatize\""),
];

impl Mapping {
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            Mapping::Thread => "thread",
            Mapping::Edge => "edge",
            Mapping::Sequential => "sequential",
        }
    }
}

impl Dist {
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            Dist::Static => "static",
            Dist::Dynamic => "dynamic",
        }
    }
}

impl Reduction {
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            Reduction::Atomic => "atomic",
            Reduction::Privatize => "privatize",
        }
    }
}

impl LoopSchedule {
    /// The schedule of a loop nested in a parallel one: sequential.
    pub const SEQUENTIAL: LoopSchedule = LoopSchedule { mapping: Mapping::Sequential, dist: Dist::Static, chunk: 1, reduction: Reduction::Atomic };
    /// The default schedule of an outermost loop.
    pub const PARALLEL: LoopSchedule = LoopSchedule { mapping: Mapping::Thread, dist: Dist::Dynamic, chunk: 64, reduction: Reduction::Atomic };

    /// `self` with the entries of `dict` overriding it; errors name the bad entry.
    pub fn overridden(mut self, dict: &[NamedAttr]) -> Result<LoopSchedule, String> {
        for (k, v) in dict {
            let bad = || {
                let want = KEYS.iter().find(|(n, _)| *n == &**k).map(|(_, w)| *w).unwrap_or("");
                format!("schedule entry '{k}' must be {want}, got {v}")
            };
            match &**k {
                "mapping" => {
                    self.mapping = match v.as_str() {
                        Some("thread") => Mapping::Thread,
                        Some("edge") => Mapping::Edge,
                        Some("sequential") => Mapping::Sequential,
                        _ => return Err(bad()),
                    }
                }
                "dist" => {
                    self.dist = match v.as_str() {
                        Some("static") => Dist::Static,
                        Some("dynamic") => Dist::Dynamic,
                        _ => return Err(bad()),
                    }
                }
                "chunk" => match v.as_int() {
                    Some(c) if (1..=i128::from(u32::MAX)).contains(&c) => self.chunk = c as u32,
                    _ => return Err(bad()),
                },
                "reduction" => {
                    self.reduction = match v.as_str() {
                        Some("atomic") => Reduction::Atomic,
                        Some("privatize") => Reduction::Privatize,
                        _ => return Err(bad()),
                    }
                }
                _ => {
                    let keys: Vec<&str> = KEYS.iter().map(|(n, _)| *n).collect();
                    return Err(format!("unknown schedule entry '{k}', expected one of: {}", keys.join(", ")));
                }
            }
        }
        Ok(self)
    }

    /// Reads a complete schedule from an attribute; errors say what is missing or wrong.
    pub fn from_attr(a: &Attribute) -> Result<LoopSchedule, String> {
        let Some(dict) = a.as_dict() else { return Err(format!("schedule must be a dictionary, got {a}")) };
        for (k, _) in KEYS {
            if !dict.iter().any(|(n, _)| &**n == k) {
                return Err(format!("schedule lacks '{k}'"));
            }
        }
        LoopSchedule::SEQUENTIAL.overridden(dict)
    }

    /// The schedule as a dictionary attribute.
    pub fn to_attr(self) -> Attribute {
        Attribute::dictionary(vec![
            ("chunk".into(), Attribute::int(i128::from(self.chunk), Type::i64())),
            ("dist".into(), Attribute::string(self.dist.keyword())),
            ("mapping".into(), Attribute::string(self.mapping.keyword())),
            ("reduction".into(), Attribute::string(self.reduction.keyword())),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects() {
        let s = LoopSchedule { mapping: Mapping::Edge, dist: Dist::Static, chunk: 7, reduction: Reduction::Privatize };
        assert_eq!(LoopSchedule::from_attr(&s.to_attr()), Ok(s));
        let bad = vec![("chunk".into(), Attribute::int(0, Type::i64()))];
        assert!(LoopSchedule::PARALLEL.overridden(&bad).unwrap_err().contains("positive"));
        let unknown = vec![("tile".into(), Attribute::Unit)];
        assert!(LoopSchedule::PARALLEL.overridden(&unknown).unwrap_err().contains("unknown schedule entry 'tile'"));
        let partial = Attribute::dictionary(vec![("chunk".into(), Attribute::int(3, Type::i64()))]);
        assert!(LoopSchedule::from_attr(&partial).unwrap_err().contains("lacks"));
    }
}
