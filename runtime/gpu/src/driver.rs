//! The few CUDA driver calls the runner makes, through cudarc's bindings
//! (the driver library is found when the program runs, not when it is
//! built). Every failure becomes a [`GpuError`] naming the driver's error.

#![allow(unsafe_code)]

use std::ffi::{c_void, CString};

use cudarc::driver::result;
use cudarc::driver::sys;

use crate::GpuError;

/// The first GPU of this machine, with its primary context made current.
pub struct Gpu {
    dev: sys::CUdevice,
    /// The number of streaming multiprocessors.
    pub multiprocessors: u32,
    /// The device's name.
    pub name: String,
    /// Its compute capability, `(major, minor)`.
    pub capability: (i32, i32),
}

impl Gpu {
    /// Finds the driver and the first GPU, and makes its primary context current.
    pub fn open() -> Result<Gpu, GpuError> {
        // SAFETY: only looks for the driver library.
        if !unsafe { sys::is_culib_present() } {
            return Err(GpuError::NoDriver);
        }
        result::init().map_err(|e| GpuError::driver("cannot initialize the CUDA driver", e))?;
        let count = result::device::get_count().map_err(|e| GpuError::driver("cannot count the GPUs", e))?;
        if count < 1 {
            return Err(GpuError::NoGpu);
        }
        let dev = result::device::get(0).map_err(|e| GpuError::driver("cannot open GPU 0", e))?;
        // SAFETY: `dev` came from the driver; the context is released when
        // `gpu` drops, on the error paths below too.
        let ctx = unsafe { result::primary_ctx::retain(dev) }
            .map_err(|e| GpuError::driver("cannot create a context on GPU 0", e))?;
        let mut gpu = Gpu { dev, multiprocessors: 1, name: "GPU 0".into(), capability: (0, 0) };
        // SAFETY: `ctx` is the live primary context retained above.
        unsafe { result::ctx::set_current(ctx) }.map_err(|e| GpuError::driver("cannot use the GPU's context", e))?;
        let attribute = |a| {
            // SAFETY: `dev` came from the driver and the attribute is a valid one.
            unsafe { result::device::get_attribute(dev, a) }.map_err(|e| GpuError::driver("cannot query the GPU", e))
        };
        use sys::CUdevice_attribute::*;
        gpu.multiprocessors = attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?.max(1) as u32;
        gpu.capability = (
            attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
            attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
        );
        if let Ok(name) = result::device::get_name(dev) {
            gpu.name = name;
        }
        let (name, (major, minor)) = (&gpu.name, gpu.capability);
        if major < 7 {
            return Err(GpuError::TooOld(name.clone(), major, minor));
        }
        if attribute(CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH)? == 0 {
            return Err(GpuError::NoCooperativeLaunch(name.clone()));
        }
        Ok(gpu)
    }

    /// Makes `bytes` of device memory available to `malloc` in kernels.
    pub fn set_heap(&self, bytes: usize) -> Result<(), GpuError> {
        result::ctx::set_limit(sys::CUlimit::CU_LIMIT_MALLOC_HEAP_SIZE, bytes)
            .map_err(|e| GpuError::driver("cannot size the device heap", e))
    }

    /// Free and total device memory, in bytes.
    pub fn memory(&self) -> Result<(usize, usize), GpuError> {
        result::mem_get_info().map_err(|e| GpuError::driver("cannot query the GPU's memory", e))
    }

    /// Waits for the work queued on the GPU.
    pub fn synchronize(&self) -> Result<(), GpuError> {
        result::ctx::synchronize().map_err(|e| GpuError::driver("the GPU program failed", e))
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        // SAFETY: the context was retained in `open`.
        let _ = unsafe { result::primary_ctx::release(self.dev) };
    }
}

/// Device memory from the driver's allocator.
pub struct DeviceMemory {
    /// The device address.
    pub ptr: u64,
    bytes: usize,
}

