//! Run-time values of the interpreter.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::rc::Rc;

use strata_graph::Graph;

/// A value: an integer of any width up to 128 bits (kept sign-extended), a
/// float (kept in `f64`, rounded to the type's precision), or a reference to
/// a graph object. Nodes and edges are integers.
#[derive(Clone, Debug)]
pub enum Val {
    /// Integers, indices, booleans (`true` is -1 as an `i1`), nodes and edges.
    Int(i128),
    /// Floats.
    Float(f64),
    /// A graph.
    Graph(Rc<Graph>),
    /// A node or edge property, or a scalar (one element).
    Prop(Rc<RefCell<Vec<Val>>>),
    /// A worklist.
    Worklist(Rc<RefCell<Worklist>>),
    /// A union-find set: parent of each node.
    UnionFind(Rc<RefCell<Vec<u32>>>),
    /// A function (`func.constant`): its `func.func`.
    Func(strata_ir::OpId),
    /// Not yet defined.
    Undef,
}

impl Val {
    /// The integer, or 0.
    pub fn int(&self) -> i128 {
        match self {
            Val::Int(v) => *v,
            _ => 0,
        }
    }
    /// The float, or 0.
    pub fn float(&self) -> f64 {
        match self {
            Val::Float(v) => *v,
            _ => 0.0,
        }
    }
}

/// A reserved place of a queue's next round not yet written.
const UNWRITTEN: i128 = i128::MIN;

/// Why a worklist or queue operation stops the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueueError {
    /// A node pushed to an ordered worklist is not one of its keys'.
    NotAKey(i128),
    /// An item of a unique queue is not below its capacity.
    OutOfRange(i128),
    /// A node pushed to an ordered worklist has a negative key.
    NegativeKey {
        /// The node.
        item: i128,
        /// Its key.
        key: i128,
    },
    /// A claim, reservation or put on an ordered queue.
    Ordered,
    /// A reservation of a negative number of places.
    BadCount(i128),
    /// A put marked unclaimed of an item put already this round.
    PutTwice(i128),
    /// A put into a unique queue of an item no claim took.
    PutWithoutClaim(i128),
    /// A put into a place written already.
    PlaceWritten(i128),
    /// A put into a place not reserved.
    PlaceNotReserved(i128),
    /// A reserved place left unwritten when the round ends.
    NeverWritten(usize),
    /// The next round's items do not fit in memory.
    OutOfMemory(usize),
}

impl std::fmt::Display for QueueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QueueError::NotAKey(item) => write!(f, "node {item} is out of range for this ordered worklist"),
            QueueError::OutOfRange(item) => write!(f, "item {item} is out of range for this unique queue"),
            QueueError::NegativeKey { item, key } => {
                write!(f, "node {item} has a negative key ({key}): an ordered worklist needs keys of at least 0")
            }
            QueueError::Ordered => {
                f.write_str("an ordered queue places its items itself: it has no claims, reservations or puts")
            }
            QueueError::BadCount(count) => write!(f, "cannot reserve {count} places"),
            QueueError::PutTwice(item) => {
                write!(f, "item {item} put twice in a round by a put marked to put each item once a round")
            }
            QueueError::PutWithoutClaim(item) => write!(f, "item {item} put into a unique queue without a claim"),
            QueueError::PlaceWritten(at) => write!(f, "place {at} of the next round is written already"),
            QueueError::PlaceNotReserved(at) => write!(f, "place {at} of the next round was not reserved"),
            QueueError::NeverWritten(at) => write!(f, "place {at} of the round was reserved but never written"),
            QueueError::OutOfMemory(n) => {
                write!(f, "out of memory: the interpreter cannot hold the next round's {n} items")
            }
        }
    }
}

/// Makes room for `more` items after those of `v` (growing as `push` does,
/// or by `more` alone where doubling does not fit), or says that memory
/// cannot hold them (instead of aborting the process).
fn grow<T>(v: &mut Vec<T>, more: usize) -> Result<(), QueueError> {
    v.try_reserve(more)
        .or_else(|_| v.try_reserve_exact(more))
        .map_err(|_| QueueError::OutOfMemory(v.len().saturating_add(more)))
}

