// Graph colouring, Jones–Plassmann, on the graph taken as undirected: per
// node a colour, 0 and up, that no neighbour has. Every node has a fixed
// pseudo-random priority (a hash of its number, ties broken by the number).
// A node whose higher-priority neighbours all have colours takes the
// smallest colour none of them has. One loop per round does both the check
// and the colouring: a node reads its neighbours' colours while they may be
// storing them, so the loads and the store are `relaxed`. Whichever value
// a load sees, the result is the same: a neighbour the node waits for has
// its final colour once it has one, and a neighbour of lower priority
// waits for the node, so it has none yet. Per node its colour.

// Whether node a has a higher priority than node b.
func.func private @beats(%a: !graph.node, %b: !graph.node) -> i1 {
  %m = arith.constant -7046029254386353131 : i64
  %c29 = arith.constant 29 : i64
  %ai = graph.node_id %a
  %bi = graph.node_id %b
  %a64 = arith.index_cast %ai : index to i64
  %b64 = arith.index_cast %bi : index to i64
  %ha0 = arith.muli %a64, %m : i64
  %hb0 = arith.muli %b64, %m : i64
  %ha1 = arith.shrui %ha0, %c29 : i64
  %hb1 = arith.shrui %hb0, %c29 : i64
  %ha = arith.xori %ha0, %ha1 : i64
  %hb = arith.xori %hb0, %hb1 : i64
  %gt = arith.cmpi ugt, %ha, %hb : i64
  %eq = arith.cmpi eq, %ha, %hb : i64
  %lower = arith.cmpi ult, %a64, %b64 : i64
  %tie = arith.andi %eq, %lower : i1
  %r = arith.ori %gt, %tie : i1
  return %r : i1
}

// Whether v waits for neighbour u: u has a higher priority and no colour yet.
func.func private @waits_for(%colour: !graph.nprop<i64>, %v: !graph.node, %u: !graph.node) -> i1 {
  %none = arith.constant -1 : i64
  %cu = graph.load relaxed %colour[%u] : !graph.nprop<i64>
  %open = arith.cmpi eq, %cu, %none : i64
  %b = func.call @beats(%u, %v) : (!graph.node, !graph.node) -> i1
  %r = arith.andi %open, %b : i1
  return %r : i1
}

// Neighbour u's colour as a bit of the window of 64 colours from base
// (bit i: colour base + i); 0 if it has none there.
func.func private @window_bit(%colour: !graph.nprop<i64>, %u: !graph.node, %base: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i64
  %cu = graph.load relaxed %colour[%u] : !graph.nprop<i64>
  %off = arith.subi %cu, %base : i64
  %above = arith.cmpi sge, %cu, %base : i64
  %near = arith.cmpi slt, %off, %c64 : i64
  %in = arith.andi %above, %near : i1
  %shift = arith.select %in, %off, %c0 : i64
  %bit = arith.shli %c1, %shift : i64
  %r = arith.select %in, %bit, %c0 : i64
  return %r : i64
}

func.func @coloring(%g: !graph.graph) -> !graph.nprop<i64> {
  %none = arith.constant -1 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i64
  %all = arith.constant -1 : i64
  %true = arith.constant true
  %false = arith.constant false
  %colour = graph.new_node_prop %g, %none : !graph.nprop<i64>
  %left = graph.new_scalar %false : !graph.scalar<i1>
  graph.fixpoint {
    graph.store %false, %left : !graph.scalar<i1>
    graph.foreach %v in nodes(%g) {
      %cv = graph.load %colour[%v] : !graph.nprop<i64>
      %open = arith.cmpi eq, %cv, %none : i64
      scf.if %open {
        %ready = graph.new_scalar %true : !graph.scalar<i1>
        graph.foreach %u, %e in out_nbrs(%g, %v) {
          %w = func.call @waits_for(%colour, %v, %u) : (!graph.nprop<i64>, !graph.node, !graph.node) -> i1
          %keep = arith.xori %w, %true : i1
          graph.reduce and %keep, %ready : !graph.scalar<i1>
        }
        graph.foreach %u, %e in in_nbrs(%g, %v) {
          %w = func.call @waits_for(%colour, %v, %u) : (!graph.nprop<i64>, !graph.node, !graph.node) -> i1
          %keep = arith.xori %w, %true : i1
          graph.reduce and %keep, %ready : !graph.scalar<i1>
        }
        %r = graph.load %ready : !graph.scalar<i1>
        scf.if %r {
          // The smallest colour no neighbour has: the colours the
          // neighbours have, 64 at a time, then the lowest one missing.
          %found:2 = scf.while (%base = %c0) : (i64) -> (i64, i64) {
            %used = graph.new_scalar %c0 : !graph.scalar<i64>
            graph.foreach %u, %e in out_nbrs(%g, %v) {
              %b = func.call @window_bit(%colour, %u, %base) : (!graph.nprop<i64>, !graph.node, i64) -> i64
              graph.reduce or %b, %used : !graph.scalar<i64>
            }
            graph.foreach %u, %e in in_nbrs(%g, %v) {
              %b = func.call @window_bit(%colour, %u, %base) : (!graph.nprop<i64>, !graph.node, i64) -> i64
              graph.reduce or %b, %used : !graph.scalar<i64>
            }
            %mask = graph.load %used : !graph.scalar<i64>
            %full = arith.cmpi eq, %mask, %all : i64
            scf.condition(%full) %base, %mask : i64, i64
          } do {
          ^bb0(%base: i64, %mask: i64):
            %next = arith.addi %base, %c64 : i64
            scf.yield %next : i64
          }
          %i = scf.while (%i = %c0) : (i64) -> i64 {
            %bits = arith.shrui %found#1, %i : i64
            %bit = arith.andi %bits, %c1 : i64
            %taken = arith.cmpi ne, %bit, %c0 : i64
            scf.condition(%taken) %i : i64
          } do {
          ^bb0(%i: i64):
            %next = arith.addi %i, %c1 : i64
            scf.yield %next : i64
          }
          %c = arith.addi %found#0, %i : i64
          graph.store relaxed %c, %colour[%v] : !graph.nprop<i64>
        } else {
          graph.reduce or %true, %left : !graph.scalar<i1>
        }
      }
    }
    %again = graph.load %left : !graph.scalar<i1>
    graph.yield %again : i1
  }
  return %colour : !graph.nprop<i64>
}
