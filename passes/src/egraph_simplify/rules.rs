//! The rule table of `egraph-simplify`. Every rule holds for all values of
//! MLIR's signless integers: arithmetic wraps, division by zero and signed
//! `MIN / -1` are undefined, shifts by the width or more are poison. A rule
//! may replace an expression by one that is defined (or not poison) more
//! often, never the other way round. `docs/egraph-simplify.md` lists the
//! rules with the reason each is sound, and the ones left out on purpose.

use std::sync::LazyLock;

use egg::{Applier, ConditionalApplier, EGraph, Id, Pattern, PatternAst, Rewrite, Subst, Symbol, Var};

use super::language::{Expr, Folding, Lit};

type Rule = Rewrite<Expr, Folding>;
type Graph = EGraph<Expr, Folding>;

/// Builds the constant `value` of the matched class's type.
struct Constant(i128);

impl Applier<Expr, Folding> for Constant {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        _subst: &Subst,
        _ast: Option<&PatternAst<Expr>>,
        _rule: Symbol,
    ) -> Vec<Id> {
        let ty = egraph[eclass].data.ty;
        let c = egraph.add(Expr::Const(Lit { value: ty.norm(self.0), ty }));
        if egraph.union(eclass, c) {
            vec![eclass]
        } else {
            vec![]
        }
    }
}

fn var(name: &str) -> Var {
    name.parse().expect("a pattern variable")
}

fn pattern(text: &str) -> Pattern<Expr> {
    text.parse().expect("a valid pattern")
}

/// Whether `v` is bound to the constant `value` (of its class's type).
fn is(v: &str, value: i128) -> impl Fn(&mut Graph, Id, &Subst) -> bool {
    let v = var(v);
    move |egraph, _, subst| {
        let d = &egraph[subst[v]].data;
        d.value == Some(d.ty.norm(value))
    }
}

/// Whether `v` is bound to a value wider than one bit (so that 1 is +1).
fn wide(v: &str) -> impl Fn(&mut Graph, Id, &Subst) -> bool {
    let v = var(v);
    move |egraph, _, subst| egraph[subst[v]].data.ty.bits() > 1
}

/// `lhs => rhs`.
fn plain(name: &str, lhs: &str, rhs: &str) -> Rule {
    Rewrite::new(name, pattern(lhs), pattern(rhs)).expect("a valid rule")
}

/// `lhs => rhs` where `cond` holds.
fn when(
    name: &str,
    lhs: &str,
    rhs: &str,
    cond: impl Fn(&mut Graph, Id, &Subst) -> bool + Send + Sync + 'static,
) -> Rule {
    Rewrite::new(name, pattern(lhs), ConditionalApplier { condition: cond, applier: pattern(rhs) })
        .expect("a valid rule")
}

/// `lhs => value` (a constant of the matched class's type) where `cond` holds.
fn to_constant(
    name: &str,
    lhs: &str,
    value: i128,
    cond: impl Fn(&mut Graph, Id, &Subst) -> bool + Send + Sync + 'static,
) -> Rule {
    Rewrite::new(name, pattern(lhs), ConditionalApplier { condition: cond, applier: Constant(value) })
        .expect("a valid rule")
}

fn always(_: &mut Graph, _: Id, _: &Subst) -> bool {
    true
}

/// Every rule, built once per process (parsing the patterns costs more than
/// saturating a small function, and the pass runs once per function).
pub fn rules() -> &'static [Rule] {
    static RULES: LazyLock<Vec<Rule>> = LazyLock::new(build);
    &RULES
}

