// REQUIRES: mlir-opt
// Every corpus program reads back its own custom form, prints in generic
// form, reads back in upstream MLIR and returns to the same custom form.
// Upstream MLIR treats unregistered
// operations as possible symbol tables, so it cannot resolve a func.call
// nested in a graph loop; its verifier is turned off for that reason.
// RUN: for a in bfs sssp sssp_delta cc cc_afforest pr pr_f32 tc tc_merge jaccard kclique4 kcore bc mst mis coloring widest lcc scc; do \
// RUN:   graph-opt %S/../../algorithms/$a.mlir > %t.$a.custom && \
// RUN:   graph-opt %t.$a.custom > %t.$a.again && diff %t.$a.custom %t.$a.again && \
// RUN:   graph-opt %S/../../algorithms/$a.mlir --mlir-print-op-generic | %mlir-opt --allow-unregistered-dialect --mlir-very-unsafe-disable-verifier-on-parsing --verify-each=false --mlir-print-op-generic | graph-opt > %t.$a.back && \
// RUN:   diff %t.$a.custom %t.$a.back || exit 1; \
// RUN: done
