//! Attribute aliases in printed IR, as MLIR's printer makes them: each
//! `affine_map<...>`, `affine_set<...>` and `distinct[N]<...>` (but one of
//! `unit`) is printed as `#map`, `#map1`, `#set`, `#distinct`, ... with its
//! definition above the module. Names are numbered in the order MLIR's
//! printer meets the attributes (the printer records that order), the
//! definitions are listed by depth (a definition that uses another alias
//! comes after it), then by name; `distinct` identifiers are renumbered in
//! the order they are printed, and `distinct[N]<>` (of `unit`) has
//! no alias. With local scope, no aliases, but the identifiers are
//! renumbered all the same.

use std::collections::HashMap;
use std::ops::Range;

/// The kinds of attribute that get an alias, and their alias prefix.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Map,
    Set,
    Distinct,
}

impl Kind {
    fn prefix(self) -> &'static str {
        match self {
            Kind::Map => "map",
            Kind::Set => "set",
            Kind::Distinct => "distinct",
        }
    }
}

/// One aliasable attribute in the text: `text[start..end]`, whose body (between
/// its outer `<` and `>`) is `text[body]`.
struct Occurrence {
    start: usize,
    end: usize,
    kind: Kind,
    body: Range<usize>,
    /// The identifier of a `distinct[N]`.
    id: Option<u64>,
}

/// An alias: its name and depth (1 + the deepest alias its text uses).
struct Alias {
    prefix: &'static str,
    number: usize,
    depth: usize,
}

impl Alias {
    fn name(&self) -> String {
        if self.number == 0 {
            self.prefix.to_string()
        } else {
            format!("{}{}", self.prefix, self.number)
        }
    }
}

/// `printed` (a module as the printer wrote it) with aliases, `visits`
/// giving the ranges of `printed` in the order MLIR's printer visits them;
/// with `local_scope`, without aliases.
pub(crate) fn with_aliases(printed: &str, visits: &[Range<usize>], local_scope: bool) -> String {
    let mut table = Table::default();
    for range in visits.iter().filter(|_| !local_scope) {
        table.register_in(printed, range.clone());
    }
    if table.aliases.is_empty() && !printed.contains("distinct[") {
        return printed.to_string();
    }
    let mut order: Vec<(&String, &Alias)> = table.aliases.iter().collect();
    order.sort_by(|a, b| (a.1.depth, a.1.prefix, a.1.number).cmp(&(b.1.depth, b.1.prefix, b.1.number)));
    let mut ids = HashMap::new();
    let mut out = String::new();
    for (text, alias) in order {
        out.push_str(&format!("#{} = ", alias.name()));
        let occurrence = next_occurrence(text, 0).filter(|o| o.start == 0 && o.end == text.len());
        match occurrence {
            Some(o) => table.write_attribute(text, &o, &mut ids, &mut out),
            None => out.push_str(text),
        }
        out.push('\n');
    }
    table.rewrite(printed, 0..printed.len(), &mut ids, &mut out);
    out
}

/// The aliases given so far, by attribute text.
#[derive(Default)]
struct Table {
    aliases: HashMap<String, Alias>,
    counts: HashMap<&'static str, usize>,
}

impl Table {
    /// Gives an alias to each aliasable attribute in `text[range]` not named
    /// yet, those nested in an attribute before it; returns the deepest
    /// depth met.
    fn register_in(&mut self, text: &str, range: Range<usize>) -> usize {
        let mut deepest = 0;
        let mut at = range.start;
        while let Some(o) = next_occurrence(&text[..range.end], at) {
            at = o.end;
            let inner = self.register_in(text, o.body.clone());
            if o.kind == Kind::Distinct && text[o.body.clone()].is_empty() {
                continue;
            }
            let key = text[o.start..o.end].to_string();
            let depth = match self.aliases.get(&key) {
                Some(a) => a.depth,
                None => {
                    let prefix = o.kind.prefix();
                    let count = self.counts.entry(prefix).or_insert(0);
                    let alias = Alias { prefix, number: *count, depth: inner };
                    *count += 1;
                    self.aliases.insert(key, alias);
                    inner
                }
            };
            deepest = deepest.max(depth + 1);
        }
        deepest
    }

    /// Writes `text[range]` with each aliased attribute as its alias.
    fn rewrite(&self, text: &str, range: Range<usize>, ids: &mut HashMap<u64, usize>, out: &mut String) {
        let mut at = range.start;
        while let Some(o) = next_occurrence(&text[..range.end], at) {
            out.push_str(&text[at..o.start]);
            match self.aliases.get(&text[o.start..o.end]) {
                Some(alias) => {
                    out.push('#');
                    out.push_str(&alias.name());
                }
                None => self.write_attribute(text, &o, ids, out),
            }
            at = o.end;
        }
        out.push_str(&text[at..range.end]);
    }

    /// Writes the attribute `o` itself (not its alias), its body rewritten.
    fn write_attribute(&self, text: &str, o: &Occurrence, ids: &mut HashMap<u64, usize>, out: &mut String) {
        match o.id {
            Some(id) => {
                let next = ids.len();
                let new_id = *ids.entry(id).or_insert(next);
                out.push_str(&format!("distinct[{new_id}]<"));
                self.rewrite(text, o.body.clone(), ids, out);
                out.push('>');
            }
            None => {
                out.push_str(&text[o.start..o.body.start]);
                self.rewrite(text, o.body.clone(), ids, out);
                out.push_str(&text[o.body.end..o.end]);
            }
        }
    }
}

