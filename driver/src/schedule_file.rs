//! Schedule files: the schedules of a program's loops by name, one loop a
//! line, as `graph-tune` writes them and `--schedule-file` reads them.
//!
//! ```text
//! # comments and blank lines are ignored
//! bfs:0 direction=hybrid,alpha=10,beta=18
//! bfs:1 chunk=4096
//! ```
//!
//! A loop's name is `F:K`, the K-th `graph.foreach` of function `F`
//! (`graph-opt --list-loops` prints them); the entries are those of
//! `--schedule` (`docs/dialects/sched.md`) and count as written on the
//! loop. Names and entries are checked when the pipeline runs and is
//! built, with the file's line and column in the message.

use crate::pipeline::SeenKeys;
use crate::schedule_error::ScheduleError;
use std::collections::HashMap;
use strata_ir::Location;

pub use strata_lowering::graph_to_sched::{loop_names, outermost_loops, own_count_commons};

/// The schedule of one loop, from one line of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopEntry {
    /// The loop's name, `F:K`.
    pub name: String,
    /// `key=value` entries, in order.
    pub entries: Vec<(String, String)>,
    /// Where the line's entries begin.
    pub at: Location,
}

/// Parses the text of a schedule file called `path`.
pub fn parse(path: &str, text: &str) -> Result<Vec<LoopEntry>, ScheduleError> {
    let mut loops = Vec::new();
    // Where each loop's key was given first: a key is given once per loop
    // in the whole file, as on one line.
    let mut first: HashMap<(String, String), String> = HashMap::new();
    // A byte-order mark is no part of the first loop's name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let indent = line.len() - line.trim_start().len();
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let at = |col: usize| Location::file(path, i as u32 + 1, col as u32 + 1);
        let here = |col: usize| format!("{path}:{}:{}", i + 1, col + 1);
        let error = |col: usize, message: String| ScheduleError::InFile { at: at(col), message };
        let Some((name, rest)) = line.split_once(char::is_whitespace) else {
            return Err(error(indent, "expected a loop name and KEY=VALUE entries".into()));
        };
        if !name.contains(':') {
            return Err(error(indent, format!("'{name}' is not a loop name (FUNCTION:INDEX)")));
        }
        let start = indent + line.len() - rest.trim_start().len();
        let (mut entries, mut seen) = (Vec::new(), SeenKeys::default());
        let mut col = start;
        for part in rest.trim().split(',') {
            let entry = part.trim();
            let Some((k, v)) = entry.split_once('=').filter(|(k, v)| !k.trim().is_empty() && !v.trim().is_empty())
            else {
                return Err(error(col, ScheduleError::Malformed { entry: entry.to_string() }.to_string()));
            };
            let (k, v) = (k.trim(), v.trim());
            let key_col = col + part.len() - part.trim_start().len();
            if let Err(twice) = seen.note(k, v) {
                return Err(error(key_col, twice.to_string()));
            }
            if let Some(earlier) = first.get(&(name.to_string(), k.to_string())) {
                return Err(error(
                    key_col,
                    format!("schedule entry '{k}' of loop '{name}' is given twice (first at {earlier})"),
                ));
            }
            first.insert((name.to_string(), k.to_string()), here(key_col));
            entries.push((k.to_string(), v.to_string()));
            col += part.len() + 1;
        }
        loops.push(LoopEntry { name: name.to_string(), entries, at: at(start) });
    }
    Ok(loops)
}

/// The text of a schedule file holding `loops`.
pub fn write(loops: &[LoopEntry]) -> String {
    let mut out = String::new();
    for l in loops {
        let entries: Vec<String> = l.entries.iter().map(|(k, v)| format!("{k}={v}")).collect();
        out += &format!("{} {}\n", l.name, entries.join(","));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_many_entries_is_read_in_linear_time() {
        // 100,000 entries, the last a key given before: a quadratic check
        // took half a minute here.
        let mut line: Vec<String> = (0..100_000).map(|i| format!("k{i}=1")).collect();
        line.push("k7=2".into());
        let text = format!("bfs:0 {}\n", line.join(","));
        let e = parse("s.txt", &text).unwrap_err().to_string();
        assert!(
            e.starts_with("s.txt:1:") && e.ends_with("schedule entry 'k7' is given twice (first as 'k7=1')"),
            "{e}"
        );
        let e = crate::pipeline::Schedule::parse(&line.join(",")).unwrap_err();
        assert_eq!(e.to_string(), "schedule entry 'k7' is given twice (first as 'k7=1')");
    }

    #[test]
    fn reads_what_it_writes_and_locates_errors() {
        let text = "# tuned\nbfs:0 direction=hybrid, alpha=10\n\n  bfs:2 chunk=64 # small rounds\n";
        let loops = parse("s.txt", text).unwrap();
        assert_eq!(loops.len(), 2);
        assert_eq!(loops[0].entries, vec![("direction".into(), "hybrid".into()), ("alpha".into(), "10".into())]);
        assert_eq!(loops[1].at, Location::file("s.txt", 4, 9));
        assert_eq!(
            parse("s.txt", &write(&loops)).unwrap().iter().map(|l| &l.entries).collect::<Vec<_>>(),
            vec![&loops[0].entries, &loops[1].entries]
        );
        assert_eq!(
            parse("s.txt", "bfs:0 chunk").unwrap_err().to_string(),
            "s.txt:1:7: error: schedule entry 'chunk' is not KEY=VALUE"
        );
        assert_eq!(
            parse("s.txt", "x:1 a=1,b").unwrap_err().to_string(),
            "s.txt:1:9: error: schedule entry 'b' is not KEY=VALUE"
        );
        assert!(parse("s.txt", "bfs chunk=1")
            .unwrap_err()
            .to_string()
            .contains("s.txt:1:1: error: 'bfs' is not a loop name"));
        assert!(parse("s.txt", "bfs:0")
            .unwrap_err()
            .to_string()
            .contains("expected a loop name and KEY=VALUE entries"));
        assert_eq!(
            parse("s.txt", "pr:1 order=degree\npr:0 order=id\n pr:1 chunk=8, order=id").unwrap_err().to_string(),
            "s.txt:3:16: error: schedule entry 'order' of loop 'pr:1' is given twice (first at s.txt:1:6)"
        );
        let marked = parse("s.txt", "\u{feff}bfs:0 chunk=4").unwrap();
        assert_eq!((marked[0].name.as_str(), &marked[0].at), ("bfs:0", &Location::file("s.txt", 1, 7)));
        assert_eq!(
            parse("s.txt", "pr:1 order=degree, chunk=8, order=id").unwrap_err().to_string(),
            "s.txt:1:29: error: schedule entry 'order' is given twice (first as 'order=degree')"
        );
    }
}
