//! How deeply types, attributes and locations nest, measured on the values
//! rather than on their text.
//!
//! The parser refuses IR nested deeper than [`MAX_NESTING`] levels. Regions
//! are counted as written (the implicit module is a level, like an explicit
//! one), and values by these functions once an operation is parsed: the
//! same value has the same depth whatever form it is written in (custom or
//! generic, a type directly or inside a `function_type` property), so
//! anything the printer writes from accepted IR reads back. While reading,
//! the text of values may nest [`TEXT_SLACK`] levels deeper than the limit:
//! the wrappers of the generic form (a properties dictionary, an operation's
//! function type, argument attribute arrays) add a few levels around the
//! same values.

use crate::attributes::{Attribute, Location};
use crate::types::Type;

/// How deep regions, types, attributes and locations may nest.
pub const MAX_NESTING: usize = 500;

/// Extra levels the text of a value may nest while being read.
pub const TEXT_SLACK: usize = 16;

/// Nesting of a type: 1 for a scalar, one more than its deepest part otherwise.
pub fn type_depth(t: &Type) -> usize {
    1 + match t {
        Type::Function(f) => f.inputs.iter().chain(&f.results).map(type_depth).max().unwrap_or(0),
        Type::Tuple(items) => items.iter().map(type_depth).max().unwrap_or(0),
        Type::Complex(e) => type_depth(e),
        Type::Vector(s) | Type::Tensor(s) | Type::MemRef(s) => {
            type_depth(&s.element).max(s.params.iter().map(attr_depth).max().unwrap_or(0))
        }
        Type::Dialect(d) => match d.type_params() {
            Some(params) => params.iter().map(type_depth).max().unwrap_or(0),
            None => bracket_depth(&d.body),
        },
        Type::Integer { .. } | Type::Index | Type::Float(_) | Type::None => 0,
    }
}

/// Nesting of an attribute; a type used as an attribute counts as the type.
pub fn attr_depth(a: &Attribute) -> usize {
    match a {
        Attribute::Type(t) => type_depth(t),
        Attribute::Location(l) => loc_depth(l),
        Attribute::Integer { ty, .. } => 1 + type_depth(ty),
        Attribute::Float(_) => 2,
        Attribute::DenseArray { element, .. } => 1 + type_depth(element),
        Attribute::Array(items) => 1 + items.iter().map(attr_depth).max().unwrap_or(0),
        Attribute::Dictionary(entries) => 1 + entries.iter().map(|(_, v)| attr_depth(v)).max().unwrap_or(0),
        Attribute::Dialect { body, .. } | Attribute::Verbatim(body) => 1 + bracket_depth(body),
        Attribute::Unit | Attribute::Bool(_) | Attribute::String(_) | Attribute::SymbolRef { .. } => 1,
    }
}

/// Nesting of a location.
pub fn loc_depth(l: &Location) -> usize {
    1 + match l {
        Location::Unknown | Location::FileLineCol { .. } | Location::FileLineColRange { .. } => 0,
        Location::Name { child, .. } => child.as_deref().map_or(0, loc_depth),
        Location::CallSite { callee, caller } => loc_depth(callee).max(loc_depth(caller)),
        Location::Fused { locs, metadata } => {
            locs.iter().map(loc_depth).max().unwrap_or(0).max(metadata.as_deref().map_or(0, attr_depth))
        }
    }
}