/// The first aliasable attribute in `text` from `from`, outside string
/// literals and dialect attribute and type bodies.
fn next_occurrence(text: &str, from: usize) -> Option<Occurrence> {
    let bytes = text.as_bytes();
    let mut i = from;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = skip_string(bytes, i),
            b'#' | b'!' => {
                let mut j = i + 1;
                while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || matches!(bytes[j], b'_' | b'.' | b'$')) {
                    j += 1;
                }
                i = if bytes.get(j) == Some(&b'<') { balanced_end(bytes, j, false)? } else { j.max(i + 1) };
            }
            c if c.is_ascii_alphabetic() => {
                let boundary = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || matches!(bytes[i - 1], b'_' | b'.'));
                let mut j = i;
                while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
                    j += 1;
                }
                if boundary {
                    if let Some(o) = occurrence_at(text, i, j) {
                        return Some(o);
                    }
                }
                i = j;
            }
            _ => i += 1,
        }
    }
    None
}

/// The aliasable attribute whose keyword is `text[start..word_end]`, if it is one.
fn occurrence_at(text: &str, start: usize, word_end: usize) -> Option<Occurrence> {
    let bytes = text.as_bytes();
    let (kind, open, id) = match &text[start..word_end] {
        "affine_map" => (Kind::Map, word_end, None),
        "affine_set" => (Kind::Set, word_end, None),
        "distinct" if bytes.get(word_end) == Some(&b'[') => {
            let close = word_end + text[word_end..].find(']')?;
            let id = text[word_end + 1..close].trim().parse().ok()?;
            (Kind::Distinct, close + 1, Some(id))
        }
        _ => return None,
    };
    if bytes.get(open) != Some(&b'<') {
        return None;
    }
    let end = balanced_end(bytes, open, kind == Kind::Set)?;
    Some(Occurrence { start, end, kind, body: open + 1..end - 1, id })
}

/// The end (one past the `>`) of the `<...>` opened at `open`; `->` never
/// closes, nor `>=` where `comparisons`.
fn balanced_end(bytes: &[u8], open: usize, comparisons: bool) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i = skip_string(bytes, i);
                continue;
            }
            b'-' if bytes.get(i + 1) == Some(&b'>') => i += 1,
            b'>' if comparisons && bytes.get(i + 1) == Some(&b'=') => i += 1,
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' | b')' | b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The position after the string literal that starts at `start`.
fn skip_string(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::with_aliases;

    fn aliased(text: &str) -> String {
        with_aliases(text, std::slice::from_ref(&(0..text.len())), false)
    }

    #[test]
    fn maps_sets_and_distinct_attributes_get_aliases_in_the_order_met() {
        let text = "x {a = affine_set<(d0) : (d0 >= 0)>, b = affine_map<(d0) -> (d0)>, c = distinct[7]<1 : i32>, \
                    d = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0) -> (d0)>]}\n";
        assert_eq!(
            aliased(text),
            "#distinct = distinct[0]<1 : i32>\n#map = affine_map<(d0) -> (d0)>\n\
             #map1 = affine_map<(d0) -> (d0 + 1)>\n#set = affine_set<(d0) : (d0 >= 0)>\n\
             x {a = #set, b = #map, c = #distinct, d = [#map1, #map]}\n"
        );
    }

    #[test]
    fn strings_and_dialect_attributes_are_left_alone() {
        let text = "x {a = \"affine_map<(d0) -> (d0)>\", b = #x.affine_map<1>, c = #x.t<affine_map<(d0) -> (d0)>>}\n";
        assert_eq!(aliased(text), text);
    }

    #[test]
    fn a_definition_that_uses_an_alias_comes_after_it() {
        let text = "x {r = distinct[3]<>, s = distinct[1]<[affine_map<(d0) -> (d0)>]>}\n";
        assert_eq!(
            aliased(text),
            "#map = affine_map<(d0) -> (d0)>\n#distinct = distinct[0]<[#map]>\nx {r = distinct[1]<>, s = #distinct}\n"
        );
    }

    #[test]
    fn local_scope_renumbers_distinct_attributes_only() {
        let text = "x {a = distinct[5]<affine_map<(d0) -> (d0)>>, b = distinct[2]<>, c = distinct[5]<affine_map<(d0) -> (d0)>>}";
        assert_eq!(
            with_aliases(text, std::slice::from_ref(&(0..text.len())), true),
            "x {a = distinct[0]<affine_map<(d0) -> (d0)>>, b = distinct[1]<>, c = distinct[0]<affine_map<(d0) -> (d0)>>}"
        );
    }

    #[test]
    fn the_visit_order_numbers_the_aliases() {
        let text = "a = affine_map<(d0) -> (d0)>, b = affine_map<(d0) -> (d0 + 1)>";
        let out = with_aliases(text, &[31..text.len(), 0..31], false);
        assert_eq!(out, "#map = affine_map<(d0) -> (d0 + 1)>\n#map1 = affine_map<(d0) -> (d0)>\na = #map1, b = #map");
    }
}
