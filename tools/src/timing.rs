//! What repeated runs' times say, and how far to trust them: the median,
//! the fastest and slowest run, their spread, and whether the machine was
//! busy when the measurement started.

use std::time::Duration;

/// The median of `times`, in seconds (0 for none).
pub fn median(times: &[Duration]) -> f64 {
    let mut t: Vec<f64> = times.iter().map(Duration::as_secs_f64).collect();
    t.sort_by(f64::total_cmp);
    let mid = t.len() / 2;
    match t.len() {
        0 => 0.0,
        n if n % 2 == 1 => t[mid],
        _ => (t[mid - 1] + t[mid]) / 2.0,
    }
}

/// Runs' times above which the slowest over the fastest is called a
/// large spread: the figures then say more about the host than the code.
pub const LARGE_SPREAD: f64 = 1.5;

/// The times of repeated runs of one thing, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// The median.
    pub median: f64,
    /// The fastest run.
    pub min: f64,
    /// The slowest run.
    pub max: f64,
}

impl Timing {
    /// The timing of `times` (all zero for none).
    pub fn of(times: &[Duration]) -> Timing {
        let secs = |d: Option<&Duration>| d.map_or(0.0, Duration::as_secs_f64);
        Timing { median: median(times), min: secs(times.iter().min()), max: secs(times.iter().max()) }
    }

    /// The slowest run over the fastest (1 for one run, and where the
    /// fastest took no measurable time: nothing to compare).
    pub fn spread(&self) -> f64 {
        if self.max <= self.min || self.min <= 0.0 {
            1.0
        } else {
            self.max / self.min
        }
    }

    /// A warning where the spread is large, naming `what` was measured.
    pub fn spread_warning(&self, what: &str) -> Option<String> {
        (self.spread() > LARGE_SPREAD).then(|| {
            format!(
                "warning: the runs of {what} varied {:.1}x (fastest {:.6} s, slowest {:.6} s): the host is noisy; give --repeat more runs or measure on a quieter machine",
                self.spread(),
                self.min,
                self.max
            )
        })
    }
}

/// The system's load average over the last minute (Linux's
/// `/proc/loadavg`), if it can be read.
pub fn load_average() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// A warning where the machine is busy for a measurement on `threads`
/// threads: its load average leaves fewer idle cores than that.
pub fn busy_warning(threads: u32) -> Option<String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    busy_message(load_average()?, cores, threads)
}

fn busy_message(load: f64, cores: f64, threads: u32) -> Option<String> {
    let idle = cores - load;
    (idle < f64::from(threads)).then(|| {
        format!(
            "warning: the machine is busy (load average {load:.2} on {cores} cores leaves {:.1} idle for {threads} threads): times will vary",
            idle.max(0.0)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timing_has_its_median_extremes_and_spread() {
        let ms = |v: &[u64]| v.iter().map(|m| Duration::from_millis(*m)).collect::<Vec<_>>();
        let t = Timing::of(&ms(&[30, 10, 20]));
        assert_eq!((t.median, t.min, t.max), (0.02, 0.01, 0.03));
        assert!((t.spread() - 3.0).abs() < 1e-9);
        assert!(t.spread_warning("bfs on kron").is_some_and(|w| w.contains("varied 3.0x")));
        assert_eq!(Timing::of(&ms(&[10, 11])).spread_warning("x"), None);
        assert_eq!(Timing::of(&[]).spread(), 1.0);
        assert_eq!(Timing::of(&ms(&[0, 5])).spread(), 1.0);
        assert_eq!(median(&ms(&[1, 2, 3, 4])), 0.0025);
    }

    #[test]
    fn a_machine_is_busy_when_its_load_leaves_too_few_idle_cores() {
        assert_eq!(busy_message(0.5, 16.0, 2), None);
        assert!(busy_message(15.0, 16.0, 2).is_some_and(|w| w.contains("leaves 1.0 idle for 2 threads")));
        assert!(busy_message(3.0, 2.0, 1).is_some_and(|w| w.contains("leaves 0.0 idle")));
    }
}
