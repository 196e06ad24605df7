//! The phase profile (`strata_abi::profile`), when the options ask for it:
//! the master reads the clock at every site (`strata.profile_mark` in
//! `runtime.ll`) and the module exports the sites' totals and
//! descriptions.
//!
//! Sites are numbered as they are emitted, so the words' size is known
//! only at the end: marks call `strata.profile_site(site)` and entries
//! `strata.profile_begin()`, internal functions that
//! [`Emitter::finish_profile`] defines once the words exist.

use inkwell::module::Linkage;
use inkwell::values::FunctionValue;
use inkwell::AddressSpace;
use strata_abi::profile::{PROFILE, PROFILE_SITES};
use strata_abi::support;
use strata_ir::OpId;

use crate::emitter::{Emitter, R};

/// The internal function a mark calls with its site's number.
const SITE_FN: &str = support::emitted::PROFILE_SITE;
/// The internal function an entry calls as it starts.
const START_FN: &str = support::emitted::PROFILE_BEGIN;

/// The phase a site ends: what the time spent since the site before covers.
#[derive(Clone, Copy)]
pub(crate) enum Phase {
    /// At the start of a `par.parallel`'s body: the serial code before the
    /// region and the barrier that starts it.
    Serial,
    /// After a work-sharing `par.for` and its barrier.
    Loop,
    /// After a `par.barrier`: the region's code before it.
    Barrier,
    /// After a `par.parallel`'s closing barrier: its code after its last
    /// barrier.
    RegionEnd,
    /// When an entry returns: the serial code after its last region (or
    /// all of it).
    Return,
}

impl Phase {
    fn describe(self) -> &'static str {
        match self {
            Phase::Serial => "par.parallel: serial code before it, and its start",
            Phase::Loop => "par.for: the loop, and its barrier",
            Phase::Barrier => "par.barrier: the region's code before it",
            Phase::RegionEnd => "par.parallel: its code after its last barrier",
            Phase::Return => "return: serial code after the last region",
        }
    }
}

/// The descriptions of the sites emitted so far, in their order.
#[derive(Default)]
pub(crate) struct Profile {
    sites: Vec<String>,
}

impl<'c> Emitter<'_, 'c> {
    /// With profiling, a site at the builder's place, ending `phase` of
    /// `op`, in the region the builder is in (the function, outside regions).
    pub(crate) fn profile_mark(&mut self, op: OpId, phase: Phase) -> R<()> {
        let unit = self.func().get_name().to_string_lossy().into_owned();
        self.profile_mark_in(op, phase, &unit)
    }

    /// With profiling, a site at the builder's place, ending `phase` of
    /// `op`, in `unit`: the outlined region (`F.parN`) or the function.
    pub(crate) fn profile_mark_in(&mut self, op: OpId, phase: Phase, unit: &str) -> R<()> {
        let place = self.ir.op_loc(op).short();
        let Some(p) = self.profile.as_mut() else { return Ok(()) };
        let site = p.sites.len() as i64;
        p.sites.push(format!("{place}\t{unit}\t{}", phase.describe()));
        let f = self.profile_fn(SITE_FN, true);
        self.b.build_call(f, &[self.i64(site).into()], "")?;
        Ok(())
    }

    /// With profiling, the master's first reading of the clock, as an entry starts.
    pub(crate) fn profile_start(&mut self) -> R<()> {
        if self.profile.is_some() {
            let f = self.profile_fn(START_FN, false);
            self.b.build_call(f, &[], "")?;
        }
        Ok(())
    }

    /// The internal function `name` (taking a site's number when `site`),
    /// declared at its first use and defined by [`Emitter::finish_profile`].
    fn profile_fn(&self, name: &str, site: bool) -> FunctionValue<'c> {
        self.m.get_function(name).unwrap_or_else(|| {
            let params = if site { vec![self.cx.i64_type().into()] } else { Vec::new() };
            let t = self.cx.void_type().fn_type(&params, false);
            self.m.add_function(name, t, Some(Linkage::Internal))
        })
    }

    /// With profiling, once everything is emitted: the words, sized for the
    /// sites, the sites' descriptions, and the bodies of the functions the
    /// marks call.
    pub(crate) fn finish_profile(&mut self) -> R<()> {
        let Some(p) = self.profile.take() else { return Ok(()) };
        let words_t = self.cx.i64_type().array_type(1 + 2 * p.sites.len() as u32);
        let words = self.m.add_global(words_t, Some(AddressSpace::default()), PROFILE);
        words.set_initializer(&words_t.const_zero());
        let text = self.cx.const_string(p.sites.join("\n").as_bytes(), true);
        let descriptions = self.m.add_global(text.get_type(), Some(AddressSpace::default()), PROFILE_SITES);
        descriptions.set_initializer(&text);
        descriptions.set_constant(true);
        let words = words.as_pointer_value();
        for (name, callee) in [(START_FN, support::PROFILE_START), (SITE_FN, support::PROFILE_MARK)] {
            let Some(f) = self.m.get_function(name) else { continue };
            self.b.position_at_end(self.cx.append_basic_block(f, "entry"));
            let mut args = vec![words.into()];
            args.extend(f.get_nth_param(0));
            self.call(callee, &args)?;
            self.b.build_return(None)?;
        }
        Ok(())
    }
}
