//! "Did you mean ...?": the known name closest to a misspelt one, for the
//! messages about unknown operations, passes, options, schedule entries,
//! generator parameters and entry functions.

use crate::Diagnostic;

/// The candidate closest to `word` by edit distance (insertions, deletions,
/// substitutions and swaps of neighbours), if one is close enough to be a
/// likely misspelling: at most a third of the word's length, and at least
/// one edit (none for words shorter than 3 characters, where any name is
/// one edit away). The first of equally close candidates wins.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let length = word.chars().count();
    if length < 3 {
        return None;
    }
    let limit = (length / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = distance(word, c);
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// `"; did you mean 'x'?"` for the candidate [`closest`] to `word`, or
/// nothing: to append to a message.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(word, candidates).map(|c| format!("; did you mean '{c}'?")).unwrap_or_default()
}

/// `error` with a note at its location naming the candidate [`closest`] to
/// `word` (`did you mean 'x'?`), if one is: the error's own words stay as
/// they are.
pub fn noted<'a>(error: Diagnostic, word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Diagnostic {
    match closest(word, candidates) {
        Some(known) => {
            let loc = error.loc.clone();
            error.note(loc, format!("did you mean '{known}'?"))
        }
        None => error,
    }
}

/// The optimal string alignment distance between `a` and `b`.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1).min(rows[i][j - 1] + 1).min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_names_are_suggested_and_far_ones_are_not() {
        let passes = ["canonicalize", "cse", "symbol-dce"];
        assert_eq!(closest("canonicalise", passes), Some("canonicalize"));
        assert_eq!(closest("canonicalizx", passes), Some("canonicalize"));
        assert_eq!(closest("ces", passes), Some("cse"), "a swap of neighbours is one edit");
        assert_eq!(closest("inline", passes), None);
        assert_eq!(closest("canonicalize", passes), Some("canonicalize"));
        assert_eq!(did_you_mean("chnk", ["chunk", "dist"]), "; did you mean 'chunk'?");
        assert_eq!(did_you_mean("tile", ["chunk", "dist"]), "");
        assert_eq!(closest("h", ["f", "g"]), None, "too short to guess");
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
