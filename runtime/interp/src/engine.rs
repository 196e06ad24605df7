//! The execution engine.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use strata_graph::generate::Rng;
use strata_graph_dialect::foreach::{space_of, Space};
use strata_graph_dialect::types::{element, is_edge};
use strata_ir::attributes::{normalize_int, FloatAttr};
use strata_ir::context::{BlockId, RegionId, Value};
use strata_ir::symbols::lookup_symbol_in;
use strata_ir::types::{FloatKind, Type};
use strata_ir::{Attribute, Context, OpId};
use strata_std::arith_fold::{eval_cmpf, eval_cmpi, eval_int, maximum, minimum, unsigned, width};

use crate::value::{Val, Worklist};
use crate::InterpError;

/// How to run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Visit `graph.foreach` iterations in a random order from this seed.
    pub shuffle_seed: Option<u64>,
}

/// Runs the function `name` of `module` with `args`; returns its results.
pub fn run_function(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: Vec<Val>,
    opts: Options,
) -> Result<Vec<Val>, InterpError> {
    let Some(f) = lookup_symbol_in(ctx, module, name).filter(|f| ctx.op_name(*f) == "func.func") else {
        return Err(InterpError { loc: ctx.op_loc(module).clone(), message: format!("no function named '{name}'") });
    };
    let mut m = Machine {
        ctx,
        module,
        env: vec![Val::Undef; ctx.num_values()],
        rng: opts.shuffle_seed.map(Rng::new),
        locks: HashSet::new(),
        graph_arrays: HashMap::new(),
        depth: 0,
        calls: 0,
    };
    m.call(f, args)
}

enum Flow {
    Next,
    Branch(BlockId, Vec<Val>),
    Exit(Vec<Val>),
}

struct Machine<'a> {
    ctx: &'a Context,
    module: OpId,
    env: Vec<Val>,
    rng: Option<Rng>,
    /// Held locks: (is edge, id).
    locks: HashSet<(bool, i128)>,
    /// `par.graph_array` results by graph and array name: a graph's arrays
    /// are the same buffers every time they are asked for.
    graph_arrays: HashMap<(*const strata_graph::Graph, strata_abi::GraphArray), Rc<RefCell<Vec<Val>>>>,
    /// Nesting depth of `graph.foreach`.
    depth: u32,
    calls: u32,
}

type R<T> = Result<T, InterpError>;

fn round(kind: FloatKind, x: f64) -> f64 {
    match kind {
        FloatKind::F64 => x,
        FloatKind::F32 => x as f32 as f64,
        k => FloatAttr::from_f64(k, x).value(),
    }
}

fn boolean(b: bool) -> Val {
    Val::Int(if b { -1 } else { 0 })
}

impl<'a> Machine<'a> {
    fn err<T>(&self, op: OpId, message: impl Into<String>) -> R<T> {
        Err(InterpError { loc: self.ctx.op_loc(op).clone(), message: message.into() })
    }
    fn get(&self, v: Value) -> &Val {
        &self.env[v.index()]
    }
    fn int(&self, op: OpId, i: usize) -> i128 {
        self.env[self.ctx.operand(op, i).index()].int()
    }
    fn float(&self, op: OpId, i: usize) -> f64 {
        self.env[self.ctx.operand(op, i).index()].float()
    }
    fn set(&mut self, op: OpId, i: usize, v: Val) {
        let r = self.ctx.result(op, i);
        self.env[r.index()] = v;
    }
    fn set_results(&mut self, op: OpId, vals: Vec<Val>) {
        for (i, v) in vals.into_iter().enumerate() {
            self.set(op, i, v);
        }
    }
    fn operand_vals(&self, op: OpId) -> Vec<Val> {
        self.ctx.operands(op).iter().map(|v| self.get(*v).clone()).collect()
    }

    fn call(&mut self, f: OpId, args: Vec<Val>) -> R<Vec<Val>> {
        self.calls += 1;
        if self.calls > 10_000 {
            return self.err(f, "call depth exceeds 10000");
        }
        let body = self.ctx.region(f, 0);
        if self.ctx.region_blocks(body).is_empty() {
            return self.err(f, "cannot call a function without a body");
        }
        // A fresh frame, so recursive calls do not clobber the caller's values.
        let saved = std::mem::replace(&mut self.env, vec![Val::Undef; self.ctx.num_values()]);
        let r = self.run_region(body, &args);
        self.env = saved;
        self.calls -= 1;
        r
    }

