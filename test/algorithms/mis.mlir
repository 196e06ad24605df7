// Maximal independent set, Luby-style rounds on the graph taken as
// undirected. Every node has a fixed pseudo-random priority (a hash of its
// number, ties broken by the number). In a round, an undecided node whose
// priority beats every undecided neighbour joins the set; then undecided
// neighbours of set members leave. Per node 1 if in the set, else 0.

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

func.func @mis(%g: !graph.graph) -> !graph.nprop<i64> {
  %undecided = arith.constant 0 : i64
  %in = arith.constant 1 : i64
  %out = arith.constant 2 : i64
  %true = arith.constant true
  %false = arith.constant false
  %state = graph.new_node_prop %g, %undecided : !graph.nprop<i64>
  %flag = graph.new_node_prop %g, %false : !graph.nprop<i1>
  %left = graph.new_scalar %false : !graph.scalar<i1>
  graph.fixpoint {
    // Winners: beat every undecided neighbour.
    graph.foreach %v in nodes(%g) {
      %s = graph.load %state[%v] : !graph.nprop<i64>
      %open = arith.cmpi eq, %s, %undecided : i64
      %best = graph.new_scalar %open : !graph.scalar<i1>
      graph.foreach %u, %e in out_nbrs(%g, %v) {
        %lost = func.call @loses_to(%g, %state, %v, %u) : (!graph.graph, !graph.nprop<i64>, !graph.node, !graph.node) -> i1
        %keep = arith.xori %lost, %true : i1
        graph.reduce and %keep, %best : !graph.scalar<i1>
      }
      graph.foreach %u, %e in in_nbrs(%g, %v) {
        %lost = func.call @loses_to(%g, %state, %v, %u) : (!graph.graph, !graph.nprop<i64>, !graph.node, !graph.node) -> i1
        %keep = arith.xori %lost, %true : i1
        graph.reduce and %keep, %best : !graph.scalar<i1>
      }
      %b = graph.load %best : !graph.scalar<i1>
      graph.store %b, %flag[%v] : !graph.nprop<i1>
    }
    graph.foreach %v in nodes(%g) {
      %b = graph.load %flag[%v] : !graph.nprop<i1>
      scf.if %b {
        graph.store %in, %state[%v] : !graph.nprop<i64>
      }
    }
    // Losers: undecided nodes next to a member.
    graph.foreach %v in nodes(%g) {
      %s = graph.load %state[%v] : !graph.nprop<i64>
      %open = arith.cmpi eq, %s, %undecided : i64
      %near = graph.new_scalar %false : !graph.scalar<i1>
      scf.if %open {
        graph.foreach %u, %e in out_nbrs(%g, %v) {
          %su = graph.load %state[%u] : !graph.nprop<i64>
          %m = arith.cmpi eq, %su, %in : i64
          graph.reduce or %m, %near : !graph.scalar<i1>
        }
        graph.foreach %u, %e in in_nbrs(%g, %v) {
          %su = graph.load %state[%u] : !graph.nprop<i64>
          %m = arith.cmpi eq, %su, %in : i64
          graph.reduce or %m, %near : !graph.scalar<i1>
        }
      }
      %n = graph.load %near : !graph.scalar<i1>
      graph.store %n, %flag[%v] : !graph.nprop<i1>
    }
    graph.store %false, %left : !graph.scalar<i1>
    graph.foreach %v in nodes(%g) {
      %n = graph.load %flag[%v] : !graph.nprop<i1>
      scf.if %n {
        graph.store %out, %state[%v] : !graph.nprop<i64>
      }
      %s = graph.load %state[%v] : !graph.nprop<i64>
      %open = arith.cmpi eq, %s, %undecided : i64
      graph.reduce or %open, %left : !graph.scalar<i1>
    }
    %again = graph.load %left : !graph.scalar<i1>
    graph.yield %again : i1
  }
  graph.foreach %v in nodes(%g) {
    %s = graph.load %state[%v] : !graph.nprop<i64>
    %member = arith.cmpi eq, %s, %in : i64
    %r = arith.select %member, %in, %undecided : i64
    graph.store %r, %state[%v] : !graph.nprop<i64>
  }
  return %state : !graph.nprop<i64>
}

// Whether v loses against neighbour u: u is another undecided node with a higher priority.
func.func private @loses_to(%g: !graph.graph, %state: !graph.nprop<i64>, %v: !graph.node, %u: !graph.node) -> i1 {
  %undecided = arith.constant 0 : i64
  %su = graph.load %state[%u] : !graph.nprop<i64>
  %open = arith.cmpi eq, %su, %undecided : i64
  %vi = graph.node_id %v
  %ui = graph.node_id %u
  %other = arith.cmpi ne, %vi, %ui : index
  %b = func.call @beats(%u, %v) : (!graph.node, !graph.node) -> i1
  %x = arith.andi %open, %other : i1
  %r = arith.andi %x, %b : i1
  return %r : i1
}
