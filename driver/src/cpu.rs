//! Compiled code on this machine's processor as a backend.

use std::rc::Rc;

use strata_abi::{GraphImage, HostValue};
use strata_graph::Graph;

use crate::{Backend, DriverError, Program, Runs};

/// A program compiled for this CPU, loaded, with the graph laid out.
pub struct CpuBackend {
    /// The lowered program, for entry signatures.
    program: Program,
    loaded: strata_cpu::Program,
    image: Option<GraphImage>,
}

impl CpuBackend {
    /// Compiles the lowered `program` with `options` and loads it.
    pub fn compile(mut program: Program, options: &strata_llvm::Options) -> Result<CpuBackend, DriverError> {
        let object = program.compile_cpu(options, strata_llvm::Emit::Object)?;
        let loaded = strata_cpu::Program::load(&object)?;
        Ok(CpuBackend { program, loaded, image: None })
    }
    /// Sets the number of threads of later runs' parallel regions.
    pub fn set_threads(&self, n: u32) -> Result<(), DriverError> {
        Ok(self.loaded.set_threads(n)?)
    }
}

impl Backend for CpuBackend {
    fn name(&self) -> &'static str {
        "cpu"
    }
    fn set_graph(&mut self, graph: Rc<Graph>) -> Result<(), DriverError> {
        self.image = Some(strata_graph::image(&graph));
        Ok(())
    }
    fn run(&mut self, entry: &str, args: &[HostValue], repeat: usize) -> Result<Runs, DriverError> {
        let (inputs, results) = self.program.entry_slots(entry, "CPU")?;
        let (results, times) = self.loaded.run(entry, &inputs, &results, args, self.image.as_ref(), repeat)?;
        Ok(Runs { results, times, transfers: Vec::new(), profile: self.loaded.profile()? })
    }
}
