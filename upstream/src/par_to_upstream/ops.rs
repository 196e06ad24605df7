//! The upstream operations the `par` conversion makes (of `memref`, `omp`
//! and `llvm`, dialects this compiler does not implement), declared once
//! with typed constructors on a [`Builder`]. They are unregistered here and
//! become upstream's own when the module crosses the bridge; their
//! properties are written as upstream's generic form reads them (MLIR 22).

use std::sync::Arc;

use strata_ir::attributes::DenseValues;
use strata_ir::builder::Builder;
use strata_ir::types::{DialectType, ShapedType, DYNAMIC};
use strata_ir::{Attribute, OpId, Type, Value};
use strata_par_dialect::view::Dist;
use strata_std::arith::op as arith;
use strata_std::build::arith::{binary, boolean};
use strata_std::build::scf::while_loop;

/// `memref` operations.
pub mod memref {
    strata_ir::op_names!("memref":
        ALLOC = "alloc",
        ALLOCA = "alloca",
        ATOMIC_RMW = "atomic_rmw",
        ATOMIC_YIELD = "atomic_yield",
        CAST = "cast",
        DEALLOC = "dealloc",
        DIM = "dim",
        EXTRACT_ALIGNED_POINTER_AS_INDEX = "extract_aligned_pointer_as_index",
        GENERIC_ATOMIC_RMW = "generic_atomic_rmw",
        LOAD = "load",
        STORE = "store",
    );
}

/// `omp` operations.
pub mod omp {
    strata_ir::op_names!("omp":
        BARRIER = "barrier",
        LOOP_NEST = "loop_nest",
        PARALLEL = "parallel",
        TERMINATOR = "terminator",
        WSLOOP = "wsloop",
        YIELD = "yield",
    );
}

/// `llvm` operations.
pub mod llvm {
    strata_ir::op_names!("llvm":
        CMPXCHG = "cmpxchg",
        EXTRACTVALUE = "extractvalue",
        GETELEMENTPTR = "getelementptr",
        INTTOPTR = "inttoptr",
        LOAD = "load",
        STORE = "store",
    );
}

/// The kinds of `memref.atomic_rmw` this conversion uses, with their numbers
/// in upstream's `AtomicRMWKind` (the generic form writes the number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwKind {
    /// `addf`.
    AddF = 0,
    /// `addi`.
    AddI = 1,
    /// `andi`.
    AndI = 2,
    /// `assign`: an exchange.
    Assign = 3,
    /// `maxnumf`: LLVM's `maxnum`.
    MaxNumF = 5,
    /// `maxs`.
    MaxS = 6,
    /// `minnumf`: LLVM's `minnum`.
    MinNumF = 9,
    /// `mins`.
    MinS = 10,
    /// `ori`.
    OrI = 14,
}

impl RmwKind {
    /// The keyword upstream prints (`memref.atomic_rmw addi ...`).
    pub fn keyword(self) -> &'static str {
        match self {
            RmwKind::AddF => "addf",
            RmwKind::AddI => "addi",
            RmwKind::AndI => "andi",
            RmwKind::Assign => "assign",
            RmwKind::MaxNumF => "maxnumf",
            RmwKind::MaxS => "maxs",
            RmwKind::MinNumF => "minnumf",
            RmwKind::MinS => "mins",
            RmwKind::OrI => "ori",
        }
    }
}

/// LLVM's `monotonic` ordering (`llvm::AtomicOrdering`): a relaxed access.
const MONOTONIC: i128 = 2;
/// LLVM's `seq_cst` ordering.
const SEQ_CST: i128 = 7;

/// `memref<?xT>`.
pub fn vector_of(element: Type) -> Type {
    memref_type(DYNAMIC, element)
}

/// `memref<NxT>` (`n` may be [`DYNAMIC`]).
pub fn memref_type(n: i64, element: Type) -> Type {
    Type::MemRef(Arc::new(ShapedType { shape: Some(vec![n]), scalable: vec![false], element, params: Vec::new() }))
}

/// The element type of a one-dimensional memref.
pub fn element_of(memref: &Type) -> Type {
    match memref {
        Type::MemRef(s) => s.element.clone(),
        other => panic!("not a memref: {other}"),
    }
}

/// `!llvm.ptr`.
pub fn ptr_type() -> Type {
    Type::dialect("llvm", "ptr", Vec::new())
}

/// `array<i32: ...>`.
fn i32_array(values: &[i64]) -> Attribute {
    Attribute::DenseArray {
        element: Type::i32(),
        values: Arc::new(DenseValues::Int(values.iter().map(|v| *v as i128).collect())),
    }
}

fn result(b: &Builder<'_>, op: OpId) -> Value {
    b.ctx().result(op, 0)
}

