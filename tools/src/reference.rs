//! Reference times for `graph-bench`: a kernel's time on a graph as another
//! implementation takes it (GAPBS's, say), read from a table or measured by
//! running a command, to print beside ours and to plot the ratios.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::timing::median;

/// Where reference times come from.
pub enum Reference {
    /// A table: `ALGORITHM GRAPH SECONDS` a line (`#` starts a comment).
    Table(Vec<Entry>),
    /// A command run through `sh -c` per algorithm and graph, with
    /// `{algorithm}`, `{graph}` and `{source}` replaced; it prints times.
    Command {
        /// The command, with its placeholders.
        template: String,
        /// How long one run may take before it is stopped, an error.
        limit: Duration,
    },
}

/// How long a reference command's run may take by default.
pub const DEFAULT_LIMIT: Duration = Duration::from_secs(600);

/// A line of a reference table.
pub struct Entry {
    /// The corpus program.
    pub algorithm: String,
    /// The graph, as `--graphs` names it (the entry or its short name).
    pub graph: String,
    /// The reference time.
    pub seconds: f64,
    /// Where the line is (`FILE:LINE`).
    pub at: String,
}

/// The shortest time a reference may give: a nanosecond. A shorter one
/// (a subnormal number, say) is no measurement, and a ratio to it
/// overflows.
pub const SHORTEST_TIME: f64 = 1e-9;

/// `text` as a reference time: a finite number of seconds, at least
/// [`SHORTEST_TIME`].
fn as_time(text: &str) -> Option<f64> {
    text.trim().parse::<f64>().ok().filter(|t| t.is_finite() && *t >= SHORTEST_TIME)
}

/// Reads a reference table: `ALGORITHM GRAPH SECONDS` a line, blank lines
/// and `#` comments skipped; a malformed line is an error at its place.
pub fn read_table(path: &str) -> Result<Vec<Entry>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("error: cannot read {path}: {e}"))?;
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() {
            continue;
        }
        let col = raw.len() - raw.trim_start().len() + 1;
        let at = format!("{path}:{}:{col}", i + 1);
        let [algorithm, graph, seconds] = fields[..] else {
            return Err(format!(
                "{at}: error: expected 'ALGORITHM GRAPH SECONDS', found {} field{}",
                fields.len(),
                if fields.len() == 1 { "" } else { "s" }
            ));
        };
        let Some(seconds) = as_time(seconds) else {
            return Err(format!(
                "{at}: error: '{seconds}' is not a number of seconds of at least {SHORTEST_TIME:e} (a nanosecond)"
            ));
        };
        let at = format!("{path}:{}", i + 1);
        entries.push(Entry { algorithm: algorithm.into(), graph: graph.into(), seconds, at });
    }
    Ok(entries)
}

impl Entry {
    /// Whether this line gives the time of `algorithm` on the graph
    /// `--graphs` names `entry` (short name `name`).
    fn matches(&self, algorithm: &str, entry: &str, name: &str) -> bool {
        self.algorithm == algorithm && (self.graph == entry || self.graph == name)
    }
}

impl Reference {
    /// The reference time of `algorithm` on the graph `--graphs` names
    /// `entry` (short name `name`), whose source node is `source`; `None`
    /// where a table has none.
    pub fn time(&self, algorithm: &str, entry: &str, name: &str, source: u32) -> Result<Option<f64>, String> {
        match self {
            Reference::Table(entries) => {
                Ok(entries.iter().find(|e| e.matches(algorithm, entry, name)).map(|e| e.seconds))
            }
            Reference::Command { template, limit } => {
                let cmd = template
                    .replace("{algorithm}", algorithm)
                    .replace("{graph}", entry)
                    .replace("{source}", &source.to_string());
                measure(&cmd, *limit).map(Some)
            }
        }
    }
}

