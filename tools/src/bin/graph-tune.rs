//! `graph-tune`: searches loop schedules for the fastest on a graph. See `graph-tune --help`.

fn main() {
    strata_tools::output::survive_file_size_limit();
    let code = strata_tools::opt::run_guarded(|| {
        strata_tools::tune::tune_main(std::env::args().collect(), strata_driver::registry::dialects())
    });
    std::process::exit(code);
}
