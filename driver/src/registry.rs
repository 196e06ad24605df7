//! The dialects and passes the compiler knows.

use strata_ir::pass::PassRegistry;
use strata_ir::Registry;

/// Every dialect: the standard ones, `graph`, `sched` and `par`.
pub fn dialects() -> Registry {
    let mut r = strata_std::standard_registry();
    strata_graph_dialect::register(&mut r);
    strata_sched_dialect::register(&mut r);
    strata_par_dialect::register(&mut r);
    r
}

/// Every pass.
pub fn passes() -> PassRegistry {
    let mut r = PassRegistry::new();
    strata_passes::register(&mut r);
    strata_lowering::register(&mut r);
    strata_graph_dialect::register_passes(&mut r);
    strata_sched_dialect::register_passes(&mut r);
    strata_par_dialect::register_passes(&mut r);
    strata_upstream::register(&mut r);
    r
}

/// The operation summary table of a dialect in Markdown: one row per
/// operation, sorted by name, with its summary, traits and declared
/// signature (operands, results and properties with their constraints;
/// `?` marks an optional one, `*` a variadic one). The dialect
/// documents hold it between `<!-- operations: NAME -->` and
/// `<!-- end operations -->`, kept equal to this by a test.
pub fn operation_table(d: &strata_ir::Dialect) -> String {
    let mut ops: Vec<_> = d.ops.iter().collect();
    ops.sort_by_key(|o| o.name.as_str());
    let mut out = String::from("| operation | summary | traits | signature |\n|---|---|---|---|\n");
    for o in ops {
        let signature = o.signature.map_or(String::new(), |s| format!("`{}`", s.describe()));
        out.push_str(&format!("| `{}` | {} | {} | {signature} |\n", o.name, o.summary, o.traits.names().join(", ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use strata_ir::op_name::check_declared;
    use strata_ir::OpName;

    /// Each dialect's declared operation names.
    fn declared() -> [(&'static str, &'static [OpName]); 8] {
        [
            (strata_ir::builtin::op::DIALECT, strata_ir::builtin::op::ALL),
            (strata_ir::func::op::DIALECT, strata_ir::func::op::ALL),
            (strata_std::arith::op::DIALECT, strata_std::arith::op::ALL),
            (strata_std::scf::op::DIALECT, strata_std::scf::op::ALL),
            (strata_std::cf::op::DIALECT, strata_std::cf::op::ALL),
            (strata_graph_dialect::op::DIALECT, strata_graph_dialect::op::ALL),
            (strata_sched_dialect::op::DIALECT, strata_sched_dialect::op::ALL),
            (strata_par_dialect::op::DIALECT, strata_par_dialect::op::ALL),
        ]
    }

    /// Every registered pass is the pass its declaration describes, and
    /// takes every option it declares (a pass whose options are not
    /// declared with `pass_options!` keeps a second list of keys, which
    /// could drift from the declaration).
    #[test]
    fn every_pass_takes_the_options_it_declares() {
        use strata_ir::pass::OptionKind;
        for info in super::passes().all() {
            let decl = info.decl;
            assert!(std::ptr::eq((info.create)().decl(), decl), "{}: create() makes another pass", decl.argument);
            for o in decl.options {
                let mut pass = (info.create)();
                let sample = match o.kind {
                    OptionKind::Bool => "true",
                    OptionKind::Positive | OptionKind::Count => "16",
                    OptionKind::Text => "x",
                };
                if let Err(e) = decl.set(pass.as_mut(), o.name, sample) {
                    assert!(
                        o.kind == OptionKind::Text && !e.contains("no such option") && !e.contains("has no option"),
                        "{}: option '{}': {e}",
                        decl.argument,
                        o.name
                    );
                }
            }
            let mut pass = (info.create)();
            let err = decl.set(pass.as_mut(), "no-such-option", "1").unwrap_err();
            assert!(err.starts_with(&format!("pass '{}' has no option 'no-such-option'", decl.argument)), "{err}");
        }
    }

    #[test]
    fn dialect_keys_differ() {
        let mut keys: Vec<u32> = declared().iter().map(|(name, _)| strata_ir::op_name::dialect_key(name)).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), declared().len());
    }

    #[test]
    fn every_dialect_registers_exactly_the_operations_it_declares() {
        let r = super::dialects();
        assert_eq!(r.dialects().len(), declared().len(), "a registered dialect has no declared names");
        for (name, all) in declared() {
            let d = r.dialect(name).unwrap_or_else(|| panic!("dialect '{name}' is not registered"));
            check_declared(d, all).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    /// The document that holds a dialect's operation table.
    fn doc_of(dialect: &str) -> &'static str {
        match dialect {
            "graph" => "graph.md",
            "sched" => "sched.md",
            "par" => "par.md",
            _ => "standard.md",
        }
    }

    /// The dialect documents hold the generated operation tables; with
    /// `STRATA_BLESS=1` the test writes them instead of comparing.
    #[test]
    fn the_dialect_docs_hold_the_generated_operation_tables() {
        let r = super::dialects();
        let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/dialects");
        let bless = std::env::var_os("STRATA_BLESS").is_some();
        for (name, _) in declared() {
            let path = docs.join(doc_of(name));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (begin, end) = (format!("<!-- operations: {name} -->\n"), "<!-- end operations -->");
            let start = text.find(&begin).unwrap_or_else(|| panic!("{} has no '{}'", path.display(), begin.trim()));
            let body = start + begin.len();
            let stop =
                body + text[body..].find(end).unwrap_or_else(|| panic!("{}: unterminated table", path.display()));
            let want = super::operation_table(r.dialect(name).expect("registered"));
            if bless {
                std::fs::write(&path, format!("{}{want}{}", &text[..body], &text[stop..])).expect("write the doc");
            } else {
                assert_eq!(
                    &text[body..stop],
                    want,
                    "{}: the operation table of '{name}' is stale; run STRATA_BLESS=1 cargo test -p strata-driver",
                    path.display()
                );
            }
        }
    }
}
