#!/usr/bin/env bash
# Operation counts of the corpus at each level, lowered without and with the
# optimizing passes of the default pipeline (print-op-stats), and LLVM IR
# instructions after LLVM's O3: two Markdown tables on standard output.
# Usage: scripts/op-counts.sh [GRAPH-OPT]   (default target/release/graph-opt)
set -euo pipefail
cd "$(dirname "$0")/.."
opt=${1:-target/release/graph-opt}
count() { # FILE PIPELINE-BODY [OP-NAME]: how many ops (of that name) the pipeline leaves
  "$opt" "$1" --pass-pipeline="builtin.module($2${2:+,}print-op-stats)" -o /dev/null 2>&1 |
    awk -v name="${3:-total}" '$1 == name { n = $3 } END { print n + 0 }'
}
instructions() { # FILE PIPELINE-BODY: LLVM IR instructions after O3
  "$opt" "$1" --pass-pipeline="builtin.module($2)" --emit llvm --opt-level 3 |
    grep -cE '^\s+(%[-._a-zA-Z0-9]+ = |store |br |ret |call |tail call |fence |switch |unreachable)'
}
lower='convert-graph-to-sched,convert-sched-to-par'
full="canonicalize,$lower,canonicalize,cse,func.func(par-eliminate-bool-atomics,egraph-simplify)"
echo "| program | graph | graph, canonicalized | sched | sched, canonicalized first | par | + canonicalize | + cse | + par-eliminate-bool-atomics | + egraph-simplify (default pipeline) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for f in test/algorithms/*.mlir; do
  row="| $(basename "$f" .mlir) | $(count "$f" '') | $(count "$f" canonicalize)"
  row+=" | $(count "$f" convert-graph-to-sched) | $(count "$f" canonicalize,convert-graph-to-sched)"
  row+=" | $(count "$f" "$lower")"
  row+=" | $(count "$f" "canonicalize,$lower,canonicalize")"
  row+=" | $(count "$f" "canonicalize,$lower,canonicalize,cse")"
  row+=" | $(count "$f" "canonicalize,$lower,canonicalize,cse,func.func(par-eliminate-bool-atomics)")"
  row+=" | $(count "$f" "$full") |"
  echo "$row"
done
echo
echo "| program | teams (par.parallel) | atomic read-modify-writes | LLVM IR instructions after O3 |"
echo "|---|---|---|---|"
for f in test/algorithms/*.mlir; do
  row="| $(basename "$f" .mlir)"
  for op in par.parallel par.atomic_rmw; do
    row+=" | $(count "$f" "$lower" $op) → $(count "$f" "$full" $op)"
  done
  row+=" | $(instructions "$f" "$lower") → $(instructions "$f" "$full") |"
  echo "$row"
done
