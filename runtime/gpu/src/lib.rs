//! The GPU backend's run-time side: loads the PTX the compiler writes
//! through the CUDA driver API (found when the program runs, so a machine
//! without a GPU builds and runs everything else), copies the graph to the
//! device in the layout of [`strata_abi`], launches an entry kernel
//! cooperatively on as many blocks as fit on the GPU at once, and reads the
//! results back as host values (so every backend prints and compares them
//! alike).
//!
//! Buffers the program allocates come from a pool of driver memory the
//! runner hands to every launch (see [`Pool`]), so results come back with
//! the driver's copies, one for a buffer's length and one for its data.
//! Only when the pool is used up do kernels fall back to the device heap
//! (`malloc` in kernels), which the driver's copies cannot reach: the
//! module's `_strata_copy` kernel moves such a buffer into driver memory
//! first, and `_strata_free` releases it. `_strata_read_probe` measures the
//! GPU's read bandwidth ([`Program::read_bandwidth`]), `_strata_gather_probe`
//! how fast it gathers words at random ([`Program::gather_time`]).

mod driver;
pub mod error;

pub use error::GpuError;

use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use strata_abi::profile::{decode_profile, ProfileSite, PROFILE, PROFILE_SITES};
use strata_abi::slots::{argument_slots, decode_buffer, decode_slot, returned_buffers};
use strata_abi::{
    entry_symbol, GraphImage, HostValue, ScalarType, SlotType, FREE, GPU_BLOCK_THREADS, HEADER_BYTES, POOL,
};

use driver::{DeviceMemory, Global, Gpu, Kernel, Module, Timer};

/// The module's kernel that copies bytes (see `lowering/llvm/src/gpu.ll`).
const COPY: &str = "_strata_copy";
/// The module's kernel that reads a buffer for the bandwidth probe.
const READ_PROBE: &str = "_strata_read_probe";
/// The module's kernel that gathers words at random for the gather probe.
const GATHER_PROBE: &str = "_strata_gather_probe";
/// Threads per block of every launch.
const BLOCK: u32 = GPU_BLOCK_THREADS;

/// The graph on the device: its arrays and a descriptor pointing at them.
pub struct DeviceGraph {
    descriptor: DeviceMemory,
    data: Vec<u64>,
    _arrays: Vec<DeviceMemory>,
}

impl DeviceGraph {
    fn owns(&self, p: u64) -> bool {
        self.data.contains(&p)
    }
}

/// The smallest pool worth reserving: below it, kernels use the heap alone.
const MIN_POOL: usize = 64 << 20;
/// The environment variable that sizes the pool in bytes.
const POOL_VARIABLE: &str = "STRATA_GPU_POOL";

/// The device memory kernels allocate from (GRapid's pooled allocator):
/// one driver allocation, made when the process loads its first program,
/// whose bounds every launch finds in the module's [`POOL`] words, `next`
/// reset to the start. Blocks are cut from it with an atomic add (see
/// `lowering/llvm/src/gpu.ll`); a run holds the pool from its launch until
/// its results are read, so the runs of a process's programs take turns
/// (the GPU runs one cooperative kernel at a time anyway).
struct Pool {
    // Keeps the primary context, and with it the pool and the heap's size,
    // for the rest of the process.
    _gpu: Gpu,
    /// The allocation; `None` when the driver would not give [`MIN_POOL`].
    memory: Option<DeviceMemory>,
    bytes: usize,
    turn: Mutex<()>,
}

impl Pool {
    /// Sizes the device heap at an eighth of the GPU's free memory (its
    /// size is fixed once a kernel has used it) and reserves the pool:
    /// `$STRATA_GPU_POOL` bytes when set (0: none), else half of that free
    /// memory, or as much as the driver gives, halving down to [`MIN_POOL`].
    fn reserve() -> Result<Pool, GpuError> {
        let asked = match std::env::var(POOL_VARIABLE) {
            Ok(v) => Some(v.trim().parse::<usize>().map_err(|_| GpuError::PoolSize(POOL_VARIABLE, v.clone()))?),
            Err(_) => None,
        };
        let gpu = Gpu::open()?;
        let (free, _) = gpu.memory()?;
        gpu.set_heap(free / 8)?;
        let (memory, bytes) = match asked {
            Some(0) => (None, 0),
            Some(bytes) => (Some(DeviceMemory::new(bytes)?), bytes),
            None => {
                let mut bytes = free / 2;
                loop {
                    if bytes < MIN_POOL {
                        break (None, 0);
                    }
                    if let Ok(m) = DeviceMemory::new(bytes) {
                        break (Some(m), bytes);
                    }
                    bytes /= 2;
                }
            }
        };
        Ok(Pool { _gpu: gpu, memory, bytes, turn: Mutex::new(()) })
    }

