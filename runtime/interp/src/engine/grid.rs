//! The simulated grid: with [`Options::grid`], a `par.parallel` runs on a
//! team of `subgroups × subgroup_size` threads, each with its own copy of
//! the function's frame, as the GPU runs it:
//!
//! - The team body's operations run one after another; each runs on every
//!   thread before the next starts (threads in order, or in a shuffled
//!   order per operation with a seed), so every thread has finished what
//!   comes before a `par.barrier`.
//! - A work-sharing `par.for` deals its iterations out in blocks of
//!   `chunk`, round robin over the threads (`static`), or to threads drawn
//!   at random with a seed (`dynamic`); then each thread runs its blocks.
//! - An operation that holds a `par.subgroup_reduce` runs each subgroup's
//!   lanes in step: `scf.if`, `scf.for` and `scf.while` run a region for
//!   the lanes that take it, and a `par.subgroup_reduce` that fewer than all
//!   lanes of the subgroup reach is an error (divergent code), as is a
//!   collective of the team below its body's top level. Code without a
//!   collective runs lane after lane (the GPU's independent thread
//!   scheduling allows that order, and spin locks make progress in it).
//!
//! Atomics are the plain updates of the interpreter; `par.thread_id`,
//! `par.lane_id` and the rest give each thread its place in the team.

use super::*;
use strata_graph_dialect::view::ReduceKind;
use strata_par_dialect::op::For;
use strata_par_dialect::view::{group_of, Collective, Dist, Exchange, Group, RmwKind};

/// The shape of the simulated team of every `par.parallel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Blocks of the team.
    pub blocks: u32,
    /// Subgroups (GPU warps) of a block.
    pub subgroups: u32,
    /// Threads of a subgroup (a GPU warp has 32).
    pub subgroup_size: u32,
}

/// The thread of a team the machine runs now.
#[derive(Clone, Copy, Debug)]
pub(super) struct Thread {
    /// Its number in the team.
    pub id: usize,
    /// The team's.
    pub shape: Shape,
}

/// The shape of a simulated team.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    /// The team's threads.
    pub team: usize,
    /// The threads of a block.
    pub block: usize,
    /// The threads of a subgroup.
    pub size: usize,
}

impl Shape {
    /// The threads of a subgroup or a block.
    pub fn of(self, group: Group) -> usize {
        match group {
            Group::Subgroup => self.size,
            Group::Block => self.block,
        }
    }
}

/// The reduction an atomic or subgroup operator performs (`None`: `xchg`).
pub(super) fn reduce_kind(kind: RmwKind) -> Option<ReduceKind> {
    match kind {
        RmwKind::Xchg => None,
        RmwKind::Add => Some(ReduceKind::Add),
        RmwKind::Mul => Some(ReduceKind::Mul),
        RmwKind::Min => Some(ReduceKind::Min),
        RmwKind::Max => Some(ReduceKind::Max),
        RmwKind::And => Some(ReduceKind::And),
        RmwKind::Or => Some(ReduceKind::Or),
    }
}

/// The neutral value of `kind` for the type of the collective `op`'s value.
pub(super) fn neutral(ctx: &Context, op: OpId, kind: RmwKind) -> R<Val> {
    let t = ctx.value_type(ctx.operand(op, 0));
    Ok(match kind.neutral(t) {
        Some(Attribute::Float(f)) => Val::Float(f.value()),
        Some(Attribute::Bool(b)) => Val::Int(if b { -1 } else { 0 }),
        Some(a) => Val::Int(a.as_int().unwrap_or(0)),
        None => {
            return Err(InterpError { loc: ctx.op_loc(op).clone(), message: "'xchg' does not combine values".into() })
        }
    })
}

/// The frames of a team's threads, one per thread.
type Frames = Vec<Vec<Val>>;

