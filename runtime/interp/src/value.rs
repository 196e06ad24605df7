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
    fn push(&mut self, item: i128) -> Result<(), String> {
        if item < 0 || item as usize >= self.key.borrow().len() {
            return Err(format!("node {item} is out of range for this ordered worklist"));
        }
        self.pushed.push(item);
        Ok(())
    }

    /// Places the pushed nodes by their keys; an error for a negative key.
    fn place(&mut self) -> Result<(), String> {
        for item in std::mem::take(&mut self.pushed) {
            let key = self.key.borrow()[item as usize].int();
            if key < 0 {
                return Err(format!(
                    "node {item} has a negative key ({key}): an ordered worklist needs keys of at least 0"
                ));
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
    fn take(&mut self) -> Result<Vec<i128>, String> {
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
    pub fn push(&mut self, item: i128) -> Result<(), String> {
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
        self.next.push(item);
        Ok(())
    }
    /// An error for an ordered queue, which places its items itself.
    fn plain(&self) -> Result<(), String> {
        match self.order {
            Some(_) => Err("an ordered queue places its items itself: it has no claims, reservations or puts".into()),
            None => Ok(()),
        }
    }
    /// Whether the item may be added to the next round: always for a plain
    /// queue; for a unique one, if no claim took it this round before (the
    /// claim takes it). An ordered queue places its items itself.
    pub fn claim(&mut self, item: i128) -> Result<bool, String> {
        self.plain()?;
        let Some(seen) = &mut self.pushed_in else { return Ok(true) };
        let Some(slot) = usize::try_from(item).ok().and_then(|i| seen.get_mut(i)) else {
            return Err(format!("item {item} is out of range for this unique queue"));
        };
        let fresh = *slot != self.round + 1;
        *slot = self.round + 1;
        Ok(fresh)
    }
    /// Reserves `count` places in the next round, not yet written; returns
    /// the first.
    pub fn reserve(&mut self, count: i128) -> Result<i128, String> {
        self.plain()?;
        let n = usize::try_from(count).map_err(|_| format!("cannot reserve {count} places"))?;
        let first = self.next.len();
        self.next.resize(first + n, UNWRITTEN);
        Ok(first as i128)
    }
    /// Writes `item` into the reserved place `at`; `unclaimed`: no claim
    /// took it (a unique queue then takes it here, and it must be its
    /// first this round).
    pub fn put(&mut self, item: i128, at: i128, unclaimed: bool) -> Result<(), String> {
        self.plain()?;
        if let Some(seen) = &mut self.pushed_in {
            let Some(slot) = usize::try_from(item).ok().and_then(|i| seen.get_mut(i)) else {
                return Err(format!("item {item} is out of range for this unique queue"));
            };
            match (unclaimed, *slot == self.round + 1) {
                (true, true) => {
                    return Err(format!(
                        "item {item} put twice in a round by a put marked to put each item once a round"
                    ))
                }
                (false, false) => return Err(format!("item {item} put into a unique queue without a claim")),
                _ => *slot = self.round + 1,
            }
        }
        match usize::try_from(at).ok().and_then(|i| self.next.get_mut(i)) {
            Some(place) if *place == UNWRITTEN => *place = item,
            Some(_) => return Err(format!("place {at} of the next round is written already")),
            None => return Err(format!("place {at} of the next round was not reserved")),
        }
        Ok(())
    }
    /// Whether a unique queue already holds `item` for the next round.
    pub fn holds_next(&self, item: i128) -> bool {
        self.pushed_in.as_ref().is_some_and(|seen| seen[item as usize] == self.round + 1)
    }
    /// Starts the next round; false when it has no items. An error where
    /// an ordered worklist finds a negative key.
    pub fn advance(&mut self) -> Result<bool, String> {
        let next = match &mut self.order {
            Some(order) => order.take()?,
            None => std::mem::take(&mut self.next),
        };
        if let Some(at) = next.iter().position(|x| *x == UNWRITTEN) {
            return Err(format!("place {at} of the round was reserved but never written"));
        }
        self.current = Rc::new(next);
        self.round += 1;
        Ok(!self.current.is_empty())
    }
}
