//! The emitter's state and the parts every level shares: functions, blocks
//! and regions, structured control flow (`scf`), branches (`cf`) and calls
//! (`func`). Operations of the other dialects are in [`crate::arith`],
//! [`crate::par`] and [`crate::parallel`].

use std::collections::HashMap;
use strata_abi::support;
use strata_abi::symbol_name;
use strata_ir::func::op as func;
use strata_par_dialect::op as par;
use strata_std::arith::op as arith;
use strata_std::cf::op as cf;

use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::Context as LlContext;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, GlobalValue, IntValue, PhiValue, PointerValue,
    ValueKind,
};
use strata_ir::context::{BlockId, RegionId, Value};
use strata_ir::func::{function_type, is_declaration};
use strata_ir::types::Type;
use strata_ir::{Context, Diagnostic, Location, OpId};

use crate::profile::Profile;

/// Why emission stopped: a diagnostic about the input, or an LLVM builder
/// error (a defect of the emitter, reported at the operation being emitted).
pub(crate) enum Fail {
    Diag(Diagnostic),
    Llvm(String),
}

impl From<BuilderError> for Fail {
    fn from(e: BuilderError) -> Fail {
        Fail::Llvm(e.to_string())
    }
}

impl Fail {
    /// The failure as a diagnostic located at `loc` when it has no location of its own.
    pub(crate) fn located(self, loc: &Location) -> Fail {
        match self {
            Fail::Llvm(m) => Fail::Diag(Diagnostic::error(loc.clone(), format!("internal error: LLVM: {m}"))),
            d => d,
        }
    }
    /// The diagnostic.
    pub(crate) fn into_diagnostic(self, loc: &Location) -> Diagnostic {
        match self.located(loc) {
            Fail::Diag(d) => d,
            Fail::Llvm(_) => unreachable!("located() turns every failure into a diagnostic"),
        }
    }
}

pub(crate) type R<T> = Result<T, Fail>;

/// Where the terminator of the region being emitted goes.
#[derive(Clone)]
pub(crate) enum Exit<'c> {
    /// `par.yield` of a loop body: to the loop's latch.
    Latch(BasicBlock<'c>),
    /// `par.yield` of an outlined parallel region: return.
    Return,
}

/// Per-function state.
#[derive(Default)]
pub(crate) struct FnState<'c> {
    pub f: Option<FunctionValue<'c>>,
    pub vals: HashMap<Value, BasicValueEnum<'c>>,
    pub blocks: HashMap<BlockId, (BasicBlock<'c>, Vec<PhiValue<'c>>)>,
    pub exits: Vec<Exit<'c>>,
    /// Whether the code runs on the threads of a team (inside an outlined `par.parallel`).
    pub in_team: bool,
    /// The IR function, for names and locations.
    pub op: Option<OpId>,
    /// Dynamic `par.for` loops of the team: the shared counter and this
    /// thread's base for it.
    pub counters: HashMap<OpId, (PointerValue<'c>, PointerValue<'c>)>,
    /// Queues the team pushes to: this thread's push buffer and its count.
    pub push_buffers: Vec<(Value, PointerValue<'c>, PointerValue<'c>)>,
}

