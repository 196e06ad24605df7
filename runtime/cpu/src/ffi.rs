//! The unsafe part of the runner: loading the shared library, calling its
//! exported functions, reading the buffers they return. Everything here
//! relies on the contract of [`strata_abi`], which the emitter follows.
#![allow(unsafe_code)]

use crate::error::CpuError;
use std::path::Path;

use strata_abi::profile::{profile_words, PROFILE, PROFILE_SITES};
use strata_abi::{FREE, HEADER_BYTES, SET_THREADS};

/// A loaded compiled program.
pub(crate) struct Library {
    lib: libloading::Library,
}

type Entry = unsafe extern "C" fn(*const u64, *mut u64);

/// Blocks below this size come from the allocator's heap, not from a
/// mapping of their own (glibc's limit for the setting: 32 MB).
const HEAP_BLOCKS_BELOW: i32 = 32 << 20;

/// Makes the C allocator keep the memory compiled programs free for their
/// next allocations instead of handing it back to the system: glibc's
/// defaults map large blocks afresh and give freed ones back, so every
/// run (and every round that allocates, a pulled round's bitmap) had its
/// pages cleared and faulted in again. Blocks of up to 32 MB then come from
/// the heap, which is never trimmed. Once per process.
pub(crate) fn keep_freed_memory() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: mallopt only changes the allocator's settings; it is
        // called once, before the first program runs.
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, HEAP_BLOCKS_BELOW);
            libc::mallopt(libc::M_TRIM_THRESHOLD, i32::MAX);
        }
    });
}

impl Library {
    pub(crate) fn open(path: &Path) -> Result<Library, CpuError> {
        keep_freed_memory();
        // SAFETY: the library is one the emitter produced; its initializers
        // are those of the C runtime and libomp.
        let lib = unsafe { libloading::Library::new(path) }.map_err(|e| CpuError::Load(e.to_string()))?;
        Ok(Library { lib })
    }

    /// Calls `_strata_entry_*` with argument and result slots.
    pub(crate) fn call(&self, entry: &str, args: &[u64], results: &mut [u64]) -> Result<(), CpuError> {
        // SAFETY: entry wrappers have this signature (abi); the slot arrays
        // have one element per argument and result of the function.
        unsafe {
            let f = self
                .lib
                .get::<Entry>(entry.as_bytes())
                .map_err(|_| CpuError::NoEntry(entry[strata_abi::ENTRY_PREFIX.len()..].to_string()))?;
            on_faults_exit(|| f(args.as_ptr(), results.as_mut_ptr()));
        }
        Ok(())
    }

    pub(crate) fn set_threads(&self, n: i32) -> Result<(), CpuError> {
        // SAFETY: `_strata_set_threads(i32)` (abi).
        unsafe {
            let f = self
                .lib
                .get::<unsafe extern "C" fn(i32)>(SET_THREADS.as_bytes())
                .map_err(|e| CpuError::Symbol(e.to_string()))?;
            f(n);
        }
        Ok(())
    }

    /// The phase profile's descriptions and words (`strata_abi::profile`),
    /// when the program keeps one; with `zero`, the words are zeroed after
    /// they are read.
    pub(crate) fn profile(&self, zero: bool) -> Option<(String, Vec<u64>)> {
        // SAFETY: both symbols are the emitter's: a NUL-terminated string
        // with a line per site, and `1 + 2 * sites` 64-bit words.
        unsafe {
            let sites = self.lib.get::<*const libc::c_char>(PROFILE_SITES.as_bytes()).ok()?;
            let words = self.lib.get::<*mut u64>(PROFILE.as_bytes()).ok()?;
            let text = std::ffi::CStr::from_ptr(*sites).to_string_lossy().into_owned();
            let words = std::slice::from_raw_parts_mut(*words, profile_words(&text));
            let read = words.to_vec();
            if zero {
                words.fill(0);
            }
            Some((text, read))
        }
    }

    pub(crate) fn free(&self, buffer: u64) -> Result<(), CpuError> {
        // SAFETY: `_strata_free(ptr)` on a buffer the program returned (abi).
        unsafe {
            let f = self
                .lib
                .get::<unsafe extern "C" fn(u64)>(FREE.as_bytes())
                .map_err(|e| CpuError::Symbol(e.to_string()))?;
            f(buffer);
        }
        Ok(())
    }
}

const INVALID_ACCESS: &str = "error: the compiled program made an invalid memory access (an index out of a buffer's range?) or overflowed its stack (recursion too deep?); --backend interp reports where\n";

/// The signals a compiled program stops on, each with what it says.
const FAULTS: [(libc::c_int, &str); 5] = [
    (libc::SIGFPE, "error: the compiled program stopped on an arithmetic exception (an integer division by zero or overflow); --backend interp reports where\n"),
    (libc::SIGSEGV, INVALID_ACCESS),
    (libc::SIGBUS, INVALID_ACCESS),
    (libc::SIGILL, "error: the compiled program trapped\n"),
    // The run-time support has printed why before it aborts.
    (libc::SIGABRT, ""),
];

extern "C" fn fault(signal: libc::c_int) {
    let message = FAULTS.iter().find(|(s, _)| *s == signal).map_or("", |(_, m)| m);
    // SAFETY: write and _exit are async-signal-safe.
    unsafe {
        libc::write(2, message.as_ptr().cast(), message.len());
        libc::_exit(1);
    }
}

/// Runs `call` (a call into the program, on any of its threads) with
/// handlers that turn the program's faults into a message and exit status
/// 1 instead of a signal's death; the earlier handlers are restored after.
fn on_faults_exit<T>(call: impl FnOnce() -> T) -> T {
    // SAFETY: sigaction with a zeroed, then filled, struct; the handler
    // only calls async-signal-safe functions.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = fault as extern "C" fn(libc::c_int) as libc::sighandler_t;
        // On the thread's alternate stack (Rust's threads have one), so a
        // stack overflow is reported too.
        action.sa_flags = libc::SA_ONSTACK;
        libc::sigemptyset(&mut action.sa_mask);
        let mut old: Vec<libc::sigaction> = FAULTS.iter().map(|_| std::mem::zeroed()).collect();
        for ((signal, _), old) in FAULTS.iter().zip(old.iter_mut()) {
            libc::sigaction(*signal, &action, old);
        }
        let r = call();
        for ((signal, _), old) in FAULTS.iter().zip(&old) {
            libc::sigaction(*signal, old, std::ptr::null_mut());
        }
        r
    }
}

/// The bytes of a buffer the program returned: the length from its
/// header, then `len * element` bytes.
pub(crate) fn read_buffer(data: u64, element: usize) -> Vec<u8> {
    if data == 0 {
        return Vec::new();
    }
    // SAFETY: a returned buffer points just past a header whose first word
    // is its length, followed by that many elements (abi).
    unsafe {
        let header = (data as usize - HEADER_BYTES) as *const i64;
        let len = (*header).max(0) as usize;
        std::slice::from_raw_parts(data as usize as *const u8, len * element).to_vec()
    }
}
