//! `upstream{pipeline="..."}`: runs an upstream MLIR pass pipeline on the
//! module, in-process, through the [`crate::bridge`].
//!
//! The pipeline is upstream's textual form (`canonicalize,sccp` or
//! `builtin.module(func.func(licm))`; without an anchor it runs on the
//! module). It is checked when the option is given, so an unknown upstream
//! pass is reported with the pipeline, before anything runs. The module
//! crosses in the generic form with its locations; what comes back replaces
//! the module's body and attributes, and upstream's diagnostics are reported
//! at their locations.

use melior::pass::PassManager;
use strata_ir::builtin::op as builtin;
use strata_ir::pass::{OptionValue, Pass, PassDecl, PassFailed, PassInfo};
use strata_ir::pass_options::FromOption;
use strata_ir::{Context, Diagnostic, OpId, OpName};

use crate::bridge::Upstream;

/// An upstream pass pipeline, anchored on `builtin.module`, that upstream
/// MLIR accepts (checked when the option is set).
#[derive(Clone, Debug)]
pub struct UpstreamPipeline(String);

impl FromOption for UpstreamPipeline {
    fn from_option(value: OptionValue<'_>) -> Result<UpstreamPipeline, String> {
        let pipeline = anchored(&String::from_option(value)?);
        let upstream = Upstream::new();
        pass_manager(&upstream, &pipeline)?;
        // The inliner parses its `default-pipeline` only when it runs, and
        // upstream then prints the error and goes on without it: checked
        // here as the inliner reads it, a pass list on each function.
        // An empty one is none.
        for inner in option_values(&pipeline, "default-pipeline").into_iter().filter(|v| !v.is_empty()) {
            pass_manager(&upstream, &format!("builtin.module(func.func({inner}))")).map_err(|e| {
                format!("the inliner's default-pipeline '{inner}' is not a pipeline upstream accepts ({e})")
            })?;
        }
        Ok(UpstreamPipeline(pipeline))
    }
}

/// The values of the option `key` wherever `pipeline` gives it: up to the
/// next `,`, `}` or `)` outside brackets and quotes, without the quotes
/// around a quoted one.
fn option_values<'a>(pipeline: &'a str, key: &str) -> Vec<&'a str> {
    let needle = format!("{key}=");
    let mut values = Vec::new();
    let mut from = 0;
    while let Some(at) = pipeline[from..].find(&needle) {
        let start = from + at + needle.len();
        let rest = &pipeline[start..];
        let (mut depth, mut quoted, mut end) = (0usize, false, rest.len());
        for (i, c) in rest.char_indices() {
            match c {
                '"' => quoted = !quoted,
                _ if quoted => {}
                '(' | '{' | '[' => depth += 1,
                ',' | '}' | ')' | ']' if depth == 0 => {
                    end = i;
                    break;
                }
                ')' | '}' | ']' => depth -= 1,
                _ => {}
            }
        }
        let value = rest[..end].trim();
        values.push(value.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(value));
        from = start + end;
    }
    values
}

strata_ir::pass_options! {
    /// The options of the pass.
    pub struct UpstreamOptions {
        /// The upstream pipeline; without the option, the empty one (the
        /// module goes through upstream's parser and verifier and back).
        pipeline: UpstreamPipeline = UpstreamPipeline(anchored("")) => "pipeline", Text, "the upstream pass pipeline, in upstream's syntax; anchored on builtin.module unless it names an anchor (default: none, a round trip through upstream's parser and verifier)";
    }
}

/// The pass.
#[derive(Default)]
pub struct UpstreamPass {
    options: UpstreamOptions,
}

/// `pipeline` anchored on `builtin.module` unless it names an anchor.
fn anchored(pipeline: &str) -> String {
    let p = pipeline.trim();
    if p.starts_with("builtin.module(") {
        p.to_string()
    } else {
        format!("builtin.module({p})")
    }
}