/// A bulk-synchronous worklist.
#[derive(Debug, Default)]
pub struct Worklist {
    /// Items of the current round.
    pub current: Rc<Vec<i128>>,
    /// Items pushed for the next round.
    pub next: Vec<i128>,
    /// For unique worklists: the round in which each node or edge was last pushed, plus one.
    pub pushed_in: Option<Vec<u64>>,
    /// The current round number.
    pub round: u64,
    /// For ordered worklists: the buckets that hold the nodes.
    pub order: Option<Order>,
}

/// The buckets of an ordered worklist. A node pushed in a round is placed
/// when the round ends, in the bucket `key[node] / delta` of its key then,
/// or stays where it is held if that is lower.
#[derive(Debug)]
pub struct Order {
    /// The key property.
    pub key: Rc<RefCell<Vec<Val>>>,
    /// The width of a bucket (positive).
    pub delta: i128,
    /// The nodes pushed this round, in order.
    pub pushed: Vec<i128>,
    /// The held nodes, by bucket.
    pub buckets: BTreeMap<i128, BTreeSet<i128>>,
    /// Each held node's bucket.
    pub bucket_of: HashMap<i128, i128>,
    /// The last round's bucket (none before the first round).
    pub current: Option<i128>,
}

impl Order {
    /// The buckets of a new, empty ordered worklist.
    pub fn new(key: Rc<RefCell<Vec<Val>>>, delta: i128) -> Order {
        Order { key, delta, pushed: Vec::new(), buckets: BTreeMap::new(), bucket_of: HashMap::new(), current: None }
    }

    /// Records a push of `item` (placed when the round ends).
    fn push(&mut self, item: i128) -> Result<(), QueueError> {
        if item < 0 || item as usize >= self.key.borrow().len() {
            return Err(QueueError::NotAKey(item));
        }
        grow(&mut self.pushed, 1)?;
        self.pushed.push(item);
        Ok(())
    }

    /// Places the pushed nodes by their keys; an error for a negative key.
    fn place(&mut self) -> Result<(), QueueError> {
        for item in std::mem::take(&mut self.pushed) {
            let key = self.key.borrow()[item as usize].int();
            if key < 0 {
                return Err(QueueError::NegativeKey { item, key });
            }
            let bucket = key / self.delta;
            match self.bucket_of.get(&item) {
                Some(&old) if old <= bucket => continue,
                Some(&old) => {
                    self.buckets.get_mut(&old).map(|b| b.remove(&item));
                }
                None => {}
            }
            self.bucket_of.insert(item, bucket);
            self.buckets.entry(bucket).or_default().insert(item);
        }
        Ok(())
    }

    /// Places the pushed nodes, then takes out the next round's: those of
    /// the lowest bucket, or of any bucket up to the last round's.
    fn take(&mut self) -> Result<Vec<i128>, QueueError> {
        self.place()?;
        self.buckets.retain(|_, b| !b.is_empty());
        let Some(&low) = self.buckets.keys().next() else {
            return Ok(Vec::new());
        };
        let current = self.current.map_or(low, |c| c.max(low));
        self.current = Some(current);
        let rest = self.buckets.split_off(&(current + 1));
        let taken = std::mem::replace(&mut self.buckets, rest);
        let mut items: Vec<i128> = taken.into_values().flatten().collect();
        items.sort_unstable();
        items.iter().for_each(|i| {
            self.bucket_of.remove(i);
        });
        Ok(items)
    }
}

