//! One test per invariant of `sched.foreach`'s declaration and schedule
//! checks: IR that breaks it and what the verifier says.

use std::sync::Arc;

use strata_ir::Registry;

/// The dialects the cases use.
fn registry() -> Arc<Registry> {
    let mut r = strata_std::standard_registry();
    strata_graph_dialect::register(&mut r);
    crate::register(&mut r);
    Arc::new(r)
}

strata_ir::invalid_ir! {
    registry: registry();
    foreach_requires_attribute_schedule:
        r#"func.func @f(%g: !graph.graph) {
  "sched.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'sched.foreach' op requires attribute 'schedule'"#;
    foreach_requires_attribute_space:
        r#"func.func @f(%g: !graph.graph) {
  "sched.foreach"(%g) <{schedule = {}}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'sched.foreach' op requires attribute 'space'"#;
    foreach_requires_zero_results:
        r#"func.func @f(%g: !graph.graph) {
  %r = "sched.foreach"(%g) <{space = "nodes", schedule = {}}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> i1
  return
}
"#
        => r#"'sched.foreach' op requires zero results"#;
    foreach_schedule_must_be_a_dictionary_got_thread:
        r#"func.func @f(%g: !graph.graph) {
  "sched.foreach"(%g) <{space = "nodes", schedule = "thread"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'sched.foreach' op schedule must be a dictionary, got "thread""#;
    foreach_space_nodes_takes_operands_graph_graph:
        r#"func.func @f(%g: !graph.graph) {
  "sched.foreach"(%g, %g) <{space = "nodes", schedule = {}}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph, !graph.graph) -> ()
  return
}
"#
        => r#"'sched.foreach' op space 'nodes' takes operands (!graph.graph)"#;
    foreach_schedule_lacks:
        r#"func.func @f(%g: !graph.graph) {
  "sched.foreach"(%g) <{space = "nodes", schedule = {mapping = "thread"}}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'sched.foreach' op schedule lacks"#;
}
