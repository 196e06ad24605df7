//! `graph-convert`: writes a graph file or a generated graph as another
//! file: an edge list (`.el`, `.wel`), Matrix Market (`.mtx`) or the binary
//! format (`.sgb`, [`strata_graph::write`]) that every tool reads without
//! parsing text, so a large text file is parsed once.

use clap::{Arg, ArgMatches, Command};
use strata_graph::write::{binary, edge_list, matrix_market};

/// The formats `graph-convert` writes, by extension.
const OUTPUTS: &str = ".el, .wel, .mtx or .sgb";

fn command() -> Command {
    Command::new("graph-convert")
        .about("Write a graph file or a generated graph as an edge list, Matrix Market or the binary format")
        .arg(
            Arg::new("graph")
                .required(true)
                .value_name("INPUT")
                .help("graph file (.el, .wel, .gr, .mtx, .sgb, or detected), or gen:KIND:PARAMS (kron, uniform, grid)"),
        )
        .arg(
            Arg::new("output")
                .required(true)
                .value_name("OUTPUT")
                .help(format!("the file to write, its format by its extension: {OUTPUTS}")),
        )
        .args(crate::run::loading_args())
}

/// Runs `graph-convert` with command-line arguments; returns the exit code.
pub fn convert_main(args: Vec<String>) -> i32 {
    let m = match crate::parse_command_line(command(), args) {
        Ok(m) => m,
        Err(code) => return code,
    };
    crate::exit_code(convert(&m))
}

fn convert(m: &ArgMatches) -> Result<(), String> {
    let input = m.get_one::<String>("graph").expect("required");
    let output = m.get_one::<String>("output").expect("required");
    let ext = std::path::Path::new(output).extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    if !["el", "wel", "mtx", "sgb"].contains(&ext.as_str()) {
        return Err(format!("error: cannot tell the format of '{output}' by its extension: give it {OUTPUTS}"));
    }
    crate::output::check_writable(output)?;
    let g = crate::run::load_graph(m, input)?;
    let bytes = match ext.as_str() {
        "el" => edge_list(&g, false).into_bytes(),
        "wel" if !g.is_weighted() => {
            return Err(format!(
                "error: {input} has no weights to write as .wel (write .el, or generate with 'weighted')"
            ))
        }
        "wel" => edge_list(&g, true).into_bytes(),
        "mtx" => matrix_market(&g).into_bytes(),
        _ => binary(&g),
    };
    crate::output::write_file(output, &bytes)
}
