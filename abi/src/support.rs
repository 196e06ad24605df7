//! The run-time support compiled code calls: the functions of the code
//! generator's `runtime.ll` (both targets), `cpu.ll` and `gpu.ll`, linked
//! into every module, and the symbols the code generator defines itself.
//! Each is declared once, here, with its signature; the emitter calls them
//! through these declarations and the upstream export names its queue
//! functions after them, so a misspelt name is a compile error. A test of
//! `strata-llvm` checks that each function is defined in the files of its
//! targets with this signature.

/// The type of an argument or result, as the LLVM IR of the support
/// functions writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    /// `ptr`.
    Ptr,
    /// `i1`.
    I1,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// `float`.
    F32,
    /// `double`.
    F64,
}

impl Word {
    /// The type as LLVM IR writes it.
    pub const fn llvm(self) -> &'static str {
        match self {
            Word::Ptr => "ptr",
            Word::I1 => "i1",
            Word::I32 => "i32",
            Word::I64 => "i64",
            Word::F32 => "float",
            Word::F64 => "double",
        }
    }
}

/// The targets whose support defines a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Targets {
    /// Both: `runtime.ll`.
    Both,
    /// Both, each in its own way: `cpu.ll` and `gpu.ll`.
    Each,
    /// The CPU only: `cpu.ll`.
    Cpu,
    /// The GPU only: `gpu.ll`.
    Gpu,
}

/// A function of the run-time support.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SupportFn {
    /// Its symbol.
    pub name: &'static str,
    /// Its parameters.
    pub params: &'static [Word],
    /// Its result, if any.
    pub result: Option<Word>,
    /// Where it is defined.
    pub targets: Targets,
}

use Targets::{Both, Cpu, Each, Gpu};
use Word::{Ptr, F32, F64, I1, I32, I64};

