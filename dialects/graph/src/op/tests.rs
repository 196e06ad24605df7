//! One test per invariant of the graph dialect's declarations, verifiers and
//! custom syntaxes: IR that breaks it and what the reader or the verifier
//! says.

strata_ir::invalid_ir! {
    registry: crate::test_registry();
    unknown_graph_type_vertex_expected_one_of_graph_node:
        r#"func.func private @f(!graph.vertex)
"#
        => r#"unknown graph type 'vertex', expected one of: graph, node, edge, uf, nprop, eprop, scalar, worklist"#;
    graph_node_takes_no_parameters:
        r#"func.func private @f(!graph.node<i32>)
"#
        => r#"'!graph.node' takes no parameters"#;
    graph_nprop_needs_one_element_type_i1_i8_i16:
        r#"func.func private @f(!graph.nprop<!graph.graph>)
"#
        => r#"'!graph.nprop' needs one element type: i1, i8, i16, i32, i64, index, f32, f64, !graph.node or !graph.edge"#;
    graph_out_degree_expects_2_operands_but_found_1:
        r#"func.func @f(%g: !graph.graph, %v: !graph.node) {
  %d = graph.out_degree %g
  return
}
"#
        => r#"custom op 'graph.out_degree' expected 2 operands, but found 1"#;
    num_nodes_requires_a_single_operand:
        r#"func.func @f(%g: !graph.graph) {
  %n = "graph.num_nodes"(%g, %g) : (!graph.graph, !graph.graph) -> index
  return
}
"#
        => r#"'graph.num_nodes' op requires a single operand"#;
    out_degree_operand_1_must_be_graph_node_but:
        r#"func.func @f(%g: !graph.graph, %e: !graph.edge) {
  %d = "graph.out_degree"(%g, %e) : (!graph.graph, !graph.edge) -> index
  return
}
"#
        => r#"'graph.out_degree' op operand #1 must be !graph.node, but got '!graph.edge'"#;
    weight_result_0_must_be_64_bit_signless_integer:
        r#"func.func @f(%g: !graph.graph, %e: !graph.edge) {
  %w = "graph.weight"(%g, %e) : (!graph.graph, !graph.edge) -> f64
  return
}
"#
        => r#"'graph.weight' op result #0 must be 64-bit signless integer, but got 'f64'"#;
    unknown_iteration_space_vertices_expected_one_of_nodes_edges:
        r#"func.func @f(%g: !graph.graph) {
  graph.foreach %v in vertices(%g) {
  }
  return
}
"#
        => r#"unknown iteration space 'vertices', expected one of: nodes, edges, out_edges, in_edges, out_nbrs, in_nbrs, items, range"#;
    items_needs_the_worklist_type_items_wl_graph_worklist:
        r#"func.func @f(%g: !graph.graph, %wl: !graph.worklist<!graph.node>) {
  graph.foreach %v in items(%wl) {
  }
  return
}
"#
        => r#"items(...) needs the worklist type: items(%wl : !graph.worklist<T>)"#;
    items_iterates_over_a_graph_worklist_t:
        r#"func.func @f(%g: !graph.graph) {
  graph.foreach %v in items(%g : !graph.graph) {
  }
  return
}
"#
        => r#"items(...) iterates over a !graph.worklist<T>"#;
    out_nbrs_takes_2_operands_got_1:
        r#"func.func @f(%g: !graph.graph) {
  graph.foreach %u, %e in out_nbrs(%g) {
  }
  return
}
"#
        => r#"'out_nbrs' takes 2 operands, got 1"#;
    out_nbrs_binds_2_values_got_1:
        r#"func.func @f(%g: !graph.graph, %v: !graph.node) {
  graph.foreach %u in out_nbrs(%g, %v) {
  }
  return
}
"#
        => r#"'out_nbrs' binds 2 values, got 1"#;
    common_nbrs_binds_1_values_got_2:
        r#"func.func @f(%g: !graph.graph, %v: !graph.node, %b: index) {
  graph.foreach %u, %e in common_nbrs(%g, %v, %v, %b) {
  }
  return
}
"#
        => r#"'common_nbrs' binds 1 values, got 2"#;
    common_nbrs_takes_4_operands_got_2:
        r#"func.func @f(%g: !graph.graph, %v: !graph.node) {
  graph.foreach %u in common_nbrs(%g, %v) {
  }
  return
}
"#
        => r#"'common_nbrs' takes 4 operands, got 2"#;
    foreach_space_common_nbrs_takes_operands_graph_graph_graph:
        r#"func.func @f(%g: !graph.graph, %v: !graph.node, %b: index) {
  "graph.foreach"(%g, %v, %b) <{space = "common_nbrs"}> ({
  ^bb0(%u: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph, !graph.node, index) -> ()
  return
}
"#
        => r#"'graph.foreach' op space 'common_nbrs' takes operands (!graph.graph, !graph.node, !graph.node, index)"#;
    foreach_requires_attribute_space:
        r#"func.func @f(%g: !graph.graph) {
  "graph.foreach"(%g) ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'graph.foreach' op requires attribute 'space'"#;
    foreach_attribute_space_failed_to_satisfy_constraint_string_attribute:
        r#"func.func @f(%g: !graph.graph) {
  "graph.foreach"(%g) <{space = "vertices"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'graph.foreach' op attribute 'space' failed to satisfy constraint: string attribute, one of: nodes, edges, out_edges, in_edges, out_nbrs, in_nbrs, items, range"#;
    foreach_items_iterates_over_a_graph_worklist_t_got:
        r#"func.func @f(%g: !graph.graph) {
  "graph.foreach"(%g) <{space = "items"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'graph.foreach' op 'items' iterates over a !graph.worklist<T>, got !graph.graph"#;
    foreach_space_nodes_takes_operands_graph_graph:
        r#"func.func @f(%g: !graph.graph, %v: !graph.node) {
  "graph.foreach"(%g, %v) <{space = "nodes"}> ({
  ^bb0(%u: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph, !graph.node) -> ()
  return
}
"#
        => r#"'graph.foreach' op space 'nodes' takes operands (!graph.graph)"#;
    foreach_expects_a_body_and_a_filter_region:
        r#"func.func @f(%g: !graph.graph) {
  "graph.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'graph.foreach' op expects a body and a filter region"#;
    foreach_requires_zero_results:
        r#"func.func @f(%g: !graph.graph) {
  %r = "graph.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> i32
  return
}
"#
        => r#"'graph.foreach' op requires zero results"#;
    foreach_body_must_not_be_empty:
        r#"func.func @f(%g: !graph.graph) {
  "graph.foreach"(%g) <{space = "nodes"}> ({
  }, {
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'graph.foreach' op body must not be empty"#;
    foreach_body_must_take_graph_node_got_graph_edge:
        r#"func.func @f(%g: !graph.graph) {
  "graph.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%e: !graph.edge):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'graph.foreach' op body must take (!graph.node), got (!graph.edge)"#;
    foreach_body_must_end_with_graph_yield:
        r#"func.func @f(%g: !graph.graph) {
  "graph.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%v: !graph.node):
    "func.return"() : () -> ()
  }, {
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'graph.foreach' op body must end with graph.yield"#;
    foreach_body_must_yield_got_i64:
        r#"func.func @f(%g: !graph.graph, %x: i64) {
  graph.foreach %v in nodes(%g) {
    graph.yield %x : i64
  }
  return
}
"#
        => r#"'graph.foreach' op body must yield (), got (i64)"#;
    foreach_filter_must_yield_i1_got_i64:
        r#"func.func @f(%g: !graph.graph, %x: i64) {
  graph.foreach %v in nodes(%g) where {
    graph.yield %x : i64
  } do {
  }
  return
}
"#
        => r#"'graph.foreach' op filter must yield (i1), got (i64)"#;
    foreach_filter_must_take_graph_node_got:
        r#"func.func @f(%g: !graph.graph, %b: i1) {
  "graph.foreach"(%g) <{space = "nodes"}> ({
  ^bb0(%v: !graph.node):
    "graph.yield"() : () -> ()
  }, {
    "graph.yield"(%b) : (i1) -> ()
  }) : (!graph.graph) -> ()
  return
}
"#
        => r#"'graph.foreach' op filter must take (!graph.node), got ()"#;
    yield_expects_parent_op_to_be_one_of_graph:
        r#"func.func @f(%b: i1) {
  scf.if %b {
    "graph.yield"() : () -> ()
  }
  return
}
"#
        => r#"'graph.yield' op expects parent op to be one of 'graph.foreach, graph.iterate, graph.fixpoint, graph.single, sched.foreach'"#;
    expected_a_property_or_scalar_type_got_i64:
        r#"func.func @f(%g: !graph.graph, %x: i64) {
  %p = graph.new_node_prop %g, %x : i64
  return
}
"#
        => r#"expected a property or scalar type, got i64"#;
    graph_new_scalar_expects_1_operands_got_2:
        r#"func.func @f(%g: !graph.graph, %x: i64) {
  %p = graph.new_scalar %g, %x : !graph.scalar<i64>
  return
}
"#
        => r#"'graph.new_scalar' expects 1 operands, got 2"#;
    new_node_prop_requires_one_result:
        r#"func.func @f(%g: !graph.graph, %x: i64) {
  "graph.new_node_prop"(%g, %x) : (!graph.graph, i64) -> ()
  return
}
"#
        => r#"'graph.new_node_prop' op requires one result"#;
    new_node_prop_result_0_must_be_graph_nprop:
        r#"func.func @f(%g: !graph.graph, %x: i64) {
  %p = "graph.new_node_prop"(%g, %x) : (!graph.graph, i64) -> !graph.eprop<i64>
  return
}
"#
        => r#"'graph.new_node_prop' op result #0 must be !graph.nprop, but got '!graph.eprop<i64>'"#;
    new_edge_prop_expected_2_operands_but_found_1:
        r#"func.func @f(%x: i64) {
  %p = "graph.new_edge_prop"(%x) : (i64) -> !graph.eprop<i64>
  return
}
"#
        => r#"'graph.new_edge_prop' op expected 2 operands, but found 1"#;
    new_node_prop_initial_value_must_be_i64_got:
        r#"func.func @f(%g: !graph.graph, %x: i32) {
  %p = "graph.new_node_prop"(%g, %x) : (!graph.graph, i32) -> !graph.nprop<i64>
  return
}
"#
        => r#"'graph.new_node_prop' op initial value must be i64, got i32"#;
    a_scalar_is_not_indexed:
        r#"func.func @f(%s: !graph.scalar<i64>, %v: !graph.node) {
  %x = graph.load %s[%v] : !graph.scalar<i64>
  return
}
"#
        => r#"a scalar is not indexed"#;
    a_property_needs_an_index_of_type_graph_node:
        r#"func.func @f(%p: !graph.nprop<i64>) {
  %x = graph.load %p : !graph.nprop<i64>
  return
}
"#
        => r#"a property needs an index of type !graph.node"#;
    expected_a_property_or_scalar_type_got_graph_worklist:
        r#"func.func @f(%p: !graph.nprop<i64>, %v: !graph.node) {
  %x = graph.load %p[%v] : !graph.worklist<i64>
  return
}
"#
        => r#"expected a property or scalar type, got !graph.worklist<i64>"#;
    load_expected_1_or_2_operands_but_found_0:
        r#"func.func @f() {
  %x = "graph.load"() : () -> i64
  return
}
"#
        => r#"'graph.load' op expected 1 or 2 operands, but found 0"#;
    load_operand_0_must_be_graph_nprop_or_graph:
        r#"func.func @f(%x: i64) {
  %y = "graph.load"(%x) : (i64) -> i64
  return
}
"#
        => r#"'graph.load' op operand #0 must be !graph.nprop or !graph.eprop or !graph.scalar, but got 'i64'"#;
    load_index_must_be_graph_node_for_graph_nprop:
        r#"func.func @f(%p: !graph.nprop<i64>, %e: !graph.edge) {
  %y = "graph.load"(%p, %e) : (!graph.nprop<i64>, !graph.edge) -> i64
  return
}
"#
        => r#"'graph.load' op index must be !graph.node for !graph.nprop<i64>, got !graph.edge"#;
    load_graph_eprop_i64_needs_an_index_of_type:
        r#"func.func @f(%p: !graph.eprop<i64>) {
  %y = "graph.load"(%p) : (!graph.eprop<i64>) -> i64
  return
}
"#
        => r#"'graph.load' op !graph.eprop<i64> needs an index of type !graph.edge"#;
    load_a_scalar_is_not_indexed:
        r#"func.func @f(%s: !graph.scalar<i64>, %v: !graph.node) {
  %y = "graph.load"(%s, %v) : (!graph.scalar<i64>, !graph.node) -> i64
  return
}
"#
        => r#"'graph.load' op a scalar is not indexed"#;
    load_expected_1_or_2_operands_but_found_3:
        r#"func.func @f(%p: !graph.nprop<i64>, %v: !graph.node) {
  %y = "graph.load"(%p, %v, %v) : (!graph.nprop<i64>, !graph.node, !graph.node) -> i64
  return
}
"#
        => r#"'graph.load' op expected 1 or 2 operands, but found 3"#;
    load_result_must_be_the_element_type_i64:
        r#"func.func @f(%p: !graph.nprop<i64>, %v: !graph.node) {
  %y = "graph.load"(%p, %v) : (!graph.nprop<i64>, !graph.node) -> i32
  return
}
"#
        => r#"'graph.load' op result must be the element type i64"#;
    store_expected_2_or_3_operands_but_found_1:
        r#"func.func @f(%p: !graph.nprop<i64>) {
  "graph.store"(%p) : (!graph.nprop<i64>) -> ()
  return
}
"#
        => r#"'graph.store' op expected 2 or 3 operands, but found 1"#;
    store_stored_value_must_be_the_element_type_i64:
        r#"func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: f64) {
  "graph.store"(%x, %p, %v) : (f64, !graph.nprop<i64>, !graph.node) -> ()
  return
}
"#
        => r#"'graph.store' op stored value must be the element type i64, got f64"#;
    store_requires_zero_results:
        r#"func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  %r = "graph.store"(%x, %p, %v) : (i64, !graph.nprop<i64>, !graph.node) -> i1
  return
}
"#
        => r#"'graph.store' op requires zero results"#;
    unknown_reduction_kind_sum_expected_one_of_add_mul:
        r#"func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  graph.reduce sum %x, %p[%v] : !graph.nprop<i64>
  return
}
"#
        => r#"unknown reduction kind 'sum', expected one of: add, mul, min, max, and, or"#;
    the_changed_result_must_be_i1_got_i64:
        r#"func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  %c = graph.reduce min %x, %p[%v] : !graph.nprop<i64> -> i64
  return
}
"#
        => r#"the changed result must be i1, got i64"#;
    reduce_reduction_and_does_not_apply_to_elements_of:
        r#"func.func @f(%s: !graph.scalar<f64>, %x: f64) {
  graph.reduce and %x, %s : !graph.scalar<f64>
  return
}
"#
        => r#"'graph.reduce' op reduction 'and' does not apply to elements of type f64"#;
    reduce_reduction_add_does_not_apply_to_elements_of:
        r#"func.func @f(%s: !graph.scalar<!graph.node>, %x: !graph.node) {
  graph.reduce add %x, %s : !graph.scalar<!graph.node>
  return
}
"#
        => r#"'graph.reduce' op reduction 'add' does not apply to elements of type !graph.node"#;
    reduce_requires_attribute_kind:
        r#"func.func @f(%s: !graph.scalar<i64>, %x: i64) {
  "graph.reduce"(%x, %s) : (i64, !graph.scalar<i64>) -> ()
  return
}
"#
        => r#"'graph.reduce' op requires attribute 'kind'"#;
    reduce_attribute_kind_failed_to_satisfy_constraint_string_attribute:
        r#"func.func @f(%s: !graph.scalar<i64>, %x: i64) {
  "graph.reduce"(%x, %s) <{kind = "xor"}> : (i64, !graph.scalar<i64>) -> ()
  return
}
"#
        => r#"'graph.reduce' op attribute 'kind' failed to satisfy constraint: string attribute, one of: add, mul, min, max, and, or"#;
    reduce_expected_2_or_3_operands_but_found_1:
        r#"func.func @f(%x: i64) {
  "graph.reduce"(%x) <{kind = "add"}> : (i64) -> ()
  return
}
"#
        => r#"'graph.reduce' op expected 2 or 3 operands, but found 1"#;
    reduce_reduced_value_must_be_the_element_type_i64:
        r#"func.func @f(%s: !graph.scalar<i64>, %x: i32) {
  "graph.reduce"(%x, %s) <{kind = "add"}> : (i32, !graph.scalar<i64>) -> ()
  return
}
"#
        => r#"'graph.reduce' op reduced value must be the element type i64, got i32"#;
    reduce_expected_0_or_1_results_but_found_2:
        r#"func.func @f(%s: !graph.scalar<i64>, %x: i64) {
  %a, %b = "graph.reduce"(%x, %s) <{kind = "add"}> : (i64, !graph.scalar<i64>) -> (i1, i1)
  return
}
"#
        => r#"'graph.reduce' op expected 0 or 1 results, but found 2"#;
    unknown_reduction_kind_add_expected_one_of_min_max:
        r#"func.func @f(%k: !graph.nprop<i64>, %p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  graph.reduce_arg add %x, %x, %k, %p[%v] : !graph.nprop<i64>, !graph.nprop<i64>
  return
}
"#
        => r#"unknown reduction kind 'add', expected one of: min, max"#;
    expected_two_property_or_scalar_types:
        r#"func.func @f(%k: !graph.nprop<i64>, %p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  graph.reduce_arg min %x, %x, %k, %p[%v] : !graph.nprop<i64>, i64
  return
}
"#
        => r#"expected two property or scalar types"#;
    reduce_arg_attribute_kind_failed_to_satisfy_constraint_string:
        r#"func.func @f(%k: !graph.nprop<i64>, %p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  "graph.reduce_arg"(%x, %x, %k, %p, %v) <{kind = "add"}> : (i64, i64, !graph.nprop<i64>, !graph.nprop<i64>, !graph.node) -> ()
  return
}
"#
        => r#"'graph.reduce_arg' op attribute 'kind' failed to satisfy constraint: string attribute, one of: min, max"#;
    reduce_arg_expected_4_or_5_operands_but_found:
        r#"func.func @f(%k: !graph.nprop<i64>, %x: i64) {
  "graph.reduce_arg"(%x, %x, %k) <{kind = "min"}> : (i64, i64, !graph.nprop<i64>) -> ()
  return
}
"#
        => r#"'graph.reduce_arg' op expected 4 or 5 operands, but found 3"#;
    reduce_arg_key_and_payload_targets_must_be_containers:
        r#"func.func @f(%k: !graph.nprop<i64>, %p: !graph.scalar<i64>, %v: !graph.node, %x: i64) {
  "graph.reduce_arg"(%x, %x, %k, %p, %v) <{kind = "min"}> : (i64, i64, !graph.nprop<i64>, !graph.scalar<i64>, !graph.node) -> ()
  return
}
"#
        => r#"'graph.reduce_arg' op key and payload targets must be containers of the same kind, got !graph.nprop<i64> and !graph.scalar<i64>"#;
    reduce_arg_key_and_payload_must_have_the_element:
        r#"func.func @f(%k: !graph.nprop<i64>, %p: !graph.nprop<i32>, %v: !graph.node, %x: i64) {
  "graph.reduce_arg"(%x, %x, %k, %p, %v) <{kind = "min"}> : (i64, i64, !graph.nprop<i64>, !graph.nprop<i32>, !graph.node) -> ()
  return
}
"#
        => r#"'graph.reduce_arg' op key and payload must have the element types i64 and i32"#;
    reduce_arg_payload_must_be_an_integer_index_node:
        r#"func.func @f(%k: !graph.nprop<i64>, %p: !graph.nprop<f64>, %v: !graph.node, %x: i64, %y: f64) {
  graph.reduce_arg min %x, %y, %k, %p[%v] : !graph.nprop<i64>, !graph.nprop<f64>
  return
}
"#
        => r#"'graph.reduce_arg' op payload must be an integer, index, node or edge (ties keep the smallest), got f64"#;
    new_worklist_worklist_items_must_be_nodes_edges_integers:
        r#"func.func @f(%g: !graph.graph) {
  %w = graph.new_worklist %g : !graph.worklist<f64>
  return
}
"#
        => r#"'graph.new_worklist' op worklist items must be nodes, edges, integers or indices, got f64"#;
    new_worklist_a_unique_worklist_holds_nodes_or_edges:
        r#"func.func @f(%g: !graph.graph) {
  %w = graph.new_worklist %g unique : !graph.worklist<i64>
  return
}
"#
        => r#"'graph.new_worklist' op a unique worklist holds nodes or edges, got i64"#;
    new_worklist_operand_0_must_be_graph_graph_but:
        r#"func.func @f(%x: i64) {
  %w = "graph.new_worklist"(%x) : (i64) -> !graph.worklist<i64>
  return
}
"#
        => r#"'graph.new_worklist' op operand #0 must be !graph.graph, but got 'i64'"#;
    new_worklist_result_0_must_be_graph_worklist_but:
        r#"func.func @f(%g: !graph.graph) {
  %w = "graph.new_worklist"(%g) : (!graph.graph) -> !graph.nprop<i64>
  return
}
"#
        => r#"'graph.new_worklist' op result #0 must be !graph.worklist, but got '!graph.nprop<i64>'"#;
    expected_a_worklist_type_got_graph_nprop_i64:
        r#"func.func @f(%x: i64, %p: !graph.nprop<i64>) {
  graph.push %x, %p : !graph.nprop<i64>
  return
}
"#
        => r#"expected a worklist type, got !graph.nprop<i64>"#;
    push_expected_2_operands_but_found_1:
        r#"func.func @f(%x: i64) {
  "graph.push"(%x) : (i64) -> ()
  return
}
"#
        => r#"'graph.push' op expected 2 operands, but found 1"#;
    push_operand_1_must_be_graph_worklist_but_got:
        r#"func.func @f(%x: i64) {
  "graph.push"(%x, %x) : (i64, i64) -> ()
  return
}
"#
        => r#"'graph.push' op operand #1 must be !graph.worklist, but got 'i64'"#;
    push_pushed_item_must_be_i64_got_i32:
        r#"func.func @f(%x: i32, %w: !graph.worklist<i64>) {
  "graph.push"(%x, %w) : (i32, !graph.worklist<i64>) -> ()
  return
}
"#
        => r#"'graph.push' op pushed item must be i64, got i32"#;
    n_1_iter_args_but_2_result_types:
        r#"func.func @f(%w: !graph.worklist<i64>, %x: i64) {
  %r:2 = graph.iterate %w : !graph.worklist<i64> iter_args(%a = %x) -> (i64, i64) {
    graph.yield %a, %a : i64, i64
  }
  return
}
"#
        => r#"1 iter_args but 2 result types"#;
    iterate_result_types_must_match_the_iter_args_types:
        r#"func.func @f(%w: !graph.worklist<i64>, %x: i64) {
  %r = "graph.iterate"(%w, %x) ({
  ^bb0(%a: i64):
    "graph.yield"(%a) : (i64) -> ()
  }) : (!graph.worklist<i64>, i64) -> i32
  return
}
"#
        => r#"'graph.iterate' op result types must match the iter_args types"#;
    iterate_expects_one_body_region:
        r#"func.func @f(%w: !graph.worklist<i64>) {
  "graph.iterate"(%w) : (!graph.worklist<i64>) -> ()
  return
}
"#
        => r#"'graph.iterate' op expects one body region"#;
    iterate_operand_0_must_be_graph_worklist_but_got:
        r#"func.func @f(%x: i64) {
  "graph.iterate"(%x) ({
    "graph.yield"() : () -> ()
  }) : (i64) -> ()
  return
}
"#
        => r#"'graph.iterate' op operand #0 must be !graph.worklist, but got 'i64'"#;
    iterate_body_must_take_i64_got:
        r#"func.func @f(%w: !graph.worklist<i64>, %x: i64) {
  %r = "graph.iterate"(%w, %x) ({
    "graph.yield"(%x) : (i64) -> ()
  }) : (!graph.worklist<i64>, i64) -> i64
  return
}
"#
        => r#"'graph.iterate' op body must take (i64), got ()"#;
    fixpoint_body_must_yield_i1_i64_got_i64:
        r#"func.func @f(%x: i64) {
  %r = graph.fixpoint iter_args(%a = %x) -> (i64) {
    graph.yield %a : i64
  }
  return
}
"#
        => r#"'graph.fixpoint' op body must yield (i1, i64), got (i64)"#;
    single_operand_1_must_be_graph_node_or_graph:
        r#"func.func @f(%g: !graph.graph, %i: index) {
  graph.single %g[%i] : index {
  }
  return
}
"#
        => r#"'graph.single' op operand #1 must be !graph.node or !graph.edge, but got 'index'"#;
    single_needs_at_least_one_node_or_edge_to:
        r#"func.func @f(%g: !graph.graph) {
  graph.single %g[] : !graph.node {
  }
  return
}
"#
        => r#"'graph.single' op needs at least one node or edge to lock"#;
    single_operand_0_must_be_graph_graph_but_got:
        r#"func.func @f(%v: !graph.node) {
  "graph.single"(%v, %v) ({
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.node, !graph.node) -> ()
  return
}
"#
        => r#"'graph.single' op operand #0 must be !graph.graph, but got '!graph.node'"#;
    single_all_locked_elements_must_have_the_same_type:
        r#"func.func @f(%g: !graph.graph, %v: !graph.node, %e: !graph.edge) {
  "graph.single"(%g, %v, %e) ({
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.graph, !graph.node, !graph.edge) -> ()
  return
}
"#
        => r#"'graph.single' op all locked elements must have the same type"#;
    single_expects_a_locked_and_an_else_region_and:
        r#"func.func @f(%g: !graph.graph, %v: !graph.node) {
  "graph.single"(%g, %v) ({
    "graph.yield"() : () -> ()
  }) : (!graph.graph, !graph.node) -> ()
  return
}
"#
        => r#"'graph.single' op expects a locked and an else region and no results"#;
    single_else_region_must_yield_got_i64:
        r#"func.func @f(%g: !graph.graph, %v: !graph.node, %x: i64) {
  graph.single %g[%v] : !graph.node {
  } else {
    graph.yield %x : i64
  }
  return
}
"#
        => r#"'graph.single' op else region must yield (), got (i64)"#;
    new_ordered_worklist_the_key_of_an_ordered_worklist:
        r#"func.func @f(%g: !graph.graph, %d: i64) {
  %c0 = arith.constant 0 : i32
  %k = graph.new_node_prop %g, %c0 : !graph.nprop<i32>
  %w = graph.new_ordered_worklist %g, %k, %d : !graph.nprop<i32> -> !graph.worklist<!graph.node>
  return
}
"#
        => r#"'graph.new_ordered_worklist' op the key of an ordered worklist must be a !graph.nprop<i64>, got !graph.nprop<i32>"#;
    new_ordered_worklist_an_ordered_worklist_holds_nodes_the:
        r#"func.func @f(%g: !graph.graph, %d: i64) {
  %c0 = arith.constant 0 : i64
  %k = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %w = graph.new_ordered_worklist %g, %k, %d : !graph.nprop<i64> -> !graph.worklist<!graph.edge>
  return
}
"#
        => r#"'graph.new_ordered_worklist' op an ordered worklist holds nodes: the result must be !graph.worklist<!graph.node>, got !graph.worklist<!graph.edge>"#;
    expected:
        r#"func.func @f(%g: !graph.graph, %d: i64) {
  %c0 = arith.constant 0 : i64
  %k = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %w = graph.new_ordered_worklist %g, %k, %d : !graph.nprop<i64> !graph.worklist<!graph.node>
  return
}
"#
        => r#"expected '->'"#;
    count_common_attribute_intersect_failed_to_satisfy_constraint_string:
        r#"func.func @f(%g: !graph.graph, %u: !graph.node, %b: index) -> index {
  %n = graph.count_common %g, %u, %u, %b {intersect = "hash"}
  return %n : index
}
"#
        => r#"'graph.count_common' op attribute 'intersect' failed to satisfy constraint: string attribute, one of: merge, gallop, auto, bitmap"#;
    fetch_add_adds_to_integer_elements_got_f64:
        r#"func.func @f(%s: !graph.scalar<f64>, %x: f64) {
  %old = graph.fetch_add %x, %s : !graph.scalar<f64>
  return
}
"#
        => r#"'graph.fetch_add' op adds to integer elements, got f64"#;
    fetch_add_added_value_must_be_the_element_type:
        r#"func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: i32) {
  %old = "graph.fetch_add"(%x, %p, %v) : (i32, !graph.nprop<i64>, !graph.node) -> i64
  return
}
"#
        => r#"'graph.fetch_add' op added value must be the element type i64, got i32"#;
    fetch_add_result_must_be_the_element_type_i64:
        r#"func.func @f(%p: !graph.nprop<i64>, %v: !graph.node, %x: i64) {
  %old = "graph.fetch_add"(%x, %p, %v) : (i64, !graph.nprop<i64>, !graph.node) -> i32
  return
}
"#
        => r#"'graph.fetch_add' op result must be the element type i64, got i32"#;
}
