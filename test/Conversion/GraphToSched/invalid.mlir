// RUN: not graph-opt %s --convert-graph-to-sched --split-input-file 2>&1 | FileCheck %s
// RUN: not graph-opt %s --convert-graph-to-sched='mapping=grid' 2>&1 | FileCheck %s --check-prefix=OPTION

// OPTION: schedule entry 'mapping' must be "thread", "edge", "warp", "block", "edge-balanced" or "sequential", got "grid"

// CHECK: invalid.mlir:[[@LINE+3]]:5: error: illegal schedule: mapping 'thread' is illegal inside the parallel loop at {{.*}}invalid.mlir:[[@LINE+2]]:3: a nested loop runs on the enclosing thread ('sequential')
func.func @nested_parallel(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    } attributes {schedule = {mapping = "thread"}}
  }
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+4]]:3: error: illegal schedule: reduction 'privatize' is illegal: the scalar defined at {{.*}}invalid.mlir:[[@LINE+3]]:8 is used by 'graph.load' at {{.*}}invalid.mlir:[[@LINE+5]]:10, not only reduced
func.func @privatize_read(%g: !graph.graph) {
  %c0 = arith.constant 0 : i64
  %s = graph.new_scalar %c0 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    %x = graph.load %s : !graph.scalar<i64>
    graph.reduce add %x, %s : !graph.scalar<i64>
  } attributes {schedule = {reduction = "privatize"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+4]]:3: error: illegal schedule: reduction 'privatize' is illegal: the scalar defined at {{.*}} is reduced with a 'changed' result
func.func @privatize_changed(%g: !graph.graph) {
  %c0 = arith.constant 0 : i64
  %s = graph.new_scalar %c0 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    %ch = graph.reduce add %c0, %s : !graph.scalar<i64> -> i1
  } attributes {schedule = {reduction = "privatize"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+4]]:3: error: illegal schedule: reduction 'privatize' is illegal: the scalar defined at {{.*}} is reduced with two kinds