    fn run_region(&mut self, r: RegionId, args: &[Val]) -> R<Vec<Val>> {
        let Some(mut block) = self.ctx.entry_block(r) else { return Ok(Vec::new()) };
        let mut args = args.to_vec();
        'blocks: loop {
            for (a, v) in self.ctx.block_args(block).iter().zip(args.drain(..)) {
                self.env[a.index()] = v;
            }
            let mut cur = self.ctx.first_op(block);
            while let Some(op) = cur {
                match self.step(op)? {
                    Flow::Next => cur = self.ctx.next_op(op),
                    Flow::Branch(b, vals) => {
                        block = b;
                        args = vals;
                        continue 'blocks;
                    }
                    Flow::Exit(vals) => return Ok(vals),
                }
            }
            return Ok(Vec::new());
        }
    }

    fn step(&mut self, op: OpId) -> R<Flow> {
        let ctx = self.ctx;
        let name = ctx.op_name(op);
        if let Some(rest) = name.strip_prefix("arith.") {
            self.arith(op, rest)?;
            return Ok(Flow::Next);
        }
        if let Some(rest) = name.strip_prefix("par.").filter(|r| *r != "yield") {
            return self.par_op(op, rest).map(|_| Flow::Next);
        }
        if (name.starts_with("graph.") && name != "graph.yield") || name == "sched.foreach" {
            return self.graph_op(op, name).map(|_| Flow::Next);
        }
        match name {
            "func.return" | "scf.yield" | "scf.condition" | "graph.yield" | "par.yield" => {
                return Ok(Flow::Exit(self.operand_vals(op)))
            }
            "func.call" => {
                let callee = ctx.prop(op, "callee").and_then(|a| {
                    a.as_str().map(str::to_string).or_else(|| Some(a.to_string().trim_start_matches('@').to_string()))
                });
                let callee = callee.unwrap_or_default();
                let Some(f) = lookup_symbol_in(ctx, self.module, callee.trim_start_matches('@')) else {
                    return self.err(op, format!("unknown function '{callee}'"));
                };
                let rs = self.call(f, self.operand_vals(op))?;
                self.set_results(op, rs);
            }
            "cf.br" => return Ok(Flow::Branch(ctx.successors(op)[0], self.operand_vals(op))),
            "cf.cond_br" => {
                let sizes = ctx
                    .prop(op, "operandSegmentSizes")
                    .and_then(|a| a.as_dense_ints().map(|v| v.to_vec()))
                    .unwrap_or_default();
                let nt = sizes.get(1).copied().unwrap_or(0) as usize;
                let vals = self.operand_vals(op);
                let (t, f) = (vals[1..1 + nt].to_vec(), vals[1 + nt..].to_vec());
                return Ok(if vals[0].int() != 0 {
                    Flow::Branch(ctx.successors(op)[0], t)
                } else {
                    Flow::Branch(ctx.successors(op)[1], f)
                });
            }
            "cf.assert" => {
                if self.int(op, 0) == 0 {
                    let msg = ctx.prop(op, "msg").and_then(|a| a.as_str()).unwrap_or("assertion failed").to_string();
                    return self.err(op, msg);
                }
            }
            "scf.if" => {
                let r = ctx.region(op, if self.int(op, 0) != 0 { 0 } else { 1 });
                let vals = self.run_region(r, &[])?;
                self.set_results(op, vals);
            }
            "scf.for" => self.scf_for(op)?,
            "scf.while" => {
                let mut args = self.operand_vals(op);
                loop {
                    let c = self.run_region(ctx.region(op, 0), &args)?;
                    if c[0].int() == 0 {
                        args = c[1..].to_vec();
                        break;
                    }
                    args = self.run_region(ctx.region(op, 1), &c[1..])?;
                }
                self.set_results(op, args);
            }
            "builtin.unrealized_conversion_cast" => {
                self.set_results(op, self.operand_vals(op));
            }
            _ => return self.err(op, format!("the interpreter cannot run '{name}'")),
        }
        Ok(Flow::Next)
    }

    fn scf_for(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let (lb, ub, step) = (self.int(op, 0), self.int(op, 1), self.int(op, 2));
        let w = width(ctx.value_type(ctx.operand(op, 0)));
        let unsigned_cmp = ctx.prop(op, "unsignedCmp").is_some();
        if step <= 0 {
            return self.err(op, format!("scf.for step must be positive, got {step}"));
        }
        let mut carried: Vec<Val> = self.operand_vals(op)[3..].to_vec();
        let mut iv = lb;
        let body = ctx.region(op, 0);
        loop {
            let go = if unsigned_cmp { unsigned(iv, w) < unsigned(ub, w) } else { iv < ub };
            if !go {
                break;
            }
            let mut args = vec![Val::Int(iv)];
            args.extend(carried);
            carried = self.run_region(body, &args)?;
            let next = normalize_int(iv + step, &Type::int(w));
            if (!unsigned_cmp && next <= iv) || (unsigned_cmp && unsigned(next, w) <= unsigned(iv, w)) {
                break; // wrapped around
            }
            iv = next;
        }
        self.set_results(op, carried);
        Ok(())
    }

    fn arith(&mut self, op: OpId, name: &str) -> R<()> {
        let ctx = self.ctx;
        let rt = ctx.value_type(ctx.result(op, 0)).clone();
        let v = match name {
            "constant" => match ctx.prop(op, "value") {
                Some(Attribute::Float(f)) => Val::Float(f.value()),
                Some(a) => match a.as_int() {
                    Some(i) => Val::Int(normalize_int(i, &rt)),
                    None => return self.err(op, "unsupported constant"),
                },
                None => return self.err(op, "constant without a value"),
            },
            "cmpi" => {
                let p = ctx.prop(op, "predicate").and_then(|a| a.as_int()).unwrap_or(0);
                let w = width(ctx.value_type(ctx.operand(op, 0)));
                boolean(eval_cmpi(p, self.int(op, 0), self.int(op, 1), w))
            }
            "cmpf" => {
                let p = ctx.prop(op, "predicate").and_then(|a| a.as_int()).unwrap_or(0);
                boolean(eval_cmpf(p, self.float(op, 0), self.float(op, 1)))
            }
            "select" => {
                let i = if self.int(op, 0) != 0 { 1 } else { 2 };
                self.get(ctx.operand(op, i)).clone()
            }
            "negf" => Val::Float(round(rt.float_kind().unwrap_or(FloatKind::F64), -self.float(op, 0))),
            "addf" | "subf" | "mulf" | "divf" | "remf" | "maximumf" | "minimumf" | "maxnumf" | "minnumf" => {
                let (x, y) = (self.float(op, 0), self.float(op, 1));
                let r = match name {
                    "addf" => x + y,
                    "subf" => x - y,
                    "mulf" => x * y,
                    "divf" => x / y,
                    "remf" => x % y,
                    "maximumf" => maximum(x, y),
                    "minimumf" => minimum(x, y),
                    "maxnumf" => x.max(y),
                    _ => x.min(y),
                };
                Val::Float(round(rt.float_kind().unwrap_or(FloatKind::F64), r))
            }
            "extsi" | "index_cast" | "trunci" => Val::Int(normalize_int(self.int(op, 0), &Type::int(width(&rt)))),
            "extui" | "index_castui" => {
                let wf = width(ctx.value_type(ctx.operand(op, 0)));
                Val::Int(normalize_int(unsigned(self.int(op, 0), wf) as i128, &Type::int(width(&rt))))
            }
            "sitofp" => Val::Float(round(rt.float_kind().unwrap_or(FloatKind::F64), self.int(op, 0) as f64)),
            "uitofp" => {
                let wf = width(ctx.value_type(ctx.operand(op, 0)));
                Val::Float(round(rt.float_kind().unwrap_or(FloatKind::F64), unsigned(self.int(op, 0), wf) as f64))
            }
            "fptosi" | "fptoui" => {
                let t = self.float(op, 0).trunc();
                let w = width(&rt) as i32;
                let ok = if name == "fptosi" {
                    t >= -(2f64.powi(w - 1)) && t < 2f64.powi(w - 1)
                } else {
                    t >= 0.0 && t < 2f64.powi(w)
                };
                if !t.is_finite() || !ok {
                    return self.err(op, format!("arith.{name}: {} does not fit {rt}", self.float(op, 0)));
                }
                Val::Int(normalize_int(t as i128, &rt))
            }
            "extf" | "truncf" => Val::Float(round(rt.float_kind().unwrap_or(FloatKind::F64), self.float(op, 0))),
            "bitcast" => {
                let from = ctx.value_type(ctx.operand(op, 0)).clone();
                match (&from, &rt) {
                    (Type::Float(FloatKind::F64), _) => {
                        Val::Int(normalize_int(self.float(op, 0).to_bits() as i64 as i128, &rt))
                    }
                    (Type::Float(FloatKind::F32), _) => {
                        Val::Int(normalize_int((self.float(op, 0) as f32).to_bits() as i32 as i128, &rt))
                    }
                    (_, Type::Float(FloatKind::F64)) => Val::Float(f64::from_bits(self.int(op, 0) as u64)),
                    (_, Type::Float(FloatKind::F32)) => Val::Float(f32::from_bits(self.int(op, 0) as u32) as f64),
                    (_, _) if from.is_integer() && rt.is_integer() => self.get(ctx.operand(op, 0)).clone(),
                    _ => return self.err(op, format!("the interpreter cannot bitcast {from} to {rt}")),
                }
            }
            _ => {
                let full = format!("arith.{name}");
                match eval_int(&full, self.int(op, 0), self.int(op, 1), width(&rt)) {
                    Some(r) => Val::Int(r),
                    None => {
                        let why = if name.starts_with("sh") {
                            "a shift by the bit width or more"
                        } else {
                            "division by zero or overflow"
                        };
                        return self.err(
                            op,
                            format!(
                                "{full} has undefined behaviour on {} and {} ({why})",
                                self.int(op, 0),
                                self.int(op, 1)
                            ),
                        );
                    }
                }
            }
        };
        self.set(op, 0, v);
        Ok(())
    }
}

mod graph_ops;
mod par_ops;