    /// The module's pool words for a launch: `{ base, next, end }`, all 0
    /// without a pool.
    fn words(&self) -> [u64; 3] {
        let base = self.memory.as_ref().map_or(0, |m| m.ptr);
        let end = base + self.bytes as u64;
        [base, base, end]
    }

    /// Whether the device address `p` lies in the pool.
    fn owns(&self, p: u64) -> bool {
        let [base, _, end] = self.words();
        (base..end).contains(&p)
    }
}

/// A program loaded on the GPU. Programs of one process share the GPU's
/// primary context, its heap and the [`Pool`].
pub struct Program {
    // Dropped before the context the GPU holds.
    module: Module,
    copy: Kernel,
    /// The module's [`POOL`] words.
    pool_words: Global,
    /// The phase profile's words and sites, when the program keeps one.
    profile: Option<(Global, Global)>,
    pool: &'static Pool,
    gpu: Gpu,
}

/// The results and timings of [`Program::run`].
pub struct Runs {
    /// The last run's results.
    pub results: Vec<HostValue>,
    /// The kernel's time in each run (CUDA events around the launch).
    pub kernel: Vec<Duration>,
    /// The time of each run's copies: results back (and the release of the
    /// results' buffers of the heap), not their decoding into host values;
    /// the first run's also counts the arguments' copy to the device, made
    /// once.
    pub transfers: Vec<Duration>,
}

impl Program {
    /// Opens the first GPU, reserves the process's [`Pool`] and heap when
    /// it has none yet, and loads `ptx`. Without a driver or a GPU this
    /// fails with a message saying so.
    pub fn load(ptx: &[u8]) -> Result<Program, GpuError> {
        static POOL_OF_PROCESS: OnceLock<Result<Pool, GpuError>> = OnceLock::new();
        let gpu = Gpu::open()?;
        let pool = POOL_OF_PROCESS.get_or_init(Pool::reserve).as_ref().map_err(Clone::clone)?;
        let module = Module::load(ptx)?;
        let copy = module.kernel(COPY)?;
        let pool_words = module.global(POOL)?;
        if pool_words.bytes != 24 {
            return Err(GpuError::Contract(format!(
                "error: the PTX's '{POOL}' is {} bytes, not three 64-bit words",
                pool_words.bytes
            )));
        }
        let profile = module.global(PROFILE).ok().zip(module.global(PROFILE_SITES).ok());
        Ok(Program { module, copy, pool_words, pool, gpu, profile })
    }

    /// The GPU's name.
    pub fn device_name(&self) -> &str {
        &self.gpu.name
    }

    /// Copies a laid-out graph to the device.
    pub fn upload(&self, image: &GraphImage) -> Result<DeviceGraph, GpuError> {
        let arrays: Vec<DeviceMemory> = image.arrays().map(DeviceMemory::from_words).collect::<Result<_, _>>()?;
        let data: Vec<u64> = arrays.iter().map(|a| a.ptr + HEADER_BYTES as u64).collect();
        let mut words = image.scalar_fields().to_vec();
        words.extend(&data);
        let descriptor = DeviceMemory::from_words(&words)?;
        Ok(DeviceGraph { descriptor, data, _arrays: arrays })
    }

