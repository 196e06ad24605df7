//! Random programs of integer `arith` operations, for the tests that check
//! a transformation keeps meaning: every operation `egraph-simplify` looks
//! into and `canonicalize` folds, over a given integer type, with `i1`
//! comparisons, selects and boolean logic.

use strata_abi::{HostValue, ScalarType};

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const BINARY: [&str; 17] = [
    "addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "andi", "ori", "xori", "shli", "shrsi", "shrui",
    "minsi", "maxsi", "minui", "maxui",
];
const PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

/// Interesting values of a `bits`-wide type, read as signed.
pub fn edges(bits: u32) -> Vec<i128> {
    let min = -(1i128 << (bits - 1));
    vec![0, 1, -1, 2, min, -min - 1, min + 1, 7]
}

/// A random program over `ty` (`bits` wide): `@f` with three arguments,
/// returning the last four integers and the last two conditions.
pub fn program(rng: &mut Rng, ty: &str, bits: u32) -> String {
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

/// The three arguments of the `k`-th run of a program over `ty` (`bits`
/// wide): interesting values on even runs, random ones on odd runs.
pub fn arguments(rng: &mut Rng, ty: &str, bits: u32, k: usize) -> Vec<HostValue> {
    let vals = edges(bits);
    let t = if ty == "index" { ScalarType::Index } else { ScalarType::Int(bits) };
    (0..3)
        .map(|_| {
            let v = if k.is_multiple_of(2) { vals[rng.below(vals.len())] } else { rng.next() as i64 as i128 };
            HostValue::int(t, strata_ir::attributes::normalize_int(v, &strata_ir::Type::int(bits)))
        })
        .collect()
}
