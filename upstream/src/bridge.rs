//! Modules to upstream MLIR and back, in-process.
//!
//! A module crosses as text in the generic form with every location
//! (`loc(...)` on each operation and block argument): the one form both
//! sides define identically, which keeps operations of dialects upstream does
//! not know and the locations of everything. Those operations travel as
//! unregistered operations, the ones with one region with an empty second
//! region ([`PADDED`]). Upstream's diagnostics come back
//! as this compiler's, at their locations.

use std::cell::RefCell;
use std::rc::Rc;

use melior::diagnostic::{Diagnostic as UpstreamDiagnostic, DiagnosticSeverity};
use melior::dialect::DialectRegistry;
use melior::ir::operation::{OperationLike, OperationPrintingFlags};
use melior::ir::Module;
use melior::utility::register_all_dialects;
use strata_ir::attributes::{Attribute, Location};
use strata_ir::diagnostics::{Diagnostic, Severity};
use strata_ir::parser::{parse_attribute_str, parse_source};
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::{Context, OpId};

/// The name given to the text that comes back from upstream.
pub const EXPORTED_BUFFER: &str = "<upstream>";

/// Marks an operation that carries, to upstream and back, an empty second
/// region besides its one region. Upstream takes an operation it does not
/// know with exactly one region for a possible symbol table, and then
/// resolves no symbol below it (a `func.call` inside `graph.foreach` would
/// find no callee); with two regions it looks further up, as this compiler
/// does. The region and the mark are added on the way there and removed on
/// the way back.
pub const PADDED: &str = "strata.upstream_padded";

/// An upstream MLIR context with every upstream dialect registered,
/// unregistered dialects allowed, and a handler that keeps upstream's
/// diagnostics until they are taken.
pub struct Upstream {
    context: melior::Context,
    diagnostics: Rc<RefCell<Vec<Captured>>>,
}

/// An upstream diagnostic as text: severity, printed location, message and
/// notes.
struct Captured {
    severity: Severity,
    location: String,
    message: String,
    notes: Vec<Captured>,
}

impl Captured {
    fn of(d: &UpstreamDiagnostic) -> Captured {
        let severity = match d.severity() {
            DiagnosticSeverity::Error => Severity::Error,
            DiagnosticSeverity::Warning => Severity::Warning,
            DiagnosticSeverity::Remark => Severity::Remark,
            DiagnosticSeverity::Note => Severity::Note,
        };
        let notes = (0..d.note_count()).filter_map(|i| d.note(i).ok()).map(|n| Captured::of(&n)).collect();
        Captured { severity, location: d.location().to_string(), message: d.to_string(), notes }
    }

    /// This compiler's diagnostic, at the location read back (unknown where
    /// upstream's does not read).
    fn into_diagnostic(self, ctx: &mut Context) -> Diagnostic {
        let loc = match parse_attribute_str(ctx, &self.location) {
            Ok(Attribute::Location(l)) => *l,
            _ => Location::Unknown,
        };
        let mut d = Diagnostic { severity: self.severity, loc, message: self.message, notes: Vec::new() };
        d.notes = self.notes.into_iter().map(|n| n.into_diagnostic(ctx)).collect();
        d
    }
}

impl Default for Upstream {
    fn default() -> Self {
        Upstream::new()
    }
}

