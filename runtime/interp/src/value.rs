//! Run-time values of the interpreter.

use std::cell::RefCell;
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
}

impl Worklist {
    /// Adds an item to the next round (dropping repeats in a unique worklist).
    pub fn push(&mut self, item: i128) {
        if let Some(seen) = &mut self.pushed_in {
            let slot = &mut seen[item as usize];
            if *slot == self.round + 1 {
                return;
            }
            *slot = self.round + 1;
        }
        self.next.push(item);
    }
    /// Whether a unique queue already holds `item` for the next round.
    pub fn holds_next(&self, item: i128) -> bool {
        self.pushed_in.as_ref().is_some_and(|seen| seen[item as usize] == self.round + 1)
    }
    /// Starts the next round; false when it has no items.
    pub fn advance(&mut self) -> bool {
        self.current = Rc::new(std::mem::take(&mut self.next));
        self.round += 1;
        !self.current.is_empty()
    }
}
