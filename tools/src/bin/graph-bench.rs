//! `graph-bench`: median kernel times of the corpus compiled for the CPU. See `graph-bench --help`.

fn main() {
    strata_tools::output::survive_file_size_limit();
    let code = strata_tools::opt::run_guarded(|| {
        strata_tools::bench::bench_main(std::env::args().collect(), strata_driver::registry::dialects())
    });
    std::process::exit(code);
}
