//! One test per invariant of the par dialect's declarations and verifiers:
//! IR that breaks it and what the verifier says.

strata_ir::invalid_ir! {
    registry: crate::test_registry();
    load_operand_1_must_be_index_but_got_i64:
        r#"func.func @f(%b: !par.buf<i64>, %i: i64) {
  %v = "par.load"(%b, %i) : (!par.buf<i64>, i64) -> i64
  return
}
"#
        => r#"'par.load' op operand #1 must be index, but got 'i64'"#;
    load_result_must_be_i64_got_i32:
        r#"func.func @f(%b: !par.buf<i64>, %i: index) {
  %v = "par.load"(%b, %i) : (!par.buf<i64>, index) -> i32
  return
}
"#
        => r#"'par.load' op result must be i64, got i32"#;
    store_stored_value_must_be_i64_got_f64:
        r#"func.func @f(%b: !par.buf<i64>, %i: index, %x: f64) {
  "par.store"(%x, %b, %i) : (f64, !par.buf<i64>, index) -> ()
  return
}
"#
        => r#"'par.store' op stored value must be i64, got f64"#;
    store_expected_3_operands_but_found_2:
        r#"func.func @f(%b: !par.buf<i64>, %i: index, %x: i64) {
  "par.store"(%x, %b) : (i64, !par.buf<i64>) -> ()
  return
}
"#
        => r#"'par.store' op expected 3 operands, but found 2"#;
    atomic_rmw_requires_attribute_kind:
        r#"func.func @f(%b: !par.buf<i64>, %i: index, %x: i64) {
  %o = "par.atomic_rmw"(%x, %b, %i) : (i64, !par.buf<i64>, index) -> i64
  return
}
"#
        => r#"'par.atomic_rmw' op requires attribute 'kind'"#;
    atomic_rmw_attribute_kind_failed_to_satisfy_constraint_string:
        r#"func.func @f(%b: !par.buf<i64>, %i: index, %x: i64) {
  %o = "par.atomic_rmw"(%x, %b, %i) <{kind = "nand"}> : (i64, !par.buf<i64>, index) -> i64
  return
}
"#
        => r#"'par.atomic_rmw' op attribute 'kind' failed to satisfy constraint: string attribute, one of: add, mul, min, max, and, or, xchg"#;
    atomic_rmw_or_applies_to_integers_only_got_f64:
        r#"func.func @f(%b: !par.buf<f64>, %i: index, %x: f64) {
  %o = "par.atomic_rmw"(%x, %b, %i) <{kind = "or"}> : (f64, !par.buf<f64>, index) -> f64
  return
}
"#
        => r#"'par.atomic_rmw' op 'or' applies to integers only, got f64"#;
    atomic_rmw_xchg_cannot_be_grouped_exchanges_do_not:
        r#"func.func @f(%b: !par.buf<i64>, %i: index, %x: i64) {
  %o = "par.atomic_rmw"(%x, %b, %i) <{grouped, kind = "xchg"}> : (i64, !par.buf<i64>, index) -> i64
  return
}
"#
        => r#"'par.atomic_rmw' op 'xchg' cannot be grouped: exchanges do not combine"#;
    atomic_rmw_the_old_value_of_a_grouped_atomic:
        r#"func.func @f(%b: !par.buf<f64>, %i: index, %x: f64) -> f64 {
  %o = "par.atomic_rmw"(%x, %b, %i) <{grouped, kind = "add"}> : (f64, !par.buf<f64>, index) -> f64
  return %o : f64
}
"#
        => r#"'par.atomic_rmw' op the old value of a grouped atomic is each thread's only for an integer 'add', so it must be unused"#;
    atomic_rmw_the_old_value_of_a_grouped_atomic_2:
        r#"func.func @f(%b: !par.buf<i64>, %i: index, %x: i64) -> i64 {
  %o = "par.atomic_rmw"(%x, %b, %i) <{grouped, kind = "max"}> : (i64, !par.buf<i64>, index) -> i64
  return %o : i64
}
"#
        => r#"'par.atomic_rmw' op the old value of a grouped atomic is each thread's only for an integer 'add', so it must be unused"#;
    cmpxchg_operand_2_must_be_signless_integer_or_index:
        r#"func.func @f(%b: !par.buf<f64>, %i: index, %x: f64) {
  %o, %ok = "par.cmpxchg"(%b, %i, %x, %x) : (!par.buf<f64>, index, f64, f64) -> (f64, i1)
  return
}
"#
        => r#"'par.cmpxchg' op operand #2 must be signless integer or index, but got 'f64'"#;
    graph_size_attribute_of_failed_to_satisfy_constraint_string:
        r#"func.func @f(%g: !graph.graph) {
  %n = "par.graph_size"(%g) <{of = "arcs"}> : (!graph.graph) -> index
  return
}
"#
        => r#"'par.graph_size' op attribute 'of' failed to satisfy constraint: string attribute, one of: nodes, edges"#;
    queue_push_item_must_be_index_got_i64:
        r#"func.func @f(%q: !par.queue<index>, %x: i64) {
  "par.queue_push"(%x, %q) : (i64, !par.queue<index>) -> ()
  return
}
"#
        => r#"'par.queue_push' op item must be index, got i64"#;
    queue_put_item_must_be_index_got_i64:
        r#"func.func @f(%q: !par.queue<index>, %x: i64, %at: index) {
  "par.queue_put"(%x, %q, %at) : (i64, !par.queue<index>, index) -> ()
  return
}
"#
        => r#"'par.queue_put' op item must be index, got i64"#;
    queue_claim_result_0_must_be_1_bit_signless:
        r#"func.func @f(%q: !par.queue<index>, %x: index) {
  %c = "par.queue_claim"(%x, %q) : (index, !par.queue<index>) -> index
  return
}
"#
        => r#"'par.queue_claim' op result #0 must be 1-bit signless integer, but got 'index'"#;
    queue_push_attribute_aggregate_failed_to_satisfy_constraint_string:
        r#"func.func @f(%q: !par.queue<index>, %x: index) {
  "par.queue_push"(%x, %q) <{aggregate = "grid"}> : (index, !par.queue<index>) -> ()
  return
}
"#
        => r#"'par.queue_push' op attribute 'aggregate' failed to satisfy constraint: string attribute, one of: subgroup, block"#;
    local_size_must_be_positive_got_0:
        r#"func.func @f() {
  "par.parallel"() ({
    %l = "par.local"() <{size = 0 : i64}> : () -> !par.buf<index>
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.local' op 'size' must be positive, got 0"#;
    free_operand_0_must_be_par_buf_or_par:
        r#"func.func @f(%b: !par.buf<i64>) {
  %c = arith.constant 0 : index
  "par.free"(%c) : (index) -> ()
  return
}
"#
        => r#"'par.free' op operand #0 must be !par.buf or !par.queue, but got 'index'"#;
    barrier_must_be_inside_a_par_parallel:
        r#"func.func @f() {
  "par.barrier"() : () -> ()
  return
}
"#
        => r#"'par.barrier' op must be inside a par.parallel"#;
    for_chunk_must_be_a_positive_integer:
        r#"func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 0 : i64, dist = "static"}> ({
    ^bb0(%i: index):
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.for' op 'chunk' must be a positive integer"#;
    for_attribute_dist_failed_to_satisfy_constraint_string_attribute:
        r#"func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "par.parallel"() ({
    "par.for"(%c0, %n, %c1) <{chunk = 4 : i64, dist = "cyclic"}> ({
    ^bb0(%i: index):
      "par.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.for' op attribute 'dist' failed to satisfy constraint: string attribute, one of: static, dynamic, guided"#;
    thread_id_result_0_must_be_index_but_got:
        r#"func.func @f() {
  %t = "par.thread_id"() : () -> i32
  return
}
"#
        => r#"'par.thread_id' op result #0 must be index, but got 'i32'"#;
    check_index_attribute_of_failed_to_satisfy_constraint_string:
        r#"func.func @f(%i: index, %n: index) {
  "par.check_index"(%i, %n) <{of = "arcs"}> : (index, index) -> ()
  return
}
"#
        => r#"'par.check_index' op attribute 'of' failed to satisfy constraint: string attribute, one of: nodes, edges"#;
    check_index_operand_0_must_be_index_but_got:
        r#"func.func @f(%i: i64, %n: index) {
  "par.check_index"(%i, %n) <{of = "nodes"}> : (i64, index) -> ()
  return
}
"#
        => r#"'par.check_index' op operand #0 must be index, but got 'i64'"#;
    ordered_queue_new_the_key_must_be_a_par:
        r#"func.func @f(%n: index, %key: !par.buf<i32>, %d: i64) {
  %q = "par.ordered_queue_new"(%n, %key, %d) : (index, !par.buf<i32>, i64) -> !par.queue<index>
  return
}
"#
        => r#"'par.ordered_queue_new' op the key must be a !par.buf<i64>, got !par.buf<i32>"#;
    ordered_queue_new_an_ordered_queue_holds_index_items:
        r#"func.func @f(%n: index, %key: !par.buf<i64>, %d: i64) {
  %q = "par.ordered_queue_new"(%n, %key, %d) : (index, !par.buf<i64>, i64) -> !par.queue<i64>
  return
}
"#
        => r#"'par.ordered_queue_new' op an ordered queue holds index items (nodes)"#;
    queue_take_own_must_be_inside_a_par_parallel:
        r#"func.func @f(%q: !par.queue<index>, %limit: index) -> index {
  %n = "par.queue_take_own"(%q, %limit) : (!par.queue<index>, index) -> index
  return %n : index
}
"#
        => r#"'par.queue_take_own' op must be inside a par.parallel"#;
    subgroup_reduce_xchg_does_not_combine_values:
        r#"func.func @f(%x: i64) {
  "par.parallel"() ({
    %s = "par.subgroup_reduce"(%x) <{kind = "xchg"}> : (i64) -> i64
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.subgroup_reduce' op 'xchg' does not combine values"#;
    subgroup_reduce_or_applies_to_integers_only_got_f64:
        r#"func.func @f(%x: f64) {
  "par.parallel"() ({
    %s = "par.subgroup_reduce"(%x) <{kind = "or"}> : (f64) -> f64
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.subgroup_reduce' op 'or' applies to integers only, got f64"#;
    subgroup_reduce_must_be_inside_a_par_parallel:
        r#"func.func @f(%x: i64) {
  %s = "par.subgroup_reduce"(%x) <{kind = "add"}> : (i64) -> i64
  return
}
"#
        => r#"'par.subgroup_reduce' op must be inside a par.parallel"#;
    lane_id_must_be_inside_a_par_parallel:
        r#"func.func @f() {
  %l = "par.lane_id"() : () -> index
  return
}
"#
        => r#"'par.lane_id' op must be inside a par.parallel"#;
    block_reduce_xchg_does_not_combine_values:
        r#"func.func @f(%x: i64) {
  "par.parallel"() ({
    %s = "par.block_reduce"(%x) <{kind = "xchg"}> : (i64) -> i64
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.block_reduce' op 'xchg' does not combine values"#;
    block_reduce_and_applies_to_integers_only_got_f32:
        r#"func.func @f(%x: f32) {
  "par.parallel"() ({
    %s = "par.block_reduce"(%x) <{kind = "and"}> : (f32) -> f32
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.block_reduce' op 'and' applies to integers only, got f32"#;
    block_reduce_result_must_be_i64_got_i32:
        r#"func.func @f(%x: i64) {
  "par.parallel"() ({
    %s = "par.block_reduce"(%x) <{kind = "add"}> : (i64) -> i32
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.block_reduce' op result must be i64, got i32"#;
    block_thread_id_must_be_inside_a_par_parallel:
        r#"func.func @f() -> index {
  %t = "par.block_thread_id"() : () -> index
  return %t : index
}
"#
        => r#"'par.block_thread_id' op must be inside a par.parallel"#;
    subgroup_scan_xchg_does_not_combine_values:
        r#"func.func @f(%x: i64) {
  "par.parallel"() ({
    %s = "par.subgroup_scan"(%x) <{kind = "xchg"}> : (i64) -> i64
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.subgroup_scan' op 'xchg' does not combine values"#;
    block_scan_must_be_inside_a_par_parallel:
        r#"func.func @f(%x: f64) -> f64 {
  %s = "par.block_scan"(%x) <{kind = "add"}> : (f64) -> f64
  return %s : f64
}
"#
        => r#"'par.block_scan' op must be inside a par.parallel"#;
    subgroup_shuffle_result_must_be_i64_got_f64:
        r#"func.func @f(%x: i64, %l: index) {
  "par.parallel"() ({
    %y = "par.subgroup_shuffle"(%x, %l) : (i64, index) -> f64
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.subgroup_shuffle' op result must be i64, got f64"#;
    shared_must_be_at_its_team_body_s_top:
        r#"func.func @f(%c: i1) {
  "par.parallel"() ({
    scf.if %c {
      %s = "par.shared"() <{size = 4 : i64}> : () -> !par.buf<i64>
    }
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.shared' op must be at its team body's top level, where every thread of a block makes it"#;
    shared_size_must_be_positive_got_0:
        r#"func.func @f() {
  "par.parallel"() ({
    %s = "par.shared"() <{size = 0 : i64}> : () -> !par.buf<i64>
    "par.yield"() : () -> ()
  }) : () -> ()
  return
}
"#
        => r#"'par.shared' op 'size' must be positive, got 0"#;
    par_shared_op:
        r#"func.func @f() {
  %s = "par.shared"() <{size = 4 : i64}> : () -> !par.buf<i64>
  return
}
"#
        => r#"'par.shared' op"#;
    store_writes_the_graph_s_array_out_targets_the:
        r#"func.func @f(%g: !graph.graph, %i: index, %x: i32) {
  %t = "par.graph_array"(%g) <{array = "out_targets"}> : (!graph.graph) -> !par.buf<i32>
  "par.store"(%x, %t, %i) : (i32, !par.buf<i32>, index) -> ()
  return
}
"#
        => r#"'par.store' op writes the graph's array 'out_targets': the graph is read-only"#;
    atomic_rmw_writes_the_graph_s_array_in_offsets:
        r#"func.func @f(%g: !graph.graph, %i: index) {
  %o = "par.graph_array"(%g) <{array = "in_offsets"}> : (!graph.graph) -> !par.buf<index>
  %old = "par.atomic_rmw"(%i, %o, %i) <{kind = "add"}> : (index, !par.buf<index>, index) -> index
  return
}
"#
        => r#"'par.atomic_rmw' op writes the graph's array 'in_offsets': the graph is read-only"#;
    cmpxchg_writes_the_graph_s_array_weights_the_graph:
        r#"func.func @f(%g: !graph.graph, %i: index, %w: i64) {
  %ws = "par.graph_array"(%g) <{array = "weights"}> : (!graph.graph) -> !par.buf<i64>
  %old, %ok = "par.cmpxchg"(%ws, %i, %w, %w) : (!par.buf<i64>, index, i64, i64) -> (i64, i1)
  return
}
"#
        => r#"'par.cmpxchg' op writes the graph's array 'weights': the graph is read-only"#;
}