/// `memref.alloc(n) : memref<?xT>`, or `memref.alloc() : memref<NxT>` for a
/// static type.
pub fn alloc(b: &mut Builder<'_>, ty: &Type, n: Option<Value>) -> Value {
    allocate(b, memref::ALLOC, ty, n)
}

/// `memref.alloca() : memref<NxT>`: storage of the running thread, freed
/// when its function returns.
pub fn alloca(b: &mut Builder<'_>, ty: &Type) -> Value {
    allocate(b, memref::ALLOCA, ty, None)
}

/// `memref.cast m : memref<NxT> to memref<?xT>`: the type every other
/// buffer has, so that a thread's storage passes where a buffer does.
pub fn erase_size(b: &mut Builder<'_>, m: Value) -> Value {
    let dynamic = vector_of(element_of(b.ctx().value_type(m)));
    b.op1(memref::CAST, &[m], dynamic)
}

fn allocate(b: &mut Builder<'_>, name: strata_ir::OpName, ty: &Type, n: Option<Value>) -> Value {
    let sizes: Vec<Value> = n.into_iter().collect();
    let st = b
        .state(name)
        .operands(&sizes)
        .prop("operandSegmentSizes", i32_array(&[sizes.len() as i64, 0]))
        .results(std::slice::from_ref(ty));
    let op = b.create(st);
    result(b, op)
}

/// `memref.dealloc m`.
pub fn dealloc(b: &mut Builder<'_>, m: Value) {
    b.op0(memref::DEALLOC, &[m]);
}

/// `memref.dim m, 0`.
pub fn dim(b: &mut Builder<'_>, m: Value) -> Value {
    let zero = strata_std::build::arith::index(b, 0);
    b.op1(memref::DIM, &[m, zero], Type::Index)
}

/// `memref.load m[i]`.
pub fn load(b: &mut Builder<'_>, m: Value, i: Value) -> Value {
    let ty = element_of(b.ctx().value_type(m));
    b.op1(memref::LOAD, &[m, i], ty)
}

/// `memref.store v, m[i]`.
pub fn store(b: &mut Builder<'_>, v: Value, m: Value, i: Value) {
    b.op0(memref::STORE, &[v, m, i]);
}

/// `memref.atomic_rmw kind v, m[i]`: returns the old value.
pub fn atomic_rmw(b: &mut Builder<'_>, kind: RmwKind, v: Value, m: Value, i: Value) -> Value {
    let ty = b.ctx().value_type(v).clone();
    let st = b.state(memref::ATOMIC_RMW).operands(&[v, m, i]).prop("kind", Attribute::int(kind as i128, Type::i64()));
    let op = b.create(st.results(&[ty]));
    result(b, op)
}

