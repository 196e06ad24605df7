//! Fuzzing the tools as a user runs them, for a fixed time: programs (every
//! lit input and corpus program, chunk by chunk), pass pipelines and graph
//! files are mutated (bytes, tokens, lines, swapped operands and types, huge
//! literals, deep nesting) and given to `graph-opt` and `graph-run`. Each run
//! must end with status 0, or with status 1 and an error (located, for
//! programs), within a time limit, with no internal error and nothing left
//! at `-o` on error; what `graph-opt` prints must read back to the same
//! module, in the custom and the generic form. Accepted programs also go
//! through the default pipelines of both targets (for the CPU also written in
//! upstream dialects, `--emit=upstream-mlir`) and `egraph-simplify`.
//!
//! The semantic mode keeps to valid programs: an input (a lit chunk, perhaps
//! mutated) that verifies goes through a random pipeline of the registered
//! passes, as `--list-passes` shows them, with random option values. Every
//! pass must hold on any verified input: finish, or refuse it with an
//! error, and leave IR that verifies.
//!
//! `STRATA_FUZZ_SECONDS` sets the time (default 60), `STRATA_FUZZ_SEED` the
//! seed (default 1, so that the suite tries the same inputs first every
//! time; printed), `STRATA_FUZZ_SAVE` a folder where each finding is
//! written, minimized, and `STRATA_FUZZ_MODE=semantic` keeps to the
//! semantic mode. `scripts/fuzz.sh --minutes N` runs it longer with
//! fresh seeds.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::files::mlir_files;

/// Deterministic pseudo-random numbers (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Tokens that make inputs interesting: huge and odd literals, types,
/// brackets, names.
const DICTIONARY: &[&str] = &[
    "99999999999999999999999999999999999999999",
    "-9223372036854775809",
    "18446744073709551616",
    "0x7fffffffffffffff",
    "1e309",
    "-0.0",
    "nan",
    "i0",
    "i1",
    "i128",
    "i16777215",
    "i16777216",
    "index",
    "f64",
    "bf16",
    "!graph.node",
    "!graph.nprop<f64>",
    "!par.buf<i1>",
    "tuple<i64, tuple<>>",
    "(i64) -> i64",
    "%0",
    "%arg0",
    "^bb1",
    "@f",
    "{",
    "}",
    "(",
    ")",
    "<",
    ">",
    "[",
    "]",
    ",",
    ":",
    "=",
    "\"",
    "loc(\"x\":1:1)",
    "#loc0",
    "dense<[1, 2]>",
    "overflow<nsw>",
    "// -----",
];

/// One way an input failed.
struct Finding {
    what: String,
    detail: String,
}

fn finding(what: &str, detail: impl Into<String>) -> Finding {
    Finding { what: what.to_string(), detail: detail.into() }
}

/// The outcome of one run of a tool.
struct Outcome {
    status: Option<i32>,
    stderr: String,
    timed_out: bool,
}

