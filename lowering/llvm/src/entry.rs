//! The exported interface of a module (see [`strata_abi`]): one entry
//! per public function.
//!
//! - CPU: `_strata_entry_f(args, results)` calls `f`, on a team kept
//!   across its parallel regions (`strata.call_on_team` in `cpu.ll`) when
//!   it reaches one; the module also exports `_strata_set_threads` and
//!   `_strata_free`.
//! - GPU: `_strata_entry_f(args, results)` is a kernel for a cooperative
//!   launch. Thread 0 of the grid (the master) calls `f`; every other
//!   thread waits at a grid barrier, reads the dispatch word the master
//!   set, runs that parallel region with the frame the master filled, and
//!   meets the master at the barrier after it, until the dispatch word says
//!   the function has returned. The master also has the grid fill large
//!   blocks of memory it clears outside regions (`strata.mem_fill`).
//!   `_strata_copy` and `_strata_free` (in `gpu.ll`) let the runner read
//!   and release buffers from the device heap.

use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, PointerValue, ValueKind};
use inkwell::{AddressSpace, AtomicOrdering, IntPredicate};
use strata_abi::support;
use strata_abi::{entry_symbol, FREE, SET_THREADS};
use strata_ir::func::{function_type, is_declaration};
use strata_ir::types::{FloatKind, Type};
use strata_ir::OpId;

use crate::emitter::{Callee, Emitter, Fail, R};
use crate::parallel::DISPATCH_FILL;
use crate::profile::Phase;

/// LLVM's calling convention for PTX kernels (`.entry` functions).
pub(crate) const PTX_KERNEL: u32 = 71;

impl<'a, 'c> Emitter<'a, 'c> {
    /// The public functions with a body, in the module's order.
    fn public_functions(&self) -> Vec<(String, FunctionValue<'c>, OpId)> {
        let mut funcs: Vec<_> = self.funcs.iter().map(|(n, (lf, op))| (n.clone(), *lf, *op)).collect();
        funcs.sort_by_key(|f| f.2);
        funcs.retain(|(_, _, op)| {
            let has_body = !is_declaration(self.ir, *op);
            let private = self.ir.prop(*op, "sym_visibility").and_then(|a| a.as_str()) == Some("private");
            has_body && !private && function_type(self.ir, *op).is_some()
        });
        funcs
    }

    /// The IR functions `root` runs: itself and those it calls, directly or
    /// not.
    fn reachable_functions(&self, root: OpId) -> std::collections::HashSet<OpId> {
        let mut seen = std::collections::HashSet::from([root]);
        let mut work = vec![root];
        while let Some(f) = work.pop() {
            let mut callees = Vec::new();
            let mut symbols = strata_ir::symbols::SymbolTableCollection::new();
            self.ir.walk_pre(f, &mut |o| callees.extend(strata_ir::func::possible_callees(self.ir, o, &mut symbols)));
            for def in callees {
                if seen.insert(def) {
                    work.push(def);
                }
            }
        }
        seen
    }

    /// Whether the IR function `f` holds a `par.parallel`.
    fn has_parallel_region(&self, f: OpId) -> bool {
        let mut found = false;
        self.ir.walk_pre(f, &mut |o| found |= self.ir.op_name(o) == strata_par_dialect::op::PARALLEL);
        found
    }