    /// Runs the entry kernel of `name` (argument and result slots `inputs`
    /// and `results`) with `args` `repeat` times (at least once).
    pub fn run(
        &self,
        name: &str,
        inputs: &[SlotType],
        results: &[SlotType],
        args: &[HostValue],
        graph: Option<&DeviceGraph>,
        repeat: usize,
    ) -> Result<Runs, GpuError> {
        let slots = argument_slots(args, inputs, graph.map(|g| g.descriptor.ptr)).map_err(GpuError::Contract)?;
        let entry = self.module.kernel(&entry_symbol(name))?;
        let free = self.module.kernel(FREE)?;
        let per_sm = entry.blocks_per_multiprocessor(BLOCK)?;
        if per_sm == 0 {
            return Err(GpuError::KernelTooLarge(name.to_string(), self.gpu.name.clone(), BLOCK));
        }
        let blocks = per_sm * self.gpu.multiprocessors;
        let timer = Timer::new()?;
        let mut runs = Runs { results: Vec::new(), kernel: Vec::new(), transfers: Vec::new() };
        // The argument slots are the same for every run, and every run
        // writes all result slots: both are laid out once.
        let t0 = Instant::now();
        let args_m = DeviceMemory::from_words(&slots)?;
        let results_m = DeviceMemory::new(results.len() * 8)?;
        let mut staged = t0.elapsed();
        let _turn = self.pool.turn.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((words, _)) = &self.profile {
            words.write(&vec![0; words.bytes / 8])?;
        }
        for _ in 0..repeat.max(1) {
            self.pool_words.write(&self.pool.words())?;
            timer.start()?;
            entry.launch(blocks, BLOCK, &[args_m.ptr, results_m.ptr], true)?;
            runs.kernel.push(Duration::from_secs_f64(timer.stop()?));
            let t1 = Instant::now();
            let mut raw = vec![0u8; results.len() * 8];
            results_m.read(&mut raw)?;
            let out: Vec<u64> = raw.chunks(8).map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes"))).collect();
            let fetched: Vec<Fetched> =
                results.iter().zip(&out).map(|(t, s)| self.fetch(*t, *s)).collect::<Result<_, _>>()?;
            let kept = |p| graph.is_some_and(|g| g.owns(p)) || self.pool.owns(p);
            for buffer in returned_buffers(results, &out, kept) {
                free.launch(1, 1, &[buffer], false)?;
            }
            self.gpu.synchronize()?;
            runs.transfers.push(std::mem::take(&mut staged) + t1.elapsed());
            runs.results = fetched.into_iter().map(Fetched::decode).collect();
        }
        Ok(runs)
    }

    /// The phase profile of the runs since the last [`Program::run`]
    /// started, when the program was compiled to keep one.
    pub fn profile(&self) -> Result<Option<Vec<ProfileSite>>, GpuError> {
        let Some((words, sites)) = &self.profile else { return Ok(None) };
        let words: Vec<u64> =
            words.read()?.chunks(8).map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes"))).collect();
        let text = sites.read()?;
        let text = String::from_utf8_lossy(text.split(|b| *b == 0).next().unwrap_or_default());
        decode_profile(&text, &words).map(Some).map_err(GpuError::Contract)
    }

    /// The GPU's read bandwidth in bytes a second: the median of `repeat`
    /// launches (at least one, after one to warm up) of the module's probe
    /// kernel, its threads summing `bytes` of driver memory 16 bytes at a
    /// time, timed by CUDA events.
    pub fn read_bandwidth(&self, bytes: usize, repeat: usize) -> Result<f64, GpuError> {
        let words = bytes / 16;
        let src = DeviceMemory::new(words * 16)?;
        let seconds = self.time_probe(READ_PROBE, |out| vec![src.ptr, words as u64, out], repeat)?;
        Ok((words * 16) as f64 / seconds)
    }

    /// The seconds the module's gather probe takes to sum the words of a
    /// table of `table_words` 64-bit words at `indices` (each below
    /// `table_words`): the median of `repeat` launches (at least one, after
    /// one to warm up), timed by CUDA events.
    pub fn gather_time(&self, indices: &[u32], table_words: usize, repeat: usize) -> Result<f64, GpuError> {
        if let Some(bad) = indices.iter().find(|i| **i as usize >= table_words) {
            return Err(GpuError::Contract(format!(
                "error: the gather probe's index {bad} is past its table of {table_words} words"
            )));
        }
        let packed: Vec<u64> =
            indices.chunks(2).map(|p| u64::from(p[0]) | u64::from(p.get(1).copied().unwrap_or(0)) << 32).collect();
        let index = DeviceMemory::from_words(&packed)?;
        let table = DeviceMemory::from_words(&vec![1u64; table_words.max(1)])?;
        self.time_probe(GATHER_PROBE, |out| vec![index.ptr, indices.len() as u64, table.ptr, out], repeat)
    }

