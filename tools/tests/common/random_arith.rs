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

/// A random program over `ty` (`bits` wide) with structured control flow:
/// `scf.if` with results (values from either branch or from outside,
/// boolean constants, nested `scf.if` on the same condition), `scf.for`
/// over a few trips with carried values (changed, unchanged, repeated,
/// their initial value) and counted `scf.while` loops, between integer
/// `arith` operations and chains of extensions and truncations. `@f` takes three arguments and returns the last four
/// integers.
pub fn structured_program(rng: &mut Rng, ty: &str, bits: u32) -> String {
    let mut g = Structured { ty: ty.to_string(), bits, next: 0, text: String::new() };
    let mut ints = vec!["%a".to_string(), "%b".to_string(), "%c".to_string()];
    let mut bools = Vec::new();
    g.block(rng, 2, 10, &mut ints, &mut bools, "  ");
    let outs: Vec<String> = ints.iter().rev().take(4).cloned().collect();
    let types = vec![ty; outs.len()].join(", ");
    format!(
        "func.func @f(%a: {ty}, %b: {ty}, %c: {ty}) -> ({types}) {{\n{}  return {} : {types}\n}}\n",
        g.text,
        outs.join(", ")
    )
}

struct Structured {
    ty: String,
    bits: u32,
    next: usize,
    text: String,
}

impl Structured {
    fn name(&mut self) -> String {
        self.next += 1;
        format!("%s{}", self.next)
    }

    fn line(&mut self, indent: &str, s: &str) {
        self.text.push_str(indent);
        self.text.push_str(s);
        self.text.push('\n');
    }

    /// `n` operations appended to `ints`/`bools`, nesting at most `depth`.
    fn block(
        &mut self,
        rng: &mut Rng,
        depth: u32,
        n: usize,
        ints: &mut Vec<String>,
        bools: &mut Vec<String>,
        indent: &str,
    ) {
        let ty = self.ty.clone();
        let pick = |rng: &mut Rng, v: &Vec<String>| v[rng.below(v.len())].clone();
        for _ in 0..n {
            let name = self.name();
            match rng.below(13) {
                0 => {
                    let vals = edges(self.bits);
                    let v = if rng.below(2) == 0 { (rng.next() % 9) as i128 } else { vals[rng.below(vals.len())] };
                    self.line(indent, &format!("{name} = arith.constant {v} : {ty}"));
                    ints.push(name);
                }
                1 | 2 => {
                    let p = PREDICATES[rng.below(PREDICATES.len())];
                    let (x, y) = (pick(rng, ints), pick(rng, ints));
                    self.line(indent, &format!("{name} = arith.cmpi {p}, {x}, {y} : {ty}"));
                    bools.push(name);
                }
                3 if !bools.is_empty() => {
                    let (c, x, y) = (pick(rng, bools), pick(rng, ints), pick(rng, ints));
                    self.line(indent, &format!("{name} = arith.select {c}, {x}, {y} : {ty}"));
                    ints.push(name);
                }
                4 | 5 if depth > 0 && !bools.is_empty() => self.if_op(rng, depth, &name, ints, bools, indent),
                6 if depth > 0 => self.for_op(rng, depth, &name, ints, &bools[..], indent),
                7 if depth > 0 => self.while_op(rng, depth, &name, ints, &bools[..], indent),
                8 | 9 if ty != "index" => self.casts(rng, &name, ints, bools, indent),
                _ => {
                    let op = ["addi", "subi", "muli", "andi", "ori", "xori", "minsi", "maxui"][rng.below(8)];
                    let (x, y) = (pick(rng, ints), pick(rng, ints));
                    self.line(indent, &format!("{name} = arith.{op} {x}, {y} : {ty}"));
                    ints.push(name);
                }
            }
        }
    }