fn build() -> Vec<Rule> {
    let mut r: Vec<Rule> = Vec::new();
    // Commutativity: each of these is commutative on all inputs.
    for op in ["addi", "muli", "andi", "ori", "xori", "minsi", "maxsi", "minui", "maxui", "eq", "ne"] {
        r.push(plain(&format!("{op}-commute"), &format!("({op} ?a ?b)"), &format!("({op} ?b ?a)")));
    }
    // Associativity: wrapping addition and multiplication are associative
    // (arithmetic modulo 2^n), and so are the bitwise operations.
    for op in ["addi", "muli", "andi", "ori", "xori"] {
        r.push(plain(&format!("{op}-assoc"), &format!("({op} ({op} ?a ?b) ?c)"), &format!("({op} ?a ({op} ?b ?c))")));
        r.push(plain(
            &format!("{op}-assoc-rev"),
            &format!("({op} ?a ({op} ?b ?c))"),
            &format!("({op} ({op} ?a ?b) ?c)"),
        ));
    }
    // Swapped comparisons: a < b is b > a, for each signedness.
    for (a, b) in [("slt", "sgt"), ("sle", "sge"), ("ult", "ugt"), ("ule", "uge")] {
        r.push(plain(&format!("{a}-swap"), &format!("({a} ?x ?y)"), &format!("({b} ?y ?x)")));
        r.push(plain(&format!("{b}-swap"), &format!("({b} ?x ?y)"), &format!("({a} ?y ?x)")));
    }
    // Neutral and absorbing elements.
    r.push(when("addi-zero", "(addi ?a ?b)", "?a", is("?b", 0)));
    r.push(when("subi-zero", "(subi ?a ?b)", "?a", is("?b", 0)));
    r.push(when("muli-one", "(muli ?a ?b)", "?a", is("?b", 1)));
    r.push(when("muli-zero", "(muli ?a ?b)", "?b", is("?b", 0)));
    r.push(when("andi-ones", "(andi ?a ?b)", "?a", is("?b", -1)));
    r.push(when("andi-zero", "(andi ?a ?b)", "?b", is("?b", 0)));
    r.push(when("ori-zero", "(ori ?a ?b)", "?a", is("?b", 0)));
    r.push(when("ori-ones", "(ori ?a ?b)", "?b", is("?b", -1)));
    r.push(when("xori-zero", "(xori ?a ?b)", "?a", is("?b", 0)));
    for op in ["shli", "shrsi", "shrui"] {
        r.push(when(&format!("{op}-zero"), &format!("({op} ?a ?b)"), "?a", is("?b", 0)));
    }
    // Division by one: unsigned always; signed only above one bit, where 1
    // is +1 (in i1 the constant 1 is -1, and -1 / -1 overflows).
    r.push(when("divui-one", "(divui ?a ?b)", "?a", is("?b", 1)));
    r.push(when("divsi-one", "(divsi ?a ?b)", "?a", move |g: &mut Graph, id, s: &Subst| {
        is("?b", 1)(g, id, s) && wide("?b")(g, id, s)
    }));
    r.push(to_constant("remui-one", "(remui ?a ?b)", 0, is("?b", 1)));
    r.push(to_constant("remsi-one", "(remsi ?a ?b)", 0, move |g: &mut Graph, id, s: &Subst| {
        is("?b", 1)(g, id, s) && wide("?b")(g, id, s)
    }));
    // An operand with itself.
    r.push(to_constant("subi-self", "(subi ?a ?a)", 0, always));
    r.push(to_constant("xori-self", "(xori ?a ?a)", 0, always));
    for op in ["andi", "ori", "minsi", "maxsi", "minui", "maxui"] {
        r.push(plain(&format!("{op}-self"), &format!("({op} ?a ?a)"), "?a"));
    }
    for op in ["eq", "sle", "sge", "ule", "uge"] {
        r.push(to_constant(&format!("{op}-self"), &format!("({op} ?a ?a)"), 1, always));
    }
    for op in ["ne", "slt", "sgt", "ult", "ugt"] {
        r.push(to_constant(&format!("{op}-self"), &format!("({op} ?a ?a)"), 0, always));
    }
    r.push(plain("select-same", "(select ?c ?a ?a)", "?a"));
    // Cancellation, exact in wrapping arithmetic.
    r.push(plain("add-sub-cancel", "(subi (addi ?a ?b) ?b)", "?a"));
    r.push(plain("sub-add-cancel", "(addi (subi ?a ?b) ?b)", "?a"));
    r.push(plain("sub-sub-cancel", "(subi ?a (subi ?a ?b))", "?b"));
    r.push(plain("xor-xor-cancel", "(xori (xori ?a ?b) ?b)", "?a"));
    // Subtraction regrouped with addition (a ring modulo 2^n), so that
    // chains of constants meet and fold: (x + 5) - 3 is x + 2. Only for two
    // constants: regrouping everything would grow the e-graph without end.
    let constants =
        |g: &mut Graph, _: Id, s: &Subst| g[s[var("?b")]].data.value.is_some() && g[s[var("?c")]].data.value.is_some();
    r.push(when("add-sub-regroup", "(subi (addi ?a ?b) ?c)", "(addi ?a (subi ?b ?c))", constants));
    r.push(when("sub-add-regroup", "(addi (subi ?a ?b) ?c)", "(addi ?a (subi ?c ?b))", constants));
    r.push(when("sub-sub-regroup", "(subi (subi ?a ?b) ?c)", "(subi ?a (addi ?b ?c))", constants));
    // Factoring: multiplication distributes over wrapping addition and
    // subtraction. Only the direction that saves a multiplication.
    r.push(plain("factor-add", "(addi (muli ?a ?b) (muli ?a ?c))", "(muli ?a (addi ?b ?c))"));
    r.push(plain("factor-sub", "(subi (muli ?a ?b) (muli ?a ?c))", "(muli ?a (subi ?b ?c))"));
    // Multiplication distributed over an addition or subtraction of a
    // constant, so that the constant's product can cancel or fold:
    // (i + 1) * n - n is i * n, the shape of CSR row offsets. Only for a
    // constant addend, which keeps the e-graph small.
    let constant = |g: &mut Graph, _: Id, s: &Subst| g[s[var("?b")]].data.value.is_some();
    r.push(when("distribute-add-constant", "(muli (addi ?a ?b) ?c)", "(addi (muli ?a ?c) (muli ?b ?c))", constant));
    r.push(when("distribute-sub-constant", "(muli (subi ?a ?b) ?c)", "(subi (muli ?a ?c) (muli ?b ?c))", constant));
    // Bitwise and and or distribute over each other: factoring saves an operation.
    r.push(plain("factor-and-or", "(ori (andi ?a ?b) (andi ?a ?c))", "(andi ?a (ori ?b ?c))"));
    r.push(plain("factor-or-and", "(andi (ori ?a ?b) (ori ?a ?c))", "(ori ?a (andi ?b ?c))"));
    // Absorption.
    r.push(plain("and-or-absorb", "(andi (ori ?a ?b) ?a)", "?a"));
    r.push(plain("or-and-absorb", "(ori (andi ?a ?b) ?a)", "?a"));
    // Selects on a known condition, and selects that are the condition.
    r.push(when("select-true", "(select ?c ?a ?b)", "?a", is("?c", 1)));
    r.push(when("select-false", "(select ?c ?a ?b)", "?b", is("?c", 0)));
    r.push(when("select-cond", "(select ?c ?t ?f)", "?c", move |g: &mut Graph, id, s: &Subst| {
        g[s[var("?t")]].data.ty.bits() == 1 && is("?t", 1)(g, id, s) && is("?f", 0)(g, id, s)
    }));
    // Whether a minimum or maximum moved away from one operand: min(a, b)
    // is a exactly when a <= b (else it is b, which differs from a), and
    // max(a, b) is a exactly when a >= b; for each signedness.
    for (min, max, lt, le, gt, ge) in
        [("minsi", "maxsi", "slt", "sle", "sgt", "sge"), ("minui", "maxui", "ult", "ule", "ugt", "uge")]
    {
        r.push(plain(&format!("{min}-ne"), &format!("(ne ({min} ?a ?b) ?a)"), &format!("({lt} ?b ?a)")));
        r.push(plain(&format!("{min}-eq"), &format!("(eq ({min} ?a ?b) ?a)"), &format!("({le} ?a ?b)")));
        r.push(plain(&format!("{max}-ne"), &format!("(ne ({max} ?a ?b) ?a)"), &format!("({gt} ?b ?a)")));
        r.push(plain(&format!("{max}-eq"), &format!("(eq ({max} ?a ?b) ?a)"), &format!("({ge} ?a ?b)")));
    }
    // Two comparisons of the same operands combined: integers are totally
    // ordered, so exactly one of a < b, a == b, a > b holds.
    for (lt, le, gt, ge) in [("slt", "sle", "sgt", "sge"), ("ult", "ule", "ugt", "uge")] {
        r.push(plain(&format!("{lt}-or-eq"), &format!("(ori ({lt} ?x ?y) (eq ?x ?y))"), &format!("({le} ?x ?y)")));
        r.push(plain(&format!("{gt}-or-eq"), &format!("(ori ({gt} ?x ?y) (eq ?x ?y))"), &format!("({ge} ?x ?y)")));
        r.push(plain(&format!("{lt}-or-{gt}"), &format!("(ori ({lt} ?x ?y) ({gt} ?x ?y))"), "(ne ?x ?y)"));
        r.push(plain(&format!("{le}-and-{ge}"), &format!("(andi ({le} ?x ?y) ({ge} ?x ?y))"), "(eq ?x ?y)"));
        r.push(plain(&format!("{le}-and-ne"), &format!("(andi ({le} ?x ?y) (ne ?x ?y))"), &format!("({lt} ?x ?y)")));
        r.push(plain(&format!("{ge}-and-ne"), &format!("(andi ({ge} ?x ?y) (ne ?x ?y))"), &format!("({gt} ?x ?y)")));
    }
    // A negated comparison is the opposite comparison (xor with true is not).
    for (a, b) in [("eq", "ne"), ("slt", "sge"), ("sle", "sgt"), ("ult", "uge"), ("ule", "ugt")] {
        r.push(when(&format!("not-{a}"), &format!("(xori ({a} ?x ?y) ?t)"), &format!("({b} ?x ?y)"), is("?t", 1)));
        r.push(when(&format!("not-{b}"), &format!("(xori ({b} ?x ?y) ?t)"), &format!("({a} ?x ?y)"), is("?t", 1)));
    }
    r
}
