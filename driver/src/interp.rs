//! The reference interpreter as a backend.

use std::rc::Rc;
use std::time::Instant;

use strata_abi::HostValue;
use strata_graph::Graph;
use strata_interp::host::{from_host, results_to_host};
use strata_interp::{run_function, Options};

use crate::{Backend, DriverError, Program, Runs};

/// Runs a program in the reference interpreter, at whatever level it is.
pub struct InterpBackend {
    program: Program,
    options: Options,
    graph: Option<Rc<Graph>>,
}

impl InterpBackend {
    /// The interpreter on `program` with `options` (in order, or shuffled).
    pub fn new(program: Program, options: Options) -> InterpBackend {
        InterpBackend { program, options, graph: None }
    }
    /// Sets the options of later runs.
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
    }
}

impl Backend for InterpBackend {
    fn name(&self) -> &'static str {
        "interp"
    }
    fn set_graph(&mut self, graph: Rc<Graph>) -> Result<(), DriverError> {
        self.graph = Some(graph);
        Ok(())
    }
    fn run(&mut self, entry: &str, args: &[HostValue], repeat: usize) -> Result<Runs, DriverError> {
        let fty = self.program.signature(entry)?;
        let vals = args.iter().map(|a| from_host(a, self.graph.as_ref())).collect::<Result<Vec<_>, _>>()?;
        let (p, mut runs, mut last) = (&self.program, Runs::default(), Vec::new());
        for _ in 0..repeat.max(1) {
            let t0 = Instant::now();
            last = run_function(&p.ctx, p.module, entry, vals.clone(), self.options)
                .map_err(|e| p.failure(&e.to_diagnostic()))?;
            runs.times.push(t0.elapsed());
        }
        runs.results = results_to_host(&last, &fty.results)?;
        Ok(runs)
    }
}
