//! Compiled code on an NVIDIA GPU as a backend.

use std::rc::Rc;
use std::time::{Duration, Instant};

use strata_abi::HostValue;
use strata_graph::Graph;

use crate::{Backend, DriverError, Program, Runs};

/// A program compiled to PTX and loaded on the GPU, with the graph on the
/// device.
pub struct GpuBackend {
    /// The lowered program, for entry signatures.
    program: Program,
    loaded: strata_gpu::Program,
    graph: Option<strata_gpu::DeviceGraph>,
    /// The graph's copy to the device, counted in the next run's transfers.
    upload: Duration,
}

impl GpuBackend {
    /// Compiles the lowered `program` to PTX for the GPU `device` and loads
    /// it there; `min_blocks` overrides [`strata_llvm::GpuOptions::min_blocks`],
    /// and with `profile` the program keeps a phase profile.
    pub fn compile(
        mut program: Program,
        device: &strata_gpu::Device,
        min_blocks: Option<u32>,
        profile: bool,
    ) -> Result<GpuBackend, DriverError> {
        let mut options = strata_llvm::GpuOptions::for_device(&device.arch);
        options.min_blocks = min_blocks.unwrap_or(options.min_blocks);
        options.profile = profile;
        let ptx = program.compile_gpu(&options, strata_llvm::Emit::Assembly)?;
        let loaded = strata_gpu::Program::load(&ptx)?;
        Ok(GpuBackend { program, loaded, graph: None, upload: Duration::ZERO })
    }
    /// The GPU's name.
    pub fn device_name(&self) -> &str {
        self.loaded.device_name()
    }
    /// The GPU's read bandwidth in bytes a second (the runner's probe
    /// kernel summing `bytes`, median of `repeat` launches).
    pub fn read_bandwidth(&self, bytes: usize, repeat: usize) -> Result<f64, DriverError> {
        Ok(self.loaded.read_bandwidth(bytes, repeat)?)
    }
    /// The seconds the GPU takes to sum the words at `indices` of a table
    /// of `table_words` 64-bit words (the runner's gather probe, median of
    /// `repeat` launches).
    pub fn gather_time(&self, indices: &[u32], table_words: usize, repeat: usize) -> Result<f64, DriverError> {
        Ok(self.loaded.gather_time(indices, table_words, repeat)?)
    }
}

impl Backend for GpuBackend {
    fn name(&self) -> &'static str {
        "gpu"
    }
    fn set_graph(&mut self, graph: Rc<Graph>) -> Result<(), DriverError> {
        let image = strata_graph::image(&graph);
        let t0 = Instant::now();
        self.graph = Some(self.loaded.upload(&image)?);
        self.upload = t0.elapsed();
        Ok(())
    }
    fn run(&mut self, entry: &str, args: &[HostValue], repeat: usize) -> Result<Runs, DriverError> {
        let (inputs, results) = self.program.entry_slots(entry, "GPU")?;
        let runs = self.loaded.run(entry, &inputs, &results, args, self.graph.as_ref(), repeat)?;
        let mut transfers = runs.transfers;
        if let Some(first) = transfers.first_mut() {
            *first += std::mem::take(&mut self.upload);
        }
        Ok(Runs { results: runs.results, times: runs.kernel, transfers, profile: self.loaded.profile()? })
    }
}