    /// Two values extended (alike or not) to a wider type, then combined,
    /// compared or extended again, and truncated back.
    fn casts(&mut self, rng: &mut Rng, name: &str, ints: &mut Vec<String>, bools: &mut Vec<String>, indent: &str) {
        let ty = self.ty.clone();
        let (wide, wider) = (format!("i{}", self.bits + 8), format!("i{}", self.bits + 24));
        let kinds = ["extsi", "extui"];
        let (k1, k2) = (kinds[rng.below(2)], kinds[rng.below(2)]);
        let (x, y) = (ints[rng.below(ints.len())].clone(), ints[rng.below(ints.len())].clone());
        let (a, b, c) = (self.name(), self.name(), self.name());
        self.line(indent, &format!("{a} = arith.{k1} {x} : {ty} to {wide}"));
        self.line(indent, &format!("{b} = arith.{k2} {y} : {ty} to {wide}"));
        match rng.below(4) {
            0 => {
                let op = ["andi", "ori"][rng.below(2)];
                self.line(indent, &format!("{c} = arith.{op} {a}, {b} : {wide}"));
                self.line(indent, &format!("{name} = arith.trunci {c} : {wide} to {ty}"));
                ints.push(name.to_string());
            }
            1 => {
                let p = ["eq", "ne", "slt", "ult"][rng.below(4)];
                self.line(indent, &format!("{name} = arith.cmpi {p}, {a}, {b} : {wide}"));
                bools.push(name.to_string());
            }
            2 => {
                let k3 = kinds[rng.below(2)];
                self.line(indent, &format!("{c} = arith.{k3} {a} : {wide} to {wider}"));
                self.line(indent, &format!("{name} = arith.trunci {c} : {wider} to {ty}"));
                ints.push(name.to_string());
            }
            _ => {
                let narrow = format!("i{}", self.bits / 2);
                self.line(indent, &format!("{c} = arith.trunci {a} : {wide} to {narrow}"));
                self.line(indent, &format!("{name} = arith.{k2} {c} : {narrow} to {ty}"));
                ints.push(name.to_string());
            }
        }
    }

    /// A value for a yield: from the branch, from outside, or (for `i1`)
    /// a boolean constant made here.
    fn yield_value(&mut self, rng: &mut Rng, inner: &[String], outer: &[String]) -> String {
        if rng.below(2) == 0 {
            inner[inner.len() - 1 - rng.below(inner.len().min(3))].clone()
        } else {
            outer[rng.below(outer.len())].clone()
        }
    }

    fn if_op(
        &mut self,
        rng: &mut Rng,
        depth: u32,
        name: &str,
        ints: &mut Vec<String>,
        bools: &mut Vec<String>,
        indent: &str,
    ) {
        let ty = self.ty.clone();
        let cond = bools[rng.below(bools.len())].clone();
        let deeper = format!("{indent}  ");
        let (n_int, with_bool) = (1 + rng.below(2), rng.below(3) == 0);
        let mut types = vec![ty.as_str(); n_int];
        if with_bool {
            types.push("i1");
        }
        self.line(indent, &format!("{name}:{} = scf.if {cond} -> ({}) {{", types.len(), types.join(", ")));
        let constants = [rng.below(2) == 0, rng.below(2) == 0];
        for (k, branch) in ["", "} else {"].into_iter().enumerate() {
            if k == 1 {
                self.line(indent, branch);
            }
            let (mut inner_ints, mut inner_bools) = (ints.clone(), bools.clone());
            // Sometimes the branch repeats the condition in a nested if.
            if rng.below(4) == 0 {
                inner_bools.push(cond.clone());
            }
            let n = 1 + rng.below(3);
            self.block(rng, depth - 1, n, &mut inner_ints, &mut inner_bools, &deeper);
            let mut vals: Vec<String> = (0..n_int).map(|_| self.yield_value(rng, &inner_ints, ints)).collect();
            if with_bool {
                let b = self.name();
                self.line(&deeper, &format!("{b} = arith.constant {}", if constants[k] { "true" } else { "false" }));
                vals.push(b);
            }
            self.line(&deeper, &format!("scf.yield {} : {}", vals.join(", "), types.join(", ")));
        }
        self.line(indent, "}");
        for i in 0..n_int {
            ints.push(format!("{name}#{i}"));
        }
        if with_bool {
            bools.push(format!("{name}#{n_int}"));
        }
    }

