//! Every error the graph loader reports, with its file, line and message.

use strata_graph::load::{load, parse, Format};
use strata_graph::LoadOptions;

fn error(text: &str, format: Option<Format>) -> String {
    match parse("g", text.as_bytes(), format, LoadOptions::default()) {
        Ok(g) => panic!("{text:?} loaded as a graph of {} nodes", g.num_nodes()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn edge_list_errors() {
    let cases = [
        ("0 1\nx 2\n", "g:2: error: expected a source node (a non-negative integer), got 'x'"),
        ("0 1\n1 -2\n", "g:2: error: expected a destination node (a non-negative integer), got '-2'"),
        ("0 1\n1\n", "g:2: error: expected a destination node (a non-negative integer), got ''"),
        ("0 4294967295\n", "g:1: error: destination node 4294967295 does not fit a 32-bit node id"),
        ("99999999999 1\n", "g:1: error: source node 99999999999 does not fit a 32-bit node id"),
        ("99999999999999999999 1\n", "g:1: error: a source node '99999999999999999999' is too large"),
        ("# c\n0 1\n1 2 3\n", "g:3: error: expected 2 fields ('src dst'), found more"),
        ("0 1 5\n1 2 3 4\n", "g:2: error: expected 3 fields ('src dst weight'), found more"),
        ("0 1 5\n1 2\n", "g:2: error: expected a weight, found nothing"),
        ("0 1 5\n1 2 2.5\n", "g:2: error: expected an integer weight, got '2.5'"),
        ("\u{1}\u{2}\n", "g:1: error: expected a source node (a non-negative integer), got '\u{1}\u{2}'"),
    ];
    for (text, want) in cases {
        assert_eq!(error(text, Some(Format::EdgeList)), want, "{text:?}");
    }
}

#[test]
fn dimacs_errors() {
    let cases = [
        ("c only comments\n", "g: error: expected a problem line 'p sp NODES ARCS', found nothing"),
        ("c x\np max 3 2\n", "g:2: error: expected a problem line 'p sp NODES ARCS', got 'p max 3 2'"),
        ("p sp x 2\n", "g:1: error: expected the number of nodes (a non-negative integer), got 'x'"),
        ("p sp 3 -1\n", "g:1: error: expected the number of arcs (a non-negative integer), got '-1'"),
        ("p sp 5000000000 0\n", "g:1: error: node count 5000000000 does not fit a 32-bit node id"),
        ("p sp 3 1\ne 1 2 3\n", "g:2: error: expected an arc line 'a SRC DST WEIGHT', got 'e 1 2 3'"),
        ("p sp 3 1\na 0 2 3\n", "g:2: error: source node 0 is out of range 1..3"),
        ("p sp 3 1\na 1 4 3\n", "g:2: error: destination node 4 is out of range 1..3"),
        ("p sp 3 1\na 1 z 3\n", "g:2: error: expected a destination node (a non-negative integer), got 'z'"),
        ("p sp 3 1\na 1 2\n", "g:2: error: expected a weight, found nothing"),
        ("p sp 3 1\na 1 2 w\n", "g:2: error: expected an integer weight, got 'w'"),
        ("p sp 3 1\na 1 2 3 4\n", "g:2: error: expected 'a SRC DST WEIGHT', found more fields"),
        ("c\np sp 3 2\na 1 2 3\n", "g:2: error: the problem line announces 2 arcs, the file has 1"),
    ];
    for (text, want) in cases {
        assert_eq!(error(text, Some(Format::Dimacs)), want, "{text:?}");
    }
}

#[test]
fn matrix_market_errors() {
    let head = "%%MatrixMarket matrix coordinate integer general\n";
    let cases = [
        (
            "%%MatrixMarket tensor coordinate real general\n".to_string(),
            "g:1: error: expected '%%MatrixMarket matrix coordinate FIELD SYMMETRY'",
        ),
        (
            "%%MatrixMarket matrix array real general\n".to_string(),
            "g:1: error: only coordinate matrices are graphs, got 'array'",
        ),
        (
            "%%MatrixMarket matrix coordinate complex general\n".to_string(),
            "g:1: error: unsupported field 'complex', expected pattern, integer or real",
        ),
        (
            "%%MatrixMarket matrix coordinate real hermitian\n".to_string(),
            "g:1: error: unsupported symmetry 'hermitian', expected general or symmetric",
        ),
        (format!("{head}% only comments\n"), "g: error: expected a size line 'ROWS COLS ENTRIES', found nothing"),
        (format!("{head}3 3\n"), "g:2: error: expected a size line 'ROWS COLS ENTRIES', got '3 3'"),
        (format!("{head}3 x 1\n"), "g:2: error: expected a size (a non-negative integer), got 'x'"),
        (format!("{head}3 5000000000 1\n"), "g:2: error: matrix dimension 5000000000 does not fit a 32-bit node id"),
        (format!("{head}3 3 1\n4 1 1\n"), "g:3: error: row 4 is out of range 1..3"),
        (format!("{head}3 3 1\n1 0 1\n"), "g:3: error: column 0 is out of range 1..3"),
        (format!("{head}3 3 1\n1 c 1\n"), "g:3: error: expected a column (a non-negative integer), got 'c'"),
        (format!("{head}3 3 1\n1 2\n"), "g:3: error: expected a weight, found nothing"),
        (format!("{head}3 3 1\n1 2 1.5\n"), "g:3: error: expected an integer weight, got '1.5'"),
        (format!("{head}3 3 1\n1 2 1 9\n"), "g:3: error: too many fields in an entry"),
        (format!("{head}% c\n3 3 2\n1 2 1\n"), "g:3: error: the size line announces 2 entries, the file has 1"),
    ];
    for (text, want) in cases {
        assert_eq!(error(&text, Some(Format::MatrixMarket)), want, "{text:?}");
    }
}

#[test]
fn detected_formats_report_their_own_errors() {
    assert_eq!(error("c x\na 1 2 3\n", None), "g:2: error: expected a problem line 'p sp NODES ARCS', got 'a 1 2 3'");
    assert_eq!(
        error("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n3 1\n", None),
        "g:3: error: row 3 is out of range 1..2"
    );
    assert_eq!(
        error("% comment\n0 1\n1 b\n", None),
        "g:3: error: expected a destination node (a non-negative integer), got 'b'"
    );
}

#[test]
fn unreadable_files_and_impossible_sizes() {
    let e = load(std::path::Path::new("/nonexistent/graph.el"), LoadOptions::default()).unwrap_err();
    assert!(e.to_string().starts_with("/nonexistent/graph.el: error: cannot read: "), "{e}");
    let e = error("p sp 4294967294 0\n", Some(Format::Dimacs));
    assert_eq!(
        e,
        "g: error: a graph of 4294967294 nodes and 0 edges does not fit in memory (building it needs about 68.7 GB)"
    );
}