/// `memref.generic_atomic_rmw m[i]`: stores `f(current)` atomically (a
/// compare-and-swap loop); returns the old value.
pub fn generic_atomic_rmw(
    b: &mut Builder<'_>,
    m: Value,
    i: Value,
    f: impl FnOnce(&mut Builder<'_>, Value) -> Value,
) -> Value {
    let ty = element_of(b.ctx().value_type(m));
    let (region, block, args) = b.region(std::slice::from_ref(&ty));
    b.at_end_of(block, |b| {
        let new = f(b, args[0]);
        b.op0(memref::ATOMIC_YIELD, &[new]);
    });
    let st = b.state(memref::GENERIC_ATOMIC_RMW).operands(&[m, i]).results(&[ty]).region(region);
    let op = b.create(st);
    result(b, op)
}

/// The address of element `i` of `m`, as an `!llvm.ptr`.
fn element_ptr(b: &mut Builder<'_>, m: Value, i: Value) -> Value {
    let element = element_of(b.ctx().value_type(m));
    let base = b.op1(memref::EXTRACT_ALIGNED_POINTER_AS_INDEX, &[m], Type::Index);
    let base = b.op1(arith::INDEX_CAST, &[base], Type::i64());
    let ptr = b.op1(llvm::INTTOPTR, &[base], ptr_type());
    let i = b.op1(arith::INDEX_CAST, &[i], Type::i64());
    let st = b
        .state(llvm::GETELEMENTPTR)
        .operands(&[ptr, i])
        .prop("elem_type", Attribute::Type(element))
        .prop("noWrapFlags", Attribute::int(0, Type::i32()))
        // One dynamic index (upstream's marker for it).
        .prop("rawConstantIndices", i32_array(&[i32::MIN as i64]))
        .results(&[ptr_type()]);
    let op = b.create(st);
    result(b, op)
}

fn alignment(ty: &Type) -> Attribute {
    let bytes = match ty {
        Type::Float(f) => f.width() / 8,
        t => t.int_width().unwrap_or(64).div_ceil(8),
    };
    Attribute::int(bytes as i128, Type::i64())
}

/// A relaxed (`monotonic`) atomic read of `m[i]`.
pub fn atomic_load(b: &mut Builder<'_>, m: Value, i: Value) -> Value {
    let ty = element_of(b.ctx().value_type(m));
    let p = element_ptr(b, m, i);
    load_atomic(b, p, ty)
}

/// A relaxed atomic read of a `ty` at `p`.
fn load_atomic(b: &mut Builder<'_>, p: Value, ty: Type) -> Value {
    let st = b
        .state(llvm::LOAD)
        .operands(&[p])
        .prop("alignment", alignment(&ty))
        .prop("ordering", Attribute::int(MONOTONIC, Type::i64()))
        .results(&[ty]);
    let op = b.create(st);
    result(b, op)
}

/// A relaxed (`monotonic`) atomic write of `v` to `m[i]`.
pub fn atomic_store(b: &mut Builder<'_>, v: Value, m: Value, i: Value) {
    let ty = b.ctx().value_type(v).clone();
    let p = element_ptr(b, m, i);
    let st = b
        .state(llvm::STORE)
        .operands(&[v, p])
        .prop("alignment", alignment(&ty))
        .prop("ordering", Attribute::int(MONOTONIC, Type::i64()));
    b.create(st);
}

/// Stores `f(current)` into the float `m[i]` atomically, by a
/// compare-and-swap loop on its bits (upstream's
/// `memref.generic_atomic_rmw` does not lower for floats); returns the old
/// value.
pub fn atomic_update_float(
    b: &mut Builder<'_>,
    m: Value,
    i: Value,
    f: impl FnOnce(&mut Builder<'_>, Value) -> Value,
) -> Value {
    let float = element_of(b.ctx().value_type(m));
    let bits = Type::int(float.float_kind().expect("a float buffer").width());
    let p = element_ptr(b, m, i);
    let first = load_atomic(b, p, bits.clone());
    let pair = Type::interned(DialectType::opaque("llvm", &format!("struct<({bits}, i1)>")));
    let seen = while_loop(
        b,
        &[first],
        |b, expected| {
            let current = b.op1(arith::BITCAST, &[expected[0]], float.clone());
            let new = f(b, current);
            let new = b.op1(arith::BITCAST, &[new], bits.clone());
            let st = b
                .state(llvm::CMPXCHG)
                .operands(&[p, expected[0], new])
                .prop("failure_ordering", Attribute::int(SEQ_CST, Type::i64()))
                .prop("success_ordering", Attribute::int(SEQ_CST, Type::i64()))
                .results(std::slice::from_ref(&pair));
            let op = b.create(st);
            let result = b.ctx().result(op, 0);
            let seen = extract_value(b, result, 0, bits.clone());
            let stored = extract_value(b, result, 1, Type::i1());
            let yes = boolean(b, true);
            let retry = binary(b, arith::XORI, stored, yes);
            (retry, vec![seen])
        },
        |_, seen| seen.to_vec(),
    );
    b.op1(arith::BITCAST, &[seen[0]], float)
}

fn extract_value(b: &mut Builder<'_>, aggregate: Value, position: i64, ty: Type) -> Value {
    let st = b
        .state(llvm::EXTRACTVALUE)
        .operands(&[aggregate])
        .prop(
            "position",
            Attribute::DenseArray { element: Type::i64(), values: Arc::new(DenseValues::Int(vec![position as i128])) },
        )
        .results(&[ty]);
    let op = b.create(st);
    result(b, op)
}

/// `omp.parallel` around `body` (a detached region whose blocks end in
/// `omp.terminator`).
pub fn parallel(b: &mut Builder<'_>, body: strata_ir::RegionId) -> OpId {
    let st = b.state(omp::PARALLEL).prop("operandSegmentSizes", i32_array(&[0; 6])).region(body);
    b.create(st)
}

/// `omp.wsloop schedule(static|dynamic|guided = chunk) { omp.loop_nest (%i) =
/// (lo) to (hi) step (step) body }` (a `par.for`'s distributions are
/// OpenMP's schedule kinds of the same names); `body` is a detached region
/// whose entry block takes the induction variable and whose blocks end in
/// `omp.yield`.
pub fn wsloop(b: &mut Builder<'_>, dist: Dist, chunk: Value, bounds: [Value; 3], body: strata_ir::RegionId) -> OpId {
    let (wrapper, block, _) = b.region(&[]);
    b.at_end_of(block, |b| {
        let st = b.state(omp::LOOP_NEST).operands(&bounds).region(body);
        b.create(st)
    });
    let schedule = Attribute::dialect("omp", &format!("<schedulekind {}>", dist.name()));
    let st = b
        .state(omp::WSLOOP)
        .operands(&[chunk])
        .prop("operandSegmentSizes", i32_array(&[0, 0, 0, 0, 0, 0, 1]))
        .prop("schedule_kind", schedule)
        .region(wrapper);
    b.create(st)
}

/// `omp.barrier`.
pub fn barrier(b: &mut Builder<'_>) {
    b.op0(omp::BARRIER, &[]);
}