/// Builds the pass manager of `pipeline` in `upstream`'s context.
fn pass_manager<'c>(upstream: &'c Upstream, pipeline: &str) -> Result<PassManager<'c>, String> {
    let pm = PassManager::new(upstream.context());
    melior::utility::parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline).map_err(|e| {
        // Upstream's report is `<parser>:1:1: error: MESSAGE`, the pipeline
        // and a caret: the message says it.
        let report = e.to_string();
        let message = report.lines().find_map(|l| l.split_once("error: ").map(|(_, m)| m)).unwrap_or(&report);
        format!("upstream MLIR does not accept the pipeline '{pipeline}': {message}")
    })?;
    Ok(pm)
}

impl Pass for UpstreamPass {
    fn decl(&self) -> &'static PassDecl {
        &DECL
    }

    fn anchor(&self) -> Option<OpName> {
        Some(builtin::MODULE)
    }

    fn options(&mut self) -> Option<&mut dyn strata_ir::pass_options::PassOptions> {
        Some(&mut self.options)
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailed> {
        let upstream = Upstream::new();
        let fail = |ctx: &mut Context, diagnostics: Vec<Diagnostic>| {
            ctx.diagnostics.extend(diagnostics);
            Err(PassFailed)
        };
        let pipeline = &self.options.pipeline.0;
        let pm = match pass_manager(&upstream, pipeline) {
            Ok(pm) => pm,
            Err(e) => {
                let loc = ctx.op_loc(op).clone();
                return fail(ctx, vec![Diagnostic::error(loc, e)]);
            }
        };
        let mut module = match upstream.import(ctx, op) {
            Ok(m) => m,
            Err(d) => return fail(ctx, d),
        };
        if pm.run(&mut module).is_err() {
            let d = upstream.failure(ctx, op, &format!("the upstream pipeline '{pipeline}' failed"));
            return fail(ctx, d);
        }
        // Remarks and warnings upstream emitted on success are reported too.
        let reported = upstream.take_diagnostics(ctx);
        ctx.diagnostics.extend(reported);
        let loc = ctx.op_loc(op).clone();
        let new = match upstream.export(ctx, &module, &loc) {
            Ok(new) => new,
            Err(d) => return fail(ctx, d),
        };
        replace_module(ctx, op, new);
        Ok(())
    }
}

/// Gives `op` the body, properties and attributes of the detached module
/// `new`, which is then erased.
fn replace_module(ctx: &mut Context, op: OpId, new: OpId) {
    let (old_body, new_body) = (ctx.region(op, 0), ctx.region(new, 0));
    for b in ctx.region_blocks(old_body).to_vec() {
        ctx.erase_block(b);
    }
    ctx.move_region_blocks(new_body, old_body, 0);
    for (name, _) in ctx.attrs(op).to_vec() {
        ctx.remove_attr(op, &name);
    }
    for (name, value) in ctx.attrs(new).to_vec() {
        ctx.set_attr(op, &name, value);
    }
    let properties = ctx.properties(new).cloned();
    ctx.set_properties(op, properties);
    ctx.erase_op(new);
}

/// The pass's declaration.
static DECL: PassDecl = PassDecl {
    argument: "upstream",
    name: "Upstream",
    description: "Run an upstream MLIR pass pipeline on the module, in-process (e.g. upstream{pipeline=\"sccp,licm\"})",
    options: UpstreamOptions::DECLARED,
};

/// Registration.
pub fn info() -> PassInfo {
    PassInfo { decl: &DECL, create: || Box::new(UpstreamPass::default()) }
}

#[cfg(test)]
mod tests {
    use super::option_values;

    #[test]
    fn option_values_stop_where_the_option_does() {
        let p = "builtin.module(inline{default-pipeline=bogus},cse)";
        assert_eq!(option_values(p, "default-pipeline"), vec!["bogus"]);
        let p = r#"builtin.module(inline{max-iterations=2 default-pipeline="canonicalize,cse"})"#;
        assert_eq!(option_values(p, "default-pipeline"), vec!["canonicalize,cse"]);
        let p = "builtin.module(inline{default-pipeline=func.func(canonicalize)}, inline{default-pipeline=})";
        assert_eq!(option_values(p, "default-pipeline"), vec!["func.func(canonicalize)", ""]);
        assert!(option_values("builtin.module(cse)", "default-pipeline").is_empty());
    }
}