impl Worklist {
    /// Adds an item to the next round (dropping repeats in a unique
    /// worklist; an ordered one places it when the round ends).
    pub fn push(&mut self, item: i128) -> Result<(), QueueError> {
        if let Some(order) = &mut self.order {
            return order.push(item);
        }
        if let Some(seen) = &mut self.pushed_in {
            let slot = &mut seen[item as usize];
            if *slot == self.round + 1 {
                return Ok(());
            }
            *slot = self.round + 1;
        }
        grow(&mut self.next, 1)?;
        self.next.push(item);
        Ok(())
    }
    /// An error for an ordered queue, which places its items itself.
    fn plain(&self) -> Result<(), QueueError> {
        match self.order {
            Some(_) => Err(QueueError::Ordered),
            None => Ok(()),
        }
    }
    /// Whether the item may be added to the next round: always for a plain
    /// queue; for a unique one, if no claim took it this round before (the
    /// claim takes it). An ordered queue places its items itself.
    pub fn claim(&mut self, item: i128) -> Result<bool, QueueError> {
        self.plain()?;
        let Some(seen) = &mut self.pushed_in else { return Ok(true) };
        let Some(slot) = usize::try_from(item).ok().and_then(|i| seen.get_mut(i)) else {
            return Err(QueueError::OutOfRange(item));
        };
        let fresh = *slot != self.round + 1;
        *slot = self.round + 1;
        Ok(fresh)
    }
    /// Reserves `count` places in the next round, not yet written; returns
    /// the first.
    pub fn reserve(&mut self, count: i128) -> Result<i128, QueueError> {
        self.plain()?;
        let n = usize::try_from(count).map_err(|_| QueueError::BadCount(count))?;
        let first = self.next.len();
        grow(&mut self.next, n)?;
        self.next.resize(first + n, UNWRITTEN);
        Ok(first as i128)
    }
    /// Writes `item` into the reserved place `at`; `unclaimed`: no claim
    /// took it (a unique queue then takes it here, and it must be its
    /// first this round).
    pub fn put(&mut self, item: i128, at: i128, unclaimed: bool) -> Result<(), QueueError> {
        self.plain()?;
        if let Some(seen) = &mut self.pushed_in {
            let Some(slot) = usize::try_from(item).ok().and_then(|i| seen.get_mut(i)) else {
                return Err(QueueError::OutOfRange(item));
            };
            match (unclaimed, *slot == self.round + 1) {
                (true, true) => return Err(QueueError::PutTwice(item)),
                (false, false) => return Err(QueueError::PutWithoutClaim(item)),
                _ => *slot = self.round + 1,
            }
        }
        match usize::try_from(at).ok().and_then(|i| self.next.get_mut(i)) {
            Some(place) if *place == UNWRITTEN => *place = item,
            Some(_) => return Err(QueueError::PlaceWritten(at)),
            None => return Err(QueueError::PlaceNotReserved(at)),
        }
        Ok(())
    }
    /// Whether a unique queue already holds `item` for the next round.
    pub fn holds_next(&self, item: i128) -> bool {
        self.pushed_in.as_ref().is_some_and(|seen| seen[item as usize] == self.round + 1)
    }
    /// Starts the next round; false when it has no items. An error where
    /// an ordered worklist finds a negative key.
    pub fn advance(&mut self) -> Result<bool, QueueError> {
        let next = match &mut self.order {
            Some(order) => order.take()?,
            None => std::mem::take(&mut self.next),
        };
        if let Some(at) = next.iter().position(|x| *x == UNWRITTEN) {
            return Err(QueueError::NeverWritten(at));
        }
        self.current = Rc::new(next);
        self.round += 1;
        Ok(!self.current.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_memory_cannot_hold_is_an_error() {
        let mut w = Worklist::default();
        assert_eq!(w.reserve(1 << 62), Err(QueueError::OutOfMemory(1 << 62)));
        assert_eq!(w.reserve(-1), Err(QueueError::BadCount(-1)));
        assert_eq!(w.reserve(2), Ok(0));
        assert_eq!(w.advance(), Err(QueueError::NeverWritten(0)));
    }

    #[test]
    fn growing_doubles_as_a_push_would() {
        let mut v: Vec<i128> = Vec::new();
        for i in 0..100 {
            grow(&mut v, 1).expect("room");
            v.push(i);
        }
        assert!(v.capacity() < 256, "{}", v.capacity());
    }
}
