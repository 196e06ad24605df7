//! The drivers behind the command-line tools: `graph-opt` (read IR, verify,
//! run a pass pipeline, print or emit code), `graph-run` (run an entry
//! function with a backend), `graph-bench` (benchmark the corpus) and
//! `graph-tune` (search loop schedules) and `graph-convert` (write a graph
//! as another file). The
//! binaries only assemble registries (`strata_driver::registry`) and call
//! these; the work itself is the driver's.

pub mod bandwidth;
pub mod bench;
pub mod convert;
pub mod input;
pub mod opt;
pub mod output;
pub mod ratio_plot;
pub mod reference;
pub mod result_format;
pub mod run;
pub mod timing;
pub mod tune;

pub use opt::opt_main;

/// The exit code of a tool's run: 0, or 1 after printing its error.
pub fn exit_code(result: Result<(), String>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(msg) => {
            eprintln!("{}", msg.trim_end());
            1
        }
    }
}

/// The time a `--FLAG SECONDS` gives: a finite number of seconds above 0
/// (or 0 too, with `zero`). One beyond what a `Duration` holds (some 10¹⁹
/// seconds) is never reached: `Duration::MAX`.
pub fn seconds_flag(flag: &str, value: f64, zero: bool) -> Result<std::time::Duration, String> {
    let least = if zero { value >= 0.0 } else { value > 0.0 };
    if !(value.is_finite() && least) {
        let what = if zero { "a number of seconds" } else { "a positive number of seconds" };
        return Err(format!("error: --{flag} must be {what}, got {value}"));
    }
    Ok(std::time::Duration::try_from_secs_f64(value).unwrap_or(std::time::Duration::MAX))
}

/// Parses a tool's command line; on a bad one (or `--help`, `--version`)
/// prints clap's message and gives the exit code: 2 for errors, 0 otherwise.
pub fn parse_command_line(cmd: clap::Command, args: Vec<String>) -> Result<clap::ArgMatches, i32> {
    cmd.try_get_matches_from(args).map_err(|e| {
        let _ = e.print();
        if e.use_stderr() {
            2
        } else {
            0
        }
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    #[test]
    fn a_seconds_flag_is_finite_and_above_its_least_and_far_is_no_limit() {
        assert_eq!(super::seconds_flag("time-limit", 1.5, false), Ok(Duration::from_millis(1500)));
        assert_eq!(super::seconds_flag("time-limit", 1e20, false), Ok(Duration::MAX));
        assert_eq!(super::seconds_flag("budget", 0.0, true), Ok(Duration::ZERO));
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let e = super::seconds_flag("time-limit", bad, false).unwrap_err();
            assert!(e.starts_with("error: --time-limit must be a positive number of seconds, got "), "{e}");
        }
        assert_eq!(
            super::seconds_flag("budget", -1.0, true),
            Err("error: --budget must be a number of seconds, got -1".into())
        );
    }
}