    fn for_op(
        &mut self,
        rng: &mut Rng,
        depth: u32,
        name: &str,
        ints: &mut Vec<String>,
        bools: &[String],
        indent: &str,
    ) {
        let ty = self.ty.clone();
        let deeper = format!("{indent}  ");
        let (lb, ub, step) = (self.name(), self.name(), self.name());
        let start = rng.below(3);
        self.line(indent, &format!("{lb} = arith.constant {start} : index"));
        if rng.below(2) == 0 {
            self.line(indent, &format!("{ub} = arith.constant {} : index", start + rng.below(4)));
        } else {
            let c = self.name();
            self.line(indent, &format!("{c} = arith.constant {} : index", rng.below(3)));
            self.line(indent, &format!("{ub} = arith.addi {lb}, {c} overflow<nsw> : index"));
        }
        self.line(indent, &format!("{step} = arith.constant {} : index", 1 + rng.below(2)));
        let carried = 1 + rng.below(3);
        let inits: Vec<String> = (0..carried).map(|_| ints[rng.below(ints.len())].clone()).collect();
        let args: Vec<String> = (0..carried).map(|_| self.name()).collect();
        let iv = self.name();
        let bindings: Vec<String> = args.iter().zip(&inits).map(|(a, i)| format!("{a} = {i}")).collect();
        let types = vec![ty.as_str(); carried].join(", ");
        self.line(
            indent,
            &format!(
                "{name}:{carried} = scf.for {iv} = {lb} to {ub} step {step} iter_args({}) -> ({types}) {{",
                bindings.join(", ")
            ),
        );
        let mut inner_ints = ints.clone();
        inner_ints.extend(args.iter().cloned());
        if ty == "index" {
            inner_ints.push(iv.clone());
        } else {
            let cast = self.name();
            self.line(&deeper, &format!("{cast} = arith.index_cast {iv} : index to {ty}"));
            inner_ints.push(cast);
        }
        let mut inner_bools = bools.to_vec();
        let n = 1 + rng.below(3);
        self.block(rng, depth - 1, n, &mut inner_ints, &mut inner_bools, &deeper);
        let outs: Vec<String> = (0..carried)
            .map(|k| match rng.below(4) {
                0 => args[k].clone(),
                1 => inits[k].clone(),
                _ => inner_ints[inner_ints.len() - 1 - rng.below(inner_ints.len().min(3))].clone(),
            })
            .collect();
        self.line(&deeper, &format!("scf.yield {} : {types}", outs.join(", ")));
        self.line(indent, "}");
        ints.extend((0..carried).map(|k| format!("{name}#{k}")));
    }

    /// A loop counted by `%k` from 0 to a few, carrying one more value.
    fn while_op(
        &mut self,
        rng: &mut Rng,
        depth: u32,
        name: &str,
        ints: &mut Vec<String>,
        bools: &[String],
        indent: &str,
    ) {
        let ty = self.ty.clone();
        let deeper = format!("{indent}  ");
        let (zero, limit, one) = (self.name(), self.name(), self.name());
        self.line(indent, &format!("{zero} = arith.constant 0 : {ty}"));
        self.line(indent, &format!("{limit} = arith.constant {} : {ty}", rng.below(4)));
        self.line(indent, &format!("{one} = arith.constant 1 : {ty}"));
        let init = ints[rng.below(ints.len())].clone();
        let (k, x, cond) = (self.name(), self.name(), self.name());
        self.line(
            indent,
            &format!("{name}:2 = scf.while ({k} = {zero}, {x} = {init}) : ({ty}, {ty}) -> ({ty}, {ty}) {{"),
        );
        self.line(&deeper, &format!("{cond} = arith.cmpi slt, {k}, {limit} : {ty}"));
        self.line(&deeper, &format!("scf.condition({cond}) {k}, {x} : {ty}, {ty}"));
        self.line(indent, "} do {");
        let (k2, x2, next) = (self.name(), self.name(), self.name());
        self.line(indent, &format!("^bb0({k2}: {ty}, {x2}: {ty}):"));
        let mut inner_ints = ints.clone();
        inner_ints.push(x2.clone());
        let mut inner_bools = bools.to_vec();
        let n = 1 + rng.below(3);
        self.block(rng, depth - 1, n, &mut inner_ints, &mut inner_bools, &deeper);
        self.line(&deeper, &format!("{next} = arith.addi {k2}, {one} : {ty}"));
        let out = inner_ints[inner_ints.len() - 1].clone();
        self.line(&deeper, &format!("scf.yield {next}, {out} : {ty}, {ty}"));
        self.line(indent, "}");
        ints.push(format!("{name}#1"));
    }
}