func.func @privatize_two_kinds(%g: !graph.graph) {
  %c0 = arith.constant 0 : i64
  %s = graph.new_scalar %c0 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    graph.reduce add %c0, %s : !graph.scalar<i64>
    graph.reduce max %c0, %s : !graph.scalar<i64>
  } attributes {schedule = {reduction = "privatize"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: mapping 'edge' needs a body of operations that only read and one neighbour loop; 'graph.store' at {{.*}} has effects
func.func @edge_with_effects(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    %c0 = arith.constant 0 : i64
    graph.store %c0, %p[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {mapping = "edge"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: mapping 'edge' needs the inner loop at {{.*}} to run over out_nbrs or out_edges or in_nbrs or in_edges of the outer node
func.func @edge_other_node(%g: !graph.graph, %w: !graph.node) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in in_nbrs(%g, %w) {
    }
  } attributes {schedule = {mapping = "edge"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: mapping 'edge' would give the outer node's element several writers: the store at {{.*}}invalid.mlir:[[@LINE+5]]:7 has one writer per node, not per edge
func.func @edge_store_outer(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in in_nbrs(%g, %v) {
      %c1 = arith.constant 1 : i64
      graph.store %c1, %p[%v] : !graph.nprop<i64>
    }
  } attributes {schedule = {mapping = "edge"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: mapping 'edge' needs a loop over nodes(...)
func.func @edge_on_edges(%g: !graph.graph) {
  graph.foreach %e in edges(%g) {
  } attributes {schedule = {mapping = "edge"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: unknown schedule entry 'tile', expected one of: mapping, dist, chunk, reduction, direction, frontier, pushes
func.func @unknown_entry(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  } attributes {schedule = {tile = 4}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'chunk' must be an integer from 1 to 4294967295, got 0
func.func @zero_chunk(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  } attributes {schedule = {chunk = 0}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: mapping 'thread' is illegal in a function called from a parallel loop
func.func private @helper(%g: !graph.graph, %v: !graph.node) {
  graph.foreach %u, %e in out_nbrs(%g, %v) {
  } attributes {schedule = {mapping = "thread"}}
  return
}
func.func @caller(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    func.call @helper(%g, %v) : (!graph.graph, !graph.node) -> ()
  }
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'direction' must be "push", "pull" or "hybrid", got "sideways"
func.func @bad_direction(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  } attributes {schedule = {direction = "sideways"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: direction 'pull' runs each target node on one thread; it does not combine with mapping 'edge'
func.func @pull_edge(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {direction = "pull", mapping = "edge"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: direction 'pull' needs a body of operations that only read and one neighbour loop; 'graph.reduce' at {{.*}} has effects
func.func @pull_writes(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    %c1 = arith.constant 1 : i64
    graph.reduce add %c1, %p[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {direction = "pull"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: direction 'pull' needs a loop over nodes(...) or over the items of a worklist of nodes
func.func @pull_edges(%g: !graph.graph) {
  graph.foreach %e in edges(%g) {
  } attributes {schedule = {direction = "pull"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+3]]:3: error: illegal schedule: direction 'pull' over a worklist needs frontier 'bitmap': each source is tested for membership
func.func @pull_sparse(%g: !graph.graph) {
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {direction = "pull", frontier = "sparse"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+3]]:3: error: illegal schedule: frontier 'bitmap' needs a worklist made by 'graph.new_worklist ... unique' in the same function: a bitmap holds each item once
func.func @bitmap_duplicates(%g: !graph.graph) {
  %wl = graph.new_worklist %g : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
  } attributes {schedule = {frontier = "bitmap"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+5]]:3: error: illegal schedule: frontier 'bitmap' cannot hold the items of an ordered worklist: its rounds come from its buckets
func.func @bitmap_ordered(%g: !graph.graph, %delta: i64) {
  %c0 = arith.constant 0 : i64
  %key = graph.new_node_prop %g, %c0 : !graph.nprop<i64>
  %wl = graph.new_ordered_worklist %g, %key, %delta : !graph.nprop<i64> -> !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
  } attributes {schedule = {frontier = "bitmap"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: frontier 'bitmap' needs a loop over the items of a worklist
func.func @bitmap_nodes(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  } attributes {schedule = {frontier = "bitmap"}}
  return
}

// -----

// A pulled worklist loop scans a bitmap, which needs a unique worklist.
// CHECK: invalid.mlir:[[@LINE+3]]:3: error: illegal schedule: frontier 'bitmap' needs a worklist made by 'graph.new_worklist ... unique'
func.func @pull_duplicates(%g: !graph.graph) {
  %wl = graph.new_worklist %g : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {direction = "pull"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: direction 'hybrid' needs a loop over the items of a worklist of nodes: it chooses per round by the round's size
func.func @hybrid_nodes(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {direction = "hybrid"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+3]]:3: error: illegal schedule: direction 'hybrid' pulls over a bitmap: frontier 'bitmap' needs a worklist made by 'graph.new_worklist ... unique'
func.func @hybrid_duplicates(%g: !graph.graph) {
  %wl = graph.new_worklist %g : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {direction = "hybrid"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+3]]:3: error: illegal schedule: direction 'hybrid' needs a body of operations that only read and one neighbour loop; 'graph.store' at {{.*}} has effects
func.func @hybrid_writes(%g: !graph.graph, %p: !graph.nprop<i64>) {
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    %c0 = arith.constant 0 : i64
    graph.store %c0, %p[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {direction = "hybrid"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+3]]:3: error: illegal schedule: schedule entry 'beta' applies to direction 'hybrid' only
func.func @beta_without_hybrid(%g: !graph.graph) {
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
  } attributes {schedule = {direction = "push", beta = 4}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'alpha' must be an integer from 1 to 4294967295, got 0
func.func @alpha_zero(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  } attributes {schedule = {alpha = 0}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'split' needs a loop without a filter
func.func @split_filtered(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) where {
    %t = arith.constant true
    graph.yield %t : i1
  } do {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {split = 64}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'split' would give the outer node's element several writers: the store at {{.*}}invalid.mlir:[[@LINE+5]]:7 has one writer per node, not per thread sharing the node
func.func @split_store(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %c0 = arith.constant 0 : i64
      graph.store %c0, %p[%v] : !graph.nprop<i64>
    }
  } attributes {schedule = {split = 64}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+3]]:3: error: illegal schedule: schedule entry 'split' needs frontier 'sparse': the round's nodes are read from its list
func.func @split_bitmap(%g: !graph.graph) {
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {split = 64, frontier = "bitmap"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'split' must be an integer from 0 to 4294967295, got -1
func.func @split_negative(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  } attributes {schedule = {split = -1}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'split' needs the scalar made at {{.*}}invalid.mlir:[[@LINE+3]]:12 reduced with one kind in the neighbour loop (without 'changed') and read only after it; 'graph.load' at {{.*}}invalid.mlir:[[@LINE+4]]:11 does otherwise
func.func @split_read_before(%g: !graph.graph, %p: !graph.nprop<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    %sum = graph.new_scalar %x : !graph.scalar<i64>
    %s0 = graph.load %sum : !graph.scalar<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce add %s0, %sum : !graph.scalar<i64>
    }
  } attributes {schedule = {split = 64}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'split' needs the scalar made at {{.*}} reduced with one kind in the neighbour loop (without 'changed') and read only after it; 'graph.reduce' at {{.*}}invalid.mlir:[[@LINE+6]]:7 does otherwise
func.func @split_two_kinds(%g: !graph.graph, %p: !graph.nprop<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    %sum = graph.new_scalar %x : !graph.scalar<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      graph.reduce add %x, %sum : !graph.scalar<i64>
      graph.reduce max %x, %sum : !graph.scalar<i64>
    }
    %s = graph.load %sum : !graph.scalar<i64>
    graph.store %s, %p[%v] : !graph.nprop<i64>
  } attributes {schedule = {split = 64}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'split' needs operations that only read (or make scalars) before the neighbour loop; 'graph.store' at {{.*}}invalid.mlir:[[@LINE+3]]:5 has effects
func.func @split_write_before(%g: !graph.graph, %p: !graph.nprop<i64>, %x: i64) {
  graph.foreach %v in nodes(%g) {
    graph.store %x, %p[%v] : !graph.nprop<i64>
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {split = 64}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'split' needs operations that only read (or make scalars) before the neighbour loop; 'func.call' at {{.*}}invalid.mlir:[[@LINE+3]]:10 has effects
func.func @split_call_writes(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    %u = func.call @mark(%p, %v) : (!graph.nprop<i64>, !graph.node) -> !graph.node
    graph.foreach %w, %e in out_nbrs(%g, %u) {
    }
  } attributes {schedule = {split = 64}}
  return
}
func.func private @mark(%p: !graph.nprop<i64>, %v: !graph.node) -> !graph.node {
  %c1 = arith.constant 1 : i64
  graph.store %c1, %p[%v] : !graph.nprop<i64>
  return %v : !graph.node
}


// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: mapping 'warp' needs a neighbour loop in the body
func.func @warp_no_inner(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
  } attributes {schedule = {mapping = "warp"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: mapping 'warp' would give the outer node's element several writers: the store at {{.*}}invalid.mlir:[[@LINE+5]]:7 has one writer per node, not per thread sharing the node
func.func @warp_store(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %c0 = arith.constant 0 : i64
      graph.store %c0, %p[%v] : !graph.nprop<i64>
    }
  } attributes {schedule = {mapping = "warp"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+4]]:3: error: illegal schedule: mapping 'warp' needs no reductions into scalars made outside the loop; the scalar defined at {{.*}}invalid.mlir:[[@LINE+3]]:8 is one
func.func @warp_shared_sum(%g: !graph.graph) -> i64 {
  %c0 = arith.constant 0 : i64
  %s = graph.new_scalar %c0 : !graph.scalar<i64>
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %c1 = arith.constant 1 : i64
      graph.reduce add %c1, %s : !graph.scalar<i64>
    }
  } attributes {schedule = {mapping = "warp"}}
  %r = graph.load %s : !graph.scalar<i64>
  return %r : i64
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: mapping 'edge-balanced' needs a loop without a filter
func.func @balanced_filter(%g: !graph.graph, %p: !graph.nprop<i1>) {
  graph.foreach %v in nodes(%g) where {
    %b = graph.load %p[%v] : !graph.nprop<i1>
    graph.yield %b : i1
  } do {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {mapping = "edge-balanced"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: mapping 'block' would give the outer node's element several writers: the store at {{.*}}invalid.mlir:[[@LINE+5]]:7 has one writer per node, not per thread sharing the node
func.func @block_store(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
      %c0 = arith.constant 0 : i64
      graph.store %c0, %p[%v] : !graph.nprop<i64>
    }
  } attributes {schedule = {mapping = "block"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+3]]:3: error: illegal schedule: mapping 'warp' walks each round pushed; direction 'hybrid' pulls some
func.func @warp_hybrid(%g: !graph.graph) {
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {mapping = "warp", direction = "hybrid"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'block' needs mapping 'thread', not 'block'
func.func @block_tier_on_blocks(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {mapping = "block", block = 32}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'warp' needs mapping 'thread', not 'warp'
func.func @warp_tier_on_warps(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in out_nbrs(%g, %v) {
    }
  } attributes {schedule = {mapping = "warp", warp = 32}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'segments' of 1 is the plain walk: write 0, or 2 or more
func.func @one_segment(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in in_nbrs(%g, %v) {
    }
  } attributes {schedule = {segments = 1}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'segments' does not combine with 'split': each pass walks a node's part of its list on one thread
func.func @segments_split(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in in_nbrs(%g, %v) {
    }
  } attributes {schedule = {segments = 4, split = 64}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'segments' needs mapping 'thread', not 'warp'
func.func @segments_on_warps(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in in_nbrs(%g, %v) {
    }
  } attributes {schedule = {segments = 4, mapping = "warp"}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+4]]:5: error: illegal schedule: schedule entry 'segments' needs a loop over nodes(...)
func.func @segments_over_items(%g: !graph.graph) {
  %wl = graph.new_worklist %g unique : !graph.worklist<!graph.node>
  graph.iterate %wl : !graph.worklist<!graph.node> {
    graph.foreach %v in items(%wl : !graph.worklist<!graph.node>) {
      graph.foreach %u, %e in in_nbrs(%g, %v) {
      }
    } attributes {schedule = {segments = 2}}
  }
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'segments' needs the inner loop at {{.*}}invalid.mlir:[[@LINE+3]]:5 to run over in_nbrs or out_nbrs of the outer node, in the outer loop's graph
func.func @segments_over_edges(%g: !graph.graph, %p: !graph.nprop<i64>) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %e in in_edges(%g, %v) {
      %w = graph.weight %g, %e
      graph.reduce add %w, %p[%v] : !graph.nprop<i64>
    }
  } attributes {schedule = {segments = 2}}
  return
}

// -----

// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'segments' must be an integer from 0 to 64, got -2
func.func @segments_negative(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in in_nbrs(%g, %v) {
    }
  } attributes {schedule = {segments = -2}}
  return
}

// -----

// Each segment is a pass of its own in the lowered code: at most 64.
// CHECK: invalid.mlir:[[@LINE+2]]:3: error: illegal schedule: schedule entry 'segments' must be an integer from 0 to 64, got 65
func.func @segments_too_many(%g: !graph.graph) {
  graph.foreach %v in nodes(%g) {
    graph.foreach %u, %e in in_nbrs(%g, %v) {
    }
  } attributes {schedule = {segments = 65}}
  return
}