/// The deepest nesting of `<>`, `[]`, `()` and `{}` in text kept verbatim
/// (brackets inside string literals do not count).
fn bracket_depth(text: &str) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for c in text.chars() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '<' | '[' | '(' | '{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            '>' | ']' | ')' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Context;
    use crate::parser::parse_source;
    use crate::printer::{print_op, PrintOptions};
    use crate::types::FunctionType;
    use std::sync::Arc;

    /// Parses `text`; if accepted, checks that its custom and generic
    /// printed forms (with locations or without) read back to the same
    /// module. Returns whether it was accepted.
    fn accepted_and_rereads(text: &str) -> bool {
        let mut ctx = Context::new(Arc::new(crate::core_registry()));
        ctx.allow_unregistered = true;
        let Ok(module) = parse_source(&mut ctx, "t.mlir", text, 0, text.len()) else { return false };
        let plain = print_op(&ctx, module, PrintOptions { generic: false, debug_info: false });
        for generic in [false, true] {
            for debug_info in [false, true] {
                let printed = print_op(&ctx, module, PrintOptions { generic, debug_info });
                let mut again = Context::new(Arc::new(crate::core_registry()));
                again.allow_unregistered = true;
                let back = parse_source(&mut again, "p.mlir", &printed, 0, printed.len())
                    .unwrap_or_else(|d| panic!("printed (generic {generic}) does not read back: {}", d.message));
                assert_eq!(print_op(&again, back, PrintOptions { generic: false, debug_info: false }), plain);
            }
        }
        true
    }

    /// `levels` regions nested in a function, the innermost holding an
    /// operation, written with or without the module.
    fn regions(levels: usize, module: bool) -> String {
        let mut s = "func.func @f() {\n".to_string();
        s += &"\"t.wrap\"() ({\n".repeat(levels - 1);
        s += "\"t.leaf\"() : () -> ()\n";
        s += &"}) : () -> ()\n".repeat(levels - 1);
        s += "return\n}\n";
        if module {
            s = format!("module {{\n{s}}}\n");
        }
        s
    }

    #[test]
    fn what_is_accepted_reads_back_in_every_printed_form() {
        // The tools read IR on a thread with a large stack; so does this test.
        let big = std::thread::Builder::new().stack_size(1 << 30);
        big.spawn(limits_agree).expect("a thread").join().expect("no failure");
    }

    fn limits_agree() {
        // The module's body is level 1, written or not.
        for module in [false, true] {
            assert!(accepted_and_rereads(&regions(MAX_NESTING - 1, module)));
            assert!(!accepted_and_rereads(&regions(MAX_NESTING, module)));
        }
        // An empty region nests nothing: a function declared without a body
        // in the innermost region, which the generic form writes with an
        // empty region, reads back in both forms.
        for module in [false, true] {
            let declared =
                regions(MAX_NESTING - 1, module).replace("\"t.leaf\"() : () -> ()", "func.func private @g()");
            assert!(accepted_and_rereads(&declared));
        }
        // A written module beside other operations sits in the implicit one.
        let beside = format!("{}func.func private @g()\n", regions(MAX_NESTING - 1, true));
        assert!(!accepted_and_rereads(&beside));
        assert!(accepted_and_rereads(&format!("{}func.func private @g()\n", regions(MAX_NESTING - 2, true))));
        // An argument's type is one level inside the function's type, however written.
        let arg = |levels: usize| format!("func.func private @g(%a: {})\n", tuples_text(levels));
        assert!(accepted_and_rereads(&arg(MAX_NESTING - 2)));
        assert!(!accepted_and_rereads(&arg(MAX_NESTING - 1)));
        let attr = |levels: usize| {
            format!("func.func private @g() attributes {{x = {}1{}}}\n", "[".repeat(levels), "]".repeat(levels))
        };
        assert!(accepted_and_rereads(&attr(MAX_NESTING - 2)));
        assert!(!accepted_and_rereads(&attr(MAX_NESTING - 1)));
    }

    fn tuples_text(levels: usize) -> String {
        format!("{}i64{}", "tuple<".repeat(levels), ">".repeat(levels))
    }

    fn tuples(levels: usize) -> Type {
        (0..levels).fold(Type::i64(), |t, _| Type::Tuple(Arc::new(vec![t])))
    }

    #[test]
    fn a_value_has_one_depth_in_every_form() {
        assert_eq!(type_depth(&Type::i64()), 1);
        assert_eq!(type_depth(&tuples(3)), 4);
        // A type as an attribute is the type; in a function type, one deeper.
        assert_eq!(attr_depth(&Attribute::Type(tuples(3))), 4);
        let f = Type::Function(Arc::new(FunctionType { inputs: vec![tuples(3)], results: vec![] }));
        assert_eq!(type_depth(&f), 5);
        assert_eq!(attr_depth(&Attribute::Array(Arc::new(vec![Attribute::Type(f)]))), 6);
        assert_eq!(bracket_depth(r#"x<a<[b]>, "<<<<">"#), 3);
    }
}
