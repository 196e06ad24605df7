//! Runs compiled code: links an object into a shared library with the
//! OpenMP runtime, loads it, lays out the graph and the arguments as
//! [`crate::abi`] says, calls an entry wrapper and reads the results back
//! as interpreter values (so every backend prints them the same way).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use strata_graph::Graph;
use strata_graph_dialect::types::is_graph;
use strata_interp::Val;
use strata_ir::types::{FloatKind, Type};
use strata_par_dialect::ops::{graph_array_element, GRAPH_ARRAYS};
use strata_par_dialect::types::buf_element;

use crate::abi::{element_bytes, ENTRY_PREFIX, HEADER_BYTES};
use crate::ffi::Library;

/// Where libomp is looked for (LLVM 22's, from `libomp-22-dev`), unless
/// `STRATA_OMP_DIR` says otherwise.
pub const DEFAULT_OMP_DIR: &str = "/usr/lib/llvm-22/lib";

/// A compiled program, loaded.
pub struct Program {
    lib: Library,
}

/// A buffer with the header the compiled code expects, owned by the runner:
/// 64-bit or 32-bit elements (little-endian), in 64-bit words for alignment.
struct HostBuffer {
    words: Vec<u64>,
}

impl HostBuffer {
    fn new(element_bytes: usize, values: impl ExactSizeIterator<Item = i64>) -> HostBuffer {
        let (head, n) = (HEADER_BYTES / 8, values.len());
        let mut words = vec![0u64; head + (n * element_bytes).div_ceil(8)];
        words[0] = n as u64;
        if element_bytes == 8 {
            for (w, v) in words[head..].iter_mut().zip(values) {
                *w = v as u64;
            }
        } else {
            for (i, v) in values.enumerate() {
                words[head + i / 2] |= u64::from(v as u32) << (32 * (i % 2));
            }
        }
        HostBuffer { words }
    }
    fn data(&self) -> u64 {
        self.words[HEADER_BYTES / 8..].as_ptr() as u64
    }
}

/// The graph as compiled code sees it: a descriptor and its arrays.
pub struct GraphImage {
    descriptor: Vec<u64>,
    _arrays: Vec<HostBuffer>,
}

impl GraphImage {
    /// Lays out `g`: every array of [`GRAPH_ARRAYS`], with its element type.
    pub fn new(g: &Graph) -> GraphImage {
        let (out_off, dst, src, weights, in_off, in_edges) = g.arrays();
        let arrays: Vec<HostBuffer> = GRAPH_ARRAYS
            .iter()
            .map(|(name, _)| {
                let bytes = graph_array_element(name).and_then(|t| element_bytes(&t)).unwrap_or(8);
                match *name {
                    "out_offsets" => HostBuffer::new(bytes, out_off.iter().map(|x| *x as i64)),
                    "out_targets" => HostBuffer::new(bytes, dst.iter().map(|x| i64::from(*x))),
                    "edge_sources" => HostBuffer::new(bytes, src.iter().map(|x| i64::from(*x))),
                    "in_offsets" => HostBuffer::new(bytes, in_off.iter().map(|x| *x as i64)),
                    "in_edges" => HostBuffer::new(bytes, in_edges.iter().map(|x| *x as i64)),
                    "in_sources" => HostBuffer::new(bytes, in_edges.iter().map(|e| i64::from(src[*e as usize]))),
                    "weights" => match weights {
                        Some(w) => HostBuffer::new(bytes, w.iter().copied()),
                        None => HostBuffer::new(bytes, dst.iter().map(|_| 1)),
                    },
                    _ => HostBuffer::new(bytes, std::iter::empty()),
                }
            })
            .collect();
        let mut descriptor = vec![u64::from(g.num_nodes()), g.num_edges()];
        descriptor.extend(arrays.iter().map(HostBuffer::data));
        GraphImage { descriptor, _arrays: arrays }
    }
    fn address(&self) -> u64 {
        self.descriptor.as_ptr() as u64
    }
    /// The node and edge counts, the first fields of the descriptor.
    pub fn counts(&self) -> [u64; 2] {
        [self.descriptor[0], self.descriptor[1]]
    }
    /// Each array of [`GRAPH_ARRAYS`] in order, as 64-bit words: its
    /// header, then its elements.
    pub fn arrays(&self) -> impl Iterator<Item = &[u64]> {
        self._arrays.iter().map(|a| a.words.as_slice())
    }
    fn owns(&self, p: u64) -> bool {
        self.descriptor[2..].contains(&p)
    }
}