    /// Calls `lf` (the IR function `op`) with the arguments in the slots at
    /// `args_p` and stores its results in the slots at `results_p`.
    fn call_with_slots(
        &mut self,
        lf: FunctionValue<'c>,
        op: OpId,
        args_p: PointerValue<'c>,
        results_p: PointerValue<'c>,
    ) -> R<()> {
        let i64t = self.cx.i64_type();
        let Some(sig) = function_type(self.ir, op).cloned() else { return self.error(op, "function has no type") };
        if let Some(t) = sig.inputs.iter().chain(&sig.results).find(|t| !fits_a_slot(t)) {
            return self.error(
                op,
                format!(
                    "an entry cannot take or return {t}: values cross the host interface in 64-bit slots \
                     (declare the function private to keep it out of the interface)"
                ),
            );
        }
        let mut args: Vec<BasicMetadataValueEnum> = Vec::new();
        for (i, t) in sig.inputs.iter().enumerate() {
            let lt = self.lower_type(op, t)?;
            let slot = self.element_ptr(i64t.into(), args_p, self.i64(i as i64))?;
            let v: BasicValueEnum = match lt {
                BasicTypeEnum::IntType(it) => {
                    let word = self.b.build_load(i64t, slot, "")?.into_int_value();
                    self.b.build_int_truncate_or_bit_cast(word, it, "")?.into()
                }
                other => self.b.build_load(other, slot, "")?,
            };
            args.push(v.into());
        }
        let site = self.b.build_call(lf, &args, "")?;
        let results: Vec<BasicValueEnum> = match site.try_as_basic_value() {
            ValueKind::Basic(v) if sig.results.len() == 1 => vec![v],
            ValueKind::Basic(v) => (0..sig.results.len())
                .map(|i| self.b.build_extract_value(v.into_struct_value(), i as u32, ""))
                .collect::<Result<_, _>>()?,
            _ => Vec::new(),
        };
        for (i, v) in results.into_iter().enumerate() {
            let slot = self.element_ptr(i64t.into(), results_p, self.i64(i as i64))?;
            let v: BasicValueEnum = match v {
                BasicValueEnum::IntValue(x) if x.get_type().get_bit_width() == 1 => {
                    self.b.build_int_z_extend(x, i64t, "")?.into()
                }
                BasicValueEnum::IntValue(x) if x.get_type().get_bit_width() < 64 => {
                    self.b.build_int_s_extend(x, i64t, "")?.into()
                }
                v => v,
            };
            self.b.build_store(slot, v)?;
        }
        Ok(())
    }

    /// Adds the module's interface: the entries of the target, and on the
    /// CPU `_strata_set_threads` and `_strata_free`.
    pub(crate) fn define_entries(&mut self) -> R<()> {
        if self.gpu {
            return self.define_kernels();
        }
        let ptr_t = self.cx.ptr_type(AddressSpace::default());
        let entry_t = self.cx.void_type().fn_type(&[ptr_t.into(), ptr_t.into()], false);
        for (name, lf, op) in self.public_functions() {
            // With parallel regions, the body runs on a team kept across
            // them (`strata.call_on_team`).
            let kept = self.reachable_functions(op).into_iter().any(|f| self.has_parallel_region(f));
            let symbol = entry_symbol(&name);
            let body_name = if kept { format!("{symbol}.body") } else { symbol.clone() };
            let linkage = kept.then_some(inkwell::module::Linkage::Internal);
            let body = self.m.add_function(&body_name, entry_t, linkage);
            self.fs.f = Some(body);
            let entry = self.cx.append_basic_block(body, "entry");
            self.b.position_at_end(entry);
            let (args_p, results_p) = (
                body.get_nth_param(0).expect("args").into_pointer_value(),
                body.get_nth_param(1).expect("results").into_pointer_value(),
            );
            self.profile_start()?;
            self.call_with_slots(lf, op, args_p, results_p)?;
            self.profile_mark_in(op, Phase::Return, &name)?;
            self.b.build_return(None)?;
            if kept {
                let w = self.m.add_function(&symbol, entry_t, None);
                self.fs.f = Some(w);
                let entry = self.cx.append_basic_block(w, "entry");
                self.b.position_at_end(entry);
                let body_ptr = body.as_global_value().as_pointer_value();
                let (args_p, results_p) = (w.get_nth_param(0).expect("args"), w.get_nth_param(1).expect("results"));
                self.call(support::CALL_ON_TEAM, &[body_ptr.into(), args_p, results_p])?;
                self.b.build_return(None)?;
            }
        }

        self.forward(SET_THREADS, self.cx.i32_type().into(), "omp_set_num_threads")?;
        self.forward(FREE, ptr_t.into(), support::FREE)
    }

    /// Exports `name(x: param)`, which calls the run-time function `callee(x)`.
    fn forward(&mut self, name: &str, param: BasicMetadataTypeEnum<'c>, callee: impl Callee) -> R<()> {
        let f = self.m.add_function(name, self.cx.void_type().fn_type(&[param], false), None);
        self.fs.f = Some(f);
        let entry = self.cx.append_basic_block(f, "entry");
        self.b.position_at_end(entry);
        self.call(callee, &[f.get_nth_param(0).expect("one parameter")])?;
        self.b.build_return(None)?;
        Ok(())
    }