impl<'a> Machine<'a> {
    /// Runs the team `op` (a `par.parallel`) on the simulated grid `grid`.
    pub(super) fn run_team(&mut self, op: OpId, grid: Grid) -> R<()> {
        let ctx = self.ctx;
        let size = grid.subgroup_size.max(1) as usize;
        let block = size * grid.subgroups.max(1) as usize;
        let team = block * grid.blocks.max(1) as usize;
        let shape = Shape { team, block, size };
        let Some(body) = ctx.entry_block(ctx.region(op, 0)) else { return Ok(()) };
        if ctx.region_blocks(ctx.region(op, 0)).len() != 1 {
            return self.err(op, "the simulated grid runs a team body of one block");
        }
        self.shared.clear();
        let mut frames = self.team_frames(op, team)?;
        let all: Vec<usize> = (0..team).collect();
        let mut cur = ctx.first_op(body);
        while let Some(o) = cur {
            match ctx.op_kind(o) {
                par::YIELD => break,
                // Every thread has run what comes before.
                par::BARRIER => {}
                par::FOR => self.shared_loop(o, &mut frames, shape)?,
                // Each block's threads in step, its subgroups among them.
                _ if self.holds_collective(o) => {
                    for b in self.turns(team / block) {
                        let lanes: Vec<usize> = (b * block..(b + 1) * block).collect();
                        self.in_step(o, &mut frames, &lanes, shape)?;
                    }
                }
                _ => self.each_lane(o, &mut frames, &all, shape)?,
            }
            cur = ctx.next_op(o);
        }
        self.thread = None;
        // Their values go (the buffers they hold with them), their room stays.
        frames.iter_mut().for_each(Vec::clear);
        self.spare_frames = frames;
        Ok(())
    }

    /// A copy of the running frame for each of `team` threads (in the last
    /// team's frames where there are any), or an error at `op` where memory
    /// cannot hold them (instead of aborting).
    fn team_frames(&mut self, op: OpId, team: usize) -> R<Frames> {
        let each = self.env.len();
        let fail = |m: &Self| {
            let bytes = (team as f64) * (each as f64) * std::mem::size_of::<Val>() as f64;
            m.err(
                op,
                format!(
                    "out of memory: the interpreter cannot hold a simulated team of {team} threads ({each} values each, about {:.1} GB); simulate a smaller grid",
                    bytes / 1e9
                ),
            )
        };
        let mut frames = std::mem::take(&mut self.spare_frames);
        frames.truncate(team);
        if frames.len() < team {
            // All of it asked for at once first (not touched, so not paid
            // for): a team that cannot fit fails here, before its frames
            // fill memory.
            let mut probe: Vec<Val> = Vec::new();
            let missing = team - frames.len();
            if missing.checked_mul(each).is_none_or(|n| probe.try_reserve_exact(n).is_err()) {
                return fail(self);
            }
            drop(probe);
            if frames.try_reserve_exact(missing).is_err() {
                return fail(self);
            }
        }
        for frame in frames.iter_mut() {
            frame.clone_from(&self.env);
        }
        while frames.len() < team {
            let mut frame = Vec::new();
            if frame.try_reserve_exact(each).is_err() {
                return fail(self);
            }
            frame.extend(self.env.iter().cloned());
            frames.push(frame);
        }
        Ok(frames)
    }