/// The lines of a reference table that match none of the `measured`
/// (algorithm, `--graphs` entry, short name) triples, as `FILE:LINE:
/// ALGORITHM GRAPH`.
pub fn unmatched(entries: &[Entry], measured: &[(String, String, String)]) -> Vec<String> {
    entries
        .iter()
        .filter(|e| !measured.iter().any(|(a, entry, name)| e.matches(a, entry, name)))
        .map(|e| format!("{}: {} {}", e.at, e.algorithm, e.graph))
        .collect()
}

/// Runs `cmd` and takes the median of the times it prints; a run longer
/// than `limit` is stopped, with everything it started, and is an error.
fn measure(cmd: &str, limit: Duration) -> Result<f64, String> {
    let out = run_within(cmd, limit)?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(5).collect::<Vec<_>>().into_iter().rev().collect();
        return Err(format!("error: the reference command '{cmd}' failed ({}):\n{}", out.status, tail.join("\n")));
    }
    let times: Vec<Duration> = times_in(&stdout).into_iter().map(Duration::from_secs_f64).collect();
    if times.is_empty() {
        return Err(format!(
            "error: the reference command '{cmd}' printed no time (lines 'Trial Time: SECONDS', or bare numbers)"
        ));
    }
    Ok(median(&times))
}

/// Runs `cmd` through `sh -c` in a process group of its own, which is
/// killed whole if the run takes longer than `limit`.
fn run_within(cmd: &str, limit: Duration) -> Result<std::process::Output, String> {
    let cannot = |e: std::io::Error| format!("error: cannot run the reference command '{cmd}': {e}");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(cannot)?;
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(cannot)? {
            break status;
        }
        if start.elapsed() > limit {
            // The whole group: `sh` and what it started, which hold the pipes.
            let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", child.id())]).status();
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "error: the reference command '{cmd}' did not finish within {} s (--reference-limit)",
                limit.as_secs_f64()
            ));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let joined = |h: std::thread::JoinHandle<Vec<u8>>| h.join().unwrap_or_default();
    Ok(std::process::Output { status, stdout: joined(stdout), stderr: joined(stderr) })
}

/// The times a reference command printed: GAPBS's `Trial Time: SECONDS`
/// lines where there are any, else every line that is one number.
pub fn times_in(output: &str) -> Vec<f64> {
    let trials: Vec<f64> =
        output.lines().filter_map(|l| l.trim().strip_prefix("Trial Time:")).filter_map(as_time).collect();
    if !trials.is_empty() {
        return trials;
    }
    output.lines().filter_map(as_time).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gapbs_trials_or_bare_numbers() {
        let gapbs = "Read Time: 0.5\nTrial Time:          0.00396\nTrial Time: 0.004\nAverage Time: 0.00398\n";
        assert_eq!(times_in(gapbs), vec![0.00396, 0.004]);
        assert_eq!(times_in("0.5\nnot a time\n0.25\n"), vec![0.5, 0.25]);
        assert!(times_in("-1\n0\nnan\n1e-320\ninf\n").is_empty());
    }

    #[test]
    fn a_command_gives_the_median_and_a_failure_says_why() {
        let limit = DEFAULT_LIMIT;
        assert_eq!(measure("printf '0.3\\n0.1\\n0.2\\n'", limit), Ok(0.2));
        assert!(measure("echo nothing", limit).unwrap_err().contains("printed no time"));
        assert!(measure("echo oops >&2; exit 3", limit).unwrap_err().contains("oops"));
    }

    #[test]
    fn a_command_past_its_limit_is_stopped_with_what_it_started() {
        let start = Instant::now();
        let e = measure("sleep 1000 & sleep 1000; echo 1", Duration::from_millis(300)).unwrap_err();
        assert!(e.contains("did not finish within 0.3 s (--reference-limit)"), "{e}");
        assert!(start.elapsed() < Duration::from_secs(10), "the pipes were left open: {:?}", start.elapsed());
    }
}
