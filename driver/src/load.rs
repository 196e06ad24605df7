//! Reading a module: parse, verify, and (for programs that will run) check
//! its loops for data races — the one sequence every tool uses.

use std::time::{Duration, Instant};

use strata_graph_dialect::races::check_races;
use strata_ir::parser::{parse_indexed, LineIndex};
use strata_ir::verifier::verify;
use strata_ir::{Context, Diagnostic, OpId};

/// A source text and the index of its lines, made once for all the chunks
/// read from it.
pub struct Source<'t> {
    /// The file's name in diagnostics.
    pub file: &'t str,
    /// The text.
    pub text: &'t str,
    /// Where its lines start.
    pub lines: LineIndex,
}

impl<'t> Source<'t> {
    /// `text`, called `file` in diagnostics.
    pub fn new(file: &'t str, text: &'t str) -> Source<'t> {
        Source { file, text, lines: LineIndex::new(text) }
    }
}

/// What loading checks after parsing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// The verifier (`graph-opt`: races are the `graph-check-races` pass).
    Verify,
    /// The verifier, then the race check (a program that will run).
    VerifyAndRaces,
}

/// A module read and checked, with the time each step took.
#[derive(Clone, Copy, Debug)]
pub struct Loaded {
    /// The module.
    pub module: OpId,
    /// Parsing.
    pub parse_time: Duration,
    /// Verifying (and checking races).
    pub check_time: Duration,
}

/// Parses `source.text[range.0..range.1]` into `ctx` and checks it; the
/// error holds every diagnostic found.
pub fn load(
    ctx: &mut Context,
    source: &Source<'_>,
    range: (usize, usize),
    checks: Checks,
) -> Result<Loaded, Vec<Diagnostic>> {
    let t0 = Instant::now();
    let module = parse_indexed(ctx, source.file, source.text, &source.lines, range.0, range.1).map_err(|d| vec![d])?;
    let parse_time = t0.elapsed();
    let t1 = Instant::now();
    let mut errors = verify(ctx, module);
    if errors.is_empty() && checks == Checks::VerifyAndRaces {
        errors = check_races(ctx, module);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Loaded { module, parse_time, check_time: t1.elapsed() })
}

#[cfg(test)]
mod tests {
    use super::{load, Checks, Source};
    use std::sync::Arc;
    use strata_ir::Context;

    const RACY: &str = "func.func @f(%g: !graph.graph) {\n  %c = arith.constant 0 : i64\n  %p = graph.new_node_prop %g, %c : !graph.nprop<i64>\n  graph.foreach %v in nodes(%g) {\n    graph.foreach %u, %e in out_nbrs(%g, %v) {\n      graph.store %c, %p[%u] : !graph.nprop<i64>\n    }\n  }\n  return\n}\n";

    fn run(text: &str, checks: Checks) -> Result<(), Vec<String>> {
        let mut ctx = Context::new(Arc::new(crate::registry::dialects()));
        load(&mut ctx, &Source::new("t.mlir", text), (0, text.len()), checks)
            .map(|_| ())
            .map_err(|ds| ds.into_iter().map(|d| d.message).collect())
    }

    #[test]
    fn loading_parses_verifies_and_checks_races_when_asked() {
        assert!(run(RACY, Checks::Verify).is_ok());
        let races = run(RACY, Checks::VerifyAndRaces).expect_err("a race");
        assert!(races[0].contains("data race"), "{races:?}");
        let bad = run("func.func @f() {\n  %x = \"par.thread_id\"() : () -> index\n  return\n}\n", Checks::Verify);
        assert_eq!(bad, Err(vec!["'par.thread_id' op must be inside a par.parallel".to_string()]));
        assert!(run("func.func @f( {", Checks::Verify).is_err());
    }
}
