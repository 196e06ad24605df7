//! The drivers behind the command-line tools: `graph-opt` (read IR, verify,
//! run a pass pipeline, print or emit code), `graph-run` (run an entry
//! function with a backend), `graph-bench` (benchmark the corpus) and
//! `graph-tune` (search loop schedules). The
//! binaries only assemble registries (`strata_driver::registry`) and call
//! these; the work itself is the driver's.

pub mod bandwidth;
pub mod bench;
pub mod input;
pub mod opt;
pub mod output;
pub mod ratio_plot;
pub mod reference;
pub mod run;
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
