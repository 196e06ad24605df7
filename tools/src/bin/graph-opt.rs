//! `graph-opt`: parse IR, run passes, print. See `graph-opt --help`.

fn main() {
    strata_tools::output::survive_file_size_limit();
    let code = strata_tools::opt::run_guarded(|| {
        strata_tools::opt_main(
            std::env::args().collect(),
            strata_driver::registry::dialects(),
            strata_driver::registry::passes(),
        )
    });
    std::process::exit(code);
}
