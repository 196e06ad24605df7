//! `egraph-simplify` keeps meaning: random programs of integer `arith`
//! operations (every operation the pass looks into, over i8, i32, i64 and
//! index, with i1 conditions) are run by the reference interpreter before
//! and after the pass on random and edge-case inputs (0, ±1, min, max).
//! Where the original is defined, the simplified program must return the
//! same values; a second run of the pass must change nothing.

use std::sync::Arc;

use strata_abi::compare::compare_results;
use strata_abi::{HostValue, ScalarType};
use strata_driver::{registry, Backend, InterpBackend, Program};
use strata_interp::Options;
use strata_ir::printer::{print_op, PrintOptions};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const BINARY: [&str; 17] = [
    "addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "andi", "ori", "xori", "shli", "shrsi", "shrui",
    "minsi", "maxsi", "minui", "maxui",
];
const PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

/// Interesting values of a `bits`-wide type, read as signed.
fn edges(bits: u32) -> Vec<i128> {
    let min = -(1i128 << (bits - 1));
    vec![0, 1, -1, 2, min, -min - 1, min + 1, 7]
}

/// A random program over `ty` (`bits` wide) with three arguments.
fn program(rng: &mut Rng, ty: &str, bits: u32) -> String {
    let mut body = String::new();
    let mut ints = vec!["%a".to_string(), "%b".to_string(), "%c".to_string()];
    let mut bools: Vec<String> = Vec::new();
    let pick = |rng: &mut Rng, v: &Vec<String>| v[rng.below(v.len())].clone();
    for i in 0..24 {
        let name = format!("%v{i}");
        match rng.below(10) {
            0 | 1 => {
                let vals = edges(bits);
                let v = if rng.below(3) == 0 { (rng.next() % 17) as i128 } else { vals[rng.below(vals.len())] };
                body.push_str(&format!("  {name} = arith.constant {v} : {ty}\n"));
                ints.push(name);
            }
            2 => {
                let (mut x, y) = (pick(rng, &ints), pick(rng, &ints));
                if rng.below(3) == 0 {
                    // A min or max compared with one of its operands, as a
                    // lowered reduction asks whether it changed a value.
                    let op = ["minsi", "maxsi", "minui", "maxui"][rng.below(4)];
                    body.push_str(&format!("  {name}m = arith.{op} {x}, {y} : {ty}\n"));
                    x = format!("{name}m");
                }
                let p = PREDICATES[rng.below(PREDICATES.len())];
                body.push_str(&format!("  {name} = arith.cmpi {p}, {x}, {y} : {ty}\n"));
                bools.push(name);
            }
            3 if !bools.is_empty() => {
                let (c, x, y) = (pick(rng, &bools), pick(rng, &ints), pick(rng, &ints));
                body.push_str(&format!("  {name} = arith.select {c}, {x}, {y} : {ty}\n"));
                ints.push(name);
            }
            4 if bools.len() >= 2 => {
                let op = ["andi", "ori", "xori"][rng.below(3)];
                let (x, y) = if rng.below(2) == 0 {
                    (pick(rng, &bools), pick(rng, &bools))
                } else {
                    // Two comparisons of the same operands, in either order.
                    let (a, b) = (pick(rng, &ints), pick(rng, &ints));
                    let (p, q) = (PREDICATES[rng.below(PREDICATES.len())], PREDICATES[rng.below(PREDICATES.len())]);
                    let (c, d) = if rng.below(2) == 0 { (&a, &b) } else { (&b, &a) };
                    body.push_str(&format!(
                        "  {name}p = arith.cmpi {p}, {a}, {b} : {ty}\n  {name}q = arith.cmpi {q}, {c}, {d} : {ty}\n"
                    ));
                    (format!("{name}p"), format!("{name}q"))
                };
                body.push_str(&format!("  {name} = arith.{op} {x}, {y} : i1\n"));
                bools.push(name);
            }
            _ => {
                // Mostly the cheap operations, so that most runs are defined.
                let op = if rng.below(4) == 0 {
                    BINARY[rng.below(BINARY.len())]
                } else {
                    ["addi", "subi", "muli", "andi", "ori", "xori", "minsi", "maxui"][rng.below(8)]
                };
                let (x, y) = (pick(rng, &ints), pick(rng, &ints));
                body.push_str(&format!("  {name} = arith.{op} {x}, {y} : {ty}\n"));
                ints.push(name);
            }
        }
    }
    let outs: Vec<String> = ints.iter().rev().take(4).cloned().chain(bools.iter().rev().take(2).cloned()).collect();
    let types: Vec<&str> = outs.iter().map(|o| if bools.contains(o) { "i1" } else { ty }).collect();
    format!(
        "func.func @f(%a: {ty}, %b: {ty}, %c: {ty}) -> ({}) {{\n{body}  return {} : {}\n}}\n",
        types.join(", "),
        outs.join(", "),
        types.join(", ")
    )
}

fn load(text: &str) -> Program {
    Program::load(Arc::new(registry::dialects()), "random.mlir", text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Runs egraph-simplify on `text`; returns the program and its text.
fn simplify(text: &str) -> (Program, String) {
    let mut p = load(text);
    p.lower_text("builtin.module(func.func(egraph-simplify))", &registry::passes()).unwrap_or_else(|e| panic!("{e}"));
    let out = print_op(&p.ctx, p.module, PrintOptions::default());
    (p, out)
}

#[test]
fn simplified_programs_compute_the_same() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut compared = 0;
    for round in 0..160 {
        let (ty, bits) = [("i8", 8), ("i32", 32), ("i64", 64), ("index", 64)][round % 4];
        let text = program(&mut rng, ty, bits);
        let mut before = InterpBackend::new(load(&text), Options::default());
        let (after, once) = simplify(&text);
        let mut after = InterpBackend::new(after, Options::default());
        assert_eq!(simplify(&once).1, once, "a second run changed the program:\n{text}");
        let vals = edges(bits);
        for k in 0..24 {
            let arg = |rng: &mut Rng| if k % 2 == 0 { vals[rng.below(vals.len())] } else { rng.next() as i64 as i128 };
            let t = if ty == "index" { ScalarType::Index } else { ScalarType::Int(bits) };
            let args: Vec<HostValue> = (0..3)
                .map(|_| {
                    HostValue::int(t, strata_ir::attributes::normalize_int(arg(&mut rng), &strata_ir::Type::int(bits)))
                })
                .collect();
            let Ok(want) = before.run("f", &args, 1) else { continue };
            let got = after.run("f", &args, 1).unwrap_or_else(|e| panic!("{e}\n{text}\nbecame\n{once}"));
            if let Err(e) = compare_results(&got.results, &want.results) {
                panic!("{e}: inputs {args:?}\n{text}\nbecame\n{once}");
            }
            compared += 1;
        }
    }
    assert!(compared > 1000, "only {compared} defined runs compared");
}