fn omp_dir() -> PathBuf {
    std::env::var_os("STRATA_OMP_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(DEFAULT_OMP_DIR))
}

/// Links `object` into a shared library next to it, with libomp.
fn link(object: &Path, library: &Path) -> Result<(), String> {
    let omp = omp_dir();
    if !omp.join("libomp.so").exists() {
        return Err(format!("error: the OpenMP runtime (libomp.so) is not in {}; install libomp-22-dev (scripts/setup.sh) or set STRATA_OMP_DIR", omp.display()));
    }
    let out = Command::new("cc")
        .arg("-shared")
        .arg("-o")
        .arg(library)
        .arg(object)
        .arg(format!("-L{}", omp.display()))
        .arg("-lomp")
        .arg(format!("-Wl,-rpath,{}", omp.display()))
        .output()
        .map_err(|e| format!("error: cannot run the linker 'cc': {e}"))?;
    if !out.status.success() {
        return Err(format!("error: linking the compiled program failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(())
}

impl Program {
    /// Links `object` with the OpenMP runtime and loads it.
    pub fn load(object: &[u8]) -> Result<Program, String> {
        static SEQ: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "strata-cpu-{}-{}",
            std::process::id(),
            SEQ.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).map_err(|e| format!("error: cannot create {}: {e}", dir.display()))?;
        let (obj, so) = (dir.join("program.o"), dir.join("program.so"));
        let loaded = std::fs::write(&obj, object)
            .map_err(|e| format!("error: cannot write {}: {e}", obj.display()))
            .and_then(|_| link(&obj, &so))
            .and_then(|_| Library::open(&so));
        let _ = std::fs::remove_dir_all(&dir);
        Ok(Program { lib: loaded? })
    }

    /// Sets the number of threads of later parallel regions.
    pub fn set_threads(&self, n: u32) -> Result<(), String> {
        self.lib.set_threads(i32::try_from(n).unwrap_or(i32::MAX))
    }

    /// Calls the entry function `name`, whose lowered signature is
    /// `inputs -> results`, with `args` (the graph as `Val::Graph` where
    /// the signature takes one). Runs it `repeat` times (at least once);
    /// returns the last run's results and the time of each call.
    pub fn run(
        &self,
        name: &str,
        inputs: &[Type],
        results: &[Type],
        args: &[Val],
        graph: Option<&GraphImage>,
        repeat: usize,
    ) -> Result<(Vec<Val>, Vec<Duration>), String> {
        check_results("CPU", name, results)?;
        let slots = argument_slots("CPU", name, inputs, args, graph.map(GraphImage::address))?;
        let entry = format!("{ENTRY_PREFIX}{name}");
        let (mut times, mut vals) = (Vec::new(), Vec::new());
        for run in 0..repeat.max(1) {
            let mut out = vec![0u64; results.len()];
            let t0 = Instant::now();
            self.lib.call(&entry, &slots, &mut out)?;
            times.push(t0.elapsed());
            let last = run + 1 >= repeat.max(1);
            if last {
                vals = results.iter().zip(&out).map(|(t, s)| self.read(t, *s)).collect();
            }
            let mut freed = Vec::new();
            for (t, s) in results.iter().zip(&out) {
                if buf_element(t).is_some() && *s != 0 && !freed.contains(s) && !graph.is_some_and(|g| g.owns(*s)) {
                    self.lib.free(*s)?;
                    freed.push(*s);
                }
            }
        }
        Ok((vals, times))
    }

    /// The value a result slot holds.
    fn read(&self, t: &Type, slot: u64) -> Val {
        match buf_element(t) {
            Some(e) => decode_buffer(&e, &crate::ffi::read_buffer(slot, element_bytes(&e).unwrap_or(8))),
            None => decode(t, &slot.to_le_bytes()),
        }
    }
}

/// Whether a slot can carry a value of type `t`.
fn is_scalar(t: &Type) -> bool {
    matches!(t, Type::Integer { .. } | Type::Index | Type::Float(FloatKind::F32 | FloatKind::F64))
}

/// Checks that every result of `name` can come back through a slot (a
/// scalar or a buffer); `backend` names the backend in the message.
pub fn check_results(backend: &str, name: &str, results: &[Type]) -> Result<(), String> {
    match results.iter().find(|t| buf_element(t).is_none() && !is_scalar(t)) {
        Some(t) => Err(format!("error: the {backend} backend cannot return a value of type {t} from '{name}'")),
        None => Ok(()),
    }
}

/// The argument slots of a call of `name` (see [`crate::abi`]): `graph` is
/// the address of the graph descriptor, for arguments of the graph type.
pub fn argument_slots(
    backend: &str,
    name: &str,
    inputs: &[Type],
    args: &[Val],
    graph: Option<u64>,
) -> Result<Vec<u64>, String> {
    let mut slots = Vec::with_capacity(args.len());
    for (v, t) in args.iter().zip(inputs) {
        slots.push(match (v, t) {
            (Val::Graph(_), t) if is_graph(t) => graph.ok_or("error: the entry takes a graph but none was given")?,
            (Val::Int(i), _) => *i as i64 as u64,
            (Val::Float(x), Type::Float(FloatKind::F32)) => u64::from((*x as f32).to_bits()),
            (Val::Float(x), _) => x.to_bits(),
            (_, t) => return Err(format!("error: the {backend} backend cannot pass a value of type {t} to '{name}'")),
        });
    }
    Ok(slots)
}

/// A buffer's elements of type `elem` from their bytes in memory.
pub fn decode_buffer(elem: &Type, raw: &[u8]) -> Val {
    let bytes = element_bytes(elem).unwrap_or(8);
    Val::Prop(std::rc::Rc::new(std::cell::RefCell::new(raw.chunks(bytes).map(|c| decode(elem, c)).collect())))
}

/// A value from its bytes in memory (little-endian, `i1` as a nonzero byte).
pub fn decode(t: &Type, b: &[u8]) -> Val {
    let word = |n: usize| {
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(&b[..n]);
        u64::from_le_bytes(w)
    };
    match t {
        Type::Float(FloatKind::F32) => Val::Float(f64::from(f32::from_bits(word(4) as u32))),
        Type::Float(_) => Val::Float(f64::from_bits(word(8))),
        Type::Integer { width: 1, .. } => Val::Int(if b[0] != 0 { -1 } else { 0 }),
        Type::Integer { width, .. } if *width < 64 => {
            let n = (*width as usize).div_ceil(8);
            let shift = 64 - 8 * n as u32;
            Val::Int(i128::from(((word(n) << shift) as i64) >> shift))
        }
        _ => Val::Int(i128::from(word(8) as i64)),
    }
}
