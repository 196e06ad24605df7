//! The phase profile a program compiled with profiling keeps (`graph-run
//! --profile`): where its time goes between the barriers of its parallel
//! regions.
//!
//! The master (the thread that runs the code outside parallel regions:
//! thread 0 of the grid on the GPU, of the team on the CPU) reads a clock in
//! nanoseconds at every *site*: the start of a parallel region's body
//! (after the barrier that starts it), the barrier after a work-sharing
//! loop, an explicit grid barrier, the end of a region, and the return of
//! an entry. At each it adds the time since the site before to the site's
//! total and counts one. Each site's time is thus the phase that ends
//! there, its closing barrier included: the sites partition an entry's
//! time.
//!
//! The module exports two symbols:
//! - [`PROFILE`]: 64-bit words, `1 + 2 * sites` of them: the master's last
//!   reading, then per site its total nanoseconds and its count. Zero when
//!   loaded; the runners zero it before each batch of runs.
//! - [`PROFILE_SITES`]: the sites' descriptions, one line each in site
//!   order, `PLACE<TAB>UNIT<TAB>WHAT`, NUL-terminated.

/// The profile's words (see the module's notes).
pub const PROFILE: &str = "_strata_profile";
/// The descriptions of the profile's sites (see the module's notes).
pub const PROFILE_SITES: &str = "_strata_profile_sites";

/// One site of a profile and the time of the phases that ended there.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileSite {
    /// Where in the program: `FILE:LINE:COL`.
    pub place: String,
    /// The parallel region (`FUNCTION.parN`, numbered in the module as
    /// `--emit=llvm` names them) or the function the site is in.
    pub unit: String,
    /// What ends the phase: the operation and the code it covers.
    pub what: String,
    /// The phases' total time, in nanoseconds.
    pub nanos: u64,
    /// How many phases ended here.
    pub count: u64,
}

/// The lines of the sites' descriptions (without the NUL), one a site.
fn site_lines(sites: &str) -> Vec<&str> {
    if sites.is_empty() {
        Vec::new()
    } else {
        sites.split('\n').collect()
    }
}

/// How many words [`PROFILE`] holds for the sites `sites` describes.
pub fn profile_words(sites: &str) -> usize {
    1 + 2 * site_lines(sites).len()
}

/// The sites of a profile from its two exported symbols: the descriptions
/// (without the NUL) and the words. An error when they disagree.
pub fn decode_profile(sites: &str, words: &[u64]) -> Result<Vec<ProfileSite>, String> {
    let lines = site_lines(sites);
    if words.len() != profile_words(sites) {
        return Err(format!(
            "error: the program's profile has {} words for {} sites (expected {})",
            words.len(),
            lines.len(),
            profile_words(sites)
        ));
    }
    Ok(lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let mut fields = line.splitn(3, '\t');
            let mut next = || fields.next().unwrap_or_default().to_string();
            let (place, unit, what) = (next(), next(), next());
            ProfileSite { place, unit, what, nanos: words[1 + 2 * i], count: words[2 + 2 * i] }
        })
        .collect())
}

/// The profile of `runs` runs as a table: per site reached, its place, what
/// it covers, how many phases ended there per run, their time per run and
/// their share of the whole; then the whole, and how many sites (of other
/// entries, or of code the runs did not take) were not reached.
pub fn profile_table(sites: &[ProfileSite], runs: usize) -> String {
    let unreached = sites.iter().filter(|s| s.count == 0).count();
    let sites: Vec<&ProfileSite> = sites.iter().filter(|s| s.count > 0).collect();
    let runs = runs.max(1) as f64;
    let total: u64 = sites.iter().map(|s| s.nanos).sum();
    let place_w = sites.iter().map(|s| s.place.len()).max().unwrap_or(0).max("place".len());
    let unit_w = sites.iter().map(|s| s.unit.len()).max().unwrap_or(0).max("region".len());
    let what_w = sites.iter().map(|s| s.what.len()).max().unwrap_or(0).max("phase ending".len());
    let mut out = format!(
        "{:<place_w$}  {:<unit_w$}  {:<what_w$}  {:>9}  {:>11}  {:>6}\n",
        "place", "region", "phase ending", "times", "ms", "share"
    );
    for s in &sites {
        let share = if total == 0 { 0.0 } else { 100.0 * s.nanos as f64 / total as f64 };
        out += &format!(
            "{:<place_w$}  {:<unit_w$}  {:<what_w$}  {:>9}  {:>11.4}  {:>5.1}%\n",
            s.place,
            s.unit,
            s.what,
            per_run(s.count as f64 / runs),
            s.nanos as f64 / runs / 1e6,
            share
        );
    }
    out += &format!(
        "{:<place_w$}  {:<unit_w$}  {:<what_w$}  {:>9}  {:>11.4}  {:>5.1}%\n",
        "all",
        "",
        "",
        "",
        total as f64 / runs / 1e6,
        100.0
    );
    if unreached > 0 {
        out += &format!("({unreached} sites not reached)\n");
    }
    out
}

/// A count per run: whole when it is, else with two decimals.
fn per_run(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sites_decode_in_order_and_disagreements_are_errors() {
        let s =
            decode_profile("a.mlir:1:2\tf.par0\tpar.for\nb.mlir:3:4\tf\treturn", &[99, 10, 1, 30, 2]).expect("decodes");
        assert_eq!(s.len(), 2);
        let first = (s[0].place.as_str(), s[0].unit.as_str(), s[0].what.as_str(), s[0].nanos, s[0].count);
        assert_eq!(first, ("a.mlir:1:2", "f.par0", "par.for", 10, 1));
        assert_eq!((s[1].nanos, s[1].count), (30, 2));
        assert!(decode_profile("a\tb", &[0, 1]).unwrap_err().contains("2 words for 1 sites"));
        assert_eq!(decode_profile("", &[5]).expect("no sites"), Vec::new());
        assert_eq!((profile_words(""), profile_words("a\tb\tc\nd\te\tf")), (1, 5));
    }

    #[test]
    fn the_table_gives_times_per_run_and_shares() {
        let sites = decode_profile("p:1:1\tf.par0\tpar.for\np:2:1\tf\treturn", &[0, 3_000_000, 4, 1_000_000, 3])
            .expect("decodes");
        let t = profile_table(&sites, 2);
        let rows: Vec<&str> = t.lines().collect();
        assert_eq!(rows.len(), 4, "{t}");
        assert!(
            rows[1].starts_with("p:1:1")
                && rows[1].contains(" 2 ")
                && rows[1].contains("1.5000")
                && rows[1].ends_with("75.0%"),
            "{t}"
        );
        assert!(rows[2].contains(" 1.50 ") && rows[2].contains("0.5000") && rows[2].ends_with("25.0%"), "{t}");
        assert!(rows[3].starts_with("all") && rows[3].contains("2.0000") && rows[3].ends_with("100.0%"), "{t}");
    }

    #[test]
    fn sites_not_reached_are_counted_not_listed() {
        let sites =
            decode_profile("p:1:1\tf.par0\tpar.for\np:2:1\tg.par1\tpar.for\np:3:1\tf\treturn", &[0, 5, 1, 0, 0, 5, 1])
                .expect("decodes");
        let t = profile_table(&sites, 1);
        assert!(!t.contains("g.par1"), "{t}");
        assert!(t.lines().any(|l| l.starts_with("all") && l.ends_with("100.0%")), "{t}");
        assert!(t.ends_with("(1 sites not reached)\n"), "{t}");
        assert!(!profile_table(&sites[..1], 1).contains("not reached"));
    }
}
