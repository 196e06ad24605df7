//! How many OpenMP threads the process's address-space limit (`ulimit -v`)
//! leaves room for. The OpenMP runtime reserves a stack for each thread it
//! starts and ends the process, with its own message, when it cannot; a
//! thread count beyond the room is refused before, with ours.

/// The OpenMP runtime's least stack per thread on x86-64. Unless
/// `OMP_STACKSIZE` (or `KMP_STACKSIZE`) says otherwise, a thread's stack is
/// the process's stack limit (`ulimit -s`) where that is larger and finite.
const DEFAULT_STACK: u64 = 4 << 20;

/// The room a thread takes beside its stack: guard pages, the runtime's
/// data of the thread, thread-local storage.
const PER_THREAD_EXTRA: u64 = 2 << 20;

/// Address space kept for the run's own allocations (buffers, queues)
/// and the C library's per-thread heaps (measured: 8 MiB stacks fit 550
/// threads in 5.2 GiB, not 560).
const RESERVE: u64 = 512 << 20;

/// What the limit leaves room for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadRoom {
    /// The address-space limit, in bytes.
    pub limit: u64,
    /// The address space in use now, in bytes.
    pub used: u64,
    /// The stack of each OpenMP thread, in bytes.
    pub stack: u64,
    /// The threads that fit.
    pub threads: u64,
}

/// The room under this process's address-space limit; `None` without a
/// limit (or where `/proc` does not say).
pub fn thread_room() -> Option<ThreadRoom> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let env = |k| std::env::var(k).ok();
    let given = env("OMP_STACKSIZE").or_else(|| env("KMP_STACKSIZE")).and_then(|s| stack_size(&s));
    let stack =
        given.unwrap_or_else(|| soft_limit(&limits, "Max stack size").map_or(DEFAULT_STACK, |s| s.max(DEFAULT_STACK)));
    room(soft_limit(&limits, "Max address space")?, address_space_used(&status)?, stack)
}

/// The threads of `stack` bytes that fit between `used` and `limit`.
fn room(limit: u64, used: u64, stack: u64) -> Option<ThreadRoom> {
    let free = limit.saturating_sub(used).saturating_sub(RESERVE);
    Some(ThreadRoom { limit, used, stack, threads: free / (stack + PER_THREAD_EXTRA) })
}

/// The soft limit called `name` in `/proc/self/limits`, if it has one.
fn soft_limit(limits: &str, name: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with(name))?;
    line[name.len()..].split_whitespace().next()?.parse().ok()
}

/// `VmSize` of `/proc/self/status`, in bytes.
fn address_space_used(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmSize:"))?;
    let kib: u64 = line["VmSize:".len()..].split_whitespace().next()?.parse().ok()?;
    Some(kib << 10)
}

/// An OpenMP stack size: a number with an optional unit `B`, `K`, `M` or
/// `G` (kilobytes without one, as OpenMP says).
fn stack_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let n: u64 = t[..digits].parse().ok()?;
    let shift = match t[digits..].trim().to_ascii_uppercase().as_str() {
        "B" => 0,
        "" | "K" => 10,
        "M" => 20,
        "G" => 30,
        _ => return None,
    };
    n.checked_mul(1 << shift)
}

/// Bytes as GiB, for messages.
pub fn gib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1u32 << 30)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_limit_the_use_and_the_stack() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max data size             unlimited            unlimited            bytes     \n\
                      Max stack size            8388608              unlimited            bytes     \n\
                      Max address space         8000000000           unlimited            bytes     \n";
        assert_eq!(soft_limit(limits, "Max address space"), Some(8_000_000_000));
        assert_eq!(soft_limit(limits, "Max stack size"), Some(8 << 20));
        assert_eq!(soft_limit(&limits.replace("8000000000", "unlimited"), "Max address space"), None);
        assert_eq!(address_space_used("Name:\tx\nVmPeak:\t  9 kB\nVmSize:\t  3145728 kB\n"), Some(3 << 30));
        assert_eq!(stack_size("16M"), Some(16 << 20));
        assert_eq!(stack_size("512"), Some(512 << 10));
        assert_eq!(stack_size(" 2 g "), Some(2 << 30));
        assert_eq!(stack_size("1X"), None);
        assert_eq!(stack_size("99999999999999999999G"), None);
    }

    #[test]
    fn the_room_is_what_the_limit_leaves_after_the_reserve() {
        let r = room(8 << 30, 3 << 30, DEFAULT_STACK).unwrap();
        assert_eq!(r.threads, ((5 << 30) - RESERVE) / (DEFAULT_STACK + PER_THREAD_EXTRA));
        assert_eq!(room(1 << 30, 2 << 30, DEFAULT_STACK).unwrap().threads, 0);
    }
}