/// Emits one module.
pub(crate) struct Emitter<'a, 'c> {
    pub ir: &'a Context,
    pub cx: &'c LlContext,
    pub m: Module<'c>,
    pub b: Builder<'c>,
    /// IR functions by symbol name.
    pub funcs: HashMap<String, (FunctionValue<'c>, OpId)>,
    pub fs: FnState<'c>,
    /// Parallel regions outlined so far (for unique names).
    pub outlined: usize,
    /// Whether the module is for the GPU (NVPTX) rather than the CPU.
    pub gpu: bool,
    /// GPU: the outlined regions, the frames the master thread fills for
    /// them and the IR functions they come from, in the order of their
    /// numbers (region `k` is number `k + 1`).
    pub regions: Vec<(FunctionValue<'c>, GlobalValue<'c>, OpId)>,
    /// The phase profile's sites, when profiling.
    pub profile: Option<Profile>,
}

fn unsupported_type(t: &Type) -> String {
    let hint = if t.to_string().starts_with("!graph.") && !strata_graph_dialect::types::is_graph(t) {
        " (lower the program to the par level first, e.g. with --target=cpu)"
    } else {
        ""
    };
    format!("cannot emit a value of type {t} as LLVM IR{hint}")
}

/// The symbol name of a `func.func`.
pub(crate) fn symbol(ir: &Context, f: OpId) -> String {
    strata_ir::func::op::Func::of(ir, f).map_or_else(String::new, |f| f.sym_name(ir))
}

impl<'a, 'c> Emitter<'a, 'c> {
    /// An emitter adding to `m` (which starts with the run-time support),
    /// with the phase profile's marks when `profile`.
    pub(crate) fn new(ir: &'a Context, cx: &'c LlContext, m: Module<'c>, gpu: bool, profile: bool) -> Self {
        Emitter {
            ir,
            cx,
            m,
            b: cx.create_builder(),
            funcs: HashMap::new(),
            fs: FnState::default(),
            outlined: 0,
            gpu,
            regions: Vec::new(),
            profile: profile.then(Profile::default),
        }
    }

    pub(crate) fn error<T>(&self, op: OpId, msg: impl Into<String>) -> R<T> {
        Err(Fail::Diag(Diagnostic::error(self.ir.reporting_loc(op).clone(), msg.into())))
    }