macro_rules! support {
    ($($(#[$m:meta])* $konst:ident = $name:literal ($($p:ident),*) $(-> $r:ident)? in $t:ident;)*) => {
        $(
            $(#[$m])*
            pub const $konst: SupportFn = SupportFn {
                name: $name,
                params: &[$($p),*],
                result: support!(@result $($r)?),
                targets: $t,
            };
        )*
        /// Every support function, in declaration order.
        pub const ALL: &[SupportFn] = &[$($konst),*];
    };
    (@result) => { None };
    (@result $r:ident) => { Some($r) };
}

support! {
    /// Stops the program with a message (pointer, length).
    FAIL = "strata.fail" (Ptr, I64) in Both;
    /// Stops the program with a message formatted with two numbers.
    FAIL_VALUES = "strata.fail_values" (Ptr, I64, I64) in Each;
    /// A new buffer of `n` elements of `size` bytes, zeroed when asked.
    ALLOC = "strata.alloc" (I64, I64, I1) -> Ptr in Both;
    /// Releases a buffer.
    FREE = "strata.free" (Ptr) in Both;
    /// Atomic float addition; the old value.
    ATOMIC_FADD_F64 = "strata.atomic_fadd_f64" (Ptr, F64) -> F64 in Both;
    /// Atomic float addition; the old value.
    ATOMIC_FADD_F32 = "strata.atomic_fadd_f32" (Ptr, F32) -> F32 in Both;
    /// GPU: atomic float addition combined over the warp first.
    ATOMIC_FADD_F64_GROUPED = "strata.atomic_fadd_f64_grouped" (Ptr, F64) -> F64 in Gpu;
    /// GPU: atomic float addition combined over the warp first.
    ATOMIC_FADD_F32_GROUPED = "strata.atomic_fadd_f32_grouped" (Ptr, F32) -> F32 in Gpu;
    /// GPU: atomic integer addition combined over the warp; each lane's old value.
    ATOMIC_ADD_I64_GROUPED = "strata.atomic_add_i64_grouped" (Ptr, I64) -> I64 in Gpu;
    /// GPU: atomic integer addition combined over the warp; each lane's old value.
    ATOMIC_ADD_I32_GROUPED = "strata.atomic_add_i32_grouped" (Ptr, I32) -> I32 in Gpu;
    /// GPU: a fence of the whole device.
    FENCE = "strata.fence" () in Gpu;
    /// A new work queue (room per round, unique).
    QUEUE_NEW = "strata.queue_new" (I64, I1) -> Ptr in Both;
    /// A new ordered queue (room, key buffer, delta, eager).
    ORDERED_QUEUE_NEW = "strata.ordered_queue_new" (I64, Ptr, I64, I1) -> Ptr in Both;
    /// Whether an item may be added to the next round (queue, item, must claim).
    QUEUE_CLAIM = "strata.queue_claim" (Ptr, I64, I1) -> I1 in Both;
    /// Reserves places in the next round; the first.
    QUEUE_RESERVE = "strata.queue_reserve" (Ptr, I64) -> I64 in Both;
    /// Writes an item into a reserved place.
    QUEUE_PUT = "strata.queue_put" (Ptr, I64, I64) in Both;
    /// Pushes an item (queue, item, claim).
    QUEUE_PUSH = "strata.queue_push" (Ptr, I64, I1) in Both;
    /// Pushes an item through a thread's buffer (queue, item, claim, buffer, count).
    QUEUE_PUSH_LOCAL = "strata.queue_push_local" (Ptr, I64, I1, Ptr, Ptr) in Both;
    /// GPU: pushes an item, one reservation per warp.
    QUEUE_PUSH_WARP = "strata.queue_push_warp" (Ptr, I64, I1) in Gpu;
    /// Moves a thread's buffered pushes into the queue.
    QUEUE_FLUSH = "strata.queue_flush" (Ptr, Ptr, Ptr) in Both;
    /// The items of the current round.
    QUEUE_SIZE = "strata.queue_size" (Ptr) -> I64 in Both;
    /// The current round's items as a buffer.
    QUEUE_ITEMS = "strata.queue_items" (Ptr) -> Ptr in Both;
    /// Makes the pushes the current round; whether there are any.
    QUEUE_ADVANCE = "strata.queue_advance" (Ptr) -> I1 in Both;
    /// Releases a queue.
    QUEUE_FREE = "strata.queue_free" (Ptr) in Both;
    /// Takes this thread's items of the current bucket, below a limit; how many.
    ORDERED_TAKE_OWN = "strata.ordered_take_own" (Ptr, I64) -> I64 in Both;
    /// The items the last take gave this thread.
    ORDERED_OWN_ITEMS = "strata.ordered_own_items" (Ptr) -> Ptr in Both;
    /// Starts a profile (the profile's words).
    PROFILE_START = "strata.profile_start" (Ptr) in Both;
    /// Marks a profile site (the profile's words, the site).
    PROFILE_MARK = "strata.profile_mark" (Ptr, I64) in Both;
    /// CPU: runs a region's function on the team (function, frame).
    RUN_REGION = "strata.run_region" (Ptr, Ptr) in Cpu;
    /// CPU: calls an entry's body on a team (function, arguments, results).
    CALL_ON_TEAM = "strata.call_on_team" (Ptr, Ptr, Ptr) in Cpu;
    /// GPU: the thread's number in the grid.
    GPU_THREAD_ID = "strata.gpu_thread_id" () -> I64 in Gpu;
    /// GPU: the threads of the grid.
    GPU_NUM_THREADS = "strata.gpu_num_threads" () -> I64 in Gpu;
    /// GPU: the threads of a block.
    GPU_BLOCK_SIZE = "strata.gpu_block_size" () -> I64 in Gpu;
    /// GPU: the block's number.
    GPU_BLOCK_ID = "strata.gpu_block_id" () -> I64 in Gpu;
    /// GPU: the blocks of the grid.
    GPU_NUM_BLOCKS = "strata.gpu_num_blocks" () -> I64 in Gpu;
    /// GPU: the thread's number in its block.
    GPU_BLOCK_THREAD_ID = "strata.gpu_block_thread_id" () -> I64 in Gpu;
    /// GPU: a lane puts its warp's value in the block's shared slot (bits, puts).
    BLOCK_PUT = "strata.block_put" (I64, I1) in Gpu;
    /// GPU: the value in a warp's shared slot.
    BLOCK_SLOT = "strata.block_slot" (I32) -> I64 in Gpu;
    /// GPU: waits for every thread of the block.
    BLOCK_SYNC = "strata.block_sync" () in Gpu;
    /// GPU: waits for every thread of the grid.
    GRID_SYNC = "strata.grid_sync" () in Gpu;
    /// GPU: the grid's share of a memory fill for the master thread.
    GRID_FILL_SHARE = "strata.grid_fill_share" () in Gpu;
    /// GPU: a lane's 64 bits from another lane (mask, bits, lane, butterfly).
    SHFL_I64 = "strata.shfl_i64" (I32, I64, I32, I1) -> I64 in Gpu;
}

/// Symbols the code generator defines in each module (not in the support
/// files).
pub mod emitted {
    /// GPU: the global word naming the region the grid runs next.
    pub const DISPATCH: &str = "strata.dispatch";
    /// GPU: the prefix of a `par.shared` array's global.
    pub const SHARED: &str = "strata.shared";
    /// The internal function a profile mark calls with its site's number.
    pub const PROFILE_SITE: &str = "strata.profile_site";
    /// The internal function an entry calls as it starts a profile.
    pub const PROFILE_BEGIN: &str = "strata.profile_begin";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_support_function_is_declared_once_under_the_prefix() {
        for (i, f) in ALL.iter().enumerate() {
            assert!(f.name.starts_with("strata."), "{}", f.name);
            assert!(ALL[..i].iter().all(|g| g.name != f.name), "{} is declared twice", f.name);
        }
    }
}