impl Upstream {
    /// A context with every upstream dialect and pass registered; one thread
    /// (the module is small next to the cost of a thread pool).
    pub fn new() -> Upstream {
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = melior::Context::new_with_registry(&registry, false);
        context.set_allow_unregistered_dialects(true);
        melior::utility::register_all_passes();
        let diagnostics = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&diagnostics);
        context.attach_diagnostic_handler(move |d| {
            sink.borrow_mut().push(Captured::of(&d));
            true
        });
        Upstream { context, diagnostics }
    }

    /// Whether upstream knows the operation `name` (its dialect is loaded
    /// first: registered dialects load when first used).
    pub fn knows(&self, name: &str) -> bool {
        if let Some((dialect, _)) = name.split_once('.') {
            self.context.get_or_load_dialect(dialect);
        }
        self.context.is_registered_operation(name)
    }

    /// The upstream context.
    pub fn context(&self) -> &melior::Context {
        &self.context
    }

    /// The diagnostics upstream reported since the last call, as this
    /// compiler's (recorded in `ctx` nowhere; the caller decides).
    pub fn take_diagnostics(&self, ctx: &mut Context) -> Vec<Diagnostic> {
        let captured = std::mem::take(&mut *self.diagnostics.borrow_mut());
        captured.into_iter().map(|c| c.into_diagnostic(ctx)).collect()
    }

    /// The module `op` of `ctx` as an upstream module, parsed and verified by
    /// upstream. On failure, upstream's diagnostics.
    pub fn import(&self, ctx: &mut Context, op: OpId) -> Result<Module<'_>, Vec<Diagnostic>> {
        let mut padded = Vec::new();
        ctx.walk_pre(op, &mut |o| {
            if ctx.regions(o).len() == 1 && !self.knows(ctx.op_name(o)) {
                padded.push(o);
            }
        });
        for &o in &padded {
            ctx.push_region(o);
            ctx.set_attr(o, PADDED, Attribute::Unit);
        }
        let text = print_op(ctx, op, PrintOptions { generic: true, debug_info: true });
        for &o in &padded {
            ctx.pop_empty_region(o);
            ctx.remove_attr(o, PADDED);
        }
        match Module::parse(&self.context, &text) {
            Some(m) => Ok(m),
            None => Err(self.failure(ctx, op, "upstream MLIR does not accept the module")),
        }
    }

    /// An upstream module as a module of `ctx` (a new top-level operation).
    /// On failure (upstream produced what this compiler does not read), the
    /// reason, reported at `module_loc`.
    pub fn export(
        &self,
        ctx: &mut Context,
        module: &Module<'_>,
        module_loc: &Location,
    ) -> Result<OpId, Vec<Diagnostic>> {
        let flags = OperationPrintingFlags::new().enable_debug_info(true, false).print_generic_operation_form();
        let text = module.as_operation().to_string_with_flags(flags).map_err(|e| {
            vec![Diagnostic::error(Location::Unknown, format!("upstream MLIR could not print the module: {e}"))]
        })?;
        let module = parse_source(ctx, EXPORTED_BUFFER, &text, 0, text.len()).map_err(|e| {
            // The text is upstream's, not the user's: say where in it, with
            // the line, at the module's location.
            let at = match &e.loc {
                Location::FileLineCol { line, .. } => text.lines().nth(*line as usize - 1).map(|l| (line, l.trim())),
                _ => None,
            };
            let mut message = format!("what upstream MLIR produced does not read back: {}", e.message);
            if let Some((line, l)) = at {
                message.push_str(&format!(" (line {line} of its output: `{l}`)"));
            }
            vec![Diagnostic::error(module_loc.clone(), message)]
        })?;
        let mut padded = Vec::new();
        ctx.walk_pre(module, &mut |o| {
            if ctx.attr(o, PADDED).is_some() {
                padded.push(o);
            }
        });
        for o in padded {
            ctx.remove_attr(o, PADDED);
            if !ctx.pop_empty_region(o) {
                let loc = ctx.op_loc(o).clone();
                return Err(vec![Diagnostic::error(loc, "upstream MLIR filled the empty region the bridge added")]);
            }
        }
        Ok(module)
    }

    /// An upstream module as upstream prints it (its custom forms; `debug_info`:
    /// with locations), as `mlir-opt` would, followed by an empty line. On
    /// failure, the reason at the location of `op`.
    pub fn print(
        &self,
        ctx: &mut Context,
        op: OpId,
        module: &Module<'_>,
        debug_info: bool,
    ) -> Result<String, Vec<Diagnostic>> {
        let flags = OperationPrintingFlags::new().enable_debug_info(debug_info, false);
        match module.as_operation().to_string_with_flags(flags) {
            Ok(text) => Ok(format!("{text}\n")),
            Err(e) => Err(self.failure(ctx, op, &format!("upstream MLIR could not print the module: {e}"))),
        }
    }

    /// `text` as upstream reads, verifies and prints it (`generic`: every
    /// operation in the generic form), as `mlir-opt` would without flags;
    /// where upstream does not accept it, the message of its first error.
    pub fn reprint(&self, text: &str, generic: bool) -> Result<String, String> {
        let module = Module::parse(&self.context, text);
        let said = std::mem::take(&mut *self.diagnostics.borrow_mut());
        let Some(module) = module else {
            let first = said.into_iter().find(|d| d.severity == Severity::Error);
            return Err(first.map_or_else(|| "upstream MLIR said nothing".to_string(), |d| d.message));
        };
        let flags = OperationPrintingFlags::new();
        let flags = if generic { flags.print_generic_operation_form() } else { flags };
        module.as_operation().to_string_with_flags(flags).map_err(|e| e.to_string())
    }

    /// Upstream's diagnostics, or `what` at `op` where it said nothing.
    pub fn failure(&self, ctx: &mut Context, op: OpId, what: &str) -> Vec<Diagnostic> {
        let mut out = self.take_diagnostics(ctx);
        if !out.iter().any(|d| d.severity == Severity::Error) {
            out.push(Diagnostic::error(ctx.op_loc(op).clone(), what.to_string()));
        }
        out
    }
}
