//! `graph-run`: run an entry function of a graph program on a graph. See `graph-run --help`.

fn main() {
    strata_tools::output::survive_file_size_limit();
    let code = strata_tools::opt::run_guarded(|| {
        strata_tools::run::run_main(std::env::args().collect(), strata_driver::registry::dialects())
    });
    std::process::exit(code);
}
