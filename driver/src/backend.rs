//! What every backend does: take a graph, run an entry function, and give
//! back host values with their timings.

use std::rc::Rc;
use std::time::Duration;

use strata_abi::profile::ProfileSite;
use strata_abi::HostValue;
use strata_graph::Graph;

use crate::DriverError;

/// The results and timings of running an entry function several times.
#[derive(Clone, Debug, Default)]
pub struct Runs {
    /// The last run's results.
    pub results: Vec<HostValue>,
    /// The time of each run: the call for the interpreter and the CPU, the
    /// kernel (CUDA events around the launch) for the GPU.
    pub times: Vec<Duration>,
    /// The time of each run's transfers between host and device (results
    /// back, and the first run's also the arguments' and the graph's copy);
    /// empty where there is no device.
    pub transfers: Vec<Duration>,
    /// The phase profile of the runs, when the program was compiled to
    /// keep one (`strata_abi::profile`).
    pub profile: Option<Vec<ProfileSite>>,
}

/// A way to run a program: the interpreter, or compiled code.
pub trait Backend {
    /// The name users give it (`interp`, `cpu`, `gpu`).
    fn name(&self) -> &'static str;
    /// Makes `graph` the one later runs take, laying it out (or copying it
    /// to the device) once.
    fn set_graph(&mut self, graph: Rc<Graph>) -> Result<(), DriverError>;
    /// Runs the entry function `entry` with `args` (the graph as
    /// [`HostValue::Graph`]) `repeat` times, at least once.
    fn run(&mut self, entry: &str, args: &[HostValue], repeat: usize) -> Result<Runs, DriverError>;
}