/// Runs `tool` with `args` and a time limit.
fn run(tool: &Path, args: &[&str], limit: Duration) -> Outcome {
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool starts");
    let start = Instant::now();
    let stderr = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut std::io::BufReader::new(stderr), &mut text);
        text
    });
    loop {
        if let Some(s) = child.try_wait().expect("wait") {
            return Outcome { status: s.code(), stderr: reader.join().unwrap_or_default(), timed_out: false };
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Outcome { status: None, stderr: reader.join().unwrap_or_default(), timed_out: true };
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Checks the contract every run keeps: exit 0, or 1 with an error (located
/// if `located`), in time, no internal error, no output left on error.
fn check(o: &Outcome, out: Option<&Path>, located: bool) -> Result<bool, Finding> {
    if o.timed_out {
        return Err(finding("hang", "no answer within the time limit"));
    }
    if o.stderr.contains("internal compiler error") || o.stderr.contains("panicked") {
        return Err(finding("internal error", o.stderr.clone()));
    }
    match o.status {
        Some(0) => Ok(true),
        Some(1) => {
            let first = o.stderr.lines().find(|l| l.contains("error:")).unwrap_or("");
            if first.is_empty() {
                return Err(finding("silent failure", o.stderr.clone()));
            }
            if located && !is_located(first) {
                return Err(finding("unlocated error", first.to_string()));
            }
            if out.is_some_and(|p| p.exists()) {
                return Err(finding("output left on error", first.to_string()));
            }
            Ok(false)
        }
        other => Err(finding("crash", format!("exit status {other:?}\n{}", o.stderr))),
    }
}

/// `FILE:LINE:COL: error:` (or a location inside `loc(...)`).
fn is_located(line: &str) -> bool {
    let Some(head) = line.split(" error:").next() else { return false };
    let parts: Vec<&str> = head.trim_end_matches(':').rsplitn(3, ':').collect();
    parts.len() == 3 && parts[0].parse::<u32>().is_ok() && parts[1].parse::<u32>().is_ok()
}

struct Fuzzer {
    opt: PathBuf,
    run: PathBuf,
    dir: PathBuf,
    limit: Duration,
    save: Option<PathBuf>,
    rng: Rng,
    runs: usize,
    /// Semantic-mode pipelines that refused their input, and that ran.
    semantic_runs: [usize; 2],
    findings: Vec<String>,
}

impl Fuzzer {
    fn path(&self, name: &str) -> PathBuf {
        let p = self.dir.join(name);
        let _ = std::fs::remove_file(&p);
        p
    }

    /// The checks of a program: parse, verify, print; the printed forms read
    /// back; with `deep`, the pipelines too.
    fn program(&mut self, text: &str, deep: bool) -> Result<(), Finding> {
        let input = self.path("in.mlir");
        std::fs::write(&input, text).expect("write the input");
        let (inp, out) = (input, self.path("out.mlir"));
        let s = |p: &Path| p.to_str().expect("utf-8 path").to_string();
        let flags = ["--allow-unregistered-dialect"];
        self.runs += 1;
        let o = run(&self.opt, &[&s(&inp), flags[0], "-o", &s(&out)], self.limit);
        if !check(&o, Some(&out), true)? {
            return Ok(());
        }
        let printed = std::fs::read_to_string(&out).unwrap_or_default();
        for (form, extra) in [("custom", None), ("generic", Some("--mlir-print-op-generic"))] {
            // Fresh each round: what the custom round wrote is no output
            // of the generic one.
            let (generic, again) = (self.path("g.mlir"), self.path("again.mlir"));
            let mut args = vec![s(&out), flags[0].to_string(), "-o".into(), s(&generic)];
            args.extend(extra.map(String::from));
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let o = run(&self.opt, &args, self.limit);
            if !check(&o, Some(&generic), true)? {
                return Err(finding(
                    "printed IR does not read back",
                    format!("{form} form of the output\n{}", o.stderr),
                ));
            }
            let o = run(&self.opt, &[&s(&generic), flags[0], "-o", &s(&again)], self.limit);
            if !check(&o, Some(&again), true)? {
                return Err(finding(
                    "printed IR does not read back",
                    format!("{form} form, second read\n{}", o.stderr),
                ));
            }
            if std::fs::read_to_string(&again).unwrap_or_default() != printed {
                return Err(finding("printed IR reads back differently", format!("{form} form")));
            }
        }
        if !deep {
            return Ok(());
        }
        let modes: [&[&str]; 7] = [
            &["--target=cpu"],
            &["--target=cpu", "--emit=obj"],
            &["--target=cpu", "--emit=upstream-mlir"],
            &["--target=gpu", "--emit=ptx"],
            &["--pass-pipeline=builtin.module(func.func(egraph-simplify))"],
            &["--target=cpu", "--schedule=unroll=4,interleave=3", "--profile", "--emit=obj"],
            &["--target=gpu", "--schedule=unroll=2,interleave=4", "--profile", "--emit=ptx"],
        ];
        let mode = *self.rng.pick(&modes);
        let result = self.path("result");
        let mut args = vec![s(&inp), flags[0].to_string(), "-o".into(), s(&result)];
        args.extend(mode.iter().map(|m| m.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        self.runs += 1;
        check(&run(&self.opt, &args, self.limit * 4), Some(&result), true)
            .map(|_| ())
            .map_err(|f| finding(&f.what, format!("{}\n{}", mode.join(" "), f.detail)))
    }

    /// A pass pipeline on a corpus program.
    fn pipeline(&mut self, program: &Path, pipeline: &str) -> Result<(), Finding> {
        let out = self.path("pipeline.mlir");
        let arg = format!("--pass-pipeline={pipeline}");
        self.runs += 1;
        let o = run(&self.opt, &[program.to_str().expect("path"), &arg, "-o", out.to_str().expect("path")], self.limit);
        check(&o, Some(&out), false).map(|_| ())
    }

    /// A graph file, read by BFS in the interpreter.
    fn graph(&mut self, program: &Path, bytes: &[u8], ext: &str) -> Result<(), Finding> {
        let file = self.path(&format!("graph.{ext}"));
        std::fs::write(&file, bytes).expect("write the graph");
        let out = self.path("graph-result.txt");
        let args = [program.to_str().expect("path"), "--graph", file.to_str().expect("path"), "--entry", "bfs", "0"];
        let mut args: Vec<&str> = args.to_vec();
        // Below the fuzzer's own limit: a graph too big to finish in time
        // (a node numbered 42949296) is the tool's reported error, not a hang.
        args.extend(["--time-limit", "5", "-o", out.to_str().expect("path")]);
        self.runs += 1;
        check(&run(&self.run, &args, self.limit), Some(&out), false).map(|_| ())
    }

    /// The semantic mode: `text`, if it verifies, through `pipeline`.
    fn semantic(&mut self, text: &str, pipeline: &str) -> Result<(), Finding> {
        let input = self.path("sem.mlir");
        std::fs::write(&input, text).expect("write the input");
        let out = self.path("sem-out.mlir");
        let (inp, o) = (input.to_str().expect("path"), out.to_str().expect("path"));
        self.runs += 1;
        if !check(&run(&self.opt, &[inp, "--allow-unregistered-dialect", "-o", o], self.limit), Some(&out), true)? {
            return Ok(());
        }
        let _ = std::fs::remove_file(&out);
        let arg = format!("--pass-pipeline={pipeline}");
        self.runs += 1;
        let outcome = run(&self.opt, &[inp, "--allow-unregistered-dialect", &arg, "-o", o], self.limit * 2);
        let detail = |f: Finding| finding(&f.what, format!("{pipeline}\n{}", f.detail));
        let ran = check(&outcome, Some(&out), false).map_err(detail)?;
        if outcome.stderr.contains("verification failed after pass") {
            return Err(detail(finding("pass left invalid IR", outcome.stderr)));
        }
        self.semantic_runs[usize::from(ran)] += 1;
        Ok(())
    }

    /// Shrinks a failing program line by line while it fails the same way.
    fn minimize(&mut self, text: &str, what: &str, deep: bool) -> String {
        self.shrink(text, |fz, candidate| fz.program(candidate, deep).is_err_and(|f| f.what == what))
    }

    /// Shrinks an input that fails `pipeline` line by line while it fails
    /// the same way.
    fn minimize_semantic(&mut self, text: &str, pipeline: &str, what: &str) -> String {
        self.shrink(text, |fz, candidate| fz.semantic(candidate, pipeline).is_err_and(|f| f.what == what))
    }

    /// Drops the lines of `text` one at a time, from the last, keeping each
    /// drop after which `fails` still holds (300 tries at most).
    fn shrink(&mut self, text: &str, mut fails: impl FnMut(&mut Fuzzer, &str) -> bool) -> String {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        for i in (0..lines.len()).rev().take(300) {
            let mut fewer = lines.clone();
            fewer.remove(i);
            let candidate = fewer.join("\n") + "\n";
            if fails(self, &candidate) {
                lines = fewer;
            }
        }
        lines.join("\n") + "\n"
    }

    fn report(&mut self, kind: &str, input: &str, f: Finding, minimized: Option<String>) {
        let text = minimized.unwrap_or_else(|| input.to_string());
        let summary = format!("{kind}: {}: {}", f.what, f.detail.lines().next().unwrap_or(""));
        eprintln!("fuzz: {summary}\n--- input ---\n{}\n--- details ---\n{}", preview(&text), f.detail);
        if let Some(dir) = &self.save {
            let _ = std::fs::create_dir_all(dir);
            let name = format!("{kind}-{}-{}.txt", f.what.replace(' ', "-"), self.findings.len());
            let _ = std::fs::write(dir.join(name), format!("// {summary}\n{text}"));
        }
        self.findings.push(summary);
    }
}

fn preview(text: &str) -> String {
    if text.len() > 4000 {
        format!("{}... ({} bytes)", &text[..text.floor_char_boundary(4000)], text.len())
    } else {
        text.to_string()
    }
}

/// One mutation of `text`.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
    let mut s = text.to_string();
    let at = |s: &str, rng: &mut Rng| s.floor_char_boundary(rng.below(s.len() + 1));
    match rng.below(10) {
        0 => {
            // Delete a range of bytes.
            let a = at(&s, rng);
            let b = s.floor_char_boundary((a + 1 + rng.below(16)).min(s.len()));
            s.replace_range(a..b, "");
        }
        1 => {
            let a = at(&s, rng);
            let c = *rng.pick(&[" ", "{", "}", "(", ")", "<", ">", "%", "^", "\"", ":", "\n", "\0", "é"]);
            s.insert_str(a, c);
        }
        2 | 3 => {
            // Replace a token with another token of the file or of the dictionary.
            if let Some(t) = tokens.get(rng.below(tokens.len())) {
                let with = if rng.below(2) == 0 { *rng.pick(DICTIONARY) } else { *rng.pick(&tokens) };
                let n = s.matches(t).count();
                if let Some((pos, _)) = s.match_indices(t).nth(rng.below(n)) {
                    s.replace_range(pos..pos + t.len(), with);
                }
            }
        }
        4 => {
            // Swap two SSA names everywhere (operands and definitions).
            let names: Vec<&str> = tokens.iter().copied().filter(|t| t.starts_with('%')).collect();
            if names.len() > 1 {
                let (a, b) = (*rng.pick(&names), *rng.pick(&names));
                s = s.replace(a, "\u{1}").replace(b, a).replace('\u{1}', b);
            }
        }
        5 => {
            // Swap two types.
            let types = ["i1", "i32", "i64", "index", "f32", "f64", "!graph.node", "!graph.edge"];
            let (a, b) = (*rng.pick(&types), *rng.pick(&types));
            if let Some((pos, _)) = s.match_indices(a).nth(rng.below(s.matches(a).count())) {
                s.replace_range(pos..pos + a.len(), b);
            }
        }
        6 if !lines.is_empty() => {
            // Delete, duplicate or move a line.
            let mut ls: Vec<&str> = lines.clone();
            let i = rng.below(ls.len());
            match rng.below(3) {
                0 => {
                    ls.remove(i);
                }
                1 => ls.insert(i, lines[rng.below(lines.len())]),
                _ => {
                    let j = rng.below(ls.len());
                    ls.swap(i, j);
                }
            }
            s = ls.join("\n");
        }
        7 => {
            // Deep nesting: of regions around a line, or of a type.
            let depth = 490 + rng.below(30);
            if rng.below(2) == 0 && !lines.is_empty() {
                let i = rng.below(lines.len());
                let mut ls: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                ls[i] = format!("{}{}{}", "\"t.w\"() ({\n".repeat(depth), ls[i], "\n}) : () -> ()".repeat(depth));
                s = ls.join("\n");
            } else {
                let t = format!("{}i64{}", "tuple<".repeat(depth), ">".repeat(depth));
                if let Some((pos, _)) = s.match_indices("i64").next() {
                    s.replace_range(pos..pos + 3, &t);
                }
            }
        }
        _ => {
            // A huge literal in place of a number.
            let digits: Vec<(usize, &str)> = s.match_indices(char::is_numeric).collect();
            if let Some((pos, d)) = digits.get(rng.below(digits.len())).copied() {
                let huge = *rng.pick(&["340282366920938463463374607431768211456", "4294967296", "-1"]);
                s.replace_range(pos..pos + d.len(), huge);
            }
        }
    }
    s
}

/// A registered pass as `--list-passes` shows it: its name, the operation
/// it runs on (if it says), and its options with the values to try.
struct PassEntry {
    name: String,
    anchor: Option<String>,
    options: Vec<(String, Vec<String>)>,
}

/// The registered passes, read from `graph-opt --list-passes`; `upstream`
/// (a round trip through upstream MLIR) is left to its own tests.
fn registered_passes(opt: &Path) -> Vec<PassEntry> {
    let out = Command::new(opt).arg("--list-passes").output().expect("graph-opt --list-passes");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let mut passes: Vec<PassEntry> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("  --") {
            let name = rest.split_whitespace().next().unwrap_or("").to_string();
            let anchor = rest.rsplit_once("(on ").map(|(_, a)| a.trim_end_matches(')').to_string());
            passes.push(PassEntry { name, anchor, options: Vec::new() });
        } else if let (Some(p), Some((key, help))) = (passes.last_mut(), line.trim().split_once(' ')) {
            let Some((name, kind)) = key.split_once("=<") else { continue };
            p.options.push((name.to_string(), option_values(kind.trim_end_matches('>'), help)));
        }
    }
    passes.retain(|p| p.name != "upstream");
    passes
}

/// Values to try for an option of `kind`: for text, the words its help
/// offers (`thread (default), edge (...) or sequential`).
fn option_values(kind: &str, help: &str) -> Vec<String> {
    let words = |v: &[&str]| v.iter().map(|w| w.to_string()).collect();
    match kind {
        "bool" => words(&["true", "false"]),
        "positive" => words(&["1", "2", "3", "4", "64", "1000"]),
        "count" => words(&["0", "1", "2", "4", "64"]),
        _ => {
            let mut plain = String::new();
            let mut depth = 0;
            for c in help.chars() {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ if depth == 0 => plain.push(c),
                    _ => {}
                }
            }
            let offered = plain.rsplit(':').next().unwrap_or("").split(", for").next().unwrap_or("");
            offered
                .split([',', ' '])
                .filter(|w| !w.is_empty() && *w != "or" && w.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
                .map(String::from)
                .collect()
        }
    }
}

/// The stage of a lowering pipeline a pass belongs to, for pipelines in the
/// usual order: graph, sched, par, cf; `None` for the passes of any stage.
fn stage(pass: &str) -> Option<u8> {
    match pass {
        "graph-check-races" => Some(0),
        "convert-graph-to-sched" => Some(1),
        p if p.starts_with("sched-") => Some(2),
        "convert-sched-to-par" => Some(3),
        p if p.starts_with("par-") => Some(4),
        "convert-scf-to-cf" => Some(5),
        _ => None,
    }
}

/// A random pipeline of one to five registered passes with random options,
/// half the time in the stages' order; each pass nested where it runs.
fn random_pipeline(passes: &[PassEntry], rng: &mut Rng) -> String {
    let mut chosen: Vec<&PassEntry> = (0..1 + rng.below(5)).map(|_| rng.pick(passes)).collect();
    if rng.below(2) == 0 {
        let mut last = 0;
        let keys: Vec<u8> = chosen
            .iter()
            .map(|p| {
                last = stage(&p.name).unwrap_or(last);
                last
            })
            .collect();
        let mut order: Vec<usize> = (0..chosen.len()).collect();
        order.sort_by_key(|i| keys[*i]);
        chosen = order.into_iter().map(|i| chosen[i]).collect();
    }
    let mut parts = Vec::new();
    for p in chosen {
        let mut text = p.name.clone();
        let set: Vec<String> = (0..rng.below(3))
            .filter(|_| !p.options.is_empty())
            .map(|_| {
                let (key, values) = rng.pick(&p.options);
                let value = if values.is_empty() { "x" } else { rng.pick(values).as_str() };
                format!("{key}={value}")
            })
            .collect();
        if !set.is_empty() {
            text = format!("{text}{{{}}}", set.join(" "));
        }
        let in_function = match p.anchor.as_deref() {
            Some("func.func") => true,
            Some(_) => false,
            None => rng.below(2) == 0,
        };
        parts.push(if in_function { format!("func.func({text})") } else { text });
    }
    format!("builtin.module({})", parts.join(","))
}

const PIPELINES: &[&str] = &[
    "builtin.module(canonicalize,cse)",
    "builtin.module(func.func(egraph-simplify{max-iterations=4 max-nodes=1000}),canonicalize)",
    "builtin.module(convert-graph-to-sched{default-schedule=\"direction=pull,frontier=bitmap\"},convert-sched-to-par,canonicalize)",
    "builtin.module(graph-check-races,convert-graph-to-sched,convert-sched-to-par,par-eliminate-bool-atomics,convert-scf-to-cf{check-steps})",
    "builtin.module(convert-graph-to-sched{pushes=block segments=2 remarks=true},convert-sched-to-par,func.func(par-cooperative-pushes{remarks=true buffer=4}),canonicalize)",
    "builtin.module(convert-graph-to-sched{split=2},convert-sched-to-par,func.func(par-unroll-masked{factor=3 remarks=true},par-interleave-loops{factor=2 remarks=true}),canonicalize)",
];

const GRAPHS: &[(&str, &str)] = &[
    ("el", "0 1\n1 2\n2 0\n2 3\n"),
    ("wel", "0 1 5\n1 2 -3\n2 0 9223372036854775807\n"),
    ("gr", "c a graph\np sp 4 3\na 1 2 7\na 2 3 1\na 3 4 2\n"),
    ("mtx", "%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 4\n3 1 6\n"),
];

#[test]
fn mutated_inputs_keep_the_tools_contract() {
    let seconds: u64 = std::env::var("STRATA_FUZZ_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    let seed: u64 =
        std::env::var("STRATA_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).filter(|s| *s != 0).unwrap_or(1);
    eprintln!("fuzz: seed {seed}, {seconds} s (STRATA_FUZZ_SEED={seed} repeats this run)");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = mlir_files(&root.join("test"));
    let mut chunks: Vec<String> = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        chunks.extend(text.split("\n// -----\n").map(String::from));
    }
    let bfs = root.join("test/algorithms/bfs.mlir");
    let dir = std::env::temp_dir().join(format!("strata-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let mut fz = Fuzzer {
        opt: PathBuf::from(env!("CARGO_BIN_EXE_graph-opt")),
        run: PathBuf::from(env!("CARGO_BIN_EXE_graph-run")),
        dir,
        limit: Duration::from_secs(20),
        save: std::env::var_os("STRATA_FUZZ_SAVE").map(PathBuf::from),
        rng: Rng(seed),
        runs: 0,
        semantic_runs: [0, 0],
        findings: Vec::new(),
    };
    let semantic_only = std::env::var("STRATA_FUZZ_MODE").is_ok_and(|m| m == "semantic");
    let passes = registered_passes(&fz.opt);
    assert!(passes.len() > 10, "graph-opt --list-passes lists the passes");
    let start = Instant::now();
    let mut inputs = 0;
    while start.elapsed() < Duration::from_secs(seconds) && fz.findings.len() < 10 {
        inputs += 1;
        let draw = if semantic_only { 2 } else { fz.rng.below(10) };
        match draw {
            0 => {
                let base = *fz.rng.pick(PIPELINES);
                // A command-line argument cannot hold a NUL.
                let p = mutate(base, &mut fz.rng).replace('\0', "");
                if let Err(f) = fz.pipeline(&bfs, &p) {
                    fz.report("pipeline", &p, f, None);
                }
            }
            1 => {
                let (ext, base) = *fz.rng.pick(GRAPHS);
                let g = (0..1 + fz.rng.below(3)).fold(base.to_string(), |g, _| mutate(&g, &mut fz.rng));
                if let Err(f) = fz.graph(&bfs, g.as_bytes(), ext) {
                    fz.report("graph", &g, f, None);
                }
            }
            2 | 3 => {
                let base = fz.rng.pick(&chunks).clone();
                let text = if fz.rng.below(3) == 0 { mutate(&base, &mut fz.rng) } else { base };
                let pipeline = random_pipeline(&passes, &mut fz.rng);
                if let Err(f) = fz.semantic(&text, &pipeline) {
                    let small = fz.minimize_semantic(&text, &pipeline, &f.what);
                    fz.report("semantic", &text, f, Some(small));
                }
            }
            _ => {
                let base = fz.rng.pick(&chunks).clone();
                let text = (0..1 + fz.rng.below(3)).fold(base, |t, _| mutate(&t, &mut fz.rng));
                let deep = fz.rng.below(4) == 0;
                if let Err(f) = fz.program(&text, deep) {
                    let small = fz.minimize(&text, &f.what, deep);
                    fz.report("program", &text, f, Some(small));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&fz.dir);
    eprintln!("fuzz: {inputs} inputs, {} runs of the tools in {:.0} s", fz.runs, start.elapsed().as_secs_f64());
    let [refused, ran] = fz.semantic_runs;
    eprintln!("fuzz: semantic mode: {ran} pipelines ran on verified inputs, {refused} refused them");
    assert!(fz.findings.is_empty(), "fuzz findings (seed {seed}):\n{}", fz.findings.join("\n"));
}