    /// `0..n`, shuffled when the machine has a seed.
    fn turns(&mut self, n: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..n).collect();
        self.shuffle(&mut items);
        items
    }

    /// Shuffles `items` when the machine has a seed.
    pub(super) fn shuffle<T>(&mut self, items: &mut [T]) {
        if let Some(rng) = &mut self.rng {
            for i in (1..items.len()).rev() {
                items.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
    }

    /// Runs `f` as thread `t` of a team of `shape`, on its frame.
    fn as_thread<T>(&mut self, frames: &mut Frames, t: usize, shape: Shape, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        self.thread = Some(Thread { id: t, shape });
        std::mem::swap(&mut self.env, &mut frames[t]);
        let r = f(self);
        std::mem::swap(&mut self.env, &mut frames[t]);
        r
    }

    /// Runs `op` (no terminator) on each of `lanes`, one after another.
    fn each_lane(&mut self, op: OpId, frames: &mut Frames, lanes: &[usize], shape: Shape) -> R<()> {
        let order: Vec<usize> = self.turns(lanes.len()).into_iter().map(|i| lanes[i]).collect();
        for l in order {
            match self.as_thread(frames, l, shape, |m| m.step(op))? {
                Flow::Next => {}
                _ => return self.err(op, "the simulated grid runs structured code in a team"),
            }
        }
        Ok(())
    }

    /// Whether `op` is or holds a subgroup or block collective (a
    /// reduction, a scan, a ballot or a shuffle).
    fn holds_collective(&mut self, op: OpId) -> bool {
        if let Some(h) = self.collectives.get(&op) {
            return *h;
        }
        let ctx = self.ctx;
        let mut found = false;
        ctx.walk_pre(op, &mut |o| found |= group_of(ctx, o).is_some());
        self.collectives.insert(op, found);
        found
    }

    /// The team's work-sharing loop `op`: its blocks dealt out to the
    /// threads, then each thread running its blocks in order (a `guided`
    /// loop's blocks here all of `chunk` iterations: which thread runs
    /// what is the runtime's choice, not the program's).
    fn shared_loop(&mut self, op: OpId, frames: &mut Frames, shape: Shape) -> R<()> {
        let ctx = self.ctx;
        let f = For(op);
        let int = |m: &Self, v: Value| frames[0][m.frame_slot(v)].int();
        let (lo, hi, step) = (int(self, f.lower(ctx)), int(self, f.upper(ctx)), int(self, f.step(ctx)));
        if step <= 0 {
            return self.err(op, format!("step must be positive, got {step}"));
        }
        let chunk = f.chunk(ctx).max(1) as i128 * step;
        let team = frames.len();
        let mut mine: Vec<Vec<(i128, i128)>> = vec![Vec::new(); team];
        let (mut start, mut k) = (lo, 0usize);
        while start < hi {
            let end = (start + chunk).min(hi);
            let t = match (f.dist(ctx), &mut self.rng) {
                (Dist::Dynamic | Dist::Guided, Some(rng)) => rng.below(team as u64) as usize,
                _ => k % team,
            };
            mine[t].push((start, end));
            start = end;
            k += 1;
        }
        let body = ctx.region(op, 0);
        for t in self.turns(team) {
            for &(from, to) in &mine[t] {
                let items = (from..to).step_by(usize::try_from(step).unwrap_or(usize::MAX));
                for i in items {
                    self.as_thread(frames, t, shape, |m| m.run_region_with(body, std::iter::once(Val::Int(i))))?;
                }
            }
        }
        Ok(())
    }

    /// Runs `op` on the lanes `lanes` (threads of one block) in step.
    fn in_step(&mut self, op: OpId, frames: &mut Frames, lanes: &[usize], shape: Shape) -> R<()> {
        let ctx = self.ctx;
        let name = ctx.op_kind(op);
        if !self.holds_collective(op) {
            return self.each_lane(op, frames, lanes, shape);
        }
        let get = |m: &Self, frames: &Frames, l: usize, v: Value| frames[l][m.frame_slot(v)].clone();
        if let Some(group) = group_of(ctx, op) {
            return self.collective(op, group, frames, lanes, shape);
        }
        match name {
            scf::IF => {
                let cond = strata_std::scf::op::If(op).condition(ctx);
                let (yes, no): (Vec<usize>, Vec<usize>) =
                    lanes.iter().partition(|l| get(self, frames, **l, cond).int() != 0);
                for (i, taking) in [yes, no].into_iter().enumerate() {
                    if taking.is_empty() || ctx.region_blocks(ctx.region(op, i)).is_empty() {
                        continue;
                    }
                    let args = vec![Vec::new(); taking.len()];
                    let out = self.region_in_step(ctx.region(op, i), frames, &taking, args, shape)?;
                    self.set_lanes(op, frames, &taking, out);
                }
                Ok(())
            }
            scf::FOR => {
                let (w, unsigned_cmp) = (self.inst(op).operand_width, self.inst(op).unsigned_cmp);
                let operands = ctx.operands(op).to_vec();
                // Each lane's bound, step, induction variable and carried values.
                let mut state: Vec<(i128, i128, i128, Vec<Val>)> = Vec::new();
                for &l in lanes {
                    let v: Vec<Val> = operands.iter().map(|x| get(self, frames, l, *x)).collect();
                    let (lb, ub, step) = (v[0].int(), v[1].int(), v[2].int());
                    if step <= 0 {
                        return self.err(op, format!("scf.for step must be positive, got {step}"));
                    }
                    state.push((lb, ub, step, v[3..].to_vec()));
                }
                let go = |iv: i128, ub: i128| if unsigned_cmp { unsigned(iv, w) < unsigned(ub, w) } else { iv < ub };
                let mut live: Vec<usize> = (0..lanes.len()).filter(|i| go(state[*i].0, state[*i].1)).collect();
                while !live.is_empty() {
                    let running: Vec<usize> = live.iter().map(|i| lanes[*i]).collect();
                    let args = live
                        .iter()
                        .map(|i| std::iter::once(Val::Int(state[*i].0)).chain(state[*i].3.iter().cloned()).collect())
                        .collect();
                    let out = self.region_in_step(ctx.region(op, 0), frames, &running, args, shape)?;
                    let mut next = Vec::new();
                    for (i, carried) in live.iter().zip(out) {
                        let s = &mut state[*i];
                        s.3 = carried;
                        let iv = normalize_int(s.0 + s.2, &Type::int(w));
                        let wrapped = if unsigned_cmp { unsigned(iv, w) <= unsigned(s.0, w) } else { iv <= s.0 };
                        s.0 = iv;
                        if !wrapped && go(iv, s.1) {
                            next.push(*i);
                        }
                    }
                    live = next;
                }
                let results = state.into_iter().map(|s| s.3).collect();
                self.set_lanes(op, frames, lanes, results);
                Ok(())
            }
            scf::WHILE => {
                let inits: Vec<Value> = ctx.operands(op).to_vec();
                let mut live: Vec<usize> = lanes.to_vec();
                let mut args: Vec<Vec<Val>> =
                    lanes.iter().map(|l| inits.iter().map(|v| get(self, frames, *l, *v)).collect()).collect();
                while !live.is_empty() {
                    let conds = self.region_in_step(ctx.region(op, 0), frames, &live, args, shape)?;
                    let (mut going, mut going_args) = (Vec::new(), Vec::new());
                    for (l, c) in live.iter().zip(conds) {
                        if c[0].int() == 0 {
                            self.set_lanes(op, frames, &[*l], vec![c[1..].to_vec()]);
                        } else {
                            going.push(*l);
                            going_args.push(c[1..].to_vec());
                        }
                    }
                    if going.is_empty() {
                        break;
                    }
                    args = self.region_in_step(ctx.region(op, 1), frames, &going, going_args, shape)?;
                    live = going;
                }
                Ok(())
            }
            _ => self.err(
                op,
                format!("the simulated grid cannot run the lanes of '{name}' in step around a subgroup collective"),
            ),
        }
    }

    /// The collective or exchange `op` of `group` on `lanes` (threads of
    /// one block): for each of their subgroups (or their block), which
    /// must all be there, each thread's result.
    fn collective(&mut self, op: OpId, group: Group, frames: &mut Frames, lanes: &[usize], shape: Shape) -> R<()> {
        let (what, size) = (group.name(), shape.of(group));
        // The lanes by subgroup or block, each of which must all be here.
        let mut start = 0;
        while start < lanes.len() {
            let g = lanes[start] / size;
            let end = start + lanes[start..].iter().take_while(|l| **l / size == g).count();
            if end - start != size {
                let n = end - start;
                return self.err(
                    op,
                    format!("a {what} collective reached by {n} of the {size} threads of its {what} (divergent code)"),
                );
            }
            self.combine_group(op, frames, &lanes[start..end])?;
            start = end;
        }
        Ok(())
    }

    /// The collective or exchange `op` on the threads `group` (all of one
    /// subgroup or block, in order): each one's result.
    fn combine_group(&mut self, op: OpId, frames: &mut Frames, group: &[usize]) -> R<()> {
        let ctx = self.ctx;
        if ctx.op_kind(op) == par::BLOCK_BARRIER {
            // Every thread of the block is here, having run what came before.
            return Ok(());
        }
        let get = |m: &Self, frames: &Frames, l: usize, v: Value| frames[l][m.frame_slot(v)].clone();
        let value = ctx.operand(op, 0);
        let t = ctx.value_type(ctx.result(op, 0)).clone();
        let slot = self.inst(op).results[0] as usize;
        match (Collective::of(ctx, op), Exchange::of(ctx, op)) {
            (Some(c), _) => {
                let combine = reduce_kind(c.kind).expect("the verifier refuses xchg");
                if c.scan {
                    // Each thread: the threads' values before it.
                    let mut before = neutral(ctx, op, c.kind)?;
                    for &l in group {
                        let x = get(self, frames, l, value);
                        frames[l][slot] = before.clone();
                        before = self.combine(op, combine, &before, &x, &t)?;
                    }
                } else {
                    let mut all = get(self, frames, group[0], value);
                    for &l in &group[1..] {
                        let x = get(self, frames, l, value);
                        all = self.combine(op, combine, &all, &x, &t)?;
                    }
                    for &l in group {
                        frames[l][slot] = all.clone();
                    }
                }
            }
            (None, Some(Exchange::Ballot)) => {
                if group.len() > 64 {
                    let n = group.len();
                    return self.err(op, format!("a ballot of a subgroup of {n} lanes does not fit in 64 bits"));
                }
                let mut mask = 0i128;
                for (k, &l) in group.iter().enumerate() {
                    if get(self, frames, l, value).int() != 0 {
                        mask |= 1 << k;
                    }
                }
                let mask = Val::Int(i128::from(mask as u64 as i64));
                for &l in group {
                    frames[l][slot] = mask.clone();
                }
            }
            (None, Some(Exchange::Shuffle)) => {
                let lane = ctx.operand(op, 1);
                let taken: Vec<usize> =
                    group.iter().map(|l| get(self, frames, *l, lane).int()).map(|k| k as usize).collect();
                for (&l, &k) in group.iter().zip(&taken) {
                    let Some(&from) = group.get(k) else {
                        let n = group.len();
                        return self.err(op, format!("lane {k} is outside the subgroup of {n} lanes"));
                    };
                    frames[l][slot] = get(self, frames, from, value);
                }
            }
            (None, None) => return self.err(op, "not a collective"),
        }
        Ok(())
    }

    /// Runs the one-block region `r` in step on `lanes`, each with its
    /// entry arguments `args`; returns each lane's terminator operands.
    fn region_in_step(
        &mut self,
        r: RegionId,
        frames: &mut Frames,
        lanes: &[usize],
        args: Vec<Vec<Val>>,
        shape: Shape,
    ) -> R<Vec<Vec<Val>>> {
        let ctx = self.ctx;
        let blocks = ctx.region_blocks(r);
        let Some(&block) = blocks.first().filter(|_| blocks.len() == 1) else {
            let op = ctx.region_parent(r).expect("a region of an operation");
            return self.err(op, "the simulated grid runs a region of one block around a subgroup collective");
        };
        for (l, a) in lanes.iter().zip(args) {
            self.as_thread(frames, *l, shape, |m| {
                m.bind(block, a.into_iter());
                Ok(())
            })?;
        }
        let mut cur = ctx.first_op(block);
        while let Some(o) = cur {
            if ctx.next_op(o).is_none() {
                // The terminator: each lane's values.
                let slots = self.inst(o).operands.clone();
                return Ok(lanes
                    .iter()
                    .map(|l| slots.iter().map(|s| frames[*l][*s as usize].clone()).collect())
                    .collect());
            }
            self.in_step(o, frames, lanes, shape)?;
            cur = ctx.next_op(o);
        }
        Ok(vec![Vec::new(); lanes.len()])
    }

    /// Sets `op`'s results on each of `lanes` to its `values`.
    fn set_lanes(&self, op: OpId, frames: &mut Frames, lanes: &[usize], values: Vec<Vec<Val>>) {
        let slots = &self.inst(op).results;
        for (l, vs) in lanes.iter().zip(values) {
            for (s, v) in slots.iter().zip(vs) {
                frames[*l][*s as usize] = v;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{run_function, Options};
    use std::sync::Arc;

    /// Runs `@f` of `body` (a function's text) on a simulated grid of
    /// `subgroups × size` threads, shuffled with `seed`; the buffers it
    /// returns as integers, or the error's message.
    fn run(
        body: &str,
        (blocks, subgroups, size): (u32, u32, u32),
        seed: Option<u64>,
    ) -> Result<Vec<Vec<i128>>, String> {
        let mut registry = strata_std::standard_registry();
        strata_graph_dialect::register(&mut registry);
        strata_par_dialect::register(&mut registry);
        let mut ctx = Context::new(Arc::new(registry));
        let m = strata_ir::parser::parse_source(&mut ctx, "t.mlir", body, 0, body.len()).expect("parses");
        let grid = Some(Grid { blocks, subgroups, subgroup_size: size });
        let opts = Options { shuffle_seed: seed, grid, ..Options::default() };
        let results = run_function(&ctx, m, "f", Vec::new(), opts).map_err(|e| e.message)?;
        Ok(results
            .iter()
            .map(|r| match r {
                Val::Prop(b) => b.borrow().iter().map(|v| if matches!(v, Val::Undef) { -1 } else { v.int() }).collect(),
                v => vec![v.int()],
            })
            .collect())
    }

    const IDS: &str = r#"func.func @f() -> (!par.buf<index>, !par.buf<index>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %n = arith.constant 16 : index
  %ids = "par.alloc"(%n) : (index) -> !par.buf<index>
  %who = "par.alloc"(%n) : (index) -> !par.buf<index>
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    %l = "par.lane_id"() : () -> index
    %s = "par.subgroup_reduce"(%l) <{kind = "add"}> : (index) -> index
    %w = "par.subgroup_id"() : () -> index
    %x = arith.muli %w, %c100 : index
    %v = arith.addi %s, %x : index
    "par.store"(%v, %ids, %t) : (index, !par.buf<index>, index) -> ()
    "par.for"(%c0, %n, %c1) <{chunk = 2 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      %me = "par.thread_id"() : () -> index
      "par.store"(%me, %who, %i) : (index, !par.buf<index>, index) -> ()
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return %ids, %who : !par.buf<index>, !par.buf<index>
}
"#;

    #[test]
    fn threads_know_their_place_and_share_loops_in_blocks() {
        for seed in [None, Some(3)] {
            let r = run(IDS, (1, 3, 4), seed).expect("runs");
            // Each thread: its subgroup's sum of lane numbers, plus 100 per subgroup.
            let ids: Vec<i128> = (0..16).map(|t| if t < 12 { 6 + 100 * (t / 4) } else { -1 }).collect();
            assert_eq!(r[0], ids, "seed {seed:?}");
            // Blocks of two iterations, round robin over the 12 threads.
            assert_eq!(r[1], (0..16).map(|i| (i / 2) % 12).collect::<Vec<i128>>());
        }
        // A team of one thread, as without a grid.
        let one = run(IDS, (1, 1, 1), None).expect("runs");
        assert_eq!(one[0][0], 0);
        assert_eq!(one[1], vec![0; 16]);
    }

    /// A loop around a subgroup collective, to `BOUND` (per lane).
    const LOOP: &str = r#"func.func @f() -> (!par.buf<index>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 8 : index
  %out = "par.alloc"(%n) : (index) -> !par.buf<index>
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    %l = "par.lane_id"() : () -> index
    %w = "par.subgroup_id"() : () -> index
    %first = arith.cmpi eq, %w, %c0 : index
    %r = scf.if %first -> (index) {
      %a = scf.for %k = %c0 to BOUND step %c1 iter_args(%acc = %c0) -> (index) {
        %s = "par.subgroup_reduce"(%k) <{kind = "add"}> : (index) -> index
        %b = arith.addi %acc, %s : index
        scf.yield %b : index
      }
      scf.yield %a : index
    } else {
      %m = "par.subgroup_reduce"(%l) <{kind = "max"}> : (index) -> index
      scf.yield %m : index
    }
    "par.store"(%r, %out, %t) : (index, !par.buf<index>, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return %out : !par.buf<index>
}
"#;

    #[test]
    fn lanes_run_in_step_around_collectives_and_must_all_reach_them() {
        // Subgroup 0: 4 lanes add k at each of 3 steps (0 + 4 + 8); subgroup 1: the highest lane.
        let r = run(&LOOP.replace("BOUND", "%c3"), (1, 2, 4), None).expect("runs");
        assert_eq!(r[0], vec![12, 12, 12, 12, 3, 3, 3, 3]);
        // Lane l takes l steps: at the first, lanes 1 to 3 reach the collective.
        let e = run(&LOOP.replace("BOUND", "%l"), (1, 2, 4), None).unwrap_err();
        assert!(e.contains("reached by 3 of the 4 threads of its subgroup"), "{e}");
    }

    /// Per thread: its block's sum of thread numbers in the block, plus
    /// 100 per block, plus 1,000 times the threads of a block; under a
    /// branch on `COND`.
    const BLOCKS: &str = r#"func.func @f() -> (!par.buf<index>) {
  %c0 = arith.constant 0 : index
  %c100 = arith.constant 100 : index
  %c1000 = arith.constant 1000 : index
  %n = arith.constant 16 : index
  %out = "par.alloc"(%n) : (index) -> !par.buf<index>
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    %bt = "par.block_thread_id"() : () -> index
    %b = "par.block_id"() : () -> index
    %bs = "par.block_size"() : () -> index
    %w = "par.subgroup_id"() : () -> index
    %go = arith.cmpi COND, %c0 : index
    scf.if %go {
      %s = "par.block_reduce"(%bt) <{kind = "add"}> : (index) -> index
      %x = arith.muli %b, %c100 : index
      %y = arith.muli %bs, %c1000 : index
      %v = arith.addi %s, %x : index
      %r = arith.addi %v, %y : index
      "par.store"(%r, %out, %t) : (index, !par.buf<index>, index) -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return %out : !par.buf<index>
}
"#;

    #[test]
    fn blocks_reduce_over_their_subgroups() {
        for seed in [None, Some(5)] {
            let r = run(&BLOCKS.replace("COND", "uge, %b"), (2, 2, 3), seed).expect("runs");
            let want: Vec<i128> = (0..16).map(|t| if t < 12 { 6015 + 100 * (t / 6) } else { -1 }).collect();
            assert_eq!(r[0], want, "seed {seed:?}");
        }
        // Only the first subgroup of each block: half the block.
        let e = run(&BLOCKS.replace("COND", "eq, %w"), (2, 2, 3), None).unwrap_err();
        assert!(e.contains("a block collective reached by 3 of the 6 threads of its block"), "{e}");
    }

    #[test]
    fn a_team_collective_below_the_top_level_is_an_error() {
        let text = r#"func.func @f() -> (index) {
  %c0 = arith.constant 0 : index
  "par.parallel"() ({
    %t = "par.thread_id"() : () -> index
    %z = arith.cmpi eq, %t, %c0 : index
    scf.if %z {
      "par.barrier"() : () -> ()
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return %c0 : index
}
"#;
        let e = run(text, (1, 2, 2), None).unwrap_err();
        assert!(e.contains("runs 'par.barrier' only in step"), "{e}");
        // One thread: nothing to wait for.
        assert!(run(text, (1, 1, 1), None).is_ok());
    }
}
