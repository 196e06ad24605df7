//! Reference times for `graph-bench`: a kernel's time on a graph as another
//! implementation takes it (GAPBS's, say), read from a table or measured by
//! running a command, to print beside ours and to plot the ratios.

use std::process::Command;
use std::time::Duration;

use crate::run::median;

/// Where reference times come from.
pub enum Reference {
    /// A table: `ALGORITHM GRAPH SECONDS` a line (`#` starts a comment).
    Table(Vec<Entry>),
    /// A command run through `sh -c` per algorithm and graph, with
    /// `{algorithm}`, `{graph}` and `{source}` replaced; it prints times.
    Command(String),
}

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
            Reference::Command(template) => {
                let cmd = template
                    .replace("{algorithm}", algorithm)
                    .replace("{graph}", entry)
                    .replace("{source}", &source.to_string());
                measure(&cmd).map(Some)
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

/// Runs `cmd` and takes the median of the times it prints.
fn measure(cmd: &str) -> Result<f64, String> {
    let out = Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .output()
        .map_err(|e| format!("error: cannot run the reference command '{cmd}': {e}"))?;
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
        assert_eq!(measure("printf '0.3\\n0.1\\n0.2\\n'"), Ok(0.2));
        assert!(measure("echo nothing").unwrap_err().contains("printed no time"));
        assert!(measure("echo oops >&2; exit 3").unwrap_err().contains("oops"));
    }
}
