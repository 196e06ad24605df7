//! `graph-convert`: write a graph as another file. See `graph-convert --help`.

fn main() {
    strata_tools::output::survive_file_size_limit();
    std::process::exit(strata_tools::convert::convert_main(std::env::args().collect()));
}