impl DeviceMemory {
    /// `bytes` (at least 1) uninitialized bytes.
    pub fn new(bytes: usize) -> Result<DeviceMemory, GpuError> {
        // SAFETY: allocation in the current context.
        let ptr = unsafe { result::malloc_sync(bytes.max(1)) }
            .map_err(|e| GpuError::driver(&format!("cannot allocate {bytes} bytes on the GPU"), e))?;
        Ok(DeviceMemory { ptr, bytes: bytes.max(1) })
    }
    /// A copy of `words` on the device.
    pub fn from_words(words: &[u64]) -> Result<DeviceMemory, GpuError> {
        let m = DeviceMemory::new(std::mem::size_of_val(words))?;
        // SAFETY: the allocation holds `words` entirely.
        unsafe { write_device(m.ptr, words) }?;
        Ok(m)
    }
    /// The first `out.len()` bytes.
    pub fn read(&self, out: &mut [u8]) -> Result<(), GpuError> {
        assert!(out.len() <= self.bytes, "reading past a device allocation");
        // SAFETY: the allocation holds at least `out.len()` bytes.
        unsafe { read_device(self.ptr, out) }
    }

    /// The `out.len()` bytes at the device address `at`, which must lie in
    /// the allocation with them.
    pub fn read_at(&self, at: u64, out: &mut [u8]) -> Result<(), GpuError> {
        let inside =
            at >= self.ptr && (at - self.ptr).checked_add(out.len() as u64).is_some_and(|e| e <= self.bytes as u64);
        if !inside {
            return Err(GpuError::Contract(format!(
                "error: reading {} bytes at {at:#x}, outside the device allocation",
                out.len()
            )));
        }
        // SAFETY: checked to lie in the allocation.
        unsafe { read_device(at, out) }
    }
}

/// Copies `out.len()` bytes from the device address `ptr`.
///
/// # Safety
/// `[ptr, ptr + out.len())` must be driver memory of the current context.
unsafe fn read_device(ptr: u64, out: &mut [u8]) -> Result<(), GpuError> {
    if out.is_empty() {
        return Ok(());
    }
    // SAFETY: the caller's promise.
    unsafe { result::memcpy_dtoh_sync(out, ptr) }.map_err(|e| GpuError::driver("cannot copy from the GPU", e))
}

/// Copies `words` to the device address `ptr`.
///
/// # Safety
/// `[ptr, ptr + 8 * words.len())` must be driver memory of the current context.
unsafe fn write_device(ptr: u64, words: &[u64]) -> Result<(), GpuError> {
    if words.is_empty() {
        return Ok(());
    }
    // SAFETY: the caller's promise.
    unsafe { result::memcpy_htod_sync(ptr, words) }.map_err(|e| GpuError::driver("cannot copy to the GPU", e))
}

impl Drop for DeviceMemory {
    fn drop(&mut self) {
        // SAFETY: allocated by `new` and freed once.
        let _ = unsafe { result::free_sync(self.ptr) };
    }
}

/// A loaded PTX module.
pub struct Module {
    m: sys::CUmodule,
}

/// A kernel of a loaded module.
#[derive(Clone, Copy)]
pub struct Kernel {
    f: sys::CUfunction,
}

impl Module {
    /// JIT-compiles `ptx` for the current GPU.
    pub fn load(ptx: &[u8]) -> Result<Module, GpuError> {
        let text = CString::new(ptx.iter().copied().take_while(|b| *b != 0).collect::<Vec<u8>>())
            .map_err(|_| GpuError::Contract("error: the PTX holds a NUL byte".into()))?;
        // SAFETY: `text` is a NUL-terminated PTX image that outlives the call.
        let m = unsafe { result::module::load_data(text.as_ptr() as *const c_void) }
            .map_err(|e| GpuError::driver("the CUDA driver rejected the PTX", e))?;
        Ok(Module { m })
    }
    /// The kernel called `name`.
    pub fn kernel(&self, name: &str) -> Result<Kernel, GpuError> {
        let c = CString::new(name).map_err(|_| GpuError::Contract(format!("error: bad kernel name '{name}'")))?;
        // SAFETY: the module is loaded until `self` drops.
        let f = unsafe { result::module::get_function(self.m, c) }
            .map_err(|e| GpuError::driver(&format!("no kernel '{name}' in the PTX"), e))?;
        Ok(Kernel { f })
    }
    /// The global variable `name` of the module.
    pub fn global(&self, name: &str) -> Result<Global, GpuError> {
        let c = CString::new(name).map_err(|_| GpuError::Contract(format!("error: bad global name '{name}'")))?;
        // SAFETY: the module is loaded until `self` drops.
        let (ptr, bytes) = unsafe { result::module::get_global(self.m, c) }
            .map_err(|e| GpuError::driver(&format!("no global '{name}' in the PTX"), e))?;
        Ok(Global { ptr, bytes })
    }
}