    /// The median seconds of `repeat` launches (at least one, after one to
    /// warm up) of the probe kernel `name` on as many blocks as fit, timed
    /// by CUDA events; `params` gives its parameters from the address of
    /// a word for each of its threads.
    fn time_probe(&self, name: &str, params: impl Fn(u64) -> Vec<u64>, repeat: usize) -> Result<f64, GpuError> {
        let probe = self.module.kernel(name)?;
        let blocks = probe.blocks_per_multiprocessor(BLOCK)?.max(1) * self.gpu.multiprocessors;
        let out = DeviceMemory::new(blocks as usize * BLOCK as usize * 8)?;
        let params = params(out.ptr);
        let timer = Timer::new()?;
        let mut times = Vec::new();
        for k in 0..=repeat.max(1) {
            timer.start()?;
            probe.launch(blocks, BLOCK, &params, false)?;
            let t = timer.stop()?;
            if k > 0 {
                times.push(t);
            }
        }
        times.sort_by(f64::total_cmp);
        Ok(times[times.len() / 2])
    }

    /// What a result slot holds; buffers are copied from the device.
    fn fetch(&self, t: SlotType, slot: u64) -> Result<Fetched, GpuError> {
        let e: ScalarType = match t {
            SlotType::Buffer(e) => e,
            SlotType::Scalar(s) => return Ok(Fetched::Value(decode_slot(s, slot))),
            SlotType::Graph => return Ok(Fetched::Value(HostValue::Graph)),
        };
        let bytes = e.bytes().unwrap_or(8);
        if self.pool.owns(slot) {
            return Ok(Fetched::Buffer(e, self.read_pooled(bytes, slot)?));
        }
        let header = DeviceMemory::new(8)?;
        self.copy.launch(1, 32, &[header.ptr, slot - HEADER_BYTES as u64, 8], false)?;
        let mut n = [0u8; 8];
        header.read(&mut n)?;
        let len = u64::from_le_bytes(n) as usize * bytes;
        let data = DeviceMemory::new(len)?;
        self.copy.launch(self.gpu.multiprocessors * 4, BLOCK, &[data.ptr, slot, len as u64], false)?;
        let mut raw = vec![0u8; len];
        data.read(&mut raw)?;
        Ok(Fetched::Buffer(e, raw))
    }

    /// The bytes of a buffer of the pool (elements of `bytes` bytes at
    /// `slot`), read with the driver's copies: its header's length, then
    /// its data.
    fn read_pooled(&self, bytes: usize, slot: u64) -> Result<Vec<u8>, GpuError> {
        let memory = self.pool.memory.as_ref().expect("a buffer in the pool");
        let mut n = [0u8; 8];
        memory.read_at(slot.wrapping_sub(HEADER_BYTES as u64), &mut n)?;
        let [_, _, end] = self.pool.words();
        let len = (u64::from_le_bytes(n) as usize).checked_mul(bytes).filter(|l| *l as u64 <= end - slot);
        let Some(len) = len else {
            return Err(GpuError::Contract(format!(
                "error: the returned buffer at {slot:#x} has a length past the pool"
            )));
        };
        let mut raw = vec![0u8; len];
        memory.read_at(slot, &mut raw)?;
        Ok(raw)
    }
}

/// A result as it came back from the device: a value, or a buffer's
/// elements (of the type) as bytes, decoded once the transfers are timed.
enum Fetched {
    Value(HostValue),
    Buffer(ScalarType, Vec<u8>),
}

impl Fetched {
    fn decode(self) -> HostValue {
        match self {
            Fetched::Value(v) => v,
            Fetched::Buffer(e, raw) => decode_buffer(e, &raw),
        }
    }
}

/// The GPU this machine would run programs on.
pub struct Device {
    /// Its name.
    pub name: String,
    /// Its architecture, `sm_XY` from its compute capability.
    pub arch: String,
}

/// The GPU of this machine, or why there is none to use (no driver, no GPU,
/// no cooperative launches).
pub fn available() -> Result<Device, GpuError> {
    Gpu::open().map(|g| Device { name: g.name.clone(), arch: format!("sm_{}{}", g.capability.0, g.capability.1) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without a driver the GPU is reported missing with a reason; with one,
    /// its architecture comes from its compute capability.
    #[test]
    fn the_gpu_is_found_or_said_missing() {
        match available() {
            Ok(d) => assert!(d.arch.starts_with("sm_") && !d.name.is_empty(), "{}", d.arch),
            Err(e) => assert!(e.to_string().starts_with("error: "), "{e}"),
        }
    }

    #[test]
    fn ptx_cannot_load_without_a_gpu_or_when_malformed() {
        if available().is_err() {
            assert!(Program::load(b".version 7.8\n").is_err());
        } else {
            let err = Program::load(b"this is not PTX").err().expect("refused");
            assert!(matches!(&err, GpuError::Driver { name, .. } if name.starts_with("CUDA_ERROR")), "{err}");
        }
    }
}
