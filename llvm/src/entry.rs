//! The exported interface of a CPU object (see [`strata_cpu::abi`]): one
//! entry wrapper per public function, and the thread-count and free helpers.

use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, ValueKind};
use inkwell::AddressSpace;
use strata_cpu::abi::{ENTRY_PREFIX, FREE, SET_THREADS};

use strata_ir::func::function_type;

use crate::emitter::{Emitter, R};

impl<'a, 'c> Emitter<'a, 'c> {
    /// Adds `_strata_entry_f(args, results)` for every public function `f`
    /// with a body, and the module's `_strata_set_threads` and `_strata_free`.
    pub(crate) fn define_entries(&mut self) -> R<()> {
        let ptr_t = self.cx.ptr_type(AddressSpace::default());
        let i64t = self.cx.i64_type();
        let mut funcs: Vec<_> = self.funcs.iter().map(|(n, (lf, op))| (n.clone(), *lf, *op)).collect();
        funcs.sort_by_key(|f| f.2);
        for (name, lf, op) in funcs {
            let has_body = !self.ir.region_blocks(self.ir.region(op, 0)).is_empty();
            let private = self.ir.prop(op, "sym_visibility").and_then(|a| a.as_str()) == Some("private");
            if !has_body || private {
                continue;
            }
            let Some(sig) = function_type(self.ir, op).cloned() else { continue };
            let w = self.m.add_function(&format!("{ENTRY_PREFIX}{name}"), self.cx.void_type().fn_type(&[ptr_t.into(), ptr_t.into()], false), None);
            self.fs.f = Some(w);
            let entry = self.cx.append_basic_block(w, "entry");
            self.b.position_at_end(entry);
            let (args_p, results_p) = (w.get_nth_param(0).expect("args").into_pointer_value(), w.get_nth_param(1).expect("results").into_pointer_value());
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
                ValueKind::Basic(v) => (0..sig.results.len()).map(|i| self.b.build_extract_value(v.into_struct_value(), i as u32, "")).collect::<Result<_, _>>()?,
                _ => Vec::new(),
            };
            for (i, v) in results.into_iter().enumerate() {
                let slot = self.element_ptr(i64t.into(), results_p, self.i64(i as i64))?;
                let v: BasicValueEnum = match v {
                    BasicValueEnum::IntValue(x) if x.get_type().get_bit_width() == 1 => self.b.build_int_z_extend(x, i64t, "")?.into(),
                    BasicValueEnum::IntValue(x) if x.get_type().get_bit_width() < 64 => self.b.build_int_s_extend(x, i64t, "")?.into(),
                    v => v,
                };
                self.b.build_store(slot, v)?;
            }
            self.b.build_return(None)?;
        }

        let i32t = self.cx.i32_type();
        let set = self.m.add_function(SET_THREADS, self.cx.void_type().fn_type(&[i32t.into()], false), None);
        self.fs.f = Some(set);
        let entry = self.cx.append_basic_block(set, "entry");
        self.b.position_at_end(entry);
        self.call("omp_set_num_threads", &[set.get_nth_param(0).expect("n")])?;
        self.b.build_return(None)?;

        let free = self.m.add_function(FREE, self.cx.void_type().fn_type(&[ptr_t.into()], false), None);
        self.fs.f = Some(free);
        let entry = self.cx.append_basic_block(free, "entry");
        self.b.position_at_end(entry);
        self.call("strata.free", &[free.get_nth_param(0).expect("buffer")])?;
        self.b.build_return(None)?;
        Ok(())
    }
}