    /// GPU: one cooperative kernel per public function (see the module's notes).
    fn define_kernels(&mut self) -> R<()> {
        let ptr_t = self.cx.ptr_type(AddressSpace::default());
        let i32t = self.cx.i32_type();
        let dispatch = self.dispatch()?;
        for (name, lf, op) in self.public_functions() {
            let k = self.m.add_function(
                &entry_symbol(&name),
                self.cx.void_type().fn_type(&[ptr_t.into(), ptr_t.into()], false),
                None,
            );
            k.set_call_conventions(PTX_KERNEL);
            self.fs.f = Some(k);
            let entry = self.cx.append_basic_block(k, "entry");
            let (master, worker, wait, run, done) =
                (self.block("master"), self.block("worker"), self.block("wait"), self.block("run"), self.block("done"));
            self.b.position_at_end(entry);
            let tid = self.call_value(support::GPU_THREAD_ID, &[])?.into_int_value();
            let first = self.b.build_int_compare(IntPredicate::EQ, tid, self.i64(0), "")?;
            self.b.build_conditional_branch(first, master, worker)?;

            self.b.position_at_end(master);
            let (args_p, results_p) = (
                k.get_nth_param(0).expect("args").into_pointer_value(),
                k.get_nth_param(1).expect("results").into_pointer_value(),
            );
            self.profile_start()?;
            self.call_with_slots(lf, op, args_p, results_p)?;
            self.profile_mark_in(op, Phase::Return, &name)?;
            self.set_dispatch(0)?;
            self.call(support::GRID_SYNC, &[])?;
            self.b.build_unconditional_branch(done)?;

            self.b.position_at_end(worker);
            self.b.build_unconditional_branch(wait)?;
            self.b.position_at_end(wait);
            self.call(support::GRID_SYNC, &[])?;
            let word = self.b.build_load(i32t, dispatch, "")?;
            let load = word.as_instruction_value().ok_or_else(|| Fail::Llvm("load without an instruction".into()))?;
            load.set_alignment(4).map_err(|e| Fail::Llvm(e.to_string()))?;
            load.set_atomic_ordering(AtomicOrdering::Monotonic).map_err(|e| Fail::Llvm(e.to_string()))?;
            // Only the regions this entry can reach: every kernel holding
            // every region made code grow with the square of the program.
            let reachable = self.reachable_functions(op);
            let mut cases = Vec::new();
            for (i, (region, frame, owner)) in self.regions.clone().into_iter().enumerate() {
                if !reachable.contains(&owner) {
                    continue;
                }
                let bb = self.block("region");
                self.b.position_at_end(bb);
                self.b.build_call(region, &[frame.as_pointer_value().into()], "")?;
                self.b.build_unconditional_branch(run)?;
                cases.push((i32t.const_int(i as u64 + 1, false), bb));
            }
            // The master's fills (`strata.mem_fill`): every thread its share.
            let fill = self.block("fill");
            self.b.position_at_end(fill);
            self.call(support::GRID_FILL_SHARE, &[])?;
            self.b.build_unconditional_branch(run)?;
            cases.push((i32t.const_int(DISPATCH_FILL, false), fill));
            self.b.position_at_end(wait);
            self.b.build_switch(word.into_int_value(), done, &cases)?;
            self.b.position_at_end(run);
            self.call(support::GRID_SYNC, &[])?;
            self.b.build_unconditional_branch(wait)?;

            self.b.position_at_end(done);
            self.b.build_return(None)?;
        }
        Ok(())
    }
}

/// Whether a value of type `t` crosses the host interface in a 64-bit slot:
/// integers up to 64 bits, `index`, floats up to `f64`, and handles (the
/// graph, buffers, queues).
fn fits_a_slot(t: &Type) -> bool {
    match t {
        Type::Integer { width, .. } => *width <= 64,
        Type::Float(k) => !matches!(k, FloatKind::F80 | FloatKind::F128),
        Type::Index | Type::Dialect(_) => true,
        _ => false,
    }
}
