//! Runs compiled code: links an object into a shared library with the
//! OpenMP runtime, loads it, passes the graph and the arguments as
//! [`strata_abi`] says, calls an entry wrapper and reads the results back
//! as host values (so every backend prints and compares them alike).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use strata_abi::profile::{decode_profile, ProfileSite};
use strata_abi::slots::{argument_slots, decode_buffer, decode_slot, returned_buffers};
use strata_abi::{entry_symbol, GraphImage, HostValue, SlotType};

use crate::error::CpuError;
use crate::ffi::Library;

/// Where libomp is looked for (LLVM 22's, from `libomp-22-dev`), unless
/// `STRATA_OMP_DIR` says otherwise.
pub const DEFAULT_OMP_DIR: &str = "/usr/lib/llvm-22/lib";

/// A compiled program, loaded.
pub struct Program {
    lib: Library,
}

fn omp_dir() -> PathBuf {
    std::env::var_os("STRATA_OMP_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(DEFAULT_OMP_DIR))
}

/// Links `object` into a shared library next to it, with libomp.
fn link(object: &Path, library: &Path) -> Result<(), CpuError> {
    let omp = omp_dir();
    if !omp.join("libomp.so").exists() {
        return Err(CpuError::NoOpenMp(omp));
    }
    let out = Command::new("cc")
        .arg("-shared")
        .arg("-o")
        .arg(library)
        .arg(object)
        .arg(format!("-L{}", omp.display()))
        .arg("-lomp")
        .arg(format!("-Wl,-rpath,{}", omp.display()))
        .output()
        .map_err(CpuError::NoLinker)?;
    if !out.status.success() {
        return Err(CpuError::LinkFailed(String::from_utf8_lossy(&out.stderr).into_owned()));
    }
    Ok(())
}

impl Program {
    /// Links `object` with the OpenMP runtime and loads it.
    pub fn load(object: &[u8]) -> Result<Program, CpuError> {
        static SEQ: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "strata-cpu-{}-{}",
            std::process::id(),
            SEQ.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).map_err(|e| CpuError::Io("create", dir.clone(), e))?;
        let (obj, so) = (dir.join("program.o"), dir.join("program.so"));
        let loaded = std::fs::write(&obj, object)
            .map_err(|e| CpuError::Io("write", obj.clone(), e))
            .and_then(|_| link(&obj, &so))
            .and_then(|_| Library::open(&so));
        let _ = std::fs::remove_dir_all(&dir);
        Ok(Program { lib: loaded? })
    }

    /// The phase profile of the runs since the last [`Program::run`]
    /// started, when the program was compiled to keep one.
    pub fn profile(&self) -> Result<Option<Vec<ProfileSite>>, CpuError> {
        match self.lib.profile(false) {
            Some((sites, words)) => decode_profile(&sites, &words).map(Some).map_err(CpuError::Contract),
            None => Ok(None),
        }
    }

    /// Sets the number of threads of later parallel regions.
    pub fn set_threads(&self, n: u32) -> Result<(), CpuError> {
        // The OpenMP runtime ends the process when it cannot start a thread.
        if let Some(room) = crate::thread_room::thread_room().filter(|r| u64::from(n) > r.threads.max(1)) {
            return Err(CpuError::TooManyThreads(n, room));
        }
        self.lib.set_threads(i32::try_from(n).unwrap_or(i32::MAX))
    }

    /// Calls the entry function `name`, whose argument and result slots
    /// are `inputs` and `results`, with `args` (the graph as
    /// [`HostValue::Graph`] where the signature takes one). Runs it `repeat`
    /// times (at least once); returns the last run's results and the time
    /// of each call.
    pub fn run(
        &self,
        name: &str,
        inputs: &[SlotType],
        results: &[SlotType],
        args: &[HostValue],
        graph: Option<&GraphImage>,
        repeat: usize,
    ) -> Result<(Vec<HostValue>, Vec<Duration>), CpuError> {
        let slots =
            argument_slots(args, inputs, graph.map(GraphImage::descriptor_address)).map_err(CpuError::Contract)?;
        let entry = entry_symbol(name);
        self.lib.profile(true);
        let (mut times, mut vals) = (Vec::new(), Vec::new());
        for run in 0..repeat.max(1) {
            let mut out = vec![0u64; results.len()];
            let t0 = Instant::now();
            self.lib.call(&entry, &slots, &mut out)?;
            times.push(t0.elapsed());
            if run + 1 >= repeat.max(1) {
                vals = results.iter().zip(&out).map(|(t, s)| read(*t, *s)).collect();
            }
            for buffer in returned_buffers(results, &out, |p| graph.is_some_and(|g| g.owns(p))) {
                self.lib.free(buffer)?;
            }
        }
        Ok((vals, times))
    }
}

/// The value a result slot holds.
fn read(t: SlotType, slot: u64) -> HostValue {
    match t {
        SlotType::Buffer(e) => decode_buffer(e, &crate::ffi::read_buffer(slot, e.bytes().unwrap_or(8))),
        SlotType::Scalar(s) => decode_slot(s, slot),
        SlotType::Graph => HostValue::Graph,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_object_the_linker_refuses_is_an_error_not_a_crash() {
        let err = Program::load(b"not an object file").err().expect("refused").to_string();
        assert!(err.starts_with("error: linking the compiled program failed") || err.contains("libomp.so"), "{err}");
    }
}