/// A global variable of a loaded module (valid while the module is).
pub struct Global {
    ptr: u64,
    /// Its size in bytes.
    pub bytes: usize,
}

impl Global {
    /// Sets the variable to `words`, which must fill it exactly.
    pub fn write(&self, words: &[u64]) -> Result<(), GpuError> {
        if std::mem::size_of_val(words) != self.bytes {
            return Err(GpuError::Contract(format!(
                "error: writing {} bytes to a global of {}",
                std::mem::size_of_val(words),
                self.bytes
            )));
        }
        // SAFETY: the global's memory holds exactly `words`.
        unsafe { write_device(self.ptr, words) }
    }
    /// The variable's bytes.
    pub fn read(&self) -> Result<Vec<u8>, GpuError> {
        let mut out = vec![0u8; self.bytes];
        // SAFETY: the global's memory holds exactly `self.bytes` bytes.
        unsafe { read_device(self.ptr, &mut out) }?;
        Ok(out)
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        // SAFETY: loaded in `load`, unloaded once.
        let _ = unsafe { result::module::unload(self.m) };
    }
}

impl Kernel {
    /// How many blocks of `threads` threads fit on one multiprocessor at once.
    pub fn blocks_per_multiprocessor(&self, threads: u32) -> Result<u32, GpuError> {
        // SAFETY: the kernel belongs to a loaded module.
        let n = unsafe { result::occupancy::max_active_block_per_multiprocessor(self.f, threads as i32, 0) }
            .map_err(|e| GpuError::driver("cannot compute the kernel's occupancy", e))?;
        Ok(n.max(0) as u32)
    }

    /// Launches the kernel on `blocks` blocks of `threads` threads with
    /// 64-bit parameters (cooperatively: every block resident at once).
    pub fn launch(&self, blocks: u32, threads: u32, params: &[u64], cooperative: bool) -> Result<(), GpuError> {
        let mut values = params.to_vec();
        let mut pointers: Vec<*mut c_void> = values.iter_mut().map(|v| v as *mut u64 as *mut c_void).collect();
        let stream = std::ptr::null_mut();
        // SAFETY: every parameter of the kernels is 64 bits wide and the
        // pointers to them live until the launch has read them (it copies
        // parameters before returning).
        let r = unsafe {
            if cooperative {
                result::launch_cooperative_kernel(self.f, (blocks, 1, 1), (threads, 1, 1), 0, stream, &mut pointers)
            } else {
                result::launch_kernel(self.f, (blocks, 1, 1), (threads, 1, 1), 0, stream, &mut pointers)
            }
        };
        r.map_err(|e| GpuError::driver("cannot launch the kernel", e))
    }
}

/// A pair of events that times the work queued between them.
pub struct Timer {
    start: sys::CUevent,
    end: sys::CUevent,
}

impl Timer {
    /// Two new events.
    pub fn new() -> Result<Timer, GpuError> {
        let flags = sys::CUevent_flags::CU_EVENT_DEFAULT;
        let start = result::event::create(flags).map_err(|e| GpuError::driver("cannot create an event", e))?;
        let end = result::event::create(flags).map_err(|e| GpuError::driver("cannot create an event", e))?;
        Ok(Timer { start, end })
    }
    /// Marks the start.
    pub fn start(&self) -> Result<(), GpuError> {
        // SAFETY: the event is live; the null stream is the context's.
        unsafe { result::event::record(self.start, std::ptr::null_mut()) }
            .map_err(|e| GpuError::driver("cannot record an event", e))
    }
    /// Marks the end, waits for it, returns the seconds since the start.
    pub fn stop(&self) -> Result<f64, GpuError> {
        // SAFETY: as in `start`.
        unsafe { result::event::record(self.end, std::ptr::null_mut()) }
            .map_err(|e| GpuError::driver("cannot record an event", e))?;
        // SAFETY: the event is live.
        unsafe { result::event::synchronize(self.end) }.map_err(|e| GpuError::driver("the GPU program failed", e))?;
        // SAFETY: both events recorded on the same stream.
        let ms = unsafe { result::event::elapsed(self.start, self.end) }
            .map_err(|e| GpuError::driver("cannot read the kernel's time", e))?;
        Ok(f64::from(ms) / 1e3)
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once.
        unsafe {
            let _ = result::event::destroy(self.start);
            let _ = result::event::destroy(self.end);
        }
    }
}
