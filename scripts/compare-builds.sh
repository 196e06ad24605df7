#!/usr/bin/env bash
# Compares two builds of the tools, interleaved run by run on this machine:
# compile time of each corpus program (graph-opt --target=cpu --emit=obj),
# interpreter time and CPU kernel time of BFS and PageRank (graph-run
# --time). Prints a Markdown table of medians and minimums (seconds) and the
# ratio after / before of the medians.
# Usage: scripts/compare-builds.sh BEFORE-BIN-DIR AFTER-BIN-DIR [RUNS]
#   e.g. scripts/compare-builds.sh /tmp/old/target/release target/release 5
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:?before: a directory with graph-opt and graph-run}
after=${2:?after: a directory with graph-opt and graph-run}
runs=${3:-5}
for d in "$before" "$after"; do
  for t in graph-opt graph-run; do
    [ -x "$d/$t" ] || { echo "compare-builds: no $d/$t" >&2; exit 1; }
  done
done
graph=gen:kron:scale=14,degree=16,seed=1
seconds() { # COMMAND...: wall seconds of one run (output discarded)
  local t0 t1
  t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || { echo "compare-builds: failed: $*" >&2; exit 1; }; t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}
kernel() { # GRAPH-RUN ARGS...: the median time graph-run --time reports
  "$@" --time 2>&1 >/dev/null | awk '$1 == "time:" { print $2 }'
}
stats() { # values on stdin: "median min"
  sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.4f %.4f", m, v[1] }'
}
row() { # LABEL BEFORE-VALUES AFTER-VALUES
  read -r bm bn <<<"$(tr ' ' '\n' <<<"$2" | grep . | stats)"
  read -r am an <<<"$(tr ' ' '\n' <<<"$3" | grep . | stats)"
  printf '| %s | %s | %s | %s | %s | %.2f |\n' "$1" "$bm" "$bn" "$am" "$an" "$(echo "$am / $bm" | bc -l)"
}
echo "# $runs runs each, interleaved; seconds"
echo "| measurement | before median | before min | after median | after min | after / before |"
echo "|---|---|---|---|---|---|"
for f in test/algorithms/*.mlir; do
  b=""; a=""
  for _ in $(seq "$runs"); do
    b+=" $(seconds "$before/graph-opt" "$f" --target=cpu --emit=obj -o /dev/null)"
    a+=" $(seconds "$after/graph-opt" "$f" --target=cpu --emit=obj -o /dev/null)"
  done
  row "compile $(basename "$f" .mlir)" "$b" "$a"
done
for backend in interp cpu; do
  for p in "bfs 0" "pr 10 0.85"; do
    read -r name args <<<"$p"
    b=""; a=""
    for _ in $(seq "$runs"); do
      # shellcheck disable=SC2086
      b+=" $(kernel "$before/graph-run" test/algorithms/$name.mlir --graph $graph --symmetrize --simplify --entry $name --backend $backend $args)"
      # shellcheck disable=SC2086
      a+=" $(kernel "$after/graph-run" test/algorithms/$name.mlir --graph $graph --symmetrize --simplify --entry $name --backend $backend $args)"
    done
    row "$backend $name (kron-14)" "$b" "$a"
  done
done