    /// The LLVM value of an IR value.
    pub(crate) fn val(&self, v: Value) -> R<BasicValueEnum<'c>> {
        self.fs
            .vals
            .get(&v)
            .copied()
            .ok_or_else(|| Fail::Llvm(format!("value {} used before it was emitted", v.index())))
    }
    pub(crate) fn operand(&self, op: OpId, i: usize) -> R<BasicValueEnum<'c>> {
        self.val(self.ir.operand(op, i))
    }
    pub(crate) fn int_operand(&self, op: OpId, i: usize) -> R<IntValue<'c>> {
        self.int_val(self.ir.operand(op, i))
    }
    /// The LLVM value of an IR value of integer type.
    pub(crate) fn int_val(&self, v: Value) -> R<IntValue<'c>> {
        match self.val(v)? {
            BasicValueEnum::IntValue(i) => Ok(i),
            _ => Err(Fail::Llvm(format!("value {} is not an integer", v.index()))),
        }
    }
    /// The LLVM value of an IR value held as a pointer.
    pub(crate) fn ptr_val(&self, v: Value) -> R<PointerValue<'c>> {
        match self.val(v)? {
            BasicValueEnum::PointerValue(p) => Ok(p),
            _ => Err(Fail::Llvm(format!("value {} is not a pointer", v.index()))),
        }
    }
    pub(crate) fn set_result(&mut self, op: OpId, i: usize, v: BasicValueEnum<'c>) {
        self.fs.vals.insert(self.ir.result(op, i), v);
    }
    pub(crate) fn func(&self) -> FunctionValue<'c> {
        self.fs.f.expect("emitting inside a function")
    }
    pub(crate) fn block(&self, name: &str) -> BasicBlock<'c> {
        self.cx.append_basic_block(self.func(), name)
    }
    pub(crate) fn current(&self) -> BasicBlock<'c> {
        self.b.get_insert_block().expect("builder positioned")
    }
    /// Phis of the given types at the start of `bb` (which must be empty).
    pub(crate) fn phis(&self, bb: BasicBlock<'c>, types: &[BasicTypeEnum<'c>]) -> R<Vec<PhiValue<'c>>> {
        let here = self.b.get_insert_block();
        self.b.position_at_end(bb);
        let phis = types.iter().map(|t| self.b.build_phi(*t, "")).collect::<Result<Vec<_>, _>>()?;
        if let Some(h) = here {
            self.b.position_at_end(h);
        }
        Ok(phis)
    }
    /// A stack slot in the entry block of the current function.
    pub(crate) fn entry_alloca(&self, t: BasicTypeEnum<'c>) -> R<PointerValue<'c>> {
        let here = self.current();
        let entry = self.func().get_first_basic_block().expect("function has an entry block");
        match entry.get_first_instruction() {
            Some(i) => self.b.position_before(&i),
            None => self.b.position_at_end(entry),
        }
        let p = self.b.build_alloca(t, "")?;
        self.b.position_at_end(here);
        Ok(p)
    }
    /// Calls `callee`; returns its value, if any.
    pub(crate) fn call(&self, callee: impl Callee, args: &[BasicValueEnum<'c>]) -> R<Option<BasicValueEnum<'c>>> {
        let name = callee.symbol();
        let Some(f) = self.m.get_function(name) else {
            return Err(Fail::Llvm(format!("the run-time support has no function {name}")));
        };
        if callee.arity().is_some_and(|n| n != args.len()) {
            return Err(Fail::Llvm(format!("{name} takes {:?} arguments, given {}", callee.arity(), args.len())));
        }
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|a| (*a).into()).collect();
        let site = self.b.build_call(f, &args, "")?;
        Ok(match site.try_as_basic_value() {
            ValueKind::Basic(v) => Some(v),
            _ => None,
        })
    }
    /// Calls `callee`, which returns a value.
    pub(crate) fn call_value(&self, callee: impl Callee, args: &[BasicValueEnum<'c>]) -> R<BasicValueEnum<'c>> {
        self.call(callee, args)?.ok_or_else(|| Fail::Llvm(format!("{} returns nothing", callee.symbol())))
    }
    pub(crate) fn i64(&self, v: i64) -> IntValue<'c> {
        self.cx.i64_type().const_int(v as u64, true)
    }

    /// Declares every `func.func` of the module.
    pub(crate) fn declare_functions(&mut self, module: OpId) -> R<()> {
        let body = self.ir.region(module, 0);
        for &blk in self.ir.region_blocks(body) {
            for f in self.ir.block_ops(blk) {
                if self.ir.op_name(f) != func::FUNC {
                    // Nothing else at the top level has code (an upstream
                    // pass's `llvm.func`, say): refused, never dropped.
                    return self.error(
                        f,
                        format!(
                            "cannot emit '{}' at the module's top level as LLVM IR: only func.func is",
                            self.ir.op_name(f)
                        ),
                    );
                }
                let name = symbol(self.ir, f);
                let Some(sig) = function_type(self.ir, f) else { return self.error(f, "function has no type") };
                let ty = self.llvm_fn_type(f, sig)?;
                // Functions with a body are internal (the entry wrappers are
                // the interface), so their names never clash with a library's;
                // LLVM renames them where they meet a run-time function's.
                let linkage = if is_declaration(self.ir, f) { Linkage::External } else { Linkage::Internal };
                // Code a target runs gets a name every target accepts; a
                // declaration names a library's function as it is.
                let llvm_name = if is_declaration(self.ir, f) { name.clone() } else { symbol_name(&name) };
                let lf = self.m.add_function(&llvm_name, ty, Some(linkage));
                self.funcs.insert(name, (lf, f));
            }
        }
        Ok(())
    }

    /// The LLVM type of functions of type `sig` (several results return as a
    /// struct); a type without an LLVM form fails at `at`.
    fn llvm_fn_type(&self, at: OpId, sig: &strata_ir::types::FunctionType) -> R<inkwell::types::FunctionType<'c>> {
        let params = sig
            .inputs
            .iter()
            .map(|t| self.lower_type(at, t).map(|t| t.into()))
            .collect::<R<Vec<BasicMetadataTypeEnum>>>()?;
        let results = sig.results.iter().map(|t| self.lower_type(at, t)).collect::<R<Vec<_>>>()?;
        Ok(match results.as_slice() {
            [] => self.cx.void_type().fn_type(&params, false),
            [one] => one.fn_type(&params, false),
            many => self.cx.struct_type(many, false).fn_type(&params, false),
        })
    }

    /// Emits the bodies of every function with one.
    pub(crate) fn define_functions(&mut self) -> R<()> {
        let mut funcs: Vec<(FunctionValue<'c>, OpId)> = self.funcs.values().copied().collect();
        funcs.sort_by_key(|(_, op)| *op);
        for (lf, f) in funcs {
            if is_declaration(self.ir, f) {
                continue;
            }
            self.fs = FnState { f: Some(lf), op: Some(f), ..FnState::default() };
            let entry = self.cx.append_basic_block(lf, "entry");
            self.b.position_at_end(entry);
            let args: Vec<BasicValueEnum> = lf.get_param_iter().collect();
            self.emit_region(self.ir.region(f, 0), &args)?;
        }
        Ok(())
    }

    /// Emits `region` starting in the current block, with `args` for its
    /// entry block's arguments. Other blocks get LLVM blocks whose phis
    /// stand for their arguments.
    pub(crate) fn emit_region(&mut self, region: RegionId, args: &[BasicValueEnum<'c>]) -> R<()> {
        let blocks = self.ir.region_blocks(region).to_vec();
        let Some((&entry, rest)) = blocks.split_first() else { return Ok(()) };
        for &blk in rest {
            let bb = self.block("bb");
            let types = self
                .ir
                .block_args(blk)
                .iter()
                .map(|v| self.lower_type_at(self.ir.value_type(*v)))
                .collect::<R<Vec<_>>>()?;
            let phis = self.phis(bb, &types)?;
            for (v, p) in self.ir.block_args(blk).iter().zip(&phis) {
                self.fs.vals.insert(*v, p.as_basic_value());
            }
            self.fs.blocks.insert(blk, (bb, phis));
        }
        for (v, a) in self.ir.block_args(entry).iter().zip(args) {
            self.fs.vals.insert(*v, *a);
        }
        self.emit_block(entry)?;
        for &blk in rest {
            let (bb, _) = self.fs.blocks[&blk];
            self.b.position_at_end(bb);
            self.emit_block(blk)?;
        }
        Ok(())
    }

    fn emit_block(&mut self, blk: BlockId) -> R<()> {
        for op in self.ir.block_ops(blk) {
            self.emit_op(op).map_err(|f| f.located(self.ir.op_loc(op)))?;
        }
        Ok(())
    }

    fn emit_op(&mut self, op: OpId) -> R<()> {
        let name = self.ir.op_kind(op);
        if let Some(a) = arith::ArithOp::with_kind(name, op) {
            return self.arith(a);
        }
        if let Some(p) = par::ParOp::with_kind(name, op) {
            return self.par(p);
        }
        if let Some(c) = cf::CfOp::with_kind(name, op) {
            return match c {
                cf::CfOp::Br(_) => self.branch(op, 0, 0, self.ir.operands(op).len()),
                cf::CfOp::CondBr(_) => self.cond_branch(op),
                cf::CfOp::Switch(_) => self.switch(op),
                cf::CfOp::Assert(_) => self.assert(op),
            };
        }
        match func::FuncOp::with_kind(name, op) {
            Some(func::FuncOp::Call(_)) => self.call_op(op),
            Some(func::FuncOp::Constant(_)) => self.function_value(op),
            Some(func::FuncOp::CallIndirect(_)) => self.call_indirect(op),
            Some(func::FuncOp::Return(_)) => self.ret(op),
            // Functions are emitted one by one, never nested.
            Some(func::FuncOp::Func(_)) | None => self.error(
                op,
                format!("cannot emit '{}' as LLVM IR: only the par, arith, cf and func dialects are (lower the program first, e.g. with --target=cpu; structured control flow with convert-scf-to-cf)", self.ir.op_name(op)),
            ),
        }
    }

    fn values(&self, vs: &[Value]) -> R<Vec<BasicValueEnum<'c>>> {
        vs.iter().map(|v| self.val(*v)).collect()
    }

    fn incoming(phis: &[PhiValue<'c>], vals: &[BasicValueEnum<'c>], from: BasicBlock<'c>) {
        for (p, v) in phis.iter().zip(vals) {
            p.add_incoming(&[(v as &dyn BasicValue, from)]);
        }
    }

    /// The `par.yield` ending a nested region: goes where the innermost exit says.
    pub(crate) fn terminate(&mut self, op: OpId) -> R<()> {
        let Some(exit) = self.fs.exits.last().cloned() else {
            return self.error(op, "terminator outside of a region the emitter knows");
        };
        match exit {
            Exit::Latch(latch) => {
                self.b.build_unconditional_branch(latch)?;
            }
            Exit::Return => {
                self.flush_pushes()?;
                self.b.build_return(None)?;
            }
        }
        Ok(())
    }

    /// Emits `region` with `args`, sending its terminators to `exit`.
    pub(crate) fn emit_nested(&mut self, region: RegionId, args: &[BasicValueEnum<'c>], exit: Exit<'c>) -> R<()> {
        self.fs.exits.push(exit);
        let r = self.emit_region(region, args);
        self.fs.exits.pop();
        r
    }

    /// Branches to successor `succ` with the operands `from..to`.
    fn branch(&mut self, op: OpId, succ: usize, from: usize, to: usize) -> R<()> {
        let target = self.ir.successors(op)[succ];
        let vals = self.values(&self.ir.operands(op)[from..to])?;
        let Some((bb, phis)) = self.fs.blocks.get(&target).cloned() else {
            return self.error(op, "branch to a block outside its region");
        };
        Self::incoming(&phis, &vals, self.current());
        self.b.build_unconditional_branch(bb)?;
        Ok(())
    }

    fn cond_branch(&mut self, op: OpId) -> R<()> {
        let seg = self
            .ir
            .prop(op, "operandSegmentSizes")
            .and_then(|a| a.as_dense_ints())
            .map(|s| s.to_vec())
            .unwrap_or_default();
        let [_, t, f] = seg[..] else { return self.error(op, "requires 'operandSegmentSizes' with three entries") };
        let cond = self.int_operand(op, 0)?;
        // Each successor gets its own edge block, so phis see distinct predecessors.
        let (tb, fb) = (self.block("br.true"), self.block("br.false"));
        self.b.build_conditional_branch(cond, tb, fb)?;
        self.b.position_at_end(tb);
        self.branch(op, 0, 1, 1 + t as usize)?;
        self.b.position_at_end(fb);
        self.branch(op, 1, 1 + t as usize, (1 + t + f) as usize)?;
        Ok(())
    }

    fn switch(&mut self, op: OpId) -> R<()> {
        let Some(cases) = strata_std::cf::switch_case_values(self.ir, op) else {
            return self.error(op, "'case_values' must be a dense vector of integers");
        };
        let flag = self.int_operand(op, 0)?;
        let n = self.ir.successors(op).len();
        // Each destination gets its own edge block, so phis see distinct predecessors.
        let edges: Vec<BasicBlock<'c>> =
            (0..n).map(|i| self.block(if i == 0 { "switch.default" } else { "switch.case" })).collect();
        // LLVM wants distinct case values: the first case of a value is the
        // one taken, as in the interpreter.
        let mut seen = std::collections::HashSet::new();
        let ty = flag.get_type();
        let pairs: Vec<_> = cases
            .iter()
            .enumerate()
            .filter(|(i, v)| seen.insert(**v) && i + 1 < n)
            .map(|(i, v)| {
                let words = [*v as u64, (*v >> 64) as u64];
                (ty.const_int_arbitrary_precision(&words), edges[i + 1])
            })
            .collect();
        self.b.build_switch(flag, edges[0], &pairs)?;
        for (i, edge) in edges.into_iter().enumerate() {
            self.b.position_at_end(edge);
            let r = strata_std::cf::switch_operands(self.ir, op, i);
            self.branch(op, i, r.start, r.end)?;
        }
        Ok(())
    }

    fn assert(&mut self, op: OpId) -> R<()> {
        let assert = strata_std::cf::op::Assert(op);
        let cond = self.int_val(assert.condition(self.ir))?;
        let msg = assert.msg(self.ir);
        let text = format!("{}: error: {msg}\n", self.ir.op_loc(op).short());
        let (ok, fail) = (self.block("assert.ok"), self.block("assert.fail"));
        self.b.build_conditional_branch(cond, ok, fail)?;
        self.b.position_at_end(fail);
        let s = self.b.build_global_string_ptr(&text, "")?;
        self.call(support::FAIL, &[s.as_pointer_value().into(), self.i64(text.len() as i64).into()])?;
        self.b.build_unreachable()?;
        self.b.position_at_end(ok);
        Ok(())
    }

    fn call_op(&mut self, op: OpId) -> R<()> {
        let callee = strata_ir::func::op::Call(op).callee(self.ir).as_flat_symbol().unwrap_or("").to_string();
        let Some((f, def)) = self.funcs.get(&callee).copied() else {
            return self.error(op, format!("call to unknown function '@{callee}'"));
        };
        // A GPU module is loaded alone: nothing links a declaration to code.
        if self.gpu && is_declaration(self.ir, def) {
            return self.error(
                op,
                format!(
                    "call to '@{callee}', which has no body: GPU code can only call functions defined in the program"
                ),
            );
        }
        let args: Vec<BasicMetadataValueEnum> =
            self.values(self.ir.operands(op))?.into_iter().map(|v| v.into()).collect();
        let site = self.b.build_call(f, &args, "")?;
        self.call_results(op, site)
    }

    /// `func.constant @f`: the address of `f`.
    fn function_value(&mut self, op: OpId) -> R<()> {
        let name = strata_ir::func::op::Constant(op).value(self.ir).as_flat_symbol().unwrap_or("").to_string();
        let Some((f, _)) = self.funcs.get(&name).copied() else {
            return self.error(op, format!("reference to unknown function '@{name}'"));
        };
        self.set_result(op, 0, f.as_global_value().as_pointer_value().into());
        Ok(())
    }

    /// `func.call_indirect %f(args)`: a call through the function's address.
    fn call_indirect(&mut self, op: OpId) -> R<()> {
        let callee = self.ir.operand(op, 0);
        let Some(sig) = self.ir.value_type(callee).as_function().cloned() else {
            return self.error(op, "the callee is not a function");
        };
        let ty = self.llvm_fn_type(op, &sig)?;
        let target = self.val(callee)?.into_pointer_value();
        let args: Vec<BasicMetadataValueEnum> =
            self.values(&self.ir.operands(op)[1..])?.into_iter().map(|v| v.into()).collect();
        let site = self.b.build_indirect_call(ty, target, &args, "")?;
        self.call_results(op, site)
    }

    /// The results of a call: the value returned, or the fields of the
    /// struct several results return in.
    fn call_results(&mut self, op: OpId, site: inkwell::values::CallSiteValue<'c>) -> R<()> {
        let n = self.ir.results(op).len();
        if let ValueKind::Basic(v) = site.try_as_basic_value() {
            if n == 1 {
                self.set_result(op, 0, v);
            } else {
                for i in 0..n {
                    let x = self.b.build_extract_value(v.into_struct_value(), i as u32, "")?;
                    self.set_result(op, i, x);
                }
            }
        }
        Ok(())
    }

    fn ret(&mut self, op: OpId) -> R<()> {
        let vals = self.values(self.ir.operands(op))?;
        match vals.as_slice() {
            [] => self.b.build_return(None)?,
            [one] => self.b.build_return(Some(one))?,
            many => self.b.build_aggregate_return(many)?,
        };
        Ok(())
    }

    /// Lowers a type, or fails at `op`.
    pub(crate) fn lower_type(&self, op: OpId, t: &Type) -> R<BasicTypeEnum<'c>> {
        match crate::types::value_type(self.cx, t) {
            Some(t) => Ok(t),
            None => self.error(op, unsupported_type(t)),
        }
    }

    /// Lowers a type where no operation is at hand (block arguments): a
    /// failure is reported at the function.
    fn lower_type_at(&self, t: &Type) -> R<BasicTypeEnum<'c>> {
        match self.fs.op {
            Some(f) => self.lower_type(f, t),
            None => crate::types::value_type(self.cx, t).ok_or_else(|| Fail::Llvm(unsupported_type(t))),
        }
    }
}

/// A function compiled code calls: one of the run-time support, declared
/// in [`strata_abi::support`] with its signature, or an external one by
/// its symbol (OpenMP's, an LLVM intrinsic).
pub(crate) trait Callee: Copy {
    /// Its symbol.
    fn symbol(self) -> &'static str;
    /// How many arguments it takes, where declared.
    fn arity(self) -> Option<usize>;
}

impl Callee for strata_abi::support::SupportFn {
    fn symbol(self) -> &'static str {
        self.name
    }
    fn arity(self) -> Option<usize> {
        Some(self.params.len())
    }
}

impl Callee for &'static str {
    fn symbol(self) -> &'static str {
        self
    }
    fn arity(self) -> Option<usize> {
        None
    }
}
